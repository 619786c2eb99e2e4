"""Repetition and consistency: the same statement in several turns is more certain.

Two passes over one window's candidates. :func:`merge_repeats` merges candidates that say the
same thing about the same subject (same normalised text) into one with evidence from every
turn. :func:`corroborate` raises the confidence of preferences that other turns of the same
speaker agree with ("I enjoy cooking" ... "cooking is how I relax": same subject, same
polarity, overlapping object words). Each extra turn adds ``REPETITION_BONUS``, up to
``REPETITION_BONUS_MAX``, on top of the statement's own confidence.
"""

from __future__ import annotations

import re
from collections import defaultdict

from contextos.extract.local.text import lexicon as lx
from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact

__all__ = ["corroborate", "merge_repeats"]

_NORM = re.compile(r"[^a-z0-9]+")


def _bonus(extra_turns: int) -> float:
    return min(lx.REPETITION_BONUS_MAX, lx.REPETITION_BONUS * max(0, extra_turns))


def _own_turns(fact: CandidateFact) -> set[str]:
    """The turns of ``fact``'s evidence its subject spoke: not the other speaker's turn a
    "me too" takes its words from (``echoes.py``), which repeats nothing."""
    return {e.turn_id for e in fact.evidence} - {fact.attributes.get("echoes")}


def merge_repeats(result: ExtractionResult) -> None:
    """Merge candidates that say the same thing about the same subject (extra evidence)."""
    seen: dict[tuple[str, str, bool], CandidateFact] = {}
    base: dict[int, float] = {}
    kept: list[CandidateFact] = []
    for fact in result.facts:
        key = (fact.subject, _NORM.sub(" ", fact.text.lower()).strip(), bool(fact.flags))
        twin = seen.get(key)
        if twin is None:
            seen[key] = fact
            base[id(fact)] = fact.confidence
            kept.append(fact)
            continue
        turns = {e.turn_id for e in twin.evidence}
        twin.evidence.extend(ev for ev in fact.evidence if ev.turn_id not in turns)
        extra = len(_own_turns(twin)) - 1
        twin.confidence = round(min(1.0, base[id(twin)] + _bonus(extra)), 3)
    result.facts = kept


def corroborate(results: list[ExtractionResult]) -> None:
    """Raise preferences that other turns of the same speaker agree with (see module doc)."""
    groups: dict[tuple[str, str, str], list[CandidateFact]] = defaultdict(list)
    for res in results:
        for fact in res.facts:
            words = fact.attributes.get("object_words")
            if fact.flags or not words or fact.category not in ("like", "dislike"):
                continue
            polarity = fact.polarity
            groups[(fact.subject, fact.category, polarity)].append(fact)
    for facts in groups.values():
        if len(facts) < 2:
            continue
        for fact in facts:
            own_turns = _own_turns(fact)
            mine = set(fact.attributes["object_words"])
            others: set[str] = set()
            for other in facts:
                theirs = set(other.attributes["object_words"])
                if other is fact or not mine & theirs:
                    continue
                others |= _own_turns(other) - own_turns
            if others:
                extra = len(own_turns) - 1 + len(others)
                start = float(fact.attributes.get("base_confidence", fact.confidence))
                fact.confidence = round(min(1.0, max(fact.confidence, start + _bonus(extra))), 3)
