"""ChatGPT conversations.json: canonical branch, hidden and special messages, bad records."""

from __future__ import annotations

from datetime import UTC, datetime

from ingest_helpers import (
    FIXTURES,
    assert_valid_turns,
    by_id,
    chatgpt_conversation,
    chatgpt_node,
    parse,
    problems,
    roles,
    texts,
    write_json,
)

CHATGPT = FIXTURES / "chatgpt"


def test_chatlore_branch_choice_tools_and_bad_records() -> None:
    convs, run = parse(CHATGPT / "chatlore__tests_fixtures_chatgpt_conversations.json")
    assert [c.id for c in convs] == [
        "11111111-aaaa-4bbb-8ccc-000000000001",
        "22222222-aaaa-4bbb-8ccc-000000000002",  # keyed by "id", not "conversation_id"
    ]
    postgres = convs[0]
    assert postgres.source == "chatgpt"
    assert postgres.title == "Postgres indexing"
    # current_node a3 -> the regenerated a2 answer, not a1; hidden system, thoughts, code and
    # tool output are left out by default
    assert [t.id for t in postgres.turns] == ["u1", "a2", "u2", "a3"]
    assert roles(postgres) == ["user", "assistant", "user", "assistant"]
    assert postgres.turns[0].metadata["attachments"] == ["explain.txt"]
    assert postgres.turns[2].text == "Here is the plan output. Can you write the statement?"
    assert postgres.turns[2].metadata["images"] == ["file-service://file-2"]
    assert postgres.turns[0].timestamp == datetime(2026, 1, 1, 10, 0, tzinfo=UTC)
    assert postgres.created_at == datetime(2026, 1, 1, 10, 0, tzinfo=UTC)
    assert postgres.alternate_turns == []  # only with include_branches
    assert all(t.speaker in ("user", "assistant") for t in postgres.turns)
    # the record without mapping and the one without id are warned about and skipped
    assert run.stats["chatgpt"].skipped == 2
    assert run.stats["chatgpt"].conversations == 2
    assert run.stats["chatgpt"].turns == 6
    assert any("Broken record" in w.where and "no 'mapping'" in w.problem for w in run.warnings)
    assert any("'No id'" in w.where and "no id" in w.problem for w in run.warnings)
    for c in convs:
        assert_valid_turns(c)


def test_include_tools_keeps_reasoning_code_and_tool_output_non_extractable() -> None:
    convs, _ = parse(
        CHATGPT / "chatlore__tests_fixtures_chatgpt_conversations.json", include_tools=True
    )
    turns = {t.id: t for t in convs[0].turns}
    assert [t.id for t in convs[0].turns] == ["u1", "a2", "u2", "t1", "c1", "x1", "a3"]
    assert (turns["t1"].role, turns["t1"].kind, turns["t1"].text) == ("assistant", "reasoning", "y")
    assert turns["c1"].kind == "tool_call"
    assert turns["c1"].text.startswith("CREATE INDEX idx_orders_customer")
    assert (turns["x1"].role, turns["x1"].kind, turns["x1"].speaker) == (
        "tool",
        "tool_result",
        "python",
    )
    assert not any(turns[k].extractable for k in ("t1", "c1", "x1"))
    assert turns["u1"].extractable


def test_include_branches_fills_alternates_without_double_counting() -> None:
    convs, run = parse(
        CHATGPT / "chatlore__tests_fixtures_chatgpt_conversations.json", include_branches=True
    )
    postgres = convs[0]
    assert [t.id for t in postgres.alternate_turns] == ["a1"]
    alt = postgres.alternate_turns[0]
    assert alt.text == "First answer that was regenerated."
    assert alt.metadata["parent_id"] == "u1"
    assert "a1" not in {t.id for t in postgres.turns}
    assert run.stats["chatgpt"].turns == 6  # alternates are not counted as turns


def test_tree_fixture_follows_current_node() -> None:
    convs, _ = parse(CHATGPT / "librechat__chatgpt-tree.json", include_branches=True)
    (conv,) = convs
    assert texts(conv)[:3] == ["hi there", "Hello! How can I assist you today?", "hi again"]
    assert conv.turns[-1].id == "f63b8e17-aa5c-4ca6-a1bf-d4d285e269b8"
    assert len(conv.turns) == 6
    alt_texts = [t.text for t in conv.alternate_turns]
    assert "so cool bro" in alt_texts and "tell me a story" in alt_texts
    assert len(conv.alternate_turns) == 5
    assert_valid_turns(conv)


def test_custom_instructions_are_user_turns_even_when_hidden() -> None:
    convs, run = parse(CHATGPT / "librechat__chatgpt-modern-export.json")
    assert [c.title for c in convs] == ["Deploying the staging cluster", "Weeknight pasta"]
    first = convs[0].turns[0]
    assert (first.id, first.role, first.kind) == ("ctx-node", "user", "custom_instructions")
    assert first.text == "The user is an SRE.\n\nAnswer concisely."
    assert first.metadata["user_profile"] == "The user is an SRE."
    assert first.extractable
    assert convs[0].created_at == datetime.fromtimestamp(1756000000.123456, tz=UTC)
    assert any("Corrupted entry" in w.where for w in run.warnings)


