"""Facts the speaker's next turn takes back are rejected as retracted
(extract/local/conversation/retractions.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.extract.local.conversation.retractions import retraction


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        (
            "Actually scrap that, we're not inviting Gary. I only added him",
            "we're not inviting Gary",
        ),
        (
            "Correction: Graham became my manager on 13 April.",
            "Graham became my manager on 13 April",
        ),
        ("oh wait, I take that back - it's Tuesday", "it's Tuesday"),
        ("Scrap that.", ""),
        ("My mistake, the flat is in Ancoats", "the flat is in Ancoats"),
        ("Hmm. Correction: Tom is 40.", "Tom is 40"),
        ("...ugh, yes. Scrap that. I'll go in June.", ""),  # a new statement follows it
        # a pause, the reasons, then the retraction of the turn before
        ("hang on. Just looked at the calendar. We're away on the 12th. Scratch that.", ""),
        ("Wait! Checked again. Scratch that, it's June.", "it's June"),
    ],
)
def test_a_turn_opening_with_a_retraction_gives_the_sentence_it_opens(text, sentence):
    assert retraction(text) == sentence


@pytest.mark.parametrize(
    "text",
    [
        "I want to scrap that plan and start over",  # not at the start
        "Forget it, I'll ask someone else",
        "Correctional facilities are hiring",
        "Sounds good to me. Scrap that.",  # more than a short reaction before it
        "Wait. I'm away on the 12th.",  # a pause that takes nothing back
        "Wait. One. Two. Three. Four. Scratch that.",  # too far after the pause
    ],
)
def test_other_openings_take_nothing_back(text):
    assert retraction(text) is None


def test_the_next_turn_takes_back_what_it_names_and_keeps_who_people_are(run):
    _conv, _raw, checked = run(
        [
            ("user", "I added my old boss Gary to the guest list last night."),
            ("assistant", "Noted, Gary is on the list."),
            ("user", "Actually scrap that, I'm not inviting Gary."),
            ("assistant", "Removed."),
            ("user", "My sister Ana lives in Oslo. I'm moving to Denver in May."),
            ("assistant", "Exciting!"),
            ("user", "Scrap that."),
            ("assistant", "Okay."),
        ]
    )
    texts = [f.text for f in checked.facts]
    retracted = {r.text: r.detail for r in checked.rejections if r.reason == "retracted"}
    assert any("added their old boss Gary to the guest list" in t for t in retracted), retracted
    assert "Gary is Dana's old boss" in texts  # who Gary is was not taken back
    assert "Dana is not inviting Gary" in texts
    # "Scrap that." names nothing: the last sentence before it is what it takes back
    assert any(t.startswith("Dana is moving to Denver") for t in retracted), retracted
    assert any("Ana lives in Oslo" in t for t in texts), texts
    assert not any("Denver" in t for t in texts)


def test_another_speakers_objection_takes_nothing_back(run):
    _conv, _raw, checked = run(
        [
            ("user", "Dana", "I'm moving the launch to Friday."),
            ("user", "Omar", "That's wrong, the launch is Thursday."),
        ]
    )
    assert not [r for r in checked.rejections if r.reason == "retracted"]
    assert any("moving the launch to Friday" in f.text for f in checked.facts), [
        f.text for f in checked.facts
    ]


def test_sorry_no_in_the_very_next_message_corrects_it_but_answers_anyone_between(run):
    """ "Sorry no - 30th is the dress rehearsal" sent right after the speaker's own message
    corrects it (its "30th" is the "30 April" said); said after someone else spoke, "sorry,
    no" answers them and takes nothing back."""
    _conv, _raw, checked = run(
        [
            ("user", "Dana", "Ivy's school play is Thurs 30 April, 2pm at the school."),
            ("user", "Dana", "Sorry no - 30th is the dress rehearsal. The play is Thurs 7 May."),
            ("user", "Dana", "I can do the Tuesday pickup."),
            ("user", "Omar", "Can you do Wednesday as well?"),
            ("user", "Dana", "Sorry no, I'm at work till 6."),
        ],
        datetime(2026, 4, 15, tzinfo=UTC),
    )
    retracted = [r.text for r in checked.rejections if r.reason == "retracted"]
    assert retracted == ["Ivy's school play is Thursday, April 30, 2026, 2pm at the school"], (
        retracted
    )
    assert any("can do the Tuesday" in f.text for f in checked.facts), [
        f.text for f in checked.facts
    ]


