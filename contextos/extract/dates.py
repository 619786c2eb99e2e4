"""Relative dates resolved against the turn's timestamp ("yesterday" on 2023-05-08 -> 7 May 2023).

``dateparser`` does the calendar arithmetic; this module decides *which* phrases are dates
worth resolving (durations like "six years" are not) and which way an ambiguous weekday points
(the clause's tense: "on Friday" in a past-tense clause is the Friday before).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any, Literal

from contextos.extract import lexicon as lx

__all__ = [
    "Direction",
    "ResolvedDate",
    "clause_dates",
    "date_spans",
    "doc_date_spans",
    "is_calendar_word",
    "is_month",
    "is_resolvable",
    "load",
    "render_date",
    "resolve_date",
]

Direction = Literal["past", "future"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: The short forms of weekdays ("thurs" is Thursday).
_WEEKDAY_SHORT = frozenset(
    {"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"}
)
_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_ANCHORS = frozenset(
    {
        "yesterday",
        "today",
        "tomorrow",
        "tonight",
        "ago",
        "next",
        "last",
        "this",
        *_WEEKDAYS,
        *_MONTHS,
        *(m[:3] for m in _MONTHS),
        "mon",
        "tue",
        "wed",
        "thu",
        "fri",
        "sat",
        "sun",
    }
)
_DURATION_UNITS = re.compile(r"\b(?:years|months|weeks|days|hours|sprints|decades)\b", re.I)
#: An ordinal that can be a day of the month: not one counting something ("3rd year", "2nd
#: floor", "5th grade"), unless a month follows ("2nd week of June").
_COUNTED_NOUNS = (
    "year|week|month|day|semester|term|quarter|grade|time|place|floor|round|attempt|try|season|"
    "edition|anniversary|birthday|century|generation|percentile|draft|version|lap|step|stage"
)
_ORDINAL_DAY = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)\b(?!\s+(?:{_COUNTED_NOUNS})s?\b(?!\s+of\s+\w))", re.I
)
#: An ordinal that counts the noun after it ("my 18th edition exam", "her 2nd draft").
_COUNTING_ORDINAL = re.compile(r"^\d{1,2}(?:st|nd|rd|th)$", re.I)
_COUNTED = re.compile(rf"^(?:{_COUNTED_NOUNS})s?$", re.I)
_WEEK_DAY_OF = re.compile(rf"\b({'|'.join(_WEEKDAYS)})\s+(?:of\s+)?(next|this|last)\s+week\b", re.I)
_MONTH_RE = (
    r"(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?"
)
_WEEKDAY_RE = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|"
    r"thu|thurs|fri|sat|sun)"
)
_ORD_RE = r"\d{1,2}(?:st|nd|rd|th)"
#: "26 to 30 October", "22-23 August", "3rd - 5th June": days of one month.
_DAY_RANGE_RE = (
    r"(?P<first>\d{1,2})(?:st|nd|rd|th)?\s*(?:-|–|to|until|till|through|thru)\s*"
    r"(?P<last>\d{1,2}(?:st|nd|rd|th)?\s+)"
)
_DAY_RANGE = re.compile(rf"^{_DAY_RANGE_RE}(?P<month>{_MONTH_RE}(?:,?\s+\d{{4}})?)$", re.I)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNTS |= {"seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12}
_COUNT_RE = r"(?:" + "|".join(_COUNTS) + r"|\d{1,3})"
#: "in 6 weeks", "in two months": that far after the turn (only said of what is ahead).
_IN_OFFSET = re.compile(rf"^in\s+(?P<n>{_COUNT_RE})\s+(?P<unit>day|week|month|year)s?$", re.I)
_YEAR_RE = r"(?:,?\s+\d{4})?"
_WD_LEAD = rf"(?:{_WEEKDAY_RE},?\s+)?"
#: What may follow a bare "the 19th" for it to be a day of the month (not "the 2nd floor").
_AFTER_ORD = (
    r"(?=\s*(?:$|[^\w\s]|(?:of|at|and|or|but|so|like|to|for|when|because|instead|"
    r"not|too|then|is|was|which|as|in|by|before|after|if|we|i|it|he|she|they|though|"
    r"now|again|anyway|instead|"
    # how the day went, or what it will do ("the talk on the 26th went fine")
    r"went|goes|go|got|gets|worked|works|happened|looks|looked|sounds|will|would|should|"
    r"can|could|didn't|doesn't|don't|won't|wasn't)\b))"
)
#: The parts of a day said after a day ("Friday evening", "on the Wednesday evening").
_PARTS_OF_DAY = frozenset({"morning", "afternoon", "evening", "night"})
_PARTS_RE = "|".join(sorted(_PARTS_OF_DAY))
#: A part of a day named by the day ("last night", "this morning", "yesterday afternoon",
#: "Friday evening"): that day; the part of the day is not kept.
_PART_OF_DAY_RE = (
    rf"(?:last\s+night|(?:this|yesterday|tomorrow|{_WEEKDAY_RE})\s+"
    rf"(?:{_PARTS_RE}))\b"
)
_PART_OF_DAY = re.compile(
    rf"^(?P<day>last|this|yesterday|tomorrow|{_WEEKDAY_RE})\s+(?:{_PARTS_RE})$",
    re.I,
)
_EVERY_PART_OF_DAY = re.compile(
    rf"(?:\s*(?:,|and|or|&|/)\s*{_WEEKDAY_RE})*\s+(?:{_PARTS_RE})s\b", re.I
)
#: "the end of the month", "end of next year", "end of month": the last day of that period.
_END_OF = re.compile(
    r"^(?:the\s+)?end\s+of\s+(?:(?P<rel>the|this|next)\s+)?"
    rf"(?P<unit>month|year|{_MONTH_RE})(?:\s+(?P<year>\d{{4}}))?$",
    re.I,
)
#: Date phrases in chat text that NER of a small model misses or cuts short ("Thursday the
#: 19th", "July 13th", "30 September"): absolute calendar dates and the usual relative ones.
_NTH_WEEK_RE = r"(?:first|1st|second|2nd|third|3rd|fourth|4th|last)"
#: "the first week of May", "last week of June 2027": a week of a named month (not "last week").
_WEEK_OF_MONTH = re.compile(
    rf"^(?:the\s+)?(?P<nth>{_NTH_WEEK_RE})\s+week\s+(?:of|in)\s+(?P<month>{_MONTH_RE})"
    r"(?:\s+(?P<year>\d{4}))?$",
    re.I,
)
_NTH_WEEK = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth"}
#: "a week tomorrow", "two weeks today", "a week on Friday", "Monday fortnight", "Friday week",
#: "a fortnight on Tuesday": so many weeks after a day said relatively (British).
_WEEKS_ON_RE = (
    rf"\b(?:(?:{_COUNT_RE})\s+weeks?|a\s+fortnight)\s+"
    rf"(?:today|tomorrow|(?:on\s+)?{_WEEKDAY_RE})\b(?!\s+(?:ago|{_PARTS_RE}))"
    rf"|\b(?:today|tomorrow|{_WEEKDAY_RE})\s+(?:fortnight|week)\b"
    r"(?!\s+(?:of|off|after|before|ago|long|and|or|in|to)\b)"
)
_WEEKS_ON_PHRASE = re.compile(_WEEKS_ON_RE, re.I)
_WEEKS_ON = re.compile(
    rf"^(?:(?:(?P<n>{_COUNT_RE})\s+weeks?|(?P<f>a\s+fortnight))\s+(?:on\s+)?(?P<day>\w+)"
    rf"|(?P<day2>today|tomorrow|{_WEEKDAY_RE})\s+(?P<unit2>fortnight|week))$",
    re.I,
)
_DATE_PHRASES = re.compile(
    "|".join(
        (
            rf"\b(?:the\s+)?{_NTH_WEEK_RE}\s+week\s+(?:of|in)\s+{_MONTH_RE}(?:\s+\d{{4}})?(?!\w)",
            r"\b(?:the\s+)?end\s+of\s+(?:(?:the|this|next)\s+)?(?:month|year)\b",
            rf"\b(?:the\s+)?end\s+of\s+{_MONTH_RE}(?:\s+\d{{4}})?\b",
            rf"\b{_WEEKDAY_RE}\s+(?:of\s+)?(?:next|this|last)\s+week\b",
            rf"\b{_WD_LEAD}(?:the\s+)?{_ORD_RE}\s+(?:of\s+)?{_MONTH_RE}{_YEAR_RE}\b",
            rf"\b{_WD_LEAD}(?:the\s+)?{_ORD_RE}\s+(?:of\s+)?(?:next|this|last)\s+month\b",
            rf"\b{_WD_LEAD}{_MONTH_RE}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?!:){_YEAR_RE}",
            rf"\b{_DAY_RANGE_RE}{_MONTH_RE}{_YEAR_RE}\b",
            rf"\b{_WD_LEAD}\d{{1,2}}\s+{_MONTH_RE}{_YEAR_RE}\b",
            rf"\b(?:{_WEEKDAY_RE}\s+)?the\s+{_ORD_RE}\b{_AFTER_ORD}",
            rf"\b(?:next|last|this)\s+(?:week|month|quarter|year|weekend|{_WEEKDAY_RE}|{_MONTH_RE})\b",
            r"\b(?:next|last|this)\s+(?:spring|summer|fall|autumn|winter)\b",
            r"\b(?:a\s+couple(?:\s+of)?|a|one|two|three|four|five|six|\d+)\s+"
            r"(?:days?|weeks?|months?|years?)\s+ago\b",
            rf"\bin\s+{_COUNT_RE}\s+(?:days?|weeks?|months?|years?)\b(?!\s+ago)",
            rf"\b{_PART_OF_DAY_RE}",
            r"\b(?:yesterday|today|tomorrow|tonight)\b",
            rf"\b{_WEEKDAY_RE}\b",
        )
    ),
    re.I,
)
#: "the 12th next month", "Thursday the 3rd of last month": a day of a month said relatively.
_ORD_OF_MONTH = re.compile(
    rf"^(?:{_WEEKDAY_RE},?\s+)?(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)\s+(?:of\s+)?"
    r"(next|this|last)\s+month$",
    re.I,
)
_ORD_ONLY = re.compile(rf"^(?:({_WEEKDAY_RE})\s+)?(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)$", re.I)
_CALENDAR = re.compile(rf"\b{_MONTH_RE}\b", re.I)
#: "the" right before "last ..." / "next ...": "the last night away she did", "the next
#: Friday", "the last week" name one of a series in the story (or a span running up to now),
#: not the night before or the Friday after the message.
_THE_BEFORE = re.compile(r"\bthe\s+$", re.I)
_ONE_OF_A_SERIES = re.compile(r"^(?:the\s+)?(?:last|next)\s+\w+$", re.I)


def _one_of_a_series(text: str, start: int, phrase: str) -> bool:
    """The date phrase ``phrase`` at ``start`` in ``text`` is "the last/next ..."."""
    if _ONE_OF_A_SERIES.match(phrase) is None:
        return False
    return phrase[:3].lower() == "the" or _THE_BEFORE.search(text, 0, start) is not None


_RELATIVE = re.compile(r"\b(?:next|last|this|ago|yesterday|today|tomorrow|tonight)\b", re.I)
_EXPLICIT_YEAR = re.compile(r"\b\d{4}\b")
_LEADING_PREP = re.compile(r"^(?:on|by|in|until|since|from|as of|starting|before|after)\s+", re.I)


@dataclass(frozen=True)
class ResolvedDate:
    value: datetime
    period: str  # day | week | month | year

    @property
    def text(self) -> str:
        return render_date(self.value, self.period)


def render_date(value: datetime, period: str) -> str:
    if period.endswith(" week"):  # "first week": the first week of that month
        return f"the {period} of {value:%B} {value.year}"
    if period == "year":
        return str(value.year)
    if period == "month":
        return f"{value:%B} {value.year}"
    if period == "quarter":
        return f"Q{(value.month - 1) // 3 + 1} {value.year}"
    if period == "season":
        name = _SEASON_NAMES[value.month]
        return (
            f"winter {value.year}–{value.year + 1}" if name == "winter" else f"{name} {value.year}"
        )
    if period == "weekend":
        return f"the weekend of {value:%B} {value.day}, {value.year}"
    if period == "week":
        monday = value - timedelta(days=value.weekday())
        return f"the week of {monday:%B} {monday.day}, {monday.year}"
    return f"{value:%A}, {value:%B} {value.day}, {value.year}"


def is_calendar_word(word: str) -> bool:
    """A weekday or month name ("Thursday", "June"): never the name of a project or person."""
    return _WEEKDAY_ONLY.match(word) is not None or is_month(word)


def is_month(word: str) -> bool:
    """A month's name or its abbreviation ("June", "sept")."""
    return _MONTH_ONLY.match(word) is not None


