"""Sample exports bundled for ``contextos demo`` (written for contextos; see README.md here)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["DEMO_USER", "DEMO_USER_NAME", "SAMPLES_DIR", "sample_paths"]

SAMPLES_DIR = Path(__file__).resolve().parent
DEMO_USER = "jordan"
DEMO_USER_NAME = "Jordan Lee"


def sample_paths() -> list[Path]:
    """The bundled sample exports, in a stable order."""
    return sorted(p for p in SAMPLES_DIR.iterdir() if p.suffix in (".jsonl", ".json"))
