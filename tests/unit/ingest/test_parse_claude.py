"""Claude exports: bulk and web-API shapes, branches, order, blocks, users and projects."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from ingest_helpers import (
    FIXTURES,
    assert_valid_turns,
    by_id,
    parse,
    roles,
    texts,
    write_json,
    write_zip,
)

CLAUDE = FIXTURES / "claude"


def test_chatlore_branch_attachments_blocks_and_broken_record() -> None:
    convs, run = parse(CLAUDE / "chatlore__tests_fixtures_claude_conversations.json")
    rust, old = convs
    assert rust.id == "aaaaaaaa-1111-4222-8333-000000000001"
    assert rust.title == "Rust lifetimes"
    # no current leaf: the most recent leaf (m4) wins, through the retried answer m3
    assert [t.id for t in rust.turns] == ["m1", "m3", "m4"]
    assert texts(rust) == [
        "Why does this not compile?",
        "Retried answer: move x out of the inner scope.",
        "That worked, thanks.",
    ]
    assert rust.turns[0].metadata["attachments"] == ["main.rs"]
    assert rust.turns[0].metadata["files"] == ["screenshot.png"]
    assert rust.metadata["summary"] == "Explaining a borrow checker error."
    # old-style record without content blocks; the whitespace-only message is dropped
    assert texts(old) == ["Give me a name for a cat.", "Biscuit."]
    assert roles(old) == ["user", "assistant"]
    assert run.stats["claude"].skipped == 1
    assert any("Broken record" in w.where and "chat_messages" in w.problem for w in run.warnings)
    for c in convs:
        assert_valid_turns(c)


def test_thinking_is_never_imported_by_default_and_tools_are_opt_in() -> None:
    path = CLAUDE / "chatlore__tests_fixtures_claude_conversations.json"
    convs, _ = parse(path, include_branches=True)
    everything = [t.text for t in [*convs[0].turns, *convs[0].alternate_turns]]
    assert not any("internal reasoning" in t for t in everything)
    assert [t.id for t in convs[0].alternate_turns] == ["m2"]
    assert convs[0].alternate_turns[0].metadata["parent_id"] == "m1"

    convs, _ = parse(path, include_tools=True, include_attachments=True)
    turns = {t.id: t for t in convs[0].turns}
    assert (turns["m3:1"].kind, turns["m3:1"].role) == ("tool_call", "assistant")
    assert turns["m3:1"].text == 'repl({"code": "cargo check"})'
    assert (turns["m3:2"].kind, turns["m3:2"].role) == ("tool_result", "tool")
    assert turns["m3:2"].text == "Finished dev profile"
    att = turns["m1:att0"]
    assert (att.kind, att.role, att.metadata["file_name"]) == ("attachment", "user", "main.rs")
    assert att.text.startswith("fn main()")
    assert not att.extractable
    assert [t.id for t in convs[0].turns] == ["m1", "m1:att0", "m3", "m3:1", "m3:2", "m4"]


def test_messages_out_of_order_are_sorted_by_created_at() -> None:
    convs, _ = parse(CLAUDE / "simonw-claude-to-sqlite__tests_artifacts.json")
    (conv,) = convs
    assert len(conv.turns) == 20
    stamps = [t.timestamp for t in conv.turns]
    assert stamps == sorted(stamps)  # type: ignore[type-var]
    assert conv.turns[0].text.startswith("Built me an artifact with no react")
    assert roles(conv) == ["user", "assistant"] * 10  # same-second pairs: human first
    assert conv.turns[6].text.startswith("Add a onkeyup event too")
    assert len(conv.turns[6].metadata["files"]) == 5


def test_web_api_shape_follows_current_leaf() -> None:
    convs, _ = parse(CLAUDE / "osteele-claude-chat-viewer__testdata_claude-bakery-chat.json")
    (conv,) = convs
    assert conv.id == "8006a434-8b0b-43df-8e6d-c0a7aeb2e6b3"
    assert conv.turns[-1].id == "47e6dd5f-0e09-4063-8ab3-f155765ac9a1"
    assert roles(conv) == ["user", "assistant", "user", "assistant"]
    assert conv.turns[0].text.startswith("Make an interactive visualization")  # text was ""
    assert conv.metadata["model"] == "claude-3-5-sonnet-20240620"


def test_rendering_fixture_empty_content_falls_back_to_text() -> None:
    convs, _ = parse(
        CLAUDE / "osteele-claude-chat-viewer__testdata_conversation-rendering-tests.json"
    )
    turns = {t.id: t for t in convs[0].turns}
    assert len(turns) == 10
    assert turns["msg-3"].text == "This message has empty content array - should show as empty"
    assert turns["msg-4"].text == "This message has empty text in content item"
    assert "你好世界 🎉" in turns["msg-8"].text
    assert turns["msg-7"].kind == "message"  # tool_use block only: falls back to 'text'


def test_bulk_shape_and_timestamps() -> None:
    convs, run = parse(CLAUDE / "osteele-claude-chat-viewer__testdata_conversations.json")
    assert [c.id for c in convs] == ["test-conv-1", "test-conv-2"]
    assert convs[0].turns[0].timestamp == datetime(2024, 12, 1, 10, 0, tzinfo=UTC)
    assert convs[1].updated_at == datetime(2024, 12, 2, 14, 30, tzinfo=UTC)
    assert run.warnings == []


def _claude_export() -> list[dict]:
    return json.loads((CLAUDE / "simonw-claude-to-sqlite__tests_example.json").read_text())


USERS = [{"uuid": "u-1", "full_name": "Ada Lovelace", "email_address": "ada@example.com"}]
PROJECTS = [
    {
        "uuid": "p-1",
        "name": "Garden planner",
        "description": "Planting calendar for the allotment",
        "is_private": True,
        "is_starter_project": False,
        "prompt_template": "I grow tomatoes and beans.",
        "created_at": "2025-03-01T10:00:00Z",
        "updated_at": "2025-03-02T10:00:00Z",
        "creator": {"uuid": "u-1", "full_name": "Ada Lovelace"},
        "docs": [{"uuid": "d-1", "filename": "plot.md", "content": "..."}],
    },
    {"uuid": "p-2"},
]


def test_users_and_projects_in_a_folder(tmp_path) -> None:
    export = tmp_path / "claude-export"
    export.mkdir()
    write_json(export / "conversations.json", _claude_export())
    write_json(export / "users.json", USERS)
    write_json(export / "projects.json", PROJECTS)
    convs, run = parse(tmp_path)
    assert [c.user_name for c in convs] == ["Ada Lovelace"]
    assert convs[0].turns[0].speaker == "user"  # speakers stay neutral across formats
    (project,) = run.projects
    assert project.id == "p-1" and project.name == "Garden planner"
    assert project.description == "Planting calendar for the allotment"
    assert project.prompt_template == "I grow tomatoes and beans."
    assert project.doc_names == ["plot.md"]
    assert project.creator_name == "Ada Lovelace"
    assert project.created_at == datetime(2025, 3, 1, 10, 0, tzinfo=UTC)
    assert any("project #1" in w.where for w in run.warnings)  # the one without a name


def test_users_json_named_explicitly_after_the_conversations(tmp_path) -> None:
    conversations = write_json(tmp_path / "conversations.json", _claude_export())
    users = write_json(tmp_path / "users.json", USERS)
    convs, _ = parse([conversations, users])
    assert convs[0].user_name == "Ada Lovelace"


def test_users_and_projects_in_a_zip(tmp_path) -> None:
    path = write_zip(
        tmp_path / "data-2025.zip",
        {
            "conversations.json": json.dumps(_claude_export()),
            "projects.json": json.dumps(PROJECTS[:1]),
            "users.json": json.dumps(USERS),
        },
    )
    convs, run = parse(path)
    assert convs[0].user_name == "Ada Lovelace"
    assert convs[0].source_file == f"{path}!conversations.json"
    assert [p.name for p in run.projects] == ["Garden planner"]
    assert run.stats["claude"].files == 1


def test_tree_with_unknown_current_leaf_and_cycle(tmp_path) -> None:
    def msg(uid: str, parent: str, sender: str, minute: int) -> dict:
        return {
            "uuid": uid,
            "parent_message_uuid": parent,
            "sender": sender,
            "text": f"text {uid}",
            "created_at": f"2025-01-01T10:{minute:02d}:00Z",
        }

    root = "00000000-0000-4000-8000-000000000000"
    good = {
        "uuid": "c-good",
        "name": "Good",
        "current_leaf_message_uuid": "nope",
        "chat_messages": [msg("a", root, "human", 0), msg("b", "a", "assistant", 1)],
    }
    looped = {
        "uuid": "c-loop",
        "name": "Loop",
        "current_leaf_message_uuid": "y",
        "chat_messages": [msg("x", "y", "human", 0), msg("y", "x", "assistant", 1)],
    }
    convs, run = parse(write_json(tmp_path / "conversations.json", [good, looped]))
    assert [c.id for c in convs] == ["c-good"]
    assert texts(by_id(convs)["c-good"]) == ["text a", "text b"]
    assert any("current_leaf_message_uuid" in w.problem for w in run.warnings)
    assert any("cycle" in w.problem for w in run.warnings)