def test_a_later_sentence_of_the_same_turn_corrects_the_one_before_it(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "Also, my aunt Denise is moving to Seattle. Wait, no, sorry, I'm tired, it's "
                "her daughter Kayla who's moving to Seattle. I started a pottery class.",
            ),
            ("user", "I met Tom at the conference and I booked the flight to Lisbon."),
            ("user", "I booked the flight to Lisbon... No wait, it was Porto."),
            ("user", "Josh is censoring the deaths. That's wrong, right?"),
            ("user", "My brother lives in Austin. No, I don't want to visit him."),
        ]
    )
    texts = [f.text for f in checked.facts]
    corrected = [r.text for r in checked.rejections if r.reason == "retracted"]
    assert corrected == [
        "Dana's aunt Denise is moving to Seattle",
        "Dana booked the flight to Lisbon",
    ]
    assert any(t.startswith("Dana started a pottery class") for t in texts)
    assert any("booked the flight to Lisbon" in t for t in texts)  # the turn without a "no wait"
    assert any("censoring the deaths" in t for t in texts)  # "that's wrong?" judges it
    assert "Dana's brother lives in Austin" in texts  # a bare "no" answers, it corrects nothing


def test_a_retraction_after_a_short_reaction_and_someone_elses_question_takes_back(run):
    _conv, _raw, checked = run(
        [
            ("user", "Noor", "I'm taking the whole week of 18 May off."),
            ("user", "Sam", "Isn't that the week right before the demo deadline?"),
            ("user", "Noor", "ugh, yes. Scrap that. I'll take my leave after the demo ships."),
            ("user", "Noor", "My sister lives in Oslo."),
            ("user", "Sam", "Nice."),
            ("user", "Ali", "Cool."),
            ("user", "Eve", "Same here."),
            ("user", "Noor", "Scrap that."),
        ]
    )
    retracted = [r.text for r in checked.rejections if r.reason == "retracted"]
    assert any("week of" in t and "off" in t for t in retracted), retracted
    texts = [f.text for f in checked.facts]
    assert any("sister lives in Oslo" in t for t in texts)  # three others spoke since


def test_a_sentence_denying_what_the_one_before_reports_takes_it_back(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "priya and i arent speaking\nshe told the whole group chat i only got the job "
                "bc my mum knows the manager\nwhich is NOT true i applied like a normal person",
            ),
            ("user", "My sister says I'm moving to London. That's a lie, I'm staying in Leeds."),
            ("user", "I moved to Leeds in May. That's not true of everyone in my team though."),
        ]
    )
    texts = [f.text for f in checked.facts]
    denied = {r.text: r.detail for r in checked.rejections if r.reason == "retracted"}
    assert any("got the job" in t for t in denied), denied
    assert any("moving to London" in t for t in denied), denied
    assert not any("got the job" in t or "London" in t for t in texts), texts
    assert any("staying in Leeds" in t for t in texts), texts
    # "that's not true" after a sentence that reports no one judges something else
    assert any(t.startswith("Dana moved to Leeds") for t in texts), texts


def test_after_a_pause_and_its_reasons_a_retraction_takes_back_the_turn_before(run):
    _conv, _raw, checked = run(
        [
            ("user", "Priya", "My band will play at the wedding for free."),
            (
                "user",
                "Priya",
                "hang on. Just looked at the calendar. We're in Leeds on the 12th. Scratch "
                "that. I'll hire a DJ instead.",
            ),
        ]
    )
    retracted = [r.text for r in checked.rejections if r.reason == "retracted"]
    texts = [f.text for f in checked.facts]
    assert any("play at the wedding" in t for t in retracted), retracted
    assert any("in Leeds" in t for t in texts), texts  # the reason stays: it is not corrected
    assert any("hire a DJ" in t for t in texts), texts


def test_a_nameless_retraction_takes_back_the_last_sentence_that_stated_something(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "Priya",
                "I booked the venue. My band will play the party. Free. You're welcome",
            ),
            ("user", "Priya", "Scratch that."),
        ]
    )
    retracted = [r.text for r in checked.rejections if r.reason == "retracted"]
    texts = [f.text for f in checked.facts]
    assert any("band will play the party" in t for t in retracted), retracted
    assert any("booked the venue" in t for t in texts), texts


def test_i_must_correct_myself_later_in_a_turn_takes_back_what_it_says_was_wrong(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "Emil",
                "My new neighbour Carl Jensen is a retired dentist from Aarhus. Carl knows "
                "nothing about tomatoes.",
            ),
            ("assistant", "assistant", "How lovely to have a new neighbour."),
            (
                "user",
                "Emil",
                "Thank you. The surveyor is coming on the 5th of May.\n\nI must correct myself "
                "on one point: Carl is from Odense, not Aarhus.",
            ),
        ]
    )
    retracted = [r.text for r in checked.rejections if r.reason == "retracted"]
    texts = [f.text for f in checked.facts]
    assert any("Aarhus" in t for t in retracted), retracted
    assert not any("retired dentist from Aarhus" in t for t in texts), texts
    assert any("knows nothing about tomatoes" in t for t in texts), texts  # names Carl only
    assert "Carl Jensen is from Odense, not Aarhus" not in retracted
    assert any(t.startswith("Carl Jensen is from Odense") for t in texts), texts
    assert not any("correct" in t for t in texts), texts  # the announcement states nothing
    assert any("surveyor" in t for t in texts), texts