def is_resolvable(phrase: str) -> bool:
    """A point in time relative to now ("next Friday", "the 13th"), not a duration."""
    low = phrase.lower()
    if _END_OF.match(_LEADING_PREP.sub("", low.strip())) or _WEEKS_ON.match(low.strip()):
        return True
    tokens = set(re.findall(r"[a-z]+", low))
    if _DURATION_UNITS.search(low) and not tokens & {"ago", "next", "last", "this"}:
        return False
    return bool(tokens & _ANCHORS) or bool(_ORDINAL_DAY.search(low))


#: A preposition of time right before a word ("on sat", "til aug", "by fri").
_TIME_PREP_BEFORE = re.compile(r"\b(?:on|by|til|till|until|since|from|before|after|in)\s+$", re.I)
#: A month typed in lower case or shortened after a preposition of time ("in sept", "til
#: aug"), which the small model's NER does not see as a date.
_PREP_MONTH = re.compile(
    rf"\b(?:in|by|til|till|until|since|from|before|after)\s+({_MONTH_RE})(?!\w)", re.I
)
#: What joins the days of a list ("every Monday and Wednesday", "Tue, Thu or Fri", "tues n
#: fri" as typed): as tokens, and as a pattern between two weekdays ("Mon/Thu").
_LIST_JOINS = frozenset({"and", "or", "n", ",", "&", "/", "+"})
_PAIRING = (
    r"\s*(?:"
    + "|".join(rf"\b{w}\b" if w.isalpha() else re.escape(w) for w in sorted(_LIST_JOINS))
    + r")\s*"
)
_WEEKDAY_BEFORE = re.compile(rf"\b{_WEEKDAY_RE}{_PAIRING}$", re.I)
_WEEKDAY_AFTER = re.compile(rf"{_PAIRING}{_WEEKDAY_RE}\b", re.I)
#: Short weekdays that are dates at the end of a clause ("PT discharged me fri.").
_CLAUSE_END_WEEKDAYS = frozenset({"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri"})


