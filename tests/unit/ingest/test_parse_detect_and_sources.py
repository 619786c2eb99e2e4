"""Format detection, folders, zips and their limits, batch stats and progress."""

from __future__ import annotations

import json
import shutil
import zipfile

import pytest
from ingest_helpers import FIXTURES, parse, problems, write_json, write_zip

from contextos.errors import InputError
from contextos.ingest import FORMATS, detect_format, read_conversations
from contextos.ingest.zipfiles import unsafe_member_name

EXPECTED = {
    "chatgpt/librechat__chatgpt-export.json": "chatgpt",
    "chatgpt/polylogue__native-conversation-v1.json": "chatgpt",
    "chatgpt/librechat__chatgpt-citations.json": "chatgpt",
    "claude/simonw-claude-to-sqlite__tests_example.json": "claude",
    "claude/osteele-claude-chat-viewer__testdata_claude-bakery-chat.json": "claude",
    "gemini/chatlore__tests_fixtures_gemini_MyActivity.json": "gemini",
    "librechat/librechat__librechat-tree.json": "librechat",
    "librechat/librechat__librechat-linear.json": "librechat",
    "other/librechat__openwebui-export.json": "openwebui",
    "other/librechat__chatbotui-export.json": "chatbotui",
    "openai-jsonl/openai-cookbook__examples_data_toy_chat_fine_tuning.jsonl": "openai_jsonl",
}


@pytest.mark.parametrize(("name", "fmt"), sorted(EXPECTED.items()))
def test_detect_fixture_formats(name: str, fmt: str) -> None:
    assert detect_format(FIXTURES / name) == fmt


def test_detect_by_content_not_extension(tmp_path) -> None:
    renamed = tmp_path / "export.txt"
    shutil.copy(FIXTURES / "claude/simonw-claude-to-sqlite__tests_example.json", renamed)
    assert detect_format(renamed) == "claude"
    transcript = tmp_path / "t.json"
    transcript.write_text('{"conversation_id": "c", "speaker": "A", "text": "hi"}\n')
    assert detect_format(transcript) == "transcript"
    notes = tmp_path / "notes.md"
    notes.write_text("**Me:** booked the dentist\n**Assistant:** noted\n")
    assert detect_format(notes) == "markdown"
    archive = write_zip(tmp_path / "x.bin", {"conversations.json": renamed.read_text()})
    assert detect_format(archive) == "claude"


def test_detect_errors(tmp_path) -> None:
    with pytest.raises(InputError, match="no such file"):
        detect_format(tmp_path / "missing.json")
    with pytest.raises(InputError, match="folder"):
        detect_format(tmp_path)
    odd = write_json(tmp_path / "odd.json", [{"foo": 1, "bar": 2}])
    with pytest.raises(InputError, match="unknown schema"):
        detect_format(odd)
    users = write_json(tmp_path / "users.json", [{"uuid": "u", "full_name": "A"}])
    with pytest.raises(InputError, match="claude_users"):
        detect_format(users)


def test_whole_fixture_folder_parses_every_format() -> None:
    convs, run = parse(FIXTURES)
    assert set(run.stats) == set(FORMATS) - {"transcript", "markdown"}
    assert sum(s.conversations for s in run.stats.values()) == len(convs) == 37
    assert run.stats["chatgpt"].files == 8 and run.stats["claude"].files == 6
    assert len({(c.source, c.id, c.source_file) for c in convs}) == len(convs)
    # the licences and SOURCES.md are not transcripts: ignored, not warned about
    assert any(f.endswith("SOURCES.md") for f in run.ignored_files)
    assert not any("LICENSES" in w.path for w in run.warnings)
    assert run.bytes_done == run.bytes_total > 0


def test_mixed_inputs_and_forced_format(tmp_path) -> None:
    one = FIXTURES / "other/librechat__chatbotui-export.json"
    two = FIXTURES / "openai-jsonl/openai-cookbook__examples_data_toy_chat_fine_tuning.jsonl"
    convs, run = parse([one, two])
    assert [c.source for c in convs] == ["chatbotui"] * 2 + ["openai_jsonl"] * 5
    forced, _ = parse(one, format="chatbotui")
    assert [c.id for c in forced] == [c.id for c in convs[:2]]
    with pytest.raises(InputError, match="unknown format"):
        read_conversations(one, format="whatsapp")
    with pytest.raises(InputError, match="no such file"):
        read_conversations([one, tmp_path / "nope.json"])


def test_explicit_file_of_unknown_format_raises_before_yielding(tmp_path) -> None:
    path = tmp_path / "random.json"
    path.write_text(json.dumps({"hello": "world"}))
    run = read_conversations(path)
    with pytest.raises(InputError) as info:
        next(run)
    assert info.value.path == str(path)
    assert "unknown schema" in info.value.problem


