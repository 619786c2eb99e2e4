"""``ContextOSMemoryBlock``: contextos as long-term memory in LlamaIndex's ``Memory``.

``Memory`` asks its blocks for content before each LLM call (``aget``) and hands them the
messages it flushes out of its short-term queue (``aput``). This block answers the first with
contextos's context for the latest user message, and ingests the second as a conversation
through the whole pipeline, so what the user said becomes grounded facts::

    memory = Memory.from_defaults(
        session_id="dana-chat", token_limit=2000,
        memory_blocks=[ContextOSMemoryBlock(cx=cx, user="dana", max_tokens=300)])

The calls run in the caller's thread (a ``ContextOS`` is not shared across threads); an
ingest takes as long as the extractor needs for the flushed messages.
"""

from __future__ import annotations

from typing import Any

from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.bridge.pydantic import Field
from llama_index.core.memory.memory import BaseMemoryBlock

from contextos.llamaindex.conversations import conversation_from_messages
from contextos.models.report import IngestReport
from contextos.service import ContextOS

__all__ = ["ContextOSMemoryBlock"]


class ContextOSMemoryBlock(BaseMemoryBlock[str]):
    """Context for the current message in; finished turns back to contextos."""

    cx: ContextOS = Field(description="the open contextos facade", exclude=True)
    user: str = Field(description="the contextos user id the chat belongs to")
    user_name: str | None = Field(
        default=None, description="the user's name (default: the graph's)"
    )
    name: str = Field(default="contextos", description="the block's name in the memory template")
    max_tokens: int = Field(default=500, ge=1, description="the token budget of the context")
    agent_type: str = "general"
    #: contextos has nothing to add to an empty question
    min_query_chars: int = Field(default=1, ge=1)
    #: the report of the last ingest of flushed messages (None before the first)
    last_report: IngestReport | None = Field(default=None, exclude=True)

    def _name(self) -> str:
        if self.user_name:
            return self.user_name
        names = {u: n for u, n in self.cx.store.users()}
        return str(names.get(self.user) or self.user)

    async def _aget(self, messages: list[ChatMessage] | None = None, **block_kwargs: Any) -> str:
        """The ``<context_injection>`` for the latest user message; "" when there is none or
        contextos found nothing relevant."""
        query = next(
            (
                m.content
                for m in reversed(messages or [])
                if m.role == MessageRole.USER and m.content
            ),
            "",
        ).strip()
        if len(query) < self.min_query_chars:
            return ""
        result = self.cx.context(
            query, user=self.user, agent_type=self.agent_type, max_tokens=self.max_tokens
        )
        return result.injection if result.sources else ""

    async def _aput(self, messages: list[ChatMessage]) -> None:
        """Ingest the messages as one conversation (same messages twice: stored once)."""
        conv = conversation_from_messages(messages, self._name())
        if conv is not None:
            self.last_report = self.cx.ingest(conv, user=self.user, user_name=self._name())

    async def atruncate(self, content: str, tokens_to_truncate: int) -> str | None:
        """Memory over its token limit: contextos's context already fits its own budget, so
        it is dropped whole (the chat history is kept)."""
        return None
