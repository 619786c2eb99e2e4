"""Checks of an LLM fact against the sentence its quote sits in, made by contextos.

A model may quote "move to Trieste" out of "If we move to Trieste next year, ..." and state
"Dana is moving to Trieste", or quote "live in Bergen" out of "I don't live in Bergen any more".
The quote is grounded; the fact is not what was said. These cue lists flag such candidates so
:func:`contextos.validate.validate` rejects them (``hypothetical``, ``negated``), as it does the
local extractor's.
"""

from __future__ import annotations

import re

from contextos.models.facts import CandidateFlag

__all__ = ["flags_for", "sentence_around"]

_HYPOTHETICAL = re.compile(
    r"\b(?:if|unless|would|might|maybe|perhaps|someday|some day|one day|what if|suppose|"
    r"supposing|imagine|i wish|wish i|i'd like|i would like|i'd love|i would love|"
    r"thinking about|thinking of|considering|dream of|dreaming of|hypothetically)\b",
    re.IGNORECASE,
)
_NEGATION = re.compile(r"\b(?:not|never|no longer|nobody|nothing|none)\b|n't\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?\n]+\s*")


def sentence_around(text: str, start: int, end: int) -> str:
    """The sentence(s) of ``text`` that the span ``start:end`` lies in."""
    left = 0
    for m in _SENTENCE_END.finditer(text, 0, start):
        left = m.end()
    after = _SENTENCE_END.search(text, end)
    right = after.start() + 1 if after else len(text)
    return text[left:right]


def flags_for(fact_text: str, turn_text: str, start: int, end: int) -> list[CandidateFlag]:
    """``hypothetical`` when the quote's sentence is a condition, wish or maybe and the fact
    says none of that; ``negated`` when the sentence is negated and the fact is not."""
    sentence = sentence_around(turn_text, start, end)
    flags: list[CandidateFlag] = []
    if _HYPOTHETICAL.search(sentence) and not _HYPOTHETICAL.search(fact_text):
        flags.append(CandidateFlag.HYPOTHETICAL)
    if _NEGATION.search(sentence) and not _NEGATION.search(fact_text):
        flags.append(CandidateFlag.NEGATED)
    return flags
