"""A nesting-depth guard for JSON bytes, checked before the parser sees them.

ijson keeps one prefix string per open level (``item.item.item...``), so its memory grows with
the square of the depth: 200 KB of ``[[[[...]]]]`` made it allocate 24 GB. :class:`DepthGuard`
sits between the bytes and the parser and raises :class:`~contextos.ingest.streams.DamagedStream`
as soon as a chunk would open more than ``max_depth`` levels, so the parser never reads that chunk.

The scan is exact (brackets inside strings and escaped quotes are not counted) and runs at C
speed: escape pairs are removed with ``bytes.replace``, every byte but quotes and brackets with
``bytes.translate``, and empty strings (``""``) with ``bytes.replace`` again, which leaves a few
bytes per chunk to walk.
"""

from __future__ import annotations

from itertools import accumulate

from contextos.ingest.streams import DamagedStream, Readable

__all__ = ["DepthGuard", "deeper_than"]

_KEEP = frozenset(b'"[]{}')
_NOT_QUOTES_OR_BRACKETS = bytes(b for b in range(256) if b not in _KEEP)
_NOT_BRACKETS = _NOT_QUOTES_OR_BRACKETS + b'"'
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


class _Scanner:
    """Depth, string and escape state carried from one chunk to the next."""

    def __init__(self, max_depth: int) -> None:
        self.max_depth = max_depth
        self.depth = 0
        self.in_string = False
        self.escaped = False  # the chunk ended inside a string on an unpaired backslash
        self.position = 0  # bytes scanned before the current chunk

    def feed(self, chunk: bytes) -> int | None:
        """Scan one chunk; the offset in it where the depth goes past the limit, or None."""
        start = (self.in_string, self.escaped, self.depth)
        brackets = self._brackets(chunk)
        opens = brackets.count(b"[") + brackets.count(b"{")
        if self.depth + opens > self.max_depth:
            peak = max(accumulate((_STEP[b] for b in brackets), initial=self.depth))
            if peak > self.max_depth:
                self.in_string, self.escaped, self.depth = start
                return self._locate(chunk)
        self.depth += 2 * opens - len(brackets)
        self.position += len(chunk)
        return None

    def _brackets(self, chunk: bytes) -> bytes:
        """The brackets of ``chunk`` that are outside strings, in order; updates the state."""
        data = chunk
        if self.escaped and data:
            data = data[1:]  # the character the previous chunk's last backslash escapes
        data = data.replace(b"\\\\", b"")
        trailing_backslash = data.endswith(b"\\")
        data = data.replace(b'\\"', b"").translate(None, _NOT_QUOTES_OR_BRACKETS)
        data = data.replace(b'""', b"")  # keeps the parity of the quotes before every bracket
        if b'"' in data:
            parts = data.split(b'"')
            data = b"".join(parts[1 if self.in_string else 0 :: 2])
            if len(parts) % 2 == 0:
                self.in_string = not self.in_string
        elif self.in_string:
            data = b""  # the whole chunk is inside one string
        self.escaped = trailing_backslash and self.in_string
        return data

    def _locate(self, chunk: bytes) -> int:
        """The exact offset of the bracket that goes too deep (slow; once, on the error)."""
        in_string, escaped, depth = self.in_string, self.escaped, self.depth
        for i, byte in enumerate(chunk):
            if in_string:
                if escaped:
                    escaped = False
                elif byte == 0x5C:
                    escaped = True
                elif byte == 0x22:
                    in_string = False
            elif byte == 0x22:
                in_string = True
            elif byte in _STEP:
                depth += _STEP[byte]
                if depth > self.max_depth:
                    return i
        return len(chunk)  # not reached: feed() saw the peak


class DepthGuard:
    """A reader passing bytes through once they are known not to nest past ``max_depth``.

    The bytes before the bracket that goes too deep are passed on (the records they complete
    are read); the next read raises :class:`DamagedStream` at that bracket's offset.
    """

    def __init__(self, raw: Readable, max_depth: int) -> None:
        self._raw = raw
        self._scanner = _Scanner(max_depth)
        self._damage: DamagedStream | None = None

    @property
    def depth(self) -> int:
        return self._scanner.depth

    def read(self, n: int = -1, /) -> bytes:
        if self._damage is not None:
            raise self._damage
        chunk = self._raw.read(n)
        if chunk:
            scanner = self._scanner
            at = scanner.feed(chunk)
            if at is not None:
                self._damage = DamagedStream(
                    f"JSON nested deeper than {scanner.max_depth} levels",
                    scanner.position + at,
                    exact=True,
                )
                if not at:
                    raise self._damage
                return chunk[:at]
        return chunk


def deeper_than(data: bytes, max_depth: int) -> int | None:
    """The offset in a whole JSON document where it nests past ``max_depth``, or None."""
    scanner = _Scanner(max_depth)
    return scanner.feed(data)
