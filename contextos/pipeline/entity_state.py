"""Ingestion's side of entity state: per user, the state items of the facts read so far
(:class:`~contextos.resolve.state_book.StateBook`), and after each conversation the current
state of the entities it changed, added to its write (``set_entity_state.cypher``)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from contextos.graph.store import ConversationWrite, GraphStore, StateWrite
from contextos.models.entities import Entity
from contextos.models.extraction import UserRef
from contextos.models.facts import Fact
from contextos.resolve.apply import FactResolution
from contextos.resolve.fact_memory import FactMemory, KnownFact
from contextos.resolve.slots import SlotReader
from contextos.resolve.state import EntityNames, StateReader
from contextos.resolve.state_book import StateBook

__all__ = ["StateTracker"]


class StateTracker:
    """What ingestion keeps to write entity state, per user."""

    def __init__(self, store: GraphStore, embed: Callable[[list[str]], np.ndarray]) -> None:
        self.store = store
        self.embed = embed
        self._reader: StateReader | None = None
        self._books: dict[str, StateBook] = {}
        self._entities: dict[str, dict[str, Entity]] = {}
        #: the entities each current fact loaded from the store mentions (a project a clause
        #: names no entity of its own is about); read once, when its items are
        self._mentions: dict[str, dict[str, list[str]]] = {}

    def loaded(self, user_id: str, facts: list[Fact]) -> None:
        """The user's facts as loaded from the store (their mentions are kept until read)."""
        self._mentions[user_id] = {f.id: list(f.entities) for f in facts if f.is_current}

    def forget(self, user_id: str) -> None:
        for cache in (self._books, self._entities, self._mentions):
            cache.pop(user_id, None)  # type: ignore[attr-defined]

    def _reader_(self, slot_reader: SlotReader | None) -> StateReader:
        if self._reader is None:
            self._reader = StateReader(slot_reader or SlotReader(self.embed))
        return self._reader

    def _names(self, write: ConversationWrite, user: UserRef) -> tuple[EntityNames, set[str]]:
        """The matcher of names to the user's entities as this write leaves them, and the
        names of the entities new to it (earlier facts' items may be about them now)."""
        known = self._entities.get(user.id)
        if known is None:
            known = self._entities[user.id] = {e.id: e for e in self.store.entities(user.id)}
        new: set[str] = set()
        for ew in write.entities:
            old = known.get(ew.key)
            if old is None or old.name != ew.name:
                new |= {ew.name, *ew.aliases}
            known[ew.key] = Entity(
                id=ew.key, user_id=user.id, name=ew.name, type=ew.type,  # type: ignore[arg-type]
                aliases=list(ew.aliases),
            )  # fmt: skip
        return EntityNames(known.values(), user.name, write.user_key), new

    def write(
        self,
        write: ConversationWrite,
        user: UserRef,
        memory: FactMemory,
        resolution: FactResolution | None,
        slot_reader: SlotReader | None,
    ) -> None:
        """Add to ``write`` the current state of the entities this conversation changed."""
        names, renamed = self._names(write, user)
        book = self._books.get(user.id)
        todo: list[Fact | KnownFact] = []
        if book is None:
            book = self._books[user.id] = StateBook(self.store.entity_states(user.id))
            todo.extend(f for f in memory.current() if f.id not in book)
        created = [r.fact for r in resolution.created.values()] if resolution else []
        todo.extend(f for f in created if f.id not in book and memory.get(f.id) is not None)
        if todo:
            mentions = self._mentions.get(user.id, {})
            items = self._reader_(slot_reader).items(
                todo, [memory.slot(f.id) for f in todo], mentions
            )
            for f in todo:
                book.add(f.id, f.subject, items[f.id], names)
                mentions.pop(f.id, None)
        touched = {f.id for f in created} | book.facts_named(renamed)
        if resolution is not None:
            touched |= {r.old_id for r in resolution.replacements}
            touched |= {e.fact_id for e in resolution.endings}
        if not touched:
            return
        write.states = [
            StateWrite(c.key, c.properties, c.state.model_dump_json(), c.fields)
            for c in book.changes(touched, names, memory.get)
        ]
