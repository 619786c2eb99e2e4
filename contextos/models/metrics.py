"""What an extractor spent and produced in a run: calls, tokens, seconds, cost, facts."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field

__all__ = ["ExtractorMetrics"]


class ExtractorMetrics(BaseModel):
    """Counted by the client (calls, tokens, seconds, cost) and the extractor (windows,
    facts proposed, its own rejections by reason). Facts stored and rejected by validation
    are counted by ingestion (``IngestReport``)."""

    extractor: str
    #: requests sent, retries included
    calls: int = 0
    retries: int = 0
    rate_limited: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    #: True when the server reported the token counts; False when some were counted with cl100k
    tokens_reported: bool = True
    seconds: float = 0.0
    cost: float = 0.0
    #: prompt ``name@version`` -> calls
    prompts: dict[str, int] = Field(default_factory=dict)
    windows: int = 0
    #: windows whose facts reply could not be read, even leniently (a rejection each)
    windows_skipped: int = 0
    #: windows the server did not answer (timeout or connection lost, after a retry)
    windows_unfinished: int = 0
    #: replies read only by the lenient parser
    lenient_parses: int = 0
    #: a strategy's: windows it sent on to its expensive extractor (cheap-first), or ran on
    #: its fallback (fallback)
    windows_escalated: int = 0
    windows_fallen_back: int = 0
    #: facts proposed, status changes and decisions (which become facts) included
    facts_proposed: int = 0
    #: what the graph prompt proposed (before grounding), and properties it gave that were
    #: dropped (not allowed for the type, or not said)
    entities_proposed: int = 0
    relations_proposed: int = 0
    statuses_proposed: int = 0
    decisions_proposed: int = 0
    properties_dropped: int = 0
    #: windows whose graph reply could not be read, even leniently (a rejection each)
    graph_skipped: int = 0
    #: the extractor's own rejections (not_grounded, assistant_sourced, schema, unparseable)
    rejected: dict[str, int] = Field(default_factory=dict)
    #: filled in by ingestion at the end of a run: facts stored, and every rejection of the
    #: run by reason (the extractor's own and validation's)
    facts_stored: int = 0
    facts_rejected: dict[str, int] = Field(default_factory=dict)

    def count_rejection(self, reason: str) -> None:
        self.rejected[reason] = self.rejected.get(reason, 0) + 1

    def merge(self, other: ExtractorMetrics) -> None:
        """Add ``other``'s spend and counts to these (not the facts stored and rejected, which
        ingestion fills in per run)."""
        for name in _ADDED_UP:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.seconds = round(self.seconds + other.seconds, 3)
        self.cost = round(self.cost + other.cost, 6)
        self.tokens_reported = self.tokens_reported and other.tokens_reported
        self.prompts = dict(Counter(self.prompts) + Counter(other.prompts))
        self.rejected = dict(Counter(self.rejected) + Counter(other.rejected))


#: the whole-number counts :meth:`ExtractorMetrics.merge` adds up
_ADDED_UP = tuple(
    name
    for name, info in ExtractorMetrics.model_fields.items()
    if info.annotation in (int, "int") and name != "facts_stored"
)
