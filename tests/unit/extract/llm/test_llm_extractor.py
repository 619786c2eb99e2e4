"""LLMExtractor over recorded replies: contextos grounds every quote itself, in the named turn."""

from __future__ import annotations

import json

import pytest
from conftest import ReplayLLM, timeout_error

from contextos.errors import WindowUnfinished
from contextos.extract.base import Extractor
from contextos.extract.llm import LLMExtractor
from contextos.models.extraction import UserRef
from contextos.validate import index_turns, validate

USER = UserRef(id="dana", name="Dana")


def fact(turn, quote, text, **kw):
    return {"turn": turn, "quote": quote, "text": text, "confidence": 0.9, **kw}


def run(make_conv, turns, *replies, **kw):
    """facts@1 alone (the graph prompt has tests of its own, test_llm_graph.py)."""
    kw.setdefault("graph", False)
    llm = ReplayLLM([json.dumps({"facts": r}) if isinstance(r, list) else r for r in replies])
    ex = LLMExtractor(llm, name="llm:replay", mode="json_schema", sleep=lambda s: None, **kw)
    conv = make_conv(turns)
    result = ex.extract(conv.turns, conv, USER)
    return ex, llm, conv, result


CHAT = [
    ("user", "I moved last year. Now I live in Lisbon, and I work at Tallyforge."),
    ("assistant", "Lisbon is lovely. You said you use Postgres?"),
    ("user", "If we move to Berlin next year, I'd join a startup. I don't drink coffee."),
]


def test_is_an_extractor_with_what_strategies_ask():
    ex = LLMExtractor(ReplayLLM([]), name="llm:x", price_in_per_1k=0.15)
    assert isinstance(ex, Extractor)
    assert ex.cost_per_1k_tokens == 0.15 and ex.estimated_latency_ms > 0 and ex.is_available()


def test_the_prompt_numbers_the_turns_and_the_schema_allows_only_human_ones(make_conv):
    _, llm, _, _ = run(make_conv, CHAT, [])
    messages, kwargs = llm.requests[0]
    assert "T1 Dana: I moved last year." in messages[1].content
    assert "T2 assistant: Lisbon is lovely." in messages[1].content
    schema = kwargs["response_format"]["json_schema"]["schema"]
    assert schema["$defs"]["FactItem"]["properties"]["turn"]["enum"] == ["T1", "T3"]


def test_a_quote_copied_loosely_gets_the_turns_own_span(make_conv):
    _, _, conv, result = run(
        make_conv,
        CHAT,
        [fact("T1", "now i live in LISBON", "Dana lives in Lisbon", category="location")],
    )
    (f,) = result.facts
    ev = f.evidence[0]
    assert conv.turns[0].text[ev.start : ev.end] == ev.quote == "Now I live in Lisbon"
    assert (ev.turn_id, f.subject, f.extractor, f.category) == (
        "c1:0",
        "Dana",
        "llm:replay",
        "location",
    )
    assert validate(result, index_turns(conv.turns)).facts == [f]


def test_what_cannot_be_grounded_is_rejected_with_a_reason(make_conv):
    ex, _, _, result = run(
        make_conv,
        CHAT,
        [
            fact("T1", "I live in Porto", "Dana lives in Porto"),  # not said
            fact("T3", "I live in Lisbon", "Dana lives in Lisbon"),  # said, in another turn
            fact("T2", "You said you use Postgres", "Dana uses Postgres"),  # the assistant's
            fact("T9", "I work at Tallyforge", "Dana works at Tallyforge"),  # no such turn
        ],
    )
    assert result.facts == []
    reasons = [(r.reason, r.turn_id) for r in result.rejections]
    assert reasons == [
        ("not_grounded", "c1:0"),
        ("not_grounded", "c1:2"),
        ("assistant_sourced", "c1:1"),
        ("not_grounded", "c1:0"),
    ]
    assert ex.metrics.facts_proposed == 4
    assert ex.metrics.rejected == {"not_grounded": 3, "assistant_sourced": 1}


def test_hypotheticals_and_negations_the_fact_dropped_are_rejected_by_validation(make_conv):
    _, _, conv, result = run(
        make_conv,
        CHAT,
        [
            fact("T3", "move to Berlin next year", "Dana moves to Berlin next year"),
            fact("T3", "drink coffee", "Dana drinks coffee"),
            fact("T3", "I don't drink coffee", "Dana does not drink coffee"),
        ],
    )
    checked = validate(result, index_turns(conv.turns))
    assert [r.reason for r in checked.rejections] == ["hypothetical", "negated"]
    assert [f.text for f in checked.facts] == ["Dana does not drink coffee"]


def test_a_fact_its_quote_does_not_support_is_rejected_by_validation(make_conv):
    _, _, conv, result = run(
        make_conv, CHAT, [fact("T1", "I live in Lisbon", "Dana works at Tallyforge as an engineer")]
    )
    (rejection,) = validate(result, index_turns(conv.turns)).rejections
    assert rejection.reason == "not_grounded" and "words are in its evidence" in rejection.detail


def test_an_unreadable_reply_is_one_rejection_for_the_window(make_conv):
    ex, _, _, result = run(make_conv, CHAT, "I'd rather not.", "Still prose.")
    assert result.facts == []
    (r,) = result.rejections
    assert r.reason == "unparseable" and r.turn_id == "c1:0" and "facts@1" in r.detail
    assert ex.metrics.windows_skipped == 1


def test_items_that_do_not_fit_are_schema_rejections(make_conv):
    _, _, _, result = run(
        make_conv,
        CHAT,
        [
            {"turn": "T1", "text": "no quote"},
            fact("T1", "I live in Lisbon", "Dana lives in Lisbon"),
        ],
    )
    assert [r.reason for r in result.rejections] == ["schema"] and len(result.facts) == 1


def test_a_server_that_does_not_answer_leaves_the_window_unfinished(make_conv):
    with pytest.raises(WindowUnfinished) as exc:
        run(make_conv, CHAT, timeout_error(), timeout_error())
    assert exc.value.conversation_id == "c1"


def test_in_a_meeting_another_speaker_is_the_subject_of_what_they_said(make_conv):
    turns = [("user", "Dana", "Let's start."), ("user", "Sam Lee", "I lead the billing migration.")]
    _, llm, _, result = run(
        make_conv,
        turns,
        [
            fact(
                "T2",
                "I lead the billing migration",
                "Sam Lee leads the billing migration",
                subject="I",
            )
        ],
    )
    assert "T2 Sam Lee: I lead" in llm.requests[0][0][1].content
    assert result.facts[0].subject == "Sam Lee"


def test_long_windows_are_split_to_fit_the_context(make_conv):
    turns = [("user", f"Statement number {i}. " * 40) for i in range(6)]
    ex, llm, _, _ = run(make_conv, turns, *([[]] * 6), context_window=1024, max_output_tokens=256)
    assert 2 <= len(llm.requests) <= 6 and ex.metrics.windows == len(llm.requests)
