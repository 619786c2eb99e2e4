"""What this process knows of each live session (turn count, unread messages, last turn,
how far extraction and the debrief have read), and the per-user counters of
:meth:`ContextOS.get_extraction_stats`. The store holds the same progress durably
(``graph/live_turns.py``); this is the working copy, loaded from it on first use."""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime

from contextos.extract.base import Extractor
from contextos.models.live import LiveSession
from contextos.models.transcript import stable_id
from contextos.pipeline.conversation import PipelineStats

__all__ = ["Counters", "SessionState", "Sessions", "new_session_id"]


def new_session_id(user_id: str, now: float) -> str:
    """A readable, unique id for a session opened at ``now`` (epoch seconds)."""
    stamp = datetime.fromtimestamp(now, UTC).strftime("%Y%m%dT%H%M%S")
    return f"live-{stamp}-{stable_id(user_id, repr(now), length=6)}"


@dataclass
class SessionState:
    user_id: str
    session_id: str
    turns: int = 0
    extracted: int = 0
    debriefed: int = 0
    #: user messages not yet handed to an extraction job
    unscheduled: int = 0
    last_at: float = 0.0
    debrief_queued: bool = False
    #: the extractor the session's last turn asked for (its debrief uses it too)
    extractor: Extractor | str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def from_store(cls, s: LiveSession, unread_user_messages: int) -> SessionState:
        return cls(
            user_id=s.user_id,
            session_id=s.session_id,
            turns=s.turns,
            extracted=s.extracted,
            debriefed=s.debriefed,
            unscheduled=unread_user_messages,
            last_at=s.last_at or 0.0,
        )


@dataclass
class Counters:
    turns_received: int = 0
    extractions: int = 0
    debriefs: int = 0
    manual_runs: int = 0
    facts_stored: int = 0
    facts_merged: int = 0
    facts_superseded: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    errors: int = 0
    last_error: str | None = None
    last_extraction_at: datetime | None = None

    def count(self, stats: PipelineStats) -> None:
        self.facts_stored += stats.facts_new
        self.facts_merged += stats.facts_merged
        self.facts_superseded += stats.facts_superseded
        self.rejected.update(stats.rejected)
        self.last_extraction_at = datetime.now(UTC)


class Sessions:
    """The sessions and counters of this process, safe to use from several threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._states: dict[tuple[str, str], SessionState] = {}
        self._current: dict[str, tuple[str, float]] = {}  # user -> (session, last turn)
        self._counters: dict[str, Counters] = {}

    def get(self, user_id: str, session_id: str) -> SessionState | None:
        with self._lock:
            return self._states.get((user_id, session_id))

    def add(self, state: SessionState) -> SessionState:
        """Track ``state`` unless the session is tracked already; the tracked one."""
        with self._lock:
            return self._states.setdefault((state.user_id, state.session_id), state)

    def all(self) -> list[SessionState]:
        with self._lock:
            return list(self._states.values())

    def current(self, user_id: str, now: float, gap_seconds: float) -> str:
        """The user's open session (no session id given): the last one, unless its last turn
        is more than ``gap_seconds`` old; then a new one."""
        with self._lock:
            found = self._current.get(user_id)
            if found is None or now - found[1] > gap_seconds:
                found = (new_session_id(user_id, now), now)
            self._current[user_id] = (found[0], now)
            return found[0]

    def drop_user(self, user_id: str) -> None:
        """Forget the user's sessions and counters (their data was deleted)."""
        with self._lock:
            for key in [k for k in self._states if k[0] == user_id]:
                del self._states[key]
            self._current.pop(user_id, None)
            self._counters.pop(user_id, None)

    def counters(self, user_id: str) -> Counters:
        with self._lock:
            return self._counters.setdefault(user_id, Counters())
