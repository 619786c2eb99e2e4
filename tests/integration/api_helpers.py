"""Helpers for the REST service tests: the real app (FastAPI TestClient) over a real embedded
FalkorDB in a temporary data directory."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cx_helpers import servers_for
from fastapi.testclient import TestClient

from contextos.api import create_app
from contextos.settings import load_settings

API = "/api/v1"
PREFS = "/api/chat/preferences"

#: Two users' transcripts: what each said must never reach the other.
ALICE_MESSAGES = [
    {
        "role": "user",
        "content": "I'm a backend engineer at Fernhill Labs and I lead the billing migration.",
        "timestamp": "2026-03-02T08:30:00Z",
    },
    {"role": "assistant", "content": "Nice. What does it involve?"},
    {
        "role": "user",
        "content": "I live in Lisbon and I prefer async updates in Slack over status meetings.",
        "timestamp": "2026-03-02T08:31:00Z",
    },
]
BOB_MESSAGES = [
    {
        "role": "user",
        "content": "I work as a nurse at Riverside Hospital and I live in Toronto.",
        "timestamp": "2026-03-03T09:00:00Z",
    },
    {"role": "assistant", "content": "That sounds demanding."},
    {
        "role": "user",
        "content": "I prefer night shifts because the ward is quieter.",
        "timestamp": "2026-03-03T09:01:00Z",
    },
]


@contextmanager
def api_client(data_dir: Path, **settings: Any) -> Iterator[TestClient]:
    """The app over ``data_dir`` (started and stopped with the client); ``run_jobs`` and the
    other keyword arguments go to ``create_app`` / the settings."""
    run_jobs = settings.pop("run_jobs", True)
    app = create_app(load_settings(data_dir=data_dir, **settings), run_jobs=run_jobs)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def kill_servers(data_dir: Path) -> None:
    for p in servers_for(data_dir):
        p.kill()


def post_messages(
    client: TestClient,
    user: str,
    messages: list[dict[str, Any]],
    session: str = "s1",
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> str:
    body = {"user_id": user, "session_id": session, "messages": messages, **extra}
    r = client.post(f"{API}/ingest", json=body, headers=headers)
    assert r.status_code == 202, r.text
    assert r.json()["status"] == "queued"
    return str(r.json()["job_id"])


def wait_job(
    client: TestClient,
    user: str,
    job_id: str,
    headers: dict[str, str] | None = None,
    timeout: float = 120.0,
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = client.get(f"{API}/ingest/{job_id}", params={"user_id": user}, headers=headers)
        assert r.status_code == 200, r.text
        job: dict[str, Any] = r.json()
        if job["status"] not in ("queued", "processing"):
            return job
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} did not finish in {timeout} s")
