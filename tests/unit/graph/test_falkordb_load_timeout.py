"""How long opening an embedded graph may wait for the server to load its data: a snapshot
rebuilds the vector indexes node by node on load, so its size counts like the append-only
log's (a 20,000-turn graph outgrew the bare start timeout)."""

from __future__ import annotations

from contextos.graph.falkordb_server import EmbeddedFalkorDB


def test_an_empty_directory_waits_the_start_timeout(tmp_path):
    assert EmbeddedFalkorDB(tmp_path, start_timeout=30.0)._load_timeout() == 30.0


def test_the_snapshot_and_the_log_both_extend_it(tmp_path):
    (tmp_path / "graph.rdb").write_bytes(b"\0" * 1_000_000)
    server = EmbeddedFalkorDB(tmp_path, start_timeout=30.0)
    with_snapshot = server._load_timeout()
    assert with_snapshot == 34.0  # four seconds per MB
    (tmp_path / "aof").mkdir()
    (tmp_path / "aof" / "graph.1.incr.aof").write_bytes(b"\0" * 500_000)
    (tmp_path / "aof" / "graph.manifest").write_bytes(b"\0" * 500_000)  # not a log: ignored
    assert server._load_timeout() == 36.0