def test_single_conversation_object_with_system_custom_instructions() -> None:
    convs, _ = parse(CHATGPT / "polylogue__native-conversation-v1.json", include_branches=True)
    (conv,) = convs
    assert conv.id == "chatgpt-fixture-conversation"
    assert [t.id for t in conv.turns] == [
        "context-message",
        "user-message",
        "answer-active-message",
    ]
    assert conv.turns[0].kind == "custom_instructions" and conv.turns[0].role == "user"
    assert conv.turns[1].metadata["images"] == ["file-service://fixture-input-image"]
    assert conv.turns[1].metadata["attachments"] == ["input.txt"]
    assert conv.turns[2].text.startswith("Final answer.")
    assert [t.text for t in conv.alternate_turns] == ["Superseded answer."]


def test_image_generation_fixture_root_without_message_key() -> None:
    convs, run = parse(
        CHATGPT / "pionxzh-chatgpt-exporter__tests_fixtures_image-generation.json",
        include_tools=True,
    )
    (conv,) = convs
    user_texts = [t.text for t in conv.turns if t.role == "user"]
    assert user_texts == ["question 1", "question 2", "question 3", "question 4"]
    # hidden tool messages are dropped even with include_tools; visible ones are tool results
    assert "tool text 1" not in texts(conv)
    assert {t.kind for t in conv.turns if t.role == "assistant"} <= {"reasoning", "tool_call"}
    assert "Thought for 47s" in texts(conv)
    assert run.warnings == []


def test_thinking_summaries_reasoning_kind() -> None:
    convs, _ = parse(
        CHATGPT / "pionxzh-chatgpt-exporter__tests_fixtures_thinking-summaries.json",
        include_tools=True,
    )
    reasoning = [t for t in convs[0].turns if t.kind == "reasoning"]
    assert reasoning[0].text == "thought 1\n\nsummary 1"
    assert all(t.role == "assistant" for t in reasoning)
    plain, _ = parse(CHATGPT / "pionxzh-chatgpt-exporter__tests_fixtures_thinking-summaries.json")
    assert texts(plain[0]) == ["question 1", "answer 1", "question 2", "answer 2"]


def test_real_export_with_browsing() -> None:
    convs, run = parse(CHATGPT / "librechat__chatgpt-export.json")
    first = by_id(convs)["d6523d1e-7ec3-474f-a363-0e9dffdb3d93"]
    assert roles(first) == ["user", "assistant"] * 3
    assert first.turns[0].text.startswith("What is the fuel consumption of vw")
    assert first.turns[1].metadata["model"] == "gpt-4"
    assert run.warnings == []


def test_parent_outside_mapping_and_unknown_current_node_are_warned() -> None:
    convs, run = parse(CHATGPT / "librechat__chatgpt-citations.json")
    (conv,) = convs
    assert [t.role for t in conv.turns] == ["assistant"]
    assert conv.turns[0].text.startswith("Signal Sciences is a web application security")
    found = problems(run)
    assert any("current_node" in p and "not in the mapping" in p for p in found)
    assert any("parent id '5cc5e87b" in p for p in found)


def test_cycle_in_mapping_skips_that_conversation_only(tmp_path) -> None:
    looped = chatgpt_conversation(
        "loop",
        [
            chatgpt_node("a", "b", "user", "one"),
            chatgpt_node("b", "a", "assistant", "two"),
        ],
        current="b",
    )
    fine = chatgpt_conversation("fine", [chatgpt_node("u", "root", "user", "hello")], "u")
    path = write_json(tmp_path / "conversations.json", [looped, fine])
    convs, run = parse(path)
    assert [c.id for c in convs] == ["fine"]
    assert run.stats["chatgpt"].skipped == 1
    assert any("cycle" in w.problem and "id=loop" in w.where for w in run.warnings)


def test_missing_current_node_uses_latest_leaf(tmp_path) -> None:
    conv = chatgpt_conversation(
        "c",
        [
            chatgpt_node("u", "root", "user", "question", 1_700_000_000.0),
            chatgpt_node("old", "u", "assistant", "old answer", 1_700_000_010.0),
            chatgpt_node("new", "u", "assistant", "new answer", 1_700_000_020.0),
        ],
        current="",
    )
    del conv["current_node"]
    convs, run = parse(write_json(tmp_path / "c.json", [conv]))
    assert texts(convs[0]) == ["question", "new answer"]
    assert run.warnings == []


def test_message_id_kept_and_messages_not_dicts_ignored(tmp_path) -> None:
    conv = chatgpt_conversation(
        "c",
        [
            chatgpt_node("n1", "root", "user", "hi"),
            {"id": "n2", "parent": "n1", "children": [], "message": "garbage"},
        ],
        current="n2",
    )
    conv["mapping"]["n1"]["message"]["id"] = "msg-1"
    convs, _ = parse(write_json(tmp_path / "c.json", [conv]))
    assert [t.id for t in convs[0].turns] == ["msg-1"]
