"""Turning the paths a user gives into the files to read: files, folders (recursively), zips.

Inside folders and archives only files that can hold a chat export are considered (``.json``,
``.jsonl``, ``.ndjson``, ``.md``, ``.markdown``, ``.txt``, and ``.zip`` archives in folders);
hidden files and ``__MACOSX`` are ignored. Known companion files are handled by name:

* ``users.json`` and ``projects.json`` (Claude) are read first in their folder/zip directory;
* ChatGPT's ``user.json``, ``message_feedback.json``, ``model_comparisons.json``,
  ``shared_conversations.json`` and Claude's ``memories.json`` are not conversations and are
  skipped silently.

A path given explicitly is always parsed, whatever its name or extension.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from contextos.errors import InputError

__all__ = [
    "ACCOUNT_FILES",
    "IGNORED_FILES",
    "InputFile",
    "archive_formats",
    "is_candidate",
    "plan_inputs",
]

CANDIDATE_EXTENSIONS = frozenset({".json", ".jsonl", ".ndjson", ".md", ".markdown", ".txt"})
#: Companion files read before the conversations of their folder.
ACCOUNT_FILES = {"users.json": "claude_users", "projects.json": "claude_projects"}
#: Companion files that hold no conversations.
IGNORED_FILES = frozenset(
    {
        "user.json",
        "message_feedback.json",
        "model_comparisons.json",
        "shared_conversations.json",
        "memories.json",
        "user_settings.json",
        "group_chats.json",
        "shopping.json",
        "sora.json",
    }
)


def is_candidate(name: str) -> bool:
    """Whether a file found inside a folder or archive may hold conversations."""
    low = name.lower()
    if low in IGNORED_FILES or low.startswith("."):
        return False
    return os.path.splitext(low)[1] in CANDIDATE_EXTENSIONS


def read_order(name: str) -> tuple[int, str]:
    """Account files first, then the rest by name."""
    return (0 if name.lower() in ACCOUNT_FILES else 1, name)


@dataclass(frozen=True)
class InputFile:
    """A file on disk to read: a plain export file or a zip archive."""

    path: Path
    size: int
    explicit: bool
    group: str
    is_zip: bool = False


def _walk(folder: Path) -> list[InputFile]:
    found: list[InputFile] = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__MACOSX")
        for name in sorted(filenames, key=read_order):
            low = name.lower()
            path = Path(dirpath) / name
            if not path.is_file():
                continue
            is_zip = low.endswith(".zip")
            if is_zip or is_candidate(name):
                found.append(InputFile(path, path.stat().st_size, False, dirpath, is_zip))
    return found


def plan_inputs(paths: list[Path]) -> list[InputFile]:
    """Every file to read, in a deterministic order. Raises InputError for a missing path.

    Account files named explicitly (``users.json``, ``projects.json``) are read first, so they
    apply to conversation files named alongside them.
    """
    paths = sorted(paths, key=lambda p: 0 if p.name.lower() in ACCOUNT_FILES else 1)
    planned: list[InputFile] = []
    for path in paths:
        if not path.exists():
            raise InputError(str(path), "no such file or folder")
        if path.is_dir():
            planned.extend(_walk(path))
        else:
            planned.append(InputFile(path, path.stat().st_size, True, str(path.parent)))
    return planned


def archive_formats(path: Path) -> list[str]:
    """Formats of the conversation files in a zip archive, in member order (for detect_format)."""
    from contextos.ingest.detect import FORMATS, sniff
    from contextos.ingest.options import ParseOptions
    from contextos.ingest.zipfiles import Archive

    archive = Archive(path, str(path), ParseOptions(), lambda *_: None, is_candidate)
    try:
        kinds = [sniff(source).kind for source in archive.open()]
    finally:
        archive.close()
    return [k for k in kinds if k in FORMATS]
