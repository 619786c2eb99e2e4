"""The embedder interface, the offline default, and hosted models through LlamaIndex.

An embedder turns texts into L2-normalised vectors. The graph records which model embedded its
facts (name and dimension): opening it with another model is refused, because vectors of two
models cannot be compared.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np

from contextos.errors import ConfigError

__all__ = ["Embedder", "LlamaIndexEmbedder", "local_embedder", "openai_embedder"]


@runtime_checkable
class Embedder(Protocol):
    model_name: str

    @property
    def dimension(self) -> int: ...

    def embed_texts(self, texts: list[str]) -> np.ndarray: ...


class LlamaIndexEmbedder:
    """Any LlamaIndex ``BaseEmbedding`` (OpenAI, Ollama, ...) as a contextos embedder."""

    def __init__(self, model: Any, dimension: int, model_name: str) -> None:
        self.model = model
        self._dimension = dimension
        self.model_name = model_name

    @property
    def dimension(self) -> int:
        return self._dimension

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self._dimension), dtype=np.float32)
        try:
            vectors = np.asarray(self.model.get_text_embedding_batch(list(texts)), np.float32)
        except Exception as exc:  # the hosted API's errors, wrapped where they enter
            raise ConfigError(f"embedding with {self.model_name} failed: {exc}") from exc
        if vectors.shape != (len(texts), self._dimension):
            raise ConfigError(
                f"{self.model_name} returned vectors of shape {vectors.shape}, "
                f"expected ({len(texts)}, {self._dimension})"
            )
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.clip(norms, 1e-12, None)


def local_embedder() -> Embedder:
    """The offline default: all-MiniLM-L6-v2 (int8 ONNX), 384 dimensions."""
    from contextos.embeddings.minilm import default_embedder

    return default_embedder()


def openai_embedder(
    api_key: str,
    model: str = "text-embedding-3-small",
    dimension: int = 1536,
    *,
    api_base: str | None = None,
    http_client: Any = None,
) -> LlamaIndexEmbedder:
    """OpenAI embeddings through ``llama-index-embeddings-openai`` (``pip install
    'contextos[openai]'``). ``http_client`` (an ``httpx.Client``) is the transport seam."""
    if not api_key:
        raise ConfigError("OpenAI embeddings need an API key (CONTEXTOS_OPENAI_API_KEY)")
    try:
        from llama_index.embeddings.openai import OpenAIEmbedding
    except ImportError as exc:
        raise ConfigError(
            "OpenAI embeddings need the 'openai' extra: pip install 'contextos[openai]'"
        ) from exc
    kwargs: dict[str, Any] = {"model": model, "api_key": api_key, "max_retries": 2}
    if model.startswith("text-embedding-3"):
        kwargs["dimensions"] = dimension
    if api_base:
        kwargs["api_base"] = api_base
    if http_client is not None:
        kwargs["http_client"] = http_client
    return LlamaIndexEmbedder(OpenAIEmbedding(**kwargs), dimension, f"openai/{model}")
