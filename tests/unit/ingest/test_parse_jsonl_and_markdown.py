"""OpenAI messages JSONL, contextos transcript JSONL and Markdown transcripts."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from ingest_helpers import FIXTURES, assert_valid_turns, parse, roles, texts, write_zip

from contextos.errors import InputError
from contextos.ingest.markdown import looks_like_transcript, speaker_line

OPENAI = FIXTURES / "openai-jsonl" / "openai-cookbook__examples_data_toy_chat_fine_tuning.jsonl"


def test_openai_jsonl_cookbook_sample() -> None:
    convs, run = parse(OPENAI)
    assert len(convs) == 5
    assert roles(convs[0]) == ["system", "user", "assistant"]
    assert texts(convs[0])[1] == "I fell off my bike today."
    assert convs[0].title == "I fell off my bike today."
    assert len(convs[1].turns) == 9
    assert roles(convs[3]) == ["system", "assistant"]  # starts with an assistant turn
    assert convs[3].title is None
    assert convs[4].turns[2].text.count("Eat a banana!") == 2000  # the 26 KB line
    assert [t.id for t in convs[0].turns] == [f"{convs[0].id}:{i}" for i in range(3)]
    assert len({c.id for c in convs}) == 5
    assert run.warnings == []
    for c in convs:
        assert_valid_turns(c)


def test_openai_jsonl_bad_lines_names_speakers_and_tools(tmp_path) -> None:
    lines = [
        json.dumps({"messages": [{"role": "user", "name": "Dana", "content": "I moved to Oslo"}]}),
        "{not json",
        json.dumps({"nomessages": True}),
        json.dumps(
            {
                "id": "conv-7",
                "messages": [
                    {"role": "user", "content": [{"type": "text", "text": "weather?"}]},
                    {"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}]},
                    {"role": "tool", "content": "sunny"},
                    {"role": "assistant", "content": "It is sunny."},
                ],
            }
        ),
    ]
    path = tmp_path / "chats.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    convs, run = parse(path, include_tools=True)
    assert convs[0].turns[0].speaker == "Dana" and convs[0].turns[0].role == "user"
    conv7 = convs[1]
    assert conv7.id == "conv-7"
    assert [(t.role, t.kind) for t in conv7.turns] == [
        ("user", "message"),
        ("assistant", "tool_call"),
        ("tool", "tool_result"),
        ("assistant", "message"),
    ]
    assert sorted(w.where for w in run.warnings) == ["line 2", "line 3"]
    assert run.stats["openai_jsonl"].skipped == 2


def test_openai_jsonl_nothing_readable_raises(tmp_path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"messages": []}\n', encoding="utf-8")
    path.write_text("{broken\n{also broken\n", encoding="utf-8")
    with pytest.raises(InputError):
        parse(path, format="openai_jsonl")


def _transcript_lines() -> list[dict]:
    return [
        {
            "conversation_id": "standup",
            "turn_id": "t1",
            "timestamp": "2025-03-04T09:00:05Z",
            "speaker": "Priya",
            "role": "user",
            "text": "I'm out Friday.",
            "title": "Standup",
        },
        {"conversation_id": "1on1", "speaker": "Sam", "text": "My sister starts at Acme."},
        {
            "conversation_id": "standup",
            "turn_id": "t2",
            "timestamp": "2025-03-04T09:00:20Z",
            "speaker": "Marco",
            "role": "user",
            "text": "Deploy is Thursday.",
        },
        {"conversation_id": "1on1", "speaker": "Claude", "text": "Congratulations to her!"},
        {
            "conversation_id": "standup",
            "turn_id": "t0",
            "timestamp": "2025-03-04T09:00:00Z",
            "speaker": "Lee",
            "text": "Morning all.",
            "metadata": {"channel": "zoom"},
        },
    ]


def test_transcript_jsonl_interleaved_multi_speaker(tmp_path) -> None:
    path = tmp_path / "meetings.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in _transcript_lines()), encoding="utf-8")
    convs, run = parse(path)
    standup, one_on_one = convs
    assert standup.id == "standup" and standup.source == "transcript"
    assert standup.title == "Standup"
    # every turn has a timestamp: sorted by it; turn_id kept verbatim
    assert [t.id for t in standup.turns] == ["t0", "t1", "t2"]
    assert standup.human_speakers == ["Lee", "Priya", "Marco"]
    assert standup.turns[0].metadata == {"channel": "zoom"}
    assert standup.turns[1].timestamp == datetime(2025, 3, 4, 9, 0, 5, tzinfo=UTC)
    assert [t.id for t in one_on_one.turns] == ["1on1:0", "1on1:1"]
    assert roles(one_on_one) == ["user", "assistant"]  # role inferred from the speaker name
    assert run.warnings == []
    for c in convs:
        assert_valid_turns(c)


def test_transcript_jsonl_from_zip_and_bad_lines(tmp_path) -> None:
    lines = [json.dumps(x) for x in _transcript_lines()]
    lines.insert(2, "oops not json")
    lines.append(json.dumps({"conversation_id": "standup", "speaker": "X"}))  # no text
    path = write_zip(tmp_path / "t.zip", {"calls/meetings.jsonl": "\n".join(lines)})
    convs, run = parse(path)
    assert [c.id for c in convs] == ["standup", "1on1"]
    assert len(convs[0].turns) == 3
    assert any(w.where == "line 3" for w in run.warnings)
    assert any("without a 'text'" in w.problem for w in run.warnings)


MARKDOWN = """# Lease call

Alice: Hi Bob, did the lease come through?
It took a while.
**Bob:** Yes, we move in on the 1st.
Note: keys at 9am.

**ChatGPT**: Congratulations!
---
[10:32] Alice: Thanks!
"""


def test_markdown_speakers_roles_and_continuations(tmp_path) -> None:
    path = tmp_path / "call.md"
    path.write_text(MARKDOWN, encoding="utf-8")
    convs, _ = parse(path)
    (conv,) = convs
    assert conv.source == "markdown" and conv.title == "Lease call"
    assert [t.speaker for t in conv.turns] == ["Alice", "Bob", "assistant", "Alice"]
    assert roles(conv) == ["user", "user", "assistant", "user"]
    assert conv.turns[0].text == "Hi Bob, did the lease come through?\nIt took a while."
    assert conv.turns[1].text == "Yes, we move in on the 1st.\nNote: keys at 9am."
    assert conv.turns[2].text == "Congratulations!"
    assert conv.turns[2].metadata["name"] == "ChatGPT"
    assert conv.turns[3].metadata["time"] == "10:32"
    assert [t.id for t in conv.turns] == [f"{conv.id}:{i}" for i in range(4)]
    assert_valid_turns(conv)


def test_markdown_helpers() -> None:
    assert speaker_line("**Bob:** hi") == ("Bob", "hi", None)
    assert speaker_line("## User:") == ("User", "", None)
    assert speaker_line("see https://example.com") is None
    assert speaker_line("at 10:30 we met") is None
    assert looks_like_transcript("User: hi\n")
    assert not looks_like_transcript("Just some notes.\nNote: one thing.\n")
