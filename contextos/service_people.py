"""The facade's methods for people and their privacy (issue #44): preferences with a smart
merge, the per-user extraction opt-out, retention per fact type, and keeping only facts and
their evidence spans instead of whole turns. :class:`~contextos.service.ContextOS` inherits
them; they only reach the graph through :class:`~contextos.graph.people_records.PeopleRecords`.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import numpy as np

from contextos.errors import ConfigError, InputError, NotFoundError
from contextos.graph.people_records import PeopleRecords
from contextos.models.facts import Fact
from contextos.models.preferences import (
    MANUAL_CONFIDENCE,
    Preference,
    PreferenceChange,
    PrivacyState,
)
from contextos.models.user_id import check_user_id

if TYPE_CHECKING:
    from contextos.graph.store import GraphStore
    from contextos.settings import Settings

__all__ = ["EXPLICIT_EXTRACTOR", "PeopleFacade", "PreferenceConfig"]

#: The ``extractor`` of a fact the user set by hand (``Fact.extractor``): explicit, not read
#: from a conversation by an extractor.
EXPLICIT_EXTRACTOR = "explicit"

DAY = 86_400.0


@dataclass(frozen=True)
class PreferenceConfig:
    """How preferences set by hand are stored and merged."""

    #: cosine similarity of two values of the same type (embedded alone) from which a new
    #: preference is merged into an active one instead of stored beside it. MiniLM puts
    #: "concise answers" / "short, concise answers" at 0.88 and "morning meetings" /
    #: "meetings in the morning" at 0.95, but "morning" / "afternoon meetings" at 0.85 and
    #: "dark" / "light mode" at 0.79: opposites of one kind sit close, so the bar is high
    merge_similarity: float = 0.87
    #: the importance a preference fact gets (retrieval ranks by it)
    importance: float = 0.7
    #: the longest value accepted
    max_value_chars: int = 500


class PeopleFacade:
    """Mixed into ``ContextOS``: everything here uses only its store, embedder and settings."""

    preference_config = PreferenceConfig()

    if TYPE_CHECKING:
        store: GraphStore
        settings: Settings | None

        @property
        def embed(self) -> Callable[[list[str]], np.ndarray]: ...

        def _user_name(self, user: str) -> str: ...

        def _graph_changed(self, user: str) -> None: ...

        def _facts_added(self, user: str, facts: list[tuple[str, str]]) -> None: ...

    _retention_checked: dict[str, float]
    _retention_lock: threading.Lock

    @property
    def _people(self) -> PeopleRecords:
        from contextos.graph.cypher_store import CypherGraphStore

        if not isinstance(self.store, CypherGraphStore):
            raise ConfigError("preferences and privacy need a Cypher graph store")
        return PeopleRecords(self.store, on_change=self._graph_changed)

    # -- preferences -----------------------------------------------------------

    def preferences(
        self, user: str, *, min_confidence: float = 0.0, active_only: bool = True
    ) -> list[Preference]:
        """The user's preferences, most confident first: those set by hand (``explicit``) and
        the likes and dislikes extractors read from conversations."""
        user = check_user_id(user)
        self.enforce_retention(user)
        return self._people.preferences(
            user, min_confidence=min_confidence, active_only=active_only
        )

    def add_preference(
        self,
        user: str,
        type: str,
        value: str,
        confidence: float | None = None,
        context: list[str] | None = None,
    ) -> PreferenceChange:
        """Store a preference set by hand (explicit; confidence 0.9 unless given). One whose
        value is similar to an active preference's of the same type (similarity at least
        ``preference_config.merge_similarity``) is merged into it instead: the higher
        confidence, both contexts, ``last_used`` now."""
        user = check_user_id(user)
        cfg = self.preference_config
        try:
            ptype = Preference.check_type(type)
        except ValueError as exc:
            raise InputError("preference", str(exc)) from None
        value = " ".join(value.split())
        if not value:
            raise InputError("preference", "the value is empty")
        if len(value) > cfg.max_value_chars:
            raise InputError("preference", f"the value is longer than {cfg.max_value_chars}")
        conf = MANUAL_CONFIDENCE if confidence is None else float(confidence)
        if not 0.0 <= conf <= 1.0:
            raise InputError("preference", f"confidence {conf} is not between 0 and 1")
        ctx = [c.strip() for c in (context or []) if c.strip()]
        now = time.time()
        text = f"{self._user_name(user)} prefers {value}"
        records = self._people
        others = records.preference_values(user, ptype)
        vectors = self.embed([text, value] + [v for _, v in others])
        if others:
            sims = vectors[2:] @ vectors[1]
            best = int(np.argmax(sims))
            if float(sims[best]) >= cfg.merge_similarity:
                best_id = others[best][0]
                records.merge_preference(user, best_id, conf, ctx, now)
                merged = records.preference(user, best_id)
                assert merged is not None
                return PreferenceChange(
                    preference=merged, merged=True, similarity=round(float(sims[best]), 4)
                )
        vector = vectors[0]
        pid = uuid.uuid4().hex[:24]
        records.add_preference(
            id=pid,
            user_id=user,
            text=text,
            category="like",
            subject=self._user_name(user),
            value=value,
            now=now,
            embedding=[float(x) for x in vector],
            confidence=conf,
            importance=cfg.importance,
            pref_type=ptype,
            context=ctx,
        )
        self._facts_added(user, [(pid, text)])
        added = records.preference(user, pid)
        assert added is not None
        return PreferenceChange(preference=added)

    def deactivate_preference(self, user: str, preference_id: str) -> Preference:
        """The preference stops holding now (kept, listed with ``active_only=False``)."""
        user = check_user_id(user)
        if not self._people.deactivate_preference(user, preference_id, time.time()):
            raise NotFoundError("preference", preference_id)
        found = self._people.preference(user, preference_id)
        assert found is not None
        return found

    def delete_preference(self, user: str, preference_id: str) -> None:
        """Delete one of the user's preferences (:class:`NotFoundError` if they have none with
        that id — another user's preference is not theirs)."""
        user = check_user_id(user)
        if not self._people.delete_preferences(user, preference_id):
            raise NotFoundError("preference", preference_id)

    def clear_preferences(self, user: str) -> int:
        """Delete all of the user's preferences; returns how many."""
        return self._people.delete_preferences(check_user_id(user), None)

    # -- privacy ---------------------------------------------------------------

    def privacy(self, user: str) -> PrivacyState:
        user = check_user_id(user)
        s = self.settings
        return PrivacyState(
            user_id=user,
            opt_out=self._people.opted_out(user),
            retention_days=dict(s.retention_days) if s else {},
            keep_turn_text=s.keep_turn_text if s else True,
        )

    def set_opt_out(self, user: str, opt_out: bool) -> PrivacyState:
        """Opt the user out of extraction (nothing is read from their conversations or stored
        from them) or back in. Kept when their data is forgotten."""
        user = check_user_id(user)
        self._people.set_opt_out(user, opt_out)
        return self.privacy(user)

    def extraction_allowed(self, user: str) -> bool:
        """False for a user who opted out: every surface that extracts asks this first."""
        return not self._people.opted_out(check_user_id(user))

    def _retention_rules(self, now: float) -> list[dict[str, object]]:
        days = self.settings.retention_days if self.settings else {}
        return [{"key": k, "before": now - d * DAY} for k, d in sorted(days.items())]

    def apply_retention(self, user: str | None = None, now: datetime | None = None) -> int:
        """Delete the facts older than their type's or category's retention
        (``Settings.retention_days``), for ``user`` or every user; returns how many."""
        at = (now or datetime.now(UTC)).timestamp()
        rules = self._retention_rules(at)
        if not rules:
            return 0
        users = [check_user_id(user)] if user else [u for u, _ in self.store.users()]
        removed = 0
        for uid in users:
            ids = self._people.expired_facts(uid, rules)
            self._people.delete_facts(uid, ids)
            removed += len(ids)
        return removed

    def enforce_retention(self, user: str) -> int:
        """Retention on read: :meth:`apply_retention` for ``user`` at most once per
        ``Settings.retention_check_seconds``; a no-op when no retention is set."""
        s = self.settings
        if s is None or not s.retention_days:
            return 0
        if not hasattr(self, "_retention_lock"):
            self._retention_lock = threading.Lock()
            self._retention_checked = {}
        now = time.monotonic()
        with self._retention_lock:
            last = self._retention_checked.get(user)
            if last is not None and now - last < s.retention_check_seconds:
                return 0
            self._retention_checked[user] = now
        return self.apply_retention(user)

    def retained(self, fact: Fact, now: datetime | None = None) -> bool:
        """Whether ``fact`` is within its retention (reads filter with it exactly)."""
        days = self.settings.retention_days if self.settings else {}
        limit = days.get(fact.category, days.get(str(fact.type)))
        said = fact.valid_from or fact.recorded_at
        if limit is None or said is None:
            return True
        return ((now or datetime.now(UTC)) - said).total_seconds() < limit * DAY

    def apply_turn_policy(self, user: str) -> int:
        """With ``keep_turn_text`` off, blank the text of the user's stored turns (facts keep
        their evidence spans); returns how many turns were blanked."""
        if self.settings is None or self.settings.keep_turn_text:
            return 0
        return self._people.redact_turns(check_user_id(user))

    def relation_count(self, user: str) -> int:
        """Relations between the user's entities (an ingest job reports the new ones)."""
        return self._people.relation_count(check_user_id(user))
