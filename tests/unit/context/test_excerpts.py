"""Excerpts: the matching sentences quoted, dated, attributed; relative dates resolved."""

from datetime import UTC, datetime

from contextos.context.excerpts import annotate_relative_dates, excerpt, human_date
from contextos.models.transcript import Turn

SAID = datetime(2025, 3, 5, 18, 0, tzinfo=UTC)  # a Wednesday


def _turn(i, speaker, text):
    return Turn(
        id=f"s1:{i}",
        conversation_id="c",
        index=i,
        role="user",
        speaker=speaker,
        text=text,
        timestamp=SAID,
    )


def test_relative_dates_are_shown_with_the_date_they_mean():
    assert annotate_relative_dates("I strained my calf yesterday.", SAID) == (
        "I strained my calf yesterday (4 March 2025)."
    )
    assert "last Friday (28 February 2025)" in annotate_relative_dates("We met last Friday", SAID)
    assert "2 days ago (3 March 2025)" in annotate_relative_dates("moved in 2 days ago", SAID)
    assert "next month (April 2025)" in annotate_relative_dates("starting next month", SAID)
    assert annotate_relative_dates("no dates here", SAID) == "no dates here"
    assert human_date(SAID.date()) == "5 March 2025"


def test_the_matching_sentences_are_quoted_with_speaker_and_date():
    window = [
        _turn(0, "Tomás", "How is the new job going? Any news on the house?"),
        _turn(
            1,
            "Nadia",
            "The job is fine. Biscuit is officially mine, I adopted him yesterday! Also it rained.",
        ),
        _turn(2, "Tomás", "Congratulations! Send photos."),
    ]
    ex = excerpt(window, window[1], "When did Nadia adopt Biscuit?", sentences=1)
    assert ex is not None
    quote = "Biscuit is officially mine, I adopted him yesterday (4 March 2025)!"
    assert ex.text == f'[5 March 2025] Nadia: "{quote}"'
    assert ex.turn_ids == ["s1:1"]


def test_turns_a_fact_already_carries_are_not_quoted():
    window = [
        _turn(0, "Nadia", "I adopted Biscuit."),
        _turn(1, "Tomás", "Biscuit is a lovely name."),
    ]
    ex = excerpt(window, window[1], "Biscuit", sentences=2, skip=frozenset({("c", "s1:0")}))
    assert ex is not None and ex.turn_ids == ["s1:1"]
    assert "Tomás:" in ex.text and "adopted" not in ex.text


def test_long_sentences_are_clipped():
    window = [_turn(0, "Dev", "word " * 200)]
    ex = excerpt(window, window[0], "word", chars=50)
    assert ex is not None and len(ex.text) < 90 and ex.text.endswith('…"')


def test_a_short_hit_turn_is_quoted_whole_and_a_question_brings_its_answer():
    window = [
        _turn(0, "Nadia", "And the nursery? Is it done?"),
        _turn(1, "Tomás", "Painted. Sage green, Elena chose it, I rolled it."),
        _turn(2, "Nadia", "Lovely. My kitchen is still beige."),
    ]
    query = "What colour is the nursery painted?"
    one = excerpt(window, window[1], query, sentences=1)
    assert one is not None and "Sage green" not in one.text  # the matching sentence alone
    whole = excerpt(window, window[1], query, sentences=1, whole_turn_chars=200)
    assert whole is not None
    assert 'Tomás: "Painted." "Sage green, Elena chose it, I rolled it."' in whole.text
    assert 'Nadia: "And the nursery?"' in whole.text  # a neighbour sharing a query word
    assert "beige" not in whole.text  # one sharing none is not
    assert whole.turn_ids == ["s1:0", "s1:1"]
    too_long = excerpt(window, window[1], query, sentences=1, whole_turn_chars=20)
    assert too_long is not None and "Sage green" not in too_long.text
    # the hit asks; the next turn, by the other speaker, is its answer
    asked = excerpt(window, window[0], "Is the nursery done?", sentences=1, reply_chars=60)
    assert asked is not None and "Sage green, Elena chose it" in asked.text
    assert asked.turn_ids == ["s1:0", "s1:1"]
    assert "Sage" not in (excerpt(window, window[0], "Is the nursery done?") or asked).text
