"""The eval tool on tiny data written here (no shared/ data is read by tests)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from contextos.errors import InputError
from contextos.evaluation import format_report, run_eval
from contextos.evaluation.datasets import load_scenario, load_scenarios, load_spc
from contextos.evaluation.matching import third_person

SCENARIO = {
    "id": "t-01",
    "user": {"id": "mira", "name": "Mira Holm"},
    "kind": "assistant",
    "sessions": [
        {
            "session_id": "s1",
            "timestamp": "2024-09-10T08:00:00Z",
            "platform": "chatgpt",
            "messages": [
                {
                    "turn_id": "s1:1",
                    "role": "user",
                    "speaker": "Mira Holm",
                    "text": (
                        "I work as a pharmacist in Bergen. I'd love to open my own shop someday."
                    ),
                },
                {
                    "turn_id": "s1:2",
                    "role": "assistant",
                    "speaker": "assistant",
                    "text": "You clearly enjoy retail work.",
                },
                {
                    "turn_id": "s1:3",
                    "role": "user",
                    "speaker": "Mira Holm",
                    "text": "I adopted a cat named Pixel yesterday.",
                },
            ],
        }
    ],
    "gold": {
        "facts": [
            {
                "id": "f1",
                "text": "Mira works as a pharmacist in Bergen",
                "type": "USER_FACT",
                "category": "work",
                "turn_ids": ["s1:1"],
            },
            {
                "id": "f2",
                "text": "Mira adopted a cat named Pixel on September 9, 2024",
                "type": "USER_FACT",
                "category": "relationship",
                "turn_ids": ["s1:3"],
            },
        ],
        "must_not_extract": [
            {"text": "Mira opened her own shop", "turn_ids": ["s1:1"], "reason": "hypothetical"},
            {
                "text": "Mira enjoys retail work",
                "turn_ids": ["s1:2"],
                "reason": "assistant said it",
            },
        ],
    },
}


@pytest.fixture
def data(tmp_path: Path) -> tuple[Path, Path]:
    scen = tmp_path / "scenarios"
    scen.mkdir()
    (scen / "t-01.json").write_text(json.dumps(SCENARIO), encoding="utf-8")
    spc = tmp_path / "spc.csv"
    with spc.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["user 1 personas", "user 2 personas", "Best Generated Conversation"])
        w.writerow(
            [
                "I have two dogs.\nI live on a farm.",
                "I play the cello.\nI was born in Norway.",  # never said
                "User 1: Hi there!\nUser 2: Hello.\n(Later)\nUser 1: I have two dogs and I live "
                "on a farm.\nUser 2: I play the cello in an orchestra.",
            ]
        )
        w.writerow(["I like tea.", "I am a baker.", ""])
    return scen, spc


def test_loaders(data):
    scen, spc = data
    sc = load_scenario(scen / "t-01.json")
    assert [t.id for t in sc.turns] == ["s1:1", "s1:2", "s1:3"]
    assert sc.conversations[0].turns[0].timestamp.isoformat().startswith("2024-09-10")
    dialogues = load_spc(spc, rows=10)
    assert len(dialogues) == 1  # the empty conversation is skipped
    turns = dialogues[0].conversation.turns
    assert [t.speaker for t in turns] == ["User 1", "User 2", "User 1", "User 2"]
    assert all(t.role == "user" for t in turns)


def test_third_person():
    assert third_person("I like to ski.", "User 1") == "User 1 like to ski."
    assert third_person("My dog is old and I'm tired", "User 2") == (
        "User 2's dog is old and User 2 is tired"
    )


def test_run_eval_measures_recall_precision_traps_and_speed(data):
    scen, spc = data
    report = run_eval(scen, spc, spc_rows=5)
    s = report.dataset("scenarios")
    assert s is not None
    assert s.gold == 2 and s.found == 2 and s.recall == 1.0
    assert s.traps == 2 and s.trap_violations == []
    assert s.precision is not None and s.precision > 0.5
    assert s.type_accuracy == 1.0
    assert s.turns == 3 and s.turns_per_second > 0 and s.warm_turns_per_second > 0
    assert s.rejections.get("hypothetical", 0) >= 1
    # the baseline stores each user sentence: it finds the facts, and the hypothetical as well
    assert s.baseline_extracted == 3 and s.baseline_found == 2
    assert s.baseline_trap_violations == 1 and s.baseline_precision is not None
    assert s.either_found == 2 and s.said_recall == 1.0
    p = report.dataset("spc")
    assert p is not None and p.gold == 4 and p.found == 3 and p.precision is None
    assert p.baseline_extracted == 2 and p.baseline_precision is None
    # what is never said is out of reach of the extractor and of the verbatim sentences
    assert p.either_found == 3 and p.said_recall == 0.75
    text = format_report(report, verbose=True)
    assert "[scenarios]" in text and "[spc]" in text and "recall" in text
    assert "said in words 0.750  (3/4 gold facts" in text


def test_a_miss_a_sentence_of_the_speaker_says_is_shown_with_that_sentence(tmp_path):
    """A gold fact the extractor does not keep (here a wish, rejected as hypothetical) but a
    sentence of the user says as it is: within reach, and -v shows which sentence."""
    scenario = json.loads(json.dumps(SCENARIO))
    scenario["gold"]["facts"].append(
        {
            "id": "f3",
            "text": "Mira would love to open her own shop someday",
            "type": "USER_FACT",
            "category": "goal",
            "turn_ids": ["s1:1"],
        }
    )
    scenario["gold"]["must_not_extract"] = []
    scen = tmp_path / "scenarios"
    scen.mkdir()
    (scen / "t-01.json").write_text(json.dumps(scenario), encoding="utf-8")
    s = run_eval(scen, None).dataset("scenarios")
    assert s is not None and s.found == 2 and s.either_found == 3
    [miss] = s.missed
    assert miss.startswith("t-01 f3 ")
    said = """ [said in a sentence: "Mira would love to open Mira's own shop someday." (0."""
    assert said in miss and miss.endswith(")]")


def test_scenarios_load_from_folders_and_single_files_as_one_set(tmp_path):
    """`--scenarios` may name a folder or one file, several times: a held-out folder's unread
    half is measured apart by naming its files."""
    folder = tmp_path / "set"
    folder.mkdir()
    for sid in ("t-02", "t-01"):
        (folder / f"{sid}.json").write_text(json.dumps({**SCENARIO, "id": sid}), encoding="utf-8")
    single = tmp_path / "t-03.json"
    single.write_text(json.dumps({**SCENARIO, "id": "t-03"}), encoding="utf-8")
    assert [s.id for s in load_scenarios(folder)] == ["t-01", "t-02"]
    assert [s.id for s in load_scenarios([single, folder])] == ["t-03", "t-01", "t-02"]
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError, match="no scenario"):
        load_scenarios([single, empty])


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("heldout", 6),
        ("heldout2", 6),
        ("heldout3", 3),
        ("heldout4", 4),
        ("heldout5", 4),
        ("heldout6", 4),
    ],
)
def test_the_bundled_held_out_scenarios_load_with_gold_on_user_turns(name, count):
    folder = Path(__file__).parents[3] / "bench" / name
    files = sorted(folder.glob("*.json"))
    assert len(files) == count
    for path in files:
        sc = load_scenario(path)
        roles = {t.id: t.role for t in sc.turns}
        assert sc.facts and sc.traps
        for fact in sc.facts:
            assert all(roles[t] == "user" for t in fact.turn_ids), (path.name, fact.text)
