"""Issue #38: deeply nested JSON is refused before it is parsed; damaged files are partial."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from ingest_helpers import chatgpt_conversation, chatgpt_node, parse, write_json

from contextos.errors import InputError

REPO = Path(__file__).resolve().parents[3]


def _conv(i: int, text: str = "hello") -> dict:
    return chatgpt_conversation(f"c{i}", [chatgpt_node(f"n{i}", "root", "user", text)], f"n{i}")


_MEASURE = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))  # before the fix: 24 GB
from contextos.errors import InputError
from contextos.ingest import read_conversations
try:
    list(read_conversations(sys.argv[1]))
    outcome = {"error": None}
except InputError as exc:
    outcome = {"error": str(exc), "path": exc.path, "where": exc.where}
except MemoryError:
    outcome = {"error": "MemoryError"}
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the forking parent (pytest)
with open("/proc/self/status") as status:
    peak = next(line for line in status if line.startswith("VmHWM:"))
outcome["rss_mb"] = int(peak.split()[1]) / 1024
print(json.dumps(outcome))
"""


def _parse_in_subprocess(path: Path) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
        check=False,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_deep_brackets_are_refused_at_the_limit_in_little_memory(tmp_path) -> None:
    n = 100_000  # the 200 KB file: 24 GB and OOM-killed before
    path = tmp_path / "deep.json"
    path.write_text("[" * n + "]" * n)
    outcome = _parse_in_subprocess(path)
    assert outcome["path"] == str(path), outcome
    assert "JSON nested deeper than 1000 levels (byte 1000)" in outcome["error"]
    assert outcome["rss_mb"] < 100


def test_deep_object_inside_a_valid_chatgpt_conversation_is_refused(tmp_path) -> None:
    n = 20_000
    conv = _conv(0)
    conv["mapping"]["n0"]["message"]["metadata"] = {"x": "DEEP"}
    text = json.dumps([conv]).replace('"DEEP"', '{"a": ' * n + "1" + "}" * n)
    path = tmp_path / "conversations.json"
    path.write_text(text)
    outcome = _parse_in_subprocess(path)
    assert outcome["path"] == str(path), outcome
    from contextos.ingest.jsondepth import deeper_than

    first = text.index('{"a": ')
    at = deeper_than(text.encode(), 1000)
    assert at is not None and first < at < first + 6 * 1000
    assert outcome["where"] == f"byte {at}"
    assert "nested deeper than 1000 levels" in outcome["error"]
    assert outcome["rss_mb"] < 100


def test_deep_record_after_good_ones_makes_the_file_partial(tmp_path) -> None:
    records = json.dumps([_conv(0), _conv(1), "DEEP", _conv(3)])
    text = records.replace('"DEEP"', "[" * 2000 + "]" * 2000)
    path = tmp_path / "conversations.json"
    path.write_text(text)
    convs, run = parse(path)
    assert [c.id for c in convs] == ["c0", "c1"]
    (damage,) = run.partial
    at = text.index("[[") + 999
    assert (damage.records, damage.byte, damage.where) == (2, at, f"byte {at}")
    assert damage.problem == "JSON nested deeper than 1000 levels"


def test_max_json_depth_is_an_option(tmp_path) -> None:
    path = write_json(tmp_path / "c.json", [_conv(0)])  # about 10 levels
    with pytest.raises(InputError, match="nested deeper than 5 levels"):
        parse(path, max_json_depth=5)
    assert len(parse(path, max_json_depth=12)[0]) == 1


def test_brackets_in_strings_and_escaped_quotes_do_not_count(tmp_path) -> None:
    text = '[[[[ \\"[[[[ {{{{ \\\\' * 2000
    path = write_json(tmp_path / "c.json", [_conv(0, text)])
    convs, run = parse(path, max_json_depth=12)
    assert convs[0].turns[0].text == text and run.partial == []


@pytest.mark.parametrize(
    "doc",
    [
        [],
        {"a": [1, {"b": "x]"}]},
        ["\\", "\\\\", '"', '\\"[', "[", "]]]", {"k[": ["{"]}],
        [[[[[]]]]],
    ],
)
def test_the_depth_scan_agrees_with_json_at_every_chunk_boundary(doc) -> None:
    from contextos.ingest.jsondepth import _Scanner, deeper_than

    data = json.dumps(doc).encode()

    def depth(value: object) -> int:
        if isinstance(value, dict):
            return 1 + max(map(depth, value.values()), default=0)
        if isinstance(value, list):
            return 1 + max(map(depth, value), default=0)
        return 0

    true = depth(doc)
    assert deeper_than(data, true) is None
    if true:
        assert deeper_than(data, true - 1) is not None
    for cut in range(len(data) + 1):
        scanner = _Scanner(true)
        assert scanner.feed(data[:cut]) is None and scanner.feed(data[cut:]) is None
        assert scanner.depth == 0 and not scanner.in_string


