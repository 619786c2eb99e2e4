"""What changed between two times, as typed changes: state(until) minus state(since).

**Attributes** (``resolve/state.py``): every entity's state at ``since`` and at ``until`` (the
single-valued attributes of the facts valid then) are compared per (entity, field); each field
whose value differs is one change from the old value to the new — "the billing migration moved
from blocked to active", however many facts were said in between:

* ``status_changed`` for a ``status``; ``corrected`` when the new fact replaced the old by a
  correction (the ``SUPERSEDES`` edge's reason) or puts a value right against another ("19
  March, not 17 March"); ``value_changed`` otherwise. A value new in the window has no
  ``from`` unless its clause says one ("switched from Evernote to Obsidian");
* a field whose new value's fact replaced (along ``SUPERSEDES``) the fact that held another
  field of the same entity ("beta target" -> "beta date") is one change of the newer field;
* a field that held at ``since`` and holds no value at ``until`` (its fact taken back or
  negated) is ``ended``.

**Other facts** (no attribute): a fact replaced by one is one change from the old value to the
new (``fields.compare`` of the two texts); a fact that ended with nothing in its place is
``ended``; a new fact is a ``decision`` or ``added``, its entity/field/value read by
``fields.read``. A new fact that restates an attribute's value, or whose value a newer fact of
the window replaced, is no change of its own; a replacement whose attribute values are the
same ("works at Globex as a tester" / "as a developer") is one change read from the texts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from contextos.models.brief import Change, ChangeKind
from contextos.models.entities import Entity, EntityState, StateValue
from contextos.models.facts import Fact
from contextos.models.times import as_utc
from contextos.resolve.fields import Reading, compare, read_texts
from contextos.resolve.slots import SlotReader
from contextos.resolve.state import STATUS_FIELD, EntityNames, StateItem, StateReader, states_at

__all__ = ["History", "default_reader", "diff_facts", "states_of"]


def _within(t: datetime | None, since: datetime, until: datetime) -> bool:
    t = as_utc(t)
    return t is not None and since < t <= until


@dataclass
class History:
    """What the diff reads: every fact ever stored for the user, the ``SUPERSEDES`` edges
    (newer id, replaced id, reason), the user's entities (for the entity types), and the
    user's name and node key (whose facts are filed under that name)."""

    facts: list[Fact]
    supersessions: list[tuple[str, str, str | None]]
    entities: list[Entity]
    user_name: str = ""
    user_key: str | None = None

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

    def names(self) -> EntityNames:
        """The matcher of the names clauses use to the user's entities (``state.py``)."""
        user = self.user_name or _most_common_subject(self.facts)
        return EntityNames(self.entities, user, self.user_key)


def _most_common_subject(facts: list[Fact]) -> str:
    counts: dict[str, int] = {}
    for f in facts:
        counts[f.subject] = counts.get(f.subject, 0) + 1
    return max(counts, key=lambda s: counts[s]) if counts else ""


def default_reader() -> StateReader:
    """A state reader over the offline MiniLM (what ``diff_facts`` uses unless given one)."""
    from contextos.embeddings.minilm import default_embedder

    return StateReader(SlotReader(default_embedder().embed_texts))


def states_of(
    h: History, at: datetime | None, reader: StateReader | None = None
) -> dict[str, EntityState]:
    """Every entity's state at ``at`` (None: now), by entity key."""
    names = h.names()
    items = (reader or default_reader()).items(h.facts)
    return states_at(h.facts, items, names, at)


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


def _norm(value: str) -> str:
    return " ".join(value.casefold().strip(" .,;").split())


