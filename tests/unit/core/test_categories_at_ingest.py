"""Facts no lexical cue placed get the category of the nearest prototype, from the vectors
ingestion embeds anyway; facts a cue placed keep it."""

from __future__ import annotations

from datetime import UTC, datetime


def test_uncued_facts_are_categorised_at_ingest_and_cued_ones_keep_their_category(cx, make_conv):
    said = ["I speak fluent Portuguese.", "I love hiking in the Alps.", "I live in Lyon."]
    turns = [t for text in said for t in (("user", "user", text), ("assistant", "Noted."))]
    cx.ingest(
        [make_conv(turns, datetime(2026, 3, 2, 9, tzinfo=UTC))],
        user="u",
        user_name="Robin",
    )
    by_text = {f.text: f for f in cx.facts("u")}
    assert by_text["Robin speaks fluent Portuguese"].category == "expertise"
    assert by_text["Robin loves hiking in the Alps"].category == "like"
    assert by_text["Robin lives in Lyon"].category == "location"


def test_a_dated_event_in_the_past_is_no_plan_and_one_ahead_is(cx, make_conv):
    """MiniLM puts any sentence with a date near the schedule prototypes; a clause in the past
    tense is an event that happened, never a plan."""
    said = [
        "The cluster renewal went through on Monday.",
        "The demo build went to the publisher yesterday.",
        "The workshop is on Tuesday the 14th.",
    ]
    turns = [t for text in said for t in (("user", "user", text), ("assistant", "Noted."))]
    cx.ingest([make_conv(turns, datetime(2026, 7, 8, 9, tzinfo=UTC))], user="u", user_name="Robin")
    by_text = {f.text: f.category for f in cx.facts("u")}
    past = [c for t, c in by_text.items() if "renewal" in t or "demo build" in t]
    assert len(past) == 2 and "plan" not in past, by_text
    assert [c for t, c in by_text.items() if "workshop" in t] == ["plan"], by_text
