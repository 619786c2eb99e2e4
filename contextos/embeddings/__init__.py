"""Offline embeddings and token counting.

Imports are lazy: the embedding model pulls in llama-index-core and onnxruntime, which a CLI
command that never embeds should not pay for.
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
    "MiniLMEmbedding",
    "count_tokens",
    "default_embedder",
    "local_embedder",
    "openai_embedder",
]


def __getattr__(name: str) -> Any:
    if name in ("DIMENSION", "MODEL_NAME", "MiniLMEmbedding", "default_embedder"):
        from contextos.embeddings import minilm

        return getattr(minilm, name)
    raise AttributeError(name)
