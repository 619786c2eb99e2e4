"""Names typed in lower case read with the capital the conversation gives them
(extract/local/text/casing.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.extract.local.conversation.carryover import Carryover
from contextos.extract.local.text.casing import names_written_capitalised, recase
from contextos.extract.local.text.nlp import load_pipeline
from contextos.models.extraction import UserRef


@pytest.fixture(scope="module")
def english():
    return load_pipeline().english


def test_names_are_the_words_written_capitalised_mid_sentence_that_english_does_not_know(
    english,
):
    found = names_written_capitalised(
        [
            "Good to know Ingrid handles those. Safety first, and ask Dr. Okoye.",
            "I sent it to Bev; Will you check with Mrs. Fairbairn?",
            "Our Supabase project is live, for Will and for Summer.",
        ],
        english.known,
    )
    assert found["ingrid"] == "Ingrid"
    assert found["okoye"] == "Okoye"  # after a title
    assert found["bev"] == "Bev"
    assert found["fairbairn"] == "Fairbairn"
    assert found["supabase"] == "Supabase"
    # "Safety" and "Good" open a sentence; "Will" and "Summer" are English words as typed
    assert not {"safety", "good", "will", "summer", "our"} & found.keys()


def test_recase_keeps_the_text_length_and_changes_whole_lower_case_words_only():
    names = {"bev": "Bev", "ingrid": "Ingrid"}
    text = "bev said no to the bevel, ask ingrid. BEV knows"
    out = recase(text, names)
    assert out == "Bev said no to the bevel, ask Ingrid. BEV knows"
    assert len(out) == len(text)
    assert recase(text, {}) == text


def test_a_name_typed_in_lower_case_is_the_person_the_assistant_wrote(run):
    _conv, _raw, checked = run(
        [
            ("user", "my agent is ingrid, she handles my contracts"),
            ("assistant", "Good to know Ingrid handles those. How can I help?"),
            ("user", "im sending the lumen contract to ingrid tomorrow"),
        ]
    )
    texts = [f.text for f in checked.facts]
    # "she" is Ingrid: without the capital no one was named before it
    assert any("Ingrid handles Dana's contracts" in t for t in texts), texts
    assert any(t.startswith("Dana is sending the lumen contract to Ingrid") for t in texts)
    assert not any(r.reason == "vague" and "She handles" in r.text for r in checked.rejections)
    # the evidence quotes the words as typed
    sending = next(f for f in checked.facts if "sending" in f.text)
    assert "to ingrid tomorrow" in sending.evidence[0].quote


def test_the_speakers_own_name_is_left_to_the_self_introduction(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "Walt Hoskins",
                "hi there. im walt, 68, retired electrician, 38 yrs w the IBEW before i hung it "
                "up. been learnin spanish on duolingo for abt 3 months now",
            ),
            ("assistant", "assistant", "Hi Walt! Here are some essentials."),
        ],
        user=UserRef(id="walt", name="Walt Hoskins"),
    )
    assert any(f.text.startswith("Walt is 68 years old") for f in checked.facts), [
        f.text for f in checked.facts
    ]


def test_names_found_in_one_conversation_carry_into_the_next(extractor, make_conv):
    user = UserRef(id="jules", name="Jules Moreau")
    first = make_conv(
        [("user", "my editor is new"), ("assistant", "Is Brannock your editor now?")],
        datetime(2026, 3, 1, 9, tzinfo=UTC),
        "c1",
    )
    second = make_conv(
        [("user", "i sent the final draft to brannock on friday"), ("assistant", "Noted.")],
        datetime(2026, 3, 8, 9, tzinfo=UTC),
        "c2",
    )
    extractor.extract(first.turns, first, user)
    raw = extractor.extract(second.turns, second, user)
    assert any("sent the final draft to Brannock" in f.text for f in raw.facts), [
        f.text for f in raw.facts
    ]
    snapshot = extractor.snapshot(user.id)
    assert Carryover.from_json(snapshot).capitalised["brannock"] == "Brannock"
    # a carry-over written before names were remembered still loads
    assert Carryover.from_json(snapshot.replace('"capitalised"', '"other"')).capitalised == {}


def test_common_first_names_that_are_words_count_when_written_as_names(english):
    found = names_written_capitalised(
        [
            "Sorry Carol can't make it, and happy birthday to Tyler.",
            "my mom rose is visiting and my sister bree too",
            "my friend group meets on fridays",
        ],
        english.known,
    )
    assert found["carol"] == "Carol" and found["tyler"] == "Tyler"  # capitalised mid-sentence
    assert found["rose"] == "Rose" and found["bree"] == "Bree"  # typed after a relation noun
    assert "group" not in found  # an English word that is no name


def test_a_name_that_is_also_a_word_is_recased_only_where_it_is_no_word():
    names = {"carol": "Carol", "mark": "Mark", "hope": "Hope", "don": "Don"}
    text = "carol cant come. mark it done, I hope so. don't ask don, the mark is carol's"
    out = recase(text, names)
    assert out == "Carol cant come. mark it done, I hope so. don't ask Don, the mark is Carol's"
    assert len(out) == len(text)


def test_a_lower_case_name_after_a_relation_is_the_person_later_on(run):
    _conv, _raw, checked = run(
        [
            ("user", "my mom carol is taking the kids next week"),
            ("assistant", "That helps a lot."),
            ("user", "carol is a retired nurse"),
        ]
    )
    texts = [f.text for f in checked.facts]
    assert "Carol is Dana's mom" in texts
    assert "Carol is a retired nurse" in texts
