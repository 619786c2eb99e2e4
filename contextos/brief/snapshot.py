"""The state of a user's graph at a time T, as a query over validity intervals."""

from __future__ import annotations

from datetime import datetime

from contextos.brief.diff import History
from contextos.graph.records import to_epoch
from contextos.graph.store import GraphStore
from contextos.models.facts import Fact
from contextos.resolve.entities import user_key

__all__ = ["history", "snapshot"]


def snapshot(store: GraphStore, user_id: str, at: datetime) -> list[Fact]:
    """Facts that were valid at ``at`` (valid_from <= at < valid_to)."""
    return store.facts(user_id, as_of=to_epoch(at), include_superseded=False)


def history(store: GraphStore, user_id: str, user_name: str = "") -> History:
    """Every fact ever stored for the user (superseded ones included), the ``SUPERSEDES``
    edges between them with their reasons, the user's entities, name and node key."""
    return History(
        facts=store.facts(user_id, include_superseded=True),
        supersessions=store.supersessions(user_id),
        entities=store.entities(user_id),
        user_name=user_name,
        user_key=user_key(user_id),
    )
