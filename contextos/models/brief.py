"""Morning briefs: what changed in a user's graph between two times."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

__all__ = ["Brief", "Change"]


class Change(BaseModel):
    kind: Literal["added", "superseded", "status_changed", "ended"]
    fact_id: str | None = None
    entity: str | None = None
    field: str | None = None
    text: str
    before: str | None = None
    after: str | None = None
    at: datetime | None = None
    category: str | None = None
    turn_ids: list[str] = Field(default_factory=list)


class Brief(BaseModel):
    user_id: str
    since: datetime
    until: datetime
    changes: list[Change] = Field(default_factory=list)
    summary: str = ""
