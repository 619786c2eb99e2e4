"""The raw-turn baselines bench_context.py measures contextos against, in the same run:
BM25 over turns, MiniLM vector over turns, and reciprocal-rank fusion of both over 3-turn
windows with speaker and date. Each ranks *units* (a text and the turn ids it holds); packing
adds units best first while the lines fit the token budget."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import bm25s
import numpy as np

from contextos.context.excerpts import human_date
from contextos.embeddings.tokens import count_tokens
from contextos.models.transcript import Conversation

__all__ = ["Baselines", "Unit", "pack_units"]


@dataclass(frozen=True)
class Unit:
    text: str
    turn_ids: tuple[str, ...]


def _line(turn_date: str, speaker: str, text: str) -> str:
    return f"[{turn_date}] {speaker}: {text}" if turn_date else f"{speaker}: {text}"


class _Index:
    """BM25 (bm25s, English stop words) and cosine over one list of units."""

    def __init__(self, units: list[Unit], embed: Callable[[list[str]], np.ndarray]) -> None:
        self.units = units
        self.bm25 = bm25s.BM25()
        self.bm25.index(
            bm25s.tokenize([u.text for u in units], stopwords="en", show_progress=False),
            show_progress=False,
        )
        vecs = np.asarray(embed([u.text for u in units]), dtype=np.float32)
        self.vectors = vecs / np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)

    def lexical(self, query: str, k: int) -> list[int]:
        tokens = bm25s.tokenize([query], stopwords="en", show_progress=False, return_ids=False)
        words = [w for w in tokens[0] if w in self.bm25.vocab_dict]
        if not words:
            return []
        scores = self.bm25.get_scores(words)
        order = np.argsort(-scores)[:k]
        return [int(i) for i in order if scores[i] > 0]

    def dense(self, qvec: np.ndarray, k: int) -> list[int]:
        sims = self.vectors @ qvec
        return [int(i) for i in np.argsort(-sims)[:k]]


def _rrf(*rankings: list[int], k: float = 60.0) -> list[int]:
    score: dict[int, float] = {}
    for ranking in rankings:
        for rank, i in enumerate(ranking, 1):
            score[i] = score.get(i, 0.0) + 1.0 / (k + rank)
    return sorted(score, key=lambda i: (-score[i], i))


class Baselines:
    """The three raw-turn systems over one conversation history."""

    names = ("bm25_turns", "vector_turns", "rrf_windows3")

    def __init__(
        self, conversations: list[Conversation], embed: Callable[[list[str]], np.ndarray]
    ) -> None:
        self.embed = embed
        turns: list[Unit] = []
        windows: list[Unit] = []
        for conv in conversations:
            lines = []
            for t in conv.turns:
                day = human_date(t.timestamp.date()) if t.timestamp else ""
                lines.append((t.id, _line(day, t.speaker, t.text)))
            turns += [Unit(text, (tid,)) for tid, text in lines]
            for i in range(len(lines)):
                part = lines[max(0, i - 1) : i + 2]
                windows.append(Unit("\n".join(x for _, x in part), tuple(t for t, _ in part)))
        self.turns = _Index(turns, embed)
        self.windows = _Index(windows, embed)

    def rank(self, name: str, query: str, k: int = 60) -> list[Unit]:
        qvec = np.asarray(self.embed([query])[0], dtype=np.float32)
        qvec /= max(float(np.linalg.norm(qvec)), 1e-9)
        if name == "bm25_turns":
            return [self.turns.units[i] for i in self.turns.lexical(query, k)]
        if name == "vector_turns":
            return [self.turns.units[i] for i in self.turns.dense(qvec, k)]
        ranked = _rrf(self.windows.lexical(query, k), self.windows.dense(qvec, k))
        return [self.windows.units[i] for i in ranked[:k]]


def pack_units(units: list[Unit], max_tokens: int) -> tuple[str, set[str]]:
    """The units' lines, best first, while they fit ``max_tokens``; the turn ids they hold."""
    lines: list[str] = []
    turns: set[str] = set()
    used = 0
    for u in units:
        line = f"- {u.text}"
        cost = count_tokens(line) + 1
        if used + cost > max_tokens:
            continue
        lines.append(line)
        turns.update(u.turn_ids)
        used += cost
    return "\n".join(lines), turns
