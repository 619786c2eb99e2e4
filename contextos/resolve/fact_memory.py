"""The facts a user already has, with their vectors, for exact nearest-neighbour lookups.

Merge and supersession decisions compare a candidate with the *same subject's* facts by cosine
similarity. Doing that exactly (a matrix product) instead of through the store's approximate
vector index makes the decisions reproducible: an interrupted ingestion that is resumed ends
with the same graph as an uninterrupted one.

Each subject keeps its vectors in one growable matrix (capacity doubles), so a lookup is one
matrix-vector product over that subject's rows and a partial sort of the top ``k`` — no copy of
the matrix per lookup, which matters at 100,000 facts. At that size a lookup is bound by
reading the matrix, so :meth:`FactMemory.prepare` scores all of a conversation's candidates
against the rows known at its start in one matrix product per subject; each lookup then adds
only the rows stored since.

What is kept per fact is a :class:`KnownFact` — the fields merge and supersession read — not the
whole :class:`Fact` with its evidence (a tenth of the memory: ~300 bytes instead of ~3 KB), and
each vector lives once, in its subject's matrix.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

import numpy as np

from contextos.models.facts import Fact
from contextos.resolve.facts import older
from contextos.resolve.slots import SlotReading

__all__ = ["FactMemory", "KnownFact", "Prepared"]


@dataclass(frozen=True, slots=True)
class KnownFact:
    """What resolution needs to know of a stored fact."""

    id: str
    subject: str
    text: str
    category: str
    valid_from: datetime | None
    valid_to: datetime | None = None
    superseded_by: str | None = None
    project: str | None = None
    status: str | None = None
    confidence: float = 0.0

    @property
    def is_current(self) -> bool:
        return self.valid_to is None and self.superseded_by is None

    @classmethod
    def of(cls, fact: Fact) -> KnownFact:
        return cls(
            fact.id,
            fact.subject,
            fact.text,
            fact.category,
            fact.valid_from,
            fact.valid_to,
            fact.superseded_by,
            fact.project,
            fact.status,
            fact.confidence,
        )


class _Rows:
    """One subject's facts and their vectors."""

    def __init__(self, dimension: int) -> None:
        self.facts: list[int] = []  # indexes into FactMemory._facts
        self.matrix = np.zeros((16, dimension), dtype=np.float32)

    def append(self, index: int, vector: np.ndarray) -> None:
        n = len(self.facts)
        if n == len(self.matrix):
            grown = np.zeros((2 * n, self.matrix.shape[1]), dtype=np.float32)
            grown[:n] = self.matrix
            self.matrix = grown
        self.matrix[n] = vector
        self.facts.append(index)


@dataclass(frozen=True)
class Prepared:
    """One candidate's similarities to the first ``count`` rows of its subject's matrix."""

    rows: _Rows
    count: int
    sims: np.ndarray


def _project_key(name: str) -> str:
    return re.sub(r"^(?:the|my|our)\s+", "", " ".join(name.casefold().split()))


