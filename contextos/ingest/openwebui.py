"""Open WebUI chat export (``Settings > Chats > Export``): a JSON list of chats.

Shape: ``[{id, user_id, title, chat: {title, models, history: {currentId, messages: {id:
{id, parentId, childrenIds, role, content, model, timestamp, output[]}}}, messages[]},
created_at, updated_at, ...}]``. Timestamps are epoch seconds (some versions write
nanoseconds; both are read).

* The canonical branch ends at ``history.currentId`` (else the latest leaf); without a
  ``history`` the linear ``chat.messages`` list is used.
* ``<details type="reasoning">`` and ``<details type="tool_calls">`` blocks are cut out of the
  message text. With ``include_tools`` they come back as separate turns: from ``output[]`` items
  (``reasoning`` -> kind reasoning, ``function_call`` -> tool_call, ``function_call_output`` ->
  tool_result) when present, else from the ``<details>`` blocks. Ids: ``<message id>:<n>``.
* Chat id and message ids are the export's own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from typing import Any

from contextos.ingest.drafts import ConversationDraft, TurnDraft, branch_turns
from contextos.ingest.filecontext import FileContext, record_head
from contextos.ingest.jsonstream import guarded_records
from contextos.ingest.timestamps import quiet_time
from contextos.ingest.trees import TreeCycleError, branch_layout, latest_leaf

__all__ = ["parse", "split_details"]

FORMAT = "openwebui"
_DETAILS = re.compile(
    r"<details\b(?P<attrs>[^>]*)>(?:\s*<summary>.*?</summary>)?(?P<body>.*?)</details>",
    re.DOTALL | re.IGNORECASE,
)
_TYPE = re.compile(r'type="([^"]*)"')


def split_details(content: str) -> tuple[str, list[tuple[str, str]]]:
    """Message text without ``<details>`` blocks, and the blocks as (type, text)."""
    blocks: list[tuple[str, str]] = []

    def cut(m: re.Match[str]) -> str:
        kind = _TYPE.search(m.group("attrs"))
        blocks.append((kind.group(1) if kind else "", unescape(m.group("body")).strip()))
        return ""

    return _DETAILS.sub(cut, content).strip(), blocks


def _output_turns(msg_id: str, output: list[Any], stamp: Any) -> list[TurnDraft]:
    turns: list[TurnDraft] = []
    for item in output:
        if not isinstance(item, dict):
            continue
        itype = item.get("type")
        if itype == "reasoning":
            texts = [c.get("text") for c in item.get("content") or [] if isinstance(c, dict)]
            text, role, kind = (
                "\n".join(t for t in texts if isinstance(t, str)),
                "assistant",
                "reasoning",
            )
        elif itype == "function_call":
            text = f"{item.get('name')}({item.get('arguments') or ''})"
            role, kind = "assistant", "tool_call"
        elif itype == "function_call_output":
            out = item.get("output")
            if isinstance(out, list):
                text = "\n".join(
                    str(o.get("text")) for o in out if isinstance(o, dict) and o.get("text")
                )
            else:
                text = out if isinstance(out, str) else json.dumps(out)
            role, kind = "tool", "tool_result"
        else:
            continue
        speaker = "tool" if role == "tool" else "assistant"
        turns.append(TurnDraft(f"{msg_id}:{len(turns) + 1}", role, speaker, text, stamp, kind))
    return turns


def _message_turns(msg: dict[str, Any], ctx: FileContext, where: str) -> list[TurnDraft]:
    msg_id = str(msg["id"])
    role = msg.get("role")
    if role not in ("user", "assistant", "system"):
        ctx.warn(f"{where}, message {msg_id}", f"unknown role {role!r}; message skipped")
        return []
    stamp = ctx.time(msg.get("timestamp"), f"{where}, message {msg_id}")
    content = msg.get("content")
    text, details = split_details(content if isinstance(content, str) else "")
    meta: dict[str, Any] = {}
    if msg.get("model"):
        meta["model"] = msg["model"]
    files = msg.get("files")
    if isinstance(files, list) and files:
        meta["files"] = [f.get("name") for f in files if isinstance(f, dict) and f.get("name")]
    turns: list[TurnDraft] = []
    if ctx.options.include_tools:
        output = msg.get("output")
        if isinstance(output, list) and output:
            turns = _output_turns(msg_id, output, stamp)
        else:
            for n, (dtype, body) in enumerate(details, start=1):
                kind = "reasoning" if dtype == "reasoning" else "tool_result"
                r = "assistant" if kind == "reasoning" else "tool"
                turns.append(TurnDraft(f"{msg_id}:{n}", r, r, body, stamp, kind))
    turns.append(TurnDraft(msg_id, role, role, text, stamp, "message", meta))
    return turns


def _ordered(chat: dict[str, Any], ctx: FileContext, where: str) -> tuple[list, list]:
    history = chat.get("history")
    if isinstance(history, dict) and isinstance(history.get("messages"), dict):
        nodes = {k: v for k, v in history["messages"].items() if isinstance(v, dict)}
        for key, node in nodes.items():
            node.setdefault("id", key)
        parent_of: dict[str, str | None] = {}
        for key, node in nodes.items():
            parent = node.get("parentId")
            parent_of[key] = parent if isinstance(parent, str) and parent in nodes else None
        current = history.get("currentId")
        if not isinstance(current, str) or current not in nodes:
            if current:
                ctx.warn(where, f"currentId {current!r} is unknown; using the latest leaf")
            stamps = {k: quiet_time(v.get("timestamp")) for k, v in nodes.items()}
            current = latest_leaf(nodes, parent_of, stamps)
        path, depth = branch_layout(parent_of, current, with_depths=ctx.options.include_branches)
        ids = path.ids if path else []
        alternates = []
        if ctx.options.include_branches:
            on_path = set(ids)
            alternates = [(nodes[k], depth[k], parent_of[k]) for k in nodes if k not in on_path]
        return [nodes[k] for k in ids], alternates
    messages = chat.get("messages")
    if isinstance(messages, list):
        out = []
        for i, m in enumerate(messages):
            if isinstance(m, dict):
                m.setdefault("id", f"{i}")
                out.append(m)
        return out, []
    return [], []


def _conversation(rec: Any, index: int, ctx: FileContext) -> ConversationDraft | None:
    head = record_head(
        rec, index, ctx, title_keys=("title", "chat.title"), id_keys=("id", "chat.id"), noun="chat"
    )
    if head is None:
        return None
    where = head.where
    chat = rec.get("chat")
    if not isinstance(chat, dict):
        ctx.skip(where, "chat has no 'chat' object (no messages); skipped")
        return None
    try:
        canonical, alternates = _ordered(chat, ctx, where)
    except TreeCycleError as exc:
        ctx.skip(where, f"{exc}; skipped")
        return None
    turns, alt_turns = branch_turns(canonical, alternates, lambda m: _message_turns(m, ctx, where))
    models = chat.get("models")
    return head.draft(
        FORMAT,
        turns,
        alternates=alt_turns,
        metadata={"models": models} if isinstance(models, list) and models else {},
        created_at=ctx.time(rec.get("created_at"), where),
        updated_at=ctx.time(rec.get("updated_at"), where),
    )


def parse(ctx: FileContext) -> Iterator[ConversationDraft]:
    """Chats of an Open WebUI export, one at a time (streamed)."""
    yield from guarded_records(ctx, _conversation, noun="chat")
