"""The stand-alone check on fact texts (``validate/standalone.py``), on invented sentences."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact, Evidence
from contextos.models.transcript import Turn
from contextos.validate import validate
from contextos.validate.standalone import (
    fragment_problem,
    parse_texts,
    question_problem,
    standalone_problem,
    unresolved_problem,
)


def doc(text: str):
    return parse_texts([text])[0]


# -- questions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Rafa is moving to Lyon in May?",
        "Does Rafa still play the cello",
        "Is the bakery open on Sundays",
        "Can Rafa drive the van",
    ],
)
def test_questions_are_found(text: str) -> None:
    assert question_problem(doc(text))


@pytest.mark.parametrize(
    "text",
    [
        "Rafa is moving to Lyon in May",
        "What Rafa wants is a quiet flat",
        "Rafa asked if Jo can come",
    ],
)
def test_statements_are_not_questions(text: str) -> None:
    assert question_problem(doc(text)) is None


# -- fragments ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The three new interns are",  # a copula with nothing it says
        "Hoping to hear back from the bank",  # no subject, no finite verb
        "The garden crew collected four bags of",  # a preposition cut from its object
        "Rafa bought bread and",  # a dangling conjunction
        "Rafa picks the twins up from: the pool",  # a colon cut into the sentence
        "a spare key for the blue van",  # no verb at all
    ],
)
def test_fragments_are_found(text: str) -> None:
    assert fragment_problem(doc(text))


@pytest.mark.parametrize(
    "text",
    [
        "Rafa has a lot to deal with",  # a stranded preposition in an infinitive
        "Rafa found the flat she was looking for",  # ... in a relative clause
        "Rafa has lived in Lyon before",  # "before" stands alone as an adverb
        "Rafa's visa came through",
        "Rafa chats with the night nurse on breaks",  # "chats" may be tagged a noun
        "Rafa keeps three things in the van: a jack, a torch and a rope",
        "Rafa's sister's getting married in Turin",
        "Rafa's plan for the spring: repaint the shop",  # a label and what it labels
        "Rafa's favourite dish: grilled sardines",
    ],
)
def test_sentences_are_not_fragments(text: str) -> None:
    assert fragment_problem(doc(text)) is None


# -- references --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Ines Vidal admired him",  # the only name is the subject "him" cannot be
        "Rafa returned it on Monday",
        "Rafa will call her after lunch",
        "Rafa can offer them a discount",
        "Rafa never agreed to that",
        "Rafa wants that candidate on the team by June",
        "Rafa fills these forms by hand",
    ],
)
def test_unresolved_references_are_found(text: str) -> None:
    assert unresolved_problem(doc(text))


@pytest.mark.parametrize(
    "text",
    [
        "Rafa's brother says he is moving to Lyon",  # the antecedent is in the fact
        "Rafa bought a kayak and loves it",
        "It takes Rafa an hour to cycle to work",  # dummy "it"
        "It is raining in Lyon",
        "Rafa hates it when the tram is late",  # "it" stands for the clause after it
        "Rafa finds it easy to wake up early",
        "Rafa made it to the regional final",  # the idiom
        "It is hard for Rafa to find a flat",
        "Rafa loves the flat that she found",  # the relative "that"
        "Rafa says that the lease is signed",  # "that" introducing a clause
        "Rafa works in IT",  # an acronym, not a pronoun
        "Rafa finished the mural, so that wall is done",  # points back at the clause before
        "The reason for this is simple: the rent went up",  # points forward past the colon
        "Rafa moves to Lyon this summer",  # a time phrase, not an argument
        "Rafa bought a bike in May and sold that bike in June",  # the noun is named before
    ],
)
def test_resolved_references_pass(text: str) -> None:
    assert unresolved_problem(doc(text)) is None


def test_standalone_problem_names_the_reason() -> None:
    texts = ["Rafa likes tea?", "Rafa thanked him", "Rafa runs a bakery in Porto"]
    problems = [standalone_problem(d) for d in parse_texts(texts)]
    assert [p.reason if p else None for p in problems] == [
        "fragment",
        "unresolved_reference",
        None,
    ]


# -- inside validate() -------------------------------------------------------------------------

TURN = Turn(
    id="t0",
    conversation_id="c",
    index=0,
    role="user",
    speaker="Rafa",
    text="I run a bakery in Porto. My neighbour thanked him.",
    timestamp=datetime(2025, 5, 2, tzinfo=UTC),
)


def _fact(text: str, quote: str) -> CandidateFact:
    start = TURN.text.index(quote)
    return CandidateFact(
        text=text,
        subject="Rafa",
        confidence=0.9,
        evidence=[Evidence.in_turn(TURN, start, start + len(quote))],
    )


def test_validate_rejects_what_does_not_stand_alone_and_keeps_the_rejection() -> None:
    result = ExtractionResult(
        facts=[
            _fact("Rafa runs a bakery in Porto", "I run a bakery in Porto."),
            _fact("Rafa's neighbour thanked him", "My neighbour thanked him."),
        ]
    )
    out = validate(result, {TURN.id: TURN})
    assert [f.text for f in out.facts] == ["Rafa runs a bakery in Porto"]
    (rej,) = out.rejections
    assert rej.reason == "unresolved_reference"
    assert rej.text == "Rafa's neighbour thanked him" and "'him'" in rej.detail
    assert rej.turn_id == "t0" and rej.extractor == "local"
