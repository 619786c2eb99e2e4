"""ParseOptions: time and title filters, assistant exclusion, validation."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from ingest_helpers import FIXTURES, parse, roles
from pydantic import ValidationError

from contextos.ingest import ParseOptions

CHATGPT = FIXTURES / "chatgpt" / "librechat__chatgpt-export.json"  # Oct 2023 and Jan 2024


def test_since_and_until_filter_conversations() -> None:
    recent, run = parse(CHATGPT, since=datetime(2024, 1, 1, tzinfo=UTC))
    assert [c.title for c in recent] == ["Conversation 1. Web Search"]
    assert run.filtered == 1 and run.stats["chatgpt"].skipped == 0
    older, _ = parse(CHATGPT, until=datetime(2024, 1, 1))  # naive = UTC
    assert [c.title for c in older] == ["Conversation 2"]
    none, _ = parse(CHATGPT, since=datetime(2030, 1, 1), until=datetime(2031, 1, 1))
    assert none == []


def test_conversations_without_timestamps_pass_time_filters() -> None:
    convs, _ = parse(
        FIXTURES / "other/librechat__chatbotui-export.json", since=datetime(2030, 1, 1)
    )
    assert len(convs) == 2


def test_title_pattern_glob_and_regex() -> None:
    glob, _ = parse(CHATGPT, title_pattern="*web search*")
    assert [c.title for c in glob] == ["Conversation 1. Web Search"]
    regex, _ = parse(CHATGPT, title_pattern=r"re:^conversation \d$")
    assert [c.title for c in regex] == ["Conversation 2"]
    untitled, _ = parse(
        FIXTURES / "openai-jsonl/openai-cookbook__examples_data_toy_chat_fine_tuning.jsonl",
        title_pattern="*",
    )
    assert len(untitled) == 4  # the line without a user message has no title


def test_exclude_assistant() -> None:
    convs, run = parse(CHATGPT, exclude_assistant=True)
    assert all(roles(c) == ["user"] * len(c.turns) for c in convs)
    assert run.stats["chatgpt"].turns == 5


def test_option_validation() -> None:
    with pytest.raises(ValidationError, match="invalid regular expression"):
        ParseOptions(title_pattern="re:(")
    with pytest.raises(ValidationError):
        ParseOptions(max_message_chars=0)
    assert ParseOptions(since=datetime(2025, 1, 1)).since == datetime(2025, 1, 1, tzinfo=UTC)
    assert ParseOptions().title_matches(None)
    assert not ParseOptions(title_pattern="*").title_matches(None)
