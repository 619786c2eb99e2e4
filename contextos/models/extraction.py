"""What an extractor returns for one conversation (or window of one)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from contextos.models.entities import CandidateEntity, CandidateRelation
from contextos.models.facts import CandidateFact, Rejection
from contextos.models.transcript import Turn

__all__ = ["ExtractionResult", "UserRef", "display_name"]


#: User ids that say who is speaking, not who the person is.
_GENERIC_IDS = frozenset({"me", "i", "myself", "user", "you", "human", "default", "self"})


def display_name(name: str) -> str:
    """How a fact text names a person: the given name of a full personal name ("Dana Whitfield"
    -> "Dana"), as a concise summary would; labels that are not personal names ("User 1",
    "dana_w") stay as they are. The fact's ``subject`` keeps the full name."""
    parts = name.split()
    if len(parts) >= 2 and all(
        p[:1].isupper() and p.replace("-", "").replace("'", "").isalpha() for p in parts
    ):
        return parts[0]
    return name


class UserRef(BaseModel):
    """The person whose memory is being built.

    ``id`` scopes the graph; ``name`` is used in fact text ("Dana works at ..."); ``aliases``
    are the speaker names in transcripts that mean this user (besides the generic ``user``).
    """

    id: str
    name: str
    aliases: list[str] = Field(default_factory=list)

    @classmethod
    def from_id(cls, user_id: str, name: str | None = None) -> UserRef:
        """The user named ``name``, else after their id ("dana_w" -> "Dana W"); an id that is
        a pronoun or a generic label ("me", "user") is no name: facts say "The user ..."."""
        if name:
            return cls(id=user_id, name=name)
        if user_id.strip().casefold() in _GENERIC_IDS:
            return cls(id=user_id, name="The user")
        return cls(id=user_id, name=user_id.replace("_", " ").replace(".", " ").title())

    def is_user_speaker(self, speaker: str) -> bool:
        s = speaker.strip().casefold()
        names = {self.id.casefold(), self.name.casefold(), "user", "you", "me", "human"}
        names |= {a.casefold() for a in self.aliases}
        first = self.name.split()[0].casefold() if self.name.split() else ""
        return s in names or (bool(first) and s == first)


class ExtractionResult(BaseModel):
    facts: list[CandidateFact] = Field(default_factory=list)
    entities: list[CandidateEntity] = Field(default_factory=list)
    relations: list[CandidateRelation] = Field(default_factory=list)
    rejections: list[Rejection] = Field(default_factory=list)
    #: turns of earlier conversations that evidence points into (a USER_PATTERN seen across
    #: conversations quotes each of them), those the extractor still holds: for a caller
    #: without the store to validate those quotes against (ingestion reads them from the store)
    cited_turns: list[Turn] = Field(default_factory=list)

    def extend(self, other: ExtractionResult) -> None:
        self.facts.extend(other.facts)
        self.entities.extend(other.entities)
        self.relations.extend(other.relations)
        self.rejections.extend(other.rejections)
        have = {t.id for t in self.cited_turns}
        self.cited_turns.extend(t for t in other.cited_turns if t.id not in have)
