"""The common date phrases resolved without dateparser, which costs milliseconds a call:
"yesterday", "Friday", "next Thursday", "last Sunday", "next summer", "a week on Sunday",
"three days ago", "July 13th", "30 September 2026", "June".
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from contextos.extract.local.dates.calendar_words import (
    COUNT_RE,
    COUNTS,
    MONTH_ONLY,
    MONTH_RE,
    PARTS_RE,
    STEPS,
    WEEKDAY_ONLY,
    WEEKDAY_RE,
    WEEKDAYS,
    month_number,
)
from contextos.extract.local.dates.resolved_date import Direction, ResolvedDate, shift_months

__all__ = ["WEEKS_ON", "fast_parse"]


_PART_OF_DAY = re.compile(
    rf"^(?P<day>last|this|yesterday|tomorrow|{WEEKDAY_RE})\s+(?:{PARTS_RE})$",
    re.I,
)


WEEKS_ON = re.compile(
    rf"^(?:(?:(?P<n>{COUNT_RE})\s+weeks?|(?P<f>a\s+fortnight))\s+(?:on\s+)?(?P<day>\w+)"
    rf"|(?P<day2>today|tomorrow|{WEEKDAY_RE})\s+(?P<unit2>fortnight|week))$",
    re.I,
)


_SIMPLE_DAYS = {"yesterday": -1, "today": 0, "tonight": 0, "tomorrow": 1}
_MONTH_DAY = re.compile(
    rf"^(?:{WEEKDAY_RE},?\s+)?(?:(?P<m1>{MONTH_RE})\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?|"
    rf"(?:the\s+)?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>{MONTH_RE}))"
    rf"(?:,?\s+(?P<y>\d{{4}}))?$",
    re.I,
)


_SHIFTED_WEEKDAY = re.compile(rf"^(?P<rel>next|last|this)\s+(?P<w>{WEEKDAY_RE})$", re.I)
_SHIFTED_PERIOD = re.compile(r"^(?P<rel>next|last|this)\s+(?P<unit>week|month|quarter|year)$", re.I)
_SHIFTED_MONTH = re.compile(rf"^(?P<rel>next|last|this)\s+(?P<m>{MONTH_RE})$", re.I)
_WEEKEND = re.compile(r"^(?P<rel>next|last|this)\s+weekend$", re.I)
_SEASON = re.compile(
    r"^(?P<rel>next|last|this)\s+(?P<season>spring|summer|fall|autumn|winter)$", re.I
)
#: The month a season starts in (northern hemisphere).
_SEASON_STARTS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}


_AGO = re.compile(
    r"^(?P<n>a|an|one|two|three|four|five|six|\d+|a\s+couple(?:\s+of)?)\s+"
    r"(?P<unit>day|week|month|year)s?\s+ago$",
    re.I,
)


def fast_parse(text: str, base: datetime, direction: Direction) -> ResolvedDate | None:
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
    if WEEKDAY_ONLY.match(text):
        target = next(i for i, w in enumerate(WEEKDAYS) if w.startswith(low[:3]))
        delta = (target - day.weekday()) % 7 or 7
        return ResolvedDate(
            day + timedelta(days=delta if direction == "future" else delta - 7), "day"
        )
    m = _SHIFTED_WEEKDAY.match(text)
    if m:  # "next Thursday": the next one after today; "last Monday": the one before
        target = next(i for i, w in enumerate(WEEKDAYS) if w.startswith(m["w"].lower()[:3]))
        ahead = (target - day.weekday()) % 7
        rel = m["rel"].lower()
        delta = (ahead or 7) if rel == "next" else ahead if rel == "this" else (ahead - 7 or -7)
        return ResolvedDate(day + timedelta(days=delta), "day")
    m = _WEEKEND.match(text)
    if m:  # "last weekend" (the one before this week); "next weekend": the one in next week
        monday = day - timedelta(days=day.weekday())
        step = STEPS[m["rel"].lower()]
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
        step = STEPS[m["rel"].lower()]
        unit = m["unit"].lower()
        if unit == "week":
            return ResolvedDate(day + timedelta(days=7 * step), "week")
        if unit == "month":
            return ResolvedDate(shift_months(day, step), "month")
        if unit == "quarter":  # "next quarter": the first day of that quarter
            start = day.replace(month=3 * ((day.month - 1) // 3) + 1, day=1)
            return ResolvedDate(shift_months(start, 3 * step), "quarter")
        return ResolvedDate(day.replace(year=day.year + step, day=min(day.day, 28)), "year")
    m = _SHIFTED_MONTH.match(text)
    if m:  # "last October": the latest October before this month; "next March": the first after
        month, rel = month_number(m["m"]), m["rel"].lower()
        year = day.year
        if rel == "last" and month >= day.month:
            year -= 1
        elif rel == "next" and month <= day.month:
            year += 1
        return ResolvedDate(datetime(year, month, 1), "month")
    m = WEEKS_ON.match(text)
    if m:  # "a week on Sunday": that Sunday a week on; "Tuesday fortnight" said on a Tuesday
        day_said = m["day"] or m["day2"]  # is two weeks from that day
        weekday = WEEKDAY_ONLY.match(day_said) is not None
        said = fast_parse(f"this {day_said}" if weekday else day_said, base, "future")
        if said is not None:
            # a fortnight is two weeks; "Friday week" is a week after Friday
            word = (m["n"] or ("one" if m["unit2"] == "week" else "two")).lower()
            weeks = int(word) if word.isdigit() else COUNTS[word]
            return ResolvedDate(said.value + timedelta(days=7 * weeks), "day")
    m = _AGO.match(text)
    if m:
        word = m["n"].lower()
        n = int(word) if word.isdigit() else 2 if "couple" in word else COUNTS[word]
        unit = m["unit"].lower()
        if unit in ("day", "week"):
            days = n * (7 if unit == "week" else 1)
            return ResolvedDate(day - timedelta(days=days), unit)
        if unit == "month":
            return ResolvedDate(shift_months(day, -n), "month")
        return ResolvedDate(day.replace(year=day.year - n, day=min(day.day, 28)), "year")
    m = _MONTH_DAY.match(text)
    if m:
        month, dom = month_number(m["m1"] or m["m2"]), int(m["d1"] or m["d2"])
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
    m = MONTH_ONLY.match(text)
    if m:
        month = month_number(m["m"])
        if m["y"]:
            return ResolvedDate(datetime(int(m["y"]), month, 1), "month")
        year = day.year
        if direction == "future" and month < day.month:
            year += 1
        elif direction == "past" and month > day.month:
            year -= 1
        return ResolvedDate(datetime(year, month, 1), "month")
    return None
