"""Extraction windows over long conversations."""

from __future__ import annotations

import pytest

from contextos.embeddings.tokens import count_tokens
from contextos.ingest import estimate_tokens, windows
from contextos.models.transcript import Conversation, Turn


def _conversation(sizes: list[int]) -> Conversation:
    turns = [
        Turn(
            id=f"c:{i}",
            conversation_id="c",
            index=i,
            role="user" if i % 2 == 0 else "assistant",
            speaker="user" if i % 2 == 0 else "assistant",
            text="word " * (size // 5),
        )
        for i, size in enumerate(sizes)
    ]
    return Conversation(id="c", source="transcript", turns=turns)


def _cost(turn: Turn) -> int:
    return estimate_tokens(turn.text) + 4


def test_windows_cover_every_turn_in_order_and_overlap() -> None:
    conv = _conversation([400] * 200)  # 104 estimated tokens per turn
    parts = windows(conv, max_tokens=1000, overlap_tokens=250)
    assert len(parts) > 1
    seen = [t.id for w in parts for t in w]
    assert set(seen) == {t.id for t in conv.turns}
    for window in parts:
        assert sum(_cost(t) for t in window) <= 1000
        assert [t.index for t in window] == list(range(window[0].index, window[-1].index + 1))
    for a, b in zip(parts, parts[1:], strict=False):
        shared = [t for t in a if t in b]
        assert shared and shared == a[-len(shared) :]
        assert sum(_cost(t) for t in shared) <= 250
        assert b[0].index > a[0].index


def test_no_overlap_and_giant_turns() -> None:
    conv = _conversation([100, 40_000, 100, 100])
    parts = windows(conv, max_tokens=500, overlap_tokens=0)
    assert [[t.index for t in w] for w in parts] == [[0], [1], [2, 3]]
    assert windows(conv.turns[:1], max_tokens=500) == [conv.turns[:1]]
    assert windows([], max_tokens=10, overlap_tokens=0) == []


def test_exact_token_counter_and_argument_checks() -> None:
    conv = _conversation([200] * 30)
    exact = windows(conv, max_tokens=400, overlap_tokens=50, token_counter=count_tokens)
    assert all(sum(count_tokens(t.text) + 4 for t in w) <= 400 for w in exact)
    with pytest.raises(ValueError):
        windows(conv, max_tokens=100, overlap_tokens=100)
    with pytest.raises(ValueError):
        windows(conv, max_tokens=0)
