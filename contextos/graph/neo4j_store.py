"""The Neo4j backend: the shared Cypher statements over Bolt, with the official ``neo4j`` driver.

Any server that speaks Bolt and Neo4j 5 Cypher will do: Neo4j 5 (self-hosted, cluster or
AuraDB) and ArcadeDB's Bolt plugin (what the tests run). No APOC procedure is used. What a
server lacks is detected when the store opens, not assumed from its name
(:class:`BoltCapabilities`): a server that refuses the vector index DDL is searched by an exact
scan of the user's facts instead.

``CONTEXTOS_STORE=neo4j://user:pass@host:7687`` (or ``bolt://``, ``neo4j+s://``,
``bolt+s://``, ``neo4j+ssc://``, ``bolt+ssc://``); a path names the database
(``bolt://host:7687/contextos``), as does ``CONTEXTOS_NEO4J_DATABASE``.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from contextos.errors import ConfigError, StoreError
from contextos.graph import cypher
from contextos.graph.cypher_store import CypherGraphStore

__all__ = ["SCHEMES", "BoltCapabilities", "Neo4jStore", "parse_bolt_url"]

SCHEMES = ("neo4j", "neo4j+s", "neo4j+ssc", "bolt", "bolt+s", "bolt+ssc")
#: Seconds to wait for a connection, and for the vector index to come online after creation.
CONNECT_TIMEOUT = 15.0
INDEX_TIMEOUT = 300


@dataclass(frozen=True)
class BoltCapabilities:
    """What the server was found to support when the store opened."""

    #: the server's agent string, e.g. "Neo4j/5.26.0" or "Neo4j/5.26.0 compatible (ArcadeDB ...)"
    server: str = ""
    #: a vector index on fact embeddings (``db.index.vector.queryNodes``); else an exact scan
    vector_index: bool = False
    #: ``vector.similarity.cosine`` returns (1 + cos) / 2 (Neo4j) rather than cos (ArcadeDB)
    cosine_halved: bool = False


@dataclass(frozen=True)
class BoltTarget:
    uri: str  # scheme://host:port, no credentials
    user: str | None
    password: str | None
    database: str | None


def parse_bolt_url(url: str) -> BoltTarget:
    """Split ``scheme://user:pass@host:port/database`` into what the driver takes."""
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES:
        raise ConfigError(f"store {url!r}: a Neo4j store URL starts with one of {SCHEMES}")
    if not parts.hostname:
        raise ConfigError(f"store {url!r}: no host (e.g. bolt://localhost:7687)")
    try:
        port = parts.port or 7687
    except ValueError as exc:
        raise ConfigError(f"store {url!r}: {exc}") from None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    database = parts.path.strip("/") or None
    return BoltTarget(
        uri=f"{parts.scheme}://{host}:{port}",
        user=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password is not None else None,
        database=database,
    )


def _one_line(exc: BaseException) -> str:
    """The error's message on one line (a server error's own message, not the driver's
    ``{code: ...} {message: ...}`` rendering)."""
    with warnings.catch_warnings():  # the driver warns on reading some error attributes
        warnings.simplefilter("ignore")
        message = getattr(exc, "message", None) if getattr(exc, "code", None) else None
    return " ".join(str(message or exc or type(exc).__name__).split())


