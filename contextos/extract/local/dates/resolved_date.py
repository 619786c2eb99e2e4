"""A date resolved to a day, week, month, quarter, season or year, how a fact writes it, and
the month arithmetic resolving needs (a day number in the months around a day).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

__all__ = [
    "Direction",
    "ResolvedDate",
    "day_of_month",
    "days_numbered",
    "render_date",
    "shift_months",
]


Direction = Literal["past", "future"]


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


def days_numbered(day: int, base: datetime) -> list[datetime]:
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


def day_of_month(
    day: int, base: datetime, direction: Direction, weekday: int | None = None
) -> datetime | None:
    """Day ``day`` of the nearest month from ``base`` in ``direction`` (today counts); with a
    ``weekday`` ("Wednesday the 21st"), the nearest such day that falls on it, either way."""
    cands = days_numbered(day, base)
    if weekday is not None:
        named = [c for c in cands if c.weekday() == weekday]
        ahead = [c for c in named if (c >= base) == (direction == "future")]
        pool = ahead if ahead and abs((ahead[0] - base).days) <= 62 else named
        return min(pool, key=lambda c: abs((c - base).days), default=None)
    if direction == "future":
        return min((c for c in cands if c >= base), default=None)
    return max((c for c in cands if c <= base), default=None)


#: A season's name by the month it starts in (northern hemisphere).
_SEASON_NAMES = {3: "spring", 6: "summer", 9: "fall", 12: "winter"}


def shift_months(day: datetime, months: int) -> datetime:
    month0 = day.month - 1 + months
    year, month = day.year + month0 // 12, month0 % 12 + 1
    return day.replace(year=year, month=month, day=min(day.day, 28))
