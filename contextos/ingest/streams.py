"""Byte streams for parsers: UTF-8 repair, byte counting and the zip-bomb size guard.

Nothing here reads a whole file: every wrapper passes chunks through as the parser pulls them.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from typing import Protocol

from contextos.errors import InputError

__all__ = ["ByteBudget", "DamagedStream", "Readable", "Utf8Guard", "decode_line"]

_BOM_UTF8 = b"\xef\xbb\xbf"


class Readable(Protocol):
    def read(self, n: int = -1, /) -> bytes: ...


class DamagedStream(Exception):  # noqa: N818 - a condition the readers report, not a bug
    """The bytes of a file cannot be read past ``position``: a corrupt zip member (bad CRC,
    broken deflate data) or JSON nested too deep to parse safely.

    Raised by the stream wrappers, from inside the parser's ``read``; the format readers turn it
    into an :class:`InputError` (nothing read yet) or a partial file (records before it kept).
    """

    def __init__(self, problem: str, position: int, *, exact: bool = False) -> None:
        self.problem = problem
        self.position = position
        #: "byte N" when ``position`` is where the damage is, "near byte N" when it is how far
        #: the reader had read (a parser reads ahead)
        self.where = f"{'' if exact else 'near '}byte {position}"
        super().__init__(f"{problem} ({self.where})")


class ByteBudget:
    """Bytes an archive may expand to; shared by all members of one zip.

    Each member is charged for the furthest position read in it, so reading a member twice
    (sniffing, then parsing) is not counted twice.
    """

    def __init__(self, label: str, limit: int) -> None:
        self.label = label
        self.limit = limit
        self.used = 0
        self._charged: dict[str, int] = {}

    def charge_to(self, member: str, position: int) -> None:
        before = self._charged.get(member, 0)
        if position <= before:
            return
        self._charged[member] = position
        self.used += position - before
        if self.used > self.limit:
            raise InputError(
                self.label,
                f"archive expands to more than {self.limit} bytes (max_zip_total_bytes); "
                "refusing to read further (zip bomb?)",
                where=member,
            )


class Utf8Guard:
    """Passes valid UTF-8 through untouched; repairs anything else so JSON parsers never choke.

    * a UTF-8 byte-order mark is dropped;
    * UTF-16 (with a BOM) is transcoded to UTF-8;
    * invalid UTF-8 bytes become U+FFFD and :attr:`replaced` turns True (the caller warns).

    The fast path only validates (``codecs`` incremental decoder, in C) and returns the
    caller's bytes; the slow path re-encodes.
    """

    def __init__(self, raw: Readable, on_read: Callable[[int], None] | None = None) -> None:
        self._raw = raw
        self._on_read = on_read
        self._started = False
        self._mode = "strict"
        self._decoder: codecs.IncrementalDecoder = codecs.getincrementaldecoder("utf-8")()
        self._pending = b""
        self._eof = False
        self.replaced = False
        self.transcoded_from: str | None = None
        self.position = 0

    def _first_chunk(self, chunk: bytes) -> bytes:
        self._started = True
        if chunk.startswith(_BOM_UTF8):
            return chunk[3:]
        if chunk[:2] in (b"\xff\xfe", b"\xfe\xff"):
            self._mode = "transcode"
            self.transcoded_from = "utf-16"
            self._decoder = codecs.getincrementaldecoder("utf-16")("replace")
        return chunk

    def _convert(self, chunk: bytes, final: bool) -> bytes:
        if self._mode == "strict":
            data = self._pending + chunk
            try:
                self._decoder.decode(chunk, final)
            except UnicodeDecodeError:
                self.replaced = True
                self._mode = "transcode"
                self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
                self._pending = b""
                return self._decoder.decode(data, final).encode("utf-8")
            tail = len(self._decoder.getstate()[0])
            self._pending = data[len(data) - tail :] if tail else b""
            return data[: len(data) - tail] if tail else data
        text = self._decoder.decode(chunk, final)
        if "\ufffd" in text and self.transcoded_from is None:
            self.replaced = True
        return text.encode("utf-8")

    def read(self, n: int = -1, /) -> bytes:
        if self._eof or n == 0:  # ijson probes with read(0) for the stream's type
            return b""
        size = n if n and n > 0 else 1 << 16
        while True:
            chunk = self._raw.read(size)
            self.position += len(chunk)
            if self._on_read is not None:
                self._on_read(len(chunk))
            if not chunk:
                self._eof = True
                return self._convert(b"", True)
            if not self._started:
                chunk = self._first_chunk(chunk)
            out = self._convert(chunk, False)
            if out:
                return out


def decode_line(raw: bytes) -> tuple[str, bool]:
    """A line as text, and whether invalid UTF-8 had to be replaced."""
    try:
        return raw.decode("utf-8"), False
    except UnicodeDecodeError:
        return raw.decode("utf-8", "replace"), True
