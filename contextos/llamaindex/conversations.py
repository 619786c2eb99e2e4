"""LlamaIndex text (text nodes, chat messages) as contextos conversations, so it goes through
the same pipeline as an export file: extract, validate, resolve, write.

Ids are derived from the content (and the chat session), so handing the same text over twice
changes nothing: the second ingest finds the conversation stored unchanged and skips it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.schema import BaseNode, MetadataMode

from contextos.models.transcript import Conversation, Role, Turn, stable_id

__all__ = ["SOURCE", "conversation_from_messages", "conversation_from_node"]

#: ``Conversation.source`` of everything that came in through the LlamaIndex adapters.
SOURCE = "llamaindex"

_ROLES: dict[str, Role] = {
    "user": "user",
    "assistant": "assistant",
    "model": "assistant",
    "chatbot": "assistant",
    "system": "system",
    "developer": "system",
    "tool": "tool",
    "function": "tool",
}


def _when(value: Any, default: datetime) -> datetime:
    """A timestamp from node metadata or a message's extra fields (a datetime or ISO text)."""
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, str):
        try:
            return _when(datetime.fromisoformat(value.replace("Z", "+00:00")), default)
        except ValueError:
            return default
    return default


def conversation_from_node(node: BaseNode, user_name: str) -> Conversation | None:
    """A text node as one user turn (the text is something the user said, as for
    :class:`~contextos.extract.llamaindex.GraphExtractor`); None for a node without text.
    ``metadata`` may name the ``speaker`` and the ``timestamp``."""
    text = node.get_content(metadata_mode=MetadataMode.NONE).strip()
    if not text:
        return None
    conv_id = stable_id(SOURCE, "node", node.node_id)
    turn = Turn(
        id=f"{conv_id}:0",
        conversation_id=conv_id,
        index=0,
        role="user",
        speaker=str(node.metadata.get("speaker") or user_name),
        text=text,
        timestamp=_when(node.metadata.get("timestamp"), datetime.now(UTC)),
    )
    title = node.metadata.get("title") or node.metadata.get("file_name")
    return Conversation(
        id=conv_id, source=SOURCE, title=str(title) if title else None, turns=[turn]
    )


def conversation_from_messages(
    messages: Sequence[ChatMessage], user_name: str, session_id: str | None = None
) -> Conversation | None:
    """Chat messages (a finished stretch of one chat) as a conversation; the user's messages
    are said by ``user_name``. None when no message has text."""
    now = datetime.now(UTC)
    said = [(m, _ROLES.get(str(m.role.value), "user"), (m.content or "").strip()) for m in messages]
    said = [(m, role, text) for m, role, text in said if text]
    if not said:
        return None
    session = session_id or next(
        (
            str(m.additional_kwargs["session_id"])
            for m, _, _ in said
            if m.additional_kwargs.get("session_id")
        ),
        "",
    )
    conv_id = stable_id(SOURCE, "chat", session, *(f"{role}:{text}" for _, role, text in said))
    turns = [
        Turn(
            id=f"{conv_id}:{i}",
            conversation_id=conv_id,
            index=i,
            role=role,
            speaker=user_name if role == "user" else role,
            text=text,
            timestamp=_when(m.additional_kwargs.get("timestamp"), now),
        )
        for i, (m, role, text) in enumerate(said)
    ]
    return Conversation(id=conv_id, source=SOURCE, turns=turns)
