"""Fusion: weighted reciprocal-rank fusion of the retrievers' lists, then a greedy pass for
diversity — an item much like one already chosen is scaled down, and a fact and the turn it
came from never both spend budget (the later of the two is dropped)."""

from __future__ import annotations

from dataclasses import dataclass, field

from contextos.context.query import ItemKind, ScoredItem
from contextos.context.turn_cover import TurnCover
from contextos.models.context import ContextItem

__all__ = ["Ranked", "diversify", "reciprocal_rank_fusion"]

Ref = tuple[ItemKind, str]


def reciprocal_rank_fusion(
    lists: dict[str, list[ScoredItem]], weights: dict[str, float], k: float = 60.0
) -> dict[Ref, float]:
    """ref -> sum over the lists holding it of ``weight / (k + rank)`` (rank from 1; a
    retriever listing an item twice counts its best rank)."""
    fused: dict[Ref, float] = {}
    for name, items in lists.items():
        weight = weights.get(name, 1.0)
        if weight <= 0:
            continue
        seen: set[Ref] = set()
        for rank, item in enumerate(sorted(items, key=lambda it: -it.score), 1):
            if item.ref in seen:
                continue
            seen.add(item.ref)
            fused[item.ref] = fused.get(item.ref, 0.0) + weight / (k + rank)
    return fused


@dataclass
class Ranked:
    """A hydrated candidate: its line, its score, the words it says (diversity) and the turns
    it carries (conversation id, turn id) — a fact's grounding turns, an excerpt's quotes."""

    item: ContextItem
    score: float
    words: frozenset[str] = frozenset()
    turns: frozenset[tuple[str, str]] = field(default_factory=frozenset)
    at: float | None = None


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def diversify(
    ranked: list[Ranked], threshold: float, penalty: float, limit: int = 30
) -> list[Ranked]:
    """Best first, re-ranked greedily (up to ``limit`` items): an item whose words overlap a
    chosen one's by ``threshold`` (Jaccard) or more is scaled by ``penalty`` (once); an item
    quoting a turn a chosen excerpt quotes is dropped (a fact and its turn's excerpt are
    both kept: packing keeps the first of them, :class:`TurnCover`)."""
    pool = sorted(ranked, key=lambda r: -r.score)
    similar = [False] * len(pool)
    alive = list(range(len(pool)))
    chosen: list[Ranked] = []
    covered = TurnCover(across_kinds=False)
    while alive and len(chosen) < limit:
        pick = max(alive, key=lambda i: (pool[i].score * (penalty if similar[i] else 1.0), -i))
        alive.remove(pick)
        cand = pool[pick]
        if covered.blocks(cand.item.source, cand.turns):
            continue
        covered.add(cand.item.source, cand.turns)
        if similar[pick]:
            cand.score *= penalty
        chosen.append(cand)
        for i in alive:
            if not similar[i] and cand.words and _jaccard(pool[i].words, cand.words) >= threshold:
                similar[i] = True
    return chosen
