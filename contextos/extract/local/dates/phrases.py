"""Where the date phrases of a text are: the patterns NER of a small model misses or cuts
short ("Thursday the 21st", "March 9th", "in sept", "a week on Sunday"), less what only looks
like a date (the modal "may", "sat down", "every Monday and Thursday", "on Sunday mornings",
"my 3rd-dan grading", "the last evening away"), and NER's DATE entities besides.
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.local.dates.calendar_words import (
    COUNT_RE,
    COUNTED_NOUNS,
    LIST_JOINS,
    MONTH_RE,
    MONTHS,
    NTH_WEEK_RE,
    ORD_RE,
    PARTS_RE,
    WEEKDAY_RE,
    WEEKDAY_SHORT,
)
from contextos.extract.local.text.nlp import doc_text

__all__ = ["DAY_RANGE", "date_spans", "doc_date_spans"]


#: An ordinal that counts the noun after it ("my 18th edition exam", "her 2nd draft").
_COUNTING_ORDINAL = re.compile(r"^\d{1,2}(?:st|nd|rd|th)$", re.I)
_COUNTED = re.compile(rf"^(?:{COUNTED_NOUNS})s?$", re.I)


#: "4 to 7 March", "14-15 March", "2nd - 4th March": days of one month.
_DAY_RANGE_RE = (
    r"(?P<first>\d{1,2})(?:st|nd|rd|th)?\s*(?:-|–|to|until|till|through|thru)\s*"
    r"(?P<last>\d{1,2}(?:st|nd|rd|th)?\s+)"
)
DAY_RANGE = re.compile(rf"^{_DAY_RANGE_RE}(?P<month>{MONTH_RE}(?:,?\s+\d{{4}})?)$", re.I)


_YEAR_RE = r"(?:,?\s+\d{4})?"
_WD_LEAD = rf"(?:{WEEKDAY_RE},?\s+)?"
#: What may follow a bare "the 19th" for it to be a day of the month (not "the 2nd floor").
_AFTER_ORD = (
    r"(?=\s*(?:$|[^\w\s]|(?:of|at|and|or|but|so|like|to|for|when|because|instead|"
    r"not|too|then|is|was|which|as|in|by|before|after|if|we|i|it|he|she|they|though|"
    r"now|again|anyway|instead|"
    # how the day went, or what it will do ("the talk on the 26th went fine")
    r"went|goes|go|got|gets|worked|works|happened|looks|looked|sounds|will|would|should|"
    r"can|could|didn't|doesn't|don't|won't|wasn't)\b))"
)


#: A part of a day named by the day ("last night", "this evening", "yesterday afternoon",
#: "Sunday evening"): that day; the part of the day is not kept.
_PART_OF_DAY_RE = (
    rf"(?:last\s+night|(?:this|yesterday|tomorrow|{WEEKDAY_RE})\s+"
    rf"(?:{PARTS_RE}))\b"
)


_EVERY_PART_OF_DAY = re.compile(
    rf"(?:\s*(?:,|and|or|&|/)\s*{WEEKDAY_RE})*\s+(?:{PARTS_RE})s\b", re.I
)


#: "a week on Sunday", "two weeks on Monday", "a week on Friday", "Tuesday fortnight",
#: "Friday week", "a fortnight on Tuesday": so many weeks after a day said relatively (British).
_WEEKS_ON_RE = (
    rf"\b(?:(?:{COUNT_RE})\s+weeks?|a\s+fortnight)\s+"
    rf"(?:today|tomorrow|(?:on\s+)?{WEEKDAY_RE})\b(?!\s+(?:ago|{PARTS_RE}))"
    rf"|\b(?:today|tomorrow|{WEEKDAY_RE})\s+(?:fortnight|week)\b"
    r"(?!\s+(?:of|off|after|before|ago|long|and|or|in|to)\b)"
)
_WEEKS_ON_PHRASE = re.compile(_WEEKS_ON_RE, re.I)


#: Date phrases in chat text that NER of a small model misses or cuts short ("Wednesday the
#: 21st", "March 9th", "12 March"): absolute calendar dates and the usual relative ones.
_DATE_PHRASES = re.compile(
    "|".join(
        (
            rf"\b(?:the\s+)?{NTH_WEEK_RE}\s+week\s+(?:of|in)\s+{MONTH_RE}(?:\s+\d{{4}})?(?!\w)",
            r"\b(?:the\s+)?end\s+of\s+(?:(?:the|this|next)\s+)?(?:month|year)\b",
            rf"\b(?:the\s+)?end\s+of\s+{MONTH_RE}(?:\s+\d{{4}})?\b",
            rf"\b{WEEKDAY_RE}\s+(?:of\s+)?(?:next|this|last)\s+week\b",
            rf"\b{_WD_LEAD}(?:the\s+)?{ORD_RE}\s+(?:of\s+)?{MONTH_RE}{_YEAR_RE}\b",
            rf"\b{_WD_LEAD}(?:the\s+)?{ORD_RE}\s+(?:of\s+)?(?:next|this|last)\s+month\b",
            rf"\b{_WD_LEAD}{MONTH_RE}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?!:){_YEAR_RE}",
            rf"\b{_DAY_RANGE_RE}{MONTH_RE}{_YEAR_RE}\b",
            rf"\b{_WD_LEAD}\d{{1,2}}\s+{MONTH_RE}{_YEAR_RE}\b",
            rf"\b(?:{WEEKDAY_RE}\s+)?the\s+{ORD_RE}\b{_AFTER_ORD}",
            rf"\b(?:next|last|this)\s+(?:week|month|quarter|year|weekend|{WEEKDAY_RE}|{MONTH_RE})\b",
            r"\b(?:next|last|this)\s+(?:spring|summer|fall|autumn|winter)\b",
            r"\b(?:a\s+couple(?:\s+of)?|a|one|two|three|four|five|six|\d+)\s+"
            r"(?:days?|weeks?|months?|years?)\s+ago\b",
            rf"\bin\s+{COUNT_RE}\s+(?:days?|weeks?|months?|years?)\b(?!\s+ago)",
            rf"\b{_PART_OF_DAY_RE}",
            r"\b(?:yesterday|today|tomorrow|tonight)\b",
            rf"\b{WEEKDAY_RE}\b",
        )
    ),
    re.I,
)


#: "the" right before "last ..." / "next ...": "the last evening away he had", "the next
#: Friday", "the last week" name one of a series in the story (or a span running up to now),
#: not the night before or the Friday after the message.
_THE_BEFORE = re.compile(r"\bthe\s+$", re.I)
_ONE_OF_A_SERIES = re.compile(r"^(?:the\s+)?(?:last|next)\s+\w+$", re.I)


def _one_of_a_series(text: str, start: int, phrase: str) -> bool:
    """The date phrase ``phrase`` at ``start`` in ``text`` is "the last/next ..."."""
    if _ONE_OF_A_SERIES.match(phrase) is None:
        return False
    return phrase[:3].lower() == "the" or _THE_BEFORE.search(text, 0, start) is not None


#: A preposition of time right before a word ("on sat", "til mar", "by tue").
_TIME_PREP_BEFORE = re.compile(r"\b(?:on|by|til|till|until|since|from|before|after|in)\s+$", re.I)
#: A month typed in lower case or shortened after a preposition of time ("in sept", "til
#: aug"), which the small model's NER does not see as a date.
_PREP_MONTH = re.compile(
    rf"\b(?:in|by|til|till|until|since|from|before|after)\s+({MONTH_RE})(?!\w)", re.I
)


_PAIRING = (
    r"\s*(?:"
    + "|".join(rf"\b{w}\b" if w.isalpha() else re.escape(w) for w in sorted(LIST_JOINS))
    + r")\s*"
)
_WEEKDAY_BEFORE = re.compile(rf"\b{WEEKDAY_RE}{_PAIRING}$", re.I)
_WEEKDAY_AFTER = re.compile(rf"{_PAIRING}{WEEKDAY_RE}\b", re.I)
#: Short weekdays that are dates at the end of a clause ("physio signed me off tue.").
_CLAUSE_END_WEEKDAYS = frozenset({"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri"})


def date_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) character spans of date phrases in ``text``, longest first at each place."""
    low_text = text.lower()
    # "a week on Sunday", "Tuesday fortnight" (looked for apart: rare, and costly at every word)
    out: list[tuple[int, int]] = (
        [m.span() for m in _WEEKS_ON_PHRASE.finditer(text)]
        if "week" in low_text or "fortnight" in low_text
        else []
    )
    weeks_on = list(out)
    for m in _DATE_PHRASES.finditer(text):
        if any(a <= m.start() < b for a, b in weeks_on):
            continue  # its "tomorrow" or "Friday" is part of one
        word = m.group(0)
        low = word.lower()
        after_prep = _TIME_PREP_BEFORE.search(text, 0, m.start()) is not None
        lower_word = low in ("may", "march", "sun", "sat", "wed", "mar", "jan") and word.islower()
        at_end = low in _CLAUSE_END_WEEKDAYS and _ends_clause(text, m.end())
        if lower_word and not (after_prep or at_end):
            continue  # the modal "may", "march on", "sat down"
        if (
            not lower_word
            and low in ("sun", "sat", "wed", "mar", "jan", "mon", "fri", "thu", "tue")
            and not (after_prep or at_end)
        ):
            continue  # too ambiguous on their own
        if low in WEEKDAY_SHORT and (
            _WEEKDAY_BEFORE.search(text, 0, m.start()) or _WEEKDAY_AFTER.match(text, m.end())
        ):
            continue  # "deliveries Tue and Fri", "Sat/Sun": a schedule, every week
        if _EVERY_PART_OF_DAY.match(text, m.end()):
            continue  # "on Sunday mornings": every Sunday, no one date
        if _one_of_a_series(text, m.start(), word):
            continue  # "the last evening away he had", "the next Saturday after that"
        out.append((m.start(), m.end()))
    taken = {i for a, b in out for i in range(a, b)}
    out += [
        (m.start(1), m.end(1))
        for m in _PREP_MONTH.finditer(text)
        if not any(i in taken for i in range(m.start(1), m.end(1)))
        and (m.group(1).islower() or m.group(1).lower() not in MONTHS)  # NER reads "June"
        and not (m.group(1).lower() == "may" and text[m.end(1) : m.end(1) + 3] == " be")
    ]
    return sorted(out)


