"""Strategies made of other extractors: cheap-first, parallel, fallback."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from contextos.errors import WindowUnfinished
from contextos.extract import registry
from contextos.extract.base import CarriesOver, Extractor, Metered
from contextos.extract.strategies import (
    MIN_WORDS_TO_ESCALATE,
    CheapFirst,
    Fallback,
    Parallel,
    turns_to_send,
    unexplained_turns,
)
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.facts import CandidateFact, Evidence
from contextos.models.transcript import Conversation, Turn

USER = UserRef(id="dana", name="Dana")


def turn(i: int, text: str, role: str = "user") -> Turn:
    return Turn(
        id=f"t{i}",
        conversation_id="c",
        index=i,
        role=role,
        speaker="Dana" if role == "user" else "assistant",
        text=text,
        timestamp=datetime(2026, 3, 1, 10, i, tzinfo=UTC),
    )


class Finds:
    """Whole user turns containing ``word`` as facts; counts its calls."""

    def __init__(self, name: str, word: str = "") -> None:
        self.name, self.word, self.calls = name, word, 0
        self.read: list[list[str]] = []  # the turn ids of each call

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult:
        self.calls += 1
        self.read.append([t.id for t in turns])
        return ExtractionResult(
            facts=[
                CandidateFact(
                    text=t.text,
                    subject=user.name,
                    confidence=0.9,
                    evidence=[Evidence.in_turn(t, 0, len(t.text))],
                    extractor=self.name,
                )
                for t in turns
                if t.role == "user" and self.word in t.text
            ]
        )


class Remembers(Finds):
    """A carrying-over extractor: remembers the last text it read per user."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.memory: dict[str, str] = {}

    def snapshot(self, user_id: str) -> str:
        return self.memory.get(user_id, "")

    def restore(self, user_id, snapshot, stored_turns=None) -> None:
        self.memory[user_id] = snapshot or ""

    def forget(self, user_id=None) -> None:
        self.memory.clear()


class Down(Finds):
    def __init__(self, name: str, available: bool = False, dies: bool = False) -> None:
        super().__init__(name)
        self.available, self.dies = available, dies

    def is_available(self) -> bool:
        return self.available

    def extract(self, turns, conversation, user):
        if self.dies:
            raise WindowUnfinished("connection refused", conversation.id)
        return super().extract(turns, conversation, user)


WINDOW = [
    turn(0, "I am a data engineer at Tallyforge in Lisbon"),
    turn(1, "Great, tell me more.", role="assistant"),
    turn(2, "My sister Ana and I climb every Saturday morning in Sintra"),
    turn(3, "ok thanks"),
]
CONV = Conversation(id="c", source="test", turns=WINDOW)


def test_unexplained_turns_are_user_turns_saying_something_no_fact_is_grounded_in():
    found = Finds("cheap", "I am").extract(WINDOW, CONV, USER)
    left = unexplained_turns(WINDOW, found)
    assert [t.id for t in left] == ["t2"]  # t0 explained, t1 the assistant's, t3 too short
    assert len(WINDOW[3].text.split()) < MIN_WORDS_TO_ESCALATE


def test_cheap_first_sends_on_only_windows_with_unexplained_turns_and_keeps_only_those():
    cheap, expensive = Finds("local", "I am"), Finds("llm")
    strategy = CheapFirst(cheap, expensive)
    result = strategy.extract(WINDOW, CONV, USER)
    assert expensive.calls == 1
    assert sorted((f.extractor, f.evidence[0].turn_id) for f in result.facts) == [
        ("llm", "t2"),  # not the expensive copy of t0, which the cheap pass had
        ("local", "t0"),
    ]
    explained = [WINDOW[0], WINDOW[1]]
    strategy.extract(explained, CONV, USER)
    assert expensive.calls == 1  # nothing left unexplained: no call
    m = strategy.run_metrics()[0]
    assert (m.extractor, m.windows, m.windows_escalated) == ("cheap-first", 2, 1)


