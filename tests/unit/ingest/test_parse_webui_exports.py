"""Open WebUI, LibreChat and Chatbot UI exports."""

from __future__ import annotations

import json

import pytest
from ingest_helpers import FIXTURES, assert_valid_turns, by_id, parse, roles, texts, write_json

from contextos.errors import InputError
from contextos.ingest.librechat import flatten
from contextos.ingest.openwebui import split_details

OPENWEBUI = FIXTURES / "other" / "librechat__openwebui-export.json"
CHATBOTUI = FIXTURES / "other" / "librechat__chatbotui-export.json"
LIBRECHAT = FIXTURES / "librechat"


def test_openwebui_strips_details_and_follows_current_id() -> None:
    convs, run = parse(OPENWEBUI)
    chats = by_id(convs)
    assert list(chats) == ["reasoning-chat", "tool-chat", "simple-chat"]
    assert texts(chats["reasoning-chat"]) == ["What is 15 * 17?", "255"]
    assert texts(chats["tool-chat"]) == [
        "What's the weather in Paris?",
        "The weather in Paris is 18C with rain.",
    ]
    assert chats["simple-chat"].turns[1].metadata["model"] == "llama3.1:latest"
    assert [t.id for t in chats["simple-chat"].turns] == ["sa1", "sa2"]
    assert chats["simple-chat"].created_at is not None
    assert run.warnings == []
    for c in convs:
        assert_valid_turns(c)


def test_openwebui_tools_from_output_items() -> None:
    convs, _ = parse(OPENWEBUI, include_tools=True)
    tool_chat = by_id(convs)["tool-chat"]
    assert [(t.role, t.kind) for t in tool_chat.turns] == [
        ("user", "message"),
        ("assistant", "tool_call"),
        ("tool", "tool_result"),
        ("assistant", "message"),
    ]
    assert tool_chat.turns[1].text == 'get_weather({"city":"Paris"})'
    assert tool_chat.turns[2].text == "Paris: 18C, rain"
    reasoning = by_id(convs)["reasoning-chat"].turns[1]
    assert reasoning.kind == "reasoning" and "150 + 105" in reasoning.text


def test_split_details() -> None:
    text, blocks = split_details(
        '<details type="reasoning"><summary>Thought</summary>&gt; hmm</details>Answer'
    )
    assert text == "Answer"
    assert blocks == [("reasoning", "> hmm")]


def test_librechat_recursive_tree_picks_latest_branch() -> None:
    convs, _ = parse(LIBRECHAT / "librechat__librechat-tree.json", include_branches=True)
    (conv,) = convs
    assert conv.id == "4a86c40e-e627-4454-b158-889680e23ad3"
    assert texts(conv)[2] == "lol"  # the later of two edited follow-ups
    assert conv.turns[3].id == "1f062c99-ff0a-4cf4-a1cf-7150261a24e2"
    assert roles(conv) == ["user", "assistant", "user", "assistant"]
    assert conv.turns[1].metadata["sender"] == "Software Engineer"
    assert "does coding make you happy" in [t.text for t in conv.alternate_turns]
    assert_valid_turns(conv)


def test_librechat_flat_branches_use_latest_created_at() -> None:
    convs, _ = parse(LIBRECHAT / "librechat__librechat-opts-nonr-branches.json")
    assert texts(convs[0])[0] == "tell me a long long story"
    assert [t.id for t in convs[0].turns] == [
        "599e1908-8c52-4a73-ba6b-f6dffbd79ba0",
        "de9a4e7c-020d-4856-a5a6-ce6794efef99",
    ]


def test_librechat_linear_and_export() -> None:
    linear, _ = parse(LIBRECHAT / "librechat__librechat-linear.json")
    assert texts(linear[0])[0] == "tell me a long story"
    assert linear[0].turns[1].metadata == {"sender": "GPT-4", "model": "gpt-4o"}
    export, _ = parse(LIBRECHAT / "librechat__librechat-export.json")
    assert len(export[0].turns) == 6
    assert roles(export[0]) == ["user", "assistant"] * 3


def _librechat_chain(path, depth: int):
    opening = "".join(
        f'{{"messageId": "m{i}", "isCreatedByUser": {json.dumps(i % 2 == 0)}, '
        f'"text": "t{i}", "children": ['
        for i in range(depth)
    )
    body = opening + "]}" * depth
    path.write_text(
        f'{{"conversationId": "deep", "recursive": true, "messages": [{body}]}}', encoding="utf-8"
    )
    return path


def test_librechat_deep_nesting_is_iterative(tmp_path) -> None:
    depth = 3000  # deeper than Python's recursion limit
    node: dict = {"messageId": "m0", "isCreatedByUser": True, "text": "t0", "children": []}
    root = node
    for i in range(1, depth):
        child = {"messageId": f"m{i}", "isCreatedByUser": i % 2 == 0, "text": f"t{i}"}
        node["children"] = [child]
        node = child
    assert len(flatten([root])) == depth
    # two JSON levels a message: 490 messages fit the default max_json_depth (1000) ...
    convs, _ = parse(_librechat_chain(tmp_path / "deep.json", 490), format="librechat")
    assert len(convs[0].turns) == 490
    # ... a longer recursive chain needs the limit raised (or LibreChat's flat export)
    path = _librechat_chain(tmp_path / "deeper.json", depth)
    with pytest.raises(InputError, match="nested deeper than 1000 levels"):
        parse(path, format="librechat")
    convs, _ = parse(path, format="librechat", max_json_depth=2 * depth + 10)
    assert len(convs[0].turns) == depth


def test_chatbotui_export() -> None:
    convs, run = parse(CHATBOTUI)
    assert [c.id for c in convs] == [
        "493cb218-9ebb-4d35-af8b-5aded3f351be",
        "f883fb40-6e5c-45fd-92d4-883a5595560f",
    ]
    first = convs[0]
    assert first.title == "Hello what are you able to do?"
    assert roles(first) == ["user", "assistant", "user", "assistant"]
    assert first.turns[2].text == "I like Entertainment part. Go ahead. Entertain me."
    assert first.turns[0].id == f"{first.id}:0"
    assert first.metadata["system_prompt"].startswith("You are ChatGPT")
    assert run.warnings == []


def test_chatbotui_v1_list_and_missing_id(tmp_path) -> None:
    data = [{"name": "No id", "folderId": None, "messages": [{"role": "user", "content": "hi"}]}]
    convs, _ = parse(write_json(tmp_path / "v1.json", data))
    assert convs[0].source == "chatbotui"
    again, _ = parse(write_json(tmp_path / "v1.json", data))
    assert again[0].id == convs[0].id and len(convs[0].id) == 24
