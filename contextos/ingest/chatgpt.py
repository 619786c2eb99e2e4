"""ChatGPT data export: ``conversations.json`` (inside the export zip, or on its own).

Shape: a JSON list of conversations (or one conversation object). Each has ``title``,
``create_time``/``update_time`` (epoch seconds), ``conversation_id`` or ``id``, ``current_node``
and a ``mapping`` of node id -> ``{id, message, parent, children}``. The mapping is a tree:
edits and regenerations are siblings. The canonical branch is the path from ``current_node`` up
to the root (the latest leaf when ``current_node`` is missing or unknown).

How messages become turns:

* root nodes with ``message: null`` and nodes without a ``message`` key are skipped;
* messages hidden from the UI (``metadata.is_visually_hidden_from_conversation``) are dropped,
  except custom instructions;
* custom instructions (``content_type: user_editable_context``, ``metadata.is_user_system_message``
  or ``metadata.user_context_message_data``) are the user describing themselves: role ``user``,
  kind ``custom_instructions``; the text is the "about me" profile followed by the
  response instructions (both also in metadata);
* ``multimodal_text``: text parts are kept, images are listed in ``metadata['images']``;
* ``thoughts`` and ``reasoning_recap``: role ``assistant``, kind ``reasoning``;
* assistant messages addressed to a tool (``recipient`` other than ``all``, or ``code``
  content): kind ``tool_call``; messages from a tool (``author.role: tool``: browsing, python,
  image generation...): role ``tool``, kind ``tool_result``. Both are dropped unless
  ``include_tools``.

Problems are per conversation: no ``mapping`` or no id, a cycle in the parent pointers: the
conversation is skipped with a warning; a parent id pointing outside the mapping or an unknown
``current_node``: a warning, and the reachable part is kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from contextos.ingest.drafts import ConversationDraft, TurnDraft, as_alternate, present_fields
from contextos.ingest.filecontext import FileContext, record_head
from contextos.ingest.jsonstream import guarded_records
from contextos.ingest.timestamps import quiet_time
from contextos.ingest.trees import TreeCycleError, branch_layout, latest_leaf

__all__ = ["parse", "turn_from_message"]

FORMAT = "chatgpt"
_REASONING = frozenset({"thoughts", "reasoning_recap"})
_TOOL_CONTENT = frozenset(
    {"code", "execution_output", "tether_browsing_display", "tether_quote", "system_error"}
)


def _parts_text(parts: list[Any], metadata: dict[str, Any]) -> str:
    texts: list[str] = []
    for part in parts:
        if isinstance(part, str):
            if part:
                texts.append(part)
        elif isinstance(part, dict):
            ctype = part.get("content_type")
            if ctype == "image_asset_pointer":
                metadata.setdefault("images", []).append(part.get("asset_pointer"))
            elif isinstance(part.get("text"), str):  # audio_transcription and the like
                texts.append(part["text"])
            elif ctype:
                metadata.setdefault("other_parts", []).append(ctype)
    return "\n\n".join(texts)


def _content_text(content: dict[str, Any], metadata: dict[str, Any]) -> str:
    ctype = content.get("content_type")
    if ctype == "thoughts":
        thoughts = content.get("thoughts")
        if isinstance(thoughts, list):
            chunks = []
            for item in thoughts:
                if isinstance(item, dict):
                    body = item.get("content") or item.get("summary") or ""
                    if isinstance(body, str) and body:
                        chunks.append(body)
            return "\n\n".join(chunks)
    if ctype == "reasoning_recap" and isinstance(content.get("content"), str):
        return str(content["content"])
    parts = content.get("parts")
    if isinstance(parts, list):
        return _parts_text(parts, metadata)
    for key in ("text", "result", "summary"):
        value = content.get(key)
        if isinstance(value, str) and value:
            return value
    return ""


def _custom_instructions(content: dict[str, Any], meta: dict[str, Any]) -> tuple[str, dict]:
    """The 'about me' text and the response instructions of a custom-instructions message."""
    data = meta.get("user_context_message_data")
    about = content.get("user_profile")
    how = content.get("user_instructions")
    if isinstance(data, dict):
        about = about or data.get("about_user_message")
        how = how or data.get("about_model_message")
    extra = {"user_profile": about, "user_instructions": how}
    pieces = [p for p in (about, how) if isinstance(p, str) and p.strip()]
    if not pieces and isinstance(content.get("parts"), list):
        pieces = [_parts_text(content["parts"], extra)]
    return "\n\n".join(pieces), {k: v for k, v in extra.items() if v}


def turn_from_message(msg: dict[str, Any], node_id: str) -> TurnDraft | None:
    """The turn for one mapping node's message, or None when it is not shown to the user."""
    author = msg.get("author")
    role = author.get("role") if isinstance(author, dict) else None
    content = msg.get("content")
    if not isinstance(content, dict):
        content = {}
    meta = msg.get("metadata")
    if not isinstance(meta, dict):
        meta = {}
    ctype = content.get("content_type")
    msg_id = msg.get("id")
    turn_id = str(msg_id) if msg_id not in (None, "") else node_id
    stamp = quiet_time(msg.get("create_time"))
    if (
        ctype == "user_editable_context"
        or meta.get("is_user_system_message")
        or isinstance(meta.get("user_context_message_data"), dict)
    ):
        text, extra = _custom_instructions(content, meta)
        return TurnDraft(turn_id, "user", "user", text, stamp, "custom_instructions", extra)
    if meta.get("is_visually_hidden_from_conversation"):
        return None
    metadata: dict[str, Any] = {}
    parts = content.get("parts")
    if (
        ctype == "text"
        and isinstance(parts, list)
        and len(parts) == 1
        and isinstance(parts[0], str)
    ):
        text = parts[0]  # the common case
    else:
        text = _content_text(content, metadata)
    recipient = msg.get("recipient")
    kind = "message"
    speaker = role
    if role == "assistant":
        if ctype in _REASONING:
            kind = "reasoning"
        elif ctype in _TOOL_CONTENT or (recipient is not None and recipient != "all"):
            kind = "tool_call"
            metadata["recipient"] = recipient
        model = meta.get("model_slug")
        if model:
            metadata["model"] = model
    elif role == "user":
        attachments = meta.get("attachments")
        if isinstance(attachments, list) and attachments:
            metadata["attachments"] = [
                a.get("name") for a in attachments if isinstance(a, dict) and a.get("name")
            ]
    elif role == "tool":
        kind = "tool_result"
        name = author.get("name") if isinstance(author, dict) else None
        metadata["tool"] = name
        speaker = str(name) if name else "tool"
    elif role != "system":
        return None
    if ctype and ctype != "text":
        metadata["content_type"] = ctype
    return TurnDraft(turn_id, str(role), str(speaker), text, stamp, kind, metadata)


