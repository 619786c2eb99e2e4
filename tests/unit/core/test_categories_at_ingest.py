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
