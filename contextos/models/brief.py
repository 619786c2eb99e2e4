"""Morning briefs: what changed in a user's graph between two times, as typed changes."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["CHANGE_KINDS", "Brief", "Change", "ChangeKind"]

#: What a change is: a status that moved, another single value that moved, a value said to
#: be wrong and put right, a fact that stopped holding with nothing in its place, a decision
#: taken, a fact that is new.
ChangeKind = Literal["status_changed", "value_changed", "corrected", "ended", "added", "decision"]
CHANGE_KINDS: tuple[str, ...] = ChangeKind.__args__  # type: ignore[attr-defined]


class Change(BaseModel):
    """One typed change (the seed's ``/diff`` item): ``entity_name``'s ``field`` went
    ``from`` -> ``to`` at ``changed_at``, read from the fact (``fact_id``) that says the new
    value and, for a replacement, the fact it replaced (``previous_fact_id``)."""

    model_config = ConfigDict(populate_by_name=True)

    kind: ChangeKind
    entity_type: str | None = None
    entity_name: str | None = None
    field: str | None = None
    from_: str | None = Field(default=None, alias="from")
    to: str | None = None
    changed_at: datetime | None = None
    #: the fact that says the new state (for ``ended``: the fact that stopped holding)
    fact_id: str | None = None
    text: str
    previous_fact_id: str | None = None
    previous_text: str | None = None
    #: the speaker's words the fact was read from
    quote: str = ""
    category: str | None = None
    importance: float = 0.5
    turn_ids: list[str] = Field(default_factory=list)


class Brief(BaseModel):
    """The changes of a window, ranked by what matters; ``changes`` are the ones listed, and
    ``more`` counts the new facts of low importance left out of the list."""

    user_id: str
    since: datetime
    until: datetime
    changes: list[Change] = Field(default_factory=list)
    more: int = 0
    summary: str = ""

    def diff(self) -> dict[str, Any]:
        """The seed's ``/diff`` shape: ``{changes, summary}`` (JSON-ready, ``from`` spelled
        as such)."""
        return {
            "user_id": self.user_id,
            "since": self.since.isoformat(),
            "until": self.until.isoformat(),
            "changes": [c.model_dump(mode="json", by_alias=True) for c in self.changes],
            "more": self.more,
            "summary": self.summary,
        }
