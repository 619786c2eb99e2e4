"""Options for parsing chat exports."""

from __future__ import annotations

import fnmatch
import re
from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = ["ParseOptions"]

GIB = 1024**3


class ParseOptions(BaseModel):
    """What to read from an export and what to leave out.

    Every option has a safe default; ``ParseOptions()`` reads the canonical branch of every
    conversation, without tool traffic, with hostile-input limits on.
    """

    model_config = ConfigDict(frozen=True)

    include_branches: bool = Field(
        default=False,
        description=(
            "Fill Conversation.alternate_turns with the turns on other branches (edited "
            "questions, regenerated answers). Turns shared with the canonical branch are never "
            "repeated there; each alternate turn has metadata['parent_id'] so the tree can be "
            "rebuilt, and its index is its depth in the tree."
        ),
    )
    include_tools: bool = Field(
        default=False,
        description=(
            "Keep tool calls, tool results and model reasoning (kind tool_call, tool_result, "
            "reasoning; role tool for tool output). When False (default) those turns are left "
            "out of Conversation.turns entirely, so windows and token budgets only hold the "
            "dialogue. When True they are kept but stay non-extractable (Turn.extractable is "
            "False for them)."
        ),
    )
    include_attachments: bool = Field(
        default=False,
        description=(
            "Emit the extracted text of uploaded files (Claude attachments) as separate "
            "kind='attachment' turns right after the message. When False, only the file names "
            "are noted in the message's metadata['attachments']."
        ),
    )
    exclude_assistant: bool = Field(
        default=False, description="Drop every assistant turn (keeps user/system/tool turns)."
    )
    since: datetime | None = Field(
        default=None,
        description=(
            "Keep conversations with activity at or after this time (their last activity, "
            "updated_at or latest turn, is >= since). Naive datetimes are taken as UTC. "
            "Conversations without any timestamp are kept."
        ),
    )
    until: datetime | None = Field(
        default=None,
        description=(
            "Keep conversations that started before this time (created_at or earliest turn "
            "< until). Naive datetimes are taken as UTC."
        ),
    )
    title_pattern: str | None = Field(
        default=None,
        description=(
            "Keep only conversations whose title matches. A shell glob matched "
            "case-insensitively against the whole title ('*budget*'), or a regular expression "
            "searched case-insensitively when prefixed with 're:' ('re:^(work|ops) '). "
            "Conversations without a title never match."
        ),
    )
    max_message_chars: int = Field(
        default=100_000,
        ge=1,
        description="Longer message texts are truncated to this many characters, with a warning.",
    )
    max_zip_total_bytes: int = Field(
        default=2 * GIB,
        ge=1,
        description=(
            "Zip bomb guard: the archive's members may expand to at most this many bytes "
            "(declared sizes are checked up front, actual bytes while streaming)."
        ),
    )
    max_json_depth: int = Field(
        default=1000,
        ge=2,
        description=(
            "JSON nested deeper than this is refused before it is parsed (the streaming "
            "parser's memory grows with the square of the depth). Real exports nest about 15 "
            "levels; LibreChat's recursive export two more per message of a branch."
        ),
    )
    max_zip_members: int = Field(
        default=100_000, ge=1, description="Archives with more members are rejected."
    )
    gemini_session_gap_minutes: float = Field(
        default=30.0,
        gt=0,
        description=(
            "Gemini Takeout has no conversation ids: prompts less than this many minutes apart "
            "are grouped into one conversation."
        ),
    )

    @field_validator("since", "until")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value

    @field_validator("title_pattern")
    @classmethod
    def _valid_pattern(cls, value: str | None) -> str | None:
        if value is not None and value.startswith("re:"):
            try:
                re.compile(value[3:])
            except re.error as exc:
                raise ValueError(f"invalid regular expression {value[3:]!r}: {exc}") from exc
        return value

    def title_matches(self, title: str | None) -> bool:
        """Whether a conversation title passes :attr:`title_pattern`."""
        if self.title_pattern is None:
            return True
        if not title:
            return False
        if self.title_pattern.startswith("re:"):
            return re.search(self.title_pattern[3:], title, re.IGNORECASE) is not None
        return fnmatch.fnmatchcase(title.casefold(), self.title_pattern.casefold())
