"""Live turns: :class:`LiveTurns` stores each turn as it arrives (a conversation per
session), hands extraction to the worker thread, debriefs idle sessions, and resumes what a
previous process left unread. The ``ContextOS`` facade owns one and delegates to it."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import numpy as np

from contextos.errors import InputError
from contextos.extract.base import Extractor
from contextos.graph.live_turns import LiveTurnLog
from contextos.graph.store import ConversationWrite, GraphStore
from contextos.live.config import LiveConfig, is_anonymous
from contextos.live.extraction import LiveExtraction
from contextos.live.history import History, manual_conversation
from contextos.live.sessions import Sessions, SessionState
from contextos.live.worker import Job, LiveWorker
from contextos.models.extraction import UserRef
from contextos.models.live import LiveStats, ManualExtraction, SkipReason, TurnReceipt
from contextos.models.transcript import Conversation, Turn, stable_id
from contextos.models.user_id import check_user_id
from contextos.pipeline.conversation import conversation_key
from contextos.resolve.entities import user_key

__all__ = ["LiveTurns"]


class LiveTurns:
    """Live turns over ``store``. ``extractor_for`` turns a per-call choice (an
    :class:`Extractor`, a registered name, or None for the default) into the extractor to
    use; ``user_name`` gives the name the store holds for a user (None if none); ``clock``
    (epoch seconds) is injectable for the idle debrief."""

    def __init__(
        self,
        store: GraphStore,
        embed: Callable[[list[str]], np.ndarray],
        *,
        extractor_for: Callable[[Extractor | str | None], Extractor],
        user_name: Callable[[str], str | None],
        config: LiveConfig | None = None,
        clock: Callable[[], float] = time.time,
        on_written: Callable[[ConversationWrite], None] | None = None,
    ) -> None:
        self.config = config or LiveConfig()
        self.clock = clock
        self.log = LiveTurnLog(store)
        self._extractor_for = extractor_for
        self._user_name = user_name
        self._names: dict[str, UserRef] = {}
        self.extraction = LiveExtraction(store, embed, self.log, self._user_ref, on_written)
        self.sessions = Sessions()
        self.worker = LiveWorker(
            self._run_job,
            self.debrief_idle,
            max_queue=self.config.max_queue,
            tick_seconds=self.config.idle_check_seconds,
        )
        self._resumed = False

    # -- turns ---------------------------------------------------------------

    def process_turn(
        self,
        user_message: str,
        agent_response: str,
        user_id: str,
        *,
        session_id: str | None = None,
        timestamp: datetime | None = None,
        extractor: Extractor | str | None = None,
    ) -> TurnReceipt:
        """See :meth:`contextos.ContextOS.process_turn`."""
        started = time.perf_counter()
        if is_anonymous(user_id):
            self.sessions.counters(str(user_id)).turns_received += 1
            return TurnReceipt(
                user_id=str(user_id or ""),
                session_id=None,
                turn_id=None,
                stored=False,
                queued=False,
                extraction_scheduled=False,
                skipped="anonymous",
                elapsed_ms=_ms(started),
            )
        user_id = check_user_id(user_id)
        if not isinstance(user_message, str) or not user_message.strip():
            raise InputError("user_message", "must be a non-empty string")
        if session_id is not None and (not session_id.strip() or len(session_id) > 256):
            raise InputError("session_id", "must be a non-empty string of at most 256 characters")
        self.resume()
        now = self.clock()
        sid = session_id or self.sessions.current(
            user_id, now, self.config.session_gap_minutes * 60
        )
        state = self._state(user_id, sid)
        with state.lock:
            turns = self._store_turns(state, user_message, agent_response or "", timestamp, now)
            state.unscheduled += 1
            if extractor is not None:
                state.extractor = extractor
            queued, skipped = self._schedule(state)
            pending = state.turns - state.extracted
        self.sessions.counters(user_id).turns_received += 1
        return TurnReceipt(
            user_id=user_id,
            session_id=sid,
            turn_id=turns[0].id,
            response_turn_id=turns[1].id if len(turns) > 1 else None,
            stored=True,
            queued=queued,
            extraction_scheduled=self.config.auto_extract,
            skipped=skipped,
            pending_turns=pending,
            elapsed_ms=_ms(started),
        )

    def _store_turns(
        self,
        state: SessionState,
        user_message: str,
        agent_response: str,
        timestamp: datetime | None,
        now: float,
    ) -> list[Turn]:
        """Write the turn (and the response) into the session's conversation: done before
        anything else, so a crash after it loses nothing."""
        when = timestamp or datetime.fromtimestamp(now, UTC)
        sid, idx = state.session_id, state.turns
        said = [("user", "user", user_message)]
        if agent_response.strip():
            said.append(("assistant", "assistant", agent_response))
        turns = [
            Turn(
                id=f"{sid}:{idx + i}",
                conversation_id=sid,
                index=idx + i,
                role=role,  # type: ignore[arg-type]
                speaker=speaker,
                text=text,
                timestamp=when,
            )
            for i, (role, speaker, text) in enumerate(said)
        ]
        ref = self._user_ref(state.user_id)
        conv = Conversation(id=sid, source="live", title=f"live session {sid}", turns=turns)
        ckey = conversation_key(state.user_id, conv)
        write = ConversationWrite(
            user_id=state.user_id,
            user_name=ref.name,
            user_key=user_key(state.user_id),
            conversation_key=ckey,
            conversation=conv,
            turns=turns,
            turn_keys={t.id: stable_id(ckey, t.id) for t in turns},
        )
        self.log.append(write, turn_count=idx + len(turns), last_at=now)
        state.turns += len(turns)
        state.last_at = now
        return turns

    def _schedule(self, state: SessionState) -> tuple[bool, SkipReason | None]:
        if not self.config.auto_extract:
            return False, "auto_extract_off"
        if state.unscheduled < self.config.extraction_interval:
            return False, "interval"
        job = Job(state.user_id, state.session_id, "interval", state.extractor)
        if self.worker.submit(job):
            state.unscheduled = 0
            return True, None
        return False, None  # queue full: the next job or the debrief reads the turn

    # -- sessions ------------------------------------------------------------

    def _state(self, user_id: str, session_id: str) -> SessionState:
        state = self.sessions.get(user_id, session_id)
        if state is not None:
            return state
        stored = self.log.sessions(user_id, session_id)
        if stored:
            return self.sessions.add(SessionState.from_store(stored[0], stored[0].pending // 2))
        return self.sessions.add(SessionState(user_id, session_id, last_at=self.clock()))

    def resume(self) -> None:
        """Once per process: track the stored sessions with unread turns (a previous process
        stopped before extracting them); those idle are debriefed at the worker's first
        check, the others queued when their unread messages reach the interval."""
        if self._resumed:
            return
        self._resumed = True
        for s in self.log.sessions():
            if s.turns > s.debriefed:
                unread = (s.pending + 1) // 2
                state = self.sessions.add(SessionState.from_store(s, unread))
                if self.config.auto_extract and unread >= self.config.extraction_interval:
                    with state.lock:
                        self._schedule(state)
        if self.config.auto_extract:
            self.worker.start()

    def debrief_idle(self, now: float | None = None) -> int:
        """Queue the debrief of every session idle for ``idle_minutes`` (at ``now``, default
        the clock) with turns the last debrief did not read; returns how many were queued."""
        if not self.config.auto_extract:
            return 0
        now = self.clock() if now is None else now
        idle = self.config.idle_minutes * 60
        queued = 0
        for state in self.sessions.all():
            with state.lock:
                if state.debrief_queued or state.turns <= state.debriefed:
                    continue
                if now - state.last_at < idle:
                    continue
                job = Job(state.user_id, state.session_id, "debrief", state.extractor)
                if self.worker.submit(job):
                    state.debrief_queued = True
                    queued += 1
        return queued

    def _run_job(self, job: Job) -> None:
        counters = self.sessions.counters(job.user_id)
        state = self.sessions.get(job.user_id, job.session_id)
        try:
            outcome = self.extraction.session(
                job.user_id,
                job.session_id,
                self._extractor_for(job.extractor),
                job.kind,
                max_history_tokens=self.config.max_history_tokens,
                threshold=self.config.confidence_threshold,
            )
        except Exception as exc:
            counters.errors += 1
            counters.last_error = f"{type(exc).__name__}: {exc}"
            raise
        finally:
            if state is not None and job.kind == "debrief":
                state.debrief_queued = False
        if outcome is None:
            return
        counters.count(outcome.stats)
        if job.kind == "debrief":
            counters.debriefs += 1
        else:
            counters.extractions += 1
        if state is not None:
            with state.lock:
                state.extracted = max(state.extracted, outcome.upto)
                if job.kind == "debrief":
                    state.debriefed = max(state.debriefed, outcome.upto)

    # -- manual runs, stats, lifecycle --------------------------------------

    def extract_user_context(
        self,
        history: History,
        user_id: str,
        threshold: float | None = None,
        *,
        extractor: Extractor | str | None = None,
    ) -> ManualExtraction:
        """See :meth:`contextos.ContextOS.extract_user_context`."""
        if is_anonymous(user_id):
            return ManualExtraction(user_id=str(user_id or ""), skipped="anonymous")
        user_id = check_user_id(user_id)
        if threshold is not None and not 0.0 <= threshold <= 1.0:
            raise InputError("threshold", "must be between 0 and 1")
        conv = manual_conversation(user_id, history)
        outcome = self.extraction.manual(
            conv,
            user_id,
            self._extractor_for(extractor),
            self.config.confidence_threshold if threshold is None else threshold,
        )
        counters = self.sessions.counters(user_id)
        counters.manual_runs += 1
        counters.count(outcome.stats)
        return ManualExtraction(
            user_id=user_id,
            conversation_id=conv.id,
            facts=[fw.fact for fw in outcome.write.facts],
            facts_stored=outcome.stats.facts_new,
            facts_merged=outcome.stats.facts_merged,
            facts_superseded=outcome.stats.facts_superseded,
            facts_rejected=dict(outcome.stats.rejected),
        )

    def stats(self, user_id: str) -> LiveStats:
        """See :meth:`contextos.ContextOS.get_extraction_stats`."""
        c = self.sessions.counters(str(user_id))
        base: dict[str, Any] = {
            "turns_received": c.turns_received,
            "extractions": c.extractions,
            "debriefs": c.debriefs,
            "manual_runs": c.manual_runs,
            "facts_stored": c.facts_stored,
            "facts_merged": c.facts_merged,
            "facts_superseded": c.facts_superseded,
            "facts_rejected": dict(c.rejected),
            "errors": c.errors,
            "last_error": c.last_error,
            "last_extraction_at": c.last_extraction_at,
            "queued_jobs": self.worker.queued,
        }
        if is_anonymous(user_id):
            return LiveStats(user_id=str(user_id or ""), anonymous=True, **base)
        user_id = check_user_id(user_id)
        stored = self.log.sessions(user_id)
        return LiveStats(
            user_id=user_id,
            anonymous=False,
            sessions=len(stored),
            turns_stored=sum(s.turns for s in stored),
            turns_pending=sum(s.pending for s in stored),
            sessions_pending_debrief=sum(1 for s in stored if s.turns > s.debriefed),
            **base,
        )

    def flush(self, timeout: float | None = None, *, pending: bool = False) -> bool:
        """Wait for every queued extraction; with ``pending`` first queue one for every
        session with unread turns (those waiting for the interval or the debrief)."""
        self.resume()
        if pending:
            for state in self.sessions.all():
                with state.lock:
                    if state.turns > state.extracted:
                        job = Job(state.user_id, state.session_id, "interval", state.extractor)
                        if self.worker.submit(job):
                            state.unscheduled = 0
        return self.worker.flush(timeout)

    def forget_user(self, user_id: str) -> None:
        """Drop what this process knows of the user's sessions (``ContextOS.forget`` deletes
        their data): a queued job for them finds no session and does nothing."""
        self.sessions.drop_user(user_id)
        self._names.pop(user_id, None)

    def close(self, timeout: float | None = None) -> bool:
        """Run the queued extractions, then stop the worker (unread turns stay stored, for
        the next process to resume)."""
        return self.worker.close(timeout)

    def _user_ref(self, user_id: str) -> UserRef:
        if user_id not in self._names:
            self._names[user_id] = UserRef.from_id(user_id, self._user_name(user_id))
        return self._names[user_id]


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)