class FactMemory:
    def __init__(self, facts: list[Fact] | None = None, vectors: np.ndarray | None = None) -> None:
        self._facts: list[KnownFact] = []
        self._where: list[tuple[_Rows, int]] = []  # each fact's row in its subject's matrix
        self._rows: dict[str, int] = {}
        self._by_subject: dict[str, _Rows] = {}
        self._status: dict[str, int] = {}  # project -> its newest current status fact
        #: each fact's slot reading (``resolve/slots.py``), once read
        self._slots: dict[str, SlotReading] = {}
        self._by_entity: dict[str, list[str]] = {}  # slot entity -> ids of facts read
        if facts:
            assert vectors is not None and len(vectors) == len(facts)
            for f, v in zip(facts, vectors, strict=True):
                self.add(f, v)

    def __len__(self) -> int:
        return len(self._facts)

    def get(self, fact_id: str) -> KnownFact | None:
        row = self._rows.get(fact_id)
        return self._facts[row] if row is not None else None

    def holder(self, fact_id: str) -> KnownFact | None:
        """The current fact at the end of ``fact_id``'s chain of ``superseded_by`` — what holds
        a replaced fact's place now (itself, if current; None if the chain ends otherwise)."""
        fact = self.get(fact_id)
        seen: set[str] = set()
        while fact is not None and not fact.is_current and fact.id not in seen:
            seen.add(fact.id)
            fact = self.get(fact.superseded_by) if fact.superseded_by else None
        return fact if fact is not None and fact.is_current else None

    def vector(self, fact_id: str) -> np.ndarray | None:
        """The stored vector of a known fact (so a repeated statement is not embedded again)."""
        row = self._rows.get(fact_id)
        if row is None:
            return None
        rows, at = self._where[row]
        return rows.matrix[at].copy()  # a copy: the matrix is replaced when it grows

    def add(self, fact: Fact, vector: np.ndarray) -> None:
        """Remember a fact (a new id), or replace the stored copy of a known one."""
        known = KnownFact.of(fact)
        if fact.id in self._rows:
            self._facts[self._rows[fact.id]] = known
            self._track_status(self._rows[fact.id])
            return
        vec = np.asarray(vector, dtype=np.float32)
        index = len(self._facts)
        self._rows[fact.id] = index
        self._facts.append(known)
        key = fact.subject.strip().casefold()
        if key not in self._by_subject:
            self._by_subject[key] = _Rows(len(vec))
        rows = self._by_subject[key]
        self._where.append((rows, len(rows.facts)))
        rows.append(index, vec)
        self._track_status(index)

    def update(self, fact_id: str, **changes: object) -> None:
        row = self._rows.get(fact_id)
        if row is not None:
            self._facts[row] = replace(self._facts[row], **changes)  # type: ignore[arg-type]
            self._track_status(row)

    def slot(self, fact_id: str) -> SlotReading | None:
        """A fact's slot reading, if it has been read."""
        return self._slots.get(fact_id)

    def set_slot(self, fact_id: str, reading: SlotReading) -> None:
        if fact_id not in self._slots:
            for entity in reading.entities:
                self._by_entity.setdefault(entity, []).append(fact_id)
        self._slots[fact_id] = reading

    def current(self) -> list[KnownFact]:
        """The current facts (entity state, ``resolve/state_book.py``)."""
        return [f for f in self._facts if f.is_current]

    def unread(self) -> list[KnownFact]:
        """The current facts whose slot has not been read (loaded from the store)."""
        return [f for f in self._facts if f.is_current and f.id not in self._slots]

    def slot_facts(self, entities: set[str]) -> list[tuple[KnownFact, SlotReading]]:
        """The current facts with a clause whose slot names one of ``entities``."""
        ids = dict.fromkeys(i for e in sorted(entities) for i in self._by_entity.get(e, []))
        out = []
        for fid in ids:
            fact = self.get(fid)
            if fact is not None and fact.is_current:
                out.append((fact, self._slots[fid]))
        return out

    def read_facts(self) -> list[tuple[KnownFact, SlotReading]]:
        """Every current fact whose slot has been read, with its reading."""
        out = []
        for fid, reading in self._slots.items():
            fact = self.get(fid)
            if fact is not None and fact.is_current:
                out.append((fact, reading))
        return out

    def status_fact(self, project: str) -> KnownFact | None:
        """The newest current statement of ``project``'s status, if there is one."""
        row = self._status.get(_project_key(project))
        return self._facts[row] if row is not None else None

    def _track_status(self, row: int) -> None:
        fact = self._facts[row]
        if not fact.project or not fact.status:
            return
        key = _project_key(fact.project)
        held = self._status.get(key)
        if fact.is_current:
            newer = (
                held is None
                or held == row
                or not older(fact.valid_from, self._facts[held].valid_from)
            )
            if newer:
                self._status[key] = row
        elif held == row:
            del self._status[key]

    def prepare(
        self, vectors: Sequence[np.ndarray], subjects: Sequence[str]
    ) -> list[Prepared | None]:
        """Similarities of many candidates to the facts known now, one matrix product per
        subject; pass each to :meth:`neighbours` (``None`` for a subject with no facts yet)."""
        out: list[Prepared | None] = [None] * len(vectors)
        by_subject: dict[str, list[int]] = {}
        for i, subject in enumerate(subjects):
            by_subject.setdefault(subject.strip().casefold(), []).append(i)
        for key, idx in by_subject.items():
            rows = self._by_subject.get(key)
            if rows is None or not rows.facts:
                continue
            n = len(rows.facts)
            block = np.asarray([vectors[i] for i in idx], dtype=np.float32)
            sims = rows.matrix[:n] @ block.T
            for col, i in enumerate(idx):
                out[i] = Prepared(rows, n, np.ascontiguousarray(sims[:, col]))
        return out

    def neighbours(
        self,
        vector: np.ndarray,
        subject: str,
        k: int = 5,
        prepared: Prepared | None = None,
    ) -> list[tuple[KnownFact, float]]:
        """The ``k`` most similar facts about ``subject``, best first (ties by id).
        ``prepared`` is this vector's :meth:`prepare` result, when there is one."""
        rows = self._by_subject.get(subject.strip().casefold())
        if rows is None or not rows.facts:
            return []
        n = len(rows.facts)
        vec = np.asarray(vector, dtype=np.float32)
        if prepared is not None and prepared.rows is rows:
            done = prepared.count
            sims = prepared.sims
            if n > done:
                sims = np.concatenate([sims, rows.matrix[done:n] @ vec])
        else:
            sims = rows.matrix[:n] @ vec
        if n > k:
            # the k best, plus everything tied with the k-th, then an exact ordering
            kth = np.partition(sims, n - k)[n - k]
            top = np.flatnonzero(sims >= kth)
        else:
            top = np.arange(n)
        order = sorted(top, key=lambda i: (-float(sims[i]), self._facts[rows.facts[i]].id))
        return [(self._facts[rows.facts[i]], float(sims[i])) for i in order[:k]]
