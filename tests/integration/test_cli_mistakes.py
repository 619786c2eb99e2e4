"""What the CLI says when it is given a mistake: a bad user id, a user the graph does not
know, a bad line in a batch, a data directory that holds no graph. Real processes, the real
embedded store."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cx_helpers import run_cli, servers_for

from contextos.samples import sample_paths

JSONL = next(p for p in sample_paths() if p.name == "jordan_chats.jsonl")
#: Every command that reads (or deletes from) a graph, with the arguments it needs.
READERS = {
    "status": ("status",),
    "facts": ("facts", "--user", "jordan"),
    "context": ("context", "where do I live?", "--user", "jordan"),
    "brief": ("brief", "--user", "jordan"),
    "forget": ("forget", "--user", "jordan", "--yes"),
}


@pytest.fixture(scope="module")
def jordan(tmp_path_factory) -> Path:
    """A data directory holding jordan's sample chats (read only by the tests here)."""
    d = tmp_path_factory.mktemp("jordan") / "data"
    res = run_cli("ingest", str(JSONL), "--user", "jordan", "-q", data_dir=d)
    assert res.returncode == 0, res.stderr
    yield d
    for p in servers_for(d):
        p.kill()


def _error_line(res: subprocess.CompletedProcess[str]) -> str:
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("error:") and "Traceback" not in res.stderr
    return lines[0]


@pytest.mark.parametrize(
    "command",
    [
        ("ingest", str(JSONL), "-q"),
        ("facts",),
        ("context", "where do I live?"),
        ("brief",),
        ("forget", "--yes"),
    ],
    ids=lambda c: c[0],
)
def test_a_user_id_with_a_newline_is_refused_before_anything_is_opened(tmp_path, command):
    data_dir = tmp_path / "data"
    res = run_cli(*command, "--user", "jordan\nlee", data_dir=data_dir)
    assert res.returncode == 2, res.stdout + res.stderr
    assert r"user id 'jordan\nlee': contains the control character" in _error_line(res)
    assert not data_dir.exists() and res.stdout == ""


def test_a_user_id_with_surrounding_spaces_is_refused(jordan):
    res = run_cli("facts", "--user", " jordan", data_dir=jordan)
    assert res.returncode == 2
    assert "user id ' jordan': must not start or end with whitespace" in _error_line(res)


@pytest.mark.parametrize(
    "command", [("facts",), ("context", "where do I live?"), ("brief",)], ids=lambda c: c[0]
)
def test_an_unknown_user_is_exit_1_naming_the_users_the_graph_holds(jordan, command):
    res = run_cli(*command, "--user", "nobody_here", data_dir=jordan)
    assert res.returncode == 1, res.stdout + res.stderr
    line = _error_line(res)
    assert f"no data for user 'nobody_here' in {jordan}; known users: jordan" in line
    assert res.stdout == "" and "Nobody Here" not in res.stderr


def test_forgetting_an_unknown_user_warns_and_deletes_nothing(jordan):
    res = run_cli("forget", "--user", "nobody_here", data_dir=jordan)  # no --yes: no prompt
    assert res.returncode == 0, res.stderr
    assert "warning: no data for user 'nobody_here'" in res.stderr
    assert "nothing to forget" in res.stderr
    assert "users: jordan" in run_cli("status", data_dir=jordan).stdout


@pytest.mark.parametrize(
    ("line", "code", "problem"),
    [
        ('{"query": "who is my manager?", "max_tokens": "x"}', 2, "max_tokens must be"),
        ('{"query": "who is my manager?", "id": {"a": 1}}', 2, "id must be"),
        ('{"query": "who is my manager?", "max_token": 80}', 2, "unknown key 'max_token'"),
        ('{"query": "who?", "user": "nobody_here"}', 1, "no data for user 'nobody_here'"),
    ],
)
def test_a_bad_batch_line_stops_the_batch_before_any_answer(jordan, tmp_path, line, code, problem):
    queries = tmp_path / "q.jsonl"
    queries.write_text(f'{{"id": 1, "query": "where do I live?"}}\n{line}\n"what do I eat?"\n')
    res = run_cli("context", "--batch", str(queries), "--user", "jordan", data_dir=jordan)
    assert res.returncode == code, res.stderr
    error = _error_line(res)
    assert f"{queries} (line 2): " in error and problem in error
    assert res.stdout == ""


def test_a_batch_line_may_name_its_own_user(jordan, tmp_path):
    queries = tmp_path / "q.jsonl"
    queries.write_text('{"id": "a", "query": "where do I live?", "user": "jordan"}\n')
    res = run_cli("context", "--batch", str(queries), data_dir=jordan)  # no --user needed
    assert res.returncode == 0, res.stderr
    row = json.loads(res.stdout)
    assert row["id"] == "a" and row["user_id"] == "jordan"


@pytest.mark.parametrize("command", READERS.values(), ids=list(READERS))
def test_a_data_dir_without_a_graph_is_exit_2_and_creates_nothing(tmp_path, command):
    missing = tmp_path / "typo"
    res = run_cli(*command, data_dir=missing)
    assert res.returncode == 2, res.stdout + res.stderr
    assert f"{missing} holds no contextos graph" in _error_line(res)
    assert not missing.exists() and not servers_for(missing)
    empty = tmp_path / "empty"
    empty.mkdir()
    res = run_cli(*command, "--data-dir", str(empty), data_dir=missing)  # the flag wins
    assert res.returncode == 2 and f"{empty} holds no contextos graph" in _error_line(res)
    assert not any(empty.iterdir())


def test_a_bad_contextos_variable_is_one_error_line_and_exit_2(tmp_path):
    res = subprocess.run(
        [sys.executable, "-m", "contextos.cli", "status"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "CONTEXTOS_DATA_DIR": str(tmp_path / "d"), "CONTEXTOS_MAX_TOKENS": "10"},
    )
    assert res.returncode == 2
    assert res.stderr.strip().splitlines() == [
        "error: CONTEXTOS_MAX_TOKENS='10': Input should be greater than or equal to 50"
    ]