def date_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) character spans of date phrases in ``text``, longest first at each place."""
    low_text = text.lower()
    # "a week tomorrow", "Monday fortnight" (looked for apart: rare, and costly at every word)
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
        if low in _WEEKDAY_SHORT and (
            _WEEKDAY_BEFORE.search(text, 0, m.start()) or _WEEKDAY_AFTER.match(text, m.end())
        ):
            continue  # "pickups Mon and Thu", "Sat/Sun": a schedule, every week
        if _EVERY_PART_OF_DAY.match(text, m.end()):
            continue  # "on Sunday mornings": every Sunday, no one date
        if _one_of_a_series(text, m.start(), word):
            continue  # "the last night away she did", "the next Friday after that"
        out.append((m.start(), m.end()))
    taken = {i for a, b in out for i in range(a, b)}
    out += [
        (m.start(1), m.end(1))
        for m in _PREP_MONTH.finditer(text)
        if not any(i in taken for i in range(m.start(1), m.end(1)))
        and (m.group(1).islower() or m.group(1).lower() not in _MONTHS)  # NER reads "June"
        and not (m.group(1).lower() == "may" and text[m.end(1) : m.end(1) + 3] == " be")
    ]
    return sorted(out)


def _ends_clause(text: str, end: int) -> bool:
    """Nothing but punctuation or a line end follows ``text[:end]`` in its clause."""
    rest = text[end:].lstrip(" ")
    return not rest or rest[0] in ".,;!?)\n"


def _days_numbered(day: int, base: datetime) -> list[datetime]:
    """Day ``day`` of each month from six before ``base``'s to six after (the months that
    have one), at ``base``'s time of day."""
    cands: list[datetime] = []
    for shift in range(-6, 7):
        month0 = base.month - 1 + shift
        try:
            cands.append(
                base.replace(year=base.year + month0 // 12, month=month0 % 12 + 1, day=day)
            )
        except ValueError:
            continue
    return cands


def _day_of_month(
    day: int, base: datetime, direction: Direction, weekday: int | None = None
) -> datetime | None:
    """Day ``day`` of the nearest month from ``base`` in ``direction`` (today counts); with a
    ``weekday`` ("Thursday the 19th"), the nearest such day that falls on it, either way."""
    cands = _days_numbered(day, base)
    if weekday is not None:
        named = [c for c in cands if c.weekday() == weekday]
        ahead = [c for c in named if (c >= base) == (direction == "future")]
        pool = ahead if ahead and abs((ahead[0] - base).days) <= 62 else named
        return min(pool, key=lambda c: abs((c - base).days), default=None)
    if direction == "future":
        return min((c for c in cands if c >= base), default=None)
    return max((c for c in cands if c <= base), default=None)


@lru_cache(maxsize=64)
def _parser(direction: Direction, base: datetime) -> Any:
    from dateparser.date import DateDataParser

    return DateDataParser(
        languages=["en"], settings={"PREFER_DATES_FROM": direction, "RELATIVE_BASE": base}
    )


def load() -> None:
    """Load dateparser's locale data now (about 0.1 s, once per process) rather than at the
    first date only dateparser reads."""
    _parser("future", datetime(2000, 1, 1)).get_date_data("the 14th of June 2001")


#: Four-letter shortenings the date parser does not know; their first three letters it does.
_LONG_ABBREVIATION = re.compile(r"\b(?:sept|tues|thur|thurs)\b", re.I)


def _week_of_month(m: re.Match[str], base: datetime, direction: Direction) -> ResolvedDate:
    """The first day of the named week of a month (days 1 – 7, 8 – 14, ...; the last seven
    days for "last"), in the nearest such month in ``direction`` unless a year is said."""
    today = base.replace(hour=0, minute=0, second=0, microsecond=0)
    month = _MONTH_NUM[m["month"].lower().rstrip(".")[:3]]
    start = today.replace(year=int(m["year"]) if m["year"] else today.year, month=month, day=1)
    if not m["year"]:
        month_end = _shift_months(start, 1) - timedelta(days=1)
        if direction == "future" and month_end < today:
            start = start.replace(year=start.year + 1)
        elif direction == "past" and start > today:
            start = start.replace(year=start.year - 1)
    nth = m["nth"].lower()
    nth = _NTH_WEEK.get(nth, nth)
    if nth == "last":
        day = _shift_months(start, 1) - timedelta(days=7)
    else:
        day = start + timedelta(days=7 * ("first", "second", "third", "fourth").index(nth))
    return ResolvedDate(day, f"{nth} week")


def resolve_date(
    phrase: str, base: datetime, direction: Direction = "future", nearest: bool = True
) -> ResolvedDate | None:
    """Resolve ``phrase`` against ``base`` (the turn's timestamp), or None. With ``nearest``, a
    calendar date may be the one the other way from ``direction`` when that is much nearer (the
    tense was the clause's, not the date's own verb's)."""
    phrase = _LONG_ABBREVIATION.sub(lambda m: m.group(0)[:3], phrase)  # "sept", "tues"
    offset = _IN_OFFSET.match(phrase.strip())
    if offset is not None:  # "due in 6 weeks": a date ahead; in a past clause, a duration
        return _offset_date(offset, base) if direction == "future" else None
    if not is_resolvable(phrase):
        return None
    text = _LEADING_PREP.sub("", phrase.strip())
    base_naive = base.replace(tzinfo=None)
    m = _END_OF.match(text)
    if m:  # "by the end of the month": its last day
        today = base_naive.replace(hour=0, minute=0, second=0, microsecond=0)
        ahead = (m["rel"] or "").lower() == "next"
        unit = m["unit"].lower().rstrip(".")
        if unit == "year":
            year = today.year + ahead
            return ResolvedDate(today.replace(year=year, month=12, day=31), "day")
        if unit != "month":  # "the end of May": the last day of the nearest May that way
            month = _MONTH_NUM[unit[:3]]
            year = int(m["year"]) if m["year"] else today.year
            last = _shift_months(today.replace(year=year, month=month, day=1), 1)
            last -= timedelta(days=1)
            if not m["year"] and direction == "future" and last < today:
                last = _shift_months(last.replace(day=1), 13) - timedelta(days=1)
            elif not m["year"] and direction == "past" and last > today:
                last = _shift_months(last.replace(day=1), -11) - timedelta(days=1)
            return ResolvedDate(last, "day")
        first_after = _shift_months(today.replace(day=1), 2 if ahead else 1)
        return ResolvedDate(first_after - timedelta(days=1), "day")
    m = _WEEK_OF_MONTH.match(text)
    if m:  # "the first week of May": that week of the nearest May that way
        return _week_of_month(m, base_naive, direction)
    m = _WEEK_DAY_OF.search(text)
    if m:  # "Tuesday of next week": dateparser does not read this form
        target = _WEEKDAYS.index(m.group(1).lower())
        shift = {"next": 7, "this": 0, "last": -7}[m.group(2).lower()]
        monday = base_naive - timedelta(days=base_naive.weekday() - shift)
        named = monday + timedelta(days=target)
        return ResolvedDate(named.replace(hour=0, minute=0, second=0, microsecond=0), "day")
    m = _ORD_OF_MONTH.match(text)
    if m:  # "the 12th next month": that day of the month said
        shift = {"next": 1, "this": 0, "last": -1}[m.group(2).lower()]
        first = _shift_months(base_naive.replace(day=1, hour=0, minute=0, second=0), shift)
        try:
            return ResolvedDate(first.replace(day=int(m.group(1)), microsecond=0), "day")
        except ValueError:  # "the 31st next month" of a shorter month
            return None
    m = _ORD_ONLY.match(text)
    if m:  # "the 19th", "Thursday the 19th": a day of this or the next (last) month
        day_start = base_naive.replace(hour=0, minute=0, second=0, microsecond=0)
        weekday = _weekday_index(m.group(1)) if m.group(1) else None
        day = _day_of_month(int(m.group(2)), day_start, direction, weekday)
        return ResolvedDate(day, "day") if day else None
    found = _parse(text, base_naive, direction)
    if found is None:
        return None
    if (
        nearest
        and _CALENDAR.search(text)
        and not _RELATIVE.search(text)
        and not _EXPLICIT_YEAR.search(text)
    ):
        # "July 13th" in a past-tense clause ("signed the lease, move-in July 13th"): the
        # occurrence nearest the conversation, the way the clause points winning near-ties;
        # in a present-tense one, only the month just gone ("late three times in January")
        other = _parse(text, base_naive, "future" if direction == "past" else "past")
        if other is not None:
            away = abs((other.value - base_naive).days)
            if away + 45 < abs((found.value - base_naive).days) and (
                direction == "past" or away <= _JUST_GONE_DAYS
            ):
                found = other
    return found


#: How far back a month said in a present-tense clause may be and still be the one just gone.
_JUST_GONE_DAYS = 62


def _offset_date(m: re.Match[str], base: datetime) -> ResolvedDate:
    raw = m["n"].lower()
    n = _COUNTS[raw] if raw in _COUNTS else int(raw)
    unit = m["unit"].lower()
    day = base.replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0)
    if unit in ("day", "week"):
        return ResolvedDate(day + timedelta(days=n * (7 if unit == "week" else 1)), "day")
    if unit == "month":
        return ResolvedDate(_shift_months(day, n), "month")
    return ResolvedDate(day.replace(year=day.year + n, day=min(day.day, 28)), "year")


