"""OpenAI chat-messages JSON Lines (fine-tuning / eval data, API logs).

One conversation per line: ``{"messages": [{"role", "content", "name"?, "tool_calls"?}]}``.

* ``content`` may be a string or a list of parts (``{"type": "text", "text": ...}``);
* a ``name`` on a user message becomes the speaker (several people in one chat work);
* ``tool`` / ``function`` messages are role ``tool``, kind ``tool_result``; assistant messages
  carrying ``tool_calls`` / ``function_call`` without text are kind ``tool_call``;
* conversation id: the line's ``id`` / ``conversation_id`` if any, else
  ``stable_id('openai_jsonl', file name, line number, title)``, where the title is the start of
  the first user message; turn ids ``<conv id>:<n>`` by position in ``messages``.

A line that is not JSON or has no ``messages`` list is skipped with a warning naming the line;
if no line at all is readable the file raises :class:`InputError`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from contextos.errors import InputError
from contextos.ingest.drafts import ConversationDraft, TurnDraft
from contextos.ingest.filecontext import FileContext
from contextos.ingest.streams import decode_line
from contextos.models.transcript import stable_id

__all__ = ["iter_json_lines", "parse"]

FORMAT = "openai_jsonl"


def iter_json_lines(ctx: FileContext) -> Iterator[tuple[int, Any]]:
    """``(line number, value)`` for each non-blank line; bad lines are warned and skipped.

    Raises :class:`InputError` if the file has lines but none of them is valid JSON.
    """
    good = bad = 0
    first_error = ""
    with ctx.source.open() as stream:
        for line_no, raw in enumerate(stream, start=1):
            if line_no == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            text, replaced = decode_line(raw)
            if replaced:
                ctx.warn(f"line {line_no}", "invalid UTF-8 bytes were replaced with U+FFFD")
            if not text.strip():
                continue
            try:
                value = json.loads(text)
            except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply
                bad += 1
                first_error = first_error or f"line {line_no}: {exc}"
                ctx.skip(f"line {line_no}", f"not valid JSON ({exc}); line skipped")
                continue
            good += 1
            yield line_no, value
    if bad and not good:
        raise InputError(ctx.label, f"no line is valid JSON (first error: {first_error})")


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = []
        for part in content:
            if isinstance(part, str):
                texts.append(part)
            elif isinstance(part, dict) and isinstance(part.get("text"), str):
                texts.append(part["text"])
        return "\n\n".join(texts)
    return ""


def _turn(conv_id: str, i: int, msg: dict[str, Any]) -> TurnDraft | None:
    role = msg.get("role")
    text = _content_text(msg.get("content"))
    name = msg.get("name") if isinstance(msg.get("name"), str) and msg.get("name") else None
    turn_id = f"{conv_id}:{i}"
    if role in ("tool", "function"):
        return TurnDraft(turn_id, "tool", name or "tool", text, kind="tool_result")
    if role == "assistant":
        calls = msg.get("tool_calls") or msg.get("function_call")
        if calls and not text.strip():
            return TurnDraft(turn_id, "assistant", "assistant", json.dumps(calls), kind="tool_call")
        meta = {"name": name} if name else {}
        return TurnDraft(turn_id, "assistant", "assistant", text, metadata=meta)
    if role in ("user", "system", "developer"):
        real_role = "user" if role == "user" else "system"
        return TurnDraft(turn_id, real_role, name or real_role, text)
    return None


def _conversation(line_no: int, obj: Any, ctx: FileContext) -> ConversationDraft | None:
    where = f"line {line_no}"
    if not isinstance(obj, dict) or not isinstance(obj.get("messages"), list):
        ctx.skip(where, "expected an object with a 'messages' list; line skipped")
        return None
    messages = [m for m in obj["messages"] if isinstance(m, dict)]
    first_user = next((m for m in messages if m.get("role") == "user"), None)
    title = _content_text(first_user.get("content"))[:80].strip() if first_user else ""
    if isinstance(obj.get("title"), str) and obj["title"]:
        title = obj["title"]
    given = obj.get("conversation_id") or obj.get("id")
    conv_id = str(given) if isinstance(given, str | int) and given != "" else None
    conv_id = conv_id or stable_id(FORMAT, ctx.source.name, line_no, title)
    turns: list[TurnDraft] = []
    for i, msg in enumerate(obj["messages"]):
        turn = _turn(conv_id, i, msg) if isinstance(msg, dict) else None
        if turn is None:
            ctx.warn(f"{where}, message #{i}", "message without a known role; skipped")
            continue
        turns.append(turn)
    return ConversationDraft(
        id=conv_id, source=FORMAT, where=f"{where} id={conv_id}", title=title or None, turns=turns
    )


def parse(ctx: FileContext) -> Iterator[ConversationDraft]:
    """One conversation per line."""
    for line_no, obj in iter_json_lines(ctx):
        draft = ctx.guard(f"line {line_no}", _conversation, line_no, obj, ctx)
        if draft is not None:
            yield draft