def _conversation(rec: Any, index: int, ctx: FileContext) -> ConversationDraft | None:
    head = record_head(
        rec, index, ctx, title_keys=("title",), id_keys=("conversation_id", "id"), id_name="id"
    )
    if head is None:
        return None
    where = head.where
    mapping = rec.get("mapping")
    if not isinstance(mapping, dict) or not mapping:
        ctx.skip(where, "conversation has no 'mapping' (no messages); skipped")
        return None
    parent_of: dict[str, str | None] = {}
    for node_id, node in mapping.items():
        parent = node.get("parent") if isinstance(node, dict) else None
        parent_of[node_id] = parent if isinstance(parent, str) and parent else None
    current = rec.get("current_node")
    if not isinstance(current, str) or current not in mapping:
        if current:
            ctx.warn(
                where, f"current_node {current!r} is not in the mapping; using the latest leaf"
            )
        times = {
            k: quiet_time((v.get("message") or {}).get("create_time"))
            for k, v in mapping.items()
            if isinstance(v, dict) and isinstance(v.get("message"), dict)
        }
        current = latest_leaf(mapping.keys(), parent_of, times)
    try:
        path, depth_of = branch_layout(parent_of, current, with_depths=ctx.options.include_branches)
    except TreeCycleError as exc:
        ctx.skip(where, f"{exc}; skipped")
        return None
    if path is not None and path.dangling_parent is not None:
        ctx.warn(
            where,
            f"parent id {path.dangling_parent!r} is not in the mapping; the conversation "
            "starts at the earliest message that is",
        )
    on_path = set(path.ids) if path else set()
    turns = [turn for _, turn in _turns(mapping, path.ids if path else [])]
    alternates: list[TurnDraft] = []
    if ctx.options.include_branches:
        others = [k for k in mapping if k not in on_path]
        alternates = [
            as_alternate(
                turn, max(0, depth_of.get(node_id, 1) - 1), _parent_msg_id(mapping, node_id)
            )
            for node_id, turn in _turns(mapping, others)
        ]
    create = ctx.time(rec.get("create_time"), where)
    update = ctx.time(rec.get("update_time"), where)
    metadata = present_fields(rec, ("default_model_slug", "gizmo_id", "is_archived", "is_starred"))
    return head.draft(
        FORMAT,
        turns,
        alternates=alternates,
        metadata=metadata,
        created_at=create,
        updated_at=update,
    )


def _parent_msg_id(mapping: dict[str, Any], node_id: str) -> str | None:
    parent = mapping[node_id].get("parent")
    node = mapping.get(parent) if isinstance(parent, str) else None
    msg = node.get("message") if isinstance(node, dict) else None
    if isinstance(msg, dict) and msg.get("id"):
        return str(msg["id"])
    return parent if isinstance(parent, str) else None


def _turns(mapping: dict[str, Any], ids: list[str]) -> list[tuple[str, TurnDraft]]:
    turns: list[tuple[str, TurnDraft]] = []
    for node_id in ids:
        node = mapping.get(node_id)
        if not isinstance(node, dict):
            continue
        msg = node.get("message")
        if not isinstance(msg, dict):
            continue
        turn = turn_from_message(msg, node_id)
        if turn is not None:
            turns.append((node_id, turn))
    return turns


def parse(ctx: FileContext) -> Iterator[ConversationDraft]:
    """Conversations of a ChatGPT export file, one at a time (streamed)."""
    yield from guarded_records(ctx, _conversation)
