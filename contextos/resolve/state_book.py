"""The current state of the entities a conversation touched, for the write to persist.

Ingestion keeps, per user, the state items (``state.py``) of the facts it has read, by the name
each item may be about, and which entity each item was last found to be about. After a
conversation is resolved, the entities whose items it added, whose facts it replaced or ended,
or whose items a newly named entity now claims (a project first named in this conversation,
that earlier facts mentioned) get their current state recomputed from the current facts —
the same :func:`~contextos.resolve.state.states_at` the facade queries — and the write sets it
on their nodes: a Project node shows its ``status``, kept in step with supersession.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from contextos.models.entities import EntityState
from contextos.resolve.entities import normalize_name
from contextos.resolve.state import (
    EntityNames,
    FactLike,
    StateItem,
    field_property,
    states_at,
)

__all__ = ["StateBook", "StateChange"]


@dataclass
class StateChange:
    """One entity node's state to write: its flat properties (a field's property name ->
    value; None removes a field it no longer has) and the typed state."""

    key: str
    properties: dict[str, str | None]
    state: EntityState
    fields: list[str] = field(default_factory=list)


def _names(item: StateItem, subject: str) -> list[str]:
    """The names an item may be about: its entity; else its subject and the names its fact
    mentions (which of them, :class:`EntityNames` says as the entities are known then)."""
    return [item.entity] if item.entity else [subject, *item.mentions]


def _index_names(name: str) -> set[str]:
    """How a name is indexed: normalised, and its first word (a person's first name)."""
    norm = normalize_name(name)
    return {norm, norm.split(" ")[0]} if norm else set()


class StateBook:
    """One user's state items by fact, and by the name they may be about; which entity each
    fact's items are about; and per entity node the properties last written for it (so a
    field that left the state is removed)."""

    def __init__(self, written: dict[str, list[str]] | None = None) -> None:
        self.items: dict[str, list[StateItem]] = {}
        self._subject: dict[str, str] = {}
        self._by_name: dict[str, set[str]] = {}
        self._owners: dict[str, set[str]] = {}  # fact id -> entity keys of its items
        self._owned: dict[str, set[str]] = {}  # entity key -> fact ids
        self.written: dict[str, set[str]] = {k: set(v) for k, v in (written or {}).items()}

    def __contains__(self, fact_id: str) -> bool:
        return fact_id in self.items

    def add(self, fact_id: str, subject: str, items: list[StateItem], names: EntityNames) -> None:
        """A fact's items, and the entities they are about now."""
        self.items[fact_id] = items
        self._subject[fact_id] = subject
        for item in items:
            for name in _names(item, subject):
                for n in _index_names(name):
                    self._by_name.setdefault(n, set()).add(fact_id)
        self._own(fact_id, names)

    def facts_named(self, names: Iterable[str]) -> set[str]:
        """The facts with an item that may be about one of ``names``."""
        out: set[str] = set()
        for name in names:
            for n in _index_names(name):
                out |= self._by_name.get(n, set())
        return out

    def _own(self, fact_id: str, names: EntityNames) -> set[str]:
        """Re-resolve a fact's items; the entity keys they were about before."""
        before = self._owners.get(fact_id, set())
        subject = self._subject[fact_id]
        now = {names.resolve(i.entity, subject, i.mentions).key for i in self.items[fact_id]}
        for key in before - now:
            self._owned.get(key, set()).discard(fact_id)
        for key in now:
            self._owned.setdefault(key, set()).add(fact_id)
        self._owners[fact_id] = now
        return before | now

    def changes(
        self,
        touched: set[str],
        names: EntityNames,
        fact: Callable[[str], FactLike | None],
    ) -> list[StateChange]:
        """The current state of the entity nodes the facts ``touched`` (ids) are about, or
        were about before ``names`` changed."""
        keys: set[str] = set()
        for fid in touched:
            if fid in self.items:
                keys |= self._own(fid, names)
        fact_ids = set().union(*(self._owned.get(k, set()) for k in keys)) if keys else set()
        facts = [f for fid in fact_ids if (f := fact(fid)) is not None]
        states = states_at(facts, self.items, names, None)
        out = []
        for key in sorted(keys):
            state = states.get(key)
            if key.startswith("name:"):
                continue  # a name no node has: queried from facts, not written
            props: dict[str, str | None] = {}
            if state is not None:
                props = {field_property(f): v.value for f, v in state.fields.items()}
            before = self.written.get(key, set())
            if not props and not before:
                continue
            props.update({p: None for p in before - set(props)})
            self.written[key] = {p for p, v in props.items() if v is not None}
            if state is None:
                state = EntityState(entity_name=key, entity_id=key)
            out.append(StateChange(key, props, state, sorted(self.written[key])))
        return out
