"""A user's graph as the templates read it — entities, current facts by category, recent
corrections — loaded once per graph state (the engine drops it when an ingest writes) or once
per query for a past ``as_of``."""

from __future__ import annotations

from dataclasses import dataclass, field

from contextos.context.entity_names import EntityNames
from contextos.graph.store import GraphStore
from contextos.models.entities import Entity
from contextos.models.facts import Fact

__all__ = ["CLOSED_STATUSES", "PREFERENCE_CATEGORIES", "UserState"]

CLOSED_STATUSES = frozenset({"completed", "abandoned", "cancelled", "done"})
PREFERENCE_CATEGORIES = frozenset({"like", "dislike", "trait", "learning_interest", "tool"})
_KEPT_CATEGORIES = PREFERENCE_CATEGORIES | {"decision", "challenge"}


@dataclass
class UserState:
    entities: list[Entity]
    names: EntityNames
    #: current facts of the categories templates show, and every blocker statement
    facts: list[Fact] = field(default_factory=list)
    #: facts that corrected an earlier one (a SUPERSEDES edge with reason ``corrected``)
    corrections: list[Fact] = field(default_factory=list)
    #: template rankings computed from this state, kept while it lasts (see template_items)
    ranked: dict[tuple[object, ...], list[Fact]] = field(default_factory=dict)
    _blockers: list[Fact] | None = None
    _grounding: dict[str, frozenset[tuple[str, str]]] | None = None

    @classmethod
    def load(
        cls, store: GraphStore, user_id: str, fuzzy_ratio: float, as_of: float | None = None
    ) -> UserState:
        entities = store.entities(user_id)
        if as_of is not None:  # the entities known then (their properties are today's)
            entities = [
                e for e in entities if e.first_seen is None or e.first_seen.timestamp() <= as_of
            ]
        corrected = [n for n, _old, why in store.supersessions(user_id) if why == "corrected"]
        corrected = list(dict.fromkeys(corrected))
        facts = store.state_facts(user_id, sorted(_KEPT_CATEGORIES), corrected, as_of=as_of)
        current = {f.id: f for f in facts}
        return cls(
            entities=entities,
            names=EntityNames(entities, fuzzy_ratio),
            facts=[f for f in facts if f.category in _KEPT_CATEGORIES or f.status == "blocked"],
            corrections=[current[i] for i in corrected if i in current],
        )

    def projects(self, active_only: bool = True) -> list[Entity]:
        """Projects, most recently mentioned first (with ``active_only``, only those with a
        status that is not closed: a name nothing gave a status is no known project)."""
        out = []
        for e in self.entities:
            status = str(e.properties.get("status") or "").casefold()
            if e.type == "Project" and not (
                active_only and (not status or status in CLOSED_STATUSES)
            ):
                out.append(e)
        return sorted(
            out, key=lambda e: (-(e.last_seen.timestamp() if e.last_seen else 0.0), e.name)
        )

    def people(self) -> list[Entity]:
        return [e for e in self.entities if e.type == "Person"]

    def blockers(self) -> list[Fact]:
        """Current statements that a project is blocked."""
        if self._blockers is None:
            self._blockers = [f for f in self.facts if f.status == "blocked"]
        return self._blockers

    def grounding(self) -> dict[str, frozenset[tuple[str, str]]]:
        """fact id -> the turns (conversation id, turn id) it came from."""
        if self._grounding is None:
            self._grounding = {
                f.id: frozenset((s.conversation_id, s.turn_id) for s in f.evidence_spans)
                for f in self.facts + self.corrections
            }
        return self._grounding
