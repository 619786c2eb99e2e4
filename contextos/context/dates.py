"""Dates as excerpts show them: ``2 March 2025`` (the words an agent, a person and a
question use alike), and every date a quote only implies — a relative date
("yesterday", "last Friday", "three weeks ago"), a bare weekday whose tense says which one
("I turned it down on Friday"), a day and month without a year ("the eleventh of March") —
followed by the calendar date it means against the day it was said:
``on Friday (12 April 2024)``."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

__all__ = ["annotate_dates", "annotate_relative_dates", "human_date"]

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_ORDINAL_WORDS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
_ORDINALS = {w: i for i, w in enumerate(_ORDINAL_WORDS, 1)}
_ORDINALS.update({f"twenty-{w}": 20 + i for i, w in enumerate(_ORDINAL_WORDS[:9], 1)})
_ORDINALS.update({"thirtieth": 30, "thirty-first": 31})
_MONTH_RE = "|".join(MONTHS)
_ORD_RE = "|".join(sorted(_ORDINALS, key=len, reverse=True))
_DAY_RE = rf"(?:{_ORD_RE}|\d{{1,2}}(?:st|nd|rd|th)?)"

_RELATIVE = re.compile(
    r"\b(yesterday|today|tonight|tomorrow|last night|this morning|"
    r"(?:last|next|this) (?:week|weekend|month|year|"
    + "|".join(_WEEKDAYS)
    + r")|(\d+|a|an|one|two|three|four|five|six) (day|week|month|year)s? ago)\b",
    re.IGNORECASE,
)
#: a weekday not already made relative by last/next/this (those are in _RELATIVE)
#: nor any one of many ("a Sunday", "every Friday", "on Mondays": the plural never matches)
_BARE_WEEKDAY = re.compile(
    r"(?<!last )(?<!next )(?<!this )(?<!\ba )(?<!\ban )(?<!every )(?<!each )(?<!any )(?<!one )"
    r"\b(" + "|".join(_WEEKDAYS) + r")\b(?! \()",
    re.IGNORECASE,
)
#: "the eleventh of March", "1st of May", "March the 11th", "March 11", not followed by a year
_DAY_MONTH = re.compile(
    rf"\b(?:[Tt]he )?(?P<d1>{_DAY_RE}) (?:of )?(?P<m1>{_MONTH_RE})\b(?!,? \d{{4}})(?! \()"
    rf"|\b(?P<m2>{_MONTH_RE}) (?:the )?(?P<d2>{_DAY_RE})\b(?!,? \d{{4}})(?! \()"
)
_PAST = re.compile(
    r"\b(was|were|did|had|went|got|came|ran|made|said|took|saw|told|left|gave|won|began|"
    r"found|met|bought|sent|spent|lost|broke|fell|wrote|drove|flew|felt|heard|paid|"
    r"[a-z]{3,}ed)\b",
    re.IGNORECASE,
)
_NOT_PAST = frozenset({"need", "needed", "indeed", "speed", "bed", "red", "feed", "seed"})
#: (a past verb of intent before an infinitive — "decided to", "agreed to" — points ahead: with
#: both tenses in the sentence its weekday is left as said)
_FUTURE = re.compile(
    r"\b(will|'ll|going to|gonna|shall|next|tomorrow|due|booked|planned|plan|"
    r"starts?|is|are|'re|(?:decided|agreed|promised|wanted|hoped|chose|offered|arranged) to)\b",
    re.IGNORECASE,
)


def human_date(d: date) -> str:
    """``2 March 2025``: how dates read in the injection."""
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}"


def _month(year: int, month: int) -> str:
    return f"{MONTHS[month - 1]} {year}"


def _resolve(phrase: str, said: datetime) -> str | None:
    p = phrase.casefold()
    d = said.date()
    if p in ("today", "tonight", "this morning"):
        return human_date(d)
    if p in ("yesterday", "last night"):
        return human_date(d - timedelta(days=1))
    if p == "tomorrow":
        return human_date(d + timedelta(days=1))
    m = re.fullmatch(r"(\d+|a|an|one|two|three|four|five|six) (day|week|month|year)s? ago", p)
    if m:
        n = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
        unit = m.group(2)
        if unit == "day":
            return human_date(d - timedelta(days=n))
        if unit == "week":
            return f"the week of {human_date(d - timedelta(weeks=n))}"
        if unit == "month":
            return _month(d.year + (d.month - n - 1) // 12, (d.month - n - 1) % 12 + 1)
        return str(d.year - n)
    which, _, unit = p.partition(" ")
    step = {"last": -1, "next": 1, "this": 0}[which]
    if unit in _WEEKDAYS:
        delta = (_WEEKDAYS.index(unit) - d.weekday()) % 7
        if step < 0:
            delta = delta - 7 if delta > 0 else -7
        elif step > 0 and delta == 0:
            delta = 7
        return human_date(d + timedelta(days=delta))
    if unit in ("week", "weekend"):
        return f"the week of {human_date(d + timedelta(weeks=step))}"
    if unit == "month":
        return _month(d.year + (d.month + step - 1) // 12, (d.month + step - 1) % 12 + 1)
    return str(d.year + step)


def annotate_relative_dates(sentence: str, said: datetime | None) -> str:
    """Each relative date followed by the date it means when ``said``."""
    if said is None:
        return sentence

    def add(m: re.Match[str]) -> str:
        resolved = _resolve(m.group(0), said)
        return f"{m.group(0)} ({resolved})" if resolved else m.group(0)

    return _RELATIVE.sub(add, sentence)


def _tense(sentence: str) -> int:
    """-1 past, +1 future, 0 when the sentence does not say (or says both)."""
    past = any(m.group(0).casefold() not in _NOT_PAST for m in _PAST.finditer(sentence))
    future = bool(_FUTURE.search(sentence))
    return -1 if past and not future else 1 if future and not past else 0


def _weekday(sentence: str, said: datetime) -> str:
    """A bare weekday with the date the sentence's tense points to (the last one before the
    day it was said for the past, the next one after it for the future)."""
    tense = _tense(sentence)
    if not tense:
        return sentence
    d = said.date()

    def add(m: re.Match[str]) -> str:
        delta = (_WEEKDAYS.index(m.group(1).casefold()) - d.weekday()) % 7
        if tense < 0:
            delta = delta - 7 if delta > 0 else -7
        elif delta == 0:
            delta = 7
        return f"{m.group(0)} ({human_date(d + timedelta(days=delta))})"

    return _BARE_WEEKDAY.sub(add, sentence)


def _day_number(token: str) -> int | None:
    t = token.casefold()
    if t in _ORDINALS:
        return _ORDINALS[t]
    digits = re.match(r"\d+", t)
    return int(digits.group(0)) if digits else None


def _day_month(sentence: str, said: datetime) -> str:
    """A day and month without a year, with the year the sentence's tense points to: the
    next such day for the future, the last one for the past, else the nearest."""
    d = said.date()
    tense = _tense(sentence)

    def add(m: re.Match[str]) -> str:
        day = _day_number(m.group("d1") or m.group("d2"))
        month = MONTHS.index(m.group("m1") or m.group("m2")) + 1
        try:
            days = [date(y, month, day or 0) for y in (d.year - 1, d.year, d.year + 1)]
        except ValueError:
            return m.group(0)
        if tense > 0:
            when = next(x for x in days if x >= d)
        elif tense < 0:
            when = [x for x in days if x <= d][-1]
        else:
            when = min(days, key=lambda x: abs((x - d).days))
        return f"{m.group(0)} ({human_date(when)})"

    return _DAY_MONTH.sub(add, sentence)


def annotate_dates(sentence: str, said: datetime | None) -> str:
    """Every date ``sentence`` implies, shown with the calendar date it means when ``said``:
    relative dates, bare weekdays (by the sentence's tense), days of a month without a
    year."""
    if said is None:
        return sentence
    out = annotate_relative_dates(sentence, said)
    out = _weekday(out, said)
    return _day_month(out, said)
