"""The extraction worker: one daemon thread reading a queue of jobs, off the request path.
A job names a session, not turns: it reads whatever the session holds unread when it runs, so
a session with a job waiting gets no second one (bursts coalesce)."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from contextos.extract.base import Extractor
from contextos.live.extraction import JobKind

_log = logging.getLogger(__name__)

__all__ = ["Job", "LiveWorker"]


@dataclass(frozen=True)
class Job:
    user_id: str
    session_id: str
    kind: JobKind
    extractor: Extractor | str | None = None

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.user_id, self.session_id, self.kind)


class LiveWorker:
    """Runs ``run(job)`` for each submitted job in a thread of its own, and ``tick()`` every
    ``tick_seconds`` (the idle-session check). Started on the first :meth:`submit`."""

    def __init__(
        self,
        run: Callable[[Job], None],
        tick: Callable[[], object],
        *,
        max_queue: int,
        tick_seconds: float,
    ) -> None:
        self._run = run
        self._tick = tick
        self._tick_seconds = tick_seconds
        self._queue: queue.Queue[Job | None] = queue.Queue(maxsize=max_queue)
        self._waiting: set[tuple[str, str, str]] = set()
        self._guard = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False

    def start(self) -> None:
        with self._guard:
            if self._thread is None and not self._closed:
                self._thread = threading.Thread(
                    target=self._loop, name="contextos-live-extraction", daemon=True
                )
                self._thread.start()

    def submit(self, job: Job) -> bool:
        """Queue ``job`` unless the same one waits already; True when a job for it waits now.
        False when the worker is closed or the queue is full (the turns stay stored: the
        session's next job or its debrief reads them)."""
        self.start()
        with self._guard:
            if self._closed:
                return False
            if job.key in self._waiting:
                return True
            try:
                self._queue.put_nowait(job)
            except queue.Full:
                return False
            self._waiting.add(job.key)
            return True

    @property
    def queued(self) -> int:
        return self._queue.qsize()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued job has run; False if ``timeout`` seconds passed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._queue.all_tasks_done:
            while self._queue.unfinished_tasks:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._queue.all_tasks_done.wait(left)
        return True

    def close(self, timeout: float | None = None) -> bool:
        """Run what is queued, then stop the thread; False if it had not stopped in time."""
        with self._guard:
            if self._closed:
                return True
            self._closed = True
            thread = self._thread
        if thread is None:
            return True
        self._queue.put(None)
        thread.join(timeout)
        return not thread.is_alive()

    def _loop(self) -> None:
        next_tick = time.monotonic()
        while True:
            if time.monotonic() >= next_tick:
                self._safely(self._tick)
                next_tick = time.monotonic() + self._tick_seconds
            try:
                job = self._queue.get(timeout=max(0.01, next_tick - time.monotonic()))
            except queue.Empty:
                continue
            try:
                if job is None:
                    return
                with self._guard:
                    self._waiting.discard(job.key)
                self._safely(lambda j=job: self._run(j))  # type: ignore[misc]
            finally:
                self._queue.task_done()

    @staticmethod
    def _safely(fn: Callable[[], object]) -> None:
        try:
            fn()
        except Exception:  # a failed job is counted by run(); the worker goes on
            _log.exception("live extraction job failed")
