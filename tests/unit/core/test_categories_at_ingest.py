"""Facts no lexical cue placed get the category of the nearest prototype, from the vectors
ingestion embeds anyway; facts a cue placed keep it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos import ContextOS
from contextos.models import Conversation, Turn


@pytest.fixture
def cx(tmp_path):
    with ContextOS.open(tmp_path / "data") as c:
        yield c


def _chat(texts: list[str]) -> Conversation:
    at = datetime(2026, 3, 2, 9, tzinfo=UTC)
    turns = []
    for k, text in enumerate(texts):
        turns.append(
            Turn(
                id=f"t{k}",
                conversation_id="c",
                index=2 * k,
                role="user",
                speaker="user",
                text=text,
                timestamp=at,
            )
        )
        turns.append(
            Turn(
                id=f"a{k}",
                conversation_id="c",
                index=2 * k + 1,
                role="assistant",
                speaker="assistant",
                text="Noted.",
                timestamp=at,
            )
        )
    return Conversation(id="c", source="transcript", started_at=at, turns=turns)


def test_uncued_facts_are_categorised_at_ingest_and_cued_ones_keep_their_category(cx):
    cx.ingest(
        [_chat(["I speak fluent Portuguese.", "I love hiking in the Alps.", "I live in Lyon."])],
        user="u",
        user_name="Robin",
    )
    by_text = {f.text: f for f in cx.facts("u")}
    assert by_text["Robin speaks fluent Portuguese"].category == "expertise"
    assert by_text["Robin loves hiking in the Alps"].category == "like"
    assert by_text["Robin lives in Lyon"].category == "location"
