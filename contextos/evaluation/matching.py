"""Matching extracted facts against gold text by MiniLM cosine.

A gold fact counts as found when an accepted extracted fact from an overlapping turn (their
turn-id sets intersect) has cosine >= ``MATCH_THRESHOLD`` (0.70) with it, on
all-MiniLM-L6-v2 unit vectors. Both sides are third-person statements in the scenarios. SPC
persona lines are first person ("I like to ski."), so they are put in the third person with a
fixed pronoun table (``third_person``: "I" -> the speaker label, "my" -> "<label>'s",
"am" -> "is") before embedding; the extracted fact text is used as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

__all__ = ["MATCH_THRESHOLD", "best_matches", "third_person"]

MATCH_THRESHOLD = 0.70

_PRONOUNS = [
    (re.compile(r"\bI'm\b|\bI am\b", re.I), "{name} is"),
    (re.compile(r"\bI've\b", re.I), "{name} has"),
    (re.compile(r"\bI'd\b", re.I), "{name} would"),
    (re.compile(r"\bI'll\b", re.I), "{name} will"),
    (re.compile(r"\bI\b"), "{name}"),
    (re.compile(r"\bmy\b", re.I), "{name}'s"),
    (re.compile(r"\b(?:me|myself)\b", re.I), "{name}"),
    (re.compile(r"\bmine\b", re.I), "{name}'s"),
]


def third_person(line: str, name: str) -> str:
    out = line
    for pattern, repl in _PRONOUNS:
        out = pattern.sub(repl.format(name=name), out)
    return out


def best_matches(
    left: Sequence[str],
    right: Sequence[str],
    embed: Callable[[list[str]], np.ndarray],
    allowed: Callable[[int, int], bool],
) -> np.ndarray:
    """``sim[i, j]``: cosine of left[i] and right[j], or -1 where ``allowed(i, j)`` is False."""
    if not left or not right:
        return np.full((len(left), len(right)), -1.0, dtype=np.float32)
    vecs = np.asarray(embed(list(left) + list(right)), dtype=np.float32)
    sims = vecs[: len(left)] @ vecs[len(left) :].T
    for i in range(len(left)):
        for j in range(len(right)):
            if not allowed(i, j):
                sims[i, j] = -1.0
    return sims
