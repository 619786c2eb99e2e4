"""contextos inside a plain LlamaIndex app.

* :class:`ContextOSGraphStore` — a ``PropertyGraphStore`` over one user's contextos graph, for
  ``PropertyGraphIndex.from_existing(property_graph_store=...)``;
* :class:`ContextOSRetriever` — a sub-retriever returning contextos's budgeted context;
* :class:`ContextOSMemoryBlock` — a ``BaseMemoryBlock`` for LlamaIndex's ``Memory``;
* :class:`PipelineExtractor` — the ``kg_extractors`` entry for ``index.insert`` into the store;
* :class:`GraphExtractor` — the local extractor as a ``TransformComponent`` for any
  ``PropertyGraphIndex`` (from :mod:`contextos.extract`).

See docs/llamaindex.md.
"""

from contextos.extract import GraphExtractor
from contextos.llamaindex.errors import UnsupportedWrite, WriteQueryRefused
from contextos.llamaindex.graph_store import ContextOSGraphStore, PipelineExtractor
from contextos.llamaindex.memory_block import ContextOSMemoryBlock
from contextos.llamaindex.retriever import ContextOSRetriever

__all__ = [
    "ContextOSGraphStore",
    "ContextOSMemoryBlock",
    "ContextOSRetriever",
    "GraphExtractor",
    "PipelineExtractor",
    "UnsupportedWrite",
    "WriteQueryRefused",
]
