"""The embedded default backend: FalkorDB on a unix socket in the data directory."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import redis
from falkordb import Edge, FalkorDB, Node
from falkordb.helpers import stringify_param_value

from contextos.errors import StoreError
from contextos.graph import cypher
from contextos.graph.cypher_store import CypherGraphStore
from contextos.graph.falkordb_server import EmbeddedFalkorDB

__all__ = ["FalkorDBStore", "params_header"]

#: Seconds the schema statements of a freshly opened embedded server may take. FalkorDB can
#: deadlock on its first queries after a start (seen once in this suite: the server stopped
#: answering even PING); such a server is killed and started again instead of waiting forever.
SCHEMA_TIMEOUT = 60.0
#: Seconds any later query or transaction may wait for an answer. contextos's statements take
#: milliseconds; a server silent this long has hung, and the caller gets a StoreError (and an
#: embedded server of ours is killed, so the next open starts a fresh one on the same data)
#: instead of a process that waits forever.
QUERY_TIMEOUT = 300.0

GRAPH_NAME = "contextos"


def _literal(value: Any) -> str:
    """A parameter value as FalkorDB's ``CYPHER`` header spells it. Lists of numbers (the
    embedding vectors, 384+ per fact) are written by ``json.dumps`` in C, not one Python call
    per element; everything else goes through the client's own encoder."""
    if isinstance(value, list):
        if value and all(type(x) is float or type(x) is int for x in value):
            return json.dumps(value, separators=(",", ":"))
        return "[" + ",".join(_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"`{k}`:{_literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(stringify_param_value(value))


def _column_name(header: Any) -> str:
    """A result column's name (the client gives ``[type, name]`` pairs)."""
    name = header[1] if isinstance(header, list | tuple) else header
    return name.decode() if isinstance(name, bytes) else str(name)


def _plain(value: Any) -> Any:
    """A result value as plain data: a node or an edge becomes the dict of its properties
    (with its labels or type), vectors dropped; lists and maps recursively."""
    if isinstance(value, Node):
        return {"labels": list(value.labels or []), **_plain(value.properties)}
    if isinstance(value, Edge):
        return {"type": value.relation, **_plain(value.properties)}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if k != "embedding"}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def params_header(params: dict[str, Any] | None) -> str:
    """``CYPHER a=1 b="x" `` for a query's parameters (same format as the falkordb client)."""
    if not params:
        return ""
    return "CYPHER " + "".join(f"`{k}`={_literal(v)} " for k, v in params.items())