_MONTH_NUM = {m[:3]: i + 1 for i, m in enumerate(_MONTHS)}
_SIMPLE_DAYS = {"yesterday": -1, "today": 0, "tonight": 0, "tomorrow": 1}
_MONTH_DAY = re.compile(
    rf"^(?:{_WEEKDAY_RE},?\s+)?(?:(?P<m1>{_MONTH_RE})\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?|"
    rf"(?:the\s+)?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>{_MONTH_RE}))"
    rf"(?:,?\s+(?P<y>\d{{4}}))?$",
    re.I,
)
_MONTH_ONLY = re.compile(rf"^(?P<m>{_MONTH_RE})(?:,?\s+(?P<y>\d{{4}}))?$", re.I)
_WEEKDAY_ONLY = re.compile(rf"^{_WEEKDAY_RE}$", re.I)
_SHIFTED_WEEKDAY = re.compile(rf"^(?P<rel>next|last|this)\s+(?P<w>{_WEEKDAY_RE})$", re.I)
_SHIFTED_PERIOD = re.compile(r"^(?P<rel>next|last|this)\s+(?P<unit>week|month|quarter|year)$", re.I)
_SHIFTED_MONTH = re.compile(rf"^(?P<rel>next|last|this)\s+(?P<m>{_MONTH_RE})$", re.I)
_WEEKEND = re.compile(r"^(?P<rel>next|last|this)\s+weekend$", re.I)
_SEASON = re.compile(
    r"^(?P<rel>next|last|this)\s+(?P<season>spring|summer|fall|autumn|winter)$", re.I
)
#: The month a season starts in (northern hemisphere), and a season's name by that month.
_SEASON_STARTS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
_SEASON_NAMES = {3: "spring", 6: "summer", 9: "fall", 12: "winter"}
_AGO = re.compile(
    r"^(?P<n>a|an|one|two|three|four|five|six|\d+|a\s+couple(?:\s+of)?)\s+"
    r"(?P<unit>day|week|month|year)s?\s+ago$",
    re.I,
)
#: How far "next" / "last" / "this" moves a period.
_STEPS = {"next": 1, "last": -1, "this": 0}


def _shift_months(day: datetime, months: int) -> datetime:
    month0 = day.month - 1 + months
    year, month = day.year + month0 // 12, month0 % 12 + 1
    return day.replace(year=year, month=month, day=min(day.day, 28))


def _month(name: str) -> int:
    return _MONTH_NUM[name.lower().rstrip(".")[:3]]


