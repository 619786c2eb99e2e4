"""Smart merge and supersession of facts (pure functions).

Given a new candidate and its nearest existing facts (by embedding similarity), decide:

* **merge** — the same statement again (same subject, cosine >= ``MERGE_SIMILARITY``, and no
  detail replaced by another): the existing fact gains the new evidence and turn ids; no new
  node. Saying more or less of it ("works at Dunmore" / "works at Dunmore Labs") is the same
  statement.
* **update** — a near-identical statement with a detail replaced ("wants it done by June" /
  "... by February", "Hugo is Sam's friend" / "... partner", "for 3 years" / "for 9 years"):
  embeddings barely tell these apart, but merging would silently drop the new detail, so the
  newer one supersedes the older.
* **supersede** — a negation of a current positive fact ("I don't use Windows anymore": cosine
  >= ``NEGATION_SIMILARITY`` and a content word in common besides the subject's name): the
  older one gets ``valid_to``/``superseded_by``. Nothing is deleted. A changed value of
  something that holds one value at a time is found by its slot (``resolve/slots.py``, applied
  in ``resolve/apply.py``), not here.
* **new** — otherwise.

A statement repeating a fact that has been replaced is a **restatement** (see
:func:`restatement`): said after the change, it is current again — as a fact of its own, so the
replaced one keeps its interval — and it replaces what had replaced it.

Order-independent: when the candidate is *older* than the fact it conflicts with, it is stored
already superseded by the newer one, so ingesting exports in any order gives the same graph.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from contextos.models.facts import Fact

if TYPE_CHECKING:  # fact_memory uses older() from here
    from contextos.resolve.fact_memory import KnownFact

__all__ = [
    "MERGE_SIMILARITY",
    "NEGATION_SIMILARITY",
    "Decision",
    "Reason",
    "decide",
    "older",
    "replacement",
    "replaces_detail",
    "restatement",
]

MERGE_SIMILARITY = 0.92
NEGATION_SIMILARITY = 0.60


#: Words that carry no detail of their own: a statement said with or without them is the same.
_FUNCTION_WORDS = frozenset(
    """a an the of in on at to for with and or by from since until as into about is are was
    were be been being am has have had do does did will would their his her its they them he
    she it this that these those there week""".split()
)
_WORD = re.compile(r"\w+")
#: the words that make a statement negative (closed class; "n't" is read as "nt")
_NEGATIONS = frozenset({"not", "no", "never", "nt", "cannot", "nothing", "nobody", "neither"})


def _details(text: str) -> set[str]:
    words = _WORD.findall(text.casefold().replace("’", "'").replace("'s", ""))
    return {w for w in words if w not in _FUNCTION_WORDS}


def _negative(text: str) -> bool:
    words = _WORD.findall(text.casefold().replace("’", "'").replace("n't", " nt"))
    return bool(set(words) & _NEGATIONS)


def negates(candidate: str, existing: str, subject: str) -> bool:
    """Whether a negative ``candidate`` can end ``existing``: it is a positive statement, and
    the two share a content word besides the subject's name ("no longer uses Windows" /
    "uses Windows"; not "is not doing a speech" / "is disappointed")."""
    if _negative(existing):
        return False
    names = {w.casefold() for w in subject.split()}
    shared = _details(candidate) & _details(existing)
    return bool(shared - names - _NEGATIONS)


def replaces_detail(candidate: str, existing: str) -> bool:
    """Whether each statement has a detail the other lacks — one was replaced, not added."""
    a, b = _details(candidate), _details(existing)
    return bool(a - b) and bool(b - a)


Reason = Literal["updated", "corrected", "negated"]


@dataclass(frozen=True)
class Decision:
    kind: Literal["new", "merge", "supersedes", "superseded_by"]
    target_id: str | None = None
    similarity: float = 0.0
    #: why a replacement replaces (the ``SUPERSEDES`` edge's reason)
    reason: Reason = "updated"


def _same_subject(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


def older(a: datetime | None, b: datetime | None) -> bool:
    """True when ``a`` is strictly earlier than ``b`` (unknown times never are)."""
    return a is not None and b is not None and a < b


def replacement(
    existing: Fact | KnownFact,
    valid_from: datetime | None,
    similarity: float = 0.0,
    reason: Reason = "updated",
) -> Decision:
    """A candidate from ``valid_from`` replacing ``existing``: the newer of the two supersedes
    the older, so the order of ingestion does not matter."""
    kind: Literal["supersedes", "superseded_by"] = (
        "superseded_by" if older(valid_from, existing.valid_from) else "supersedes"
    )
    return Decision(kind, existing.id, similarity, reason)


def restatement(
    text: str,
    valid_from: datetime | None,
    ended: Fact | KnownFact,
    holder: Fact | KnownFact | None,
) -> Decision:
    """A candidate repeating ``ended``, a fact that has been replaced; ``holder`` is what holds
    its place now (the current end of its ``superseded_by`` chain, if any).

    Said while ``ended`` still held (an export ingested out of order), it is more evidence of
    it. Said later, it is the newest statement and the fact is current again. It cannot merge
    into ``ended``: that node keeps its interval, which is the history of the change, so it
    would either stay history or, made current, stand beside ``holder``. So it is a fact of its
    own that replaces ``holder`` like any change does (or is stored already replaced by it,
    when ``holder`` is newer) — unless ``holder`` already says the same thing: then it is
    more evidence of that one.
    """
    if older(valid_from, ended.valid_to):
        return Decision("merge", ended.id, 1.0)
    if holder is None:
        return Decision("new")
    if _details(text) == _details(holder.text):
        return Decision("merge", holder.id, 1.0)
    return replacement(holder, valid_from, 1.0)


def decide(
    text: str,
    subject: str,
    category: str,
    valid_from: datetime | None,
    negated: bool,
    neighbours: list[tuple[Fact, float]] | list[tuple[KnownFact, float]],
) -> Decision:
    """What to do with a candidate, given ``(fact, cosine)`` neighbours, best first. A merge
    may name a fact that is no longer current; :func:`restatement` says what that means."""
    for fact, sim in neighbours:
        if not _same_subject(fact.subject, subject):
            continue
        if sim >= MERGE_SIMILARITY and not negated:
            if not replaces_detail(text, fact.text):
                return Decision("merge", fact.id, sim)
            if fact.is_current:  # the same statement with a detail changed: an update
                return replacement(fact, valid_from, sim)
            continue
        negation = negated and sim >= NEGATION_SIMILARITY and negates(text, fact.text, subject)
        if negation and fact.is_current:
            return replacement(fact, valid_from, sim, "negated")
    return Decision("new")
