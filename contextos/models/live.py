"""Live turns (``ContextOS.process_turn``): what a turn returns, how far a session's
extraction has read, and the extraction statistics of a user."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from contextos.models.facts import Fact

__all__ = ["LiveSession", "LiveStats", "ManualExtraction", "SkipReason", "TurnReceipt"]

#: Why a turn was not stored or not scheduled for extraction: ``anonymous`` (the user id is
#: an anonymous or guest one: nothing is stored), ``auto_extract_off`` (stored, never
#: extracted automatically), ``interval`` (stored; extraction waits for more turns or the idle
#: debrief), ``opted_out`` (the user opted out of extraction: nothing is stored).
SkipReason = Literal["anonymous", "auto_extract_off", "interval", "opted_out"]


class TurnReceipt(BaseModel):
    """What :meth:`contextos.ContextOS.process_turn` returns, once the turn is stored (before
    anything is extracted from it)."""

    user_id: str
    session_id: str | None = Field(description="the live session (a conversation in the graph)")
    turn_id: str | None = Field(description="the stored user turn; None when nothing was stored")
    response_turn_id: str | None = Field(
        default=None, description="the stored agent turn (None for an empty response)"
    )
    stored: bool = Field(description="the turn is in the graph (before any extraction)")
    queued: bool = Field(description="an extraction job for this session is now queued")
    extraction_scheduled: bool = Field(
        description="the turn will be read by an automatic extraction (now queued, or at the "
        "session's next interval or idle debrief)"
    )
    skipped: SkipReason | None = None
    pending_turns: int = Field(
        default=0, description="messages of the session not yet read by an extraction"
    )
    elapsed_ms: float = Field(description="time spent in process_turn, in milliseconds")


class LiveSession(BaseModel):
    """A live session as the store has it: how many turns, how far extraction has read."""

    user_id: str
    session_id: str
    turns: int
    extracted: int = Field(description="turns read by the per-interval extraction")
    debriefed: int = Field(description="turns read by the whole-session debrief")
    last_at: float | None = Field(description="epoch seconds of the last turn")

    @property
    def pending(self) -> int:
        return max(0, self.turns - self.extracted)


class LiveStats(BaseModel):
    """:meth:`contextos.ContextOS.get_extraction_stats`: the user's live extraction, from the
    store (sessions, turns, pending) and from this process (jobs run, facts, errors)."""

    user_id: str
    anonymous: bool = Field(description="the id is an anonymous one: nothing is extracted")
    sessions: int = 0
    turns_stored: int = 0
    turns_pending: int = Field(default=0, description="turns no extraction has read yet")
    sessions_pending_debrief: int = 0
    turns_received: int = Field(default=0, description="process_turn calls (this process)")
    extractions: int = Field(default=0, description="interval extractions run (this process)")
    debriefs: int = Field(default=0, description="idle-session debriefs run (this process)")
    manual_runs: int = Field(default=0, description="extract_user_context calls (this process)")
    facts_stored: int = 0
    facts_merged: int = 0
    facts_superseded: int = 0
    facts_rejected: dict[str, int] = Field(default_factory=dict)
    errors: int = 0
    last_error: str | None = None
    queued_jobs: int = Field(default=0, description="jobs waiting in the queue (everyone's)")
    last_extraction_at: datetime | None = None


class ManualExtraction(BaseModel):
    """:meth:`contextos.ContextOS.extract_user_context`: what a manual run over a given
    history stored (``facts``: the facts it created or confirmed)."""

    user_id: str
    conversation_id: str | None = None
    skipped: SkipReason | None = None
    facts: list[Fact] = Field(default_factory=list)
    facts_stored: int = 0
    facts_merged: int = 0
    facts_superseded: int = 0
    facts_rejected: dict[str, int] = Field(default_factory=dict)
