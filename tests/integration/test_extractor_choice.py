"""Choosing the extractor: by name through the registry (facade, settings, CLI) or as an
instance per call; parallel ingestion builds the named one in its worker."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from cx_helpers import run_cli

from contextos import ConfigError, ContextOS
from contextos.extract import registry
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.facts import CandidateFact, Evidence
from contextos.models.transcript import Conversation, Turn
from contextos.samples import DEMO_USER, DEMO_USER_NAME, sample_paths
from contextos.settings import Settings


class WholeTurn:
    """Every user turn of under 80 characters, as said, as one fact."""

    name = "whole-turn"

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult:
        return ExtractionResult(
            facts=[
                CandidateFact(
                    text=t.text,
                    subject=user.name,
                    confidence=0.95,
                    evidence=[Evidence.in_turn(t, 0, len(t.text))],
                    extractor=self.name,
                )
                for t in turns
                if t.role == "user" and len(t.text) < 80
            ]
        )


@pytest.fixture
def whole_turn():
    registry.register("whole-turn", lambda settings: WholeTurn())
    yield
    registry._REGISTRY.pop("whole-turn", None)


def test_an_extractor_given_per_call_writes_its_own_facts(data_dir):
    with ContextOS.open(data_dir) as cx:
        report = cx.ingest(sample_paths(), user=DEMO_USER, extractor=WholeTurn())
        facts = cx.facts(DEMO_USER)
        assert report.facts_stored > 0 and facts
        assert {f.extractor for f in facts} == {"whole-turn"}
        with pytest.raises(ConfigError, match="registered extractor"):
            cx.ingest(sample_paths(), user="other", extractor=WholeTurn(), parallel=True)


def test_the_settings_name_the_extractor_the_facade_builds(data_dir, whole_turn):
    settings = Settings(data_dir=data_dir, extractor="whole-turn")
    with ContextOS.from_settings(settings) as cx:
        assert cx.extractor.name == "whole-turn"
        cx.ingest(sample_paths(), user=DEMO_USER)
        assert {f.extractor for f in cx.facts(DEMO_USER)} == {"whole-turn"}
        cx.ingest(sample_paths(), user="sam", extractor="local")  # by name, per call
        assert {f.extractor for f in cx.facts("sam")} == {"local"}


def test_parallel_ingestion_runs_the_named_extractor_in_its_worker(data_dir):
    with ContextOS.open(data_dir) as cx:
        for user, parallel in (("seq", False), ("par", True)):
            cx.ingest(
                sample_paths(),
                user=user,
                user_name=DEMO_USER_NAME,
                extractor="local",
                parallel=parallel,
            )
        seq = sorted((f.text, f.turn_ids) for f in cx.facts("seq", include_superseded=True))
        par = sorted((f.text, f.turn_ids) for f in cx.facts("par", include_superseded=True))
        assert seq and seq == par


def test_the_cli_refuses_an_unknown_extractor_before_opening_anything(data_dir, tmp_path):
    export = next(iter(sample_paths()))
    res = run_cli("ingest", str(export), "--user", "sam", "--extractor", "nope", data_dir=data_dir)
    assert res.returncode == 2
    assert "unknown extractor 'nope': choose one of" in res.stderr and "local" in res.stderr
    assert not data_dir.exists()
    res = run_cli("ingest", "--help", data_dir=data_dir)
    assert "--extractor" in res.stdout
