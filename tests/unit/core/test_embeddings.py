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


def test_length_batches_hold_one_length_each_and_every_text_once():
    from contextos.embeddings.minilm import length_batches

    lengths = [5, 3, 5, 9, 5, 3, 5]
    batches = length_batches(lengths, batch_size=3)
    assert sorted(i for b in batches for i in b) == list(range(len(lengths)))
    assert all(len({lengths[i] for i in b}) == 1 for b in batches)
    assert max(len(b) for b in batches) == 3
    assert [lengths[b[0]] for b in batches] == [3, 5, 5, 9]


def test_mixed_lengths_in_small_batches_match_one_at_a_time_and_long_texts_are_cut():
    from contextos.embeddings.minilm import shared_model

    model = shared_model()
    texts = ["my sister moved to Lisbon", "ok", "we chose Postgres " * 60, "my brother too", ""]
    batch = model.encode(texts, batch_size=2)
    single = np.stack([model.encode([t])[0] for t in texts])
    assert np.allclose(batch, single, atol=1e-4)
    assert np.allclose(np.linalg.norm(batch, axis=1), 1.0, atol=1e-4)
    # beyond 128 word pieces the text is cut: more of the same repetition changes nothing
    assert np.allclose(model.encode(["we chose Postgres " * 90])[0], batch[2], atol=1e-4)
