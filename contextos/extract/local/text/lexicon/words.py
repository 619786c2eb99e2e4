"""The one helper the rule tables share."""

from __future__ import annotations


def words(text: str) -> frozenset[str]:
    """A word set written as one whitespace-separated string."""
    return frozenset(text.split())
