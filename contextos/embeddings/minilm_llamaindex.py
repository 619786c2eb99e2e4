"""The offline MiniLM model (``minilm.py``) as a LlamaIndex ``BaseEmbedding``, for LlamaIndex
components given ``embed_model=`` (a ``PropertyGraphIndex``, ``VectorContextRetriever``, the
``contextos.llamaindex`` adapters). Vectors are the ones contextos stores."""

from __future__ import annotations

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding

from contextos.embeddings.minilm import DIMENSION, MODEL_NAME, shared_model

__all__ = ["MiniLMEmbedding"]


class MiniLMEmbedding(BaseEmbedding):
    """Offline all-MiniLM-L6-v2 embeddings (384 dimensions, cosine)."""

    model_name: str = MODEL_NAME
    embed_batch_size: int = 32

    @classmethod
    def class_name(cls) -> str:
        return "ContextOSMiniLMEmbedding"

    @property
    def dimension(self) -> int:
        return DIMENSION

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        """Embed many texts at once: an ``(n, 384)`` float32 array of unit vectors."""
        return shared_model().encode(list(texts), batch_size=self.embed_batch_size)

    def _get_query_embedding(self, query: str) -> list[float]:
        return self.embed_texts([query])[0].tolist()

    def _get_text_embedding(self, text: str) -> list[float]:
        return self.embed_texts([text])[0].tolist()

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return self.embed_texts(texts).tolist()

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)

    async def _aget_text_embedding(self, text: str) -> list[float]:
        return self._get_text_embedding(text)
