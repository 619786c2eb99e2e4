"""The eval's supersession figures (evaluation/supersession.py): a scenario whose manager
changes, resolved as ingestion resolves it, scored against its gold superseded_by pair."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contextos.embeddings import default_embedder
from contextos.evaluation.datasets import load_scenario
from contextos.evaluation.run import _extract_as_ingested
from contextos.evaluation.supersession import measure_supersession
from contextos.extract import registry


def _scenario(tmp_path: Path, successor: str | None) -> Path:
    def session(sid: str, day: int, text: str) -> dict:
        return {
            "session_id": sid,
            "timestamp": f"2026-03-{day:02d}T09:00:00Z",
            "messages": [
                {"turn_id": f"{sid}:1", "role": "user", "speaker": "Robin Vale", "text": text},
                {
                    "turn_id": f"{sid}:2",
                    "role": "assistant",
                    "speaker": "assistant",
                    "text": "Noted.",
                },
            ],
        }

    data = {
        "id": "t-41",
        "user": {"id": "robin", "name": "Robin Vale"},
        "kind": "assistant",
        "sessions": [
            session("s1", 2, "My manager is Ben Ortiz."),
            session("s2", 9, "My manager is now Carla Diaz."),
        ],
        "gold": {
            "facts": [
                {
                    "id": "f1",
                    "text": "Robin's manager is Ben Ortiz",
                    "type": "USER_FACT",
                    "category": "work",
                    "turn_ids": ["s1:1"],
                    "superseded_by": successor,
                },
                {
                    "id": "f2",
                    "text": "Robin's manager is Carla Diaz",
                    "type": "USER_FACT",
                    "category": "work",
                    "turn_ids": ["s2:1"],
                    "superseded_by": None,
                },
            ],
            "must_not_extract": [],
        },
    }
    path = tmp_path / "t-41.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("successor", "superseded", "wrongful"),
    [
        # gold: Carla replaced Ben -> the stored replacement is the gold change
        ("f2", 1, 0),
        # gold lists no change -> the same replacement retires a gold fact wrongly
        (None, 0, 1),
    ],
)
def test_stored_replacements_are_scored_against_the_gold_pairs(
    tmp_path, successor, superseded, wrongful
):
    sc = load_scenario(_scenario(tmp_path, successor))
    extractor = registry.create(registry.DEFAULT, None)
    results = _extract_as_ingested(extractor, sc.conversations, sc.user)
    counts = measure_supersession(sc, results, extractor, default_embedder().embed_texts, 0.7)
    assert counts.pairs_stored == (1 if successor else 0)
    assert counts.pairs_superseded == superseded
    assert counts.supersessions == 1 and counts.by_reason == {"updated": 1}
    assert counts.wrongful == wrongful and counts.wrongful_gold_retired == wrongful
