"""Timestamps as exports write them: epoch numbers (s, ms, us, ns) and ISO 8601 strings."""

from __future__ import annotations

import math
from datetime import UTC, datetime

__all__ = ["BadTime", "parse_time", "quiet_time"]


class BadTime(ValueError):
    """A timestamp value that is present but cannot be read."""


def _from_epoch(value: float) -> datetime:
    if not math.isfinite(value):
        raise BadTime(f"not a finite number: {value!r}")
    magnitude = abs(value)
    if magnitude > 1e17:
        value /= 1e9  # nanoseconds
    elif magnitude > 1e14:
        value /= 1e6  # microseconds
    elif magnitude > 1e11:
        value /= 1e3  # milliseconds
    try:
        return datetime.fromtimestamp(value, tz=UTC)
    except (OverflowError, OSError, ValueError) as exc:
        raise BadTime(f"epoch out of range: {value!r}") from exc


def parse_time(value: object) -> datetime | None:
    """A timezone-aware datetime, ``None`` for a missing value, :class:`BadTime` if unreadable.

    Epoch numbers are scaled by magnitude (Open WebUI writes seconds or nanoseconds, JavaScript
    exports milliseconds). Naive ISO strings are taken as UTC.
    """
    if type(value) is float and 1e8 < value < 1e11:  # the common case: epoch seconds
        return datetime.fromtimestamp(value, tz=UTC)
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise BadTime(f"not a time: {value!r}")
    if isinstance(value, int | float):
        return _from_epoch(float(value))
    if isinstance(value, str):
        text = value.strip()
        try:
            return _from_epoch(float(text))
        except ValueError:
            pass
        try:
            stamp = datetime.fromisoformat(text)
        except ValueError as exc:
            raise BadTime(f"not an ISO 8601 time: {value[:60]!r}") from exc
        return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)
    raise BadTime(f"not a time: {type(value).__name__}")


def quiet_time(value: object) -> datetime | None:
    """Like :func:`parse_time`, but None instead of an error (when already warned about)."""
    try:
        return parse_time(value)
    except BadTime:
        return None
