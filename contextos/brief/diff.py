"""What changed between two times: state(T1) minus state(T0), as a list of changes."""

from __future__ import annotations

from datetime import UTC, datetime

from contextos.models.brief import Change
from contextos.models.facts import Fact

__all__ = ["diff_facts"]


def _aware(t: datetime | None) -> datetime | None:
    if t is not None and t.tzinfo is None:
        return t.replace(tzinfo=UTC)
    return t


def _within(t: datetime | None, since: datetime, until: datetime) -> bool:
    t = _aware(t)
    return t is not None and since < t <= until


def diff_facts(facts: list[Fact], since: datetime, until: datetime) -> list[Change]:
    """Facts that became valid in ``(since, until]`` ("added") and facts that stopped being
    valid in it ("superseded", with what replaced them), in time order."""
    since, until = _aware(since), _aware(until)  # type: ignore[assignment]
    by_id = {f.id: f for f in facts}
    replaced: dict[str, Fact] = {}
    changes: list[Change] = []
    for f in facts:
        if _within(f.valid_to, since, until):
            new = by_id.get(f.superseded_by or "")
            if new is not None:
                replaced[new.id] = f
            changes.append(
                Change(
                    kind="superseded" if f.superseded_by else "ended",
                    fact_id=f.id,
                    text=f.text,
                    before=f.text,
                    after=new.text if new is not None else None,
                    at=f.valid_to,
                    category=f.category,
                    turn_ids=f.turn_ids,
                )
            )
    for f in facts:
        if _within(f.valid_from, since, until):
            old = replaced.get(f.id)
            changes.append(
                Change(
                    kind="added",
                    fact_id=f.id,
                    text=f.text,
                    before=old.text if old is not None else None,
                    after=f.text,
                    at=f.valid_from,
                    category=f.category,
                    turn_ids=f.turn_ids,
                )
            )
    changes.sort(key=lambda c: (_aware(c.at) or since, c.kind != "superseded", c.text))
    return changes
