"""Facts: candidates as extractors propose them, stored facts, and rejections with reasons."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from contextos.models.transcript import Turn

__all__ = [
    "CATEGORIES",
    "SEED_CATEGORY_MAP",
    "CandidateFact",
    "Category",
    "Evidence",
    "Fact",
    "FactType",
    "RejectReason",
    "Rejection",
    "TYPE_THRESHOLDS",
]


class FactType(StrEnum):
    USER_FACT = "USER_FACT"
    USER_PATTERN = "USER_PATTERN"
    SHARED_NARRATIVE = "SHARED_NARRATIVE"


Category = Literal[
    "like",
    "dislike",
    "expertise",
    "experience",
    "goal",
    "challenge",
    "tool",
    "learning_interest",
    "trait",
    "work",
    "relationship",
    "location",
    "plan",
    "decision",
    "other",
]
CATEGORIES: tuple[str, ...] = Category.__args__  # type: ignore[attr-defined]

#: The seed design's extraction categories, mapped onto ours.
SEED_CATEGORY_MAP: dict[str, str] = {
    "preference": "like",
    "policy": "decision",
    "technology": "tool",
    "decision": "decision",
    "temporal": "plan",
}

#: Minimum confidence to store a fact of each type (seed "Extraction Rules & Validation").
TYPE_THRESHOLDS: dict[FactType, float] = {
    FactType.USER_FACT: 0.80,
    FactType.USER_PATTERN: 0.75,
    FactType.SHARED_NARRATIVE: 0.60,
}


def turn_ref(conversation_id: str, turn_id: str) -> str:
    """One key for a turn among all of a user's conversations: a turn id need only be unique
    in its conversation (a transcript may number each chat's turns from 1)."""
    return f"{conversation_id}\x1f{turn_id}"


class Evidence(BaseModel):
    """Where a fact comes from: a turn and the exact character span of its text."""

    conversation_id: str
    turn_id: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    quote: str = Field(description="turn.text[start:end], verbatim")

    @property
    def turn_ref(self) -> str:
        """The quoted turn's key among all the user's turns (:func:`turn_ref`)."""
        return turn_ref(self.conversation_id, self.turn_id)

    @classmethod
    def in_turn(cls, turn: Turn, start: int, end: int) -> Evidence:
        """The span ``start:end`` of ``turn``'s text, quoted."""
        return cls(
            conversation_id=turn.conversation_id,
            turn_id=turn.id,
            start=start,
            end=end,
            quote=turn.text[start:end],
        )


class CandidateFact(BaseModel):
    """A fact as an extractor proposes it, before validation and resolution."""

    text: str = Field(description="self-contained third-person statement")
    type: FactType = FactType.USER_FACT
    category: Category = "other"
    subject: str = Field(description="who the fact is about: the speaker's name, or another person")
    confidence: float = Field(ge=0.0, le=1.0)
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    evidence: list[Evidence] = Field(min_length=1)
    valid_from: datetime | None = None
    #: Names of entities the fact mentions (people, projects, ...), for graph links.
    entities: list[str] = Field(default_factory=list)
    extractor: str = "local"
    attributes: dict[str, Any] = Field(default_factory=dict)
    #: Set by an extractor that already knows why the candidate must not be stored.
    flags: list[str] = Field(default_factory=list)


class Fact(BaseModel):
    """A stored fact, as the facade returns it."""

    id: str
    user_id: str
    text: str
    type: FactType
    category: Category
    confidence: float
    importance: float = 0.5
    subject: str
    turn_ids: list[str]
    evidence: str = Field(description="the exact quoted span the fact was extracted from")
    evidence_spans: list[Evidence] = Field(default_factory=list)
    conversation_ids: list[str] = Field(default_factory=list)
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    superseded_by: str | None = None
    recorded_at: datetime | None = Field(default=None, description="when contextos stored it")
    entities: list[str] = Field(default_factory=list)
    extractor: str = "local"
    #: For a statement of a project's status ("the migration is blocked on ..."): the project
    #: and the status (planning, active, blocked, completed, abandoned). A newer status
    #: statement about the same project supersedes the older one.
    project: str | None = None
    status: str | None = None

    @property
    def is_current(self) -> bool:
        return self.valid_to is None and self.superseded_by is None


RejectReason = Literal[
    "below_threshold",
    "not_grounded",
    "hypothetical",
    "assistant_sourced",
    "type_rule",
    "schema",
    "negated",
    "injection",
    "vague",
    "third_party_opinion",
    "joke",
    "proposal",
    "not_english",
    "retracted",
    "unparseable",
]


class Rejection(BaseModel):
    """A candidate that was not stored, and why. Kept, never silently dropped."""

    text: str
    reason: RejectReason
    detail: str = ""
    conversation_id: str | None = None
    turn_id: str | None = None
    confidence: float | None = None
    type: FactType | None = None
    category: str | None = None
    extractor: str = "local"
