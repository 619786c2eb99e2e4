"""USER_PATTERN detection: the same kind of request from the same speaker in 2+ turns.

The archetypal pattern in assistant chats is how the user wants answers shaped ("as bullets",
"keep it short"), repeated across turns. A request that names an answer format
(``RESPONSE_FORMAT_NOUNS``) is a signal; signals of one speaker are grouped by the format word,
and two or more distinct turns make a candidate pattern. Confidence grows with the number of
turns (2 turns: 0.77, a proposal under the 0.80 apply threshold; 3: 0.82; ...). This works over
whatever turns it is given: one window, one conversation, or several (``extract_many``).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from contextos.extract import lexicon as lx
from contextos.extract.render import display_name
from contextos.models.facts import CandidateFact, Evidence, FactType

__all__ = ["FormatSignal", "format_signals", "patterns_from_signals"]

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
#: The extractor's own words in a pattern's text (validation does not look for them in the
#: evidence, which quotes only the format words).
_TEMPLATE = "asks for answers as"
_FOLLOWERS = frozenset({"points", "point", "list", "form", "format", "summary"})
_FIRST_PERSON_START = re.compile(r"^\W*(?:i|we|my|our)\b(?!'d like you)", re.I)


@dataclass(frozen=True)
class FormatSignal:
    speaker: str
    key: str  # the format word, singular, lower case
    surface: str  # as written ("bullet points")
    evidence: Evidence


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and word[:-1] in lx.RESPONSE_FORMAT_NOUNS else word


def format_signals(
    text: str,
    start: int,
    end: int,
    speaker: str,
    conversation_id: str,
    turn_id: str,
    full_text: str,
) -> list[FormatSignal]:
    """Format-request signals in one segment ``full_text[start:end]`` (== ``text``)."""
    if _FIRST_PERSON_START.match(text):
        return []
    out: list[FormatSignal] = []
    matches = list(_WORD.finditer(text))
    for i, m in enumerate(matches):
        word = m.group(0).lower()
        if word not in lx.RESPONSE_FORMAT_NOUNS:
            continue
        key = _singular(word)
        s, e = m.start(), m.end()
        if (
            i + 1 < len(matches)
            and matches[i + 1].group(0).lower() in _FOLLOWERS
            and matches[i + 1].start() - e <= 1
        ):
            e = matches[i + 1].end()
        if key in ("word", "sentence", "example", "detail", "draft", "code", "steps"):
            continue  # too generic to name a preferred shape on their own
        ev = Evidence(
            conversation_id=conversation_id,
            turn_id=turn_id,
            start=start + s,
            end=start + e,
            quote=full_text[start + s : start + e],
        )
        out.append(FormatSignal(speaker, key, text[s:e].lower(), ev))
    return out


def patterns_from_signals(signals: list[FormatSignal], min_turns: int = 2) -> list[CandidateFact]:
    """One USER_PATTERN candidate per (speaker, format word) seen in ``min_turns``+ turns."""
    groups: dict[tuple[str, str], list[FormatSignal]] = defaultdict(list)
    for sig in signals:
        groups[(sig.speaker, sig.key)].append(sig)
    out: list[CandidateFact] = []
    for (speaker, _key), sigs in groups.items():
        by_turn: dict[str, FormatSignal] = {}
        for sig in sigs:
            by_turn.setdefault(sig.evidence.turn_id, sig)
        n = len(by_turn)
        if n < min_turns:
            continue
        surface = Counter(s.surface for s in by_turn.values()).most_common(1)[0][0]
        out.append(
            CandidateFact(
                text=f"{display_name(speaker)} {_TEMPLATE} {surface}",
                type=FactType.USER_PATTERN,
                category="like",
                subject=speaker,
                confidence=round(min(0.95, 0.67 + 0.05 * n), 3),
                importance=0.6,
                evidence=[s.evidence for s in by_turn.values()],
                attributes={"pattern": "response_format", "turns": n, "template": _TEMPLATE},
            )
        )
    return out
