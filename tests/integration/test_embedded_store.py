"""The embedded FalkorDB store: persistence across processes and clean shutdown."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import psutil
from cx_helpers import run_python, servers_for, wait_until

from contextos.graph.falkordb_store import FalkorDBStore
from contextos.graph.store import ConversationWrite, EntityWrite, FactWrite, RelationWrite
from contextos.models import Conversation, Evidence, Fact, Turn


def _facts_after_reopening(directory: Path) -> int:
    """How many of the user's facts a store opened afresh on ``directory`` finds."""
    again = FalkorDBStore(directory)
    again.open()
    try:
        return again.stats("sam")["Fact"]
    finally:
        again.close()


def _write(i: int) -> ConversationWrite:
    text = f"I have worked on project number {i} since March"
    conv = Conversation(
        id=f"c{i}",
        source="transcript",
        turns=[
            Turn(
                id=f"t{i}", conversation_id=f"c{i}", index=0, role="user", speaker="Sam", text=text
            )
        ],
    )
    fact = Fact(
        id=f"f{i}",
        user_id="sam",
        text=f"Sam works on project {i}",
        type="USER_FACT",
        category="work",
        confidence=0.9,
        subject="Sam",
        turn_ids=[f"t{i}"],
        evidence=text,
        evidence_spans=[
            Evidence(conversation_id=f"c{i}", turn_id=f"t{i}", start=0, end=len(text), quote=text)
        ],
        valid_from=datetime(2026, 3, 1 + i % 28, tzinfo=UTC),
        recorded_at=datetime.now(UTC),
    )
    vec = [0.0] * 384
    vec[i % 384] = 1.0
    return ConversationWrite(
        user_id="sam",
        user_name="Sam",
        user_key="user:sam",
        conversation_key=f"k{i}",
        conversation=conv,
        turns=conv.turns,
        turn_keys={f"t{i}": f"tk{i}"},
        facts=[
            FactWrite(
                fact=fact,
                embedding=vec,
                turn_keys=[f"tk{i}"],
                subject_key="user:sam",
                entity_keys=[f"p{i}"],
            )
        ],
        entities=[
            EntityWrite(
                key=f"p{i}", name=f"Project {i}", type="Project", properties={"status": "active"}
            )
        ],
        relations=[RelationWrite(source_key="user:sam", type="WORKS_ON", target_key=f"p{i}")],
        content_hash=f"h{i}",
    )


def test_write_is_idempotent_and_survives_a_restart_in_a_new_process(data_dir):
    store = FalkorDBStore(data_dir / "graph")
    store.open()
    for i in range(3):
        store.write_conversation(_write(i))
        store.write_conversation(_write(i))  # the same write again changes nothing
    assert store.stats("sam") == {"Entity": 4, "Conversation": 3, "Turn": 3, "Fact": 3}
    pid = store.server.pid
    store.close()
    assert not servers_for(data_dir) and pid is not None
    assert not os.path.exists(f"/proc/{pid}")

    code = textwrap.dedent(f"""
        from pathlib import Path
        from contextos.graph.falkordb_store import FalkorDBStore
        s = FalkorDBStore(Path({str(data_dir / "graph")!r}))
        s.open()
        facts = s.facts("sam")
        hits = s.similar_facts("sam", [0.0] + [1.0] + [0.0] * 382, k=1)
        print(len(facts), s.checkpoint("k2"), hits[0][0], sorted(e.name for e in s.entities("sam")))
        s.close()
    """)
    res = run_python(code)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split("\n")[0] == "3 h2 f1 ['Project 0', 'Project 1', 'Project 2']"
    assert not servers_for(data_dir)


def test_a_second_store_on_the_same_directory_shares_the_running_server(data_dir):
    owner = FalkorDBStore(data_dir / "graph")
    owner.open()
    owner.write_conversation(_write(0))
    guest = FalkorDBStore(data_dir / "graph")
    guest.open()
    assert len(guest.facts("sam")) == 1
    assert not guest.server.owned
    guest.close()
    assert owner.checkpoint("k0") == "h0"  # the guest did not stop the owner's server
    owner.close()
    assert not servers_for(data_dir)


