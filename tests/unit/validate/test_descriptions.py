"""Definite descriptions that point back into the conversation (``validate/descriptions.py``),
on invented sentences: which descriptions are bare, what kind each earlier mention is, the
decision, and what ``validate`` does with the candidate (rewritten and quoting the antecedent,
rejected, or left alone)."""

from __future__ import annotations

import pytest

from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact, Evidence
from contextos.models.transcript import Turn
from contextos.validate import validate
from contextos.validate.descriptions import (
    Mention,
    bare_descriptions,
    classify_mention,
    judge,
)
from contextos.validate.grounding import content_support
from contextos.validate.standalone import parse_texts


def doc(text: str):
    return parse_texts([text])[0]


def turn(text: str, index: int = 0, conv: str = "c") -> Turn:
    user = index % 2 == 0
    return Turn(
        id=f"{conv}:{index}",
        conversation_id=conv,
        index=index,
        role="user" if user else "assistant",
        speaker="Ilse" if user else "assistant",
        text=text,
    )


# -- which descriptions are checked ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "heads"),
    [
        ("The refund went through", ["refund"]),
        ("Ilse says the rollout slipped", ["rollout"]),
        ("Ilse approved the new budget", ["budget"]),  # an adjective does not identify it
        ("The refund for the broken kettle went through", []),  # a prepositional phrase does
        ("The kettle that Ilse ordered arrived", []),  # a relative clause does
        ("The Lisbon rollout slipped", []),  # a compound does
        ("Ilse's refund went through", []),  # a possessive owns it
        ("The two invoices are paid", []),  # a number counts it
        ("Ilse bought a kettle and the kettle leaks", []),  # named before in the fact
        ("The courier is Bruno from the depot", []),  # the fact names it
        ("Ilse is calling the small boat Wren", []),  # ... as a second object
        ("Ilse will decide within the week", []),  # a time noun is a date
        ("Ilse waited at a café near the station", []),  # not a core argument of a verb
    ],
)
def test_bare_descriptions(text: str, heads: list[str]) -> None:
    assert [t.text for t in bare_descriptions(doc(text))] == heads


# -- what kind an earlier mention is -----------------------------------------------------------


def _kind(sentence: str, word: str) -> Mention:
    d = doc(sentence)
    tok = next(t for t in d if t.text == word)
    return classify_mention(tok, turn(sentence))


def test_a_mention_with_a_phrase_that_identifies_it_is_fuller() -> None:
    m = _kind("We filed a claim for the flooded basement last week.", "claim")
    assert m.kind == "fuller" and m.words == "claim for the flooded basement"
    assert m.turn.text[m.start : m.end] == m.words


@pytest.mark.parametrize(
    ("sentence", "word", "kind"),
    [
        ("I have a meeting with the insurer tomorrow.", "meeting", "fuller"),  # not just owned
        ("My landlord called twice.", "landlord", "owned"),  # a possessive
        ("I have three cats.", "cats", "owned"),  # the speaker's "have"
        ("I filed a claim yesterday.", "claim", "introduced"),  # indefinite, nothing more
        ("There were two complaints.", "complaints", "introduced"),  # counted
        ("We need to repair the fence.", "repair", "introduced"),  # the verb, with an object
        ("I went to the dentist.", "dentist", "definite"),  # known from the start
        ("I like action films.", "films", "definite"),  # a bare plural names a kind
    ],
)
def test_mention_kinds(sentence: str, word: str, kind: str) -> None:
    assert _kind(sentence, word).kind == kind


def test_an_antecedent_with_a_pronoun_or_a_coordinated_phrase_is_cut_or_refused() -> None:
    m = _kind("I ordered a desk lamp and a chair.", "lamp")
    assert m.kind == "fuller" and m.words == "desk lamp"
    # "my" inside the antecedent would be wrong in a third-person fact: not fuller
    assert _kind("I booked a slot for my mother.", "slot").kind == "introduced"


# -- the decision ------------------------------------------------------------------------------

T = turn("x")


def _m(kind: str, words: str = "") -> Mention:
    return Mention(kind, T, 0, 0, words)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("mentions", "decision"),
    [
        ([], "keep"),  # discourse-new
        ([_m("definite"), _m("definite")], "keep"),
        ([_m("introduced"), _m("owned")], "keep"),
        ([_m("introduced")], "reject"),
        ([_m("fuller", "claim for the basement"), _m("introduced")], "rewrite"),
        ([_m("fuller", "claim"), _m("fuller", "claim for the basement")], "rewrite"),  # agree
        ([_m("fuller", "claim for the basement"), _m("fuller", "claim for the car")], "reject"),
    ],
)
def test_judge(mentions: list[Mention], decision: str) -> None:
    assert judge(mentions)[0] == decision


