"""Deterministic ids: re-parsing changes nothing; an extended export keeps the old ids."""

from __future__ import annotations

import json

from ingest_helpers import (
    FIXTURES,
    assert_valid_turns,
    chatgpt_conversation,
    chatgpt_node,
    parse,
    write_json,
)


def test_reparsing_every_fixture_gives_identical_objects() -> None:
    first, _ = parse(FIXTURES, include_branches=True, include_tools=True)
    second, _ = parse(FIXTURES, include_branches=True, include_tools=True)
    assert first == second
    assert [c.content_hash() for c in first] == [c.content_hash() for c in second]
    for conversation in first:
        assert_valid_turns(conversation)


def test_derived_ids_do_not_depend_on_options() -> None:
    path = FIXTURES / "openai-jsonl/openai-cookbook__examples_data_toy_chat_fine_tuning.jsonl"
    full, _ = parse(path)
    users, _ = parse(path, exclude_assistant=True)
    for a, b in zip(full, users, strict=True):
        assert a.id == b.id
        assert {t.id for t in b.turns} <= {t.id for t in a.turns}


def test_extended_chatgpt_export_keeps_old_ids(tmp_path) -> None:
    nodes = [
        chatgpt_node("u1", "root", "user", "I adopted a cat", 1_700_000_000.0),
        chatgpt_node("a1", "u1", "assistant", "Congrats!", 1_700_000_001.0),
    ]
    before, _ = parse(write_json(tmp_path / "a.json", [chatgpt_conversation("c", nodes, "a1")]))
    more = [*nodes, chatgpt_node("u2", "a1", "user", "Her name is Miso", 1_700_000_050.0)]
    after, _ = parse(write_json(tmp_path / "b.json", [chatgpt_conversation("c", more, "u2")]))
    assert after[0].id == before[0].id
    assert after[0].turns[:2] == before[0].turns
    assert after[0].content_hash() != before[0].content_hash()


def test_extended_transcript_and_markdown_keep_old_ids(tmp_path) -> None:
    lines = [{"conversation_id": "m", "speaker": "A", "text": f"line {i}"} for i in range(3)]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines[:2]))
    before, _ = parse(path)
    path.write_text("\n".join(json.dumps(x) for x in lines))
    after, _ = parse(path)
    assert after[0].turns[:2] == before[0].turns
    md = tmp_path / "notes.md"
    md.write_text("User: one\nAssistant: two\n")
    before, _ = parse(md)
    md.write_text("User: one\nAssistant: two\nUser: three\n")
    after, _ = parse(md)
    assert after[0].id == before[0].id and after[0].turns[:2] == before[0].turns
