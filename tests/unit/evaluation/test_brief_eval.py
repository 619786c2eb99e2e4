"""The brief scored against gold briefs (evaluation/brief_eval.py): lenient matching, recall
and changes listed per gold change."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from contextos.embeddings import default_embedder
from contextos.evaluation.brief_eval import (
    _field_similarity,
    matches,
    said_in_text,
    score_scenario,
)
from contextos.evaluation.datasets import GoldChange, load_scenario
from contextos.evaluation.report import DatasetReport, EvalReport, format_report
from contextos.models import Change


@pytest.fixture(scope="module")
def field_sim():
    return _field_similarity(default_embedder().embed_texts)


def _c(entity, field, to, kind="value_changed"):
    return Change(kind=kind, entity_name=entity, field=field, to=to, text=f"{entity} {to}")


MANAGER = GoldChange("Priya Raman", "manager", "Greg Halloran", "Sandra Okafor")


def test_a_change_matches_on_entity_alias_field_synonym_and_contained_value(field_sim):
    assert matches(MANAGER, (), _c("Priya", "boss", "Sandra Okafor"), field_sim)
    assert matches(MANAGER, (), _c("Priya Raman", "manager", "Sandra"), field_sim)
    audit = GoldChange("Vendor Access Audit", "status", "planning", "blocked")
    assert matches(audit, ("the audit",), _c("audit", "status", "blocked"), field_sim)


def test_a_change_of_another_entity_field_or_value_does_not_match(field_sim):
    assert not matches(MANAGER, (), _c("Dana", "manager", "Sandra Okafor"), field_sim)
    assert not matches(MANAGER, (), _c("Priya", "manager", "Carla Diaz"), field_sim)
    assert not matches(MANAGER, (), _c("Priya", "favourite food", "Sandra Okafor"), field_sim)
    assert not matches(MANAGER, (), _c("Priya", None, "Sandra Okafor"), field_sim)


def test_an_iso_date_matches_the_date_written_out(field_sim):
    gold = GoldChange("Lanternfall demo", "due_date", "2026-05-22", "2026-05-29")
    said = _c("Lanternfall demo", "due date", "Friday, May 29, 2026")
    assert matches(gold, (), said, field_sim)
    assert not matches(gold, (), _c("Lanternfall demo", "due date", "May 22, 2026"), field_sim)


def _scenario_file(tmp_path):
    data = {
        "id": "t-01",
        "user": {"id": "priya", "name": "Priya Raman"},
        "sessions": [
            {
                "session_id": sid,
                "timestamp": ts,
                "messages": [
                    {"turn_id": f"{sid}:1", "role": "user", "speaker": "Priya", "text": "hi"}
                ],
            }
            for sid, ts in (("s1", "2026-03-02T09:00:00Z"), ("s2", "2026-03-09T09:00:00Z"))
        ],  # fmt: skip
        "gold": {
            "facts": [],
            "entities": [{"name": "Priya Raman", "type": "Person", "aliases": ["Priya"]}],
            "brief": [
                {
                    "since": "s1",
                    "until": "s2",
                    "changes": [
                        {
                            "entity": "Priya Raman",
                            "field": "manager",
                            "from": "Greg",
                            "to": "Sandra",
                        },
                        {"entity": "Atlas", "field": "status", "from": None, "to": "blocked"},
                    ],
                }
            ],  # fmt: skip
        },
    }
    path = tmp_path / "t-01.json"
    path.write_text(json.dumps(data))
    return path


def test_score_counts_found_gold_and_listed_per_window(tmp_path, field_sim):
    sc = load_scenario(_scenario_file(tmp_path))
    (gb,) = sc.briefs
    assert gb.since_at == datetime(2026, 3, 2, 9, tzinfo=UTC) and len(gb.changes) == 2
    asked = []

    def brief_of(since, until):
        asked.append((since, until))
        return [_c("Priya", "boss", "Sandra"), _c("Priya", "like", "jazz", kind="added")] + [
            _c("Priya", "cat", f"cat {i}", kind="added") for i in range(3)
        ]

    s = score_scenario(sc, brief_of, field_sim)
    assert asked == [(gb.since_at, gb.until_at)]
    assert (s.windows, s.gold, s.found, s.listed, s.said) == (1, 2, 1, 5, 1)
    assert s.recall == 0.5 and s.listed_per_gold == 2.5
    assert len(s.missed) == 1 and "Atlas.status: None -> blocked" in s.missed[0]
    rep = DatasetReport("scenarios", brief=s)
    text = format_report(EvalReport(datasets=[rep]), verbose=True)
    assert "brief recall  0.500  (1/2 gold changes found" in text
    assert "brief listed  2.50 per gold change (5 listed)" in text
    assert "brief words   0.500  (1/2 gold changes" in text
    assert "BRIEF MISSED" in text


def test_said_in_text_needs_the_entity_and_the_whole_new_value_in_the_words():
    said = Change(kind="added", text="Priya reports to Sandra Okafor from Monday")
    assert said_in_text(MANAGER, (), said)
    assert not said_in_text(MANAGER, (), Change(kind="added", text="Priya reports to Sandra"))
    assert not said_in_text(MANAGER, (), Change(kind="added", text="Dana met Sandra Okafor"))
