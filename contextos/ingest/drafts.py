"""What format parsers produce before options are applied: cheap, mutable drafts.

Parsers build :class:`ConversationDraft` objects; :mod:`contextos.ingest.assemble` applies the
:class:`~contextos.ingest.options.ParseOptions` (filters, truncation, indexes) and only then
builds the frozen :class:`~contextos.models.transcript.Turn` objects, so turns that are dropped
never cost a model validation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

__all__ = [
    "ASSISTANT_NAMES",
    "ConversationDraft",
    "TurnDraft",
    "as_alternate",
    "branch_turns",
    "present_fields",
    "role_for_speaker",
]

M = TypeVar("M")

#: Speaker names (case-insensitive) that mean "the AI assistant" in plain transcripts.
ASSISTANT_NAMES = frozenset(
    {"assistant", "chatgpt", "claude", "ai", "gemini", "bard", "bot", "copilot", "gpt", "model"}
)


def role_for_speaker(name: str) -> str:
    """``assistant`` for assistant-like names (ChatGPT, Claude, GPT-4o...), else ``user``."""
    low = name.strip().casefold()
    if low in ASSISTANT_NAMES or low.startswith(("gpt-", "gpt ", "claude ", "claude-")):
        return "assistant"
    if low == "system":
        return "system"
    return "user"


@dataclass(slots=True)
class TurnDraft:
    """One turn as read from the source. ``id`` is the source's own id or a derived one."""

    id: str
    role: str
    speaker: str
    text: str
    timestamp: datetime | None = None
    kind: str = "message"
    metadata: dict[str, Any] = field(default_factory=dict)
    #: depth in the message tree, for alternate turns (0 for the first message)
    depth: int = 0


@dataclass(slots=True)
class ConversationDraft:
    """A conversation as read from the source, canonical branch first."""

    id: str
    source: str
    where: str
    title: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    turns: list[TurnDraft] = field(default_factory=list)
    alternates: list[TurnDraft] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    user_name: str | None = None


def as_alternate(turn: TurnDraft, depth: int, parent_id: str | None) -> TurnDraft:
    """``turn`` marked as an alternate (off the canonical branch): its depth and parent id."""
    turn.depth = depth
    turn.metadata = {**turn.metadata, "parent_id": parent_id}
    return turn


def present_fields(rec: dict[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    """The ``keys`` of ``rec`` whose value is there and is neither None nor ``""``."""
    return {key: rec[key] for key in keys if rec.get(key) not in (None, "")}


def branch_turns(
    canonical: Iterable[M],
    alternates: Iterable[tuple[M, int, str | None]],
    message_turns: Callable[[M], list[TurnDraft]],
) -> tuple[list[TurnDraft], list[TurnDraft]]:
    """The turns of the canonical messages, then those of the alternate messages, given as
    ``(message, depth, parent id)`` and marked with :func:`as_alternate`."""
    turns = [t for m in canonical for t in message_turns(m)]
    alternate_turns = [
        as_alternate(t, depth, parent) for m, depth, parent in alternates for t in message_turns(m)
    ]
    return turns, alternate_turns
