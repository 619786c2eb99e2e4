"""Chatbot UI export (mckaywrigley/chatbot-ui, "Export data").

Shape (v4): ``{version, history: [{id, name, model, prompt, temperature, folderId, messages:
[{role, content}]}], folders, prompts}``; v1 exports are the bare ``history`` list.

* Conversation id: the export's ``id`` (else ``stable_id('chatbotui', file name, position,
  name)``); turn ids ``<conv id>:<n>`` by position in ``messages``.
* No timestamps exist in this format. The system ``prompt`` goes to
  ``metadata['system_prompt']``, the model id to ``metadata['model']``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from contextos.ingest.drafts import ConversationDraft, TurnDraft
from contextos.ingest.filecontext import FileContext, record_head
from contextos.ingest.jsonstream import guarded_records
from contextos.models.transcript import stable_id

__all__ = ["parse"]

FORMAT = "chatbotui"


def _conversation(rec: Any, index: int, ctx: FileContext) -> ConversationDraft | None:
    head = record_head(rec, index, ctx, title_keys=("name",), id_keys=None)
    if head is None:
        return None
    where, title = head.where, head.title
    messages = rec.get("messages")
    if not isinstance(messages, list):
        ctx.skip(where, "conversation has no 'messages' list; skipped")
        return None
    conv_id = rec.get("id")
    if not isinstance(conv_id, str) or not conv_id:
        conv_id = stable_id(FORMAT, ctx.source.name, index, title or "")
    turns: list[TurnDraft] = []
    for i, msg in enumerate(messages):
        if not isinstance(msg, dict):
            ctx.warn(f"{where}, message #{i}", "expected a message object; skipped")
            continue
        role = msg.get("role")
        if role not in ("user", "assistant", "system"):
            ctx.warn(f"{where}, message #{i}", f"unknown role {role!r}; message skipped")
            continue
        content = msg.get("content")
        text = content if isinstance(content, str) else ""
        turns.append(TurnDraft(f"{conv_id}:{i}", role, role, text))
    meta: dict[str, Any] = {}
    if isinstance(rec.get("prompt"), str) and rec["prompt"]:
        meta["system_prompt"] = rec["prompt"]
    model = rec.get("model")
    if isinstance(model, dict) and model.get("id"):
        meta["model"] = model["id"]
    return ConversationDraft(
        id=conv_id,
        source=FORMAT,
        where=f"{where} id={conv_id}",
        title=title,
        turns=turns,
        metadata=meta,
    )


def parse(ctx: FileContext) -> Iterator[ConversationDraft]:
    """Conversations of a Chatbot UI export."""
    yield from guarded_records(ctx, _conversation, object_prefix="history.item")
