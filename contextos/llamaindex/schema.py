"""What a contextos graph holds, said for LlamaIndex: ``get_schema`` and the text-to-Cypher
prompt (a user's Cypher runs read-only, with ``$user_id`` bound to the store's user)."""

from __future__ import annotations

from typing import Any

from llama_index.core.prompts import PromptTemplate

from contextos.models.entities import ENTITY_PROPERTIES, ENTITY_TYPES, RELATION_TYPES

__all__ = ["TEXT_TO_CYPHER", "schema", "schema_text"]

#: Node labels and the properties the contextos writers set (``contextos/cypher/upsert_*``).
NODE_PROPERTIES: dict[str, tuple[str, ...]] = {
    "Entity": (
        "key",
        "user_id",
        "name",
        "type",
        "aliases",
        "props (JSON)",
        "turn_ids",
        "first_seen",
        "last_seen",
        "is_user",
    ),
    "Fact": (
        "id",
        "user_id",
        "text",
        "type",
        "category",
        "subject",
        "confidence",
        "importance",
        "evidence",
        "spans (JSON list)",
        "turn_ids",
        "conversation_ids",
        "entities",
        "valid_from",
        "valid_to",
        "superseded_by",
        "recorded_at",
        "extractor",
        "project",
        "status",
    ),
    "Turn": (
        "key",
        "id",
        "user_id",
        "conversation_id",
        "idx",
        "role",
        "speaker",
        "kind",
        "text",
        "ts",
    ),
    "Conversation": (
        "key",
        "id",
        "user_id",
        "source",
        "title",
        "source_file",
        "started_at",
        "turn_count",
    ),
    "User": ("key", "user_id", "name (also labelled Entity and Person)"),
}
#: (from, type, to) of the edges, entity relations aside.
STRUCTURE: tuple[tuple[str, str, str], ...] = (
    ("User", "HAD", "Conversation"),
    ("Conversation", "HAS_TURN", "Turn"),
    ("Fact", "GROUNDED_IN", "Turn"),
    ("Fact", "ABOUT", "Entity"),
    ("Fact", "MENTIONS", "Entity"),
    ("Fact", "SUPERSEDES", "Fact"),
)


def schema() -> dict[str, Any]:
    """The schema as data: node labels with their properties, entity types (extra labels on
    ``Entity`` nodes) with theirs, the typed relations between entities and the other edges."""
    return {
        "node_labels": {k: list(v) for k, v in NODE_PROPERTIES.items()},
        "entity_types": {t: list(ENTITY_PROPERTIES.get(t, ())) for t in ENTITY_TYPES},
        "entity_relations": list(RELATION_TYPES),
        "relationships": [list(s) for s in STRUCTURE],
        "times": "epoch seconds (UTC); a fact is current when valid_to and superseded_by are null",
    }


def schema_text() -> str:
    s = schema()
    lines = ["Node labels and properties:"]
    lines += [f"  {label}: {', '.join(props)}" for label, props in s["node_labels"].items()]
    lines.append("Entity types (extra labels on Entity nodes), with keys of props:")
    lines += [f"  {t}: {', '.join(p) or '-'}" for t, p in s["entity_types"].items()]
    lines.append("Relationships:")
    lines += [f"  (:{a})-[:{r}]->(:{b})" for a, r, b in s["relationships"]]
    lines.append(f"  (:Entity)-[:{'|'.join(s['entity_relations'])}]->(:Entity)")
    lines.append(f"Times: {s['times']}.")
    return "\n".join(lines)


TEXT_TO_CYPHER = PromptTemplate(
    "Task: write one read-only Cypher statement that answers the question from a contextos "
    "memory graph.\n"
    "Use only the labels, relationship types and properties of the schema. Every node carries "
    "user_id: filter every MATCH on user_id = $user_id. Never write (no CREATE, MERGE, SET, "
    "DELETE, REMOVE): the statement runs read-only and a write is refused.\n"
    "Schema:\n{schema}\n"
    "Answer with the Cypher statement only, no explanation.\n\n"
    "The question is:\n{question}"
)
