"""Relative dates resolved against the turn's timestamp ("yesterday" on 2023-05-08 -> 7 May 2023).

``dateparser`` does the calendar arithmetic the common forms (``common_forms.py``) leave;
this module decides *which* phrases are dates worth resolving (durations like "six years" are
not), reads the forms dateparser does not ("the end of the year", "the second week of March",
"Wednesday of next week", "the 9th next month", "in 5 weeks") and, for a calendar date, whether
the nearer one the other way is meant.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from contextos.extract.local.dates.calendar_words import (
    COUNT_RE,
    COUNTED_NOUNS,
    COUNTS,
    MONTH_NUM,
    MONTH_RE,
    MONTHS,
    NTH_WEEK_RE,
    ORD_ONLY,
    WEEKDAY_RE,
    WEEKDAYS,
    weekday_index,
)
from contextos.extract.local.dates.common_forms import WEEKS_ON, fast_parse
from contextos.extract.local.dates.resolved_date import (
    Direction,
    ResolvedDate,
    day_of_month,
    shift_months,
)

__all__ = ["is_resolvable", "load", "resolve_date"]


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
        *WEEKDAYS,
        *MONTHS,
        *(m[:3] for m in MONTHS),
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
_ORDINAL_DAY = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)\b(?!\s+(?:{COUNTED_NOUNS})s?\b(?!\s+of\s+\w))", re.I
)


_WEEK_DAY_OF = re.compile(rf"\b({'|'.join(WEEKDAYS)})\s+(?:of\s+)?(next|this|last)\s+week\b", re.I)


#: "in 6 weeks", "in two months": that far after the turn (only said of what is ahead).
_IN_OFFSET = re.compile(rf"^in\s+(?P<n>{COUNT_RE})\s+(?P<unit>day|week|month|year)s?$", re.I)


#: "the end of the year", "end of next year", "end of month": the last day of that period.
_END_OF = re.compile(
    r"^(?:the\s+)?end\s+of\s+(?:(?P<rel>the|this|next)\s+)?"
    rf"(?P<unit>month|year|{MONTH_RE})(?:\s+(?P<year>\d{{4}}))?$",
    re.I,
)


#: "the second week of March", "last week of August 2029": a week of a named month (not
#: "last week").
_WEEK_OF_MONTH = re.compile(
    rf"^(?:the\s+)?(?P<nth>{NTH_WEEK_RE})\s+week\s+(?:of|in)\s+(?P<month>{MONTH_RE})"
    r"(?:\s+(?P<year>\d{4}))?$",
    re.I,
)
_NTH_WEEK = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth"}


#: "the 9th next month", "Saturday the 4th of last month": a day of a month said relatively.
_ORD_OF_MONTH = re.compile(
    rf"^(?:{WEEKDAY_RE},?\s+)?(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)\s+(?:of\s+)?"
    r"(next|this|last)\s+month$",
    re.I,
)


_CALENDAR = re.compile(rf"\b{MONTH_RE}\b", re.I)


_RELATIVE = re.compile(r"\b(?:next|last|this|ago|yesterday|today|tomorrow|tonight)\b", re.I)
_EXPLICIT_YEAR = re.compile(r"\b\d{4}\b")
_LEADING_PREP = re.compile(r"^(?:on|by|in|until|since|from|as of|starting|before|after)\s+", re.I)


def is_resolvable(phrase: str) -> bool:
    """A point in time relative to now ("next Friday", "the 13th"), not a duration."""
    low = phrase.lower()
    if _END_OF.match(_LEADING_PREP.sub("", low.strip())) or WEEKS_ON.match(low.strip()):
        return True
    tokens = set(re.findall(r"[a-z]+", low))
    if _DURATION_UNITS.search(low) and not tokens & {"ago", "next", "last", "this"}:
        return False
    return bool(tokens & _ANCHORS) or bool(_ORDINAL_DAY.search(low))


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
    month = MONTH_NUM[m["month"].lower().rstrip(".")[:3]]
    start = today.replace(year=int(m["year"]) if m["year"] else today.year, month=month, day=1)
    if not m["year"]:
        month_end = shift_months(start, 1) - timedelta(days=1)
        if direction == "future" and month_end < today:
            start = start.replace(year=start.year + 1)
        elif direction == "past" and start > today:
            start = start.replace(year=start.year - 1)
    nth = m["nth"].lower()
    nth = _NTH_WEEK.get(nth, nth)
    if nth == "last":
        day = shift_months(start, 1) - timedelta(days=7)
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
    if m:  # "by the end of the week": its last day
        today = base_naive.replace(hour=0, minute=0, second=0, microsecond=0)
        ahead = (m["rel"] or "").lower() == "next"
        unit = m["unit"].lower().rstrip(".")
        if unit == "year":
            year = today.year + ahead
            return ResolvedDate(today.replace(year=year, month=12, day=31), "day")
        if unit != "month":  # "the end of March": the last day of the nearest March that way
            month = MONTH_NUM[unit[:3]]
            year = int(m["year"]) if m["year"] else today.year
            last = shift_months(today.replace(year=year, month=month, day=1), 1)
            last -= timedelta(days=1)
            if not m["year"] and direction == "future" and last < today:
                last = shift_months(last.replace(day=1), 13) - timedelta(days=1)
            elif not m["year"] and direction == "past" and last > today:
                last = shift_months(last.replace(day=1), -11) - timedelta(days=1)
            return ResolvedDate(last, "day")
        first_after = shift_months(today.replace(day=1), 2 if ahead else 1)
        return ResolvedDate(first_after - timedelta(days=1), "day")
    m = _WEEK_OF_MONTH.match(text)
    if m:  # "the second week of March": that week of the nearest March that way
        return _week_of_month(m, base_naive, direction)
    m = _WEEK_DAY_OF.search(text)
    if m:  # "Wednesday of next week": dateparser does not read this form
        target = WEEKDAYS.index(m.group(1).lower())
        shift = {"next": 7, "this": 0, "last": -7}[m.group(2).lower()]
        monday = base_naive - timedelta(days=base_naive.weekday() - shift)
        named = monday + timedelta(days=target)
        return ResolvedDate(named.replace(hour=0, minute=0, second=0, microsecond=0), "day")
    m = _ORD_OF_MONTH.match(text)
    if m:  # "the 9th next month": that day of the month said
        shift = {"next": 1, "this": 0, "last": -1}[m.group(2).lower()]
        first = shift_months(base_naive.replace(day=1, hour=0, minute=0, second=0), shift)
        try:
            return ResolvedDate(first.replace(day=int(m.group(1)), microsecond=0), "day")
        except ValueError:  # "the 31st next month" of a shorter month
            return None
    m = ORD_ONLY.match(text)
    if m:  # "the 21st", "Wednesday the 21st": a day of this or the next (last) month
        day_start = base_naive.replace(hour=0, minute=0, second=0, microsecond=0)
        weekday = weekday_index(m.group(1)) if m.group(1) else None
        day = day_of_month(int(m.group(2)), day_start, direction, weekday)
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
    n = COUNTS[raw] if raw in COUNTS else int(raw)
    unit = m["unit"].lower()
    day = base.replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0)
    if unit in ("day", "week"):
        return ResolvedDate(day + timedelta(days=n * (7 if unit == "week" else 1)), "day")
    if unit == "month":
        return ResolvedDate(shift_months(day, n), "month")
    return ResolvedDate(day.replace(year=day.year + n, day=min(day.day, 28)), "year")


def _parse(text: str, base: datetime, direction: Direction) -> ResolvedDate | None:
    fast = fast_parse(text, base, direction)
    if fast is not None:
        return fast
    try:
        data = _parser(direction, base).get_date_data(text)
    except Exception:  # dateparser raises assorted errors on odd input; unresolved is fine
        return None
    if data is None or data.date_obj is None:
        return None
    return ResolvedDate(data.date_obj, data.period or "day")