def _fast_parse(text: str, base: datetime, direction: Direction) -> ResolvedDate | None:
    """The common forms without dateparser (it costs milliseconds a call): "yesterday",
    "Friday", "July 13th", "30 September 2026", "June"."""
    m = _PART_OF_DAY.match(text)
    if m:  # "last night" is yesterday's; "this morning" is today's
        which = m["day"].lower()
        text = {"last": "yesterday", "this": "today"}.get(which, m["day"])
    low = text.lower()
    day = base.replace(hour=0, minute=0, second=0, microsecond=0)
    if low in _SIMPLE_DAYS:
        return ResolvedDate(day + timedelta(days=_SIMPLE_DAYS[low]), "day")
    if _WEEKDAY_ONLY.match(text):
        target = next(i for i, w in enumerate(_WEEKDAYS) if w.startswith(low[:3]))
        delta = (target - day.weekday()) % 7 or 7
        return ResolvedDate(
            day + timedelta(days=delta if direction == "future" else delta - 7), "day"
        )
    m = _SHIFTED_WEEKDAY.match(text)
    if m:  # "next Tuesday": the next one after today; "last Monday": the one before
        target = next(i for i, w in enumerate(_WEEKDAYS) if w.startswith(m["w"].lower()[:3]))
        ahead = (target - day.weekday()) % 7
        rel = m["rel"].lower()
        delta = (ahead or 7) if rel == "next" else ahead if rel == "this" else (ahead - 7 or -7)
        return ResolvedDate(day + timedelta(days=delta), "day")
    m = _WEEKEND.match(text)
    if m:  # "last weekend": the one before this week; "next weekend": the one in next week
        monday = day - timedelta(days=day.weekday())
        step = _STEPS[m["rel"].lower()]
        return ResolvedDate(monday + timedelta(days=5 + 7 * step), "weekend")
    m = _SEASON.match(text)
    if m:  # "next summer": the summer after this one's; "this winter" may have begun in December
        start_month = _SEASON_STARTS[m["season"].lower()]
        year = day.year - (1 if start_month == 12 and day.month < 3 else 0)
        start = datetime(year, start_month, 1)
        if m["rel"].lower() == "next" and start <= day:
            start = start.replace(year=start.year + 1)
        elif m["rel"].lower() == "last" and start + timedelta(days=91) > day:
            start = start.replace(year=start.year - 1)
        return ResolvedDate(start, "season")
    m = _SHIFTED_PERIOD.match(text)
    if m:
        step = _STEPS[m["rel"].lower()]
        unit = m["unit"].lower()
        if unit == "week":
            return ResolvedDate(day + timedelta(days=7 * step), "week")
        if unit == "month":
            return ResolvedDate(_shift_months(day, step), "month")
        if unit == "quarter":  # "next quarter": the first day of that quarter
            start = day.replace(month=3 * ((day.month - 1) // 3) + 1, day=1)
            return ResolvedDate(_shift_months(start, 3 * step), "quarter")
        return ResolvedDate(day.replace(year=day.year + step, day=min(day.day, 28)), "year")
    m = _SHIFTED_MONTH.match(text)
    if m:  # "last October": the latest October before this month; "next March": the first after
        month, rel = _month(m["m"]), m["rel"].lower()
        year = day.year
        if rel == "last" and month >= day.month:
            year -= 1
        elif rel == "next" and month <= day.month:
            year += 1
        return ResolvedDate(datetime(year, month, 1), "month")
    m = _WEEKS_ON.match(text)
    if m:  # "a week tomorrow": tomorrow's day a week on; "Monday fortnight" said on a Monday
        day_said = m["day"] or m["day2"]  # is two weeks from that day
        weekday = _WEEKDAY_ONLY.match(day_said) is not None
        said = _fast_parse(f"this {day_said}" if weekday else day_said, base, "future")
        if said is not None:
            # a fortnight is two weeks; "Friday week" is a week after Friday
            word = (m["n"] or ("one" if m["unit2"] == "week" else "two")).lower()
            weeks = int(word) if word.isdigit() else _COUNTS[word]
            return ResolvedDate(said.value + timedelta(days=7 * weeks), "day")
    m = _AGO.match(text)
    if m:
        word = m["n"].lower()
        n = int(word) if word.isdigit() else 2 if "couple" in word else _COUNTS[word]
        unit = m["unit"].lower()
        if unit in ("day", "week"):
            days = n * (7 if unit == "week" else 1)
            return ResolvedDate(day - timedelta(days=days), unit)
        if unit == "month":
            return ResolvedDate(_shift_months(day, -n), "month")
        return ResolvedDate(day.replace(year=day.year - n, day=min(day.day, 28)), "year")
    m = _MONTH_DAY.match(text)
    if m:
        month, dom = _month(m["m1"] or m["m2"]), int(m["d1"] or m["d2"])
        years = [int(m["y"])] if m["y"] else [day.year - 1, day.year, day.year + 1]
        cands = []
        for y in years:
            try:
                cands.append(datetime(y, month, dom))
            except ValueError:
                continue
        if not cands:
            return None
        if m["y"]:
            return ResolvedDate(cands[0], "day")
        pick = (
            min((c for c in cands if c >= day), default=None)
            if direction == "future"
            else max((c for c in cands if c <= day), default=None)
        )
        return ResolvedDate(pick, "day") if pick else None
    m = _MONTH_ONLY.match(text)
    if m:
        month = _month(m["m"])
        if m["y"]:
            return ResolvedDate(datetime(int(m["y"]), month, 1), "month")
        year = day.year
        if direction == "future" and month < day.month:
            year += 1
        elif direction == "past" and month > day.month:
            year -= 1
        return ResolvedDate(datetime(year, month, 1), "month")
    return None


def _parse(text: str, base: datetime, direction: Direction) -> ResolvedDate | None:
    fast = _fast_parse(text, base, direction)
    if fast is not None:
        return fast
    try:
        data = _parser(direction, base).get_date_data(text)
    except Exception:  # dateparser raises assorted errors on odd input; unresolved is fine
        return None
    if data is None or data.date_obj is None:
        return None
    return ResolvedDate(data.date_obj, data.period or "day")


#: Days that come back every year: a date said of one is a day of the year, not of one year.
_YEARLY_NOUNS = frozenset({"birthday", "bday", "anniversary", "birthdate"})

#: Words between the two ends of a date range ("Monday to Friday"): the end is the first such
#: day after the start.
_RANGE_ENDS = frozenset({"to", "until", "till", "til", "through", "thru", "-", "–"})
_TOWARD = frozenset({"to", "until", "till", "til", "through", "by", "before", "for"})
#: Verbs whose bare date object is the date chosen ("we said October 1st", "picked the 8th").
_CHOOSING_VERBS = frozenset({"say", "agree", "decide", "pick", "choose", "set", "want", "need"})
#: Words before a date that already say how it relates ("since March", "until Friday").
_NO_PREP_AFTER = frozenset({"since", "until", "till", "til", "before", "after", "not"})


def doc_date_spans(doc: Any) -> list[tuple[int, int]]:
    """Token spans (start, end) of the date phrases in ``doc``, sorted: those
    :func:`date_spans` finds, and NER DATE entities that do not overlap them. Computed once per
    doc and shared by its clauses."""
    spans: list[tuple[int, int]] = []
    for a, b in date_spans(doc.text):
        span = doc.char_span(a, b, alignment_mode="expand")
        if span is not None:
            spans.append((span.start, span.end))
    taken = {i for s, e in spans for i in range(s, e)}
    spans += [
        (e.start, e.end)
        for e in doc.ents
        if e.label_ == "DATE"
        and not any(i in taken for i in range(e.start, e.end))
        and not _EVERY_PART_OF_DAY.match(doc.text, e.end_char)
        and not _EVERY_PART_OF_DAY.match(" " + e.text.split()[-1])
        and not _counts_the_next_noun(doc, e.end)
        and not _one_of_a_series(doc.text, e.start_char, e.text)
    ]
    return sorted(spans)


def _counts_the_next_noun(doc: Any, end: int) -> bool:
    """The span before ``end`` ends in an ordinal that counts the noun after it ("passed his
    18th edition exam"): no day of a month."""
    return (
        end < len(doc)
        and _COUNTING_ORDINAL.match(doc[end - 1].text) is not None
        and _COUNTED.match(doc[end].text) is not None
    )


def _names_a_kind(doc: Any, start: int, end: int) -> bool:
    """A bare weekday between a determiner and a described noun, words between them ("the
    Saturday beginner class", "my Sunday advanced one"): a kind of thing that recurs, not one
    day."""
    if end - start != 1 or start == 0 or end >= len(doc):
        return False
    day, before, after = doc[start], doc[start - 1], doc[end]
    if _WEEKDAY_ONLY.match(day.text) is None or after.pos_ not in ("NOUN", "ADJ", "PROPN"):
        return False
    if before.tag_ in ("DT", "PRP$"):
        return day.head.i > end  # but "the Friday deadline" is one Friday's
    # "she can do Sunday football": a weekday naming a noun with nothing to say which one
    return (
        day.head.i == end
        and before.pos_ not in ("ADP", "ADJ", "DET", "NUM")
        and before.lower_ not in ("next", "last", "this")
    )


def _verb_tense(root: Any) -> str | None:
    """ "past" or "present" for the verb a date phrase modifies directly ("stopped drinking
    coffee in January", "is retiring in June"); None when it hangs off a noun ("move-in July
    13th") or nothing."""
    tok = root
    if tok.dep_ == "pobj" and tok.head.dep_ == "prep":
        tok = tok.head
    elif tok.dep_ not in ("npadvmod", "tmod", "attr", "prep", "dobj"):
        return None
    verb = tok.head
    if verb.pos_ not in ("VERB", "AUX") or verb.i == tok.i:
        return None
    while verb.tag_ == "VBG" and verb.dep_ in ("xcomp", "dobj", "pcomp", "conj"):
        verb = verb.head  # "stopped drinking coffee in January": the time of the stopping
    # ("decided to ship on Friday" stays with "ship": a to-infinitive looks ahead)
    if tok.dep_ in ("npadvmod", "attr", "dobj") and verb.lemma_.lower() in _CHOOSING_VERBS:
        return None  # "we said October 1st": the date said, not when it was said
    if tok.dep_ == "dobj" and verb.tag_ not in ("VBZ", "VBP"):
        return None  # "confirmed the July 13th start" parsed with the date as the object
    if verb.tag_ == "VBD":
        return "past"
    if (
        verb.tag_ == "VBN"
        and verb.lemma_.lower() in lx.DONE_VERBS | lx.SELF_CHANGE_VERBS
        and not any(c.dep_ in ("aux", "auxpass") for c in verb.children)
    ):
        return "past"  # "the dashboard shipped Tuesday": done, so last Tuesday; "moved in March"
    if verb.tag_ == "VBN" and any(
        c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in verb.children
    ):
        return "past"  # "was moved in March", "had started in May"
    if verb.tag_ in ("VBZ", "VBP", "VBG", "VB"):
        return "present"
    return None


def clause_dates(
    doc: Any,
    tokens: list[Any],
    when: datetime | None,
    tense: str,
    spans: list[tuple[int, int]] | None = None,
) -> tuple[dict[int, str], dict[int, tuple[str, int]]]:
    """Dates in a clause of a parsed ``doc``: (first token index -> ISO date) and
    (first token index -> (replacement text, end token index)) for the renderer.

    Date phrases are ``spans`` (default: :func:`doc_date_spans` of ``doc``). A past-tense
    clause points back in time, except after "to"/"until"/"by" ("pushed the exam to
    September")."""
    dates: dict[int, str] = {}
    replacements: dict[int, tuple[str, int]] = {}
    if when is None or not tokens:
        return dates, replacements
    tok_ids = {t.i for t in tokens}
    # "my birthday is March 4": a day of every year ("my birthday party is next Saturday" is one)
    yearly = any(t.lemma_.lower() in _YEARLY_NOUNS and t.dep_ != "compound" for t in tokens)
    range_start: datetime | None = None  # the date a "Monday to Friday" range starts on
    # where the date before started and ended, and whether it was ahead
    last_start, last_end, last_toward, last_day = -1, -1, False, False
    any_end = -1  # where the last date said as any one of its kind ("every Monday") ended
    recurring: set[int] = set()  # the tokens of such dates
    said_until = -1  # a day number already written with the weekday before it
    week_end = -1  # where the last week said ("next week") ended
    week_monday: datetime | None = None  # and its Monday
    spans = doc_date_spans(doc) if spans is None else spans
    for start, end in spans:
        if start not in tok_ids or start < said_until:
            continue
        prev = doc[start - 1] if start > 0 else None
        if (
            (prev is not None and prev.lower_ in _ANY_ONE_OF)
            or (0 <= any_end < start and all(t.lower_ in _LIST_JOINS for t in doc[any_end:start]))
            or _joined_to(doc[start:end].root, recurring)
        ):
            any_end = end  # and "every Monday and Wednesday": each of them
            recurring.update(range(start, end))
            continue  # "every Monday" recurs and "on a Sunday" is any Sunday: not one date
        if _quoted(doc, start):
            continue  # "a string like 'Mar 22, 2026, 7:04 AM'": words quoted as they are
        if _habitual_range(doc, start, end) or _opening_hours(doc, start, end):
            continue  # "my weeks run Monday to Sunday", "open Tue-Sun, closed Mon"
        if prev is not None and start > 1 and doc[start - 2].lower_ in ("every", "each"):
            continue  # "every other Tuesday", "every second Monday"
        if _names_a_kind(doc, start, end):
            continue  # "the Saturday beginner class": which class, not a date
        if _within_month(doc, start, end):
            continue  # "the only open Saturday in September": some Saturday of it
        if _days_of_the_week_said(doc, start, end, week_end):
            week_end = end  # and the "Friday" of its "Monday to Friday"
            continue  # "all of next week, Monday to Friday": the days of the week just said
        if yearly and any(
            t.lower_ in _MONTHS or t.lower_.rstrip(".") in _MONTH_NUM for t in doc[start:end]
        ):
            continue
        toward = prev is not None and prev.lower_ in _TOWARD
        if prev is not None and prev.lower_ in ("and", "or") and last_end == prev.i:
            toward = last_toward  # "booked it for Thursday and Friday": both ahead
        own = _verb_tense(doc[start:end].root)  # "announced she's retiring in June": ahead
        if prev is not None and prev.lower_ == "since":
            own = "past"
        moved = _rescheduled(doc[start:end].root)
        if moved:  # "got pushed from June 8 to June 22": the dates moved between are the
            own = None  # plan's, the nearer way, not the moving's
        direction: Direction = "past" if (own or tense) == "past" and not toward else "future"
        weekday = _the_weekday(doc, start, end)
        if weekday is not None and prev is not None:  # "home on the Thursday"
            story_day, stop = _day_of_the_story(doc, end, weekday, range_start, when, direction)
            if story_day is None:
                continue  # a Thursday of the week being told about, which no date here names
            first = prev.i if prev.i in tok_ids else start
            replacements[first] = (render_date(story_day, "day"), stop)
            dates[start] = story_day.date().isoformat()
            range_start, last_day, said_until = story_day, True, stop
            last_start, last_end, last_toward = start, stop, toward
            continue
        ends_range = prev is not None and prev.lower_ in _RANGE_ENDS and range_start is not None
        base = range_start if ends_range and range_start is not None else when
        phrase = _in_month_said(doc, start, end)
        days = _DAY_RANGE.match(phrase)  # "26 to 30 October": resolved by its last day
        resolved = resolve_date(
            f"{days['last']}{days['month']}" if days else phrase,
            base,
            "future" if ends_range else direction,
            # a month said with no verb of its own in a present-tense clause ("late three
            # times in January") is the nearest one, either way
            nearest=own is None
            and (moved or direction == "past" or (tense == "present" and not toward)),
        )
        if resolved is None:
            continue
        if week_monday is not None and _WEEKDAY_ONLY.match(phrase) and resolved.period == "day":
            # "away next week and back on Friday": the Friday of that week
            offset = (resolved.value.weekday() - week_monday.weekday()) % 7
            resolved = ResolvedDate(week_monday + timedelta(days=offset), "day")
        first_day = _first_day(days, resolved)
        if (
            prev is not None
            and prev.i in tok_ids
            and _weekday_restated(doc, start, last_end, range_start if last_day else None)
        ):  # "the 12th next month, thurs morning": the weekday of the day just said
            replacements[prev.i] = ("", end)
            continue
        said_again = _weekday_numbered(doc, start, end, last_start, last_end, range_start)
        if said_again is not None:  # "next tues the 17th": the day just said, by its number
            _write_again(replacements, dates, last_start, last_end, said_again, "day", end)
            range_start = said_again
            continue
        restated = _restated_day(doc, start, last_start, last_end, range_start, resolved)
        if restated and prev is not None and prev.i in tok_ids and first_day is None:
            # "Friday (1 May)": the same day said twice is written once, and a bare weekday
            # is the day the brackets say ("moved to Tuesday (June 9)", not the next one)
            closing = end + int(end < len(doc) and doc[end].text == ")")
            replacements[prev.i] = ("", closing)
            _write_again(replacements, dates, last_start, last_end, resolved.value, resolved.period)
            range_start = resolved.value
            continue
        range_start, last_day = resolved.value, resolved.period == "day"
        week_end = end if resolved.period == "week" else -1
        if resolved.period == "week":
            week_monday = resolved.value - timedelta(days=resolved.value.weekday())
        elif not _WEEKDAY_ONLY.match(phrase):
            week_monday = None  # a day said in full is the frame from here on
        last_start, last_end, last_toward = start, end, toward
        prefix = ""
        root = doc[start:end].root
        attributive = prev is not None and (
            prev.tag_ in ("DT", "PRP$", "POS")
            or (prev.pos_ == "CCONJ" and prev.i in tok_ids)  # not the "and" before its clause
            # "a busy Monday", "effective March 1"; not "I feel sick today", whose date is
            # the verb's
            or (prev.tag_ == "JJ" and (start <= prev.head.i < end or root.head.i == prev.i))
        )
        # "broke down last Tuesday": "down" is the verb's particle, not the date's preposition
        prep_before = prev is not None and (
            (prev.pos_ == "ADP" and prev.dep_ != "prt") or prev.lower_ in _NO_PREP_AFTER
        )
        if (
            not attributive
            and root.dep_ not in ("nsubj", "nsubjpass", "compound", "attr", "poss")
            and not prep_before
        ):  # "the July 13th start", "August is for polishing": no preposition to add
            prefix = "on " if resolved.period in ("day", "weekend") else "in "
        dates[start] = resolved.value.date().isoformat()
        at_day = prev is not None and prev.lower_ == "at" and resolved.period == "day"
        if at_day and prev is not None and prev.i in tok_ids:
            replacements[prev.i] = ("on " + resolved.text, end)  # "at the end of the month"
            continue
        if first_day is not None:  # "from Monday, October 26, 2026 to Friday, October 30, 2026"
            dates[start] = first_day.date().isoformat()
            lead = "from " if prefix == "on " else prefix
            replacements[start] = (f"{lead}{render_date(first_day, 'day')} to {resolved.text}", end)
            continue
        replacements[start] = (prefix + resolved.text, end)
        day_end = _range_end_day(doc, end, resolved, tok_ids)
        if day_end is not None:  # "May 18 to 22", "June 8-12": a day of the same month
            replacements[end] = (f" to {render_date(day_end, 'day')}", end + 2)
            dates[end + 1] = day_end.date().isoformat()
    return dates, replacements


def _days_of_the_week_said(doc: Any, start: int, end: int, week_end: int) -> bool:
    """A bare weekday right after the week just said, or ending a range of them, that says
    which days of it ("out all of next week, Monday to Friday"): no date of its own."""
    if week_end < 0 or _WEEKDAY_ONLY.match(doc[start:end].text) is None:
        return False
    return all(
        t.text in (",", "(", "-", "–")
        or t.lower_ in _RANGE_ENDS
        or _weekday_index(t.text) is not None
        for t in doc[week_end:start]
    )  # "next week (Mon-Wed)"


def _joined_to(root: Any, recurring: set[int]) -> bool:
    """The date whose root is ``root`` is joined, through "and"/"of" links, to a date that
    recurs ("every Tuesday and Thursday evening and most of Sunday"): it recurs too."""
    tok = root
    for _ in range(4):
        if tok.dep_ not in ("conj", "pobj", "prep", "appos") or tok.head.i == tok.i:
            return False
        tok = tok.head
        if tok.i in recurring:
            return True
    return False


def _the_weekday(doc: Any, start: int, end: int) -> int | None:
    """The weekday (0 = Monday) of a bare weekday said with "the" ("home on the Thursday",
    "on the Wednesday evening"): a day of a week the story has in mind, not the next or last
    one from the message; None for any other date phrase and for "the Friday deadline"."""
    if start == 0 or doc[start - 1].lower_ != "the" or end - start > 2:
        return None
    if end - start == 2 and doc[start + 1].lower_ not in _PARTS_OF_DAY:
        return None
    root = doc[start:end].root
    if end < len(doc) and root.head.i == end and doc[end].pos_ in ("NOUN", "PROPN"):
        return None  # "the Friday deadline": the deadline's Friday, this week's
    return _weekday_index(doc[start].text)


def _day_of_the_story(
    doc: Any,
    end: int,
    weekday: int,
    before: datetime | None,
    when: datetime,
    direction: Direction,
) -> tuple[datetime | None, int]:
    """The day a weekday said with "the" (ending at ``end``) is, and where what says it ends:
    the day a day number right after it names ("on the Wednesday evening, the 24th": the 24th
    that is a Wednesday), else the first such weekday after the date said before it in the
    clause (``before``: "fly out on June 22 and back on the Thursday"), else None."""
    i = end
    while i < len(doc) and (doc[i].text == "," or doc[i].lower_ in _PARTS_OF_DAY):
        i += 1
    stop = i + 2 if i < len(doc) and doc[i].lower_ == "the" else i + 1
    number = _ORD_ONLY.match(doc[i:stop].text) if i < len(doc) else None
    if number is not None and not number.group(1):
        return _day_of_month(int(number.group(2)), when, direction, weekday), stop
    if before is None:
        return None, end
    return before + timedelta(days=(weekday - before.weekday() - 1) % 7 + 1), end


def _write_again(
    replacements: dict[int, tuple[str, int]],
    dates: dict[int, str],
    start: int,
    last_end: int,
    day: datetime,
    period: str,
    end: int | None = None,
) -> None:
    """Write the date phrase said at ``start`` (up to ``last_end``) as ``day`` instead, with
    the "on"/"in" its replacement had, up to ``end`` when the words after it go too: what a
    restatement right after it ("Friday (1 May)", "next tues the 17th") says it is."""
    lead, _end = replacements.get(start, ("", last_end))
    lead = lead[:3] if lead[:3] in ("on ", "in ") else ""
    replacements[start] = (lead + render_date(day, period), last_end if end is None else end)
    dates[start] = day.date().isoformat()


def _weekday_numbered(
    doc: Any, start: int, end: int, last_start: int, last_end: int, before: datetime | None
) -> datetime | None:
    """The day meant by a weekday followed at once (or after a comma) by a day of the month
    ("next tues the 17th", "this Friday the 13th", "this Saturday, the 18th"): the day with
    that number falling on that weekday nearest the day the weekday alone resolved to
    (``before``); None when the phrase at ``start`` is no bare day number right after a
    weekday or no such day is within a month of it."""
    if before is None or last_start < 0:
        return None
    if start != last_end and not (start == last_end + 1 and doc[last_end].text == ","):
        return None  # "this Saturday, the 18th" said it with a comma
    number = _ORD_ONLY.match(doc[start:end].text)
    if number is None or number.group(1):
        return None
    if not any(_weekday_index(t.text) is not None for t in doc[last_start:last_end]):
        return None
    near = [
        c
        for c in _days_numbered(int(number.group(2)), before)
        if c.weekday() == before.weekday() and abs((c - before).days) <= 31
    ]
    return min(near, key=lambda c: abs((c - before).days), default=None)


def _weekday_restated(doc: Any, start: int, last_end: int, before: datetime | None) -> bool:
    """Whether the date at ``start`` follows the day ``before`` (said up to ``last_end``)
    after a comma and only names its weekday ("the 12th next month, thurs morning")."""
    if before is None or start != last_end + 1 or doc[last_end].text != ",":
        return False
    return _weekday_index(doc[start].lower_) == before.weekday()


def _weekday_index(word: str) -> int | None:
    """0 for "monday"/"mon", ... 6 for "sunday"/"sun"; None for any other word."""
    low = word.lower()
    if len(low) < 3:
        return None
    return next(
        (
            i
            for i, w in enumerate(_WEEKDAYS)
            if w.startswith(low[:3]) and (low == w or low in _WEEKDAY_SHORT)
        ),
        None,
    )


def _restated_day(
    doc: Any,
    start: int,
    last_start: int,
    last_end: int,
    before: datetime | None,
    resolved: Any,
) -> bool:
    """Whether the date at ``start``, in brackets right after the date said at
    ``last_start:last_end`` (which resolved to ``before``), says that same day: the same
    date, or the date of a weekday said alone ("Tuesday (June 9)")."""
    if before is None or last_end < 0 or start != last_end + 1 or doc[last_end].text != "(":
        return False
    if resolved.period != "day" or resolved.value.date() == before.date():
        return resolved.period == "day"
    said = doc[last_start:last_end]
    return (
        len(said) == 1
        and said[0].lower_ in _WEEKDAYS
        and _WEEKDAYS.index(said[0].lower_) == resolved.value.weekday()
    )


#: Verbs that move a date: the dates moved from and to are the plan's, not the moving's.
_RESCHEDULE_VERBS = frozenset(
    {"push", "move", "postpone", "delay", "reschedule", "bump", "shift", "slip", "pull", "change"}
)


#: Words before a date that make it any one of its kind ("every Monday", "the odd Sunday job").
_ANY_ONE_OF = frozenset({"every", "each", "a", "an", "any", "odd", "occasional", "usual"})


def _quoted(doc: Any, start: int) -> bool:
    """Token ``start`` is inside quotation marks opened in its sentence."""
    sent = doc[start].sent
    marks = sum(1 for t in doc[sent.start : start] if t.is_quote and len(t.text) == 1)
    return marks % 2 == 1


def _habitual_range(doc: Any, start: int, end: int) -> bool:
    """A range of weekdays a verb in the simple present says of every week ("I work Monday to
    Friday", "my weeks run Monday to Sunday"): the start or the end of such a range."""
    if not _WEEKDAY_ONLY.match(doc[start:end].text):
        return False
    if (
        start >= 2
        and doc[start - 1].lower_ in _RANGE_ENDS
        and _WEEKDAY_ONLY.match(doc[start - 2].text)
    ):
        first = start - 2  # the end of a range: its start decides
    elif (
        end + 1 < len(doc)
        and doc[end].lower_ in _RANGE_ENDS
        and _WEEKDAY_ONLY.match(doc[end + 1].text)
    ):
        first = start
    else:
        return False
    if first > 0 and (doc[first - 1].pos_ == "ADP" or doc[first - 1].lower_ in _STEPS):
        return False  # "from Monday to Friday", "next Monday to Friday": one week's
    verb = doc[first].head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    if verb.lemma_ == "be" and not _someone_is(verb, doc[first]):
        return False  # "the conference is Monday to Wednesday": one week's
    return verb.tag_ in ("VBZ", "VBP") and not any(
        c.dep_ in ("aux", "auxpass") for c in verb.children
    )


_PEOPLE_SUBJECTS = frozenset({"i", "we", "you", "he", "she", "they"})


def _someone_is(be: Any, day: Any) -> bool:
    """A person "is" the range of days ``day`` starts ("from August I'm Monday to Thursday"):
    the days they work, every week."""
    return day.dep_ == "attr" and any(
        c.dep_ == "nsubj" and c.lower_ in _PEOPLE_SUBJECTS for c in be.children
    )


#: Words before a weekday of a week's opening hours ("closed Mon").
_OPENING_WORDS = frozenset({"open", "opened", "closed", "shut"})


def _opening_hours(doc: Any, start: int, end: int) -> bool:
    """A weekday a business is open or closed on: said beside a range of weekdays ("we open at
    7 (tue-sun, closed mon)") or as a present state ("the shop is closed Monday", "we're open
    on Sunday"): the days of every week, not one date. ("The shop was closed Monday for the
    funeral" is one Monday; so is "closed this Monday", which the weekday's own word says.)"""
    if start == 0:
        return False
    before = start - 1 - int(start > 1 and doc[start - 1].lower_ == "on")  # "closed on Monday"
    if doc[before].lower_ not in _OPENING_WORDS:
        return False
    if not _WEEKDAY_ONLY.match(doc[start:end].text):
        return False
    state = doc[before]
    be = state.head if state.dep_ == "acomp" else None  # "is closed", "we're open"
    be = be or next((c for c in state.children if c.dep_ == "auxpass"), None)  # "are closed"
    if be is not None and be.lemma_ == "be" and be.tag_ in ("VBZ", "VBP"):
        return True
    sent = doc[start].sent
    return any(
        t.lower_ in _RANGE_ENDS
        and t.i > sent.start
        and t.i + 1 < sent.end
        and _WEEKDAY_ONLY.match(doc[t.i - 1].text) is not None
        and _WEEKDAY_ONLY.match(doc[t.i + 1].text) is not None
        for t in sent
    )


def _rescheduled(root: Any) -> bool:
    """The date at ``root`` is what a verb of moving a date moved from or to ("pushed from
    June 8 to June 22", "moved the launch to Friday")."""
    prep = root.head
    if root.dep_ != "pobj" or prep.lower_ not in ("from", "to", "till", "until"):
        return False
    verb = prep.head
    if verb.dep_ == "prep" and verb.head.i != verb.i:  # "from June 8 to June 22"
        verb = verb.head.head if verb.head.dep_ == "pobj" else verb.head
    lemma = verb.lemma_.lower()
    return lemma in _RESCHEDULE_VERBS or (
        lemma in ("bring", "put") and any(c.lower_ in ("forward", "back") for c in verb.children)
    )  # "brought forward to 17 April", "put back to May"


def _within_month(doc: Any, start: int, end: int) -> bool:
    """A bare weekday said of a month ("Saturday in September", "Monday of next month")."""
    if not _WEEKDAY_ONLY.match(doc[start:end].text) or end + 1 >= len(doc):
        return False
    if doc[end].lower_ not in ("in", "of"):
        return False
    if _MONTH_ONLY.match(doc[end + 1].text):
        return True
    # "of next month", not "in the morning" (a part of that very day)
    return (
        end + 2 < len(doc)
        and doc[end + 1].lower_ in ("next", "this", "the")
        and (doc[end + 2].lower_ == "month")
    )


def _in_month_said(doc: Any, start: int, end: int) -> str:
    """The date phrase at ``start``, a bare ordinal ("the 26th") given the one month its
    sentence names without a day ("Foundry's only open date in September is the 26th" ->
    "September 26th"); other phrases as they are."""
    text = doc[start:end].text
    m = _ORD_ONLY.match(text)
    if m is None or m.group(1):
        return text
    sent = doc[start].sent
    day = int(m.group(2))
    months = {
        t.text.capitalize(): _day_said_with(doc, t.i)
        for t in sent
        if _MONTH_ONLY.match(t.text) and t.text[:1].isupper() and not start <= t.i < end
    }
    if len(months) != 1:
        return text
    ((month, month_day),) = months.items()
    # "Term starts 3 Sept so the 12th is grand": a later day of that month
    return f"{month} {day}" if month_day is None or month_day < day else text


def _day_said_with(doc: Any, i: int) -> int | None:
    """The day of the month said next to the month name at ``i`` ("3 Sept", "June 8th"), or
    None; a number that is no day ("June 2026") counts as one that is not a later day."""
    for j in (i - 1, i + 1):
        if 0 <= j < len(doc) and doc[j].like_num:
            digits = re.match(r"\d+", doc[j].text)
            return int(digits.group(0)) if digits else 99
    return None


def _first_day(days: re.Match[str] | None, last: ResolvedDate) -> datetime | None:
    """The first day of a range of days said before their month ("26 to 30 October"), in the
    month ``last`` (its last day) was resolved to; None when there is no such range."""
    if days is None or last.period != "day" or not 0 < int(days["first"]) < last.value.day:
        return None
    return last.value.replace(day=int(days["first"]))


def _range_end_day(doc: Any, end: int, start: ResolvedDate, tok_ids: set[int]) -> datetime | None:
    """The day a bare number ends a range with, after a day ("May 18 to 22", "June 8-12")."""
    if start.period != "day" or end + 1 >= len(doc) or end + 1 not in tok_ids:
        return None
    sep, num = doc[end], doc[end + 1]
    if sep.lower_ not in _RANGE_ENDS or not num.text.isdigit():
        return None
    if end + 2 < len(doc) and doc[end + 2].pos_ in ("NOUN", "PROPN"):
        return None  # "May 18 to 22 people"
    day = int(num.text)
    if not start.value.day < day <= 31:
        return None
    try:
        return start.value.replace(day=day)
    except ValueError:
        return None
