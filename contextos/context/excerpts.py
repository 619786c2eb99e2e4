"""``<relevant_excerpts>``: the sentences of an episode (a hit turn and its neighbours) that
match the query, quoted, each dated and attributed, implied dates shown against the date the
turn was said ("yesterday (7 May 2023)", ``dates.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from contextos.context.dates import annotate_dates, annotate_relative_dates, human_date
from contextos.context.tokens import content_words
from contextos.models.transcript import Turn

__all__ = ["Excerpt", "annotate_relative_dates", "excerpt", "human_date", "split_sentences"]

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


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


Scored = tuple[float, int, int, str, Turn]  # score, turn index, sentence index, text, turn


def _forced(
    scored: list[Scored], window: list[Turn], hit_at: int, whole_turn_chars: int, reply_chars: int
) -> list[Scored]:
    """The sentences quoted whatever the query: the hit turn whole when it is short (its
    exact words, not the one sentence that shares a query word), and when it ends with a
    question, the opening of the next turn — the answer to it, by another speaker."""
    hit = window[hit_at]
    out: list[Scored] = []
    if whole_turn_chars and len(hit.text) <= whole_turn_chars:
        out += [c for c in scored if c[1] == hit_at]
    own = [c for c in scored if c[1] == hit_at]
    asks = bool(own) and own[-1][3].endswith("?")
    nxt = hit_at + 1
    if reply_chars and asks and nxt < len(window) and window[nxt].speaker != hit.speaker:
        used = 0
        for c in sorted((c for c in scored if c[1] == nxt), key=lambda c: c[2]):
            if used and used + len(c[3]) > reply_chars:
                break
            out.append(c)
            used += len(c[3])
    return out


def excerpt(
    window: list[Turn],
    hit: Turn,
    query: str,
    *,
    sentences: int = 2,
    chars: int = 280,
    skip: frozenset[tuple[str, str]] = frozenset(),
    total_chars: int | None = None,
    whole_turn_chars: int = 0,
    reply_chars: int = 0,
) -> Excerpt | None:
    """The ``sentences`` sentences of ``window`` that share most query words (the hit turn's
    best one always among them), in the order said, as one attributed, dated line. Turns in
    ``skip`` (a fact already carries them) are not quoted. With ``total_chars``, sentences
    are added best first only while the quotes stay within that many characters.

    ``whole_turn_chars``: a hit turn this short is quoted whole (then the ``sentences`` are
    those of its neighbours that share a query word); ``reply_chars``: a hit turn ending with
    a question brings the next turn's opening sentences, up to that many characters."""
    qwords = set(content_words(query))
    scored: list[Scored] = []
    hit_at = -1
    for ti, turn in enumerate(window):
        if (turn.conversation_id, turn.id) == (hit.conversation_id, hit.id):
            hit_at = ti
        if (turn.conversation_id, turn.id) in skip or turn.kind != "message":
            continue
        for si, sent in enumerate(split_sentences(turn.text)):
            overlap = len(qwords & set(content_words(sent)))
            own = 0.25 if ti == hit_at else 0.0
            scored.append((overlap + own - si * 0.01, ti, si, sent, turn))
    if not scored:
        return None
    best = _forced(scored, window, hit_at, whole_turn_chars, reply_chars) if hit_at >= 0 else []
    used = sum(min(len(c[3]), chars) for c in best)
    forced = len(best)
    taken = {(c[1], c[2]) for c in best}
    for cand in sorted(scored, key=lambda s: -s[0]):
        if len(best) - forced >= max(1 if not forced else 0, sentences):
            break
        if (cand[1], cand[2]) in taken or (forced and cand[0] < 0.5):
            continue  # beside a forced quote, only sentences that share a query word
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
        quote = _clip(annotate_dates(sent, turn.timestamp), chars)
        prefix = f"{turn.speaker}: " if turn.speaker != last_speaker else ""
        parts.append(f'{prefix}"{quote}"')
        last_speaker = turn.speaker
        turns[(turn.conversation_id, turn.id)] = None
        words.update(content_words(sent))
    said = hit.timestamp
    stamp = f"[{human_date(said.date())}] " if said else ""
    return Excerpt(stamp + " ".join(parts), tuple(turns), said, frozenset(words))
