"""Edits of one fact of one user (the MCP ``forget_fact`` tool, ``ContextOS.forget_fact``):
every statement matches the fact by id *and* user, so no caller reaches another user's fact."""

from __future__ import annotations

from contextos.errors import ConfigError
from contextos.graph import cypher
from contextos.graph.cypher_store import CypherGraphStore
from contextos.graph.store import GraphStore

__all__ = ["delete_fact", "end_fact"]


def _cypher_store(store: GraphStore) -> CypherGraphStore:
    if not isinstance(store, CypherGraphStore):
        raise ConfigError(f"editing a fact needs a Cypher graph store, not {type(store).__name__}")
    return store


def end_fact(store: GraphStore, user_id: str, fact_id: str, at: float, by: str) -> bool:
    """End the user's current fact ``fact_id`` at ``at`` (epoch seconds); False when the user
    has no current fact with that id."""
    s = _cypher_store(store)
    params = {"id": fact_id, "user_id": user_id, "at": at, "by": by}
    return bool(s.run(cypher.load("end_user_fact", s.dialect), params))


def delete_fact(store: GraphStore, user_id: str, fact_id: str) -> bool:
    """Delete the user's fact ``fact_id`` and its edges; False when the user has none."""
    s = _cypher_store(store)
    params = {"id": fact_id, "user_id": user_id}
    return bool(s.run(cypher.load("delete_user_fact", s.dialect), params))
