"""Streaming JSON with ijson: top-level records one at a time, never the whole file.

The C backend (``yajl2_c``) is used when present, else whatever ijson finds best. Numbers are
read as floats (``use_float``), which is several times faster than Decimal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import ijson

from contextos.errors import InputError
from contextos.ingest.filecontext import FileContext
from contextos.ingest.jsondepth import DepthGuard
from contextos.ingest.streams import DamagedStream, Utf8Guard

__all__ = ["BACKEND", "JSON_ERRORS", "guarded_records", "iter_records", "top_level_type"]

T = TypeVar("T")

try:
    BACKEND: Any = ijson.get_backend("yajl2_c")
except Exception:  # pragma: no cover - depends on the platform's wheels
    BACKEND = ijson

JSON_ERRORS: tuple[type[BaseException], ...] = (ijson.JSONError, ijson.IncompleteJSONError)


def top_level_type(guard: Utf8Guard) -> tuple[str, bytes]:
    """``'['``, ``'{'``, another first character, or ``''`` for empty; and the bytes read."""
    buf = b""
    while True:
        chunk = guard.read(1 << 16)
        if not chunk:
            return "", buf
        buf += chunk
        stripped = buf.lstrip()
        if stripped:
            return chr(stripped[0]), buf


class _Prefixed:
    """A reader that first replays bytes already consumed, then continues with the stream."""

    def __init__(self, head: bytes, guard: Utf8Guard) -> None:
        self._head = head
        self._guard = guard

    def read(self, n: int = -1, /) -> bytes:
        if n == 0:
            return b""
        if self._head:
            out, self._head = self._head, b""
            return out
        return self._guard.read(n)


def _first_line(exc: BaseException) -> str:
    """yajl's message without its multi-line caret diagram."""
    return next(iter(str(exc).strip().splitlines()), type(exc).__name__)


def _drained(raw: Any) -> DamagedStream | None:
    """For a zip member: read it to its end, so its CRC is checked; the damage found, if any.

    A JSON error in a zip member is often the symptom of corrupt bytes: the CRC names the cause.
    """
    verify = getattr(raw, "verify", None)
    if verify is None:
        return None
    try:
        verify()
    except DamagedStream as exc:
        return exc
    return None


def iter_records(
    ctx: FileContext, *, list_prefix: str = "item", object_prefix: str = ""
) -> Iterator[tuple[int, Any]]:
    """Yield ``(index, record)`` for a JSON file holding a list of records or a single object.

    A top-level list yields its items (``list_prefix``); a top-level object yields the value at
    ``object_prefix`` (``''``: the object itself; ``'history.item'``: each element of its
    ``history`` list). Damage (invalid or truncated JSON, nesting deeper than
    ``max_json_depth``, a corrupt zip member) before the first record raises
    :class:`InputError` (nothing was yielded); after it, the file is partial: the records
    before the damage were yielded, :meth:`FileContext.broke` records where it broke.
    """
    with ctx.source.open() as raw:
        guard = Utf8Guard(raw)
        first, head = top_level_type(guard)
        if first == "":
            raise InputError(ctx.label, "file is empty")
        if first == "[":
            prefix = list_prefix
        elif first == "{":
            prefix = object_prefix
        else:
            raise InputError(ctx.label, "not a JSON list or object", where="byte 0")
        stream = DepthGuard(_Prefixed(head, guard), ctx.options.max_json_depth)
        count = 0
        try:
            for record in BACKEND.items(stream, prefix, use_float=True):
                yield count, record
                count += 1
        except JSON_ERRORS as exc:
            damage = _drained(raw)
            if damage is None:
                problem = f"truncated or invalid JSON ({_first_line(exc)})"
                damage = DamagedStream(problem, guard.position)
            _broke(ctx, damage, count)
        except DamagedStream as exc:
            _broke(ctx, exc, count)
        finally:
            if guard.replaced:
                ctx.warn("", "invalid UTF-8 bytes were replaced with U+FFFD")


def _broke(ctx: FileContext, damage: DamagedStream, count: int) -> None:
    """Damage before the first record refuses the file; after it, the file is partial."""
    if count == 0:
        raise InputError(ctx.label, damage.problem, where=damage.where) from None
    ctx.broke(damage.where, damage.position, count, damage.problem)


def guarded_records(
    ctx: FileContext,
    build: Callable[[Any, int, FileContext], T | None],
    *,
    noun: str = "conversation",
    object_prefix: str = "",
) -> Iterator[T]:
    """What ``build(record, index, ctx)`` makes of each record of :func:`iter_records`.

    None results are left out; a record that ``build`` fails on is skipped with a warning at
    ``<noun> #<index>`` (see :meth:`FileContext.guard`).
    """
    for index, record in iter_records(ctx, object_prefix=object_prefix):
        item = ctx.guard(f"{noun} #{index}", build, record, index, ctx)
        if item is not None:
            yield item
