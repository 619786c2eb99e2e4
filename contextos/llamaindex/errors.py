"""The errors of the LlamaIndex adapters (both under :class:`ContextOSError`)."""

from __future__ import annotations

from contextos.errors import ContextOSError

__all__ = ["UnsupportedWrite", "WriteQueryRefused"]

#: Where a write belongs instead, quoted by both errors.
WRITE_PATHS = (
    "text enters contextos through ContextOS.ingest(), ContextOSGraphStore.upsert_llama_nodes() "
    "(index.insert with kg_extractors=[PipelineExtractor()]) or ContextOSMemoryBlock, which "
    "extract, validate, resolve and supersede; ContextOS.forget(user) deletes a user's graph"
)


class UnsupportedWrite(ContextOSError):
    """A LlamaIndex write that would go around contextos's pipeline (an entity or relation
    without the turn it was said in, a delete of one fact)."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(
            f"{what}: contextos does not take graph elements from outside; {WRITE_PATHS}"
        )


class WriteQueryRefused(ContextOSError):
    """A ``structured_query`` that would write: the store's Cypher is read-only."""

    def __init__(self, clause: str) -> None:
        self.clause = clause
        super().__init__(
            f"structured_query is read-only and {clause!r} writes to the graph; {WRITE_PATHS}"
        )