def test_agreeing_fuller_mentions_rewrite_with_the_fullest() -> None:
    _d, _why, best = judge([_m("fuller", "claim"), _m("fuller", "claim for the basement")])
    assert best is not None and best.words == "claim for the basement"


# -- inside validate() -------------------------------------------------------------------------


def _candidate(t: Turn, text: str, quote: str) -> CandidateFact:
    start = t.text.index(quote)
    return CandidateFact(
        text=text,
        subject="Ilse",
        confidence=0.9,
        evidence=[Evidence.in_turn(t, start, start + len(quote))],
    )


def _run(texts: list[str], fact_text: str, quote: str):
    turns = [turn(x, i) for i, x in enumerate(texts)]
    fact = _candidate(turns[-1], fact_text, quote)
    return validate(ExtractionResult(facts=[fact]), {t.id: t for t in turns})


def test_a_description_is_rewritten_with_its_antecedent_and_quotes_it() -> None:
    out = _run(
        ["We filed a claim for the flooded basement.", "Good luck.", "The claim got approved."],
        "The claim got approved",
        "The claim got approved.",
    )
    (fact,) = out.facts
    assert fact.text == "The claim for the flooded basement got approved"
    assert [e.turn_id for e in fact.evidence] == ["c:2", "c:0"]
    assert fact.evidence[1].quote == "claim for the flooded basement"
    # every word of the rewritten text is in a quote: the grounding check holds
    assert content_support(fact.text, [e.quote for e in fact.evidence]) == 1.0


def test_an_antecedent_earlier_in_the_same_turn_counts() -> None:
    out = _run(
        ["We signed a lease for the corner shop. The lease starts in May."],
        "The lease starts in May",
        "The lease starts in May.",
    )
    assert [f.text for f in out.facts] == ["The lease for the corner shop starts in May"]


def test_a_description_that_only_points_back_is_rejected() -> None:
    out = _run(
        ["I filed a claim yesterday.", "Good luck.", "The claim got approved."],
        "The claim got approved",
        "The claim got approved.",
    )
    assert out.facts == []
    (rej,) = out.rejections
    assert rej.reason == "unresolved_reference"
    assert "'The claim'" in rej.detail and "'a claim'" in rej.detail and "c:0" in rej.detail


def test_competing_antecedents_are_rejected() -> None:
    out = _run(
        ["I filed a claim for the basement and a claim for the car.", "Ok.", "The claim is paid."],
        "The claim is paid",
        "The claim is paid.",
    )
    assert out.facts == [] and out.rejections[0].reason == "unresolved_reference"
    assert "could be any of" in out.rejections[0].detail


@pytest.mark.parametrize(
    "texts",
    [
        ["Morning!", "Hi.", "The dentist moved my appointment."],  # never introduced
        ["I saw the dentist in May.", "Ok.", "The dentist moved my appointment."],  # definite
        ["My dentist is new.", "Ok.", "The dentist moved my appointment."],  # owned
    ],
)
def test_discourse_new_or_owned_things_are_left_alone(texts: list[str]) -> None:
    out = _run(texts, "The dentist moved Ilse's appointment", "The dentist moved my appointment.")
    assert [f.text for f in out.facts] == ["The dentist moved Ilse's appointment"]


def test_other_conversations_are_not_the_context() -> None:
    earlier = turn("I filed a claim yesterday.", 0, conv="other")
    now = turn("The claim got approved.", 0, conv="c")
    fact = _candidate(now, "The claim got approved", "The claim got approved.")
    out = validate(ExtractionResult(facts=[fact]), {t.id: t for t in (earlier, now)})
    assert [f.text for f in out.facts] == ["The claim got approved"]


def test_a_description_the_quotes_do_not_say_is_the_extractors_pronoun_rendering() -> None:
    out = _run(
        ["I bought a kettle yesterday.", "Nice.", "I love it."],
        "Ilse loves the kettle",  # the extractor's words for "it": not the speaker's "the N"
        "I love it.",
    )
    assert [f.text for f in out.facts] == ["Ilse loves the kettle"]


def test_only_the_sentences_that_may_mention_the_noun_are_parsed():
    from contextos.validate.descriptions import _sentences_at

    text = (
        'We met on Monday. Ravi found a fix for the "queue stall" bug!\nThen lunch. The fix held.'
    )
    fix = [i for i in range(len(text)) if text.lower().startswith("fix", i)]
    spans = _sentences_at(text, fix)
    assert [text[a:b].strip() for a, b in spans] == [
        'Ravi found a fix for the "queue stall" bug!',
        "The fix held.",
    ]
