"""Splitting long conversations into overlapping windows for extraction.

Token sizes are *estimated* by default (``ceil(chars / 4)`` plus 4 tokens per turn for the
speaker label and separators), which is within about 10-20% of cl100k for English prose and
costs nothing, whereas running the real tokenizer over every turn would dominate ingestion at
tens of thousands of turns per second. Pass ``token_counter=count_tokens``
(:func:`contextos.embeddings.tokens.count_tokens`) when exact sizes matter more than speed.

Guarantees: every turn is in at least one window, in order; consecutive windows share their
boundary turns (the tail of one window, up to ``overlap_tokens``, and at least one turn, starts
the next); a single turn larger than ``max_tokens`` gets a window of its own and is never split.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from contextos.models.transcript import Conversation, Turn

__all__ = ["estimate_tokens", "windows"]

TURN_OVERHEAD_TOKENS = 4


def estimate_tokens(text: str) -> int:
    """A cheap token estimate: one token per four characters, rounded up."""
    return (len(text) + 3) // 4


def windows(
    conversation_or_turns: Conversation | Iterable[Turn],
    max_tokens: int = 4000,
    overlap_tokens: int = 400,
    *,
    token_counter: Callable[[str], int] | None = None,
) -> list[list[Turn]]:
    """Consecutive, overlapping windows of at most ``max_tokens`` (estimated) tokens each.

    ``conversation_or_turns`` is a :class:`Conversation` (its canonical ``turns``) or any
    iterable of turns. ``overlap_tokens=0`` gives disjoint windows.
    """
    if max_tokens < 1:
        raise ValueError("max_tokens must be at least 1")
    if overlap_tokens < 0 or overlap_tokens >= max_tokens:
        raise ValueError("overlap_tokens must be >= 0 and smaller than max_tokens")
    if isinstance(conversation_or_turns, Conversation):
        turns = list(conversation_or_turns.turns)
    else:
        turns = list(conversation_or_turns)
    count = token_counter or estimate_tokens
    cost = [count(t.text) + TURN_OVERHEAD_TOKENS for t in turns]
    out: list[list[Turn]] = []
    start = 0
    n = len(turns)
    while start < n:
        end, total = start, 0
        while end < n and (end == start or total + cost[end] <= max_tokens):
            total += cost[end]
            end += 1
        out.append(turns[start:end])
        if end >= n:
            break
        if overlap_tokens == 0:
            start = end
            continue
        back, tail = end - 1, cost[end - 1]
        while back - 1 > start and tail + cost[back - 1] <= overlap_tokens:
            back -= 1
            tail += cost[back]
        start = max(start + 1, back)
    return out