class Neo4jStore(CypherGraphStore):
    """Graph store on a Neo4j (or Neo4j-compatible) server over Bolt."""

    name = "neo4j"
    dialect = "neo4j"

    def __init__(
        self,
        url: str,
        *,
        user: str | None = None,
        password: str | None = None,
        database: str | None = None,
        dimension: int = 384,
    ) -> None:
        target = parse_bolt_url(url)
        self.uri = target.uri
        self.user = target.user or user or "neo4j"
        self._password = target.password if target.password is not None else password
        self.database = target.database or database
        self.dimension = dimension
        self.capabilities = BoltCapabilities()
        self._driver: Any = None

    # -- lifecycle ---------------------------------------------------------

    def open(self) -> None:
        if self._driver is not None:
            return
        try:
            import neo4j
        except ImportError as exc:
            raise StoreError(
                "the Neo4j backend needs the neo4j driver: pip install 'contextos[neo4j]'"
            ) from exc

        auth = (self.user, self._password) if self._password is not None else None
        try:
            self._driver = neo4j.GraphDatabase.driver(
                self.uri,
                auth=auth,
                connection_timeout=CONNECT_TIMEOUT,
                max_transaction_retry_time=CONNECT_TIMEOUT,
                notifications_min_severity="OFF",
            )
            self._driver.verify_connectivity()
            server = self._driver.get_server_info().agent
        except Exception as exc:
            self.close()
            raise self._error(exc) from exc
        try:
            self._ensure_schema()
            self.capabilities = self._detect(str(server))
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        driver, self._driver = self._driver, None
        if driver is not None:
            driver.close()

    def _ensure_schema(self) -> None:
        """The constraints and indexes, by name and ``IF NOT EXISTS``; one the database already
        has under another name (an equivalent rule, or an index where a constraint goes) is
        kept as it is."""
        for stmt in cypher.statements("schema", self.dialect):
            try:
                self.run(stmt)
            except StoreError as exc:
                if "AlreadyExists" not in str(exc):
                    raise

    def _detect(self, server: str) -> BoltCapabilities:
        """Ask the server what it can do: create (idempotently) and query the vector index,
        and see how it scales cosine similarity."""
        import neo4j.exceptions as nx

        halved = float(self.run(self._q("probe_cosine"))[0][0]) > 0.25
        vector = True
        probe = [1.0] + [0.0] * (self.dimension - 1)
        try:
            for ddl in cypher.statements("schema_vector", self.dialect, dimension=self.dimension):
                self._run_raw(ddl)
            self._run_raw("CALL db.awaitIndexes($t)", {"t": INDEX_TIMEOUT})
            self._run_raw(
                self._q("vector_search_facts"), {"k": 1, "embedding": probe, "user_id": ""}
            )
        except nx.ServiceUnavailable as exc:
            raise self._error(exc) from exc
        except nx.Neo4jError:
            vector = False
        return BoltCapabilities(server=server, vector_index=vector, cosine_halved=halved)

    # -- errors ------------------------------------------------------------

    def _error(self, exc: BaseException) -> StoreError:
        """One line saying what went wrong with the server, for any driver error."""
        import neo4j.exceptions as nx

        where = f"Neo4j at {self.uri}" + (f" (database {self.database!r})" if self.database else "")
        if isinstance(exc, nx.AuthError):
            return StoreError(
                f"{where} refused the credentials of user {self.user!r}: put them in the URL "
                "(bolt://user:pass@host:7687) or set CONTEXTOS_NEO4J_USER/CONTEXTOS_NEO4J_PASSWORD"
            )
        if isinstance(exc, nx.ServiceUnavailable | nx.SessionExpired | OSError):
            return StoreError(f"cannot reach {where}: {_one_line(exc)}")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            code = getattr(exc, "code", None) or ""
        if "DatabaseNotFound" in code:
            return StoreError(f"{where}: no such database (set CONTEXTOS_NEO4J_DATABASE)")
        if isinstance(exc, nx.ConfigurationError | ValueError):
            return StoreError(f"{where}: {_one_line(exc)}")
        prefix = f"{code}: " if code else ""
        return StoreError(f"{where}: query failed: {prefix}{_one_line(exc)}")

    # -- primitives --------------------------------------------------------

    @property
    def driver(self) -> Any:
        if self._driver is None:
            raise StoreError("the graph store is not open")
        return self._driver

    def _run_raw(self, query: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
        with self.driver.session(database=self.database) as session:
            result = session.run(query, params or {})
            return [list(record.values()) for record in result]

    def run(self, query: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
        try:
            return self._run_raw(query, params)
        except StoreError:
            raise
        except Exception as exc:
            raise self._error(exc) from exc

    def run_transaction(self, statements: list[tuple[str, dict[str, Any]]]) -> None:
        """One explicit transaction: the server commits every statement or none (the driver
        retries the whole of it on a transient error; every statement is an idempotent
        MERGE/SET, so a retry writes the same graph)."""

        def work(tx: Any) -> None:
            for query, params in statements:
                tx.run(query, params).consume()

        try:
            with self.driver.session(database=self.database) as session:
                session.execute_write(work)
        except StoreError:
            raise
        except Exception as exc:
            raise self._error(exc) from exc

    # -- dialect differences in reads ----------------------------------------

    def similar_facts(
        self, user_id: str, embedding: list[float], k: int = 10
    ) -> list[tuple[str, float]]:
        """The user's ``k`` facts nearest to ``embedding`` by cosine similarity (plain cosine,
        as the FalkorDB backend returns it), through the vector index or an exact scan."""
        name = (
            "vector_search_facts" if self.capabilities.vector_index else "vector_search_facts_scan"
        )
        rows = self.run(
            self._q(name),
            {"user_id": user_id, "embedding": [float(x) for x in embedding], "k": k * 4},
        )
        return self._cosines(rows)[:k]

    def similar_turns(
        self, user_id: str, embedding: list[float], k: int = 10, as_of: float | None = None
    ) -> list[tuple[str, float]]:
        """(turn key, plain cosine) of the user's turns nearest ``embedding`` said at or before
        ``as_of``, through the vector index or an exact scan."""
        name = (
            "vector_search_turns" if self.capabilities.vector_index else "vector_search_turns_scan"
        )
        rows = self.run(
            self._q(name),
            {
                "user_id": user_id,
                "embedding": [float(x) for x in embedding],
                "k": k * 4,
                "as_of": as_of,
            },
        )
        return self._cosines(rows)[:k]

    def _cosines(self, rows: list[list[Any]]) -> list[tuple[str, float]]:
        """(id, plain cosine) from (id, the server's score) rows."""
        halved = self.capabilities.cosine_halved
        return [(str(r[0]), 2.0 * float(r[1]) - 1.0 if halved else float(r[1])) for r in rows]

    def run_read_only(
        self, query: str, params: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """``query`` in a read transaction (a Neo4j server refuses any write in it); its rows
        as dicts by column name."""

        def work(tx: Any) -> list[dict[str, Any]]:
            return [dict(record.items()) for record in tx.run(query, params or {})]

        try:
            with self.driver.session(database=self.database) as session:
                rows: list[dict[str, Any]] = session.execute_read(work)
                return rows
        except StoreError:
            raise
        except Exception as exc:
            raise self._error(exc) from exc
