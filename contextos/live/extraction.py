"""One extraction of live turns through the ingest pipeline (extract -> validate -> resolve ->
write): the per-interval read of a session's new turns (with preceding turns as context), the
idle debrief of a whole session, and a manual run over a given history."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Literal

import numpy as np

from contextos.extract.base import CarriesOver, Extractor
from contextos.graph.live_turns import LiveTurnLog
from contextos.graph.store import ConversationWrite, GraphStore
from contextos.ingest import estimate_tokens, windows
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.facts import Rejection, turn_ref
from contextos.models.transcript import Conversation, Turn
from contextos.pipeline.conversation import ConversationPipeline, PipelineStats, conversation_key

__all__ = ["JobKind", "LiveExtraction", "NewTurnsOnly", "history_before"]

JobKind = Literal["interval", "debrief"]


def history_before(turns: Sequence[Turn], start: int, max_tokens: int) -> list[Turn]:
    """The turns just before ``turns[start]`` that fit in ``max_tokens`` (estimated), in
    order: the context an extractor reads with the new turns."""
    out: list[Turn] = []
    used = 0
    for t in reversed(turns[:start]):
        used += estimate_tokens(t.text)
        if used > max_tokens:
            break
        out.append(t)
    return out[::-1]


class NewTurnsOnly:
    """An extractor that reads context turns but keeps only what the new turns say: a
    candidate whose evidence lies wholly in context turns (read, and extracted, when they were
    new) is dropped; a fact below ``threshold`` confidence becomes a ``below_threshold``
    rejection. ``context`` and ``threshold`` are set for each run."""

    def __init__(self, inner: Extractor) -> None:
        self.inner = inner
        self.name = inner.name
        self.context: set[str] = set()  # turn refs read as context only
        self.threshold = 0.0

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult:
        result = self.inner.extract(turns, conversation, user)
        old = self.context

        def only_old(refs: list[str]) -> bool:
            return bool(refs) and all(r in old for r in refs)

        out = ExtractionResult(cited_turns=result.cited_turns)
        for f in result.facts:
            if only_old([e.turn_ref for e in f.evidence]):
                continue
            if f.confidence < self.threshold:
                first = f.evidence[0] if f.evidence else None
                out.rejections.append(
                    Rejection(
                        text=f.text,
                        reason="below_threshold",
                        detail=f"confidence {f.confidence:.2f} < threshold {self.threshold:.2f}",
                        conversation_id=first.conversation_id if first else None,
                        turn_id=first.turn_id if first else None,
                        confidence=f.confidence,
                        type=f.type,
                        category=f.category,
                        extractor=f.extractor,
                    )
                )
                continue
            out.facts.append(f)
        for e in result.entities:
            if e.evidence is None or not only_old([e.evidence.turn_ref]):
                out.entities.append(e)
        for r in result.relations:
            if r.evidence is None or not only_old([r.evidence.turn_ref]):
                out.relations.append(r)
        for j in result.rejections:
            ref = turn_ref(j.conversation_id or conversation.id, j.turn_id or "")
            if not (j.turn_id and ref in old):
                out.rejections.append(j)
        return out


@dataclass
class Outcome:
    """What one extraction wrote."""

    write: ConversationWrite
    stats: PipelineStats
    #: the session's turns read so far (0 for a manual run)
    upto: int = 0


class LiveExtraction:
    """Runs extractions one at a time (the worker's jobs and manual runs share it): each
    extractor gets one pipeline, whose per-user caches are reloaded from the store before
    every run (other writers may have changed the user's facts since)."""

    def __init__(
        self,
        store: GraphStore,
        embed: Callable[[list[str]], np.ndarray],
        log: LiveTurnLog,
        user_ref: Callable[[str], UserRef],
        on_written: Callable[[ConversationWrite], None] | None = None,
    ) -> None:
        self.store = store
        self.embed = embed
        self.log = log
        self.user_ref = user_ref
        #: told of each write with its conversation's turns (retrieval indexes them)
        self.on_written = on_written
        self._lock = threading.Lock()
        self._pipelines: dict[int, tuple[NewTurnsOnly, ConversationPipeline]] = {}
        self._windows: list[list[Turn]] = []

    def _pipeline(self, extractor: Extractor) -> tuple[NewTurnsOnly, ConversationPipeline]:
        key = id(extractor)
        if key not in self._pipelines:
            wrapped = NewTurnsOnly(extractor)
            pipe = ConversationPipeline(self.store, wrapped, self.embed, self._planned)
            self._pipelines[key] = (wrapped, pipe)
        return self._pipelines[key]

    def _planned(self, conv: Conversation) -> list[list[Turn]]:
        return self._windows

    def session(
        self,
        user_id: str,
        session_id: str,
        extractor: Extractor,
        kind: JobKind,
        *,
        max_history_tokens: int,
        threshold: float,
    ) -> Outcome | None:
        """Read the session's pending turns (``interval``) or all of it (``debrief``) and
        store what is found with the new progress; None when there is nothing to read."""
        with self._lock:
            found = self.log.sessions(user_id, session_id)
            if not found:
                return None
            state = found[0]
            ref = self.user_ref(user_id)
            probe = Conversation(id=session_id, source="live")
            turns = self.log.turns(conversation_key(user_id, probe), session_id)
            upto = len(turns)
            start = 0 if kind == "debrief" else state.extracted
            if upto <= start or (kind == "debrief" and upto <= state.debriefed):
                return None
            conv = probe.model_copy(update={"turns": turns, "title": f"live session {session_id}"})
            context = [] if kind == "debrief" else history_before(turns, start, max_history_tokens)
            self._windows = windows([*context, *turns[start:]])
            refs = {turn_ref(t.conversation_id, t.id) for t in context}
            outcome = self._run(conv, ref, extractor, refs, threshold)
            outcome.upto = upto
            debriefed = upto if kind == "debrief" else 0
            read = outcome.write.turns
            outcome.write.turns = []  # stored as they came; the facts link to them by key
            self.log.write_extraction(outcome.write, extracted=upto, debriefed=debriefed)
            if self.on_written is not None:
                self.on_written(replace(outcome.write, turns=read))
            return outcome

    def manual(self, conv: Conversation, user_id: str, extractor: Extractor, threshold: float):
        """Extract a given conversation (not a live session) and write it like ingestion."""
        with self._lock:
            self._windows = windows(conv)
            outcome = self._run(conv, self.user_ref(user_id), extractor, set(), threshold)
            self.store.write_conversation(outcome.write)
            if self.on_written is not None:
                self.on_written(outcome.write)
            return outcome

    def _run(
        self,
        conv: Conversation,
        ref: UserRef,
        extractor: Extractor,
        context: set[str],
        threshold: float,
    ) -> Outcome:
        wrapped, pipe = self._pipeline(extractor)
        wrapped.context, wrapped.threshold = context, threshold
        pipe.forget_state(ref.id)
        carrier = extractor if isinstance(extractor, CarriesOver) else None
        before: str | None = None
        if carrier is not None:
            before = self.store.carryover(ref.id)
            carrier.restore(ref.id, before, partial(self._stored_turns, ref.id))
        try:
            write, stats = pipe.process(conv, ref)
        except BaseException:
            pipe.forget_state(ref.id)
            raise
        if carrier is not None:
            now = carrier.snapshot(ref.id)
            if now != before:
                write.carryover = now
        return Outcome(write, stats)

    def _stored_turns(self, user: str, refs: list[tuple[str, str]]) -> set[str]:
        return {turn_ref(t.conversation_id, t.id) for _key, t in self.store.turns(user, refs)}
