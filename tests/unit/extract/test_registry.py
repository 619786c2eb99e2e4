"""The extractor registry: the one way code outside extract/ builds an extractor."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from contextos.errors import ConfigError
from contextos.extract import registry
from contextos.extract.base import CarriesOver, Extractor
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.facts import CandidateFact, Evidence
from contextos.models.transcript import Conversation, Turn


class FirstSentence:
    """A tiny extractor: each user turn's first sentence, as said."""

    name = "first-sentence"

    def __init__(self, confidence: float = 0.9) -> None:
        self.confidence = confidence

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult:
        facts = []
        for t in turns:
            if t.role != "user":
                continue
            end = t.text.find(".")
            end = len(t.text) if end < 0 else end
            facts.append(
                CandidateFact(
                    text=t.text[:end],
                    subject=user.name,
                    confidence=self.confidence,
                    evidence=[Evidence.in_turn(t, 0, end)],
                    extractor=self.name,
                )
            )
        return ExtractionResult(facts=facts)


@pytest.fixture
def first_sentence():
    registry.register(
        "first-sentence", lambda settings: FirstSentence(), description="test extractor"
    )
    yield
    registry._REGISTRY.pop("first-sentence", None)


def test_the_local_extractor_is_registered_and_the_default():
    assert registry.DEFAULT == "local" and "local" in registry.names("extractor")
    local = registry.entry("local")
    assert local.cpu_bound and "no API key" in local.description


def test_create_builds_a_registered_extractor_by_name(first_sentence):
    made = registry.create("first-sentence")
    assert isinstance(made, Extractor) and made.name == "first-sentence"
    assert not isinstance(made, CarriesOver)  # carrying over is optional
    assert "first-sentence" in registry.names()


def test_an_unknown_name_is_a_config_error_naming_the_choices():
    with pytest.raises(ConfigError, match=r"unknown extractor 'nope': choose one of .*local"):
        registry.create("nope")


def test_a_factory_that_returns_no_extractor_is_refused():
    registry.register("broken", lambda settings: object())  # type: ignore[arg-type,return-value]
    try:
        with pytest.raises(ConfigError, match="no name"):
            registry.create("broken")
    finally:
        registry._REGISTRY.pop("broken", None)


def test_the_settings_reach_the_factory():
    seen = []
    registry.register("spy", lambda settings: seen.append(settings) or FirstSentence())
    try:
        registry.create("spy", {"model": "m"})
        assert seen == [{"model": "m"}]
    finally:
        registry._REGISTRY.pop("spy", None)


def test_every_registered_extractor_and_strategy_says_what_a_strategy_asks():
    """``name``, ``estimated_latency_ms``, ``cost_per_1k_tokens`` and ``is_available()`` of
    every built-in, the LLM set to a loopback port nobody listens on (not available)."""
    import socket

    from contextos.extract.base import Described
    from contextos.settings import Settings

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}/v1"
    settings = Settings(
        llm_provider="openai_like",
        llm_model="m",
        llm_base_url=closed,
        llm_price_per_1k_input=0.25,
    )
    available = {}
    for name in ("local", "llm", "cheap-first", "parallel", "fallback"):
        made = registry.create(name, settings)
        assert isinstance(made, Described), name
        assert made.estimated_latency_ms >= 0 and isinstance(made.estimated_latency_ms, float)
        assert isinstance(made.cost_per_1k_tokens, float)
        available[made.name] = (made.is_available(), made.cost_per_1k_tokens)
    assert available == {
        "local": (True, 0.0),
        "llm:m": (False, 0.25),  # its server does not answer
        "cheap-first": (True, 0.25),  # its local part can run; the dearest part's price
        "parallel": (True, 0.25),
        "fallback": (True, 0.25),
    }