def test_folder_skips_non_exports_with_warnings(tmp_path) -> None:
    shutil.copy(FIXTURES / "other/librechat__chatbotui-export.json", tmp_path / "a.json")
    (tmp_path / "data.json").write_text('{"some": "config"}')
    (tmp_path / "README.md").write_text("# Readme\nNothing here.\n")
    (tmp_path / "image.png").write_bytes(b"\x89PNG")
    write_json(tmp_path / "message_feedback.json", [{"id": "x", "rating": "thumbsUp"}])
    (tmp_path / ".hidden.json").write_text("[")
    convs, run = parse(tmp_path)
    assert len(convs) == 2
    assert [w.path.rsplit("/", 1)[1] for w in run.warnings] == ["data.json"]
    assert run.ignored_files == [str(tmp_path / "README.md")]


def test_chatgpt_zip_streams_members_and_skips_companions(tmp_path) -> None:
    export = (FIXTURES / "chatgpt/librechat__chatgpt-tree.json").read_text()
    path = write_zip(
        tmp_path / "chatgpt.zip",
        {
            "conversations.json": export,
            "user.json": json.dumps({"id": "user-1", "email": "a@b.c", "chatgpt_plus_user": True}),
            "message_feedback.json": "[]",
            "chat.html": "<html></html>",
            "dalle-generations/file-1.webp": b"RIFF0000",
            "../evil.json": export,
            "/abs/evil.json": export,
            "nested.zip": b"PK\x05\x06" + b"\x00" * 18,
        },
    )
    convs, run = parse(path)
    assert [c.id for c in convs] == ["d5dc5307-6807-41a0-8b04-4acee626eeb7"]
    found = problems(run)
    assert any("path traversal" in p for p in found)
    assert any("absolute path" in p for p in found)
    assert any("nested archive" in p for p in found)
    assert run.bytes_done == run.bytes_total == path.stat().st_size


def test_zip_limits(tmp_path) -> None:
    big = write_zip(tmp_path / "bomb.zip", {"conversations.json": "[" + " " * 200_000 + "]"})
    with pytest.raises(InputError, match="zip bomb"):
        parse(big, max_zip_total_bytes=100_000)
    many = write_zip(tmp_path / "many.zip", {f"f{i}.json": "[]" for i in range(20)})
    with pytest.raises(InputError, match="max_zip_members"):
        parse(many, max_zip_members=10)
    empty = tmp_path / "empty.zip"
    zipfile.ZipFile(empty, "w").close()
    with pytest.raises(InputError, match="no chat export"):
        parse(empty)
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"PK\x03\x04 this is not really a zip")
    with pytest.raises(InputError, match="not a readable zip"):
        parse(broken)


def test_zip_inside_a_folder_is_read_and_bad_zip_is_warned(tmp_path) -> None:
    export = (FIXTURES / "chatgpt/librechat__chatgpt-tree.json").read_text()
    write_zip(tmp_path / "good.zip", {"conversations.json": export})
    (tmp_path / "bad.zip").write_bytes(b"PK\x03\x04 nope")
    convs, run = parse(tmp_path)
    assert len(convs) == 1
    assert convs[0].source_file == f"{tmp_path / 'good.zip'}!conversations.json"
    assert any("bad.zip" in w.path and "archive skipped" in w.problem for w in run.warnings)


def test_unsafe_member_names() -> None:
    assert unsafe_member_name("../x.json") == "path traversal ('..')"
    assert unsafe_member_name("a/../../x.json") == "path traversal ('..')"
    assert unsafe_member_name("/etc/passwd") == "absolute path"
    assert unsafe_member_name("C:\\x.json") == "absolute path"
    assert unsafe_member_name("dir/conversations.json") is None


def test_progress_counters_move_while_streaming() -> None:
    run = read_conversations(FIXTURES / "chatgpt/librechat__chatgpt-export.json")
    total = run.bytes_total
    assert run.files_total == 1 and run.bytes_done == 0
    next(run)
    assert 0 < run.bytes_done <= total
    list(run)
    assert run.bytes_done == total


def test_a_zip_of_only_unsafe_members_names_them(tmp_path) -> None:
    export = (FIXTURES / "chatgpt/librechat__chatgpt-tree.json").read_text()
    members = {"../conversations.json": export, "/abs/conversations.json": export}
    bad = write_zip(tmp_path / "evil.zip", members)
    with pytest.raises(InputError) as caught:
        parse(bad)
    message = str(caught.value)
    assert "evil.zip" in message and "no chat export file" in message
    assert "'../conversations.json' (path traversal" in message
    assert "'/abs/conversations.json' (absolute path)" in message
    with pytest.raises(InputError, match=r"'\.\./conversations\.json'"):
        detect_format(bad)
    # inside a folder the archive is skipped with a warning, which names them too
    folder = tmp_path / "exports"
    folder.mkdir()
    write_zip(folder / "evil.zip", members)
    write_zip(folder / "good.zip", {"conversations.json": export})
    convs, run = parse(folder)
    assert len(convs) == 1
    assert any(
        "archive skipped" in w.problem and "'../conversations.json'" in w.problem
        for w in run.warnings
    )
