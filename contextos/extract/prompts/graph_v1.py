"""graph@1: the entities, relations, project statuses and decisions of a window, each with the
turn it comes from and the words it quotes.

**A call of its own, after facts@1, not folded into it (a facts@2).** Each window costs one more
request and its turns are sent twice (about twice the input tokens; the output is about what one
combined reply would be). In return:

- each reply fits the reply budget: facts and four more lists in one reply would be cut off by
  ``max_tokens`` (1,024 by default, 96 in the server tests), and a cut reply loses its tail;
- a small model follows one short task better than a long one with five kinds of items;
- facts@1 stays what it was (its rejections, metrics and evaluations stay comparable), and a
  graph reply that cannot be read costs no fact;
- the call can be switched off (``LLMExtractor(graph=False)``, ``CONTEXTOS_LLM_GRAPH=false``)
  where its cost is not worth it: entities then come only from the names facts mention.

The allowed entity types, their properties, the relation types and the project statuses are read
from :mod:`contextos.models.entities`, never restated here. The JSON schema offers only allowed
values (a server with structured output cannot send others); the reply model itself takes any
string, so that contextos, not the parser, rejects a type it does not allow (``schema``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from contextos.extract.prompts import Prompt, turn_label
from contextos.models.entities import (
    ENTITY_PROPERTIES,
    ENTITY_TYPES,
    PROJECT_STATUSES,
    RELATION_TYPES,
)

__all__ = [
    "PROMPT",
    "DecisionItem",
    "EntityItem",
    "GraphReply",
    "RelationItem",
    "StatusItem",
    "entity_type",
    "project_status",
    "relation_type",
    "values",
]

#: Items asked for per list (a schema limit for servers with structured output).
MAX_ENTITIES = 8
MAX_RELATIONS = 6
MAX_STATUSES = 4
MAX_DECISIONS = 4

_STATUS_WORDS = {
    "planned": "planning",
    "plan": "planning",
    "in progress": "active",
    "in_progress": "active",
    "ongoing": "active",
    "started": "active",
    "stuck": "blocked",
    "on hold": "blocked",
    "done": "completed",
    "complete": "completed",
    "finished": "completed",
    "shipped": "completed",
    "cancelled": "abandoned",
    "canceled": "abandoned",
    "dropped": "abandoned",
}


def entity_type(value: str) -> str:
    """``"person"``, ``"ORGANIZATION"`` -> the allowed spelling; anything else unchanged."""
    folded = {t.casefold(): t for t in ENTITY_TYPES}
    return folded.get(value.strip().casefold(), value.strip())


def relation_type(value: str) -> str:
    """``"works at"``, ``"works-at"`` -> ``WORKS_AT``."""
    return "_".join(value.strip().upper().replace("-", " ").split())


def project_status(value: str) -> str:
    """``"Blocked"``, ``"in progress"``, ``"done"`` -> an allowed status; else unchanged."""
    s = " ".join(value.strip().casefold().replace("-", " ").split())
    return _STATUS_WORDS.get(s, s)


class _Grounded(BaseModel):
    """What every item has: the turn it comes from and the words it quotes."""

    model_config = ConfigDict(extra="ignore")

    turn: str = Field(description="id of the turn it comes from, e.g. T2")
    quote: str = Field(min_length=1, description="the exact words of that turn, copied")

    @field_validator("turn", mode="before")
    @classmethod
    def _turn(cls, v: Any) -> Any:
        return turn_label(v)


class EntityItem(_Grounded):
    type: str = Field(json_schema_extra={"enum": list(ENTITY_TYPES)})
    name: str = Field(min_length=1)
    aliases: list[str] = Field(default_factory=list, json_schema_extra={"maxItems": 3})
    properties: dict[str, str | list[str]] = Field(default_factory=dict)

    @field_validator("aliases", mode="before")
    @classmethod
    def _aliases(cls, v: Any) -> Any:
        if isinstance(v, str):
            return [v] if v.strip() else []
        if isinstance(v, list):
            return [str(a) for a in v if a]
        return [] if v is None else v

    @field_validator("properties", mode="before")
    @classmethod
    def _properties(cls, v: Any) -> Any:
        """Values as strings (lists of them for lists); empty ones and nested objects
        dropped: a property the model could not fill is no property."""
        if v is None:
            return {}
        if not isinstance(v, dict):
            return v
        out: dict[str, str | list[str]] = {}
        for key, value in v.items():
            if isinstance(value, list):
                items = [str(x).strip() for x in value if isinstance(x, str | int | float)]
                if any(items):
                    out[str(key)] = [x for x in items if x]
            elif (
                isinstance(value, str | int | float)
                and not isinstance(value, bool)
                and str(value).strip()
            ):
                out[str(key)] = str(value).strip()
        return out


class RelationItem(_Grounded):
    source: str = Field(min_length=1)
    type: str = Field(json_schema_extra={"enum": list(RELATION_TYPES)})
    target: str = Field(min_length=1)


class StatusItem(_Grounded):
    project: str = Field(min_length=1)
    status: str = Field(json_schema_extra={"enum": list(PROJECT_STATUSES)})


class DecisionItem(_Grounded):
    text: str = Field(min_length=1, description="what was decided, one short sentence")


class GraphReply(BaseModel):
    model_config = ConfigDict(extra="ignore")

    entities: list[EntityItem] = Field(
        default_factory=list, json_schema_extra={"maxItems": MAX_ENTITIES}
    )
    relations: list[RelationItem] = Field(
        default_factory=list, json_schema_extra={"maxItems": MAX_RELATIONS}
    )
    statuses: list[StatusItem] = Field(
        default_factory=list, json_schema_extra={"maxItems": MAX_STATUSES}
    )
    decisions: list[DecisionItem] = Field(
        default_factory=list, json_schema_extra={"maxItems": MAX_DECISIONS}
    )


def values() -> dict[str, str]:
    """The prompt's placeholders that come from the graph schema (the caller adds ``turns``
    and ``user``)."""
    return {
        "entity_types": ", ".join(ENTITY_TYPES),
        "properties": "; ".join(f"{t}: {', '.join(p)}" for t, p in ENTITY_PROPERTIES.items()),
        "relation_types": ", ".join(RELATION_TYPES),
        "statuses": ", ".join(PROJECT_STATUSES),
    }


SYSTEM = "You map the people, projects and decisions of a chat. You answer with JSON only."

USER = """Chat, one turn per line, with its id:
$turns

From what $user and other people say (not the assistant), list:
"entities": what is named: "type" ($entity_types), "name", "aliases" (other names for it),
"properties" (only these: $properties);
"relations": "source", "type" (one of $relation_types), "target", e.g. $user WORKS_AT Acme;
"statuses": a project's status: "project", "status" (one of $statuses);
"decisions": what was decided: "text" (one short sentence, e.g. "$user decided to use Postgres").
Every item also has "turn" (the id of the turn) and "quote" (the exact words, copied from it).
Answer {"entities": [...], "relations": [...], "statuses": [...], "decisions": [...]}, empty
lists when there is nothing."""

PROMPT: Prompt[GraphReply] = Prompt(
    name="graph", version=1, system=SYSTEM, user=USER, response=GraphReply
)
