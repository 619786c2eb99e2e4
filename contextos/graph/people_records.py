"""The graph reads and writes of preferences and privacy (issue #44), over any Cypher store.

Kept beside ``cypher_store.py`` rather than in it so the store's core stays what ingestion
needs; like it, every statement is a file in ``cypher/`` and every value a parameter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from contextos.graph import cypher
from contextos.graph.cypher_store import CypherGraphStore
from contextos.graph.records import from_epoch
from contextos.models.preferences import Preference

__all__ = ["AUTOMATIC_PREFERENCE_CATEGORIES", "PeopleRecords"]

#: Categories of extracted facts that are listed (and can be deactivated or deleted) as
#: preferences beside the ones set by hand.
AUTOMATIC_PREFERENCE_CATEGORIES = ["like", "dislike"]


def _preference(row: list[Any], user_id: str) -> Preference:
    fid, ptype, value, category, conf, explicit, valid_to, superseded, context, created, used = row[
        :11
    ]
    extractor = row[11] or "local"
    return Preference(
        id=fid,
        user_id=user_id,
        type=ptype or category or "other",
        value=value or "",
        confidence=float(conf),
        explicit=bool(explicit),
        active=valid_to is None and superseded is None,
        context=list(context or []),
        created_at=from_epoch(created),
        last_used=from_epoch(used),
        source=extractor,
    )


#: the statements that change what a user's context is made of (facts, turns)
_CHANGES_FACTS = frozenset(
    {
        "add_preference",
        "merge_preference",
        "deactivate_preference",
        "delete_preferences",
        "delete_facts",
        "redact_turns",
    }
)


class PeopleRecords:
    """Preferences and privacy choices of users, in the graph of ``store``; ``on_change`` is
    told the user id after each write to their facts or turns (caches drop their copy)."""

    def __init__(
        self, store: CypherGraphStore, on_change: Callable[[str], None] | None = None
    ) -> None:
        self.store = store
        self.on_change = on_change

    def _run(self, name: str, **params: Any) -> list[list[Any]]:
        rows = self.store.run(cypher.load(name, self.store.dialect), params)
        if self.on_change is not None and name in _CHANGES_FACTS:
            self.on_change(str(params["user_id"]))
        return rows

    # -- preferences -------------------------------------------------------

    def preferences(
        self, user_id: str, *, min_confidence: float = 0.0, active_only: bool = True
    ) -> list[Preference]:
        rows = self._run(
            "list_preferences",
            user_id=user_id,
            categories=AUTOMATIC_PREFERENCE_CATEGORIES,
            min_confidence=min_confidence,
            active_only=active_only,
        )
        return [_preference(r, user_id) for r in rows]

    def preference(self, user_id: str, pref_id: str) -> Preference | None:
        found = [p for p in self.preferences(user_id, active_only=False) if p.id == pref_id]
        return found[0] if found else None

    def preference_values(self, user_id: str, pref_type: str) -> list[tuple[str, str]]:
        rows = self._run("preference_values", user_id=user_id, pref_type=pref_type)
        return [(str(r[0]), str(r[1] or "")) for r in rows]

    def add_preference(self, **params: Any) -> None:
        self._run("add_preference", **params)

    def merge_preference(
        self, user_id: str, pref_id: str, confidence: float, context: list[str], now: float
    ) -> None:
        self._run(
            "merge_preference",
            user_id=user_id,
            id=pref_id,
            confidence=confidence,
            context=context,
            now=now,
        )

    def deactivate_preference(self, user_id: str, pref_id: str, now: float) -> bool:
        rows = self._run(
            "deactivate_preference",
            user_id=user_id,
            id=pref_id,
            now=now,
            categories=AUTOMATIC_PREFERENCE_CATEGORIES,
        )
        return bool(rows)

    def delete_preferences(self, user_id: str, pref_id: str | None) -> int:
        rows = self._run(
            "delete_preference",
            user_id=user_id,
            id=pref_id,
            categories=AUTOMATIC_PREFERENCE_CATEGORIES,
        )
        return int(rows[0][0]) if rows else 0

    # -- privacy -----------------------------------------------------------

    def opted_out(self, user_id: str) -> bool:
        rows = self._run("get_privacy", user_id=user_id)
        return bool(rows and rows[0][0])

    def set_opt_out(self, user_id: str, opt_out: bool) -> None:
        self._run("set_privacy", user_id=user_id, opt_out=opt_out)

    def expired_facts(self, user_id: str, rules: list[dict[str, Any]]) -> list[str]:
        if not rules:
            return []
        return [str(r[0]) for r in self._run("expired_facts", user_id=user_id, rules=rules)]

    def delete_facts(self, user_id: str, ids: list[str]) -> None:
        if ids:
            self._run("delete_facts", user_id=user_id, ids=ids)

    def redact_turns(self, user_id: str) -> int:
        rows = self._run("redact_turns", user_id=user_id)
        return int(rows[0][0]) if rows else 0

    def relation_count(self, user_id: str) -> int:
        rows = self._run("count_relations", user_id=user_id)
        return int(rows[0][0]) if rows else 0
