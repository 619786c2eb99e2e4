"""Entity state: each entity's single-valued attributes at a time T, from the facts valid then.

A project's status, a person's manager, employer, role, where they live, a launch date, a
metric's value: the attributes that hold one value at a time are the **slots** of
``slots.py``. An entity's state at T is, per attribute, the value of the newest fact valid at T
(``valid_from <= T < valid_to``) that states it — a query over validity intervals, so the state
at any past T is as exact as the current one, and supersession (which ends the old fact where
the new begins) keeps it in step.

Which facts state an attribute, and of whom:

* a statement of a project's status (``Fact.project`` / ``Fact.status``, the status
  supersession of ``apply.py`` already replaces) is that project's ``status``;
* any other fact is read clause by clause (``fields.py``: entity, field, value from the
  parse — "Sandra is Priya's manager": Priya, manager, Sandra; "the Autopay beta date is 14
  April": Autopay, beta date, 14 April; "the trailer is finished": trailer, status,
  finished). A clause is a state item when the slot reading of the fact (``slots.py``) says
  it states a single value: the fact's category is not one people hold many of, and a clause
  of it states a value of a single-valued attribute (a masked value, and nearer the
  single-valued prototypes than the multi-valued ones). A status (an adjective or a
  participle: "blocked", "done") states no masked value, yet a status is single-valued by
  definition (issue #41's list): a clause whose field is ``status`` is a state item whenever
  the fact's category allows one.

An entity named in a clause is matched to the user's entities (:class:`EntityNames`): by name
or alias, a person by the first word of their name, the user by theirs; a clause with no name
of its own (a pronoun) is about the fact's subject.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Protocol

import numpy as np

from contextos.models.entities import Entity, EntityState, StateValue
from contextos.models.times import as_utc
from contextos.resolve.entities import normalize_name
from contextos.resolve.fields import Reading, read_clauses
from contextos.resolve.slots import (
    CHANGE_VERBS,
    MULTI_VALUED_CATEGORIES,
    SINGLE_VALUED_PROTOTYPES,
    SlotReader,
    SlotReading,
)

__all__ = [
    "PROTOTYPE_FIELDS",
    "STATUS_FIELD",
    "EntityNames",
    "FactLike",
    "StateItem",
    "StateReader",
    "field_property",
    "holds_at",
    "states_at",
]

#: the field a project's status is stored under
STATUS_FIELD = "status"
#: the attribute each single-valued prototype of ``slots.py`` stands for: the name of a field a
#: verb states ("Dani moved to Denver": location), read from the fact's nearest prototype
PROTOTYPE_FIELDS: dict[str, str] = {
    "Y is X's manager": "manager",
    "X reports to Y": "manager",
    "X works at Y": "employer",
    "X's role is Y": "role",
    "X is on the Y team": "team",
    "X lives in Y": "location",
    "X sits on the N floor": "location",
    "X works from the office on Y": "schedule",
    "the status of Y is Y": "status",
    "the deadline is Y N": "deadline",
    "Y is scheduled for Y": "date",
    "the price is N": "price",
}
#: a field's property name on a graph node must not hide one of the node's own properties
_NODE_PROPERTIES = frozenset(
    {"key", "name", "type", "aliases", "props", "turn_ids", "first_seen", "last_seen"}
    | {"user_id", "is_user", "state", "state_fields"}
)


class FactLike(Protocol):
    """What the state reads of a fact (a stored :class:`Fact`, or resolution's ``KnownFact``)."""

    @property
    def id(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def subject(self) -> str: ...
    @property
    def category(self) -> str: ...
    @property
    def confidence(self) -> float: ...
    @property
    def valid_from(self) -> datetime | None: ...
    @property
    def valid_to(self) -> datetime | None: ...
    @property
    def superseded_by(self) -> str | None: ...
    @property
    def project(self) -> str | None: ...
    @property
    def status(self) -> str | None: ...


@dataclass(frozen=True)
class StateItem:
    """One attribute value a fact states: ``field`` of ``entity`` (as named; None: the fact's
    subject) is ``value``; ``corrects`` when the clause puts it right against another value."""

    entity: str | None
    field: str
    value: str
    corrects: bool = False
    #: the value it had before, when the clause says both ("switched from A to B")
    before: str | None = None
    #: for a clause that names no entity: the names the fact mentions (it is about the first
    #: project, event or organisation among them, as the entities are known when asked)
    mentions: tuple[str, ...] = ()


def holds_at(f: FactLike, at: datetime | None) -> bool:
    """Whether ``f`` is valid at ``at`` (``valid_from <= at < valid_to``); with ``at`` None,
    whether it is current."""
    if at is None:
        return f.valid_to is None and f.superseded_by is None
    at = as_utc(at)
    start, end = as_utc(f.valid_from), as_utc(f.valid_to)
    assert at is not None
    return (start is None or start <= at) and (end is None or at < end)


def field_property(field: str) -> str:
    """A field's name as a node property: snake case ("beta date" -> ``beta_date``), kept off
    the node's own property names (``state_name`` for a field called "name")."""
    prop = re.sub(r"[^0-9a-z]+", "_", field.casefold()).strip("_") or "value"
    if prop[0].isdigit() or prop in _NODE_PROPERTIES:
        prop = f"state_{prop}"
    return prop


def _field(text: str) -> str:
    return " ".join(text.casefold().split())


def _single_valued(reading: SlotReading | None) -> set[str]:
    """The words of the attributes the fact's single-valued, value-stating clauses name
    (``{""}`` for such a clause that names none): empty when it states no single value."""
    if reading is None:
        return set()
    out: set[str] = set()
    for c in reading.clauses:
        if c.single_valued and c.states_value:
            out |= set((c.attribute or "").split()) or {""}
    return out


def _names_a_value(value: str) -> bool:
    """A proper noun, a number or an amount among the value's words (what ``slots.mask``
    masks): "Marchmont", "3x a week"; not "a run", "the current draft"."""
    return any(w[:1].isupper() or w[:1].isdigit() or w[:1] in "$\u20ac\u00a3" for w in
               value.split()[1:] + value.split()[:1])  # fmt: skip


def _items_of(
    f: FactLike, readings: list[Reading], slot: SlotReading | None, verb_field: str | None
) -> list[StateItem]:
    if f.project and f.status:
        return [StateItem(f.project, STATUS_FIELD, f.status)]
    if f.category in MULTI_VALUED_CATEGORIES:
        return []
    attributes = _single_valued(slot)
    out: list[StateItem] = []
    seen: set[tuple[str | None, str]] = set()
    for r in readings:
        if not (r.field and r.value):
            continue
        field = _field(r.field)
        if field == STATUS_FIELD:
            pass  # single-valued by definition
        elif not attributes:
            continue
        elif not r.slot and not (field.split()[0] in attributes and _names_a_value(r.value)):
            # a verb's object is an attribute value only when the slot reading names that
            # verb as a single-valued attribute and the object names a value ("lives in
            # Leith"; not "wants a leaderboard")
            continue
        if verb_field and (not r.slot or field.split()[0] in CHANGE_VERBS):
            field = verb_field  # "moved to Denver": the attribute the verb states, location
        key = (r.entity.casefold() if r.entity else None, field)
        if key in seen:
            continue  # a fact states one value per attribute: its first clause's
        seen.add(key)
        out.append(StateItem(r.entity, field, r.value, r.corrects, r.before))
    return out


class StateReader:
    """Reads the state items of many facts at once (one parse batch; the slot readings come
    from ``slots`` when given, else from one :class:`SlotReader` batch)."""

    def __init__(self, slot_reader: SlotReader) -> None:
        self.slot_reader = slot_reader
        self._protos: tuple[list[str], np.ndarray] | None = None

    def _prototypes(self) -> tuple[list[str], np.ndarray]:
        if self._protos is None:
            sentences = [p for p in SINGLE_VALUED_PROTOTYPES if p in PROTOTYPE_FIELDS]
            vectors = np.asarray(self.slot_reader.embed(sentences), dtype=np.float32)
            self._protos = ([PROTOTYPE_FIELDS[p] for p in sentences], vectors)
        return self._protos

    def _verb_field(self, slot: SlotReading | None) -> str | None:
        """The attribute of the fact's single-valued clause nearest a prototype that names
        one (:data:`PROTOTYPE_FIELDS`)."""
        if slot is None or not len(slot.vectors):
            return None
        rows = [i for i, c in enumerate(slot.clauses) if c.single_valued and c.states_value]
        if not rows:
            return None
        labels, protos = self._prototypes()
        sims = slot.vectors[rows] @ protos.T
        return labels[int(np.unravel_index(int(np.argmax(sims)), sims.shape)[1])]

    def items(
        self,
        facts: Sequence[FactLike],
        slots: Sequence[SlotReading | None] | None = None,
        mentions: Mapping[str, Sequence[str]] | None = None,
    ) -> dict[str, list[StateItem]]:
        """Per fact id, the attribute values the fact states (module doc). An item of a clause
        that names no entity keeps the names the fact mentions (its ``entities``, or
        ``mentions[fact id]``): it is about the first project among them, else the subject."""
        todo = [f for f in facts if not (f.project and f.status)]
        slot_of: dict[str, SlotReading | None] = {}
        if slots is not None:
            slot_of = {f.id: s for f, s in zip(facts, slots, strict=True) if s is not None}
        unread = [f for f in todo if f.id not in slot_of]
        if unread:
            quotes = [getattr(f, "evidence", "") or f.text for f in unread]
            read = self.slot_reader.read(
                [(f.text, q, f.subject, f.category) for f, q in zip(unread, quotes, strict=True)]
            )
            slot_of.update({f.id: r for f, r in zip(unread, read, strict=True)})
        clauses = dict(zip([f.id for f in todo], read_clauses([f.text for f in todo]), strict=True))
        out = {}
        for f in facts:
            slot = slot_of.get(f.id)
            items = _items_of(f, clauses.get(f.id, []), slot, self._verb_field(slot))
            said = tuple((mentions or {}).get(f.id) or getattr(f, "entities", None) or ())
            if said:
                items = [i if i.entity else replace(i, mentions=said) for i in items]
            out[f.id] = items
        return out


@dataclass(frozen=True)
class _Named:
    key: str
    name: str
    type: str | None
    entity_id: str | None


class EntityNames:
    """Matches the names clauses use to the user's entities: by name or alias (any case,
    without an article), a person by the first word of their name when one known person has
    it; the user by their name or its first word. A name no entity has stands for itself."""

    def __init__(self, entities: Iterable[Entity], user_name: str, user_key: str | None) -> None:
        self.user = _Named(user_key or f"name:{normalize_name(user_name)}", user_name,
                           "Person", user_key)  # fmt: skip
        self._by_name: dict[str, _Named] = {}
        self._by_first: dict[str, list[_Named]] = {}
        entities = sorted(entities, key=lambda e: (e.name.casefold(), e.id))
        for e in entities:  # a name before any alias; of two of one name, in name order
            self._by_name.setdefault(normalize_name(e.name), _Named(e.id, e.name, e.type, e.id))
        for e in entities:
            named = _Named(e.id, e.name, e.type, e.id)
            for n in e.aliases:
                self._by_name.setdefault(normalize_name(n), named)
            if e.type == "Person":
                first = normalize_name(e.name).split(" ")[0]
                self._by_first.setdefault(first, []).append(named)
        self._user_names = {normalize_name(user_name)}
        if user_name.split():
            self._user_names.add(normalize_name(user_name.split()[0]))

    def thing(self, mentions: Iterable[str]) -> str | None:
        """The name of the first project, event or organisation among ``mentions``."""
        for m in mentions:
            hit = self._by_name.get(normalize_name(m))
            if hit is not None and hit.type in ("Project", "Event", "Organization"):
                return hit.name
        return None

    def resolve(self, name: str | None, subject: str, mentions: Sequence[str] = ()) -> _Named:
        """The entity ``name`` stands for; for None, the first project, event or
        organisation among ``mentions``, else the fact's subject."""
        if not name:
            name = self.thing(mentions) or subject
        norm = normalize_name(name.removesuffix("'s").removesuffix("\u2019s"))
        if norm in self._user_names:
            return self.user
        hit = self._by_name.get(norm)
        if hit is not None:
            return hit
        people = self._by_first.get(norm.split(" ")[0], []) if norm else []
        if len(people) == 1 and " " not in norm:
            return people[0]
        return _Named(f"name:{norm}", name, None, None)


def _order(f: FactLike) -> tuple[datetime, float]:
    return (as_utc(f.valid_from) or datetime.min.replace(tzinfo=UTC), f.confidence)


def states_at(
    facts: Iterable[FactLike],
    items: dict[str, list[StateItem]],
    names: EntityNames,
    at: datetime | None = None,
) -> dict[str, EntityState]:
    """Every entity's state at ``at`` (None: now), by entity key: per field, the value of the
    newest fact valid then that states it (a tie in time goes to the more confident)."""
    out: dict[str, EntityState] = {}
    for f in sorted((f for f in facts if holds_at(f, at) and items.get(f.id)), key=_order):
        for item in items[f.id]:
            who = names.resolve(item.entity, f.subject, item.mentions)
            state = out.get(who.key)
            if state is None:
                state = out[who.key] = EntityState(
                    entity_name=who.name, entity_type=who.type, entity_id=who.entity_id, as_of=at
                )
            state.fields[item.field] = StateValue(
                field=item.field,
                value=item.value,
                since=f.valid_from,
                fact_id=f.id,
                turn_ids=list(getattr(f, "turn_ids", []) or []),
                confidence=f.confidence,
                text=f.text,
            )
    return out
