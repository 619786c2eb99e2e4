"""Helpers for the integration tests (which run the real embedded FalkorDB)."""

from __future__ import annotations

import json
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


def chat_export(path: Path, conversations: int, speaker: str = "Sam") -> Path:
    """A contextos transcript JSONL of ``conversations`` short chats of ``speaker``."""
    with path.open("w") as f:
        for c in range(conversations):
            for i, text in enumerate(
                [
                    f"I work as a data engineer at Company{c} and I love rock climbing.",
                    "That sounds great.",
                    f"My manager Alex{c} wants the report{c} pipeline finished by Friday.",
                    "Noted.",
                ]
            ):
                f.write(
                    json.dumps(
                        {
                            "conversation_id": f"conv-{c}",
                            "turn_id": f"{c}:{i}",
                            "timestamp": f"2026-02-{1 + c % 27:02d}T10:{i:02d}:00Z",
                            "speaker": speaker if i % 2 == 0 else "assistant",
                            "role": "user" if i % 2 == 0 else "assistant",
                            "text": text,
                        }
                    )
                    + "\n"
                )
    return path