def _ends_clause(text: str, end: int) -> bool:
    """Nothing but punctuation or a line end follows ``text[:end]`` in its clause."""
    rest = text[end:].lstrip(" ")
    return not rest or rest[0] in ".,;!?)\n"


def doc_date_spans(doc: Any) -> list[tuple[int, int]]:
    """Token spans (start, end) of the date phrases in ``doc``, sorted: those
    :func:`date_spans` finds, and NER DATE entities that do not overlap them. Computed once per
    doc and shared by its clauses."""
    spans: list[tuple[int, int]] = []
    text = doc_text(doc)
    for a, b in date_spans(text):
        span = doc.char_span(a, b, alignment_mode="expand")
        if span is not None:
            spans.append((span.start, span.end))
    taken = {i for s, e in spans for i in range(s, e)}
    spans += [
        (e.start, e.end)
        for e in doc.ents
        if e.label_ == "DATE"
        and not any(i in taken for i in range(e.start, e.end))
        and not _EVERY_PART_OF_DAY.match(text, e.end_char)
        and not _EVERY_PART_OF_DAY.match(" " + e.text.split()[-1])
        and not _counts_the_next_noun(doc, e.end)
        and not _one_of_a_series(text, e.start_char, e.text)
    ]
    return sorted(spans)


def _counts_the_next_noun(doc: Any, end: int) -> bool:
    """The span before ``end`` ends in an ordinal that counts the noun after it ("passed her
    4th-grade piano exam"): no day of a month."""
    return (
        end < len(doc)
        and _COUNTING_ORDINAL.match(doc[end - 1].text) is not None
        and _COUNTED.match(doc[end].text) is not None
    )
