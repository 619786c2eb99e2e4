"""Helpers for the integration tests (which run the real embedded FalkorDB)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"


def redis_children_of(pid: int) -> list[psutil.Process]:
    try:
        return [
            c for c in psutil.Process(pid).children(recursive=True) if "redis-server" in c.name()
        ]
    except psutil.NoSuchProcess:
        return []


def servers_for(data_dir: Path) -> list[psutil.Process]:
    """redis-server processes whose command line names this data directory."""
    found = []
    for p in psutil.process_iter(["name", "cmdline"]):
        try:
            if "redis-server" in (p.info["name"] or "") and str(data_dir) in " ".join(
                p.info["cmdline"] or []
            ):
                found.append(p)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return found


def wait_until(predicate, timeout: float = 15.0, step: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def run_python(code: str, env: dict[str, str] | None = None, timeout: float = 300):
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


def run_cli(*args: str, data_dir: Path, timeout: float = 600, **kw):
    return subprocess.run(
        [sys.executable, "-m", "contextos.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={
            **os.environ,
            "CONTEXTOS_DATA_DIR": str(data_dir),
            "CONTEXTOS_STORE": "embedded",
            "COLUMNS": "200",
        },
        **kw,
    )
