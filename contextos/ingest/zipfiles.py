"""Zip archives (ChatGPT and Claude exports arrive as zips), read member by member.

Members are streamed straight from the archive; nothing is ever extracted to disk. Guards:

* more than ``max_zip_members`` entries: rejected (InputError);
* declared expanded size above ``max_zip_total_bytes``: rejected before reading anything;
* bytes actually produced are counted too (a member's header may lie), and reading stops with
  an InputError once the budget is spent;
* a member is CRC-checked before any of its bytes are handed to a parser: it is read to its
  end once (one extra decompression pass, charged to the budget once), and a corrupt member
  (broken deflate data, a CRC that does not match) raises
  :class:`~contextos.ingest.streams.DamagedStream` at its first read. Nothing of it is used:
  a bad CRC says some byte is wrong, not which, so no record of it can be trusted (a stored
  member's damaged record would otherwise parse as valid JSON and be written);
* entries with absolute paths, drive letters or ``..`` segments (path traversal), encrypted
  entries and nested archives are skipped with a warning;
* an archive with no chat export file to read is an InputError, which names the members
  skipped for one of those reasons (an archive of nothing but unsafe members says which).
"""

from __future__ import annotations

import posixpath
import re
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import IO, BinaryIO

from contextos.errors import InputError
from contextos.ingest.filecontext import Source
from contextos.ingest.options import ParseOptions
from contextos.ingest.streams import ByteBudget, DamagedStream

__all__ = ["ZIP_MAGIC", "Archive", "is_zip_head", "unsafe_member_name"]

ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
_DRIVE = re.compile(r"^[A-Za-z]:")
_READ_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError)


def is_zip_head(head: bytes) -> bool:
    return head[:4] in ZIP_MAGIC


def unsafe_member_name(name: str) -> str | None:
    """Why a member name is unsafe (path traversal, absolute path), or None."""
    norm = name.replace("\\", "/")
    if norm.startswith("/") or _DRIVE.match(norm):
        return "absolute path"
    if ".." in norm.split("/"):
        return "path traversal ('..')"
    if "\x00" in norm:
        return "NUL byte in name"
    return None


def _listed(skipped: list[str], most: int = 5) -> str:
    """ "; skipped: 'a' (why), 'b' (why) and 3 more" for an error message, or ""."""
    if not skipped:
        return ""
    more = f" and {len(skipped) - most} more" if len(skipped) > most else ""
    return "; skipped: " + ", ".join(skipped[:most]) + more


