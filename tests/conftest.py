"""Fixtures for every test: conversations built from (role, text) tuples, and a ContextOS on
a fresh data directory."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos import ContextOS
from contextos.models.transcript import Conversation, Turn

WHEN = datetime(2023, 5, 8, 10, 0, tzinfo=UTC)


def make_conv(
    turns: list[tuple[str, str]] | list[tuple[str, str, str]],
    when: datetime = WHEN,
    conv_id: str = "c1",
) -> Conversation:
    """Turns from (role, text) or (role, speaker, text) tuples, ids "<conv_id>:<index>"."""
    out = []
    for i, spec in enumerate(turns):
        if len(spec) == 2:
            role, text = spec  # type: ignore[misc]
            speaker = "Dana" if role == "user" else "assistant"
        else:
            role, speaker, text = spec  # type: ignore[misc]
        out.append(
            Turn(
                id=f"{conv_id}:{i}",
                conversation_id=conv_id,
                index=i,
                role=role,
                speaker=speaker,
                text=text,
                timestamp=when,
            )
        )
    return Conversation(id=conv_id, source="test", turns=out)


@pytest.fixture(name="make_conv", scope="session")
def make_conv_fixture():
    return make_conv


@pytest.fixture
def chat():
    """A chat of one user statement and the assistant's "Noted.", on day ``day`` of March
    2026: ``chat("a", 2, "I live in Lisbon.")``; turn ids "a:0", "a:1"."""

    def _chat(cid: str, day: int, text: str) -> Conversation:
        turns = [("user", "user", text), ("assistant", "assistant", "Noted.")]
        return make_conv(turns, datetime(2026, 3, day, 9, tzinfo=UTC), cid)

    return _chat


@pytest.fixture
def cx(tmp_path):
    """A ContextOS on an empty data directory (the embedded store), closed afterwards."""
    with ContextOS.open(tmp_path / "data") as c:
        yield c
