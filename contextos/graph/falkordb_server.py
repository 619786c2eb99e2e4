"""The embedded FalkorDB server as one contextos process sees it: join the server of a data
directory, starting it when none runs, and leave it.

Any number of processes share one data directory's server. Each holds a lease while it uses it;
the server is started by whichever process comes first, through a small supervisor process
(``falkordb_supervisor.py``, which explains the lock files), and stopped with a save by that
supervisor when the last lease is gone — also when the last process was killed. No client stops
the server: leaving is giving the lease back (and, for the last one, waiting until the server
has saved and stopped, so that the data directory is at rest when the command returns).

Data persist in the directory (an append-only file synced every second, and a snapshot when the
server stops), so the next run reopens the same graph.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import redis

from contextos.errors import StoreError
from contextos.graph import falkordb_supervisor as supervisor
from contextos.graph.falkordb_supervisor import (
    READY_LINE,
    STARTING_LINE,
    ServerFiles,
    held_by_someone,
    open_lock_file,
    try_lock,
)

__all__ = ["EmbeddedFalkorDB", "ServerHung"]

#: How much of the end of the log is read to find the last start.
_LOG_WINDOW = 256 * 1024
#: Seconds a leaving process waits for the server it was the last to use to save and stop.
_STOP_WAIT = 180.0


class ServerHung(StoreError):
    """A server we started logged that it was ready and then answered nothing, not even PING
    (FalkorDB has been seen to deadlock like this just after a start, rarely). It was killed:
    its data are in the append-only file, and a fresh start loads them again."""


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


class EmbeddedFalkorDB:
    """This process's lease on the FalkorDB server of one data directory."""

    def __init__(self, directory: Path, *, start_timeout: float = 30.0) -> None:
        self.directory = Path(directory).expanduser().resolve()
        self.files = ServerFiles(self.directory)
        self.start_timeout = start_timeout
        self._lease: IO[bytes] | None = None
        self._started = False  # this object started the supervisor of the running server

    # -- paths -------------------------------------------------------------

    @property
    def socket_path(self) -> str:
        return self.files.socket_path

    @property
    def log_path(self) -> Path:
        return self.files.log_path

    @property
    def owned(self) -> bool:
        """True when this object started the running server (through its supervisor)."""
        return self._started and supervisor.supervisor_pid(self.files) is not None

    @property
    def pid(self) -> int | None:
        """The running redis-server's pid (whoever started it); None when none runs."""
        return self.files.server_pid()

    @property
    def holds_lease(self) -> bool:
        return self._lease is not None

    # -- joining -------------------------------------------------------------

    def _ping(self) -> bool:
        conn = supervisor.client(self.files, 2)
        try:
            return bool(conn.ping())
        except (redis.exceptions.RedisError, OSError):
            return False  # BusyLoadingError included: not ready yet
        finally:
            conn.close()

    def start(self) -> str:
        """Join the directory's server, starting it when none answers; the socket path.

        Holding ``server.lock`` while deciding makes exactly one of several processes started
        together start a server; the others wait here and join it."""
        if self._lease is not None and _listening(self.socket_path) and self._ping():
            return self.socket_path
        self.directory.mkdir(parents=True, exist_ok=True)
        with open_lock_file(self.files.start_lock) as decision:
            fcntl.flock(decision, fcntl.LOCK_EX)  # released when the file closes
            if self._lease is None:
                lease = open_lock_file(self.files.leases)
                # A supervisor stopping its server holds this exclusively until the server is
                # gone: waiting here is waiting for that, and then starting anew.
                fcntl.flock(lease, fcntl.LOCK_SH)
                self._lease = lease
            try:
                try:
                    return self._join_or_start()
                except ServerHung:
                    return self._join_or_start()  # once more; a second hang is reported
            except BaseException:
                self._give_back_lease()
                raise

    def _join_or_start(self) -> str:
        sock = self.socket_path
        if os.path.exists(sock):
            if self._wait_until_loaded() and self._ping():
                return sock
            if self.files.server_pid() is not None:
                raise StoreError(
                    f"the embedded FalkorDB server of {self.directory} runs but does not "
                    f"answer; see {self.log_path}"
                )
            with contextlib.suppress(FileNotFoundError):
                os.unlink(sock)  # stale socket of a server that died
        return self._start_supervisor()

    def _start_supervisor(self) -> str:
        # A supervisor whose server just died may still be on its way out.
        self._wait_for_no_supervisor(10)
        log_start = self.files.log_size()
        with open(self.files.console_path, "ab") as console:
            try:
                code = subprocess.run(
                    [sys.executable, supervisor.__file__, str(self.directory)],
                    stdin=subprocess.DEVNULL,
                    stdout=console,
                    stderr=subprocess.STDOUT,
                    close_fds=True,
                    timeout=60,
                ).returncode  # returns as soon as the supervisor, forked off, holds its lock
            except (OSError, subprocess.SubprocessError) as exc:
                raise StoreError(f"cannot start the embedded FalkorDB server: {exc}") from exc
        if code != 0:
            raise self._did_not_start(code)
        self._started = True
        timeout = self._load_timeout()
        deadline = time.monotonic() + timeout
        ready = False
        while time.monotonic() < deadline:
            if supervisor.supervisor_pid(self.files) is None:
                raise self._did_not_start(None)
            # nothing may reach the server before it has loaded its data (see READY_LINE)
            ready = READY_LINE in self.files.log_since(log_start)
            if ready and os.path.exists(self.socket_path) and self._ping():
                return self.socket_path
            time.sleep(0.05)
        if ready:  # loaded, listening and silent: hung; SIGTERM would not reach it
            self.kill()
            raise ServerHung(
                f"the embedded FalkorDB server of {self.directory} said it was ready and then "
                f"did not answer within {timeout:.0f}s (it was stopped; nothing is lost); "
                f"its log ends:\n{self._log_tail(8)}"
            )
        self._end_supervisor(signal.SIGTERM)
        raise StoreError(
            f"the embedded FalkorDB server of {self.directory} did not finish loading its "
            f"data within {timeout:.0f}s; its log ends:\n{self._log_tail(8)}"
        )

    def _did_not_start(self, code: int | None) -> StoreError:
        self._started = False
        how = f" (code {code})" if code is not None else ""
        return StoreError(
            f"the embedded FalkorDB server of {self.directory} did not start{how}; see "
            f"{self.files.console_path}:\n{self._log_tail()}"
        )

    def _load_timeout(self) -> float:
        """``start_timeout``, plus four seconds per MB of append-only log to replay (a server
        that was not stopped cleanly replays every write query, at about 0.5 MB/s; a clean
        stop leaves a snapshot) and four per MB of snapshot (loading one rebuilds the vector
        indexes node by node: a 55 MB graph of 20,000 embedded turns took 70 s on a busy
        2-core machine)."""
        aof = self.directory / "aof"
        size = (
            sum(f.stat().st_size for f in aof.iterdir() if f.name.endswith(".aof"))
            if aof.is_dir()
            else 0
        )
        snapshot = self.directory / "graph.rdb"
        if snapshot.is_file():
            size += snapshot.stat().st_size
        return self.start_timeout + size / 250e3

    def _wait_until_loaded(self) -> bool:
        """For a server another process started: wait while the log says it is still loading
        its data; False when it did not finish within the load timeout."""
        deadline = time.monotonic() + self._load_timeout()
        while time.monotonic() < deadline:
            if not _listening(self.socket_path):
                return True  # nobody there: a stale socket, which the ping will find out
            size = self.files.log_size()
            text = self.files.log_since(max(0, size - _LOG_WINDOW))
            start = text.rfind(STARTING_LINE)
            if start < 0 or READY_LINE in text[start:]:
                return True
            time.sleep(0.05)
        return False

    # -- leaving -------------------------------------------------------------

    def stop(self, timeout: float = _STOP_WAIT) -> None:
        """Give the lease back. When it was the last one, the supervisor compacts, saves and
        stops the server: wait for that, so the directory is at rest when this returns."""
        if self._give_back_lease():
            self._wait_while_stopping(timeout)

    def _give_back_lease(self) -> bool:
        lease, self._lease = self._lease, None
        if lease is None:
            return False
        lease.close()  # closing drops the lock
        return True

    def _wait_while_stopping(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        with open_lock_file(self.files.leases) as probe:
            while time.monotonic() < deadline:
                if not held_by_someone(self.files.supervisor_lock):
                    return  # no supervisor: nothing runs
                if try_lock(probe, fcntl.LOCK_EX):
                    fcntl.flock(probe, fcntl.LOCK_UN)  # nobody holds it: the supervisor's turn
                elif try_lock(probe, fcntl.LOCK_SH):
                    fcntl.flock(probe, fcntl.LOCK_UN)
                    return  # other processes hold leases: the server stays up for them
                # else the supervisor holds it: it is stopping the server
                time.sleep(0.05)

    def _wait_for_no_supervisor(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while held_by_someone(self.files.supervisor_lock):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def _end_supervisor(self, sig: int) -> None:
        """Signal the supervisor we started (SIGTERM: stop the server with a save) and wait
        until it is gone."""
        self._started = False
        pid = supervisor.supervisor_pid(self.files)
        if pid is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)
        if not self._wait_for_no_supervisor(_STOP_WAIT):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            self._wait_for_no_supervisor(10)

    def kill(self) -> bool:
        """Kill the server we started, unsaved (one that stopped answering); False when we did
        not start it, and so leave it alone. The lease is kept: ``start()`` starts a new one."""
        if not self.owned:
            return False
        pid = self.files.server_pid()
        if pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        # its supervisor sees its server die and ends; make sure of it
        if not self._wait_for_no_supervisor(10):
            self._end_supervisor(signal.SIGKILL)
        self._started = False
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.socket_path)
        return True

    # -- telling what happened -------------------------------------------------

    def unreachable(self) -> str:
        """One line saying why the server does not answer, for an error message."""
        if self.files.server_pid() is None or not os.path.exists(self.socket_path):
            last = self._log_tail(1).strip() or "(empty log)"
            return (
                f"the embedded FalkorDB server of {self.directory} is not running (its log "
                f"ends: {last!r}); run the command again to start it"
            )
        return (
            f"the embedded FalkorDB server of {self.directory} runs but does not answer; "
            f"see {self.log_path}"
        )

    def _log_tail(self, lines: int = 15) -> str:
        tail: list[str] = []
        for path in (self.files.console_path, self.log_path):
            try:
                tail += path.read_text(errors="replace").splitlines()[-lines:]
            except OSError:
                continue
        return "\n".join(tail[-lines:]) or "(no log)"
