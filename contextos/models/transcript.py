"""Transcripts: conversations and their turns, as every parser produces them."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Conversation", "Role", "Turn", "TurnKind", "stable_id"]

Role = Literal["user", "assistant", "system", "tool"]
#: What a turn is, beyond its role. Only ``message`` and ``custom_instructions`` turns feed
#: extraction by default; the others are kept for provenance and opt-in use.
TurnKind = Literal[
    "message", "custom_instructions", "tool_call", "tool_result", "reasoning", "attachment"
]


def stable_id(*parts: object, length: int = 24) -> str:
    """A deterministic id from its parts (sha1, hex). Same inputs, same id, on every run."""
    digest = hashlib.sha1("\x1f".join(str(p) for p in parts).encode("utf-8")).hexdigest()
    return digest[:length]


class Turn(BaseModel):
    """One message in a conversation.

    ``id`` is the source's own message id when it has one (kept verbatim, and returned in
    ``Fact.turn_ids``), otherwise a deterministic id derived from the conversation and position.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    conversation_id: str
    index: int = Field(ge=0, description="position in the canonical branch, from 0")
    role: Role
    speaker: str = Field(description="who spoke: a person's name, 'user' or 'assistant'")
    text: str
    timestamp: datetime | None = None
    kind: TurnKind = "message"
    metadata: dict[str, Any] = Field(default_factory=dict)

    @property
    def is_human(self) -> bool:
        return self.role == "user"

    @property
    def extractable(self) -> bool:
        """Whether the default extractors read this turn for facts."""
        return self.role == "user" and self.kind in ("message", "custom_instructions")


class Conversation(BaseModel):
    """A conversation on its canonical branch (the one the user last saw)."""

    id: str
    source: str = Field(description="format name, e.g. 'chatgpt', 'claude', 'transcript'")
    title: str | None = None
    source_file: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    turns: list[Turn] = Field(default_factory=list)
    #: Turns on other branches (edits, regenerations), only filled when asked for.
    alternate_turns: list[Turn] = Field(default_factory=list)
    #: The account holder's name when the export says it (Claude users.json, say).
    user_name: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @property
    def started_at(self) -> datetime | None:
        stamps = [t.timestamp for t in self.turns if t.timestamp is not None]
        return min(stamps) if stamps else self.created_at

    @property
    def human_speakers(self) -> list[str]:
        seen: dict[str, None] = {}
        for t in self.turns:
            if t.role == "user":
                seen.setdefault(t.speaker, None)
        return list(seen)

    def content_hash(self) -> str:
        """Changes whenever a turn is added, removed or edited; used as the ingest checkpoint."""
        h = hashlib.sha1()
        h.update((self.title or "").encode())
        for t in self.turns:
            h.update(b"\x1e")
            h.update(f"{t.id}\x1f{t.role}\x1f{t.speaker}\x1f{t.kind}\x1f".encode())
            h.update(t.text.encode("utf-8", "surrogatepass"))
        return h.hexdigest()
