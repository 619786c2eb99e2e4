"""Which turns the items chosen so far carry, by kind: a fact and an excerpt quoting the turn it
came from never both spend budget, nor do two excerpts of one turn; two facts said in one
turn ("I live in Lisbon and I prefer async updates") are two things and may both go in."""

from __future__ import annotations

from contextos.models.context import ContextSource

__all__ = ["TurnCover"]

Turns = frozenset[tuple[str, str]]


class TurnCover:
    """``across_kinds=False`` checks only excerpt against excerpt: ranking keeps a fact and
    the excerpt of its turn both as candidates, and packing (which sees the template's facts
    too) keeps whichever comes first."""

    def __init__(self, across_kinds: bool = True) -> None:
        self.across_kinds = across_kinds
        self._facts: set[tuple[str, str]] = set()  # grounding turns of chosen facts
        self._quoted: set[tuple[str, str]] = set()  # turns chosen excerpts quote

    def blocks(self, source: ContextSource, turns: Turns) -> bool:
        """Whether an item of ``source``'s kind carrying ``turns`` repeats a chosen one."""
        if source.type == "episode":
            return bool(turns & self._quoted) or (self.across_kinds and bool(turns & self._facts))
        return self.across_kinds and bool(turns & self._quoted)

    def add(self, source: ContextSource, turns: Turns) -> None:
        (self._quoted if source.type == "episode" else self._facts).update(turns)
