"""Supersession measured against the scenarios' gold ``superseded_by`` pairs.

Each scenario's validated extraction is resolved as ingestion resolves it: its conversations go,
in order, through :class:`~contextos.pipeline.conversation.ConversationPipeline` over a store
that holds nothing yet (:class:`_ReplayStore`: no database, the run's own memory is the graph),
so the facts stored and the ``SUPERSEDES`` pairs are the ones an ``ingest`` would write.

Stored facts are matched to gold facts as the eval matches them (MiniLM cosine >=
``threshold`` with a stored fact from an overlapping turn, :func:`best_matches`); a stored fact
may match several gold facts. Then:

* **pairs stored** — gold pairs (old -> new, ``superseded_by``) where both facts are matched by
  stored facts; **pairs superseded** — of those, the pairs where a stored match of the old one
  is replaced (directly or along its ``superseded_by`` chain) by a stored match of the new one.
* **supersessions** — every stored replacement; **wrongful** — a replacement whose new fact is
  neither a gold successor of the old one (some gold pair both match) nor a restatement of it
  (both match one gold fact). **wrongful, gold retired** — the wrongful ones whose old fact
  matches a gold fact (a true fact retired); the rest retire facts no gold names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from contextos.evaluation.datasets import Scenario
from contextos.evaluation.matching import best_matches
from contextos.extract.base import Extractor
from contextos.ingest import windows
from contextos.models.entities import Entity
from contextos.models.extraction import ExtractionResult
from contextos.models.facts import Fact
from contextos.models.transcript import Turn
from contextos.pipeline.conversation import ConversationPipeline

__all__ = ["SupersessionCounts", "measure_supersession"]

Embed = Callable[[list[str]], np.ndarray]


@dataclass
class SupersessionCounts:
    pairs_stored: int = 0
    pairs_superseded: int = 0
    supersessions: int = 0
    wrongful: int = 0
    wrongful_gold_retired: int = 0
    by_reason: dict[str, int] = field(default_factory=dict)
    #: per gold pair stored but not superseded, and per wrongful supersession: a line for -v
    missed: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    def add(self, other: SupersessionCounts) -> None:
        self.pairs_stored += other.pairs_stored
        self.pairs_superseded += other.pairs_superseded
        self.supersessions += other.supersessions
        self.wrongful += other.wrongful
        self.wrongful_gold_retired += other.wrongful_gold_retired
        for k, v in other.by_reason.items():
            self.by_reason[k] = self.by_reason.get(k, 0) + v
        self.missed.extend(other.missed)
        self.wrong.extend(other.wrong)

    @property
    def recall(self) -> float:
        return self.pairs_superseded / self.pairs_stored if self.pairs_stored else 0.0

    @property
    def wrongful_share(self) -> float:
        return self.wrongful / self.supersessions if self.supersessions else 0.0


class _ReplayStore:
    """What the pipeline reads from a store, for a user who has nothing stored yet: the turns
    of the scenario's earlier conversations (a pattern may quote them)."""

    name = "replay"

    def __init__(self, turns: list[Turn]) -> None:
        self._turns = {(t.conversation_id, t.id): t for t in turns}

    def entities(self, user_id: str) -> list[Entity]:
        return []

    def fact_vectors(self, user_id: str) -> tuple[list[Fact], list[list[float]]]:
        return [], []

    def entity_states(self, user_id: str) -> dict[str, list[str]]:
        return {}

    def turns(self, user_id: str, refs: list[tuple[str, str]]) -> list[tuple[str, Turn]]:
        return [(f"{c}\x1f{t}", self._turns[c, t]) for c, t in refs if (c, t) in self._turns]


@dataclass
class _Replayed:
    facts: dict[str, Fact]
    replaced: dict[str, str]  # old id -> new id
    reasons: dict[tuple[str, str], str]


