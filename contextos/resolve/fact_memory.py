"""The facts a user already has, with their vectors, for exact nearest-neighbour lookups.

Merge and supersession decisions compare a candidate with the *same subject's* facts by cosine
similarity. Doing that exactly (a matrix product) instead of through the store's approximate
vector index makes the decisions reproducible: an interrupted ingestion that is resumed ends
with the same graph as an uninterrupted one.
"""

from __future__ import annotations

import numpy as np

from contextos.models.facts import Fact

__all__ = ["FactMemory"]


class FactMemory:
    def __init__(self, facts: list[Fact] | None = None, vectors: np.ndarray | None = None) -> None:
        self._facts: list[Fact] = []
        self._rows: dict[str, int] = {}
        self._by_subject: dict[str, list[int]] = {}
        self._vectors = np.zeros((0, 0), dtype=np.float32)
        self._pending: list[np.ndarray] = []
        if facts:
            assert vectors is not None and len(vectors) == len(facts)
            for f, v in zip(facts, vectors, strict=True):
                self.add(f, v)

    def __len__(self) -> int:
        return len(self._facts)

    def get(self, fact_id: str) -> Fact | None:
        row = self._rows.get(fact_id)
        return self._facts[row] if row is not None else None

    def vector(self, fact_id: str) -> np.ndarray | None:
        """The stored vector of a known fact (so a repeated statement is not embedded again)."""
        row = self._rows.get(fact_id)
        return None if row is None else self._matrix()[row]

    def add(self, fact: Fact, vector: np.ndarray) -> None:
        """Remember a fact (a new id), or replace the stored copy of a known one."""
        if fact.id in self._rows:
            self._facts[self._rows[fact.id]] = fact
            return
        self._rows[fact.id] = len(self._facts)
        self._by_subject.setdefault(fact.subject.strip().casefold(), []).append(len(self._facts))
        self._facts.append(fact)
        self._pending.append(np.asarray(vector, dtype=np.float32))

    def update(self, fact_id: str, **changes: object) -> None:
        row = self._rows.get(fact_id)
        if row is not None:
            self._facts[row] = self._facts[row].model_copy(update=changes)

    def _matrix(self) -> np.ndarray:
        if self._pending:
            new = np.stack(self._pending)
            self._vectors = new if self._vectors.size == 0 else np.vstack([self._vectors, new])
            self._pending = []
        return self._vectors

    def neighbours(self, vector: np.ndarray, subject: str, k: int = 5) -> list[tuple[Fact, float]]:
        """The ``k`` most similar facts about ``subject``, best first (ties by id)."""
        rows = self._by_subject.get(subject.strip().casefold())
        if not rows:
            return []
        sims = self._matrix()[rows] @ np.asarray(vector, dtype=np.float32)
        order = sorted(range(len(rows)), key=lambda i: (-float(sims[i]), self._facts[rows[i]].id))
        return [(self._facts[rows[i]], float(sims[i])) for i in order[:k]]
