"""Extraction in a worker process, overlapped with validation, embedding and writing in the
main process — the two halves of ingestion each get a core. With ``turn_share`` the worker
also embeds that share of each conversation's turns with the offline MiniLM (the costliest
step of the main process: episodes embed every message of a person), so both cores share
that work; the main process embeds the rest.

The worker is ``python -m contextos.pipeline.workers`` talking length-prefixed pickles over its
stdin/stdout (no ``multiprocessing``: it would re-import the caller's ``__main__``, which breaks
scripts and REPLs). Order is kept: results come back in the order conversations went in, so a
parallel run writes exactly what a sequential one does. The worker ignores Ctrl-C (the parent
stops it) and dies with its parent (``PR_SET_PDEATHSIG``), so it is never left behind.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import queue
import signal
import struct
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from typing import IO, Any, NamedTuple

import numpy as np

from contextos.errors import ExtractionError
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.transcript import Conversation

__all__ = ["WORKER_TURN_SHARE", "Extracted", "ExtractionPool"]

_HEADER = struct.Struct("!Q")
#: The share of each conversation's turns the worker embeds when it embeds turns. Measured
#: (bench_ingest, 100 conversations, local extractor): per turn the main process spent 19.1 ms
#: of CPU (14 of them embedding turns) and the worker 2.8; with every turn embedded by the
#: worker the split was 7.5 / 16.5 ms. About two thirds in the worker evened the two cores then;
#: since MiniLM batches texts of one length on one thread (about 10 ms of CPU per person's
#: turn), 0.65 left main at 8.2 ms per turn and the worker at 6.2, and 0.8 evens them (7.2 /
#: 6.4 ms, 105 -> 113 turns/s).
WORKER_TURN_SHARE = 0.8


class Extracted(NamedTuple):
    """A conversation's extraction, what the extractor remembers of its user once that
    conversation is read (``LocalExtractor.snapshot``: the carry-over stored with it), and
    its turns' vectors (turn id -> vector) when the worker embeds them."""

    result: ExtractionResult
    carryover: str | None
    turn_vectors: dict[str, np.ndarray] | None = None


def _send(stream: IO[bytes], obj: Any) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _receive(stream: IO[bytes]) -> Any:
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        raise EOFError
    (size,) = _HEADER.unpack(header)
    return pickle.loads(stream.read(size))


def _die_with_parent() -> None:
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)


class ExtractionPool:
    """One extraction worker running the registered extractor ``name`` (built there from
    ``settings``), with up to ``depth`` conversations in flight; with ``turn_share`` > 0 it
    also embeds that share of each conversation's turns with the offline MiniLM (the caller's
    model must be that one)."""

    def __init__(
        self, name: str, settings: Any = None, depth: int = 8, *, turn_share: float = 0.0
    ) -> None:
        self.depth = depth
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "contextos.pipeline.workers"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            preexec_fn=_die_with_parent,
            # one core is the worker's: BLAS threads beyond it would only busy-wait
            env={**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"},
        )
        self._inbox: queue.Queue[Any] = queue.Queue()
        self._writer = threading.Thread(target=self._write_loop, daemon=True)
        self._writer.start()
        self._inbox.put(("init", name, settings, turn_share))

    def _write_loop(self) -> None:
        assert self._proc.stdin is not None
        while True:
            item = self._inbox.get()
            try:
                if item is None:
                    self._proc.stdin.close()
                    return
                _send(self._proc.stdin, item)
            except (BrokenPipeError, OSError, ValueError):
                return  # the worker is gone; the reader reports it

    def _reply(self, doing: str) -> Any:
        """The worker's next answer; ``doing`` names what it was asked, for the error."""
        assert self._proc.stdout is not None
        try:
            ok, payload = _receive(self._proc.stdout)
        except (EOFError, OSError, pickle.UnpicklingError) as exc:
            raise ExtractionError(
                f"the extraction worker stopped (exit code {self._proc.poll()}) while {doing}"
            ) from exc
        if not ok:
            raise ExtractionError(f"the extraction worker failed while {doing}: {payload}")
        return payload

    def _result(self, conv: Conversation) -> Extracted:
        # a plain tuple on the wire: the worker's classes are its ``__main__``'s
        result, carryover, vectors = self._reply(f"extracting conversation {conv.id!r}")
        return Extracted(result, carryover, vectors)

    def imap(
        self, items: Iterable[tuple[Conversation, UserRef, bool]]
    ) -> Iterator[tuple[Conversation, UserRef, bool, Extracted | None]]:
        """For each ``(conversation, user, needs_extraction)``, in order, yield it back with
        its extraction and what the worker remembers of the user once it was read (``None``
        when it needed none)."""
        pending: deque[tuple[Conversation, UserRef, bool]] = deque()
        in_flight = 0

        def pop() -> tuple[Conversation, UserRef, bool, Extracted | None]:
            conv, user, needed = pending.popleft()
            return conv, user, needed, self._result(conv) if needed else None

        for conv, user, needed in items:
            if needed:
                self._inbox.put((conv, user))
                in_flight += 1
            pending.append((conv, user, needed))
            while in_flight > self.depth:
                item = pop()
                in_flight -= item[2]
                yield item
        while pending:
            yield pop()

    def restore(self, user_id: str, snapshot: str | None) -> None:
        """Have the worker's extractor read on from ``snapshot`` of what was remembered of the
        user (:class:`~contextos.extract.base.CarriesOver`); send before the user's
        conversations."""
        self._inbox.put(("restore", user_id, snapshot))

    def close(self) -> None:
        self._inbox.put(None)
        self._writer.join(timeout=10)
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait(timeout=5)
        if self._proc.stdout is not None:
            self._proc.stdout.close()

    def __enter__(self) -> ExtractionPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _worker() -> None:
    """The worker's loop. The first message, ("init", extractor name, settings, turn share),
    builds the extractor; then (conversation, user) in, (ok, (result, snapshot, turn vectors)
    or error text) out (the snapshot: what a carrying-over extractor remembers of the user once
    that conversation is read, else None; the vectors: turn id -> vector of the first
    ``turn share`` of the turns to embed, None when the share is 0); and the control message
    ("restore", user id, snapshot), which has no answer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    from contextos.extract import registry
    from contextos.extract.base import CarriesOver
    from contextos.ingest import windows
    from contextos.pipeline.conversation import embed_turns, extract_conversation, turns_to_embed

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing else may write into the result stream
    try:
        _init, name, settings, share = _receive(stdin)
    except EOFError:
        return
    extractor = registry.create(name, settings)
    embed = None
    if share > 0:
        from contextos.embeddings.minilm import default_embedder

        embed = default_embedder().embed_texts
    carrier = extractor if isinstance(extractor, CarriesOver) else None
    while True:
        try:
            message = _receive(stdin)
        except EOFError:
            return
        if message[0] == "restore":
            if carrier is not None:
                carrier.restore(message[1], message[2])
            continue
        try:
            conv, user = message
            result = extract_conversation(extractor, windows, conv, user)
            snapshot = carrier.snapshot(user.id) if carrier is not None else None
            vectors = None
            if embed is not None:
                said = turns_to_embed(conv.turns)
                vectors = embed_turns(embed, said[: round(share * len(said))])
            _send(stdout, (True, (result, snapshot, vectors)))
        except Exception as exc:  # reported to the parent, which names the conversation
            _send(stdout, (False, f"{type(exc).__name__}: {exc}"))


if __name__ == "__main__":
    _worker()
