"""The graph backends the behaviour tests run on: the embedded FalkorDB, the Neo4j backend on
a local ArcadeDB Bolt server (started once per session from the arcadedb-embedded wheel), and,
when ``NEO4J_URI`` is set, the Neo4j backend on that server too.

``NEO4J_URI`` (with ``NEO4J_USER``/``NEO4J_PASSWORD``, ``NEO4J_DATABASE``) must name a scratch
database: the tests empty it before each test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from contextos import ContextOS
from contextos.graph.arcadedb_server import ArcadeDBBoltServer

BOLT = [pytest.param("arcadedb", marks=pytest.mark.bolt, id="arcadedb")]
if os.environ.get("NEO4J_URI"):
    BOLT.append(pytest.param("neo4j", marks=pytest.mark.bolt, id="neo4j"))
#: the parameters of a test that runs on every backend
ALL = [pytest.param("embedded", id="embedded"), *BOLT]


@dataclass
class Backend:
    """Where one test's graph lives: ``store`` is what ``ContextOS.open`` takes."""

    name: str
    data_dir: Path
    store: str | None  # None: the embedded store in data_dir

    def open(self, **kw) -> ContextOS:
        return ContextOS.open(self.data_dir, self.store, **kw)


def neo4j_url() -> str:
    from urllib.parse import quote, urlsplit

    parts = urlsplit(os.environ["NEO4J_URI"])
    user = quote(os.environ.get("NEO4J_USER", "neo4j"), safe="")
    password = quote(os.environ.get("NEO4J_PASSWORD", ""), safe="")
    database = os.environ.get("NEO4J_DATABASE", "neo4j")
    return f"{parts.scheme}://{user}:{password}@{parts.netloc.rsplit('@', 1)[-1]}/{database}"


def empty_graph(url: str) -> None:
    """Delete every node of the test database (and so every edge)."""
    from contextos.graph.neo4j_store import Neo4jStore

    store = Neo4jStore(url)
    store.open()
    try:
        store.run("MATCH (n) DETACH DELETE n")
    finally:
        store.close()


def backend_for(name: str, data_dir: Path, request: pytest.FixtureRequest) -> Iterator[Backend]:
    if name == "embedded":
        yield Backend(name, data_dir, None)
        return
    if name == "arcadedb":
        server: ArcadeDBBoltServer = request.getfixturevalue("arcadedb_server")
        url = f"{server.url}/{server.database}"
    else:
        url = neo4j_url()
    empty_graph(url)
    yield Backend(name, data_dir, url)
