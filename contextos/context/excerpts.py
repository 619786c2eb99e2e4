"""``<relevant_excerpts>``: the sentences of an episode (a hit turn and its neighbours) that
match the query, quoted, each dated and attributed, relative dates shown against the date the
turn was said ("yesterday (2023-05-07)")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from contextos.context.tokens import content_words
from contextos.models.transcript import Turn

__all__ = ["Excerpt", "annotate_relative_dates", "excerpt", "human_date", "split_sentences"]

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_RELATIVE = re.compile(
    r"\b(yesterday|today|tonight|tomorrow|last night|this morning|"
    r"(?:last|next|this) (?:week|weekend|month|year|"
    + "|".join(_WEEKDAYS)
    + r")|(\d+|a|an|one|two|three|four|five|six) (day|week|month|year)s? ago)\b",
    re.IGNORECASE,
)


_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def human_date(d: date) -> str:
    """``2 March 2025``: how dates read in the injection (words an agent and a person read
    alike, and what a question names)."""
    return f"{d.day} {_MONTHS[d.month - 1]} {d.year}"


def _month(year: int, month: int) -> str:
    return f"{_MONTHS[month - 1]} {year}"


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


def _resolve(phrase: str, said: datetime) -> str | None:
    p = phrase.casefold()
    d = said.date()
    if p in ("today", "tonight", "this morning"):
        return human_date(d)
    if p in ("yesterday", "last night"):
        return human_date(d - timedelta(days=1))
    if p == "tomorrow":
        return human_date(d + timedelta(days=1))
    m = re.fullmatch(r"(\d+|a|an|one|two|three|four|five|six) (day|week|month|year)s? ago", p)
    if m:
        n = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
        unit = m.group(2)
        if unit == "day":
            return human_date(d - timedelta(days=n))
        if unit == "week":
            return f"the week of {human_date(d - timedelta(weeks=n))}"
        if unit == "month":
            return _month(d.year + (d.month - n - 1) // 12, (d.month - n - 1) % 12 + 1)
        return str(d.year - n)
    which, _, unit = p.partition(" ")
    step = {"last": -1, "next": 1, "this": 0}[which]
    if unit in _WEEKDAYS:
        delta = (_WEEKDAYS.index(unit) - d.weekday()) % 7
        if step < 0:
            delta = delta - 7 if delta > 0 else -7
        elif step > 0 and delta == 0:
            delta = 7
        return human_date(d + timedelta(days=delta))
    if unit in ("week", "weekend"):
        return f"the week of {human_date(d + timedelta(weeks=step))}"
    if unit == "month":
        return _month(d.year + (d.month + step - 1) // 12, (d.month + step - 1) % 12 + 1)
    return str(d.year + step)


def annotate_relative_dates(sentence: str, said: datetime | None) -> str:
    """Each relative date followed by the date it means when ``said``."""
    if said is None:
        return sentence

    def add(m: re.Match[str]) -> str:
        resolved = _resolve(m.group(0), said)
        return f"{m.group(0)} ({resolved})" if resolved else m.group(0)

    return _RELATIVE.sub(add, sentence)


@dataclass(frozen=True)
class Excerpt:
    """The quoted line and the turns it quotes (conversation id, turn id)."""

    text: str
    turns: tuple[tuple[str, str], ...]
    said_at: datetime | None
    words: frozenset[str]

    @property
    def turn_ids(self) -> list[str]:
        return [t for _, t in self.turns]


def _clip(sentence: str, limit: int) -> str:
    return sentence if len(sentence) <= limit else sentence[: limit - 1].rstrip() + "…"


def excerpt(
    window: list[Turn],
    hit: Turn,
    query: str,
    *,
    sentences: int = 2,
    chars: int = 280,
    skip: frozenset[tuple[str, str]] = frozenset(),
    total_chars: int | None = None,
) -> Excerpt | None:
    """The ``sentences`` sentences of ``window`` that share most query words (the hit turn's
    best one always among them), in the order said, as one attributed, dated line. Turns in
    ``skip`` (a fact already carries them) are not quoted. With ``total_chars``, sentences
    are added best first only while the quotes stay within that many characters."""
    qwords = set(content_words(query))
    scored: list[tuple[float, int, int, str, Turn]] = []
    for ti, turn in enumerate(window):
        if (turn.conversation_id, turn.id) in skip or turn.kind != "message":
            continue
        for si, sent in enumerate(split_sentences(turn.text)):
            overlap = len(qwords & set(content_words(sent)))
            own = 0.25 if (turn.conversation_id, turn.id) == (hit.conversation_id, hit.id) else 0.0
            scored.append((overlap + own - si * 0.01, ti, si, sent, turn))
    if not scored:
        return None
    best: list[tuple[float, int, int, str, Turn]] = []
    used = 0
    for cand in sorted(scored, key=lambda s: -s[0]):
        if len(best) >= max(1, sentences):
            break
        size = min(len(cand[3]), chars)
        if best and total_chars is not None and used + size > total_chars:
            continue  # a shorter sentence further down may still fit
        best.append(cand)
        used += size
    best.sort(key=lambda s: (s[1], s[2]))
    parts: list[str] = []
    last_speaker = None
    turns: dict[tuple[str, str], None] = {}
    words: set[str] = set()
    for _, _, _, sent, turn in best:
        quote = _clip(annotate_relative_dates(sent, turn.timestamp), chars)
        prefix = f"{turn.speaker}: " if turn.speaker != last_speaker else ""
        parts.append(f'{prefix}"{quote}"')
        last_speaker = turn.speaker
        turns[(turn.conversation_id, turn.id)] = None
        words.update(content_words(sent))
    said = hit.timestamp
    stamp = f"[{human_date(said.date())}] " if said else ""
    return Excerpt(stamp + " ".join(parts), tuple(turns), said, frozenset(words))
