"""Ingestion reports."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field

from contextos.models.metrics import ExtractorMetrics

__all__ = ["FormatStats", "IngestReport", "PartialFile", "Warning_"]


class Warning_(BaseModel):
    """A record that could not be read, and why (the rest of the file still ingests)."""

    path: str
    where: str = ""
    problem: str


class PartialFile(BaseModel):
    """A file that broke part-way (truncated, invalid or too deeply nested JSON, a corrupt zip
    member): the ``records`` before ``byte`` were read, the rest of the file was not."""

    path: str
    #: where it broke: ``byte N``, or ``near byte N`` when N is how far the reader had got
    where: str
    byte: int
    records: int
    problem: str


class FormatStats(BaseModel):
    files: int = 0
    conversations: int = 0
    turns: int = 0
    skipped: int = 0


class IngestReport(BaseModel):
    user_id: str
    files: int = 0
    conversations: int = 0
    conversations_skipped_unchanged: int = 0
    turns: int = 0
    facts_stored: int = 0
    facts_merged: int = 0
    facts_superseded: int = 0
    #: stored facts the conversation, grown since, took back ("scrap that"): ended, not deleted
    facts_ended: int = 0
    facts_rejected: dict[str, int] = Field(default_factory=dict)
    #: the same, by the extractor that proposed them (a strategy mixes several)
    facts_stored_by_extractor: dict[str, int] = Field(default_factory=dict)
    facts_rejected_by_extractor: dict[str, dict[str, int]] = Field(default_factory=dict)
    entities_stored: int = 0
    #: conversations whose extraction was left unfinished (an LLM server that did not answer):
    #: not stored, no checkpoint, so the next run does them
    conversations_unfinished: list[str] = Field(default_factory=list)
    #: what each extractor that reports metrics spent and produced (LLM extractors)
    extractors: list[ExtractorMetrics] = Field(default_factory=list)
    duration_s: float = 0.0
    by_format: dict[str, FormatStats] = Field(default_factory=dict)
    warnings: list[Warning_] = Field(default_factory=list)
    #: files that broke part-way: what came before the damage was ingested, the rest was not
    partial: list[PartialFile] = Field(default_factory=list)

    @property
    def rejected_total(self) -> int:
        return sum(self.facts_rejected.values())

    def count_rejections(self, reasons: Counter[str]) -> None:
        for reason, n in reasons.items():
            self.facts_rejected[reason] = self.facts_rejected.get(reason, 0) + n

    def count_by_extractor(self, stored: Counter[str], rejected: Counter[tuple[str, str]]) -> None:
        """Add one conversation's new facts and rejections, by the extractor behind them."""
        for name, n in stored.items():
            self.facts_stored_by_extractor[name] = self.facts_stored_by_extractor.get(name, 0) + n
        for (name, reason), n in rejected.items():
            mine = self.facts_rejected_by_extractor.setdefault(name, {})
            mine[reason] = mine.get(reason, 0) + n
