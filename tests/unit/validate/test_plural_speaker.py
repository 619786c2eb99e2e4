"""A "we" stored as the speaker alone (``validate/plural_speaker.py``), on invented sentences,
for candidates of any extractor (here made as an LLM would hand them over)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact, Evidence, Rendering
from contextos.models.transcript import Turn
from contextos.validate import validate
from contextos.validate.plural_speaker import plural_speaker_problem

TURN = Turn(
    id="t0",
    conversation_id="c",
    index=0,
    role="user",
    speaker="Odile",
    text=(
        "We repainted the boathouse over Easter. I repainted my bike too. "
        "I think we should sell the trailer. We're moving to Ghent in June."
    ),
    timestamp=datetime(2025, 5, 2, tzinfo=UTC),
)


def _fact(text: str, quote: str, rendering: Rendering | None = None) -> CandidateFact:
    start = TURN.text.index(quote)
    return CandidateFact(
        text=text,
        subject="Odile Marchetti",
        confidence=0.9,
        evidence=[Evidence.in_turn(TURN, start, start + len(quote))],
        extractor="llm",
        rendering=rendering or Rendering(),
    )


@pytest.mark.parametrize(
    "text",
    [
        "Odile repainted the boathouse over Easter",
        "Odile Marchetti repainted the boathouse over Easter",
        "Over Easter, Odile repainted the boathouse",
    ],
)
def test_a_we_made_into_the_speaker_alone_is_found(text: str) -> None:
    problem = plural_speaker_problem(_fact(text, "We repainted the boathouse over Easter."))
    assert problem is not None and "Odile" in problem


@pytest.mark.parametrize(
    "text",
    [
        "Odile and her brother repainted the boathouse over Easter",
        "Theo, Lina and Odile repainted the boathouse over Easter",
        "Odile's rowing club repainted the boathouse over Easter",
        "The rowing club repainted the boathouse over Easter",
    ],
)
def test_a_fact_that_says_who_the_group_is_is_kept(text: str) -> None:
    assert plural_speaker_problem(_fact(text, "We repainted the boathouse over Easter.")) is None


def test_the_speakers_own_i_is_unaffected() -> None:
    assert plural_speaker_problem(_fact("Odile repainted her bike", "I repainted my bike")) is None
    # "I think we should": the speaker's own view, not a group's act
    fact = _fact("Odile thinks they should sell the trailer", "I think we should sell the trailer.")
    assert plural_speaker_problem(fact) is None


def test_a_group_the_extractor_named_or_a_predicate_of_its_own_is_kept() -> None:
    named = Rendering(group="Odile and Theo")
    own = Rendering(template="lives in")
    quote = "We're moving to Ghent in June."
    assert plural_speaker_problem(_fact("Odile is moving to Ghent in June", quote, named)) is None
    assert plural_speaker_problem(_fact("Odile lives in Ghent", quote, own)) is None


def test_validate_rejects_it_as_group_as_speaker_and_keeps_the_rejection() -> None:
    result = ExtractionResult(
        facts=[
            _fact("Odile repainted the boathouse over Easter", "We repainted the boathouse"),
            _fact("Odile repainted her bike", "I repainted my bike"),
        ]
    )
    out = validate(result, {TURN.id: TURN})
    assert [f.text for f in out.facts] == ["Odile repainted her bike"]
    (rej,) = out.rejections
    assert rej.reason == "group_as_speaker"
    assert rej.text == "Odile repainted the boathouse over Easter" and rej.extractor == "llm"
