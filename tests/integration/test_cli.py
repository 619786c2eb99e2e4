"""The CLI as a user runs it: real processes, the real embedded store."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from cx_helpers import chat_export, run_cli, servers_for, wait_until

from contextos.samples import sample_paths

JSONL = next(p for p in sample_paths() if p.name == "jordan_chats.jsonl")


def _one_error_line(res: subprocess.CompletedProcess[str]) -> str:
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("error:") and "Traceback" not in res.stderr
    return lines[0]


def test_ingest_facts_context_brief_status(data_dir):
    res = run_cli(
        "ingest", str(JSONL), "--user", "jordan", "--user-name", "Jordan Lee", data_dir=data_dir
    )
    assert res.returncode == 0, res.stderr
    assert "conversations 4" in res.stdout and "facts stored" in res.stdout

    res = run_cli("facts", "--user", "jordan", "--json", data_dir=data_dir)
    facts = [json.loads(ln) for ln in res.stdout.splitlines()]
    assert res.returncode == 0 and facts
    assert all(f["turn_ids"] and f["evidence"] for f in facts)

    res = run_cli(
        "context",
        "what database did we pick?",
        "--user",
        "jordan",
        "--max-tokens",
        "200",
        "--json",
        data_dir=data_dir,
    )
    ctx = json.loads(res.stdout)
    assert ctx["token_count"] <= 200 and ctx["injection"].startswith("<context_injection")

    res = run_cli(
        "brief",
        "--user",
        "jordan",
        "--since",
        "2026-03-04",
        "--until",
        "2026-03-11",
        data_dir=data_dir,
    )
    assert res.returncode == 0 and res.stdout.startswith("Since Wednesday 4 March, for Jordan Lee")

    res = run_cli("status", data_dir=data_dir)
    assert res.returncode == 0 and "jordan" in res.stdout and "Fact" in res.stdout
    assert not servers_for(data_dir)


def test_context_batch_prints_one_json_result_per_line(data_dir, tmp_path):
    assert run_cli("ingest", str(JSONL), "--user", "jordan", data_dir=data_dir).returncode == 0
    queries = tmp_path / "q.jsonl"
    queries.write_text(
        '{"id": 1, "query": "where do I live?"}\n"what do I eat?"\n'
        '{"id": 3, "query": "who is my manager?", "max_tokens": 80}\n'
    )
    res = run_cli("context", "--batch", str(queries), "--user", "jordan", data_dir=data_dir)
    assert res.returncode == 0, res.stderr
    rows = [json.loads(ln) for ln in res.stdout.splitlines()]
    assert [r.get("id") for r in rows] == [1, None, 3]
    assert rows[2]["token_count"] <= 80 and rows[1]["query"] == "what do I eat?"


def test_missing_file_is_one_clear_line_and_exit_2(data_dir):
    res = run_cli("ingest", "nope/missing.json", "--user", "u", data_dir=data_dir)
    assert res.returncode == 2
    assert "nope/missing.json" in _one_error_line(res)


def test_invalid_json_is_exit_2_and_nothing_is_written(data_dir, tmp_path):
    bad = tmp_path / "conversations.json"
    bad.write_text('[{"title": "x", "mapping": {')
    res = run_cli("ingest", str(bad), "--user", "u", data_dir=data_dir)
    assert res.returncode == 2
    assert "conversations.json" in _one_error_line(res)
    status = run_cli("status", data_dir=data_dir)
    assert "Fact" not in status.stdout and "Conversation" not in status.stdout


def test_unknown_format_is_exit_2(data_dir, tmp_path):
    odd = tmp_path / "data.json"
    odd.write_text(json.dumps({"some": "other", "json": [1, 2, 3]}))
    res = run_cli("ingest", str(odd), "--user", "u", data_dir=data_dir)
    assert res.returncode == 2
    assert "data.json" in _one_error_line(res)


def test_no_user_is_a_usage_error(data_dir):
    res = run_cli("facts", data_dir=data_dir)
    assert res.returncode == 2 and "--user" in _one_error_line(res)


def _big_export(path: Path, conversations: int) -> Path:
    return chat_export(path, conversations)


def _facts(data_dir: Path) -> list[tuple[str, str, tuple[str, ...]]]:
    res = run_cli("facts", "--user", "sam", "--all", "--json", data_dir=data_dir)
    assert res.returncode == 0, res.stderr
    rows = [json.loads(ln) for ln in res.stdout.splitlines()]
    return sorted((r["id"], r["text"], tuple(r["turn_ids"])) for r in rows)


def _conversations_written(data_dir: Path) -> int:
    res = run_cli("status", data_dir=data_dir)
    for line in res.stdout.splitlines():
        if line.strip().startswith("Conversation"):
            return int(line.split()[-1])
    return 0


def test_sigkill_mid_ingest_then_rerun_gives_the_same_graph(tmp_path):
    export = _big_export(tmp_path / "big.jsonl", 40)
    reference = tmp_path / "ref"
    assert run_cli("ingest", str(export), "--user", "sam", "-q", data_dir=reference).returncode == 0
    expected = _facts(reference)
    assert expected

    victim = tmp_path / "victim"
    env = {**os.environ, "CONTEXTOS_DATA_DIR": str(victim)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "contextos.cli", "ingest", str(export), "--user", "sam", "-q"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    # kill it once some, but not all, conversations are committed
    def some_written() -> bool:
        try:
            n = int(
                subprocess.run(
                    [
                        sys.executable,
                        "-c",
                        "import redis,sys;from falkordb import FalkorDB;"
                        f"g=FalkorDB(unix_socket_path={str(victim / 'graph' / 'falkordb.sock')!r})"
                        ".select_graph('contextos');"
                        "print(g.query('MATCH (c:Conversation) WHERE c.content_hash IS NOT NULL "
                        "RETURN count(c)').result_set[0][0])",
                    ],
                    capture_output=True,
                    text=True,
                    timeout=20,
                ).stdout.strip()
                or 0
            )
        except ValueError:
            return False
        return n >= 3

    assert wait_until(some_written, timeout=240, step=0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert wait_until(lambda: not servers_for(victim)), "server orphaned by SIGKILL"
    partial = _conversations_written(victim)
    assert 0 < partial <= 40

    res = run_cli("ingest", str(export), "--user", "sam", "-q", data_dir=victim)
    assert res.returncode == 0, res.stderr
    assert _facts(victim) == expected


def test_ctrl_c_stops_cleanly_and_leaves_no_server(tmp_path):
    # big enough that ingestion is still running 3 s after the server is up on a fast machine
    export = _big_export(tmp_path / "big.jsonl", 1000)
    data_dir = tmp_path / "d"
    env = {**os.environ, "CONTEXTOS_DATA_DIR": str(data_dir)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "contextos.cli", "ingest", str(export), "--user", "sam", "-q"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # a test run started in the background inherits Ctrl-C ignored, as would the CLI
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert wait_until(lambda: bool(servers_for(data_dir)), timeout=60)
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "run the same command again to resume" in stderr
    assert wait_until(lambda: not servers_for(data_dir), timeout=10)


def _chatgpt_export(n: int) -> list[dict]:
    return [
        {
            "title": f"chat {i}",
            "conversation_id": f"c{i}",
            "current_node": f"n{i}",
            "mapping": {
                f"n{i}": {
                    "id": f"n{i}",
                    "parent": None,
                    "children": [],
                    "message": {
                        "id": f"n{i}",
                        "author": {"role": "user"},
                        "create_time": 1_700_000_000 + i,
                        "content": {"content_type": "text", "parts": [f"I live in Town{i}."]},
                    },
                }
            },
        }
        for i in range(n)
    ]


def test_a_truncated_export_keeps_what_came_before_and_exits_3(data_dir, tmp_path):
    full = json.dumps(_chatgpt_export(4))
    cut = tmp_path / "conversations.json"
    cut.write_text(full[: full.index('"c3"')])  # inside the fourth conversation
    res = run_cli("ingest", str(cut), "--user", "u", "-q", data_dir=data_dir)
    assert res.returncode == 3, res.stderr
    line = _one_error_line(res)
    assert str(cut) in line and "after 3 records" in line and "byte" in line
    status = run_cli("status", data_dir=data_dir)
    assert "Conversation" in status.stdout  # the three before the damage were written
    res = run_cli("ingest", str(cut), "--user", "u", "-q", "--allow-partial", data_dir=data_dir)
    assert res.returncode == 0, res.stderr
    lines = res.stderr.splitlines()
    assert [ln for ln in lines if "after 3 records" in ln][0].startswith("warning:")
    assert not any(ln.startswith("error:") for ln in lines)


def test_a_bad_file_after_a_good_one_is_partial_not_refused(data_dir, tmp_path):
    """Exit 2 means nothing was written: a file that cannot be read, met once another file's
    conversations were written, ends the run as partial (exit 3), one line naming it."""
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_chatgpt_export(2)))
    bad = tmp_path / "bad.json"
    bad.write_text('[{"broken')
    res = run_cli("ingest", str(good), str(bad), "--user", "u", "-q", data_dir=data_dir)
    assert res.returncode == 3, res.stderr
    line = _one_error_line(res)
    assert str(bad) in line and "not valid JSON" in line and "after 0 records" in line
    assert "Conversation" in run_cli("status", data_dir=data_dir).stdout
    fresh = tmp_path / "fresh"
    res = run_cli("ingest", str(bad), str(good), "--user", "u", "-q", data_dir=fresh)
    assert res.returncode == 2 and str(bad) in _one_error_line(res)


def test_deeply_nested_json_is_one_error_line_and_exit_2(data_dir, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    res = run_cli("ingest", str(deep), "--user", "u", data_dir=data_dir)
    assert res.returncode == 2
    assert "nested deeper than 1000 levels" in _one_error_line(res)
