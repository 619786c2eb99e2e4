"""Per-file parsing context: the options, where we are, and the warnings we collect."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, BinaryIO, TypeVar

from contextos.ingest.drafts import ConversationDraft, TurnDraft
from contextos.ingest.options import ParseOptions
from contextos.ingest.timestamps import BadTime, parse_time
from contextos.models.report import PartialFile, Warning_

__all__ = ["RECORD_ERRORS", "FileContext", "RecordHead", "Source", "record_head"]

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
    partial: list[PartialFile] = field(default_factory=list)

    @property
    def label(self) -> str:
        return self.source.label

    def warn(self, where: str, problem: str) -> None:
        self.warnings.append(Warning_(path=self.source.label, where=where, problem=problem))

    def broke(self, where: str, position: int, records: int, problem: str) -> None:
        """The file cannot be read past byte ``position`` (``where`` says it: ``byte N`` or
        ``near byte N``), after ``records`` good records: a partial file, and a warning."""
        damage = PartialFile(
            path=self.label, where=where, byte=position, records=records, problem=problem
        )
        self.partial.append(damage)
        self.warn(
            where,
            f"{problem} after {records} record{'' if records == 1 else 's'}; the rest of the "
            "file was not read",
        )

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


@dataclass(frozen=True, slots=True)
class RecordHead:
    """The checked head of one conversation record: its id, its title, and ``where`` to name it.

    ``where`` reads ``conversation #3 ('Title') id=abc`` (the title part only when there is
    one; the id part only when the id was looked up).
    """

    where: str
    title: str | None
    id: str = ""

    def draft(
        self,
        source: str,
        turns: list[TurnDraft],
        *,
        alternates: list[TurnDraft] | None = None,
        metadata: dict[str, Any] | None = None,
        created_at: datetime | None = None,
        updated_at: datetime | None = None,
    ) -> ConversationDraft:
        """The conversation draft of this record, with its id, ``where`` and title."""
        return ConversationDraft(
            id=self.id,
            source=source,
            where=self.where,
            title=self.title,
            created_at=created_at,
            updated_at=updated_at,
            turns=turns,
            alternates=alternates if alternates is not None else [],
            metadata=metadata if metadata is not None else {},
        )


def _field(rec: dict[str, Any], key: str) -> Any:
    """``rec[key]``, or ``rec[outer][inner]`` for a dotted ``outer.inner`` key; None if absent."""
    outer, dot, inner = key.partition(".")
    if not dot:
        return rec.get(key)
    nested = rec.get(outer)
    return nested.get(inner) if isinstance(nested, dict) else None


def _first(rec: dict[str, Any], keys: tuple[str, ...]) -> Any:
    """``rec[keys[0]] or rec[keys[1]] or ...``: the first truthy value, else the last one."""
    value = None
    for key in keys:
        value = value or _field(rec, key)
    return value


def record_head(
    rec: Any,
    index: int,
    ctx: FileContext,
    *,
    title_keys: tuple[str, ...],
    id_keys: tuple[str, ...] | None,
    id_name: str | None = None,
    noun: str = "conversation",
) -> RecordHead | None:
    """Check and label record ``index``; None, skipped with a warning, when it is unusable.

    A record that is not a JSON object is skipped. The title is the first non-empty value of
    ``title_keys`` when it is a string (a dotted key ``chat.title`` looks inside a nested object).
    The id is the first non-empty value of ``id_keys``; a record without a string id is skipped
    with "<noun> has no <id_name>" (``id_name`` defaults to the first id key). With ``id_keys``
    None the id is left to the caller: ``id`` is ``""`` and ``where`` stops at the title.
    """
    where = f"{noun} #{index}"
    if not isinstance(rec, dict):
        ctx.skip(where, f"expected a {noun} object, found {type(rec).__name__}")
        return None
    title = _first(rec, title_keys)
    if not isinstance(title, str):
        title = None
    if title:
        where = f"{where} ({title[:60]!r})"
    if id_keys is None:
        return RecordHead(where, title)
    conv_id = _first(rec, id_keys)
    if not isinstance(conv_id, str) or not conv_id:
        ctx.skip(where, f"{noun} has no {id_name or id_keys[0]}; skipped")
        return None
    return RecordHead(f"{where} id={conv_id}", title, conv_id)