def test_a_deep_jsonl_line_is_skipped_not_a_crash(tmp_path) -> None:
    path = tmp_path / "chats.jsonl"
    good = {"messages": [{"role": "user", "content": "hi"}]}
    path.write_text(json.dumps(good) + "\n" + "[" * 5000 + "]" * 5000 + "\n")
    convs, run = parse(path)
    assert len(convs) == 1
    assert "line 2" in run.warnings[0].where


def _zip_of(path: Path, data: bytes, method: int) -> bytes:
    with zipfile.ZipFile(path, "w", method) as zf:
        zf.writestr("conversations.json", data)
    return path.read_bytes()


def test_a_zip_member_with_a_bad_crc_is_refused_whole(tmp_path) -> None:
    """A stored member damaged in its second record, which still parses as JSON: only the CRC
    tells, and it says some byte is wrong, not which. No record of the member is used (before
    the CRC was checked first, the records up to the last chunk were read, the damaged one
    among them, and written)."""
    data = json.dumps([_conv(i, f"text {i} " + "x" * 5_000) for i in range(40)]).encode()
    path = tmp_path / "export.zip"
    raw = bytearray(_zip_of(path, data, zipfile.ZIP_STORED))
    raw[raw.index(b"text 1 ")] = ord("T")
    path.write_bytes(bytes(raw))
    with pytest.raises(InputError, match="Bad CRC-32") as info:
        parse(path)
    assert info.value.path == f"{path}!conversations.json"


def test_a_sound_zip_member_is_read_once_checked(tmp_path) -> None:
    data = json.dumps([_conv(i, f"text {i} " + "x" * 5_000) for i in range(40)]).encode()
    path = tmp_path / "export.zip"
    _zip_of(path, data, zipfile.ZIP_DEFLATED)
    convs, run = parse(path)
    assert len(convs) == 40 and not run.partial


def test_a_small_zip_member_with_a_bad_crc_is_refused(tmp_path) -> None:
    path = tmp_path / "export.zip"
    raw = bytearray(_zip_of(path, json.dumps([_conv(0, "text 0")]).encode(), zipfile.ZIP_STORED))
    raw[raw.index(b"text 0")] = ord("T")
    path.write_bytes(bytes(raw))
    with pytest.raises(InputError, match="Bad CRC-32") as info:
        parse(path)
    assert info.value.path == f"{path}!conversations.json"


def test_a_zip_member_with_corrupt_deflate_data_is_refused_whole(tmp_path) -> None:
    data = json.dumps([_conv(i, f"text {i} " * 200 + str(i)) for i in range(40)]).encode()
    path = tmp_path / "export.zip"
    raw = bytearray(_zip_of(path, data, zipfile.ZIP_DEFLATED))
    start = raw.index(b"conversations.json") + len(b"conversations.json")
    end = raw.rindex(b"PK\x01\x02")
    middle = start + (end - start) // 2
    raw[middle : middle + 64] = bytes(64)
    path.write_bytes(bytes(raw))
    with pytest.raises(InputError, match="corrupt zip member") as info:
        parse(path)  # what decoded before the damage may be wrong too: none of it is used
    assert info.value.path == f"{path}!conversations.json"


def test_an_input_refused_after_others_were_read_is_partial(tmp_path) -> None:
    """Once the run has yielded conversations (which the caller may have written), a later
    input that cannot be read at all is a partial file, not a refusal: "refused" must mean
    nothing was written. The inputs after it are still read."""
    good = write_json(tmp_path / "good.json", [_conv(i) for i in range(3)])
    bad = tmp_path / "bad.json"
    bad.write_text('[{"broken')
    later = write_json(tmp_path / "later.json", [_conv(i + 10) for i in range(2)])
    convs, run = parse([good, bad, later])
    assert len(convs) == 5
    (damage,) = run.partial
    assert damage.path == str(bad) and damage.records == 0 and "not valid JSON" in damage.problem
    with pytest.raises(InputError, match="not valid JSON"):  # first: nothing read, refused
        parse([bad, good])


def test_a_corrupt_member_after_a_sound_one_is_partial(tmp_path) -> None:
    data = json.dumps([_conv(i, f"text {i}") for i in range(3)]).encode()
    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr("a/conversations.json", data)
        zf.writestr("b/conversations.json", data.replace(b"text", b"word"))
    raw = bytearray(path.read_bytes())
    raw[raw.index(b"word 1")] = ord("W")
    path.write_bytes(bytes(raw))
    convs, run = parse(path)
    assert [t.text for c in convs for t in c.turns] == ["text 0", "text 1", "text 2"]
    (damage,) = run.partial
    assert damage.path == f"{path}!b/conversations.json" and "Bad CRC-32" in damage.problem
