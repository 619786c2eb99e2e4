"""A persisted, incremental BM25 index (``bm25s``) over one user's facts, entity names and
aliases, and turns.

Documents are ``(doc id, text)``; the id says the kind: ``f:`` fact id, ``t:`` turn key,
``e:`` entity key. ``bm25s`` builds static indexes, so the index is kept as two segments, like
a small log-structured store: a *main* segment and a *delta* that each ingested conversation
is added to (rebuilt, small and cheap). When the delta grows past ``merge_ratio`` of the main
(and ``merge_min`` documents), both are rebuilt as one main. A query scores both segments and
merges their hits by score (each segment has its own IDF; the delta is small, so its hits are
mostly the fresh documents a query should see anyway).

On disk (``directory``): ``main/`` and ``delta/`` (bm25s files), and ``main.docs.jsonl`` /
``delta.docs.jsonl`` — one ``[id, tokens]`` per line, what a merge rebuilds from. Each write
replaces files whole (written beside, then renamed), so a crash leaves the previous state.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import bm25s
import numpy as np

from contextos.context.tokens import content_words
from contextos.errors import StoreError

__all__ = ["LexicalIndex"]

_log = logging.getLogger(__name__)
_SEGMENTS = ("main", "delta")


class _Segment:
    """One static bm25s index and the ids of its documents, in index order."""

    def __init__(self, ids: list[str], model: bm25s.BM25 | None) -> None:
        self.ids = ids
        self.model = model

    @classmethod
    def build(cls, docs: list[tuple[str, list[str]]]) -> _Segment:
        if not docs:
            return cls([], None)
        model = bm25s.BM25()
        model.index([toks or [""] for _, toks in docs], show_progress=False)
        return cls([d for d, _ in docs], model)

    def search(self, words: list[str], k: int) -> list[tuple[str, float]]:
        if self.model is None or not self.ids:
            return []
        vocab = self.model.vocab_dict
        known = [w for w in words if w in vocab]
        if not known:
            return []
        scores = self.model.get_scores(known)
        n = min(k, len(scores))
        top = np.argpartition(-scores, n - 1)[:n]
        return [(self.ids[i], float(scores[i])) for i in top if scores[i] > 0]


_F = TypeVar("_F", bound=Callable[..., Any])


def _locked(method: _F) -> _F:
    """Run ``method`` holding the index's lock (ingest, live-turn and request threads share
    one index)."""

    @wraps(method)
    def run(self: LexicalIndex, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return run  # type: ignore[return-value]


class LexicalIndex:
    """BM25 over one user's documents, persisted in ``directory`` (created on first write);
    safe to share between threads."""

    def __init__(self, directory: Path, *, merge_ratio: float = 0.1, merge_min: int = 2000):
        self.directory = Path(directory)
        self.merge_ratio = merge_ratio
        self.merge_min = merge_min
        self._segments: dict[str, _Segment] = {}
        self._known: set[str] = set()
        self._loaded = False
        self._lock = threading.RLock()

    # -- state -----------------------------------------------------------------

    @property
    def exists(self) -> bool:
        return (self.directory / "main.docs.jsonl").is_file()

    def __len__(self) -> int:
        self._load()
        return len(self._known)

    def __contains__(self, doc_id: object) -> bool:
        self._load()
        return doc_id in self._known

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        for name in _SEGMENTS:
            self._segments[name] = self._read_segment(name)
            self._known.update(self._segments[name].ids)

    def _read_segment(self, name: str, attempts: int = 20) -> _Segment:
        """The segment as last written. Another process may be replacing it (an ingest beside
        a query): its model and its ids are renamed into place one after the other, so a read
        between the two sees them disagree, and is read again."""
        ids_file = self.directory / f"{name}.ids.json"
        for _ in range(attempts):
            if not ids_file.is_file():
                return _Segment([], None)
            try:
                ids = json.loads(ids_file.read_text(encoding="utf-8"))
                model = (
                    bm25s.BM25.load(str(self.directory / name), show_progress=False)
                    if ids
                    else None
                )
            except (OSError, ValueError) as exc:
                error: Exception = exc
            else:
                if model is None or int(model.scores["num_docs"]) == len(ids):
                    return _Segment(ids, model)
                error = ValueError(f"{len(ids)} ids for {model.scores['num_docs']} documents")
            time.sleep(0.05)
        raise StoreError(f"the lexical index in {self.directory} is unreadable: {error}")

    def _docs(self, name: str) -> list[tuple[str, list[str]]]:
        path = self.directory / f"{name}.docs.jsonl"
        if not path.is_file():
            return []
        with path.open(encoding="utf-8") as fh:
            return [tuple(json.loads(line)) for line in fh if line.strip()]  # type: ignore[misc]

    # -- writes ----------------------------------------------------------------

    @_locked
    def add(self, docs: Iterable[tuple[str, str]]) -> int:
        """Index the documents not indexed yet (a known id is skipped: facts and turns do not
        change text once stored); returns how many were added."""
        self._load()
        fresh: list[tuple[str, list[str]]] = []
        for doc_id, text in docs:
            if doc_id not in self._known:
                self._known.add(doc_id)
                fresh.append((doc_id, content_words(text)))
        if not fresh:
            return 0
        self.directory.mkdir(parents=True, exist_ok=True)
        main_n = len(self._segments["main"].ids)
        delta = self._docs("delta") + fresh
        if not self.exists or len(delta) >= max(self.merge_min, self.merge_ratio * main_n):
            self._write("main", self._docs("main") + delta)
            self._write("delta", [])
        else:
            self._append_docs("delta", fresh)
            self._write("delta", delta, docs_written=True)
        return len(fresh)

    @_locked
    def rebuild(self, docs: Iterable[tuple[str, str]]) -> int:
        """Replace the whole index with ``docs``."""
        shutil.rmtree(self.directory, ignore_errors=True)
        self._segments, self._known, self._loaded = {}, set(), False
        return self.add(docs)

    def _append_docs(self, name: str, docs: list[tuple[str, list[str]]]) -> None:
        with (self.directory / f"{name}.docs.jsonl").open("a", encoding="utf-8") as fh:
            fh.writelines(json.dumps([d, t], ensure_ascii=False) + "\n" for d, t in docs)

    def _write(
        self, name: str, docs: list[tuple[str, list[str]]], docs_written: bool = False
    ) -> None:
        segment = _Segment.build(docs)
        tmp = self.directory / f".{name}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        if segment.model is not None:
            segment.model.save(str(tmp), show_progress=False)
        else:
            tmp.mkdir(parents=True)
        target = self.directory / name
        shutil.rmtree(target, ignore_errors=True)
        os.replace(tmp, target)
        if not docs_written:
            self._replace_file(
                f"{name}.docs.jsonl",
                "".join(json.dumps([d, t], ensure_ascii=False) + "\n" for d, t in docs),
            )
        self._replace_file(f"{name}.ids.json", json.dumps(segment.ids))
        self._segments[name] = segment

    def _replace_file(self, filename: str, text: str) -> None:
        tmp = self.directory / f".{filename}.tmp"
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, self.directory / filename)

    # -- reads -----------------------------------------------------------------

    @_locked
    def search(self, text: str, k: int = 40, kinds: str = "fte") -> list[tuple[str, float]]:
        """The ``k`` best (doc id, BM25 score) for ``text``, best first, of the kinds whose
        prefix letters ``kinds`` names."""
        self._load()
        words = content_words(text)
        if not words:
            return []
        hits: list[tuple[str, float]] = []
        for name in _SEGMENTS:
            hits.extend(self._segments[name].search(words, k * 2))
        best: dict[str, float] = {}
        for doc_id, score in hits:  # an id in both segments (a merge cut short): its best
            if doc_id[0] in kinds and score > best.get(doc_id, 0.0):
                best[doc_id] = score
        return sorted(best.items(), key=lambda h: (-h[1], h[0]))[:k]
