"""Strategies: extractors made of other extractors, so one run can mix a cheap, offline pass
with an LLM.

* :class:`CheapFirst` — the cheap extractor reads every window; the expensive one only those
  where the cheap pass saw a user turn of some length that it could not turn into a fact (the
  share sent is counted as ``windows_escalated``), and of such a window only those turns, each
  with the :data:`CONTEXT_TURNS` turns before it (the question it answers): on the dev
  scenarios 29 of 34 windows had such a turn, but those turns and the turn before each are a
  quarter of the windows' words (2,652 of 10,508 tokens). Of the expensive pass it keeps what
  is grounded in those turns, so the two never propose the same turn twice.
* :class:`Parallel` — every part reads every window; the results are pooled, each fact keeping
  its extractor's name. The same statement from two parts becomes one fact the usual way
  (resolution merges a repeated statement into the fact it repeats).
* :class:`Fallback` — the preferred part (an LLM) when it ``is_available()`` at the start of a
  run, else the other; a window the preferred part leaves unfinished (its server went away)
  falls back too, for the rest of the run.

A strategy is itself an :class:`~contextos.extract.base.Extractor`: carry-over
(:class:`~contextos.extract.base.CarriesOver`) and metrics
(:class:`~contextos.extract.base.Metered`) pass through to its parts.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence

from contextos.errors import WindowUnfinished
from contextos.extract.base import (
    CarriesOver,
    Extractor,
    Metered,
    StoredTurns,
    cost_per_1k_tokens,
    estimated_latency_ms,
    is_available,
)
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.metrics import ExtractorMetrics
from contextos.models.transcript import Conversation, Turn

__all__ = [
    "CONTEXT_TURNS",
    "MIN_WORDS_TO_ESCALATE",
    "CheapFirst",
    "Fallback",
    "Parallel",
    "Strategy",
    "turns_to_send",
]

_log = logging.getLogger(__name__)

#: A user turn shorter than this says too little to be worth an LLM call when the cheap pass
#: found nothing in it ("ok thanks", "sounds good to me").
MIN_WORDS_TO_ESCALATE = 6

#: How many turns before an unexplained turn cheap-first sends with it: the question it
#: answers, or what the speaker said just before (what its "it" or "she" may stand for).
CONTEXT_TURNS = 1


class Strategy:
    """What every strategy shares: its parts, carry-over and metrics passed through."""

    name = "strategy"

    def __init__(self, parts: Sequence[Extractor]) -> None:
        self.parts = list(parts)
        self.metrics = ExtractorMetrics(extractor=self.name)

    # -- what strategies ask of an extractor -------------------------------------

    @property
    def estimated_latency_ms(self) -> float:
        return sum(estimated_latency_ms(p) for p in self.parts)

    @property
    def cost_per_1k_tokens(self) -> float:
        return max((cost_per_1k_tokens(p) for p in self.parts), default=0.0)

    def is_available(self) -> bool:
        return any(is_available(p) for p in self.parts)

    # -- metrics --------------------------------------------------------------------

    def reset_metrics(self) -> None:
        self.metrics = ExtractorMetrics(extractor=self.name)
        for part in self.parts:
            if isinstance(part, Metered):
                part.reset_metrics()

    def run_metrics(self) -> list[ExtractorMetrics]:
        found = [self.metrics]
        for part in self.parts:
            if isinstance(part, Metered):
                found.extend(part.run_metrics())
        return found

    # -- carry-over: the parts' own, one snapshot for all ---------------------------

    def _carriers(self) -> list[CarriesOver]:
        return [p for p in self.parts if isinstance(p, CarriesOver)]

    def snapshot(self, user_id: str) -> str:
        """The carrying part's snapshot as it is (so a graph built by that part alone reads
        on), or one JSON object of them by part name when several carry over."""
        carriers = self._carriers()
        if len(carriers) == 1:
            return carriers[0].snapshot(user_id)
        return json.dumps({_name(c): c.snapshot(user_id) for c in carriers}, sort_keys=True)

    def restore(
        self, user_id: str, snapshot: str | None, stored_turns: StoredTurns | None = None
    ) -> None:
        carriers = self._carriers()
        if len(carriers) == 1:
            carriers[0].restore(user_id, snapshot, stored_turns)
            return
        by_name: dict[str, str] = {}
        if snapshot:
            try:
                loaded = json.loads(snapshot)
                by_name = loaded if isinstance(loaded, dict) else {}
            except json.JSONDecodeError:
                by_name = {}
        for c in carriers:
            c.restore(user_id, by_name.get(_name(c)), stored_turns)

    def forget(self, user_id: str | None = None) -> None:
        for c in self._carriers():
            c.forget(user_id)


def _name(extractor: object) -> str:
    return str(getattr(extractor, "name", type(extractor).__name__))


def _fact_turns(result: ExtractionResult) -> set[str]:
    """The turns a result's unflagged facts are grounded in."""
    return {e.turn_id for f in result.facts if not f.flags for e in f.evidence}


