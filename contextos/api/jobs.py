"""Ingest jobs: persisted in SQLite in the data directory (``api/jobs.sqlite3``), run one at a
time by a background worker thread, and resumed after a restart (a job that was queued or
processing when the service stopped runs again; ingestion skips what was already stored).
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from contextos.errors import (
    ContextOSError,
    ExtractionError,
    IngestUnfinished,
    InputError,
    PartialInputError,
    StoreError,
)
from contextos.models.report import IngestReport
from contextos.models.transcript import Conversation, Turn, stable_id

__all__ = ["Job", "JobRunner", "JobStore", "conversation_of", "remove_upload"]

log = logging.getLogger("contextos.api.jobs")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at REAL NOT NULL,
    started_at REAL,
    finished_at REAL,
    result TEXT,
    errors TEXT
);
CREATE INDEX IF NOT EXISTS jobs_user ON jobs (user_id);
CREATE INDEX IF NOT EXISTS jobs_status ON jobs (status, created_at);
"""

#: Rough ingestion speed for ``estimated_seconds`` (the local extractor on two cores).
TURNS_PER_SECOND = 100.0
BYTES_PER_SECOND = 150_000.0
JOB_OVERHEAD_S = 0.5


@dataclass
class Job:
    id: str
    user_id: str
    kind: str
    status: str
    payload: dict[str, Any]
    created_at: float
    started_at: float | None = None
    finished_at: float | None = None
    result: dict[str, Any] | None = None
    errors: list[dict[str, str]] | None = None

    def view(self) -> dict[str, Any]:
        """The ``GET /ingest/{job_id}`` shape."""
        result = self.result or {}

        def when(t: float | None) -> str | None:
            return datetime.fromtimestamp(t, UTC).isoformat() if t is not None else None

        return {
            "job_id": self.id,
            "user_id": self.user_id,
            "kind": self.kind,
            "status": self.status,
            "created_at": when(self.created_at),
            "started_at": when(self.started_at),
            "finished_at": when(self.finished_at),
            "extracted": result.get("extracted", {"facts": 0, "entities": 0, "relationships": 0}),
            "errors": self.errors or [],
            "report": result.get("report"),
        }


class JobStore:
    """The job table. One connection, guarded by a lock (SQLite in WAL mode)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _row(self, r: tuple[Any, ...]) -> Job:
        return Job(
            id=r[0],
            user_id=r[1],
            kind=r[2],
            status=r[3],
            payload=json.loads(r[4]),
            created_at=r[5],
            started_at=r[6],
            finished_at=r[7],
            result=json.loads(r[8]) if r[8] else None,
            errors=json.loads(r[9]) if r[9] else None,
        )

    def add(self, user_id: str, kind: str, payload: dict[str, Any]) -> Job:
        job = Job(uuid.uuid4().hex, user_id, kind, "queued", payload, time.time())
        with self._lock:
            self._db.execute(
                "INSERT INTO jobs (id, user_id, kind, status, payload, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (job.id, user_id, kind, job.status, json.dumps(payload), job.created_at),
            )
        return job

    def get(self, job_id: str, user_id: str) -> Job | None:
        """The job, if it is ``user_id``'s (another user's job is not found)."""
        with self._lock:
            r = self._db.execute(
                "SELECT * FROM jobs WHERE id = ? AND user_id = ?", (job_id, user_id)
            ).fetchone()
        return self._row(r) if r else None

    def by_id(self, job_id: str) -> Job | None:
        with self._lock:
            r = self._db.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return self._row(r) if r else None

    def unfinished(self) -> list[Job]:
        """Jobs queued or interrupted while processing, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM jobs WHERE status IN ('queued', 'processing') ORDER BY created_at"
            ).fetchall()
        return [self._row(r) for r in rows]

    def waiting(self) -> int:
        with self._lock:
            (n,) = self._db.execute(
                "SELECT count(*) FROM jobs WHERE status IN ('queued', 'processing')"
            ).fetchone()
        return int(n)

    def start(self, job_id: str) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE jobs SET status = 'processing', started_at = ? WHERE id = ?",
                (time.time(), job_id),
            )

    def finish(
        self, job_id: str, status: str, result: dict[str, Any], errors: list[dict[str, str]]
    ) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE jobs SET status = ?, finished_at = ?, result = ?, errors = ? WHERE id = ?",
                (status, time.time(), json.dumps(result), json.dumps(errors), job_id),
            )

    def delete_user(self, user_id: str) -> list[Job]:
        """Forget the user's jobs; returns them (their uploads are deleted by the caller)."""
        with self._lock:
            rows = self._db.execute("SELECT * FROM jobs WHERE user_id = ?", (user_id,)).fetchall()
            self._db.execute("DELETE FROM jobs WHERE user_id = ?", (user_id,))
        return [self._row(r) for r in rows]


