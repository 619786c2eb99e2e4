"""The words of the calendar: weekday and month names and their short forms, counts,
parts of the day, and the regular-expression pieces the date patterns are built from.
"""

from __future__ import annotations

import re

__all__ = [
    "COUNTED_NOUNS",
    "COUNTS",
    "COUNT_RE",
    "LIST_JOINS",
    "MONTHS",
    "MONTH_NUM",
    "MONTH_ONLY",
    "MONTH_RE",
    "NTH_WEEK_RE",
    "ORD_ONLY",
    "ORD_RE",
    "PARTS_OF_DAY",
    "PARTS_RE",
    "RANGE_ENDS",
    "STEPS",
    "WEEKDAYS",
    "WEEKDAY_ONLY",
    "WEEKDAY_RE",
    "WEEKDAY_SHORT",
    "is_calendar_word",
    "is_month",
    "month_number",
    "weekday_index",
]


WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: The short forms of weekdays ("thurs" is Thursday).
WEEKDAY_SHORT = frozenset(
    {"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"}
)
MONTHS = (
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


#: Nouns an ordinal may count ("3rd year", "2nd floor", "5th grade"): such an ordinal is no day
#: of the month.
COUNTED_NOUNS = (
    "year|week|month|day|semester|term|quarter|grade|time|place|floor|round|attempt|try|season|"
    "edition|anniversary|birthday|century|generation|percentile|draft|version|lap|step|stage"
)


MONTH_RE = (
    r"(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?"
)
WEEKDAY_RE = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|"
    r"thu|thurs|fri|sat|sun)"
)
ORD_RE = r"\d{1,2}(?:st|nd|rd|th)"


COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
COUNTS |= {"seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12}
COUNT_RE = r"(?:" + "|".join(COUNTS) + r"|\d{1,3})"


#: The parts of a day said after a day ("Sunday evening", "on the Tuesday night").
PARTS_OF_DAY = frozenset({"morning", "afternoon", "evening", "night"})
PARTS_RE = "|".join(sorted(PARTS_OF_DAY))


#: Which week of a month ("the second week of March", "the last week of August").
NTH_WEEK_RE = r"(?:first|1st|second|2nd|third|3rd|fourth|4th|last)"


ORD_ONLY = re.compile(rf"^(?:({WEEKDAY_RE})\s+)?(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)$", re.I)


def is_calendar_word(word: str) -> bool:
    """A weekday or month name ("Thursday", "June"): never the name of a project or person."""
    return WEEKDAY_ONLY.match(word) is not None or is_month(word)


def is_month(word: str) -> bool:
    """A month's name or its abbreviation ("June", "sept")."""
    return MONTH_ONLY.match(word) is not None


#: What joins the days of a list ("every Monday and Wednesday", "Tue, Thu or Fri", "tues n
#: fri" as typed): as tokens, and as a pattern between two weekdays ("Mon/Thu").
LIST_JOINS = frozenset({"and", "or", "n", ",", "&", "/", "+"})


MONTH_NUM = {m[:3]: i + 1 for i, m in enumerate(MONTHS)}


MONTH_ONLY = re.compile(rf"^(?P<m>{MONTH_RE})(?:,?\s+(?P<y>\d{{4}}))?$", re.I)
WEEKDAY_ONLY = re.compile(rf"^{WEEKDAY_RE}$", re.I)


#: How far "next" / "last" / "this" moves a period.
STEPS = {"next": 1, "last": -1, "this": 0}


def month_number(name: str) -> int:
    return MONTH_NUM[name.lower().rstrip(".")[:3]]


#: Words between the two ends of a date range ("Tuesday to Thursday"): the end is the first such
#: day after the start.
RANGE_ENDS = frozenset({"to", "until", "till", "til", "through", "thru", "-", "–"})


def weekday_index(word: str) -> int | None:
    """0 for "monday"/"mon", ... 6 for "sunday"/"sun"; None for any other word."""
    low = word.lower()
    if len(low) < 3:
        return None
    return next(
        (
            i
            for i, w in enumerate(WEEKDAYS)
            if w.startswith(low[:3]) and (low == w or low in WEEKDAY_SHORT)
        ),
        None,
    )
