"""Property-based: random and mutated exports never crash a parser (InputError only)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ingest_helpers import FIXTURES, assert_valid_turns, parse

from contextos.errors import InputError
from contextos.ingest import FORMATS

FIXTURE_FILES = sorted(p for p in FIXTURES.rglob("*") if p.suffix in (".json", ".jsonl"))
#: raise with CONTEXTOS_HYPOTHESIS_EXAMPLES=2000 for a long fuzzing session
SETTINGS = settings(
    max_examples=int(os.environ.get("CONTEXTOS_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**40), max_value=2**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "uuid",
                    "title",
                    "name",
                    "mapping",
                    "message",
                    "parent",
                    "children",
                    "current_node",
                    "chat_messages",
                    "sender",
                    "text",
                    "content",
                    "parts",
                    "author",
                    "role",
                    "create_time",
                    "created_at",
                    "messages",
                    "history",
                    "chat",
                    "currentId",
                    "parentId",
                    "conversationId",
                    "messageId",
                    "parentMessageId",
                    "isCreatedByUser",
                    "header",
                    "time",
                    "products",
                    "safeHtmlItem",
                    "html",
                    "speaker",
                    "conversation_id",
                    "turn_id",
                    "metadata",
                    "parent_message_uuid",
                    "current_leaf_message_uuid",
                    "content_type",
                    "folderId",
                ]
            )
            | st.text(max_size=8),
            children,
            max_size=6,
        )
    ),
    max_leaves=30,
)


def _parse_only_input_errors(data: bytes, fmt: str | None, suffix: str = ".json") -> None:
    with tempfile.TemporaryDirectory(prefix="contextos-prop-") as tmp:
        path = Path(tmp) / f"input{suffix}"
        path.write_bytes(data)
        try:
            convs, run = parse(path, format=fmt, include_branches=True, include_tools=True)
        except InputError as exc:
            assert exc.path == str(path)
            return
    for conversation in convs:
        assert conversation.turns  # never an empty or partial conversation
        assert_valid_turns(conversation)
    for warning in run.warnings:
        assert warning.path and warning.problem


@SETTINGS
@given(value=json_values, fmt=st.sampled_from([None, *FORMATS]))
def test_random_json_documents(value: Any, fmt: str | None) -> None:
    _parse_only_input_errors(json.dumps(value).encode(), fmt)


@SETTINGS
@given(lines=st.lists(json_values, max_size=5), fmt=st.sampled_from([None, *FORMATS]))
def test_random_json_lines(lines: list[Any], fmt: str | None) -> None:
    data = "\n".join(json.dumps(v) for v in lines).encode()
    _parse_only_input_errors(data, fmt, ".jsonl")


@SETTINGS
@given(
    fixture=st.sampled_from(FIXTURE_FILES),
    cut=st.floats(min_value=0, max_value=1),
    garbage=st.binary(max_size=8),
    fmt=st.sampled_from([None, None, *FORMATS]),
)
def test_truncated_and_corrupted_fixtures(
    fixture: Path, cut: float, garbage: bytes, fmt: str | None
) -> None:
    data = fixture.read_bytes()
    at = int(len(data) * cut)
    _parse_only_input_errors(data[:at] + garbage + data[at + len(garbage) :], fmt)
    _parse_only_input_errors(data[:at], fmt)


def _replace_at(doc: Any, path: list[int], new: Any) -> Any:
    """Replace one nested value, chosen by a list of child indexes."""
    if not path or not isinstance(doc, dict | list) or not doc:
        return new
    keys = list(doc) if isinstance(doc, dict) else list(range(len(doc)))
    key = keys[path[0] % len(keys)]
    doc[key] = _replace_at(doc[key], path[1:], new)
    return doc


@SETTINGS
@given(
    fixture=st.sampled_from([p for p in FIXTURE_FILES if p.suffix == ".json"]),
    path=st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=7),
    new=json_values,
)
def test_schema_mutations_of_real_exports(fixture: Path, path: list[int], new: Any) -> None:
    doc = json.loads(fixture.read_text(encoding="utf-8"))
    mutated = _replace_at(doc, path, new)
    _parse_only_input_errors(json.dumps(mutated).encode(), None)


def _damaged(data: bytes) -> None:
    """A damaged export is refused (InputError) or read as partial, never accepted whole."""
    with tempfile.TemporaryDirectory(prefix="contextos-prop-") as tmp:
        path = Path(tmp) / "input.json"
        path.write_bytes(data)
        try:
            convs, run = parse(path, include_branches=True, include_tools=True)
        except InputError as exc:
            assert exc.path == str(path)
            assert "\n" not in str(exc)
            return
    assert run.partial, "a damaged file was read as if it were whole"
    (damage,) = run.partial
    assert damage.path == str(path) and damage.records >= 1 and 0 <= damage.byte <= len(data)
    for conversation in convs:
        assert_valid_turns(conversation)


JSON_FIXTURES = [p for p in FIXTURE_FILES if p.suffix == ".json"]


@SETTINGS
@given(fixture=st.sampled_from(JSON_FIXTURES), cut=st.floats(min_value=0, max_value=1))
def test_a_truncated_export_is_refused_or_partial(fixture: Path, cut: float) -> None:
    data = fixture.read_bytes().rstrip()
    _damaged(data[: min(int(len(data) * cut), len(data) - 1)])


@SETTINGS
@given(
    fixture=st.sampled_from(JSON_FIXTURES),
    path=st.lists(st.integers(min_value=0, max_value=50), max_size=7),
    extra=st.integers(min_value=1, max_value=3000),
    brackets=st.sampled_from(["[]", '{"a":}', '{"k":[]}']),
)
def test_nesting_past_the_limit_anywhere_is_refused_or_partial(
    fixture: Path, path: list[int], extra: int, brackets: str
) -> None:
    doc = _replace_at(json.loads(fixture.read_text(encoding="utf-8")), path, "DEEP-PLACEHOLDER")
    opening, closing = (brackets[:-1], brackets[-1:]) if brackets != "[]" else ("[", "]")
    if brackets == '{"k":[]}':
        opening, closing = '{"k":[', "]}"
    n = 1000 + extra
    deep = opening * n + ("1" if opening.endswith(":") else "") + closing * n
    _damaged(json.dumps(doc).replace('"DEEP-PLACEHOLDER"', deep).encode())
