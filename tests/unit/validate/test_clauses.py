"""Clauses cut loose (``validate/clauses.py``), on invented sentences: each shape is found, and
full sentences that look like pieces pass."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact, Evidence
from contextos.models.transcript import Turn
from contextos.validate import validate
from contextos.validate.clauses import cut_clause_problem
from contextos.validate.standalone import parse_texts, standalone_problem


def doc(text: str):
    return parse_texts([text])[0]


def problem(text: str, quote: str = "") -> str | None:
    return cut_clause_problem(doc(text), [quote] if quote else [], parse_texts)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Because the van broke down", "subordinate clause"),
        ("If the grant comes through", "subordinate clause"),
        ("Although Priya hates the commute", "subordinate clause"),
        ("Which is why the office moved to Leeds", "cut from its sentence"),
        ("When the twins are asleep", "cut from its sentence"),
        ("Marco is sure the landlord won't", "has no verb"),
        ("Kofi wants to", "'to'"),
        ("Forty paying customers, about 9k a month", "no finite verb"),
    ],
)
def test_cut_clauses_are_found(text: str, why: str) -> None:
    found = problem(text)
    assert found is not None and why in found


@pytest.mark.parametrize(
    ("text", "quote", "word"),
    [
        # a preposition whose object the evidence has
        ("Yara will be done by", "I'll be done by the end of June", "'by'"),
        # a verb whose clause the evidence has
        ("Ilse was cross, and said", "I was cross, and said it was unfair", "'said'"),
    ],
)
def test_a_word_that_lost_its_object_in_the_evidence_is_cut(
    text: str, quote: str, word: str
) -> None:
    found = problem(text, quote)
    assert found is not None and word in found and "evidence" in found


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        # the same words stand alone in the evidence: nothing was cut
        ("Yara has been there before", "I've been there before"),
        ("The deal came through", "The deal came through!"),
        ("Dana quit", "Dana quit."),
    ],
)
def test_a_word_that_stands_alone_in_its_evidence_too_passes(text: str, quote: str) -> None:
    assert problem(text, quote) is None


@pytest.mark.parametrize(
    "text",
    [
        "Dana quit",
        "The launch slipped",
        "Tom is leaving",
        "What Bo wants is a quiet flat",
        "Bo said that she would call on Friday",
        "Bo wants to stay in the flat as long as he can",
        "Bo's move is planned for the first week of may",
        "Bo rehearses on Thursday evenings",
        "The switch is done",
        "Bo left early because the van broke down",
    ],
)
def test_full_sentences_pass(text: str) -> None:
    assert problem(text) is None
    assert standalone_problem(doc(text)) is None


TURN = Turn(
    id="t1",
    conversation_id="c1",
    index=0,
    role="user",
    speaker="Yara",
    text="I'll be done by the end of June. Because the van broke down, I walked.",
    timestamp=datetime(2025, 5, 2, tzinfo=UTC),
)


def _fact(text: str, quote: str) -> CandidateFact:
    start = TURN.text.index(quote)
    return CandidateFact(
        text=text,
        subject="Yara",
        confidence=0.9,
        evidence=[Evidence.in_turn(TURN, start, start + len(quote))],
    )


def test_validate_rejects_cut_clauses_as_fragments_with_the_evidence_compared() -> None:
    result = ExtractionResult(
        facts=[
            _fact("Yara will be done by", "I'll be done by the end of June."),
            _fact("Yara will be done by the end of June", "I'll be done by the end of June."),
            _fact("Because the van broke down", "Because the van broke down"),
        ]
    )
    out = validate(result, {TURN.id: TURN})
    assert [f.text for f in out.facts] == ["Yara will be done by the end of June"]
    assert sorted((r.text, r.reason) for r in out.rejections) == [
        ("Because the van broke down", "fragment"),
        ("Yara will be done by", "fragment"),
    ]


def test_validate_reads_past_a_quote_that_was_cut_with_the_fact() -> None:
    """The extractor quoted only as far as it kept: the turn's sentence goes on after the
    preposition the fact ends on, so the fact was cut there."""
    turn = Turn(
        id="t3",
        conversation_id="c1",
        index=1,
        role="user",
        speaker="Yara",
        text="I'll be 30 weeks along by then and I plan to stop work. I have lived there before.",
        timestamp=datetime(2025, 5, 2, tzinfo=UTC),
    )

    def fact(text: str, quote: str) -> CandidateFact:
        start = turn.text.index(quote)
        return CandidateFact(
            text=text,
            subject="Yara",
            confidence=0.9,
            evidence=[Evidence.in_turn(turn, start, start + len(quote))],
        )

    result = ExtractionResult(
        facts=[
            fact("Yara will be 30 weeks along by", "I'll be 30 weeks along by"),
            fact("Yara has lived there before", "I have lived there before"),
        ]
    )
    out = validate(result, {turn.id: turn})
    assert [f.text for f in out.facts] == ["Yara has lived there before"]
    (rej,) = out.rejections
    assert rej.reason == "fragment" and "'by'" in rej.detail
