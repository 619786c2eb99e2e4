"""contextos transcript JSON Lines: the neutral format for meetings, calls and other chats.

One turn per line::

    {"conversation_id": "standup-2025-03-04", "turn_id": "t1",
     "timestamp": "2025-03-04T09:00:05Z", "speaker": "Priya", "role": "user",
     "text": "I'm out Friday, my daughter's recital."}

* ``conversation_id`` groups lines into conversations; lines of different conversations may be
  interleaved. Lines without it belong to one conversation per file,
  ``stable_id('transcript', file name, 0, '')``.
* ``turn_id`` (optional) is kept verbatim as ``Turn.id``; otherwise ``<conversation_id>:<n>``
  with ``n`` the line's position within its conversation.
* ``timestamp`` (optional, ISO 8601 or epoch). When every turn of a conversation has one, turns
  are sorted by it (stable); otherwise file order is kept.
* ``speaker`` is any name; several human speakers per conversation are normal. ``role`` is
  ``user``, ``assistant`` or ``system``; when missing it is inferred from the speaker
  (assistant-like names are ``assistant``, everyone else ``user``).
* optional ``title`` (first one wins) and ``metadata`` (an object, copied to the turn).

Memory stays bounded: a first pass records, per conversation, the byte offsets of its lines;
the second pass reads one conversation at a time (zip members are spooled to a temporary file
to allow seeking).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from array import array
from collections.abc import Iterator
from contextlib import ExitStack
from typing import IO, Any

from contextos.errors import InputError
from contextos.ingest.drafts import ConversationDraft, TurnDraft, role_for_speaker
from contextos.ingest.filecontext import FileContext
from contextos.ingest.streams import decode_line
from contextos.models.transcript import stable_id

__all__ = ["parse"]

FORMAT = "transcript"
_ROLES = frozenset({"user", "assistant", "system"})


def _load(raw: bytes) -> Any:
    text, _ = decode_line(raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw)
    return json.loads(text)


def _conv_key(obj: dict[str, Any]) -> str:
    value = obj.get("conversation_id")
    if isinstance(value, str | int) and not isinstance(value, bool) and value != "":
        return str(value)
    return ""


def _index(stream: IO[bytes], ctx: FileContext) -> dict[str, array]:
    offsets: dict[str, array] = {}
    position = 0
    good = bad = 0
    for line_no, raw in enumerate(iter(stream.readline, b""), start=1):
        start, position = position, position + len(raw)
        if not raw.strip():
            continue
        if decode_line(raw)[1]:
            ctx.warn(f"line {line_no}", "invalid UTF-8 bytes were replaced with U+FFFD")
        try:
            obj = _load(raw)
        except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply
            bad += 1
            ctx.skip(f"line {line_no}", f"not valid JSON ({exc}); line skipped")
            continue
        if not isinstance(obj, dict):
            ctx.skip(f"line {line_no}", "expected a JSON object; line skipped")
            continue
        good += 1
        offsets.setdefault(_conv_key(obj), array("q")).append(start)
    if bad and not good:
        raise InputError(ctx.label, "no line is valid JSON")
    return offsets


def _turn(
    obj: dict[str, Any], conv_id: str, n: int, ctx: FileContext, where: str
) -> TurnDraft | None:
    text = obj.get("text")
    if not isinstance(text, str):
        ctx.skip(where, "turn without a 'text' string; skipped")
        return None
    speaker = obj.get("speaker")
    role = obj.get("role")
    if role is not None and role not in _ROLES:
        ctx.warn(where, f"unknown role {role!r}; inferred from the speaker")
        role = None
    if not isinstance(speaker, str) or not speaker.strip():
        speaker = role or "user"
    role = role or role_for_speaker(speaker)
    turn_id = obj.get("turn_id")
    tid = str(turn_id) if isinstance(turn_id, str | int) and turn_id != "" else f"{conv_id}:{n}"
    meta = obj.get("metadata")
    meta = meta if isinstance(meta, dict) else {}
    stamp = ctx.time(obj.get("timestamp"), where)
    return TurnDraft(tid, role, speaker.strip(), text, stamp, "message", dict(meta))


def _conversation(stream: IO[bytes], key: str, lines: array, ctx: FileContext) -> ConversationDraft:
    conv_id = key or stable_id(FORMAT, ctx.source.name, 0, "")
    where = f"conversation {conv_id}"
    title = None
    turns: list[TurnDraft] = []
    for n, offset in enumerate(lines):
        stream.seek(offset)
        obj = _load(stream.readline())
        if title is None and isinstance(obj.get("title"), str):
            title = obj["title"]
        turn = _turn(obj, conv_id, n, ctx, f"{where}, byte {offset}")
        if turn is not None:
            turns.append(turn)
    if turns and all(t.timestamp is not None for t in turns):
        turns.sort(key=lambda t: t.timestamp)  # type: ignore[arg-type, return-value]
    return ConversationDraft(id=conv_id, source=FORMAT, where=where, title=title, turns=turns)


def parse(ctx: FileContext) -> Iterator[ConversationDraft]:
    """Conversations of a transcript JSONL file, in order of first appearance."""
    with ExitStack() as stack:
        raw = stack.enter_context(ctx.source.open())
        stream: IO[bytes]
        if getattr(raw, "seekable", lambda: False)():
            stream = raw
        else:
            stream = stack.enter_context(tempfile.TemporaryFile(prefix="contextos-"))
            shutil.copyfileobj(raw, stream, 1 << 20)
            stream.seek(0)
        offsets = _index(stream, ctx)
        for key, lines in offsets.items():
            draft = ctx.guard(f"conversation {key}", _conversation, stream, key, lines, ctx)
            if draft is not None:
                yield draft
