"""Offline embeddings and token counting.

Imports are lazy: the embedding model pulls in onnxruntime (and its LlamaIndex form
llama-index-core), which a CLI command that never embeds should not pay for.
"""

from __future__ import annotations

from typing import Any

from contextos.embeddings.embedder import (
    Embedder,
    LlamaIndexEmbedder,
    local_embedder,
    openai_embedder,
)
from contextos.embeddings.tokens import count_tokens

__all__ = [
    "DIMENSION",
    "MODEL_NAME",
    "Embedder",
    "LlamaIndexEmbedder",
    "MiniLM",
    "MiniLMEmbedding",
    "count_tokens",
    "default_embedder",
    "local_embedder",
    "openai_embedder",
]


def __getattr__(name: str) -> Any:
    if name in ("DIMENSION", "MODEL_NAME", "MiniLM", "default_embedder"):
        from contextos.embeddings import minilm

        return getattr(minilm, name)
    if name == "MiniLMEmbedding":
        from contextos.embeddings.minilm_llamaindex import MiniLMEmbedding

        return MiniLMEmbedding
    raise AttributeError(name)
