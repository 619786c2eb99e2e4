"""An answer's "it"/"they"/"them" that nothing in the answer names stands for what the question
right before asked about, when the question plainly asked about one thing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.extract.local.conversation.answers import asked_about
from contextos.extract.local.text.nlp import load_pipeline
from contextos.models.extraction import UserRef
from contextos.models.transcript import Turn
from contextos.validate import validate

WHEN = datetime(2026, 3, 2, 9, tzinfo=UTC)
_USER = UserRef(id="dana", name="Dana")


def _asked(question: str):
    nlp = load_pipeline()
    turn = Turn(
        id="q", conversation_id="c", index=0, role="assistant", speaker="assistant",
        text=f"Sounds good. {question}", timestamp=WHEN,
    )  # fmt: skip
    return asked_about(turn, lambda texts: nlp.add_entities(nlp.parse(texts)), "Dana")


@pytest.mark.parametrize(
    ("question", "text", "plural", "verb"),
    [
        ("What's happening with Corvid?", "Corvid", False, None),
        ("Did you get anywhere with the FMLA idea?", "the FMLA idea", False, None),
        ("How did the interview at Acme go?", "the interview at Acme", False, None),
        ("How are your tomatoes doing?", "Dana's tomatoes", True, None),
        ("Did you finish the migration?", "the migration", False, "finish"),
    ],
)
def test_a_question_about_one_thing_names_it(question, text, plural, verb):
    asked = _asked(question)
    assert asked is not None
    assert (asked.text, asked.plural, asked.verb) == (text, plural, verb)
    assert asked.evidence.quote in question


@pytest.mark.parametrize(
    "question",
    [
        "Want me to add the emergency contacts?",  # an offer
        "Shall we plan the pilot group?",  # a suggestion
        "Do you have a mechanic?",  # "have": what the answer's "it" is, is not said
        "How's Tom doing?",  # one person: a "he", not an "it"
        "Any update from Orla's department?",  # who it comes from, not what it is
        "I think that settles it.",  # no question
    ],
)
def test_offers_people_and_statements_name_nothing(question):
    assert _asked(question) is None


def _answer(extractor, make_conv, question, answer):
    conv = make_conv([("user", "Hi."), ("assistant", question), ("user", answer)], WHEN)
    checked = validate(extractor.extract(conv.turns, conv, _USER), {t.id: t for t in conv.turns})
    return checked


def test_the_answers_pronoun_takes_the_questions_words_and_quotes_them(extractor, make_conv):
    checked = _answer(
        extractor, make_conv, "Did you get anywhere with the FMLA idea?", "HR approved it Friday."
    )
    fact = next(f for f in checked.facts if "approved" in f.text)
    assert fact.text == "HR approved the FMLA idea on Friday, February 27, 2026"
    assert [(e.turn_id, e.quote) for e in fact.evidence] == [
        ("c1:2", "HR approved it Friday"),
        ("c1:1", "the FMLA idea"),
    ]
    checked = _answer(
        extractor, make_conv, "How did the interview at Acme go?", "It went great honestly."
    )
    assert "The interview at Acme went great" in {f.text for f in checked.facts}


def test_an_answer_about_something_else_keeps_its_pronoun_unresolved(extractor, make_conv):
    checked = _answer(extractor, make_conv, "Do you have a mechanic?", "I'll drop it off Friday.")
    assert not any("mechanic" in f.text for f in checked.facts)
    checked = _answer(extractor, make_conv, "Want a firmer tone for the email?", "I hate it.")
    assert not checked.facts
    assert {r.reason for r in checked.rejections} == {"vague"}
    # the same verb or nothing: "Did you finish the migration?" is not what "paused it" is about
    checked = _answer(extractor, make_conv, "Did you finish the migration?", "We paused it.")
    assert not any("migration" in f.text for f in checked.facts)


def test_a_verbless_answer_to_what_something_is_says_it(extractor, make_conv):
    """ "What's the new monthly cost?" - "About $470 a month." was too short to stand alone:
    the answer says what the thing asked about is, with the question quoted. A yes, a
    don't-know, or an answer to a question of two things says no such thing."""
    checked = _answer(extractor, make_conv, "What's the new monthly cost?", "About $470 a month.")
    fact = next(f for f in checked.facts if "$470" in f.text)
    assert fact.text == "The new monthly cost is about $470 a month"
    assert [(e.turn_id, e.quote) for e in fact.evidence] == [
        ("c1:2", "About $470 a month"),
        ("c1:1", "the new monthly cost"),
    ]
    checked = _answer(extractor, make_conv, "Who is your manager?", "Sandra Okafor.")
    assert "Dana's manager is Sandra Okafor" in {f.text for f in checked.facts}
    for question, answer in (
        ("What's your budget?", "Not sure yet."),
        ("What's the budget and location constraint?", "~$120k base."),
        ("How did the interview go?", "Great."),
    ):
        checked = _answer(extractor, make_conv, question, answer)
        assert not checked.facts, (question, [f.text for f in checked.facts])
