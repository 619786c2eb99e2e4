"""A history given to ``ContextOS.extract_user_context`` (or ``add_explicit_fact``) as a
conversation of its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from contextos.errors import InputError
from contextos.models.transcript import Conversation, Turn, stable_id

__all__ = ["History", "manual_conversation"]

History = Sequence[Turn | Mapping[str, Any] | str]


def manual_conversation(user_id: str, history: History) -> Conversation:
    """``history`` as a conversation: each item a :class:`Turn`, a mapping with ``role`` and
    ``content`` (or ``text``; optional ``timestamp``, ``speaker``), or a string (a user
    message); a message without a timestamp is dated now. Its id follows from the content, so
    the same history run twice is stored once."""
    now = datetime.now(UTC)
    rows: list[tuple[str, str, str, datetime | None]] = []
    for i, item in enumerate(history):
        if isinstance(item, Turn):
            rows.append((item.role, item.speaker, item.text, item.timestamp or now))
        elif isinstance(item, str):
            rows.append(("user", "user", item, now))
        elif isinstance(item, Mapping):
            role = str(item.get("role", "user"))
            if role not in ("user", "assistant", "system", "tool"):
                raise InputError(f"history[{i}]", f"unknown role {role!r}")
            text = item.get("content", item.get("text"))
            if not isinstance(text, str):
                raise InputError(f"history[{i}]", "needs 'content' (a string)")
            when = _when(item.get("timestamp"), i)
            rows.append((role, str(item.get("speaker") or role), text, when or now))
        else:
            raise InputError(f"history[{i}]", "must be a Turn, a mapping or a string")
    if not any(r[0] == "user" and r[2].strip() for r in rows):
        raise InputError("history", "holds no user message")
    cid = "manual-" + stable_id(user_id, *(f"{r[0]}\x1f{r[2]}" for r in rows), length=16)
    turns = [
        Turn(
            id=f"{cid}:{i}",
            conversation_id=cid,
            index=i,
            role=role,  # type: ignore[arg-type]
            speaker=speaker,
            text=text,
            timestamp=when,
        )
        for i, (role, speaker, text, when) in enumerate(rows)
    ]
    return Conversation(id=cid, source="manual", title="manual extraction", turns=turns)


def _when(value: object, i: int) -> datetime | None:
    """A message's timestamp: a datetime or an ISO string (UTC when it names no zone)."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise InputError(f"history[{i}].timestamp", f"{value!r} is no ISO time") from None
    if not isinstance(value, datetime):
        raise InputError(f"history[{i}].timestamp", "must be an ISO time string")
    return value if value.tzinfo else value.replace(tzinfo=UTC)
