"""The state of a user's graph at a time T, as a query over validity intervals."""

from __future__ import annotations

from datetime import datetime

from contextos.brief.diff import History
from contextos.graph.records import to_epoch
from contextos.graph.store import GraphStore
from contextos.models.facts import Fact

__all__ = ["history", "snapshot"]


def snapshot(store: GraphStore, user_id: str, at: datetime) -> list[Fact]:
    """Facts that were valid at ``at`` (valid_from <= at < valid_to)."""
    return store.facts(user_id, as_of=to_epoch(at), include_superseded=False)


def history(store: GraphStore, user_id: str) -> History:
    """Every fact ever stored for the user (superseded ones included), the ``SUPERSEDES``
    edges between them with their reasons, and the user's entities."""
    return History(
        facts=store.facts(user_id, include_superseded=True),
        supersessions=store.supersessions(user_id),
        entities=store.entities(user_id),
    )
