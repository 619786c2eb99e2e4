"""Several contextos processes on one data directory share one embedded server: exactly one
is started, it stays up while any process uses it, and it is stopped with a save when the last
one leaves — however that one leaves. Real processes, a real server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
from cx_helpers import chat_export, run_cli, servers_for, wait_until


def _cli(*args: str, data_dir: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "contextos.cli", *args],
        env={**os.environ, "CONTEXTOS_DATA_DIR": str(data_dir), "CONTEXTOS_STORE": "embedded"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _facts(data_dir: Path, user: str) -> list[dict]:
    res = run_cli("facts", "--user", user, "--all", "--json", data_dir=data_dir)
    assert res.returncode == 0, res.stderr
    rows = [json.loads(ln) for ln in res.stdout.splitlines()]
    for row in rows:
        del row["recorded_at"]  # the wall clock of the write: the one field runs differ in
    return sorted(rows, key=lambda r: r["id"])


def _finish(proc: subprocess.Popen[str], timeout: float = 300) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=timeout)
    return proc.returncode, out, err


def _servers(data_dir: Path) -> int:
    """redis-servers on ``data_dir``, not counting a server's own child (the fork that
    rewrites its append-only file when it stops: its title names the socket too)."""
    found = servers_for(data_dir)
    pids = {p.pid for p in found}
    alive = 0
    for p in found:
        try:
            alive += p.ppid() not in pids
        except psutil.NoSuchProcess:
            continue
    return alive


def _watch_servers(data_dir: Path, procs: list[subprocess.Popen[str]]) -> int:
    """The most redis-servers seen at once on ``data_dir`` while any of ``procs`` runs."""
    most = 0
    while any(p.poll() is None for p in procs):
        most = max(most, _servers(data_dir))
        time.sleep(0.05)
    return most


def test_two_ingests_started_together_share_one_server_and_lose_nothing(tmp_path):
    sam = chat_export(tmp_path / "sam.jsonl", 25, speaker="Sam")
    kim = chat_export(tmp_path / "kim.jsonl", 25, speaker="Kim")
    shared = tmp_path / "shared"
    runs = [
        _cli("ingest", str(sam), "--user", "sam", "-q", data_dir=shared),
        _cli("ingest", str(kim), "--user", "kim", "-q", data_dir=shared),
    ]
    most = _watch_servers(shared, runs)
    for proc in runs:
        code, _, err = _finish(proc)
        assert code == 0, err
    assert most == 1, f"{most} servers ran at once on one data directory"
    assert wait_until(lambda: not servers_for(shared)), "the last one out left the server up"

    for user, export in (("sam", sam), ("kim", kim)):  # the same graph as a run alone
        alone = tmp_path / f"alone-{user}"
        assert run_cli("ingest", str(export), "--user", user, "-q", data_dir=alone).returncode == 0
        assert _facts(shared, user) == _facts(alone, user)


_HOLDER = textwrap.dedent("""
    import sys, time
    from contextos import ContextOS
    with ContextOS.open(sys.argv[1]) as cx:
        print("open", flush=True)
        for line in sys.stdin:  # one query per line until stdin closes
            ctx = cx.context(line.strip(), user="sam")
            print(ctx.token_count, flush=True)
""")


def _holder(data_dir: Path) -> subprocess.Popen[str]:
    """A process that holds the store open and answers a context query per line of stdin."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(data_dir)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "open"
    return proc


def _ask(holder: subprocess.Popen[str], query: str) -> int:
    assert holder.stdin is not None and holder.stdout is not None
    holder.stdin.write(query + "\n")
    holder.stdin.flush()
    return int(holder.stdout.readline())


def _conversations(data_dir: Path) -> int:
    res = run_cli("status", data_dir=data_dir)
    for line in res.stdout.splitlines():
        if line.strip().startswith("Conversation"):
            return int(line.split()[-1])
    return 0


def test_the_process_that_started_the_server_leaves_while_others_still_use_it(tmp_path):
    """The reported failure: the process that started the server finishes while a large
    ingest it shares the server with is mid-run and context queries (a new process each)
    come and go; none of them may lose the server."""
    large = chat_export(tmp_path / "large.jsonl", 150, speaker="Kim")
    data_dir = tmp_path / "d"
    starter = _holder(data_dir)
    assert servers_for(data_dir)
    ingest = _cli("ingest", str(large), "--user", "kim", "-q", data_dir=data_dir)
    assert wait_until(lambda: _conversations(data_dir) >= 5, timeout=120)
    assert starter.stdin is not None
    starter.stdin.close()
    assert starter.wait(timeout=60) == 0, starter.stderr.read() if starter.stderr else ""
    assert ingest.poll() is None, "the ingest finished before the starter left"
    queries: list[tuple[int, str]] = []
    while ingest.poll() is None:
        res = run_cli("context", "data engineer", "--user", "kim", "--json", data_dir=data_dir)
        queries.append((res.returncode, res.stderr))
    code, _, err = _finish(ingest)
    assert code == 0, err
    assert queries and all(rc == 0 for rc, _ in queries), queries
    assert wait_until(lambda: not servers_for(data_dir))
    assert _conversations(data_dir) == 150


def test_a_process_killed_mid_run_leaves_the_server_to_the_others(tmp_path):
    """One process is killed (-9) mid-ingest; another, which joined its server, keeps
    querying; when that one leaves too, the server is stopped with a save."""
    export = chat_export(tmp_path / "big.jsonl", 400, speaker="Sam")
    data_dir = tmp_path / "d"
    victim = _cli("ingest", str(export), "--user", "sam", "-q", data_dir=data_dir)
    assert wait_until(lambda: bool(servers_for(data_dir)), timeout=60)
    holder = _holder(data_dir)
    server = servers_for(data_dir)[0]
    assert victim.poll() is None, "the ingest finished before it could be killed"
    victim.send_signal(signal.SIGKILL)
    victim.wait(timeout=10)
    for _ in range(5):  # the server of the dead process answers the living one
        assert _ask(holder, "rock climbing") > 0
        time.sleep(0.2)
    assert server.is_running() and servers_for(data_dir) == [server]
    assert holder.stdin is not None
    holder.stdin.close()
    assert holder.wait(timeout=120) == 0, holder.stderr.read() if holder.stderr else ""
    assert wait_until(lambda: not psutil.pid_exists(server.pid), timeout=30)
    # stopped with a save: a clean stop logs it, and the next process finds what was written
    log = (data_dir / "graph" / "falkordb.log").read_text()
    assert "DB saved on disk" in log or "Saving the final RDB snapshot" in log
    res = run_cli("ingest", str(export), "--user", "sam", "-q", data_dir=data_dir)
    assert res.returncode == 0, res.stderr


def test_the_last_process_out_waits_for_the_save_and_leaves_nothing_running(data_dir):
    from contextos.graph.falkordb_server import EmbeddedFalkorDB

    first, second = EmbeddedFalkorDB(data_dir), EmbeddedFalkorDB(data_dir)
    first.start()
    second.start()
    assert first.owned and not second.owned
    pid = first.pid
    assert pid is not None and second.pid == pid
    first.stop()  # the one that started it leaves first: the server stays for the other
    assert psutil.pid_exists(pid) and second._ping()
    second.stop()  # the last one out returns once the server has saved and stopped
    assert not psutil.pid_exists(pid) and not servers_for(data_dir)
    assert not os.path.exists(second.socket_path)
