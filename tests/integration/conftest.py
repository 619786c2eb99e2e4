"""Integration tests run the real embedded FalkorDB (started from the project's own install),
and the behaviour suite also the Neo4j backend on a real Bolt server (backends.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from backends import ALL, backend_for
from cx_helpers import servers_for

from contextos.graph.arcadedb_server import ArcadeDBBoltServer


@pytest.fixture
def data_dir(tmp_path: Path):
    d = tmp_path / "data"
    yield d
    for p in servers_for(d):  # never leave a server behind, even when a test fails
        p.kill()


@pytest.fixture(scope="session")
def arcadedb_server(tmp_path_factory):
    """One ArcadeDB server with the Bolt plugin for the whole session."""
    server = ArcadeDBBoltServer(tmp_path_factory.mktemp("arcadedb"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=ALL)
def backend(request, data_dir):
    """The graph backend a behaviour test runs on (embedded, arcadedb, and neo4j when
    NEO4J_URI is set), with an empty graph."""
    yield from backend_for(request.param, data_dir, request)


@pytest.fixture
def samples_cx(data_dir: Path):
    """A ContextOS on a fresh data dir holding the bundled samples, ingested for the demo user;
    its server is gone when the test ends."""
    from contextos import ContextOS
    from contextos.samples import DEMO_USER, DEMO_USER_NAME, sample_paths

    with ContextOS.open(data_dir) as c:
        c.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME)
        yield c
    assert not servers_for(data_dir)


#: Dana's two conversations (5 days apart, 2 and 9 March 2026): a project becomes blocked and her
#: manager changes — what the entity-state and brief tests read back.
DANA_HISTORY = [
    ("a", 2, "We are planning the Atlas launch. My manager is Ben Ortiz."),
    (
        "b",
        9,
        "Bad news: the Atlas launch is blocked on the vendor contract. Also Carla Diaz is my "
        "manager now, Ben moved to the Austin office.",
    ),
]


@pytest.fixture
def dana_history(data_dir: Path, make_conv):
    """A data dir holding :data:`DANA_HISTORY` ingested for user ``dana``."""
    from datetime import UTC, datetime

    from contextos import ContextOS

    with ContextOS.open(data_dir) as cx:
        for cid, day, text in DANA_HISTORY:
            turns = [("user", "Dana", text), ("assistant", "assistant", "Noted.")]
            when = datetime(2026, 3, day, 9, tzinfo=UTC)
            cx.ingest([make_conv(turns, when, cid)], user="dana", user_name="Dana")
    return data_dir