class _Diff:
    """One window's diff (module doc), step by step."""

    def __init__(
        self, h: History, since: datetime, until: datetime, reader: StateReader | None
    ) -> None:
        self.h, self.since, self.until = h, since, until
        self.by_id = {f.id: f for f in h.facts}
        self.reason_of = {(new, old): reason for new, old, reason in h.supersessions}
        self.replaced: dict[str, list[str]] = {}  # new id -> the ids it replaced
        for new, old, _ in h.supersessions:
            self.replaced.setdefault(new, []).append(old)
        for f in h.facts:
            if f.superseded_by and f.id not in self.replaced.get(f.superseded_by, []):
                self.replaced.setdefault(f.superseded_by, []).append(f.id)
        names = h.names()
        self.items = (reader or default_reader()).items(h.facts)
        self.before = states_at(h.facts, self.items, names, since)
        self.after = states_at(h.facts, self.items, names, until)
        self.changes: list[Change] = []
        #: facts whose attribute values the state changes account for (changed or restated)
        self.covered: set[str] = set()
        #: facts of the attribute changes listed (the new value's and the old one's)
        self.reported: set[str] = set()

    # -- attributes --------------------------------------------------------------

    def _ancestors(self, fact_id: str) -> list[str]:
        out: list[str] = []
        todo = list(self.replaced.get(fact_id, []))
        while todo:
            at = todo.pop(0)
            if at not in out and at != fact_id:
                out.append(at)
                todo.extend(self.replaced.get(at, []))
        return out

    def _renamed(self, key: str, v: StateValue) -> StateValue | None:
        """The value of another field of the entity at ``since`` whose fact ``v``'s fact
        replaced, and which no longer holds."""
        old = self.before.get(key)
        if old is None:
            return None
        now = self.after[key].fields
        for fid in self._ancestors(v.fact_id):
            for field, prev in old.fields.items():
                if prev.fact_id == fid and field not in now:
                    return prev
        return None

    def _item(self, v: StateValue) -> StateItem | None:
        return next((i for i in self.items.get(v.fact_id, []) if i.field == v.field), None)

    def attributes(self) -> None:
        consumed: set[tuple[str, str]] = set()
        for key, state in self.after.items():
            old = self.before.get(key)
            for field, v in state.fields.items():
                prev = old.fields.get(field) if old is not None else None
                if prev is not None and (
                    prev.fact_id == v.fact_id or _norm(prev.value) == _norm(v.value)
                ):
                    self.covered.add(v.fact_id)
                    continue
                if prev is None:
                    prev = self._renamed(key, v)
                    if prev is not None:
                        consumed.add((key, prev.field))
                self.changes.append(self._attribute_change(state, v, prev))
        for key, state in self.before.items():
            now = self.after.get(key)
            for field, prev in state.fields.items():
                if (now is not None and field in now.fields) or (key, field) in consumed:
                    continue
                f = self.by_id.get(prev.fact_id)
                successor = self.by_id.get(f.superseded_by or "") if f else None
                if f is None or (successor is not None and not self.items.get(successor.id)):
                    continue  # replaced by a fact that states no attribute: other facts
                c = _base(f, "ended", as_utc(f.valid_to))
                c.entity_name, c.entity_type = state.entity_name, state.entity_type
                c.field, c.from_ = field, prev.value
                self.changes.append(c)
                self.covered.add(f.id)
                self.reported.add(f.id)

    def _attribute_change(
        self, state: EntityState, v: StateValue, prev: StateValue | None
    ) -> Change:
        f = self.by_id[v.fact_id]
        item = self._item(v)
        corrected = (item is not None and item.corrects) or (
            prev is not None and self.reason_of.get((v.fact_id, prev.fact_id)) == "corrected"
        )
        kind: ChangeKind = "status_changed" if v.field == STATUS_FIELD else "value_changed"
        c = _base(f, "corrected" if corrected else kind, as_utc(v.since))
        c.entity_name = state.entity_name
        c.entity_type = state.entity_type or self.h.entity_type(state.entity_name, f.subject)
        c.field, c.to = v.field, v.value
        if prev is not None:
            c.from_ = prev.value
            old = self.by_id.get(prev.fact_id)
            if old is not None:
                c.previous_fact_id, c.previous_text = old.id, old.text
                c.turn_ids = list(dict.fromkeys([*old.turn_ids, *f.turn_ids]))
        elif item is not None:
            c.from_ = item.before
        self.covered.add(f.id)
        self.reported |= {f.id, *([prev.fact_id] if prev is not None else [])}
        return c

    # -- other facts -------------------------------------------------------------

    def _replacement(self, old: Fact, new: Fact) -> Change:
        reason = self.reason_of.get((new.id, old.id))
        at = as_utc(old.valid_to) or as_utc(new.valid_from)
        reading, before = compare(old.text, new.text)
        c = _base(new, "corrected" if reason == "corrected" else "value_changed", at)
        c.entity_name = reading.entity or new.subject
        c.field, c.from_, c.to = reading.field, before, reading.value
        c.entity_type = self.h.entity_type(c.entity_name, new.subject)
        c.entity_name = self.h.canonical(c.entity_name)
        c.previous_fact_id, c.previous_text = old.id, old.text
        c.turn_ids = list(dict.fromkeys([*old.turn_ids, *new.turn_ids]))
        return c

    def _new_fact(self, f: Fact, reading: Reading) -> Change:
        at = as_utc(f.valid_from)
        if reading.before and reading.value:  # "switched from A to B", "B, not A"
            c = _base(f, "corrected" if reading.corrects else "value_changed", at)
            c.from_ = reading.before
        else:
            c = _base(f, "decision" if f.category == "decision" else "added", at)
        c.entity_name = reading.entity or self.h.mentioned(f) or f.subject
        c.field, c.to = reading.field, reading.value
        c.entity_type = self.h.entity_type(c.entity_name, f.subject)
        c.entity_name = self.h.canonical(c.entity_name)
        return c

    def other_facts(self) -> None:
        successors: set[str] = set()
        for f in self.h.facts:
            if f.id in self.reported or not _within(f.valid_to, self.since, self.until):
                continue
            new = self.by_id.get(f.superseded_by or "")
            if new is None:
                if self.items.get(f.id):
                    continue  # its attribute left the state: an ``ended`` change above
                c = _base(f, "ended", as_utc(f.valid_to))
                reading = read_texts([f.text])[0]
                c.entity_name = reading.entity or f.subject
                c.entity_type = self.h.entity_type(c.entity_name, f.subject)
                c.field, c.from_ = reading.field, reading.value
                self.changes.append(c)
                continue
            if new.id in self.reported:
                continue  # the state changes say it
            # a replacement the attributes do not show (the same employer, another role):
            # one change read from the two texts
            successors.add(new.id)
            self.changes.append(self._replacement(f, new))
        fresh = [
            f
            for f in self.h.facts
            if _within(f.valid_from, self.since, self.until)
            and f.id not in successors
            and f.id not in self.covered
            and not self.items.get(f.id)  # an attribute value: a change above, or none
        ]
        for f, reading in zip(fresh, read_texts([f.text for f in fresh]), strict=True):
            self.changes.append(self._new_fact(f, reading))


def diff_facts(
    h: History, since: datetime, until: datetime, reader: StateReader | None = None
) -> list[Change]:
    """The typed changes of ``(since, until]`` in time order (see the module docstring).
    ``reader`` reads the facts' attributes (default: over the offline MiniLM)."""
    since, until = as_utc(since), as_utc(until)  # type: ignore[assignment]
    d = _Diff(h, since, until, reader)
    d.attributes()
    d.other_facts()
    d.changes.sort(key=lambda c: (as_utc(c.changed_at) or since, c.text))
    return d.changes