class FalkorDBStore(CypherGraphStore):
    """Graph store on a FalkorDB server: the embedded one (``directory``) or a running one
    (``url``, e.g. ``falkor://localhost:6379``)."""

    name = "falkordb"
    dialect = "falkordb"

    def __init__(
        self,
        directory: Path | None = None,
        *,
        url: str | None = None,
        graph: str = GRAPH_NAME,
        dimension: int = 384,
    ) -> None:
        if directory is None and url is None:
            raise StoreError("FalkorDBStore needs a data directory or a url")
        self.server = EmbeddedFalkorDB(directory) if directory is not None else None
        self.url = url
        self.graph_name = graph
        self.dimension = dimension
        self._db: FalkorDB | None = None
        self._graph: Any = None

    # -- lifecycle ---------------------------------------------------------

    def open(self) -> None:
        if self._db is not None:
            return
        try:
            if self.server is not None:
                sock = self._start_answering()  # lays down the schema too
                self._db = FalkorDB(unix_socket_path=sock, socket_timeout=QUERY_TIMEOUT)
                self._graph = self._db.select_graph(self.graph_name)
            else:
                self._db = FalkorDB.from_url(str(self.url), socket_timeout=QUERY_TIMEOUT)
                self._graph = self._db.select_graph(self.graph_name)
                self._ensure_schema(self._graph)
            self._wait_for_vector_index()
        except redis.exceptions.RedisError as exc:
            self.close()
            raise StoreError(f"cannot open the FalkorDB graph: {exc}") from exc

    def close(self) -> None:
        db, self._db, self._graph = self._db, None, None
        if db is not None:
            # Pooled connections keep the server from shutting down cleanly: close them first.
            pool = getattr(db.connection, "connection_pool", None)
            if pool is not None:
                pool.disconnect()
            db.connection.close()
        if self.server is not None:
            self.server.stop()

    def llamaindex_store(self, database: str | None = None) -> Any:
        """A LlamaIndex ``FalkorDBPropertyGraphStore`` on this server (same socket or url).

        ``database`` defaults to contextos's own graph, for ``structured_query``; give another
        name to build a ``PropertyGraphIndex`` beside it without touching contextos's data.
        """
        from llama_index.graph_stores.falkordb import FalkorDBPropertyGraphStore

        if self._db is None:
            raise StoreError("the graph store is not open")
        url = f"unix://{self.server.socket_path}" if self.server is not None else str(self.url)
        return FalkorDBPropertyGraphStore(
            url=url, database=database or self.graph_name, refresh_schema=False
        )

    @property
    def graph(self) -> Any:
        if self._graph is None:
            raise StoreError("the graph store is not open")
        return self._graph

    def _start_answering(self, attempts: int = 2) -> str:
        """Start the embedded server and lay down the schema with a bounded wait (see
        :data:`SCHEMA_TIMEOUT`); a server of ours that does not answer is killed and started
        again. Returns the socket path."""
        assert self.server is not None
        for attempt in range(attempts):
            sock = self.server.start()
            probe: FalkorDB | None = None
            try:  # the client asks the server something as it is made
                probe = FalkorDB(
                    unix_socket_path=sock,
                    socket_timeout=SCHEMA_TIMEOUT,
                    socket_connect_timeout=SCHEMA_TIMEOUT,
                )
                self._ensure_schema(probe.select_graph(self.graph_name))
                return sock
            except redis.exceptions.TimeoutError:
                if attempt + 1 == attempts or not self.server.kill():
                    raise
            finally:
                if probe is not None:
                    probe.connection.close()
        raise AssertionError("unreachable")

    def _ensure_schema(self, graph: Any) -> None:
        for stmt in cypher.statements("schema", self.dialect, dimension=self.dimension):
            try:
                graph.query(stmt)
            except redis.exceptions.ResponseError as exc:
                msg = str(exc).lower()
                if "already indexed" not in msg and "already exists" not in msg:
                    raise

    def _wait_for_vector_index(self, timeout: float = 60.0) -> None:
        """After a restart the vector index is rebuilt in the background and answers only
        partially until it is done: wait until the Fact and Turn indexes report OPERATIONAL."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            rows = self.graph.query("CALL db.indexes()").result_set
            ready = True
            for row in rows:
                label, status = row[0], row[7] if len(row) > 7 else "OPERATIONAL"
                if label in ("Fact", "Turn") and status != "OPERATIONAL":
                    ready = False
            if ready:
                return
            time.sleep(0.1)

    def _hung(self) -> StoreError:
        """The error for a server that did not answer within :data:`QUERY_TIMEOUT`. An embedded
        server of ours is killed (what it committed is in its append-only file) and the store
        closed, so the next open starts a fresh server; a server someone else runs is left."""
        killed = self.server is not None and self.server.kill()
        self.close()
        where = "the embedded server was stopped; run again" if killed else "check the server"
        return StoreError(
            f"FalkorDB did not answer within {QUERY_TIMEOUT:g} s ({where}; "
            "everything committed before is kept)"
        )

    def _unreachable(self, exc: Exception) -> StoreError:
        """One line for a server that cannot be reached: what happened to it, not the
        connection error alone."""
        if self.server is not None:
            return StoreError(self.server.unreachable())
        return StoreError(f"cannot reach FalkorDB at {self.url}: {exc}")

    # -- primitives --------------------------------------------------------

    def run(self, query: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
        try:  # the header built here: the client's own encoder is slow on long vectors
            return list(self.graph.query(params_header(params) + query).result_set)
        except redis.exceptions.TimeoutError as exc:
            raise self._hung() from exc
        except redis.exceptions.ConnectionError as exc:
            raise self._unreachable(exc) from exc
        except redis.exceptions.RedisError as exc:
            raise StoreError(f"FalkorDB query failed: {exc}") from exc

    def run_read_only(
        self, query: str, params: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """``GRAPH.RO_QUERY``: the server refuses any statement that would write."""
        try:
            result = self.graph.ro_query(query, params)
        except redis.exceptions.TimeoutError as exc:
            raise self._hung() from exc
        except redis.exceptions.ConnectionError as exc:
            raise self._unreachable(exc) from exc
        except redis.exceptions.RedisError as exc:
            raise StoreError(f"FalkorDB read-only query failed: {exc}") from exc
        columns = [_column_name(h) for h in result.header]
        return [
            {c: _plain(v) for c, v in zip(columns, row, strict=False)} for row in result.result_set
        ]

    def run_transaction(self, statements: list[tuple[str, dict[str, Any]]]) -> None:
        """MULTI/EXEC: the server runs the batch with no other client's command in between.
        It is not all-or-nothing: a statement that fails at run time is undone alone, the
        statements before and after it stay applied, and this raises the first failure (every
        reply is checked). Whatever marks the batch done belongs in :meth:`run_sealed`'s seal."""
        if self._db is None:
            raise StoreError("the graph store is not open")
        pipe = self._db.connection.pipeline(transaction=True)
        for query, params in statements:
            full = params_header(params) + query
            pipe.execute_command("GRAPH.QUERY", self.graph_name, full, "--compact")
        try:
            results = pipe.execute(raise_on_error=True)
        except redis.exceptions.TimeoutError as exc:
            raise self._hung() from exc
        except redis.exceptions.ConnectionError as exc:
            raise self._unreachable(exc) from exc
        except redis.exceptions.RedisError as exc:
            raise StoreError(f"FalkorDB transaction failed: {exc}") from exc
        for r in results:
            if isinstance(r, Exception):
                raise StoreError(f"FalkorDB transaction failed: {r}")

    def run_sealed(
        self,
        statements: list[tuple[str, dict[str, Any]]],
        seal: list[tuple[str, dict[str, Any]]],
    ) -> None:
        """The statements in one MULTI/EXEC, then, only when every reply says it succeeded,
        the seal in a second one: a conversation whose write failed part-way keeps no
        checkpoint and the next run writes it again (its statements are idempotent MERGEs and
        SETs, so what did land is written over with the same values). A process killed between
        the two steps leaves the same state: data without a seal, written again on resume."""
        try:
            self.run_transaction(statements)
        except StoreError as exc:
            raise StoreError(f"{exc} (not marked done: the next run writes it again)") from exc
        self.run_transaction(seal)
