"""Entities and relations of the knowledge graph, and the schema that allows them."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from contextos.models.facts import Evidence

__all__ = [
    "ENTITY_PROPERTIES",
    "ENTITY_TYPES",
    "PERSON_RELATIONS",
    "PROJECT_STATUSES",
    "RELATION_TYPES",
    "CandidateEntity",
    "CandidateRelation",
    "Entity",
    "EntityState",
    "EntityType",
    "ProjectStatus",
    "StateValue",
]

EntityType = Literal["Person", "Project", "Event", "Document", "Organization"]
ENTITY_TYPES: tuple[str, ...] = EntityType.__args__  # type: ignore[attr-defined]

#: The properties each entity type may carry: what extractors set and context shows (a
#: Project's ``status`` is one of :data:`PROJECT_STATUSES`; an Event's ``participants`` a list
#: of names; the rest are short strings).
ENTITY_PROPERTIES: dict[str, tuple[str, ...]] = {
    "Person": ("role", "company", "relationship"),
    "Project": ("status", "priority", "deadline"),
    "Event": ("kind", "date", "participants", "outcome"),
    "Document": ("kind", "author"),
    "Organization": ("kind",),
}

ProjectStatus = Literal["planning", "active", "blocked", "completed", "abandoned"]
PROJECT_STATUSES: tuple[str, ...] = ProjectStatus.__args__  # type: ignore[attr-defined]

#: Person-to-person relation types (from the subject's side: "X HAS_MANAGER Y").
PERSON_RELATIONS: tuple[str, ...] = (
    "HAS_MANAGER",
    "MANAGES",
    "COLLEAGUE_OF",
    "PARTNER_OF",
    "SIBLING_OF",
    "PARENT_OF",
    "CHILD_OF",
    "FRIEND_OF",
    "FAMILY_OF",
)
#: Every relation type the graph accepts; anything else is a schema rejection.
RELATION_TYPES: tuple[str, ...] = (
    "WORKS_ON",
    "WORKS_AT",
    "BLOCKED_BY",
    "DECIDED_ON",
    "AUTHORED",
    "MODIFIED",
    "REPORTED",
    "HAS_GOAL",
    "RELATED_TO",
    "PARTICIPATED_IN",
    *PERSON_RELATIONS,
)


class CandidateEntity(BaseModel):
    """An entity an extractor found, with the span that names it."""

    name: str
    type: EntityType
    aliases: list[str] = Field(default_factory=list)
    #: what :data:`ENTITY_PROPERTIES` allows its type: role, company, relationship (Person);
    #: status, priority, deadline (Project); kind, date, participants, outcome (Event) ...
    properties: dict[str, Any] = Field(default_factory=dict)
    evidence: Evidence | None = None
    observed_at: datetime | None = None


class CandidateRelation(BaseModel):
    source: str
    type: str
    target: str
    properties: dict[str, Any] = Field(default_factory=dict)
    evidence: Evidence | None = None
    valid_from: datetime | None = None


class StateValue(BaseModel):
    """One single-valued attribute of an entity as it stood at a time: ``field`` was
    ``value`` from ``since``, as the fact ``fact_id`` (said in ``turn_ids``) states it."""

    field: str
    value: str
    since: datetime | None = None
    fact_id: str
    turn_ids: list[str] = Field(default_factory=list)
    confidence: float = 0.0
    #: the fact's text the value was read from
    text: str = ""


class EntityState(BaseModel):
    """An entity's single-valued attributes (status, manager, role, employer, location,
    dates, metric values...) at ``as_of`` (None: now), each from the newest fact valid then
    that states it. ``entity_id`` is the graph node's key when the entity has one."""

    entity_name: str
    entity_type: str | None = None
    entity_id: str | None = None
    as_of: datetime | None = None
    fields: dict[str, StateValue] = Field(default_factory=dict)

    def get(self, field: str) -> str | None:
        """The value of ``field``, or None when the entity has none."""
        v = self.fields.get(field)
        return v.value if v is not None else None


class Entity(BaseModel):
    """A stored entity, as the facade returns it."""

    id: str
    user_id: str
    name: str
    type: EntityType
    aliases: list[str] = Field(default_factory=list)
    properties: dict[str, Any] = Field(default_factory=dict)
    turn_ids: list[str] = Field(default_factory=list)
    first_seen: datetime | None = None
    last_seen: datetime | None = None
    #: its current state as last written with a conversation (``resolve/state.py``)
    state: EntityState | None = None
