"""Request and response models of the REST service (the seed's contract)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from contextos.ingest import FORMATS
from contextos.models.facts import Fact
from contextos.models.preferences import Preference

__all__ = [
    "PLATFORMS",
    "ContextOut",
    "ErrorOut",
    "FactOut",
    "IngestAccepted",
    "IngestRequest",
    "JobOut",
    "MessageIn",
    "PreferenceIn",
    "PrivacyIn",
    "ResetIn",
]

#: What ``platform`` may name: an export format, or a live source.
PLATFORMS: tuple[str, ...] = (*FORMATS, "api", "custom")

UserId = Field(min_length=1, max_length=256, description="whose memory this is")


class ErrorOut(BaseModel):
    code: str
    message: str
    field: str | None = None


class MessageIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    role: Literal["user", "assistant", "system", "tool"]
    content: str = Field(max_length=100_000)
    timestamp: datetime | None = None
    #: who spoke, for transcripts with several people (default: the user's name, or
    #: ``assistant``)
    speaker: str | None = Field(default=None, max_length=200)


class IngestRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: str = UserId
    platform: str = Field(default="api", description="one of PLATFORMS")
    session_id: str | None = Field(
        default=None,
        max_length=256,
        description="the conversation's id; posting the same session again with more "
        "messages re-reads it (unchanged sessions are skipped)",
    )
    title: str | None = Field(default=None, max_length=500)
    user_name: str | None = Field(default=None, max_length=200)
    messages: list[MessageIn] = Field(default_factory=list)


class IngestAccepted(BaseModel):
    job_id: str
    status: Literal["queued"] = "queued"
    estimated_seconds: float


class Extracted(BaseModel):
    facts: int = 0
    entities: int = 0
    relationships: int = 0


class JobOut(BaseModel):
    job_id: str
    user_id: str
    kind: Literal["messages", "upload"]
    status: Literal["queued", "processing", "completed", "failed", "partial"]
    created_at: datetime
    started_at: datetime | None = None
    finished_at: datetime | None = None
    extracted: Extracted = Field(default_factory=Extracted)
    errors: list[ErrorOut] = Field(default_factory=list)
    #: the ingest report (conversations, turns, rejections by reason, ...) once finished
    report: dict[str, Any] | None = None


class ContextOut(BaseModel):
    user_id: str
    query: str
    agent_type: str
    injection: str
    token_count: int
    max_tokens: int
    sources: list[dict[str, Any]]
    dropped: int = 0


class FactOut(BaseModel):
    """A fact as the API shows it: ``explicit`` ones were set by the user, the others read
    from conversations by ``extractor``."""

    id: str
    text: str
    type: str
    category: str
    confidence: float
    explicit: bool
    extractor: str
    subject: str
    evidence: str
    turn_ids: list[str]
    valid_from: datetime | None
    valid_to: datetime | None
    superseded_by: str | None
    recorded_at: datetime | None

    @classmethod
    def of(cls, fact: Fact, explicit_name: str) -> FactOut:
        return cls(
            id=fact.id,
            text=fact.text,
            type=str(fact.type),
            category=fact.category,
            confidence=fact.confidence,
            explicit=fact.extractor == explicit_name,
            extractor=fact.extractor,
            subject=fact.subject,
            evidence=fact.evidence,
            turn_ids=fact.turn_ids,
            valid_from=fact.valid_from,
            valid_to=fact.valid_to,
            superseded_by=fact.superseded_by,
            recorded_at=fact.recorded_at,
        )


class ResetIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: str = UserId
    #: must repeat the user id: a reset deletes all of the user's data
    confirm: str = Field(description="the user id again, to confirm")


class PreferenceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: str = UserId
    type: str = Field(min_length=1, max_length=64)
    value: str = Field(min_length=1, max_length=500)
    confidence: float | None = Field(default=None, ge=0.0, le=1.0, description="default 0.9")
    context: list[str] = Field(default_factory=list, max_length=50)


class PreferenceList(BaseModel):
    user_id: str
    preferences: list[Preference]
    count: int


class PrivacyIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: str = UserId
    opt_out: bool
