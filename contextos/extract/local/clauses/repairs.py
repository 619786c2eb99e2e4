"""Speech repairs: the words a speaker took back in the same breath.

Dictated and hurried text corrects itself in line: "choir is Monday no sorry Thursday
nights", "its at Brannock Park no not Brannock Park sorry at the school", "they won 3-2 on
aggregate no sorry 3-2 after a replay". A repair has three parts: the reparandum (what was
said wrongly), the interregnum (the "no sorry", "I mean", "or rather" that marks the change)
and the repair (what was meant). Parsed as written, the sentence states both, and the
statement reads "choir is Monday no sorry Thursday nights".

:func:`repaired` blanks the reparandum and the interregnum with spaces, so the parser reads
what was meant and offsets into the turn still hold. A marker only counts as an interregnum
when the repair lines up with the words before it:

* the marker is explicit ("no sorry", "no wait", "sorry I mean", "no not ... sorry") and
  the repair's first word was said shortly before ("at Brannock Park ... sorry at the school",
  "3-2 on aggregate no sorry 3-2 after a replay"): the reparandum runs from there; or
* the repair's first word fills the same slot as the word before the marker: a weekday for
  a weekday, a month for a month, a number for a number, a capitalised name for a name
  ("Monday no sorry Thursday", "born in 1979 I mean 1978").

A weak marker ("I mean", "or rather") only counts in the second way. Otherwise the marker is
left alone ("I love it, I mean it's great" takes nothing back).
"""

from __future__ import annotations

import re

from contextos.extract.local.dates import is_month
from contextos.extract.local.text import lexicon as lx

__all__ = ["repaired"]

#: What marks a self-correction between what was said and what was meant. "no not <words>"
#: names the reparandum again ("no not Brannock Park sorry"); a lone "sorry" must stand between
#: commas or dashes ("Tuesday, sorry, Wednesday").
_INTERREGNUM = re.compile(
    r"""(?ix)
    (?:,\s*|\s+-+\s*|\s+)
    (?:
        no\s+not\s+[^,.;!?]{1,40}?,?\s+sorry
      | (?:no|oh)[,.]?\s+sorry(?:,?\s+i\s+mean)?
      | sorry[,.]?\s+(?:no|i\s+mean)
      | no[,.]?\s+wait
      | wait[,.]?\s+no
      | no[,.]?\s+i\s+mean
      | (?P<weak>i\s+mean|or\s+rather)
      | (?<=,\s)sorry(?=,)
      | (?<=-\s)sorry(?=\s-)
    )
    [,.:]?(?:\s+-+)?\s+
    """
)
#: One of these is in every interregnum: a cheap test before the regex.
_MARKER_WORDS = ("sorry", "wait", "mean", "rather")
_WORD = re.compile(r"[\w'’-]+")
_NUMBER = re.compile(r"^\d[\d.,:/-]*(?:st|nd|rd|th|am|pm|k|s)?$", re.IGNORECASE)
#: How far back (in words) the repair's first word may have been said.
_LOOKBACK_WORDS = 6


def repaired(text: str) -> str:
    """``text`` with each self-corrected reparandum and its interregnum blanked by spaces."""
    low = text.lower()
    if not any(word in low for word in _MARKER_WORDS) or not _INTERREGNUM.search(text):
        return text
    out = list(text)
    for m in _INTERREGNUM.finditer(text):
        repair = _WORD.match(text, m.end())
        if repair is None:
            continue
        start = _reparandum_start(text, m.start(), repair.group(0), same_slot_only=bool(m["weak"]))
        if start is not None:
            out[start : m.end()] = " " * (m.end() - start)
    return "".join(out)


def _reparandum_start(text: str, marker: int, repair_word: str, same_slot_only: bool) -> int | None:
    """Where the words the marker at ``marker`` takes back begin, or None when the repair
    does not line up with what was said before it. A weak marker ("I mean", "or rather",
    which also just go on: "I love it, I mean it's great") counts only when the repair swaps
    the value said last for one of its kind."""
    before = [w for w in _WORD.finditer(text, max(0, marker - 200), marker)]
    # words of the same sentence only
    cut = max(text.rfind(p, 0, marker) for p in ".!?\n")
    before = [w for w in before if w.start() > cut][-_LOOKBACK_WORDS:]
    if not before:
        return None
    low = repair_word.lower()
    for w in reversed([] if same_slot_only else before):
        if w.group(0).lower() == low:
            return w.start()
    last = before[-1]
    slot = _slot(repair_word)
    if slot is not None and _slot(last.group(0)) == slot:
        return _name_start(before) if slot == "name" else last.start()
    return None


def _slot(word: str) -> str | None:
    """The kind of value a word fills, when a self-correction can swap it for another."""
    low = word.lower()
    if low in lx.DAY_NAMES or low in lx.DAY_SHORTHAND:
        return "weekday"
    if is_month(word):
        return "month"
    if _NUMBER.match(word):
        return "number"
    if word[:1].isupper() and not word.isupper() and low not in {"i", "i'm", "i’m"}:
        return "name"
    return None


def _name_start(words: list[re.Match[str]]) -> int:
    """Start of the run of capitalised words that ends ``words`` ("Brannock Park")."""
    start = words[-1].start()
    for w in reversed(words[:-1]):
        if _slot(w.group(0)) != "name":
            break
        start = w.start()
    return start
