"""Locating a model's quote in the turn it names: contextos computes the evidence span itself.

An LLM is asked to copy the words a fact comes from; it often copies them almost, not exactly
(other capitals, curly quotes for straight ones, a collapsed line break, a dropped comma, a
typo). :func:`locate_quote` finds where the quote is in the turn's text, in three steps, and
returns the span *of the turn's own text* — the stored evidence is always
``turn.text[start:end]``, never the model's copy:

1. **exact** — the quote occurs verbatim (its first occurrence).
2. **normalised** — both sides case-folded and stripped of accents, curly quotes and dashes
   made straight, ``…`` made ``...``, zero-width characters dropped and every run of whitespace
   made one space; the match is mapped back to offsets in the original text.
3. **fuzzy** — the best-matching span of the normalised text (rapidfuzz
   ``partial_ratio_alignment``), kept only when the whole quote and that span score at least
   :data:`FUZZY_THRESHOLD` (0–100, ``fuzz.ratio``: ``100 * (1 - edits / total length)``,
   roughly). 90 lets through a typo or a dropped comma in a ten-word quote and refuses a
   paraphrase ("I live in Trieste" is not found in "I moved to Trieste").

A quote that is empty, or not found at all, gives ``None``: the candidate is ``not_grounded``.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

__all__ = ["FUZZY_THRESHOLD", "QuoteMatch", "clean_quote", "locate_quote", "normalise"]

#: Minimum rapidfuzz ``ratio`` (0-100) between the quote and the span found for it.
FUZZY_THRESHOLD = 90.0

#: Shortest quote (normalised characters) the fuzzy step is tried for: a short quote within
#: a few edits of some span of a long turn says nothing.
MIN_FUZZY_CHARS = 8

_FOLD = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": "'",
    "\u201b": "'",
    "\u2032": "'",
    "\u00b4": "'",
    "`": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u201f": '"',
    "\u2033": '"',
    "\u00ab": '"',
    "\u00bb": '"',
    "\u2010": "-",
    "\u2011": "-",
    "\u2012": "-",
    "\u2013": "-",
    "\u2014": "-",
    "\u2015": "-",
    "\u2212": "-",
    "\u2026": "...",
}
_INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
_WRAPPERS = "\"'\u201c\u201d\u2018\u2019\u00ab\u00bb`"
_ELLIPSIS = re.compile(r"^(?:\.{3}|\u2026)\s*|\s*(?:\.{3}|\u2026)$")

Method = Literal["exact", "normalised", "fuzzy"]


@dataclass(frozen=True)
class QuoteMatch:
    """Where a quote is in a text: ``text[start:end]``, how it was found and its score."""

    start: int
    end: int
    method: Method
    score: float = 100.0


def clean_quote(quote: str) -> str:
    """The quote without what models wrap around it: whitespace, one pair of quotation marks,
    a leading or trailing ellipsis ("...was on call all week")."""
    q = quote.strip()
    for _ in range(2):
        if len(q) >= 2 and q[0] in _WRAPPERS and q[-1] in _WRAPPERS:
            q = q[1:-1].strip()
        q = _ELLIPSIS.sub("", q).strip()
    return q


def normalise(text: str) -> tuple[str, list[int]]:
    """``text`` folded for comparison, and for each of its characters the index of the
    original character it came from (so a match maps back to the original offsets)."""
    out: list[str] = []
    where: list[int] = []
    space = False
    for i, ch in enumerate(text):
        if ch in _INVISIBLE:
            continue
        if ch.isspace():
            if not space and out:
                out.append(" ")
                where.append(i)
            space = True
            continue
        space = False
        folded = _FOLD.get(ch)
        if folded is None:  # accents dropped: "é" and "e\u0301" both read "e"
            decomposed = unicodedata.normalize("NFKD", ch)
            folded = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
        for c in folded:
            out.append(c)
            where.append(i)
    if out and out[-1] == " ":
        out.pop()
        where.pop()
    return "".join(out), where


def _span(where: list[int], text: str, i: int, j: int) -> tuple[int, int]:
    """Original offsets of the normalised characters ``i:j`` (``j`` exclusive, ``i < j``)."""
    start, end = where[i], where[j - 1] + 1
    while end < len(text) and unicodedata.combining(text[end]):
        end += 1  # a base letter's accents belong to it
    return start, end


def _word_bounds(norm: str) -> tuple[list[int], list[int]]:
    """Where the words of ``norm`` start, and where they end."""
    starts = [m.start() for m in re.finditer(r"\S+", norm)]
    ends = [m.end() for m in re.finditer(r"\S+", norm)]
    return starts, ends


def _near(bounds: list[int], at: int) -> list[int]:
    """The word boundaries around ``at``: the nearest on each side and one more beyond."""
    k = bisect.bisect_left(bounds, at)
    return bounds[max(0, k - 2) : k + 2]


def _fuzzy(nq: str, nt: str, threshold: float) -> tuple[int, int, float] | None:
    """The whole-word span of ``nt`` closest to ``nq`` and its ratio, if above ``threshold``:
    rapidfuzz's best alignment, its ends moved to the word boundaries around them."""
    from rapidfuzz import fuzz

    if len(nq) < MIN_FUZZY_CHARS or len(nt) < MIN_FUZZY_CHARS:
        return None
    if len(nq) > len(nt) * 1.25 + 4:
        return None  # the quote says more than the whole turn: not copied from it
    found = fuzz.partial_ratio_alignment(nq, nt, score_cutoff=threshold)
    if found is None:
        return None
    i, j = found.dest_start, found.dest_end  # in ``nt`` whichever string is longer
    starts, ends = _word_bounds(nt)
    best: tuple[int, int, float] | None = None
    for a in [*_near(starts, i), i]:
        for b in [*_near(ends, j), j]:
            if a >= b:
                continue
            score = fuzz.ratio(nq, nt[a:b])
            if score >= threshold and (best is None or score > best[2]):
                best = (a, b, score)
    return best


def locate_quote(quote: str, text: str, *, threshold: float = FUZZY_THRESHOLD) -> QuoteMatch | None:
    """The span of ``text`` that ``quote`` was copied from, or None (see the module doc)."""
    q = clean_quote(quote)
    if not q or not text:
        return None
    at = text.find(q)
    if at >= 0:
        return QuoteMatch(at, at + len(q), "exact")
    nq, _ = normalise(q)
    nt, where = normalise(text)
    if not nq or not nt:
        return None
    at = nt.find(nq)
    if at >= 0:
        start, end = _span(where, text, at, at + len(nq))
        return QuoteMatch(start, end, "normalised")
    found = _fuzzy(nq, nt, threshold)
    if found is None:
        return None
    i, j, score = found
    start, end = _span(where, text, i, j)
    return QuoteMatch(start, end, "fuzzy", round(score, 1))
