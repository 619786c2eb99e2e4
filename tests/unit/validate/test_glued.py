"""Glued clauses (``validate/glued.py``) and what validation does with them, on invented
sentences: unrelated clauses are split into facts of their own when each stands alone and is
grounded, else rejected ``glued``; related ones stay one fact."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact, Evidence
from contextos.models.transcript import Turn
from contextos.validate import validate
from contextos.validate.glued import GLUE_SIMILARITY, glued_parts, minilm_similarity
from contextos.validate.standalone import parse_texts


def doc(text: str):
    return parse_texts([text])[0]


def unrelated(a: str, b: str) -> float:
    return GLUE_SIMILARITY - 0.1


def related(a: str, b: str) -> float:
    return GLUE_SIMILARITY + 0.1


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        (
            "The boiler is fixed; Jo starts at the bakery on Monday",
            ["The boiler is fixed", "Jo starts at the bakery on Monday"],
        ),
        (
            "Mina adopted a greyhound, and the quarterly audit closes in March",
            ["Mina adopted a greyhound", "The quarterly audit closes in March"],
        ),
        (
            "Ravi sold the van; the choir meets on Tuesdays; Lou fixed the printer",
            ["Ravi sold the van", "The choir meets on Tuesdays", "Lou fixed the printer"],
        ),
    ],
)
def test_unrelated_clauses_are_glued(text: str, parts: list[str]) -> None:
    assert glued_parts(doc(text), similarity=unrelated) == parts


def test_clauses_close_in_meaning_are_not_glued() -> None:
    text = "The boiler is fixed; Jo starts at the bakery on Monday"
    assert glued_parts(doc(text), similarity=related) is None


@pytest.mark.parametrize(
    "text",
    [
        "Mina moved to Oslo; Mina loves the fjords",  # the same subject
        "The boiler is fixed, but Jo still has no hot water",  # a connective
        "The boiler broke; so Jo showers at the gym",  # a connective opening the second
        "The boiler is fixed; the plumber charged for the boiler twice",  # a word in common
        "Jo's sister visited; she brought the dog",  # a pronoun pointing back
        "Mina quit and moved to Oslo",  # one subject: one clause
        "Mina booked the hall; 80 seats, step-free",  # the second part is no clause
    ],
)
def test_related_clauses_are_not_glued(text: str) -> None:
    assert glued_parts(doc(text), similarity=unrelated) is None


def test_minilm_keeps_clauses_on_one_topic_together() -> None:
    # no word in common, one topic: MiniLM says what the lemmas cannot
    text = "The heating failed; the flat is freezing"
    assert minilm_similarity("The heating failed", "the flat is freezing") >= GLUE_SIMILARITY
    assert glued_parts(doc(text)) is None
    other = "The heating failed; the quarterly audit closes in March"
    assert glued_parts(doc(other)) == ["The heating failed", "The quarterly audit closes in March"]


# -- inside validate() -------------------------------------------------------------------------

TURN = Turn(
    id="t2",
    conversation_id="c2",
    index=0,
    role="user",
    speaker="Mina",
    text=(
        "I adopted a greyhound. The quarterly audit closes in March. "
        "Lou fixed the printer. The kids are at."
    ),
    timestamp=datetime(2025, 5, 2, tzinfo=UTC),
)


def _fact(text: str, quote: str, extractor: str = "local") -> CandidateFact:
    start = TURN.text.index(quote)
    return CandidateFact(
        text=text,
        subject="Mina",
        extractor=extractor,
        confidence=0.9,
        entities=["Mina", "Lou"],
        evidence=[Evidence.in_turn(TURN, start, start + len(quote))],
    )


@pytest.mark.parametrize("extractor", ["local", "llm"])
def test_validate_splits_glued_clauses_that_each_stand_alone(extractor: str) -> None:
    quote = "I adopted a greyhound. The quarterly audit closes in March."
    text = "Mina adopted a greyhound, and the quarterly audit closes in March"
    result = ExtractionResult(facts=[_fact(text, quote, extractor)])
    out = validate(result, {TURN.id: TURN})
    assert [f.text for f in out.facts] == [
        "Mina adopted a greyhound",
        "The quarterly audit closes in March",
    ]
    assert not out.rejections
    first, second = out.facts
    assert first.entities == ["Mina"] and second.entities == []
    assert first.evidence == second.evidence == result.facts[0].evidence
    assert first.confidence == second.confidence == 0.9
    assert first.extractor == second.extractor == extractor


def test_validate_rejects_glued_clauses_when_a_part_does_not_stand_alone() -> None:
    quote = "Lou fixed the printer. The kids are at."
    result = ExtractionResult(facts=[_fact("Lou fixed the printer; the kids are at", quote)])
    out = validate(result, {TURN.id: TURN})
    assert out.facts == []
    (rej,) = out.rejections
    assert rej.reason == "glued"
    assert "'The kids are at'" in rej.detail and rej.turn_id == "t2"


@pytest.mark.parametrize(
    ("quote", "glued"),
    [
        # the speaker related them: the extractor's text dropped the "so" / the "and"
        ("The studio took the copy in-house, so I lose the retainer.", False),
        ("The studio took the copy in-house and I lose the retainer.", False),
        # the speaker only set them side by side
        ("The studio took the copy in-house. I lose the retainer.", True),
    ],
)
def test_a_connective_in_the_evidence_relates_the_clauses(quote: str, glued: bool) -> None:
    text = "The studio took the copy in-house; Mina loses the retainer"
    parts = glued_parts(doc(text), [quote], similarity=unrelated)
    assert (parts is not None) is glued


def test_clauses_the_speaker_said_in_one_sentence_are_related() -> None:
    text = "The studio took the copy in-house; Mina loses the retainer"
    splice = "The studio took the copy in-house, I lose the retainer."
    assert glued_parts(doc(text), [splice], similarity=unrelated) is None
    # from two quotes of the turn: the speaker did not join them
    two = ["The studio took the copy in-house.", "I lose the retainer."]
    assert glued_parts(doc(text), two, similarity=unrelated) is not None
