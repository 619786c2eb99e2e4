"""Benchmark data for bench_context.py: long two-person conversations (the longconv format)
and the gold scenarios, as one shape — conversations to ingest, turns for the baselines,
questions with gold evidence turn ids and short answers."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from contextos.evaluation.datasets import load_scenario
from contextos.models.transcript import Conversation, Turn

__all__ = ["BenchSet", "Question", "answer_in", "load_longconv", "load_scenario_set"]


@dataclass(frozen=True)
class Question:
    id: str
    category: str
    question: str
    answer: str | None
    evidence: tuple[str, ...]


@dataclass
class BenchSet:
    """One conversation history of one user and its questions."""

    id: str
    user_id: str
    user_name: str
    conversations: list[Conversation]
    questions: list[Question] = field(default_factory=list)

    @property
    def turns(self) -> list[Turn]:
        return [t for c in self.conversations for t in c.turns]


def _date(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        d = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        import dateparser

        d = dateparser.parse(value)
        if d is None:
            return None
    return d if d.tzinfo else d.replace(tzinfo=UTC)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "user"


def load_longconv(path: Path) -> BenchSet:
    """A long-conversation file: each session one Conversation; both speakers are people
    (role ``user``), the file's ``user`` the one whose memory it is."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    user = raw.get("user") or raw["speakers"][0]
    if isinstance(user, dict):
        user_id, user_name = _slug(str(user.get("id") or user["name"])), str(user["name"])
    else:
        user_name = str(user)
        user_id = _slug(user_name)
    convs = []
    for session in raw["sessions"]:
        when = _date(session.get("date"))
        cid = f"{raw['id']}:{session['id']}"
        turns = [
            Turn(
                id=str(t["id"]),
                conversation_id=cid,
                index=i,
                role="user",
                speaker=str(t["speaker"]),
                text=str(t["text"]),
                timestamp=when,
            )
            for i, t in enumerate(session["turns"])
        ]
        convs.append(
            Conversation(id=cid, source="transcript", title=cid, created_at=when, turns=turns)
        )
    questions = [
        Question(
            id=str(q.get("id", n)),
            category=str(q.get("category", "")),
            question=str(q["question"]),
            answer=None if q.get("answer") is None else str(q["answer"]),
            evidence=tuple(str(e) for e in q.get("evidence") or []),
        )
        for n, q in enumerate(raw.get("questions") or [])
    ]
    return BenchSet(str(raw["id"]), user_id, user_name, convs, questions)


def load_scenario_set(path: Path) -> BenchSet:
    """A gold scenario (FORMAT.md) and its ``gold.questions``."""
    sc = load_scenario(path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    questions = [
        Question(
            id=f"{sc.id}#{n}",
            category=str(q.get("kind", "")),
            question=str(q["q"]),
            answer=None if q.get("answer") is None else str(q["answer"]),
            evidence=tuple(str(e) for e in q.get("evidence") or []),
        )
        for n, q in enumerate(raw.get("gold", {}).get("questions") or [])
    ]
    return BenchSet(sc.id, sc.user.id, sc.user.name, sc.conversations, questions)


_NORM = re.compile(r"[^a-z0-9]+")
_ARTICLES = re.compile(r"\b(a|an|the)\b")


def normalise(text: str) -> str:
    return " ".join(_NORM.sub(" ", _ARTICLES.sub(" ", text.casefold())).split())


def answer_in(answer: str, context: str) -> bool:
    """Whether the gold answer is in the context: its normalised words, in order (case,
    punctuation and articles ignored)."""
    a = normalise(answer)
    return bool(a) and f" {a} " in f" {normalise(context)} "