def test_cheap_first_sends_only_the_unexplained_turns_each_with_the_turn_before_it():
    window = [
        turn(0, "I am a data engineer at Tallyforge in Lisbon"),
        turn(1, "What do you do on weekends?", role="assistant"),
        turn(2, "My sister Ana and I climb every Saturday morning in Sintra"),
        turn(3, "I am also learning Portuguese at a school near the office"),
        turn(4, "Nice. Anything else?", role="assistant"),
        turn(5, "ok thanks"),
        turn(6, "Could you help me plan the order of the service migrations?"),
    ]
    conv = Conversation(id="c", source="test", turns=window)
    expensive = Finds("llm")
    result = CheapFirst(Finds("local", "I am"), expensive).extract(window, conv, USER)
    # t2 with the question it answers, t6 with t5 before it; not t0, t3 (explained), t4
    assert expensive.read == [["t1", "t2", "t5", "t6"]]
    assert sorted(f.evidence[0].turn_id for f in result.facts if f.extractor == "llm") == [
        "t2",
        "t6",
    ]
    assert [t.id for t in turns_to_send(window, {"t2"}, context_turns=2)] == ["t0", "t1", "t2"]
    assert [t.id for t in turns_to_send(window, {"t0"}, context_turns=1)] == ["t0"]


def test_parallel_pools_every_part_each_fact_keeping_its_extractor():
    result = Parallel([Finds("local", "I am"), Finds("llm", "sister")]).extract(WINDOW, CONV, USER)
    assert sorted((f.extractor, f.evidence[0].turn_id) for f in result.facts) == [
        ("llm", "t2"),
        ("local", "t0"),
    ]


def test_fallback_uses_the_preferred_part_when_available_else_the_other():
    up, local = Down("llm", available=True), Finds("local")
    assert Fallback(up, local).extract(WINDOW, CONV, USER).facts[0].extractor == "llm"
    down = Fallback(Down("llm", available=False), Finds("local"))
    assert down.extract(WINDOW, CONV, USER).facts[0].extractor == "local"
    assert down.run_metrics()[0].windows_fallen_back == 1
    nothing = Fallback(None, Finds("local"))  # no LLM configured at all
    assert nothing.extract(WINDOW, CONV, USER).facts[0].extractor == "local"


def test_fallback_falls_back_for_the_rest_of_the_run_when_the_server_goes_away():
    dying = Down("llm", available=True, dies=True)
    strategy = Fallback(dying, Finds("local"))
    assert strategy.extract(WINDOW, CONV, USER).facts[0].extractor == "local"
    assert strategy.active.name == "local"
    dying.dies = False
    strategy.reset_metrics()  # the next run asks again
    assert strategy.extract(WINDOW, CONV, USER).facts[0].extractor == "llm"


def test_carry_over_passes_through_to_the_carrying_part():
    local = Remembers("local")
    strategy = CheapFirst(local, Finds("llm"))
    assert isinstance(strategy, CarriesOver) and isinstance(strategy, Metered)
    strategy.restore("dana", "what local wrote")  # a graph built by local alone reads on
    assert local.memory["dana"] == "what local wrote"
    assert strategy.snapshot("dana") == "what local wrote"
    two = Parallel([Remembers("a"), Remembers("b")])
    two.restore("dana", '{"a": "x", "b": "y"}')
    assert two.snapshot("dana") == '{"a": "x", "b": "y"}'
    two.restore("dana", "not json")  # unreadable: both start from nothing
    assert two.snapshot("dana") == '{"a": "", "b": ""}'


def test_strategies_are_registered_and_fallback_needs_no_llm():
    assert {"cheap-first", "parallel", "fallback"} <= set(registry.names("strategy"))
    assert "local" in registry.names("extractor")
    made = registry.create("fallback")  # no LLM settings: local alone
    assert isinstance(made, Extractor) and made.active.name == "local"
    with pytest.raises(Exception, match="settings"):
        registry.create("cheap-first")  # needs an LLM
