"""What changed between two times, as typed changes: state(T1) minus state(T0).

Every fact that stopped holding in ``(since, until]`` and every fact that began to hold in it
becomes at most one :class:`Change`:

* a fact replaced by another (a ``SUPERSEDES`` edge, read through the store with its reason)
  is one change from the old value to the new: ``corrected`` when the edge says so,
  ``status_changed`` when either fact states a project's status, ``value_changed`` otherwise;
  entity, field and values come from :func:`fields.compare` of the two texts;
* a fact that ended with nothing in its place (taken back, negated) is ``ended``;
* a new status statement is ``status_changed`` from the project's status before it (the
  latest earlier status fact of the same project), a new decision ``decision``, and any other
  new fact ``added``, its entity/field/value read by :func:`fields.read`;
* a new fact whose reading is a slot (an attribute named by a copula: "Carla is Dana's
  manager") while a fact current at ``since`` held another value of the same entity and field
  ("Ben is Dana's manager") is ``value_changed`` from that value, even where resolution kept
  both facts current.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from contextos.brief.fields import Reading, compare, read_texts
from contextos.models.brief import Change, ChangeKind
from contextos.models.entities import Entity
from contextos.models.facts import Fact

__all__ = ["History", "diff_facts"]


def _aware(t: datetime | None) -> datetime | None:
    if t is not None and t.tzinfo is None:
        return t.replace(tzinfo=UTC)
    return t


def _within(t: datetime | None, since: datetime, until: datetime) -> bool:
    t = _aware(t)
    return t is not None and since < t <= until


@dataclass
class History:
    """What the diff reads: every fact ever stored for the user, the ``SUPERSEDES`` edges
    (newer id, replaced id, reason) and the user's entities (for the entity types)."""

    facts: list[Fact]
    supersessions: list[tuple[str, str, str | None]]
    entities: list[Entity]

    def _entity(self, name: str) -> Entity | None:
        low = name.lower()
        for e in self.entities:
            if e.name.lower() == low or low in (a.lower() for a in e.aliases):
                return e
        return None

    def entity_type(self, name: str | None, subject: str) -> str | None:
        if not name:
            return None
        e = self._entity(name)
        if e is not None:
            return e.type
        return "Person" if name.lower() == subject.lower() else None

    def canonical(self, name: str | None) -> str | None:
        """The stored entity's name for ``name`` (an alias of it, another case), else
        ``name``."""
        e = self._entity(name) if name else None
        return e.name if e is not None else name

    def mentioned(self, f: Fact) -> str | None:
        """The project, event or organisation ``f`` names (the first), or None: what a fact
        whose clause names no entity of its own is about."""
        for name in f.entities:
            if self.entity_type(name, f.subject) in ("Project", "Event", "Organization"):
                return name
        return None


def _base(f: Fact, kind: ChangeKind, at: datetime | None) -> Change:
    return Change(
        kind=kind,
        fact_id=f.id,
        text=f.text,
        changed_at=at,
        quote=f.evidence,
        category=f.category,
        importance=f.importance,
        turn_ids=list(f.turn_ids),
    )


def _previous_status(f: Fact, facts: list[Fact]) -> str | None:
    """The status of ``f``'s project stated last before ``f``."""
    project = (f.project or "").lower()
    start = _aware(f.valid_from)
    earlier = [
        g
        for g in facts
        if g.id != f.id
        and g.status
        and (g.project or "").lower() == project
        and start is not None
        and (_aware(g.valid_from) or start) < start
    ]
    earlier.sort(key=lambda g: _aware(g.valid_from) or start)  # type: ignore[arg-type,return-value]
    return earlier[-1].status if earlier else None


def _replacement(old: Fact, new: Fact, reason: str | None, h: History) -> Change:
    at = _aware(old.valid_to) or _aware(new.valid_from)
    if new.status and new.project:
        kind: ChangeKind = "corrected" if reason == "corrected" else "status_changed"
        c = _base(new, kind, at)
        c.entity_name, c.field, c.from_, c.to = new.project, "status", old.status, new.status
    else:
        reading, before = compare(old.text, new.text)
        kind = "corrected" if reason == "corrected" else "value_changed"
        c = _base(new, kind, at)
        c.entity_name = reading.entity or new.subject
        c.field, c.from_, c.to = reading.field, before, reading.value
    c.entity_type = h.entity_type(c.entity_name, new.subject)
    c.entity_name = h.canonical(c.entity_name)
    c.previous_fact_id, c.previous_text = old.id, old.text
    c.turn_ids = list(dict.fromkeys([*old.turn_ids, *new.turn_ids]))
    return c


