"""A conversation ingested end to end (issue #40): a definite description that points back at
an earlier turn is rewritten with its antecedent when that turn says which thing it was, and
rejected ``unresolved_reference`` when it does not — the rejection visible in ``contextos
rejections``. The real embedded store and the local extractor."""

from __future__ import annotations

import json
from pathlib import Path

from cx_helpers import run_cli

from contextos import ContextOS

TURNS = {
    "resolved": [
        "Our team shipped a patch for the invoice export crash on Monday.",
        "Nice.",
        "The patch is working well now.",
        "Great.",
    ],
    "unresolved": [
        "I found a workaround yesterday.",
        "Good.",
        "The workaround is holding up fine.",
        "Great.",
    ],
}


def _export(path: Path) -> Path:
    with path.open("w") as f:
        for conv, texts in TURNS.items():
            for i, text in enumerate(texts):
                row = {
                    "conversation_id": conv,
                    "turn_id": f"{conv}:{i}",
                    "timestamp": f"2026-02-03T10:{i:02d}:00Z",
                    "speaker": "Sam" if i % 2 == 0 else "assistant",
                    "role": "user" if i % 2 == 0 else "assistant",
                    "text": text,
                }
                f.write(json.dumps(row) + "\n")
    return path


def test_a_description_is_resolved_or_rejected_on_ingest(data_dir, tmp_path):
    export = _export(tmp_path / "chat.jsonl")
    with ContextOS.open(data_dir) as cx:
        report = cx.ingest([export], user="sam", user_name="Sam")
        facts = {f.text: f for f in cx.facts("sam")}
    assert report.facts_rejected.get("unresolved_reference") == 1
    resolved = facts.get("The patch for the invoice export crash is working well now")
    assert resolved is not None, sorted(facts)
    # it quotes both the turn it was said in and the turn that said which patch
    assert resolved.turn_ids == ["resolved:2", "resolved:0"]
    assert not any("workaround is holding" in t for t in facts)

    res = run_cli("rejections", "--user", "sam", "--json", data_dir=data_dir)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    (reason,) = [r for r in out["reasons"] if r["reason"] == "unresolved_reference"]
    assert reason["examples"] == ["The workaround is holding up fine"]
    res = run_cli("rejections", "--user", "sam", "--list", data_dir=data_dir)
    assert res.returncode == 0 and "a workaround" in res.stdout
