"""Per-file parsing context: the options, where we are, and the warnings we collect."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, BinaryIO, TypeVar

from contextos.ingest.options import ParseOptions
from contextos.ingest.timestamps import BadTime, parse_time
from contextos.models.report import Warning_

__all__ = ["RECORD_ERRORS", "FileContext", "Source"]

T = TypeVar("T")

#: What a malformed record can raise inside a parser. They are caught per record, turned into a
#: warning, and the rest of the file is still read.
RECORD_ERRORS: tuple[type[BaseException], ...] = (
    KeyError,
    TypeError,
    AttributeError,
    ValueError,
    IndexError,
    RecursionError,
)


@dataclass
class Source:
    """One readable file: a file on disk or a member of a zip archive.

    ``label`` is what warnings and ``Conversation.source_file`` show
    (``export.zip!conversations.json`` for a zip member); ``name`` is the bare file name,
    used in derived ids so that moving an export folder does not change them. ``open()`` may
    be called more than once (sniffing, then parsing); each call returns a fresh binary
    stream from the start.
    """

    label: str
    name: str
    size: int
    opener: Callable[[], BinaryIO]
    group: str = ""
    explicit: bool = False

    def open(self) -> BinaryIO:
        return self.opener()


@dataclass
class FileContext:
    """What a format parser needs besides the bytes: options, warnings, counters."""

    source: Source
    options: ParseOptions
    warnings: list[Warning_] = field(default_factory=list)
    user_name: str | None = None
    skipped: int = 0
    format: str = ""

    @property
    def label(self) -> str:
        return self.source.label

    def warn(self, where: str, problem: str) -> None:
        self.warnings.append(Warning_(path=self.source.label, where=where, problem=problem))

    def skip(self, where: str, problem: str) -> None:
        """Warn about a record that is left out, and count it as skipped."""
        self.skipped += 1
        self.warn(where, problem)

    def time(self, value: object, where: str) -> datetime | None:
        """A timestamp, or None with a warning when the value is present but unreadable."""
        try:
            return parse_time(value)
        except BadTime as exc:
            self.warn(where, f"invalid timestamp ignored: {exc}")
            return None

    def guard(self, where: str, fn: Callable[..., T | None], *args: Any) -> T | None:
        """Run a per-record parser; a malformed record is skipped with a warning."""
        try:
            return fn(*args)
        except RECORD_ERRORS as exc:
            self.skip(where, f"unexpected structure ({type(exc).__name__}: {exc}); skipped")
            return None
