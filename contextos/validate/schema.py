"""Schema check: only allowed node types, edge types, fact types and categories get through."""

from __future__ import annotations

from contextos.models.entities import (
    ENTITY_TYPES,
    RELATION_TYPES,
    CandidateEntity,
    CandidateRelation,
)
from contextos.models.facts import CATEGORIES, CandidateFact, FactType

__all__ = ["entity_problem", "fact_problem", "relation_problem"]


def fact_problem(fact: CandidateFact) -> str | None:
    if not fact.text.strip():
        return "empty fact text"
    if fact.type not in FactType.__members__.values():
        return f"unknown fact type {fact.type!r}"
    if fact.category not in CATEGORIES:
        return f"unknown category {fact.category!r}"
    if not fact.subject.strip():
        return "fact has no subject"
    return None


def entity_problem(entity: CandidateEntity) -> str | None:
    if entity.type not in ENTITY_TYPES:
        return f"entity type {entity.type!r} is not allowed"
    if not entity.name.strip():
        return "entity has no name"
    return None


def relation_problem(relation: CandidateRelation) -> str | None:
    if relation.type not in RELATION_TYPES:
        return f"relation type {relation.type!r} is not allowed"
    if not relation.source.strip() or not relation.target.strip():
        return "relation end without a name"
    if relation.source.strip().casefold() == relation.target.strip().casefold():
        return "relation from a node to itself"
    return None
