"""The one small interface every retriever implements: a :class:`ContextQuery` in, a ranked
list of :class:`ScoredItem` out. Facts, turns (episodes) and entities are the three kinds of
evidence; fusion (``fusion.py``) merges the lists, and a LlamaIndex sub-retriever can wrap any
:class:`Retriever` (it needs only ``retrieve``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, Protocol

from contextos.graph.records import to_epoch

__all__ = ["ContextQuery", "ItemKind", "Retriever", "ScoredItem"]

ItemKind = Literal["fact", "turn", "entity"]


@dataclass
class ContextQuery:
    """What an agent asks for. ``text`` is empty in proactive mode (no query: the template
    alone fills the budget). ``vector`` is the query's embedding, filled once by the engine
    so that every vector retriever shares it."""

    text: str
    user_id: str
    user_name: str = ""
    agent_type: str = "general"
    as_of: datetime | None = None
    project_filter: str | None = None
    min_confidence: float = 0.7
    k: int = 40
    #: the token budget of the context being built (set by the engine; None: unknown)
    max_tokens: int | None = None
    vector: list[float] | None = field(default=None, repr=False)

    @property
    def proactive(self) -> bool:
        return not self.text.strip()

    @property
    def as_of_epoch(self) -> float | None:
        return to_epoch(self.as_of)


@dataclass(frozen=True)
class ScoredItem:
    """One hit of one retriever: a fact id, a turn key or an entity key, with the retriever's
    own score (comparable only within that retriever's list; fusion uses ranks)."""

    kind: ItemKind
    id: str
    score: float
    retriever: str

    @property
    def ref(self) -> tuple[ItemKind, str]:
        return (self.kind, self.id)


class Retriever(Protocol):
    """A source of ranked evidence for a query."""

    name: str

    def retrieve(self, query: ContextQuery) -> list[ScoredItem]: ...
