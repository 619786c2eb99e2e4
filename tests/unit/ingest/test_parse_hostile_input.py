"""Bad and hostile input: every case is an InputError or a warning, never a crash."""

from __future__ import annotations

import contextlib
import json

import pytest
from ingest_helpers import (
    FIXTURES,
    chatgpt_conversation,
    chatgpt_node,
    parse,
    problems,
    texts,
    write_json,
)

from contextos.errors import InputError
from contextos.ingest import read_conversations


def _conv(i: int, text: str = "hello") -> dict:
    return chatgpt_conversation(f"c{i}", [chatgpt_node(f"n{i}", "root", "user", text)], f"n{i}")


def test_missing_path_raises_at_once(tmp_path) -> None:
    with pytest.raises(InputError) as info:
        read_conversations(tmp_path / "nope.json")
    assert info.value.path == str(tmp_path / "nope.json")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"   \n\t ", "empty"),
        (b"this is not json at all, just words", "not JSON"),
        (b"\x00\x01\x02\x03binary", "binary"),
        (b"42", "no known chat export format"),
        (b"[1, 2, 3]", "unknown schema"),
        (b'{"mapping": ', "invalid JSON"),
    ],
)
def test_unreadable_files_raise_input_error_naming_the_file(tmp_path, content, message) -> None:
    path = tmp_path / "conversations.json"
    path.write_bytes(content)
    with pytest.raises(InputError) as info:
        parse(path)
    assert info.value.path == str(path)
    assert message.lower() in str(info.value).lower()


def test_invalid_json_inside_the_first_record_raises(tmp_path) -> None:
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps([_conv(0)])[:-40])
    with pytest.raises(InputError, match="invalid JSON") as info:
        parse(path, format="chatgpt")
    assert info.value.where and info.value.where.startswith("near byte")


def test_truncated_after_complete_records_keeps_them_and_marks_the_file_partial(tmp_path) -> None:
    full = json.dumps([_conv(i) for i in range(3)])
    path = tmp_path / "conversations.json"
    path.write_text(full[: full.index('"c2"') + 10])  # cut inside the third record
    convs, run = parse(path)
    assert [c.id for c in convs] == ["c0", "c1"]  # never a partial conversation
    (damage,) = run.partial
    assert (damage.path, damage.records, damage.byte) == (str(path), 2, path.stat().st_size)
    assert damage.problem == "truncated or invalid JSON (parse error: premature EOF)"
    (warning,) = run.warnings
    assert "\n" not in warning.problem and "after 2 records" in warning.problem
    assert warning.path == str(path)


def test_wrong_schema_records_are_skipped_one_by_one(tmp_path) -> None:
    records = [
        _conv(0),
        "a string",
        {"conversation_id": "x", "mapping": "not a dict"},
        {"conversation_id": "y", "mapping": {"n": {"parent": 5, "message": {"author": 3}}}},
        {"conversation_id": "z", "mapping": {"n": None}, "current_node": ["list"]},
        _conv(5),
    ]
    convs, run = parse(write_json(tmp_path / "conversations.json", records))
    assert [c.id for c in convs] == ["c0", "c5"]
    assert run.stats["chatgpt"].skipped == 4
    assert [w.where.split(" ")[1] for w in run.warnings] == ["#1", "#2", "#3", "#4", "#4"]
    assert "found str" in run.warnings[0].problem
    assert "current_node ['list'] is not in the mapping" in run.warnings[3].problem


def test_non_utf8_bytes_are_replaced_with_a_warning(tmp_path) -> None:
    data = json.dumps([_conv(0, "caf\u00e9 PLACEHOLDER")]).encode("utf-8")
    data = data.replace(b"PLACEHOLDER", b"\xff\xfe bad \xc3")
    path = tmp_path / "conversations.json"
    path.write_bytes(data)
    convs, run = parse(path)
    assert texts(convs[0]) == ["caf\u00e9 \ufffd\ufffd bad \ufffd"]
    assert any("invalid UTF-8" in p for p in problems(run))


def test_utf8_bom_and_utf16_files_are_read(tmp_path) -> None:
    payload = json.dumps([_conv(0, "h\u00e9llo")], ensure_ascii=False)
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + payload.encode("utf-8"))
    utf16 = tmp_path / "utf16.json"
    utf16.write_bytes(payload.encode("utf-16"))
    for path in (bom, utf16):
        convs, run = parse(path)
        assert texts(convs[0]) == ["h\u00e9llo"]
        assert run.warnings == []


def test_absurdly_long_message_is_truncated_with_a_warning(tmp_path) -> None:
    convs, run = parse(
        write_json(tmp_path / "c.json", [_conv(0, "x" * 5000)]), max_message_chars=1000
    )
    turn = convs[0].turns[0]
    assert len(turn.text) == 1000 and turn.metadata["truncated_from"] == 5000
    assert "truncated to 1000" in run.warnings[0].problem
    assert "message n0" in run.warnings[0].where


def test_markdown_with_invalid_utf8(tmp_path) -> None:
    path = tmp_path / "t.md"
    path.write_bytes(b"User: hello \xff\nAssistant: hi\n")
    convs, run = parse(path)
    assert texts(convs[0]) == ["hello \ufffd", "hi"]
    assert problems(run) == ["invalid UTF-8 bytes were replaced with U+FFFD"]


def test_empty_list_is_a_warning_not_an_error(tmp_path) -> None:
    convs, run = parse(write_json(tmp_path / "conversations.json", []))
    assert convs == []
    assert "empty list" in run.warnings[0].problem


def test_conversation_with_no_messages_is_warned(tmp_path) -> None:
    empty = chatgpt_conversation("e", [], "root")
    convs, run = parse(write_json(tmp_path / "c.json", [empty, _conv(1)]))
    assert [c.id for c in convs] == ["c1"]
    assert "no messages" in run.warnings[0].problem


def test_duplicate_message_ids_are_made_unique(tmp_path) -> None:
    lines = [
        {"conversation_id": "c", "turn_id": "t", "speaker": "A", "text": "one"},
        {"conversation_id": "c", "turn_id": "t", "speaker": "B", "text": "two"},
    ]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines))
    convs, run = parse(path)
    assert [t.id for t in convs[0].turns] == ["t", "t#2"]
    assert "repeats" in run.warnings[0].problem


def test_every_fixture_survives_every_format_forced() -> None:
    """Forcing the wrong parser on a real file gives InputError or warnings, nothing else."""
    files = [p for p in FIXTURES.rglob("*") if p.suffix in (".json", ".jsonl")]
    formats = ["chatgpt", "claude", "gemini", "openwebui", "librechat", "chatbotui"]
    formats += ["openai_jsonl", "transcript", "markdown"]
    for path in files:
        for fmt in formats:
            with contextlib.suppress(InputError):
                parse(path, format=fmt)
