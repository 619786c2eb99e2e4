"""The pieces of the REST service that need no server: the bind rule, error mapping, the
conversation a POST of messages becomes, preference types, and the retention rule."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from contextos.api.errors import library_error
from contextos.api.jobs import conversation_of
from contextos.api.security import check_bind, is_loopback
from contextos.errors import (
    ConfigError,
    ExtractionError,
    InputError,
    NotFoundError,
    StoreError,
)
from contextos.models.facts import Fact, FactType
from contextos.models.preferences import Preference
from contextos.service import ContextOS
from contextos.settings import load_settings


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"])
def test_loopback_addresses(host):
    assert is_loopback(host)
    check_bind(host, load_settings())


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.4", "::", "example.com"])
def test_other_addresses_need_a_token(host):
    assert not is_loopback(host)
    with pytest.raises(ConfigError, match="CONTEXTOS_API_TOKEN"):
        check_bind(host, load_settings())
    check_bind(host, load_settings(api_token="t"))
    check_bind(host, load_settings(api_user_tokens={"t": "dana"}))


def test_library_errors_map_to_status_and_code():
    cases = [
        (NotFoundError("preference", "p1"), 404, "preference_not_found"),
        (NotFoundError("job", "j1"), 404, "job_not_found"),
        (StoreError("down"), 503, "graph_unavailable"),
        (ExtractionError("model"), 500, "extraction_failed"),
        (InputError("f", "bad"), 400, "invalid_input"),
        (ConfigError("bad"), 400, "invalid_input"),
    ]
    for exc, status, code in cases:
        mapped = library_error(exc)
        assert (mapped.status, mapped.code) == (status, code)


def test_posted_messages_become_one_conversation_with_stable_ids():
    payload = {
        "platform": "api",
        "session_id": None,
        "user_name": "Dana",
        "title": None,
        "messages": [
            {"role": "user", "content": "I live in Oslo.", "timestamp": "2026-03-01T10:00:00Z"},
            {"role": "assistant", "content": "Nice.", "timestamp": None, "speaker": None},
        ],
    }
    a, b = conversation_of(payload), conversation_of(payload)
    assert a.id == b.id and [t.id for t in a.turns] == [t.id for t in b.turns]
    assert [t.speaker for t in a.turns] == ["Dana", "assistant"]
    assert a.turns[0].timestamp == datetime(2026, 3, 1, 10, tzinfo=UTC)
    assert a.source == "api"
    other = conversation_of({**payload, "session_id": "chat-7"})
    assert other.id == "chat-7" and other.turns[1].id == "chat-7:1"


def test_preference_types_are_snake_case_words():
    assert Preference.check_type("Communication style") == "communication_style"
    assert Preference.check_type("tool-choice") == "tool_choice"
    for bad in ("", "1st", "a/b", "x" * 65):
        with pytest.raises(ValueError):
            Preference.check_type(bad)


def _fact(category: str, age_days: float, type_: FactType = FactType.USER_FACT) -> Fact:
    said = datetime(2026, 6, 1, tzinfo=UTC)
    return Fact(
        id="f",
        user_id="u",
        text="t",
        type=type_,
        category=category,  # type: ignore[arg-type]
        confidence=0.9,
        subject="u",
        turn_ids=[],
        evidence="t",
        valid_from=said - timedelta(days=age_days),
    )


def test_retention_by_category_or_type():
    settings = load_settings(retention_days={"location": 30, "USER_PATTERN": 365})
    cx = ContextOS(store=None, data_dir=Path("."), settings=settings)  # type: ignore[arg-type]
    now = datetime(2026, 6, 1, tzinfo=UTC)
    assert cx.retained(_fact("location", 29), now)
    assert not cx.retained(_fact("location", 31), now)
    assert cx.retained(_fact("work", 10_000), now)  # no rule: kept
    assert not cx.retained(_fact("trait", 400, FactType.USER_PATTERN), now)
    assert cx.retained(_fact("trait", 300, FactType.USER_PATTERN), now)
