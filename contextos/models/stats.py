"""What ingestion did over time, per user and extractor: the record of each ingest run, and
the read models of ``ContextOS.stats`` and ``ContextOS.rejection_summary`` (issue #39)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Literal

from pydantic import BaseModel, Field

from contextos.models.metrics import ExtractorMetrics
from contextos.models.report import IngestReport

__all__ = [
    "ExtractorStats",
    "FactCount",
    "ReasonSummary",
    "RejectionCount",
    "RejectionSummary",
    "RunRecord",
    "StoredRejection",
    "UserStats",
]

RunOutcome = Literal["complete", "partial", "unfinished"]


class RunRecord(BaseModel):
    """One ingest run as the graph keeps it (a ``Run`` node): what it read, wrote and
    rejected, and what each metered extractor spent. Written once, when the run ends: also
    when it ends with damaged input (``partial``) or conversations left for the next run
    (``unfinished``), since what it wrote is in the graph."""

    id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    user_id: str
    #: the extractor (or strategy) the run used
    extractor: str
    started_at: datetime
    finished_at: datetime
    outcome: RunOutcome = "complete"
    files: int = 0
    conversations: int = 0
    conversations_skipped_unchanged: int = 0
    conversations_unfinished: int = 0
    turns: int = 0
    facts_stored: int = 0
    facts_merged: int = 0
    facts_superseded: int = 0
    facts_ended: int = 0
    facts_rejected: dict[str, int] = Field(default_factory=dict)
    entities_stored: int = 0
    duration_s: float = 0.0
    #: what each metered extractor spent and produced (LLM extractors; empty for the local one)
    extractors: list[ExtractorMetrics] = Field(default_factory=list)

    @property
    def rejected_total(self) -> int:
        return sum(self.facts_rejected.values())

    @classmethod
    def from_report(
        cls, report: IngestReport, extractor: str, finished_at: datetime | None = None
    ) -> RunRecord:
        """The record of the run ``report`` describes, ending at ``finished_at`` (now)."""
        finished = finished_at or datetime.now(UTC)
        outcome: RunOutcome = (
            "unfinished"
            if report.conversations_unfinished
            else "partial"
            if report.partial
            else "complete"
        )
        return cls(
            user_id=report.user_id,
            extractor=extractor,
            started_at=finished - timedelta(seconds=report.duration_s),
            finished_at=finished,
            outcome=outcome,
            files=report.files,
            conversations=report.conversations,
            conversations_skipped_unchanged=report.conversations_skipped_unchanged,
            conversations_unfinished=len(report.conversations_unfinished),
            turns=report.turns,
            facts_stored=report.facts_stored,
            facts_merged=report.facts_merged,
            facts_superseded=report.facts_superseded,
            facts_ended=report.facts_ended,
            facts_rejected=dict(report.facts_rejected),
            entities_stored=report.entities_stored,
            duration_s=report.duration_s,
            extractors=[m.model_copy(deep=True) for m in report.extractors],
        )


class FactCount(BaseModel):
    """How many of a user's stored facts one extractor proposed, current or not."""

    extractor: str
    #: True: valid now (neither superseded nor taken back)
    current: bool
    count: int


class RejectionCount(BaseModel):
    """How many of a user's stored rejections have this extractor and reason."""

    extractor: str
    reason: str
    count: int


class StoredRejection(BaseModel):
    """A ``Rejection`` node as read back: the candidate's words, why it was refused, and the
    turn it came from (``said_at``: that turn's time, when the graph has it)."""

    id: str
    text: str
    reason: str
    detail: str = ""
    conversation_id: str | None = None
    turn_id: str | None = None
    confidence: float | None = None
    type: str | None = None
    category: str | None = None
    extractor: str = "local"
    said_at: datetime | None = None


class ExtractorStats(BaseModel):
    """One extractor's share of a user's graph and what its runs spent."""

    extractor: str
    facts_current: int = 0
    #: stored facts no longer current: superseded, or taken back by their speaker
    facts_superseded: int = 0
    facts_total: int = 0
    #: stored rejections of its candidates, by reason
    rejected: dict[str, int] = Field(default_factory=dict)
    rejected_total: int = 0
    #: ingest runs that used it (by name, or that metered it)
    runs: int = 0
    last_run_at: datetime | None = None
    #: the metrics of its persisted runs added up (metered extractors only): calls, tokens
    #: in/out, seconds, cost, windows, facts proposed; ``facts_stored``/``facts_rejected`` are
    #: the runs' totals of what ingestion stored and rejected
    metrics: ExtractorMetrics | None = None


class UserStats(BaseModel):
    """``ContextOS.stats``: a user's facts and rejections by extractor, and their runs."""

    user_id: str
    runs: int = 0
    first_run_at: datetime | None = None
    last_run_at: datetime | None = None
    last_run: RunRecord | None = None
    facts_current: int = 0
    facts_superseded: int = 0
    facts_total: int = 0
    rejected: dict[str, int] = Field(default_factory=dict)
    rejected_total: int = 0
    extractors: list[ExtractorStats] = Field(default_factory=list)


class ReasonSummary(BaseModel):
    """The rejections of one reason: how many, their share of all, what they mostly were."""

    reason: str
    count: int
    #: ``count`` over all of the user's rejections (the shares of all reasons sum to 1)
    share: float
    #: the most common fact type / category among them (None when none has one)
    top_type: str | None = None
    top_type_count: int = 0
    top_category: str | None = None
    top_category_count: int = 0
    #: the extractors whose candidates they were, by count
    extractors: dict[str, int] = Field(default_factory=dict)
    #: up to two of their texts, newest first
    examples: list[str] = Field(default_factory=list)


class RejectionSummary(BaseModel):
    """``ContextOS.rejection_summary``: why a user's candidates were refused, most common
    reason first."""

    user_id: str
    total: int = 0
    #: the most common fact type among all rejections
    top_type: str | None = None
    reasons: list[ReasonSummary] = Field(default_factory=list)
    #: the individual rejections, newest first, when asked for (``listed``)
    rejections: list[StoredRejection] = Field(default_factory=list)
