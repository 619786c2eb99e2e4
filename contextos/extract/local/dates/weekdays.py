"""A weekday read with the dates around it in its clause: "home on the Friday" (a day of the
week the story has in mind), "next weds the 22nd" and "this Sunday, the 10th" (the day
number says which), "Saturday (3 March)" (the brackets say the same day again), "the 9th next
month, weds afternoon" (the weekday of the day just said).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from contextos.extract.local.dates.calendar_words import (
    ORD_ONLY,
    PARTS_OF_DAY,
    WEEKDAYS,
    weekday_index,
)
from contextos.extract.local.dates.resolved_date import (
    Direction,
    day_of_month,
    days_numbered,
    render_date,
)

__all__ = [
    "day_of_the_story",
    "restated_day",
    "weekday_after_the",
    "weekday_numbered",
    "weekday_restated",
    "write_again",
]


def weekday_after_the(doc: Any, start: int, end: int) -> int | None:
    """The weekday (0 = Monday) of a bare weekday said with "the" ("home on the Friday",
    "on the Tuesday night"): a day of a week the story has in mind, not the next or last
    one from the message; None for any other date phrase and for "the Tuesday deadline"."""
    if start == 0 or doc[start - 1].lower_ != "the" or end - start > 2:
        return None
    if end - start == 2 and doc[start + 1].lower_ not in PARTS_OF_DAY:
        return None
    root = doc[start:end].root
    if end < len(doc) and root.head.i == end and doc[end].pos_ in ("NOUN", "PROPN"):
        return None  # "the Tuesday deadline": the deadline's Tuesday, this week's
    return weekday_index(doc[start].text)


def day_of_the_story(
    doc: Any,
    end: int,
    weekday: int,
    before: datetime | None,
    when: datetime,
    direction: Direction,
) -> tuple[datetime | None, int]:
    """The day a weekday said with "the" (ending at ``end``) is, and where what says it ends:
    the day a day number right after it names ("on the Tuesday night, the 22nd": the 22nd
    that is a Tuesday), else the first such weekday after the date said before it in the
    clause (``before``: "fly out on June 22 and back on the Thursday"), else None."""
    i = end
    while i < len(doc) and (doc[i].text == "," or doc[i].lower_ in PARTS_OF_DAY):
        i += 1
    stop = i + 2 if i < len(doc) and doc[i].lower_ == "the" else i + 1
    number = ORD_ONLY.match(doc[i:stop].text) if i < len(doc) else None
    if number is not None and not number.group(1):
        return day_of_month(int(number.group(2)), when, direction, weekday), stop
    if before is None:
        return None, end
    return before + timedelta(days=(weekday - before.weekday() - 1) % 7 + 1), end


def write_again(
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
    restatement right after it ("Saturday (3 March)", "next weds the 22nd") says it is."""
    lead, _end = replacements.get(start, ("", last_end))
    lead = lead[:3] if lead[:3] in ("on ", "in ") else ""
    replacements[start] = (lead + render_date(day, period), last_end if end is None else end)
    dates[start] = day.date().isoformat()


def weekday_numbered(
    doc: Any, start: int, end: int, last_start: int, last_end: int, before: datetime | None
) -> datetime | None:
    """The day meant by a weekday followed at once (or after a comma) by a day of the month
    ("next weds the 22nd", "this Friday the 13th", "this Sunday, the 10th"): the day with
    that number falling on that weekday nearest the day the weekday alone resolved to
    (``before``); None when the phrase at ``start`` is no bare day number right after a
    weekday or no such day is within a month of it."""
    if before is None or last_start < 0:
        return None
    if start != last_end and not (start == last_end + 1 and doc[last_end].text == ","):
        return None  # "this Sunday, the 10th" said it with a comma
    number = ORD_ONLY.match(doc[start:end].text)
    if number is None or number.group(1):
        return None
    if not any(weekday_index(t.text) is not None for t in doc[last_start:last_end]):
        return None
    near = [
        c
        for c in days_numbered(int(number.group(2)), before)
        if c.weekday() == before.weekday() and abs((c - before).days) <= 31
    ]
    return min(near, key=lambda c: abs((c - before).days), default=None)


def weekday_restated(doc: Any, start: int, last_end: int, before: datetime | None) -> bool:
    """Whether the date at ``start`` follows the day ``before`` (said up to ``last_end``)
    after a comma and only names its weekday ("the 9th next month, weds afternoon")."""
    if before is None or start != last_end + 1 or doc[last_end].text != ",":
        return False
    return weekday_index(doc[start].lower_) == before.weekday()


def restated_day(
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
        and said[0].lower_ in WEEKDAYS
        and WEEKDAYS.index(said[0].lower_) == resolved.value.weekday()
    )
