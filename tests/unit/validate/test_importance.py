"""The importance score and the ``trivial`` gate (``validate/importance.py``, with its
small-talk detectors in ``validate/small_talk.py``), on invented sentences: each signal
rejected and kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact, Evidence, FactType
from contextos.models.transcript import Turn
from contextos.validate import validate
from contextos.validate.importance import BASE, THRESHOLD, importance, trivial_problem
from contextos.validate.small_talk import momentary, platitude, speech_act
from contextos.validate.standalone import parse_texts

_EV = [Evidence(conversation_id="c", turn_id="t0", start=0, end=1, quote="x")]


def doc(text: str):
    return parse_texts([text])[0]


def cand(text: str, subject: str = "Dana", **kw) -> CandidateFact:
    return CandidateFact(text=text, subject=subject, confidence=0.9, evidence=_EV, **kw)


def score(text: str, **kw) -> float:
    return importance(doc(text), cand(text, **kw)).score


# -- speech acts -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Dana thanks the assistant for the recipe",
        "Dana says thanks",
        "Dana says hello",
        "Dana hopes you have a lovely weekend",  # a wish for the listener
        "Dana wishes the assistant luck",
        "Dana will talk to you later",  # a sign-off
        "Dana hopes they can chat again soon",
        "Dana hopes to hang out again sometime",
        "Dana has to go now",
        "Dana needs to leave now",
        "Dana is glad to hear that",  # a pleasantry
        "Dana is nice to meet you",
    ],
)
def test_speech_acts_are_found_and_trivial(text: str) -> None:
    assert speech_act(doc(text))
    assert score(text) < THRESHOLD


@pytest.mark.parametrize(
    "text",
    [
        "Dana hopes to move to Porto next year",  # a wish of her own: a goal
        "Dana is glad to help her neighbours every weekend",  # glad to do something named
        "Dana has to go to Leeds on Monday",  # a destination: a plan
        "Dana is going to go surfing now",  # going to do something: a plan
        "Dana finds it rewarding to know her pupils improved",  # an adjective about a clause
        "Dana talks to her mother every Sunday",  # conversing, not with the listener
        "Dana chats with the assistant on her lunch break",  # a habit, no farewell
        "Dana hopes to see her brother again soon",  # someone named
        "Dana can talk about chess openings later",  # something named
    ],
)
def test_statements_with_the_same_verbs_are_not_speech_acts(text: str) -> None:
    assert speech_act(doc(text)) is None
    assert score(text) >= THRESHOLD


# -- momentary states --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Dana is tired today",
        "Dana is at the station right now",
        "Dana is exhausted at the moment",
        "Dana is waiting for the bus",  # a momentary activity in the present progressive
        "Dana is heading to the shop",
        "Dana is cooking dinner tonight",
    ],
)
def test_momentary_states_are_trivial(text: str) -> None:
    assert momentary(doc(text))
    assert score(text) < THRESHOLD


def test_one_name_does_not_lift_a_momentary_state_back() -> None:
    assert score("Dana is at Gatwick right now") < THRESHOLD


@pytest.mark.parametrize(
    "text",
    [
        # a perfect with "since" is a lasting condition, worth keeping (the open case,
        # decided here): the state began with an event and still holds
        "Dana has been tired since the surgery",
        "Dana runs every morning",  # a habit
        "Dana lives in Leeds",  # a standing fact
        "Dana lives in Leeds right now",  # present simple: "right now" says currently
        "Dana is pregnant right now",  # a lasting status, whatever moment it is said at
        "Dana is a nurse right now",  # an identity
        "Dana is flying to Oslo on Friday",  # a progressive with a time of its own: a plan
        "Dana is going to Iceland in May",
        "Dana is learning Portuguese",  # a progressive of no momentary activity: ongoing
        "Dana starts her new job today",  # an event on the day, not a state of the moment
        "Dana is going to sell the van",  # "going to": a future, not a motion
        "Dana is going with the cheaper quote",  # "going with": a choice
        "The shop is at 4,200 subscribers now",  # a measured status, not a condition
        "The refund is now approved",  # a thing's state now is its status
        "The new heater is working fine now",  # a thing's progressive is its status too
        "Dana is in college right now",  # a phase of life, not a particular place
        "Dana is on a strict diet now",
        "Dana is ready to sell the flat now",  # a state about something
        "Dana is not taking the night bus",  # negated: a refusal, not an activity
        "Dana is still waiting on the visa",  # ongoing
        "Dana is going through the invoices with Sam",  # a phrasal sense, not a motion
        "Dana's cousin is coming",  # a visit
        "Dana is now running the youth choir",  # a progressive with an object, not an activity
        "Dana is walking to work every morning now",  # a habit, said as of now
        "Dana is settled in Bristol now",  # the result of a move, which lasts
    ],
)
def test_lasting_states_habits_and_plans_are_kept(text: str) -> None:
    assert momentary(doc(text)) is None
    assert score(text) >= THRESHOLD


def test_a_passing_mood_without_an_anchor_only_lowers_the_score() -> None:
    bare = score("Dana is exhausted")
    assert THRESHOLD <= bare < BASE
    assert score("Dana is exhausted today") < THRESHOLD


# -- platitudes --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Life is too short",
        "Everyone needs a break sometimes",
        "You only live once",  # generic "you"
        "People can change",
        "Dana believes that life is too short",  # a platitude the person holds is one still
        "Dana thinks nobody is perfect",
    ],
)
def test_platitudes_are_trivial(text: str) -> None:
    assert platitude(doc(text))
    assert score(text) < THRESHOLD


@pytest.mark.parametrize(
    "text",
    [
        "Everyone in Dana's family is vegetarian",  # restricted: specific people
        "People at Dana's office take long lunches",
        "Dana believes that her team is understaffed",
        "The old van is diesel and the new one is electric",  # "the new one": a thing
        "Life in Leeds was cheaper for Dana",  # past, and restricted
    ],
)
def test_restricted_or_specific_subjects_are_not_platitudes(text: str) -> None:
    assert platitude(doc(text)) is None
    assert score(text) >= THRESHOLD


# -- what adds ---------------------------------------------------------------------------------


def test_specific_anchors_and_durability_raise_the_score() -> None:
    plain = score("Dana likes tea")
    assert score("Dana likes tea from Yunnan") > plain  # a name other than the subject
    assert score("Dana drinks 3 cups of tea") > score("Dana drinks cups of tea")  # a number
    assert score("Dana's sister likes tea") > plain  # a possessed noun


def test_the_subjects_own_name_is_not_specific() -> None:
    assert score("Dana Reyes likes tea", subject="Dana Reyes") == score("Dana likes tea")


def test_type_and_category_raise_the_score() -> None:
    text = "Dana walks to the office"
    plain = score(text)
    assert score(text, type=FactType.USER_PATTERN) > plain
    assert score(text, category="work") > plain


def test_the_score_explains_itself() -> None:
    imp = importance(doc("Dana is tired today"), cand("Dana is tired today"))
    assert imp.score == pytest.approx(BASE + sum(w for _, w in imp.signals))
    why = trivial_problem(imp)
    assert why is not None and "momentary state" in why and "today" in why
    kept = importance(doc("Dana lives in Leeds"), cand("Dana lives in Leeds"))
    assert trivial_problem(kept) is None


# -- inside validate() -------------------------------------------------------------------------

TURN = Turn(
    id="t0",
    conversation_id="c",
    index=0,
    role="user",
    speaker="Dana",
    text="I run a pottery studio in Leeds. I'm so tired today. Life is too short!",
    timestamp=datetime(2025, 5, 2, tzinfo=UTC),
)


def _fact(text: str, quote: str, **kw) -> CandidateFact:
    start = TURN.text.index(quote)
    return CandidateFact(
        text=text,
        subject="Dana",
        confidence=0.9,
        evidence=[Evidence.in_turn(TURN, start, start + len(quote))],
        extractor=kw.pop("extractor", "local"),
        **kw,
    )


def test_validate_rejects_trivial_facts_from_any_extractor_and_keeps_the_rest() -> None:
    kept = _fact(
        "Dana runs a pottery studio in Leeds", "I run a pottery studio in Leeds.", importance=0.7
    )
    result = ExtractionResult(
        facts=[
            kept,
            _fact("Dana is so tired today", "I'm so tired today.", extractor="llm:test"),
            _fact("Life is too short", "Life is too short!"),
        ]
    )
    out = validate(result, {TURN.id: TURN})
    assert [f.text for f in out.facts] == ["Dana runs a pottery studio in Leeds"]
    # a kept fact keeps its extractor's importance; the score only gates
    assert score("Dana runs a pottery studio in Leeds") >= THRESHOLD
    assert out.facts[0].importance == 0.7
    reasons = {r.text: (r.reason, r.extractor) for r in out.rejections}
    assert reasons == {
        "Dana is so tired today": ("trivial", "llm:test"),
        "Life is too short": ("trivial", "local"),
    }
    assert all(f"below {THRESHOLD}" in r.detail for r in out.rejections)