def _replay(
    sc: Scenario, results: list[ExtractionResult], extractor: Extractor, embed: Embed
) -> _Replayed:
    store = _ReplayStore(sc.turns)
    pipeline = ConversationPipeline(store, extractor, embed, windows)  # type: ignore[arg-type]
    facts: dict[str, Fact] = {}
    replaced: dict[str, str] = {}
    reasons: dict[tuple[str, str], str] = {}
    for conv, extracted in zip(sc.conversations, results, strict=True):
        write, _stats = pipeline.process(conv, sc.user, extracted)
        for fw in write.facts:
            kept = facts.get(fw.fact.id)
            if kept is None:
                facts[fw.fact.id] = fw.fact.model_copy()
            else:
                kept.turn_ids = list(dict.fromkeys([*kept.turn_ids, *fw.fact.turn_ids]))
        for s in write.supersessions:
            if s.old_id not in replaced:
                replaced[s.old_id] = s.new_id
                reasons[s.old_id, s.new_id] = getattr(s, "reason", "updated")
    return _Replayed(facts, replaced, reasons)


def _chain(replaced: dict[str, str], start: str) -> list[str]:
    """The facts that replaced ``start``, one after another."""
    out: list[str] = []
    at = replaced.get(start)
    while at is not None and at not in out and at != start:
        out.append(at)
        at = replaced.get(at)
    return out


def _closure(pairs: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Gold successors along chains: a -> b -> c makes c a successor of a too."""
    out = set(pairs)
    while True:
        more = {(a, d) for a, b in out for c, d in out if b == c} - out
        if not more:
            return out
        out |= more


def measure_supersession(
    sc: Scenario,
    results: list[ExtractionResult],
    extractor: Extractor,
    embed: Embed,
    threshold: float,
) -> SupersessionCounts:
    """Resolve one scenario's validated extraction as ingestion does and count (module doc)."""
    counts = SupersessionCounts()
    replayed = _replay(sc, results, extractor, embed)
    stored = list(replayed.facts.values())
    gold = sc.facts
    if not stored or not gold:
        return counts
    sims = best_matches(
        [g.text for g in gold],
        [f.text for f in stored],
        embed,
        lambda i, j: bool(set(stored[j].turn_ids) & set(gold[i].turn_ids)),
    )
    matches = sims >= threshold  # gold i x stored j
    index = {f.id: j for j, f in enumerate(stored)}
    gold_at = {g.id: i for i, g in enumerate(gold) if g.id}
    direct = {
        (i, gold_at[g.superseded_by])
        for i, g in enumerate(gold)
        if g.superseded_by and g.superseded_by in gold_at
    }
    successor = _closure(direct)
    for i, k in sorted(direct):
        olds, news = np.flatnonzero(matches[i]), np.flatnonzero(matches[k])
        if not len(olds) or not len(news):
            continue
        counts.pairs_stored += 1
        new_ids = {stored[j].id for j in news}
        if any(new_ids & set(_chain(replayed.replaced, stored[j].id)) for j in olds):
            counts.pairs_superseded += 1
        else:
            o, n = stored[olds[0]], stored[news[0]]
            counts.missed.append(
                f"{sc.id} {gold[i].text!r} -> {gold[k].text!r}; stored"
                f" [{o.subject}/{o.category}] {o.text!r} -> [{n.subject}/{n.category}] {n.text!r}"
            )
    for (old_id, new_id), reason in replayed.reasons.items():
        counts.supersessions += 1
        counts.by_reason[reason] = counts.by_reason.get(reason, 0) + 1
        jo, jn = index.get(old_id), index.get(new_id)
        if jo is None or jn is None:
            continue
        old_gold = set(np.flatnonzero(matches[:, jo]).tolist())
        new_gold = set(np.flatnonzero(matches[:, jn]).tolist())
        if old_gold & new_gold or any((i, k) in successor for i in old_gold for k in new_gold):
            continue
        counts.wrongful += 1
        counts.wrongful_gold_retired += bool(old_gold)
        counts.wrong.append(
            f"{sc.id} {stored[jo].text!r} <- {stored[jn].text!r} ({reason}"
            + (", gold retired)" if old_gold else ")")
        )
    return counts
