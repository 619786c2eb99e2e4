"""Times as every stage compares them: a naive datetime is read as UTC."""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["as_utc"]


def as_utc(t: datetime | None) -> datetime | None:
    """``t`` with UTC as its zone when it has none (None stays None)."""
    if t is not None and t.tzinfo is None:
        return t.replace(tzinfo=UTC)
    return t