class _MemberReader:
    """A zip member stream whose expanded bytes are charged to the archive's budget."""

    def __init__(
        self,
        raw: IO[bytes],
        budget: ByteBudget,
        member: str,
        check: Callable[[], None] | None = None,
    ) -> None:
        self._raw = raw
        self._budget = budget
        self._member = member
        self._pos = 0
        #: run before the first byte is read (the archive's CRC check of the whole member)
        self._check = check

    def _charge(self, n: int) -> None:
        self._pos += n
        self._budget.charge_to(self._member, self._pos)

    def _charged(self, read: Callable[[int], bytes], n: int) -> bytes:
        """``read(n)`` on the raw member, charged to the budget.

        A corrupt member (broken deflate data; a bad CRC, which zipfile checks once the member
        is read to its end) raises :class:`DamagedStream` at the bytes read so far.
        """
        if self._check is not None:
            check, self._check = self._check, None
            check()
        try:
            data = read(n)
        except _READ_ERRORS as exc:
            problem = " ".join(str(exc).split()) or type(exc).__name__
            raise DamagedStream(f"corrupt zip member ({problem})", self._pos) from None
        self._charge(len(data))
        return data

    def verify(self) -> None:
        """Read the member to its end, so that its CRC is checked (:class:`DamagedStream`)."""
        while self._charged(self._raw.read, 1 << 20):
            pass

    def read(self, n: int = -1, /) -> bytes:
        return self._charged(self._raw.read, n)

    def readline(self, limit: int = -1, /) -> bytes:
        return self._charged(self._raw.readline, limit)

    def __iter__(self) -> _MemberReader:
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def close(self) -> None:
        self._raw.close()

    def __enter__(self) -> _MemberReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Archive:
    """An open zip archive and the member files worth parsing."""

    def __init__(
        self,
        path: Path,
        label: str,
        options: ParseOptions,
        warn: Callable[[str, str, str], None],
        is_candidate: Callable[[str], bool],
    ) -> None:
        self.path = path
        self.label = label
        self._options = options
        self._warn = warn
        self._is_candidate = is_candidate
        self.fp: BinaryIO | None = None
        self._zip: zipfile.ZipFile | None = None
        self._sound: set[str] = set()  # members whose CRC checked out

    def open(self) -> list[Source]:
        """Open the archive, check the limits, and list the members to parse.

        Order: by directory, then account files (users.json, projects.json), then by name.
        Raises :class:`InputError` when no member is left to parse.
        """
        self.fp = self.path.open("rb")
        try:
            self._zip = zipfile.ZipFile(self.fp)
        except (zipfile.BadZipFile, OSError, ValueError) as exc:
            self.close()
            raise InputError(self.label, f"not a readable zip archive: {exc}") from None
        infos = self._zip.infolist()
        opts = self._options
        if len(infos) > opts.max_zip_members:
            self.close()
            raise InputError(
                self.label,
                f"archive has {len(infos)} members, more than max_zip_members="
                f"{opts.max_zip_members}",
            )
        declared = sum(i.file_size for i in infos)
        if declared > opts.max_zip_total_bytes:
            self.close()
            raise InputError(
                self.label,
                f"archive expands to {declared} bytes, more than max_zip_total_bytes="
                f"{opts.max_zip_total_bytes} (zip bomb?)",
            )
        budget = ByteBudget(self.label, opts.max_zip_total_bytes)
        sources: list[Source] = []
        skipped: list[str] = []  # the members refused, each with why

        def skip(name: str, why: str, warning: str) -> None:
            skipped.append(f"{name!r} ({why})")
            self._warn(self.label, name, warning)

        for info in sorted(infos, key=self._order):
            name = info.filename
            if info.is_dir():
                continue
            problem = unsafe_member_name(name)
            if problem:
                skip(name, problem, f"unsafe member name ({problem}); skipped")
                continue
            norm = name.replace("\\", "/")
            parts = norm.split("/")
            if any(p.startswith(".") or p == "__MACOSX" for p in parts):
                continue
            base = parts[-1]
            if base.lower().endswith(".zip"):
                skip(name, "nested archive", "nested archive skipped; unzip it first")
                continue
            if not self._is_candidate(base):
                continue
            if info.flag_bits & 0x1:
                skip(name, "encrypted", "encrypted member skipped")
                continue
            sources.append(
                Source(
                    label=f"{self.label}!{norm}",
                    name=base,
                    size=info.file_size,
                    opener=self._opener(info, budget),
                    group=f"{self.label}!{posixpath.dirname(norm)}",
                )
            )
        if not sources:
            self.close()
            raise InputError(self.label, "archive holds no chat export file" + _listed(skipped))
        return sources

    @staticmethod
    def _order(info: zipfile.ZipInfo) -> tuple[str, int, str]:
        """By directory; account files (users.json, projects.json) first in each."""
        head, _, base = info.filename.replace("\\", "/").rpartition("/")
        return (head, 0 if base.lower() in ("users.json", "projects.json") else 1, base)

    def _opener(self, info: zipfile.ZipInfo, budget: ByteBudget) -> Callable[[], BinaryIO]:
        def open_member() -> BinaryIO:
            assert self._zip is not None
            try:
                raw = self._zip.open(info)
            except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError) as exc:
                raise InputError(self.label, f"cannot read member: {exc}", info.filename) from None
            check = None if info.filename in self._sound else self._crc_check(info, budget)
            return _MemberReader(raw, budget, info.filename, check)  # type: ignore[return-value]

        return open_member

    def _crc_check(self, info: zipfile.ZipInfo, budget: ByteBudget) -> Callable[[], None]:
        """Read the member to its end on a handle of its own, so zipfile checks its CRC
        (:class:`DamagedStream` when it fails); a member found sound is not read again."""

        def check() -> None:
            assert self._zip is not None
            with _MemberReader(self._zip.open(info), budget, info.filename) as whole:
                whole.verify()
            self._sound.add(info.filename)

        return check

    def close(self) -> None:
        if self._zip is not None:
            self._zip.close()
            self._zip = None
        if self.fp is not None:
            self.fp.close()
            self.fp = None
