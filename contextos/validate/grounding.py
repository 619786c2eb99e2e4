"""Grounding: every candidate's evidence is really in the turn, and its words are the user's.

Two checks. The span check is exact: the turn exists, the offsets are inside its text, and
``turn.text[start:end] == quote``. The content check is loose on purpose: most content words of
the fact text must occur in the quoted spans (compared by a short prefix, so "works"/"working"
agree). It lets through the extractor's rewriting (pronouns to names, resolved dates) and
catches facts whose words are not in the source at all, which is what a hallucination looks like.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from contextos.models.facts import Evidence, turn_ref
from contextos.models.transcript import Turn

__all__ = ["content_support", "index_turns", "span_problem", "turn_quoted"]


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_STOP = words(
    """a an the and or but of to in on at for with by from as is are was were be been being
    has have had do does did not no this that these those it its their there they them he she
    his her him we our us you your i me my mine team s t will would can could should may might
    than then so very about into over under up down out off just also still now
    don doesn didn isn aren wasn weren hasn haven hadn won wouldn couldn shouldn cannot"""
)
_DATE_WORDS = words(
    """monday tuesday wednesday thursday friday saturday sunday january february march april may
    june july august september october november december week month year day today tomorrow
    yesterday"""
)
_PREFIX = 4


def index_turns(turns: Iterable[Turn]) -> dict[str, Turn]:
    """``turns`` for :func:`validate`: by id, and by conversation and id
    (:func:`~contextos.models.facts.turn_ref`) for evidence quoting turns of several
    conversations whose ids repeat. The first of a repeated id keeps the plain key."""
    index: dict[str, Turn] = {}
    for t in turns:
        index.setdefault(t.id, t)
        index.setdefault(turn_ref(t.conversation_id, t.id), t)
    return index


def turn_quoted(ev: Evidence, turns_by_id: Mapping[str, Turn]) -> Turn | None:
    """The turn ``ev`` quotes: by conversation and id when the index has that, else by id."""
    return turns_by_id.get(ev.turn_ref) or turns_by_id.get(ev.turn_id)


def span_problem(ev: Evidence, turns_by_id: Mapping[str, Turn]) -> str | None:
    """Why ``ev`` is not grounded in its turn, or None when it is."""
    turn = turn_quoted(ev, turns_by_id)
    if turn is None:
        return f"turn {ev.turn_id!r} is not in this conversation"
    if ev.conversation_id and turn.conversation_id and ev.conversation_id != turn.conversation_id:
        return f"turn {ev.turn_id!r} belongs to conversation {turn.conversation_id!r}"
    if not 0 <= ev.start < ev.end <= len(turn.text):
        return f"span {ev.start}:{ev.end} is outside the turn text ({len(turn.text)} chars)"
    if turn.text[ev.start : ev.end] != ev.quote:
        return f"turn text at {ev.start}:{ev.end} differs from the quoted evidence"
    return None


_SUFFIXES = ("ing", "ies", "ed", "es", "s")


def _stem(word: str) -> str:
    if word.endswith("ies") and len(word) >= 5:
        return word[:-3] + "y"  # "flies" -> "fly", "studies" -> "study" (not "fli")
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _stems(text: str) -> set[str]:
    return {_stem(t.casefold()) for t in _TOKEN.findall(text)}


def _found(word: str, source: set[str]) -> bool:
    w = _stem(word)
    if w in source:
        return True
    for s in source:
        short, long_ = (w, s) if len(w) <= len(s) else (s, w)
        if len(short) >= 3 and long_.startswith(short[:_PREFIX]):
            return True
    return False


def content_support(text: str, quotes: Iterable[str], ignore: Iterable[str] = ()) -> float:
    """Share of the content words of ``text`` found in ``quotes`` (1.0 when it has none)."""
    skip = {w.casefold() for name in ignore for w in _TOKEN.findall(name)}
    words = [
        w.casefold()
        for w in _TOKEN.findall(text)
        if w.casefold() not in _STOP
        and w.casefold() not in skip
        and w.casefold() not in _DATE_WORDS
        and not w.isdigit()
    ]
    if not words:
        return 1.0
    source = set().union(*(_stems(q) for q in quotes)) if quotes else set()
    hits = sum(1 for w in words if _found(w, source))
    return hits / len(words)
