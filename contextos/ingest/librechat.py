"""LibreChat conversation export (``Export > JSON``).

Shape: ``{conversationId, title, endpoint, exportAt, branches, recursive, options, messages}``
(or a list of those). With ``recursive: true`` messages nest through ``children[]``; otherwise
they are flat and linked by ``parentMessageId`` (the root's parent is the all-zero uuid or
null). Each message has ``messageId``, ``isCreatedByUser``, ``sender``, ``text`` (or newer
``content`` parts), ``createdAt``.

* Both shapes are flattened (iteratively, so deep nesting is safe) and read as one tree.
* LibreChat does not export which branch was on screen: the canonical branch ends at the most
  recent leaf by ``createdAt``; without timestamps, at the last leaf in document order (the
  latest edit or regeneration).
* Roles come from ``isCreatedByUser``; the assistant's display name (``sender``) and ``model``
  go to metadata. ``content`` parts of type ``think`` become reasoning turns and ``tool_call``
  parts tool_call turns (ids ``<messageId>:<n>``, kept only with ``include_tools``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from contextos.ingest.drafts import ConversationDraft, TurnDraft, branch_turns
from contextos.ingest.filecontext import FileContext, record_head
from contextos.ingest.jsonstream import guarded_records
from contextos.ingest.timestamps import quiet_time
from contextos.ingest.trees import TreeCycleError, branch_layout, latest_leaf

__all__ = ["flatten", "parse"]

FORMAT = "librechat"


def flatten(messages: list[Any]) -> list[dict[str, Any]]:
    """Every message of a (possibly nested) list, in document order; parent ids filled in."""
    out: list[dict[str, Any]] = []
    stack: list[tuple[Any, str | None]] = [(m, None) for m in reversed(messages)]
    while stack:
        msg, parent = stack.pop()
        if not isinstance(msg, dict):
            continue
        if parent is not None and not msg.get("parentMessageId"):
            msg["parentMessageId"] = parent
        out.append(msg)
        children = msg.get("children")
        if isinstance(children, list):
            stack.extend((c, msg.get("messageId")) for c in reversed(children))
    return out


def _parts(msg_id: str, content: list[Any], stamp: Any) -> tuple[str, list[TurnDraft]]:
    texts: list[str] = []
    extra: list[TurnDraft] = []
    for part in content:
        if not isinstance(part, dict):
            continue
        ptype = part.get("type")
        value = part.get(ptype) if isinstance(ptype, str) else None
        if ptype == "text":
            text = value.get("value") if isinstance(value, dict) else value
            if isinstance(text, str):
                texts.append(text)
        elif ptype == "think" and isinstance(value, str):
            extra.append(
                TurnDraft(
                    f"{msg_id}:{len(extra) + 1}",
                    "assistant",
                    "assistant",
                    value,
                    stamp,
                    "reasoning",
                )
            )
        elif ptype == "tool_call" and isinstance(value, dict):
            body = json.dumps(value, ensure_ascii=False)
            extra.append(
                TurnDraft(
                    f"{msg_id}:{len(extra) + 1}", "assistant", "assistant", body, stamp, "tool_call"
                )
            )
    return "\n\n".join(texts), extra


def _message_turns(msg: dict[str, Any], ctx: FileContext, where: str) -> list[TurnDraft]:
    msg_id = str(msg["messageId"])
    role = "user" if msg.get("isCreatedByUser") else "assistant"
    stamp = quiet_time(msg.get("createdAt"))  # warned about once, in _conversation
    text = msg.get("text") if isinstance(msg.get("text"), str) else ""
    extra: list[TurnDraft] = []
    if isinstance(msg.get("content"), list):
        part_text, extra = _parts(msg_id, msg["content"], stamp)
        text = text or part_text
    meta: dict[str, Any] = {}
    if role == "assistant":
        for key in ("sender", "model"):
            if isinstance(msg.get(key), str) and msg[key]:
                meta[key] = msg[key]
    files = msg.get("files")
    if isinstance(files, list) and files:
        meta["files"] = [
            f.get("filename") for f in files if isinstance(f, dict) and f.get("filename")
        ]
    return [*extra, TurnDraft(msg_id, role, role, text or "", stamp, "message", meta)]


def _conversation(rec: Any, index: int, ctx: FileContext) -> ConversationDraft | None:
    head = record_head(rec, index, ctx, title_keys=("title",), id_keys=("conversationId",))
    if head is None:
        return None
    where = head.where
    if not isinstance(rec.get("messages"), list):
        ctx.skip(where, "conversation has no 'messages' list; skipped")
        return None
    by_id: dict[str, dict[str, Any]] = {}
    for i, msg in enumerate(flatten(rec["messages"])):
        mid = msg.get("messageId")
        if not isinstance(mid, str) or not mid:
            ctx.warn(f"{where}, message #{i}", "message without messageId; skipped")
            continue
        by_id.setdefault(mid, msg)
    parent_of: dict[str, str | None] = {}
    for mid, msg in by_id.items():
        parent = msg.get("parentMessageId")
        parent_of[mid] = parent if isinstance(parent, str) and parent in by_id else None
    stamps = {
        mid: ctx.time(m.get("createdAt"), f"{where}, message {mid}") for mid, m in by_id.items()
    }
    leaf = latest_leaf(by_id, parent_of, stamps)
    try:
        path, depth = branch_layout(parent_of, leaf, with_depths=ctx.options.include_branches)
    except TreeCycleError as exc:
        ctx.skip(where, f"{exc}; skipped")
        return None
    ids = path.ids if path else []
    others: list[tuple[dict[str, Any], int, str | None]] = []
    if ctx.options.include_branches:
        on_path = set(ids)
        others = [
            (msg, depth.get(mid, 0), parent_of[mid])
            for mid, msg in by_id.items()
            if mid not in on_path
        ]
    turns, alternates = branch_turns(
        [by_id[mid] for mid in ids], others, lambda m: _message_turns(m, ctx, where)
    )
    meta: dict[str, Any] = {}
    if isinstance(rec.get("endpoint"), str):
        meta["endpoint"] = rec["endpoint"]
    return head.draft(FORMAT, turns, alternates=alternates, metadata=meta)


def parse(ctx: FileContext) -> Iterator[ConversationDraft]:
    """Conversations of a LibreChat export."""
    yield from guarded_records(ctx, _conversation)
