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
    "CandidateFlag",
    "Category",
    "Evidence",
    "Fact",
    "FactType",
    "Polarity",
    "RejectReason",
    "Rejection",
    "Rendering",
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


class CandidateFlag(StrEnum):
    """Why an extractor already knows a candidate must not be stored (each is a rejection
    reason of its own, see ``validate/rules.py``)."""

    HYPOTHETICAL = "hypothetical"
    ASSISTANT_SOURCED = "assistant_sourced"
    NEGATED = "negated"
    INJECTION = "injection"
    VAGUE = "vague"
    THIRD_PARTY_OPINION = "third_party_opinion"
    JOKE = "joke"
    #: the speaker took it back ("Scrap that."): rejected, and a stored copy of it (from when
    #: the chat was shorter) ends at :attr:`CandidateFact.retracted_at`
    RETRACTED = "retracted"
    #: a "we" clause whose group nothing names: not the speaker's fact alone
    GROUP_AS_SPEAKER = "group_as_speaker"


Polarity = Literal["positive", "negative"]


class Rendering(BaseModel):
    """Words of a fact's text that are the extractor's, not the speaker's: validation does not
    look for them in the evidence."""

    #: the fixed wording of a pattern ("asks for answers to be")
    template: str | None = None
    #: how the speaker is named in the text ("Dana" for "Dana Whitfield")
    speaker_shown_as: str | None = None
    #: the words a pronoun stood for ("Dana's dad" for the "He" of "He's 86")
    pronoun_for: str | None = None
    #: who a "we" of the evidence is in the text ("Dana and Sam", "Dana's team"): the fact is
    #: the group's, not the speaker's alone (``validate/plural_speaker.py``)
    group: str | None = None

    def words(self) -> list[str]:
        return [
            w for w in (self.template, self.speaker_shown_as, self.pronoun_for, self.group) if w
        ]


class CandidateFact(BaseModel):
    """A fact as an extractor proposes it, before validation and resolution.

    Every field is the contract with the stages after extraction; ``attributes`` holds the
    extractor's own working notes, which nothing outside it reads."""

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
    #: "negative" for a statement that something is not so ("I don't use Windows anymore"):
    #: resolution reads it as ending the positive fact
    polarity: Polarity = "positive"
    #: for a statement of a project's status ("the migration is blocked on ..."): the project
    #: and its status; a newer one about the same project replaces it
    project: str | None = None
    status: str | None = None
    #: the clause's tense ("past", "present", "future"), when the extractor read one
    tense: str | None = None
    #: why it has its category (the lexical cue, or the prototype similarity); "" when no cue
    #: placed it, and the categorising stage may
    cue: str = ""
    rendering: Rendering = Field(default_factory=Rendering)
    #: Set by an extractor that already knows why the candidate must not be stored.
    flags: list[CandidateFlag] = Field(default_factory=list)
    #: what the flag is about, for the rejection's detail
    reject_detail: str = ""
    #: when a flagged RETRACTED candidate was taken back (the taking-back turn's time)
    retracted_at: datetime | None = None
    attributes: dict[str, Any] = Field(default_factory=dict)


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
    #: the fact text names something it does not say: a pronoun, "that person" (standalone.py)
    "unresolved_reference",
    #: the fact text is not a sentence that tells: a piece of one, or a question (standalone.py,
    #: clauses.py)
    "fragment",
    #: not worth keeping: a pleasantry, a platitude, a sign-off, a state of the moment; its
    #: importance is below the threshold (validate/importance.py)
    "trivial",
    #: two unrelated statements glued into one text that could not be split into two facts that
    #: each stand on their own and are grounded (glued.py; the split ones are stored as two)
    "glued",
    #: the evidence says "we", the fact text names the speaker alone (plural_speaker.py)
    "group_as_speaker",
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
