"""Offline embeddings and token counting."""

from contextos.embeddings.minilm import DIMENSION, MODEL_NAME, MiniLMEmbedding, default_embedder
from contextos.embeddings.tokens import count_tokens

__all__ = ["DIMENSION", "MODEL_NAME", "MiniLMEmbedding", "count_tokens", "default_embedder"]