def _key(r: Reading) -> tuple[str, str] | None:
    if not (r.slot and r.entity and r.field and r.value):
        return None
    return r.entity.lower(), r.field.lower()


def _words(text: str) -> set[str]:
    return {w.strip(".,;:'\"()").lower() for w in text.split()} - {""}


def _earlier_values(h: History, since: datetime) -> dict[tuple[str, str], tuple[Fact, str]]:
    """(entity, field) -> the fact current at ``since`` that last said a slot value of it,
    and that value."""
    held = [
        f
        for f in h.facts
        if (_aware(f.valid_from) or since) <= since
        and (f.valid_to is None or (_aware(f.valid_to) or since) > since)
    ]
    held.sort(key=lambda f: _aware(f.valid_from) or since)
    out: dict[tuple[str, str], tuple[Fact, str]] = {}
    for f, r in zip(held, read_texts([f.text for f in held]), strict=True):
        key = _key(r)
        if key is not None and r.value:
            out[key] = (f, r.value)
    return out


def _new_fact(
    f: Fact, reading: Reading, h: History, earlier: dict[tuple[str, str], tuple[Fact, str]]
) -> Change:
    at = _aware(f.valid_from)
    key = _key(reading)
    before = earlier.get(key) if key is not None else None
    if f.status and f.project:
        c = _base(f, "status_changed", at)
        c.entity_name, c.field = f.project, "status"
        c.from_, c.to = _previous_status(f, h.facts), f.status
    elif before is not None and not (_words(before[1]) & _words(reading.value or "")):
        old, value = before
        c = _base(f, "value_changed", at)
        c.entity_name, c.field, c.from_, c.to = reading.entity, reading.field, value, reading.value
        c.previous_fact_id, c.previous_text = old.id, old.text
    elif reading.before and reading.value:  # "switched from A to B", "B, not A"
        c = _base(f, "corrected" if reading.corrects else "value_changed", at)
        c.entity_name = reading.entity or h.mentioned(f) or f.subject
        c.field, c.from_, c.to = reading.field, reading.before, reading.value
    else:
        c = _base(f, "decision" if f.category == "decision" else "added", at)
        c.entity_name = reading.entity or h.mentioned(f) or f.subject
        c.field, c.to = reading.field, reading.value
    c.entity_type = h.entity_type(c.entity_name, f.subject)
    c.entity_name = h.canonical(c.entity_name)
    return c


def diff_facts(h: History, since: datetime, until: datetime) -> list[Change]:
    """The typed changes of ``(since, until]`` in time order (see the module docstring)."""
    since, until = _aware(since), _aware(until)  # type: ignore[assignment]
    by_id = {f.id: f for f in h.facts}
    reason_of = {(new, old): reason for new, old, reason in h.supersessions}
    changes: list[Change] = []
    successors: set[str] = set()
    for f in h.facts:
        if not _within(f.valid_to, since, until):
            continue
        new = by_id.get(f.superseded_by or "")
        if new is None:
            c = _base(f, "ended", _aware(f.valid_to))
            reading = read_texts([f.text])[0]
            c.entity_name = reading.entity or f.subject
            c.entity_type = h.entity_type(c.entity_name, f.subject)
            c.field, c.from_ = reading.field, reading.value
            changes.append(c)
            continue
        successors.add(new.id)
        changes.append(_replacement(f, new, reason_of.get((new.id, f.id)), h))
    fresh = [f for f in h.facts if _within(f.valid_from, since, until) and f.id not in successors]
    earlier = _earlier_values(h, since) if fresh else {}
    for f, reading in zip(fresh, read_texts([f.text for f in fresh]), strict=True):
        changes.append(_new_fact(f, reading, h, earlier))
    changes.sort(key=lambda c: (_aware(c.changed_at) or since, c.text))
    return changes