def conversation_of(payload: dict[str, Any]) -> Conversation:
    """The conversation of a ``POST /ingest`` of messages (ids deterministic: the same session
    posted again is the same conversation)."""
    messages = payload["messages"]
    session = payload.get("session_id") or stable_id(
        "api", *(f"{m['role']}:{m['content']}" for m in messages)
    )
    user_name = payload.get("user_name") or "user"
    turns = [
        Turn(
            id=f"{session}:{i}",
            conversation_id=session,
            index=i,
            role=m["role"],
            speaker=m.get("speaker") or (user_name if m["role"] == "user" else m["role"]),
            text=m["content"],
            timestamp=datetime.fromisoformat(m["timestamp"]) if m.get("timestamp") else None,
        )
        for i, m in enumerate(messages)
    ]
    return Conversation(
        id=session,
        source=payload.get("platform") or "api",
        title=payload.get("title"),
        turns=turns,
        user_name=payload.get("user_name"),
    )


def remove_upload(path: Path) -> None:
    """Delete an uploaded file and the folder it was saved in."""
    path.unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        path.parent.rmdir()


def _error(code: str, message: str) -> dict[str, str]:
    return {"code": code, "message": message}


class JobRunner:
    """Runs jobs one at a time on a worker thread. ``lock`` is held while a job runs: a reset
    takes it so it never interleaves with an ingest of the same graph."""

    def __init__(self, cx: Any, jobs: JobStore, uploads: Path) -> None:
        self.cx = cx
        self.jobs = jobs
        self.uploads = uploads
        self.lock = threading.Lock()
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        #: set once the service stops waiting: a job cut short is not marked failed
        self._stopping = threading.Event()

    def start(self) -> None:
        for job in self.jobs.unfinished():  # resumed after a restart
            self._queue.put(job.id)
        self._thread = threading.Thread(target=self._loop, name="contextos-jobs", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        """Wait up to ``timeout`` for the running job; one still running after it is left
        ``processing`` (whatever happens to it as the service closes) and runs again at the
        next start."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout)
            self._stopping.set()
            self._thread = None

    def submit(self, job: Job) -> None:
        self._queue.put(job.id)

    def idle(self) -> bool:
        return self._queue.empty() and not self.lock.locked()

    def _loop(self) -> None:
        while True:
            job_id = self._queue.get()
            if job_id is None:
                return
            with self.lock:
                job = self.jobs.by_id(job_id)
                if job is None or job.status not in ("queued", "processing"):
                    continue  # deleted by a reset, or already done
                try:
                    self._run(job)
                except Exception as exc:  # never let one job end the worker
                    if self._stopping.is_set():
                        return  # cut short by the shutdown: resumed at the next start
                    log.exception("job %s failed", job.id)
                    self.jobs.finish(job.id, "failed", {}, [_error("internal_error", str(exc))])

    def _run(self, job: Job) -> None:
        self.jobs.start(job.id)
        cx = self.cx
        before = cx.relation_count(job.user_id)
        status, errors = "completed", []
        report: IngestReport | None = None
        upload = Path(job.payload["path"]) if job.kind == "upload" else None
        try:
            if upload is not None:
                report = cx.ingest(
                    upload,
                    user=job.user_id,
                    user_name=job.payload.get("user_name"),
                    format=job.payload.get("format"),
                    allow_partial=True,
                )
            else:
                report = cx.ingest(
                    conversation_of(job.payload),
                    user=job.user_id,
                    user_name=job.payload.get("user_name"),
                )
        except IngestUnfinished as exc:
            report = exc.report if isinstance(exc.report, IngestReport) else None
            status, errors = "partial", [_error("extraction_unfinished", str(exc))]
        except PartialInputError as exc:
            report = exc.report if isinstance(exc.report, IngestReport) else None
            status, errors = "partial", [_error("partial_input", str(exc))]
        except InputError as exc:
            status, errors = "failed", [_error("invalid_input", str(exc))]
        except StoreError as exc:
            status, errors = "failed", [_error("graph_unavailable", str(exc))]
        except ExtractionError as exc:
            status, errors = "failed", [_error("extraction_failed", str(exc))]
        except ContextOSError as exc:
            status, errors = "failed", [_error("extraction_failed", str(exc))]
        if self._stopping.is_set():
            return  # the service closed under the job: it runs again at the next start
        if report is not None:
            if report.partial and status == "completed":
                status = "partial"
                errors += [_error("partial_input", p.problem) for p in report.partial]
            errors += [_error("warning", f"{w.path}: {w.problem}") for w in report.warnings]
        result: dict[str, Any] = {}
        if report is not None:
            result = {
                "extracted": {
                    "facts": report.facts_stored,
                    "entities": report.entities_stored,
                    "relationships": max(0, cx.relation_count(job.user_id) - before),
                },
                "report": report.model_dump(mode="json"),
            }
        self.jobs.finish(job.id, status, result, errors)
        if upload is not None:
            remove_upload(upload)

    def estimate(self, turns: int = 0, size: int = 0) -> float:
        """Seconds until a new job of ``turns`` turns or ``size`` bytes is done, roughly."""
        ahead = self.jobs.waiting()
        own = JOB_OVERHEAD_S + turns / TURNS_PER_SECOND + size / BYTES_PER_SECOND
        return round(ahead * JOB_OVERHEAD_S + own, 1)
