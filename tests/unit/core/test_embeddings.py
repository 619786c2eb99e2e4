import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding

from contextos.embeddings import DIMENSION, MiniLMEmbedding, count_tokens, default_embedder
from contextos.embeddings.tokens import truncate_to_tokens


def test_offline_minilm_is_a_llamaindex_embedding_with_unit_vectors():
    emb = MiniLMEmbedding()
    assert isinstance(emb, BaseEmbedding)
    vec = emb.get_text_embedding("I love trail running")
    assert len(vec) == DIMENSION
    assert abs(np.linalg.norm(vec) - 1.0) < 1e-4


def test_similar_sentences_are_closer_than_unrelated_ones():
    v = default_embedder().embed_texts(
        [
            "I love trail running",
            "Running on mountain trails is my favourite hobby",
            "The invoice service uses PostgreSQL",
        ]
    )
    assert v[0] @ v[1] > 0.5 > v[0] @ v[2]


def test_batch_order_and_padding_do_not_change_vectors():
    e = default_embedder()
    texts = ["short", "a considerably longer sentence about databases and migrations", "mid one"]
    batch = e.embed_texts(texts)
    single = np.stack([e.embed_texts([t])[0] for t in texts])
    assert np.allclose(batch, single, atol=1e-4)
    assert e.embed_texts([]).shape == (0, DIMENSION)


def test_token_counting_is_offline_cl100k():
    assert count_tokens("hello world") == 2
    assert count_tokens(truncate_to_tokens("one two three four five", 2)) == 2
