"""Batch files of context queries are read and checked whole before any query is answered."""

from __future__ import annotations

import pytest

from contextos.context.batch import BatchQuery, read_batch
from contextos.errors import InputError


def test_lines_become_queries_with_their_line_numbers(tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text(
        '{"id": 1, "query": "where do I live?"}\n\n"what do I eat?"\n'
        '{"id": "c", "query": "who?", "max_tokens": 80, "user": "sam", "agent_type": "coding"}\n'
    )
    assert read_batch(path) == [
        BatchQuery(1, "where do I live?", id=1),
        BatchQuery(3, "what do I eat?"),
        BatchQuery(4, "who?", user="sam", agent_type="coding", max_tokens=80, id="c"),
    ]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ('{"query": "b", "max_tokens": "x"}', "max_tokens must be a positive integer, not 'x'"),
        ('{"query": "b", "max_tokens": 0}', "max_tokens must be a positive integer, not 0"),
        ('{"query": "b", "max_tokens": 1.5}', "max_tokens must be a positive integer"),
        ('{"query": "b", "id": [1]}', "id must be a string or an integer, not [1]"),
        ('{"query": "b", "user": "a\\nb"}', r"user id 'a\nb': contains the control character"),
        ('{"query": "b", "max_token": 80}', "unknown key 'max_token'"),
        ('{"query": 3}', "non-empty query"),
        ('{"query": "  "}', "non-empty query"),
        ("[1, 2]", '{"query": "..."}'),
        ('{"query": "b"', "invalid JSON"),
    ],
)
def test_a_bad_line_anywhere_is_an_input_error_naming_file_and_line(tmp_path, line, problem):
    path = tmp_path / "q.jsonl"
    path.write_text(f'{{"query": "fine"}}\n"also fine"\n{line}\n{{"query": "after"}}\n')
    with pytest.raises(InputError) as caught:
        read_batch(path)
    assert caught.value.path == str(path) and caught.value.where == "line 3"
    assert problem in caught.value.problem


def test_a_missing_or_undecodable_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        read_batch(tmp_path / "none.jsonl")
    binary = tmp_path / "q.jsonl"
    binary.write_bytes(b'{"query": "\xff"}\n')
    with pytest.raises(InputError, match="not UTF-8"):
        read_batch(binary)