def unexplained_turns(turns: Sequence[Turn], result: ExtractionResult) -> list[Turn]:
    """User turns of the window saying something (:data:`MIN_WORDS_TO_ESCALATE` words or more)
    that no fact of ``result`` is grounded in: what a cheap pass could not turn into facts."""
    explained = _fact_turns(result)
    return [
        t
        for t in turns
        if t.role == "user"
        and t.extractable
        and t.id not in explained
        and len(t.text.split()) >= MIN_WORDS_TO_ESCALATE
    ]


def turns_to_send(
    turns: Sequence[Turn], left: set[str], context_turns: int = CONTEXT_TURNS
) -> list[Turn]:
    """The turns of ``turns`` whose ids are in ``left``, each with the ``context_turns`` turns
    before it, in the window's order."""
    keep: set[int] = set()
    for i, t in enumerate(turns):
        if t.id in left:
            keep.update(range(max(0, i - context_turns), i + 1))
    return [turns[i] for i in sorted(keep)]


class CheapFirst(Strategy):
    """``cheap`` on every window; ``expensive`` only where the cheap pass left user turns
    unexplained, on those turns and the ``context_turns`` before each (see the module
    docstring)."""

    name = "cheap-first"

    def __init__(
        self, cheap: Extractor, expensive: Extractor, context_turns: int = CONTEXT_TURNS
    ) -> None:
        super().__init__([cheap, expensive])
        self.cheap, self.expensive = cheap, expensive
        self.context_turns = context_turns

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult:
        self.metrics.windows += 1
        result = self.cheap.extract(turns, conversation, user)
        left = {t.id for t in unexplained_turns(turns, result)}
        if not left:
            return result
        self.metrics.windows_escalated += 1
        sent = turns_to_send(turns, left, self.context_turns)
        more = self.expensive.extract(sent, conversation, user)
        result.facts.extend(f for f in more.facts if {e.turn_id for e in f.evidence} & left)
        result.rejections.extend(r for r in more.rejections if r.turn_id in left)
        result.entities.extend(
            e for e in more.entities if e.evidence is None or e.evidence.turn_id in left
        )
        result.relations.extend(
            r for r in more.relations if r.evidence is None or r.evidence.turn_id in left
        )
        return result


class Parallel(Strategy):
    """Every part on every window, the results pooled (see the module docstring)."""

    name = "parallel"

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult:
        self.metrics.windows += 1
        result = ExtractionResult()
        for part in self.parts:
            result.extend(part.extract(turns, conversation, user))
        return result


class Fallback(Strategy):
    """``preferred`` when it is available at the start of a run, else ``otherwise``; a window
    ``preferred`` leaves unfinished falls back for the rest of the run."""

    name = "fallback"

    def __init__(self, preferred: Extractor | None, otherwise: Extractor) -> None:
        super().__init__([p for p in (preferred, otherwise) if p is not None])
        self.preferred, self.otherwise = preferred, otherwise
        self._active: Extractor | None = None

    def reset_metrics(self) -> None:
        super().reset_metrics()
        self._active = None  # each run asks again

    @property
    def active(self) -> Extractor:
        """The part this run uses (decided on first use)."""
        if self._active is None:
            chosen = self.preferred
            if chosen is None or not is_available(chosen):
                if chosen is not None:
                    _log.warning(
                        "%s is not available: extracting with %s",
                        _name(chosen),
                        _name(self.otherwise),
                    )
                chosen = self.otherwise
            self._active = chosen
        return self._active

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult:
        self.metrics.windows += 1
        part = self.active
        if part is self.otherwise:
            if self.preferred is not None:
                self.metrics.windows_fallen_back += 1
            return part.extract(turns, conversation, user)
        try:
            return part.extract(turns, conversation, user)
        except WindowUnfinished as exc:
            _log.warning(
                "%s left %s unfinished (%s): %s for the rest of the run",
                _name(part),
                conversation.id,
                exc.problem,
                _name(self.otherwise),
            )
            self._active = self.otherwise
            self.metrics.windows_fallen_back += 1
            return self.otherwise.extract(turns, conversation, user)
