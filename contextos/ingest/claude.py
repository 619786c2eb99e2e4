"""Claude.ai data export: ``conversations.json`` (a list), or one conversation in the web-API
shape (``current_leaf_message_uuid``, ``parent_message_uuid``).

Each conversation has ``uuid``, ``name``, ``created_at``/``updated_at`` (ISO 8601) and
``chat_messages``; each message has ``uuid``, ``sender`` (``human``/``assistant``),
``created_at``, ``text`` and/or ``content`` blocks, ``attachments`` (with ``extracted_content``)
and ``files``.

* When every message has a ``parent_message_uuid``, messages form a tree: the canonical branch
  ends at ``current_leaf_message_uuid`` when present, else at the most recent leaf. Otherwise
  the messages are one linear chat, sorted by ``created_at`` (exports do not keep array order).
* ``content`` blocks: ``text`` blocks make the message turn (id = message uuid); ``thinking``
  becomes a kind ``reasoning`` turn, ``tool_use`` a ``tool_call`` and ``tool_result`` a role
  ``tool`` turn, with ids ``<uuid>:<block index>`` (dropped unless ``include_tools``). Without
  content blocks the ``text`` field is used.
* attachments with ``extracted_content`` become kind ``attachment`` turns (``<uuid>:att<i>``,
  only with ``include_attachments``); file and attachment names go to the message's
  ``metadata['attachments']`` / ``metadata['files']``.
* records without ``chat_messages`` or without ``uuid`` are skipped with a warning.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from contextos.ingest.drafts import ConversationDraft, TurnDraft, branch_turns, present_fields
from contextos.ingest.filecontext import FileContext, record_head
from contextos.ingest.jsonstream import guarded_records
from contextos.ingest.timestamps import quiet_time
from contextos.ingest.trees import TreeCycleError, branch_layout, latest_leaf

__all__ = ["parse"]

FORMAT = "claude"


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _block_text(block: dict[str, Any]) -> str:
    btype = block.get("type")
    if btype == "text":
        return _str(block.get("text"))
    if btype == "thinking":
        return _str(block.get("thinking")) or _str(block.get("text"))
    if btype == "tool_use":
        payload = block.get("input")
        body = json.dumps(payload, ensure_ascii=False) if payload is not None else ""
        return f"{block.get('name') or 'tool'}({body})"
    if btype == "tool_result":
        inner = block.get("content")
        if isinstance(inner, list):
            return "\n".join(
                str(b.get("text")) for b in inner if isinstance(b, dict) and b.get("text")
            )
        return inner if isinstance(inner, str) else ""
    return _str(block.get("text"))


_BLOCK_KIND = {
    "thinking": ("assistant", "reasoning"),
    "redacted_thinking": ("assistant", "reasoning"),
    "tool_use": ("assistant", "tool_call"),
    "tool_result": ("tool", "tool_result"),
}


def _message_turns(msg: dict[str, Any], ctx: FileContext, where: str) -> list[TurnDraft]:
    msg_id = str(msg["uuid"])
    sender = msg.get("sender")
    role = "user" if sender == "human" else "assistant" if sender == "assistant" else None
    if role is None:
        ctx.warn(f"{where}, message {msg_id}", f"unknown sender {sender!r}; message skipped")
        return []
    stamp = quiet_time(msg.get("created_at"))  # warned about once, in _order
    meta: dict[str, Any] = {}
    files = [f.get("file_name") for f in msg.get("files") or [] if isinstance(f, dict)]
    attachments = [a for a in msg.get("attachments") or [] if isinstance(a, dict)]
    if files:
        meta["files"] = [f for f in files if f]
    if attachments:
        meta["attachments"] = [a.get("file_name") for a in attachments if a.get("file_name")]
    out: list[TurnDraft] = []
    main: TurnDraft | None = None
    blocks = msg.get("content")
    if isinstance(blocks, list) and any(isinstance(b, dict) for b in blocks):
        for position, block in enumerate(blocks):
            if not isinstance(block, dict):
                continue
            btype = block.get("type")
            text = _block_text(block)
            if btype in _BLOCK_KIND:
                brole, kind = _BLOCK_KIND[str(btype)]
                speaker = "assistant" if brole == "assistant" else str(block.get("name") or "tool")
                extra = {"tool": block["name"]} if block.get("name") else {}
                out.append(
                    TurnDraft(f"{msg_id}:{position}", brole, speaker, text, stamp, kind, extra)
                )
            elif main is None:
                main = TurnDraft(msg_id, role, role, text, stamp, "message", meta)
                out.append(main)
            elif text:
                main.text = f"{main.text}\n\n{text}" if main.text else text
        if main is not None and not main.text.strip():
            main.text = _str(msg.get("text"))
    if main is None:
        main = TurnDraft(msg_id, role, role, _str(msg.get("text")), stamp, "message", meta)
        out.insert(0, main)
    for i, att in enumerate(attachments):
        content = att.get("extracted_content")
        if isinstance(content, str) and content.strip():
            extra = {"file_name": att.get("file_name"), "file_type": att.get("file_type")}
            out.append(
                TurnDraft(f"{msg_id}:att{i}", "user", "user", content, stamp, "attachment", extra)
            )
    return out


def _order(
    messages: list[dict[str, Any]], current: object, ctx: FileContext, where: str
) -> tuple[list[dict[str, Any]], list[tuple[dict[str, Any], int, str | None]]]:
    """Canonical messages in order, and alternates as (message, depth, parent uuid)."""
    stamps: dict[str, datetime | None] = {
        m["uuid"]: ctx.time(m.get("created_at"), f"{where}, message {m['uuid']}") for m in messages
    }
    position = {m["uuid"]: i for i, m in enumerate(messages)}
    if not all(m.get("parent_message_uuid") for m in messages):

        def key(m: dict[str, Any]) -> tuple[float, int, int]:
            stamp = stamps.get(m["uuid"])
            return (
                stamp.timestamp() if stamp else float("-inf"),
                0 if m.get("sender") == "human" else 1,
                position[m["uuid"]],
            )

        return sorted(messages, key=key), []
    by_id = {m["uuid"]: m for m in messages}
    parent_of: dict[str, str | None] = {}
    for uid, m in by_id.items():
        parent = m.get("parent_message_uuid")
        parent_of[uid] = parent if isinstance(parent, str) and parent in by_id else None
    if isinstance(current, str) and current in by_id:
        leaf: str | None = current
    else:
        if current:
            ctx.warn(where, f"current_leaf_message_uuid {current!r} is unknown; using latest leaf")
        leaf = latest_leaf(by_id, parent_of, stamps)
    path, depth = branch_layout(parent_of, leaf, with_depths=ctx.options.include_branches)
    canonical = [by_id[uid] for uid in path.ids] if path else []
    on_path = set(path.ids) if path else set()
    alternates: list[tuple[dict[str, Any], int, str | None]] = []
    if ctx.options.include_branches:
        alternates = [
            (m, depth.get(uid, 0), parent_of.get(uid))
            for uid, m in by_id.items()
            if uid not in on_path
        ]
    return canonical, alternates


def _conversation(rec: Any, index: int, ctx: FileContext) -> ConversationDraft | None:
    head = record_head(rec, index, ctx, title_keys=("name",), id_keys=("uuid",))
    if head is None:
        return None
    where = head.where
    raw_messages = rec.get("chat_messages")
    if not isinstance(raw_messages, list):
        ctx.skip(where, "conversation has no 'chat_messages'; skipped")
        return None
    messages = []
    for i, m in enumerate(raw_messages):
        if isinstance(m, dict) and isinstance(m.get("uuid"), str) and m["uuid"]:
            messages.append(m)
        else:
            ctx.warn(f"{where}, message #{i}", "message without a uuid; skipped")
    try:
        canonical, alternates = _order(messages, rec.get("current_leaf_message_uuid"), ctx, where)
    except TreeCycleError as exc:
        ctx.skip(where, f"{exc}; skipped")
        return None
    turns, alt_turns = branch_turns(canonical, alternates, lambda m: _message_turns(m, ctx, where))
    metadata = present_fields(rec, ("summary", "model", "is_starred"))
    project = rec.get("project")
    if isinstance(project, dict) and project.get("uuid"):
        metadata["project_id"] = project.get("uuid")
        metadata["project_name"] = project.get("name")
    elif isinstance(rec.get("project_uuid"), str):
        metadata["project_id"] = rec["project_uuid"]
    return head.draft(
        FORMAT,
        turns,
        alternates=alt_turns,
        metadata=metadata,
        created_at=ctx.time(rec.get("created_at"), where),
        updated_at=ctx.time(rec.get("updated_at"), where),
    )


def parse(ctx: FileContext) -> Iterator[ConversationDraft]:
    """Conversations of a Claude export file, one at a time (streamed)."""
    yield from guarded_records(ctx, _conversation)
