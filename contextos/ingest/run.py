"""The batch reader: paths in, a lazy stream of conversations out, with warnings and stats."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from contextos.errors import InputError
from contextos.ingest import (
    chatbotui,
    chatgpt,
    claude,
    gemini,
    librechat,
    markdown,
    openai_jsonl,
    openwebui,
    transcript_jsonl,
)
from contextos.ingest.assemble import assemble
from contextos.ingest.claude_account import ProjectRecord, read_projects, read_user_name
from contextos.ingest.detect import FORMATS, sniff
from contextos.ingest.drafts import ConversationDraft
from contextos.ingest.filecontext import FileContext, Source
from contextos.ingest.options import ParseOptions
from contextos.ingest.sources import ACCOUNT_FILES, InputFile, is_candidate, plan_inputs
from contextos.ingest.streams import DamagedStream
from contextos.ingest.zipfiles import ZIP_MAGIC, Archive
from contextos.models.report import FormatStats, PartialFile, Warning_
from contextos.models.transcript import Conversation

__all__ = ["PARSERS", "ParseRun", "read_conversations"]

_TEXT_EXTENSIONS = (".md", ".markdown", ".txt")

Parser = Callable[[FileContext], Iterator[ConversationDraft]]
PARSERS: dict[str, Parser] = {
    "chatgpt": chatgpt.parse,
    "claude": claude.parse,
    "gemini": gemini.parse,
    "openwebui": openwebui.parse,
    "librechat": librechat.parse,
    "chatbotui": chatbotui.parse,
    "openai_jsonl": openai_jsonl.parse,
    "transcript": transcript_jsonl.parse,
    "markdown": markdown.parse,
}


class ParseRun(Iterator[Conversation]):
    """An iterator of :class:`Conversation` over every input, read lazily and only once.

    While (and after) it is consumed it accumulates:

    * ``warnings``: one :class:`Warning_` per record that could not be read (file, place,
      problem); the rest of its file is still read;
    * ``stats``: per format, files read, conversations yielded, canonical turns yielded,
      records skipped because they were malformed;
    * ``filtered``: conversations left out by the options (since/until, title_pattern, or
      nothing left after exclude_assistant / include_tools), not counted as skipped;
    * ``projects``: :class:`ProjectRecord` entries from Claude ``projects.json`` files;
    * ``user_names``: account holder names from Claude ``users.json`` files, by folder;
    * ``ignored_files``: text files found in folders that are not transcripts (READMEs,
      notes); JSON files that are not exports get a warning instead;
    * ``partial``: files that broke part-way (truncated, invalid or too deeply nested JSON
      after their first record, a corrupt zip member): the records before the damage were
      yielded, the rest of the file was not read. Each also has a warning. The run goes on
      with the next file; deciding whether that is acceptable is the caller's (see
      ``ContextOS.ingest(allow_partial=...)``).

    Progress: ``bytes_total`` (size on disk of every input, zips counted compressed; reading it
    walks the folders, nothing more) and ``bytes_done`` (bytes of input consumed so far, inside
    the current file too), e.g. ``bar.update(run.bytes_done)`` after each conversation.

    Errors: an :class:`InputError` stops the run when an input cannot be read at all (missing
    path, a named file of unknown format, invalid JSON before its first record, a zip over the
    limits, damage before a file's first record, a zip member failing its CRC) before the run
    yielded any conversation; after that, such an input is partial (``records`` of it read).
    Files that only *might* be exports, found inside folders and archives, are skipped with a
    warning instead.
    """

    def __init__(self, paths: list[Path], format: str | None, options: ParseOptions) -> None:
        self.paths = paths
        self.format = format
        self.options = options
        self.warnings: list[Warning_] = []
        self.stats: dict[str, FormatStats] = {}
        self.projects: list[ProjectRecord] = []
        self.user_names: dict[str, str] = {}
        self.filtered = 0
        self.ignored_files: list[str] = []
        self.partial: list[PartialFile] = []
        self._plan: list[InputFile] | None = None
        self._done_bytes = 0
        self._current: BinaryIO | None = None
        self._gen: Generator[Conversation, None, None] | None = None
        self._yielded = 0  # conversations this run has yielded

    # -- progress ---------------------------------------------------------------------------
    def _inputs(self) -> list[InputFile]:
        if self._plan is None:
            self._plan = plan_inputs(self.paths)
        return self._plan

    @property
    def files_total(self) -> int:
        """Files found in the inputs (zips count as one)."""
        return len(self._inputs())

    @property
    def bytes_total(self) -> int:
        """Total size on disk of the inputs, for a progress bar."""
        return sum(f.size for f in self._inputs())

    @property
    def bytes_done(self) -> int:
        """Bytes of input consumed so far (monotonic, at most :attr:`bytes_total`)."""
        current = 0
        fp = self._current
        if fp is not None and not fp.closed:
            try:
                current = fp.tell()
            except (OSError, ValueError):
                current = 0
        return self._done_bytes + current

    # -- iteration --------------------------------------------------------------------------
    def __iter__(self) -> ParseRun:
        return self

    def __next__(self) -> Conversation:
        if self._gen is None:
            self._gen = self._run()
        return next(self._gen)

    def close(self) -> None:
        """Stop early and release open files (also done when the run is exhausted)."""
        if self._gen is not None:
            self._gen.close()

    def _warn(self, path: str, where: str, problem: str) -> None:
        self.warnings.append(Warning_(path=path, where=where, problem=problem))

    def _run(self) -> Generator[Conversation, None, None]:
        for item in self._inputs():
            try:
                if item.is_zip or (item.explicit and _starts_like_zip(item.path)):
                    yield from self._archive(item)
                else:
                    yield from self._read(self._file_source(item), archive=False)
            finally:
                self._current = None
                self._done_bytes += item.size

    def _file_source(self, item: InputFile) -> Source:
        def open_file() -> BinaryIO:
            fp = item.path.open("rb")
            self._current = fp
            return fp

        return Source(
            str(item.path), item.path.name, item.size, open_file, item.group, item.explicit
        )

    def _archive(self, item: InputFile) -> Iterator[Conversation]:
        label = str(item.path)
        archive = Archive(item.path, label, self.options, self._warn, is_candidate)
        try:
            try:
                sources = archive.open()
            except InputError as exc:
                if item.explicit:
                    raise
                self._warn(label, exc.where or "", f"{exc.problem}; archive skipped")
                return
            self._current = archive.fp  # open() raised if no member is left to read
            for source in sources:
                yield from self._read(source, archive=True)
        finally:
            archive.close()

    def _read(self, source: Source, *, archive: bool) -> Iterator[Conversation]:
        """The conversations of one file or zip member. Refused (an :class:`InputError`: damage
        before its first record, a corrupt zip member, an unreadable format) once this run has
        yielded conversations, it is a partial file instead: what came before it may be written
        already, so the run cannot end as input refused with nothing written; the next input
        is read, and the caller decides about the damage as for any partial file."""
        read = 0
        try:
            for conversation in self._source(source, archive=archive):
                read += 1
                self._yielded += 1
                yield conversation
        except InputError as exc:
            if not self._yielded:
                raise
            where = exc.where or "byte 0"
            self.partial.append(
                PartialFile(
                    path=exc.path or source.label,
                    where=where,
                    byte=0,
                    records=read,
                    problem=exc.problem,
                )
            )
            self._warn(exc.path or source.label, where, f"{exc.problem}; not read")

    def _source(self, source: Source, *, archive: bool) -> Iterator[Conversation]:
        low = source.name.lower()
        kind: str | None
        reason = ""
        if not source.explicit and low in ACCOUNT_FILES:
            kind = ACCOUNT_FILES[low]
        elif self.format is not None:
            kind = self.format
        else:
            try:
                found = sniff(source, self.options.max_json_depth)
            except DamagedStream as exc:  # a zip member corrupt in its first bytes
                raise InputError(source.label, exc.problem, exc.where) from None
            kind, reason = found.kind, found.reason
        if kind is None:
            if source.explicit:
                raise InputError(source.label, f"cannot read: {reason}")
            if low.endswith(_TEXT_EXTENSIONS):
                self.ignored_files.append(source.label)  # notes, READMEs, licences
            else:
                self._warn(source.label, "", f"not a recognised chat export ({reason}); skipped")
            return
        if kind == "zip":
            self._warn(source.label, "", "nested archive skipped; unzip it first")
            return
        ctx = FileContext(source, self.options, self.warnings, format=kind, partial=self.partial)
        ctx.user_name = self.user_names.get(source.group)
        if kind == "claude_users":
            name = read_user_name(ctx)
            if name:
                self.user_names[source.group] = name
            return
        if kind == "claude_projects":
            self.projects.extend(read_projects(ctx))
            return
        if kind == "chatgpt_account":
            return
        if kind == "empty_list":
            self._warn(source.label, "", "the file holds an empty list: no conversations")
            return
        yield from self._conversations(ctx, kind)

    def _conversations(self, ctx: FileContext, kind: str) -> Iterator[Conversation]:
        stats = self.stats.setdefault(kind, FormatStats())
        stats.files += 1
        drafts = 0
        try:
            for draft in PARSERS[kind](ctx):
                drafts += 1
                conversation, filtered = assemble(draft, ctx)
                if conversation is None:
                    self.filtered += filtered
                    continue
                stats.conversations += 1
                stats.turns += len(conversation.turns)
                yield conversation
        except DamagedStream as exc:  # a parser that does not handle it (a zip member's CRC)
            if not drafts:
                raise InputError(ctx.label, exc.problem, exc.where) from None
            ctx.broke(exc.where, exc.position, drafts, exc.problem)
        finally:
            stats.skipped += ctx.skipped


def _starts_like_zip(path: Path) -> bool:
    with path.open("rb") as fp:
        return fp.read(4) in ZIP_MAGIC


def read_conversations(
    paths: str | Path | Iterable[str | Path],
    *,
    format: str | None = None,
    options: ParseOptions | None = None,
) -> ParseRun:
    """Read chat exports: files, zips and folders (recursively), any mix of formats.

    ``format`` forces one of :data:`FORMATS` for every file instead of detecting it from the
    content. Returns a :class:`ParseRun`, a lazy iterator of :class:`Conversation`: a
    conversation is yielded only once it is completely parsed, and memory stays bounded by
    the largest single conversation, whatever the file size.

    Raises :class:`InputError` at once for a missing path or an unknown format name; other
    input errors surface while iterating (see :class:`ParseRun`).
    """
    items = [paths] if isinstance(paths, str | Path) else list(paths)
    path_list = [Path(p).expanduser() for p in items]
    if format is not None and format not in FORMATS:
        raise InputError(None, f"unknown format {format!r}; expected one of {', '.join(FORMATS)}")
    for path in path_list:
        if not path.exists():
            raise InputError(str(path), "no such file or folder")
    return ParseRun(path_list, format, options or ParseOptions())
