"""The benchmark's synthetic ChatGPT export: deterministic, exact in size, parseable, and with
the user-message mix each mode promises."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.synthetic_export import write_chatgpt_export  # noqa: E402
from contextos.extract.local.text.sentences import is_question, segment_turn  # noqa: E402
from contextos.ingest import read_conversations  # noqa: E402


@pytest.mark.parametrize("user_text", ["realistic", "salad"])
def test_same_seed_writes_same_bytes_and_exact_turns(tmp_path: Path, user_text: str) -> None:
    a = write_chatgpt_export(tmp_path / "a.json", 12, 240, seed=3, user_text=user_text)
    b = write_chatgpt_export(tmp_path / "b.json", 12, 240, seed=3, user_text=user_text)
    assert a.path.read_bytes() == b.path.read_bytes()
    assert a.turns == 240
    convs = list(read_conversations(a.path))
    assert len(convs) == 12
    assert sum(len(c.turns) for c in convs) == 240


def test_realistic_user_messages_mix_questions_requests_and_statements(tmp_path: Path) -> None:
    stats = write_chatgpt_export(tmp_path / "r.json", 20, 800, seed=5)
    user_turns = [t for c in read_conversations(stats.path) for t in c.turns if t.role == "user"]
    texts = [t.text for t in user_turns]
    assert len(set(texts)) > 0.8 * len(texts)  # diverse, not a handful of repeats
    sentences = [s for text in texts for s in text.replace("?", "?\n").splitlines() if s]
    questions = sum(is_question(s) for s in sentences)
    first_person = sum(s.lstrip().startswith(("I ", "I'm", "I've", "My ")) for s in sentences)
    assert 0.2 < questions / len(sentences) < 0.6
    assert 0.05 < first_person / len(sentences) < 0.4
    assert any("```" in text for text in texts)  # pasted code or logs, fenced
    # the fast skip keeps statements and drops the questions before parsing
    kept = [seg.text for text in texts for seg in segment_turn(text)]
    assert kept and not any(is_question(k) for k in kept)


def test_salad_differs_from_realistic(tmp_path: Path) -> None:
    real = write_chatgpt_export(tmp_path / "r.json", 4, 40, seed=1)
    salad = write_chatgpt_export(tmp_path / "s.json", 4, 40, seed=1, user_text="salad")
    first = next(iter(read_conversations(salad.path))).turns[0].text
    assert first.split()[0] in ("Can", "I", "My", "Quick", "I'm", "Remind", "What")
    assert real.path.read_bytes() != salad.path.read_bytes()
