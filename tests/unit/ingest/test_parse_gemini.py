"""Gemini Takeout My Activity: prompts, HTML answers, sessions, locales, other products."""

from __future__ import annotations

from datetime import UTC, datetime

from ingest_helpers import FIXTURES, assert_valid_turns, parse, texts, write_json

from contextos.ingest.gemini import html_to_text, prompt_from_title

GEMINI = FIXTURES / "gemini" / "chatlore__tests_fixtures_gemini_MyActivity.json"


def test_sessions_in_time_order_with_locales_and_broken_time() -> None:
    convs, run = parse(GEMINI)
    assert [c.source for c in convs] == ["gemini"] * 4
    pizza, canberra, tokyo, broken = convs
    # reverse-chronological input, regrouped: 18:00 and 18:12 are one session
    assert texts(pizza) == [
        "Give me a recipe for Neapolitan pizza dough",
        "Here is a simple recipe:\n\n- 500 g flour\n- 325 g water\n\nMix & rest.",
        "And how long does the dough need to rest?",
        "At least 24 hours in the fridge.",
    ]
    assert [t.role for t in pizza.turns] == ["user", "assistant", "user", "assistant"]
    assert pizza.turns[0].timestamp == datetime(2026, 3, 10, 18, 0, tzinfo=UTC)
    assert pizza.title == "Give me a recipe for Neapolitan pizza dough"
    assert [t.id for t in pizza.turns] == [f"{pizza.id}:{i}" for i in range(4)]
    # a prompt without a stored answer is kept; the feedback entry is not a prompt
    assert texts(canberra) == [
        "What is the capital of Australia?",
        "Canberra.",
        "A question that got no stored response",
    ]
    assert texts(tokyo) == ["Wie spät ist es in Tokio?", "Es ist 17 Uhr."]
    assert texts(broken) == ["Entry with a broken time"]
    assert broken.turns[0].timestamp is None
    assert [w.where for w in run.warnings] == ["entry #6"]
    assert "invalid time" in run.warnings[0].problem
    assert not any("pizza" in t.lower() and "searched" in t.lower() for t in texts(pizza))
    for c in convs:
        assert_valid_turns(c)


def test_session_gap_option_splits_sessions() -> None:
    convs, _ = parse(GEMINI, gemini_session_gap_minutes=5)
    assert len(convs) == 6  # 18:00 / 18:12 / 21:30 / 21:40 / Tokyo / broken


def test_ids_stable_when_a_later_export_adds_entries(tmp_path) -> None:
    entries = [
        {
            "header": "Gemini Apps",
            "title": "Prompted first",
            "time": "2026-01-01T10:00:00Z",
            "products": ["Gemini Apps"],
            "safeHtmlItem": [{"html": "<p>one</p>"}],
        }
    ]
    before, _ = parse(write_json(tmp_path / "a.json", entries))
    later = [{**entries[0], "title": "Prompted second", "time": "2026-01-01T10:05:00Z"}, *entries]
    after, _ = parse(write_json(tmp_path / "b.json", later))
    assert after[0].id == before[0].id
    assert after[0].turns[:2] == before[0].turns
    assert texts(after[0])[2] == "second"


def test_html_and_titles() -> None:
    assert html_to_text("<p>a &amp; b</p><script>x()</script><br>c") == "a & b\n\nc"
    assert prompt_from_title("Prompted hello") == "hello"
    assert prompt_from_title("Eingegebener Prompt: hallo") == "hallo"
    assert prompt_from_title("Gave feedback: Good response") is None
