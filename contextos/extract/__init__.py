"""extract stage: extractors turn conversation windows into grounded candidates.

``LocalExtractor`` (name ``"local"``) runs offline: spaCy parse + rule tables + optional MiniLM.
``GraphExtractor`` is the local extractor as a LlamaIndex ``TransformComponent`` (loaded on
first use: it imports llama-index-core).
"""

from typing import Any

from contextos.extract.base import Extractor
from contextos.extract.local import LocalExtractor

__all__ = ["Extractor", "GraphExtractor", "LocalExtractor"]


def __getattr__(name: str) -> Any:
    if name == "GraphExtractor":
        from contextos.extract.llamaindex import GraphExtractor

        return GraphExtractor
    raise AttributeError(name)