def test_sigkill_of_the_owner_leaves_no_orphan_and_loses_no_committed_write(data_dir):
    code = textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {os.path.dirname(__file__)!r})
        from pathlib import Path
        from test_embedded_store import _write
        from contextos.graph.falkordb_store import FalkorDBStore
        s = FalkorDBStore(Path({str(data_dir / "graph")!r}))
        s.open()
        s.write_conversation(_write(7))
        print("written", flush=True)
        time.sleep(600)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "written"
    assert servers_for(data_dir)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert wait_until(lambda: not servers_for(data_dir)), "redis-server outlived its owner"
    store = FalkorDBStore(data_dir / "graph")
    store.open()
    try:
        assert store.checkpoint("k7") == "h7"
        assert [f.id for f in store.facts("sam")] == ["f7"]
    finally:
        store.close()


def test_a_stale_socket_from_a_dead_server_is_replaced(data_dir):
    (data_dir / "graph").mkdir(parents=True)
    (data_dir / "graph" / "falkordb.sock").write_text("stale")
    store = FalkorDBStore(data_dir / "graph")
    store.open()
    try:
        assert store.server.owned and store.stats("sam") == {}
    finally:
        store.close()


def test_a_relative_data_directory_works(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = FalkorDBStore(Path("rel") / "graph")
    store.open()
    try:
        store.write_conversation(_write(1))
        assert store.checkpoint("k1") == "h1"
        assert (tmp_path / "rel" / "graph" / "falkordb.log").is_file()
    finally:
        store.close()
    assert not servers_for(tmp_path / "rel")


def _aof_log_bytes(data_dir: Path) -> int:
    return sum(f.stat().st_size for f in (data_dir / "graph" / "aof").glob("*.aof"))


def test_a_server_killed_with_a_long_log_reopens_and_a_clean_stop_leaves_a_snapshot(data_dir):
    """Killed before it could stop, the server replays its append-only log on the next start,
    one write transaction after another. Redis 8.2 aborts when a command reaches it inside
    such a replayed transaction, so the store may send nothing before the server says it has
    loaded (the 'Ready' line of its log). A clean stop compacts the log into a snapshot, so
    the next start does not replay at all."""
    store = FalkorDBStore(data_dir / "graph")
    store.open()
    for i in range(1500):
        store.write_conversation(_write(i))
    assert _aof_log_bytes(data_dir) > 2_000_000
    os.kill(store.server.pid, signal.SIGKILL)
    assert wait_until(lambda: not servers_for(data_dir))
    store.close()  # its lease would keep the next server up past reopened.close()
    reopened = FalkorDBStore(data_dir / "graph")
    reopened.open()
    try:
        assert reopened.stats("sam")["Conversation"] == 1500
        assert reopened.checkpoint("k1499") == "h1499"
    finally:
        reopened.close()
    assert _aof_log_bytes(data_dir) == 0  # all of it is in the snapshot now
    assert _facts_after_reopening(data_dir / "graph") == 1500


def test_a_guest_waits_while_the_log_says_the_owners_server_is_still_loading(tmp_path):
    import socket

    from contextos.graph.falkordb_server import EmbeddedFalkorDB

    server = EmbeddedFalkorDB(tmp_path, start_timeout=0.3)
    log = tmp_path / "falkordb.log"
    log.write_text("1:C * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo\n")
    assert server._wait_until_loaded()  # nobody listens: a stale socket, no waiting
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(server.socket_path)
    listener.listen()
    log.write_text(
        "1:C * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo\n"
        "1:M * Ready to accept connections unix\n"
    )
    assert server._wait_until_loaded()
    with log.open("a") as f:  # restarted, and replaying its log
        f.write("2:C * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo\n2:M * Server initialized\n")
    assert not server._wait_until_loaded()
    with log.open("a") as f:
        f.write("2:M * Ready to accept connections unix\n")
    assert server._wait_until_loaded()
    listener.close()


def test_a_server_that_stops_answering_on_open_is_killed_and_started_again(tmp_path, monkeypatch):
    """FalkorDB once deadlocked on the first schema query after a start (no reply, not even to
    PING): opening must not wait forever. A first "server" that accepts connections and never
    answers stands in for the hung one; the store kills it and opens a real one."""
    import socket

    from contextos.graph import falkordb_store
    from contextos.graph.falkordb_server import EmbeddedFalkorDB

    monkeypatch.setattr(falkordb_store, "SCHEMA_TIMEOUT", 1.0)
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    silent_path = str(tmp_path / "silent.sock")
    silent.bind(silent_path)
    silent.listen(8)
    killed: list[str] = []

    class HangsOnce(EmbeddedFalkorDB):
        def start(self) -> str:
            return silent_path if not killed else super().start()

        def kill(self) -> bool:
            if killed:
                return super().kill()
            killed.append(silent_path)
            return True

    store = FalkorDBStore(tmp_path / "data")
    store.server = HangsOnce(tmp_path / "data")
    try:
        store.open()
        assert killed == [silent_path]
        assert store.graph.query("RETURN 1").result_set == [[1]]
    finally:
        store.close()
        silent.close()


def test_a_server_that_is_ready_but_silent_on_start_is_killed_and_started_again(tmp_path):
    """The same hang one step earlier (seen in CI: the server logged "Ready to accept
    connections" and then answered no PING for 30 s): the start must kill it and start a fresh
    server, once, instead of failing the open. A real server paused by CLIENT PAUSE right
    after it said it was ready is the hung one."""
    import redis

    from contextos.graph.falkordb_server import EmbeddedFalkorDB

    data = tmp_path / "data"
    first = FalkorDBStore(data)  # a graph with something in it to survive
    first.open()
    first.write_conversation(_write(1))
    first.close()
    hung: list[int] = []

    class HangsOnceAfterReady(EmbeddedFalkorDB):
        def _ping(self) -> bool:
            if not hung:
                hung.append(self.pid or 0)
                pauser = redis.Redis(unix_socket_path=self.socket_path)
                pauser.execute_command("CLIENT", "PAUSE", 60000, "ALL")
                pauser.close()
            return super()._ping()

    store = FalkorDBStore(data)
    store.server = HangsOnceAfterReady(data, start_timeout=3.0)
    try:
        store.open()
        assert hung and hung[0] > 0 and not psutil.pid_exists(hung[0])
        assert store.server.pid not in (None, hung[0])
        assert store.stats("sam")["Conversation"] == 1
    finally:
        store.close()
    assert not servers_for(data)


def test_a_query_the_server_never_answers_is_an_error_and_the_data_survive(tmp_path, monkeypatch):
    """A server that stops answering mid-run (CLIENT PAUSE holds every command) must give the
    caller a StoreError after QUERY_TIMEOUT, not a process that waits forever; our embedded
    server is killed and the next open finds what was committed before."""
    import pytest
    import redis

    from contextos.errors import StoreError
    from contextos.graph import falkordb_store

    monkeypatch.setattr(falkordb_store, "QUERY_TIMEOUT", 1.0)
    store = FalkorDBStore(tmp_path / "graph")
    store.open()
    try:
        store.write_conversation(_write(1))
        pid = store.server.pid
        pauser = redis.Redis(unix_socket_path=store.server.socket_path)
        pauser.execute_command("CLIENT", "PAUSE", 20000, "ALL")
        pauser.close()
        with pytest.raises(StoreError, match="did not answer within 1 s"):
            store.run("MATCH (f:Fact) RETURN count(f)")
        assert pid is not None and wait_until(lambda: not psutil.pid_exists(pid))  # not paused
    finally:
        store.close()
    assert _facts_after_reopening(tmp_path / "graph") == 1
