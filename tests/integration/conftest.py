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
