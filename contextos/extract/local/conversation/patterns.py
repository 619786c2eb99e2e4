"""USER_PATTERN detection: the same kind of request from the same speaker in 2+ turns.

The archetypal pattern in assistant chats is how the user wants answers shaped ("as bullets",
"keep it short"), repeated across turns. Two kinds of signal:

- a request that names an answer format (``RESPONSE_FORMAT_NOUNS``), grouped by the format
  word; one asked for in lead position ("TL;DR first", "summary at the top") is asked for at
  the start of answers;
- a standing instruction: a short verbless fragment the user tacks onto requests ("Oxford
  commas as usual", "docstrings in plain English pls"), each run of content words in it a
  signal, grouped by the words (``instruction_signals``);
- in meetings, a ritual: the same lead-in label in the first or last turn of several meetings
  ("Wrap-up notes: ..." -> "closes every meeting with wrap-up notes", ``ritual_signal``);
- in assistant chats, a setting: the same situation in the first sentence of several chats
  ("on my 4am lunch", "on lunch again" -> "chats with the assistant on lunch",
  ``setting_signals``).

Signals of one speaker in two or more distinct turns make a candidate pattern. Confidence grows
with the number of turns (2 turns: 0.77, a proposal under the 0.80 apply threshold; 3: 0.82;
...), so a phrase must recur in three turns before it is applied; an answer shape asked for in
two turns is applied when the speaker asked for another shape in a third (consistency:
"bullets pls" twice and "TL;DR up top next time" once is someone particular about answers).
This works over whatever turns it is given: one window, one conversation, or several
(``extract_many``).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.nlp import doc_text
from contextos.extract.local.text.sentences import is_question
from contextos.models.extraction import display_name
from contextos.models.facts import CandidateFact, Evidence, FactType, Rendering

__all__ = [
    "FormatSignal",
    "format_signals",
    "instruction_signals",
    "patterns_from_signals",
    "ritual_signal",
    "setting_signals",
    "signal_group",
]

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*(?:;[A-Za-z]+)?")  # "TL;DR" is one word
#: The extractor's own words in a pattern's text, per kind of signal (validation does not look
#: for them in the evidence, which quotes only the format or instruction words).
_TEMPLATES = {
    "format": "asks for answers as",
    "lead": "asks for answers to start with a",
    "length": "asks for answers to be",
    "instruction": "asks for",
    "opening": "opens every meeting with",
    "closing": "closes every meeting with",
    "setting": "chats with the assistant",
}
#: The template of a format asked for by a speaker who also asked for short answers.
_SHORT_AS = "asks for short answers as"
_PATTERN_NAMES = {
    "instruction": "standing_instruction",
    "opening": "ritual",
    "closing": "ritual",
    "setting": "chat_setting",
}
#: Where or when a chat starts from, in its first turn: "on my 4am lunch", "on the tram",
#: "another lunch, another chat" (the preposition and article are kept, modifiers are not).
_SETTING = re.compile(
    r"(?:\b(on|at|during|from)\s+(?:(my|the|a|an)\s+)?(?:[\w-]+\s+)?)?\b("
    + "|".join(sorted(lx.SITUATION_NOUNS))
    + r")\b",
    re.I,
)
#: "first", "at the top", "on top", "up front" right after a format word: lead position.
_LEAD = re.compile(r"\s*(?:first\b|(?:at|on) (?:the )?top\b|up front\b|at the start\b)", re.I)
#: A pattern quotes at most this many turns, the first it was seen in: by then its confidence is
#: at its cap, and a request repeated in hundreds of chats is one pattern, not hundreds of
#: evidence spans (nor, across conversations, put forward again with each one).
MAX_EVIDENCE_TURNS = 6
#: Added to an answer-shape pattern when the speaker asked for another shape in a further
#: turn ("as bullets" twice, "TL;DR version pls" once more): they are particular about answers.
CONSISTENCY_BONUS = 0.05
#: Punctuation that ends the part of a sentence a plea may make an instruction of.
_CHUNK_ENDS = frozenset({",", ";", ":", "—", "–", "-", "--"})
#: At most this many words in a fragment read as a standing instruction.
_MAX_FRAGMENT_WORDS = 8
_FOLLOWERS = frozenset({"points", "point", "list", "form", "format", "summary"})
#: How long the user wants answers: "short pls", "shorter answers pls", "keep it brief".
_LENGTH = re.compile(
    r"\b(short|brief|concise)(?:er)?\b(?!\s+(?:on|of|term|notice|list)\b)"
    r"|\b(?:no|not|less)\s+(?:so\s+)?(long|lengthy|wordy)\s+(?:essays?|answers?|replies|"
    r"responses?|explanations?)\b",
    re.I,
)
#: Words after a length word that say it is the answer's ("short replies", "a brief one").
_ANSWER_NOUNS = frozenset(
    {"answer", "answers", "reply", "replies", "response", "responses", "version", "one"}
)
#: At most this many words in a request that is only a length ("short pls", "brief please").
_LENGTH_FRAGMENT_WORDS = 4
_FIRST_PERSON_START = re.compile(r"^\W*(?:i|we|my|our)\b(?!'d like you)", re.I)
#: Words before a format noun that make it one particular thing already there ("drop that
#: bullet", "the table in section 2"), not the shape the user wants answers in.
_PARTICULAR = frozenset({"that", "this", "these", "those", "the", "your", "my", "our", "its"})
#: Words before a format noun in a question that ask for that shape ("a checklist", "as bullets").
_ASKED_FOR = frozenset({"a", "an", "as", "in", "into"})


@dataclass(frozen=True)
class FormatSignal:
    speaker: str
    key: str  # the format word, singular, lower case (or the instruction's words)
    surface: str  # as written ("bullet points")
    evidence: Evidence
    kind: str = "format"  # format | lead | instruction


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
    asked: bool = False,
) -> list[FormatSignal]:
    """Format-request signals in one segment ``full_text[start:end]`` (== ``text``). In a
    question (``asked``) only a shape asked for counts ("a checklist", "as bullets", "in a
    table"), not one asked about ("is the users table indexed?")."""
    if _FIRST_PERSON_START.match(text):
        return []
    out: list[FormatSignal] = []
    matches = list(_WORD.finditer(text))
    for i, m in enumerate(matches):
        word = m.group(0).lower()
        if word not in lx.RESPONSE_FORMAT_NOUNS:
            continue
        before = (
            matches[i - 1].group(0).lower()
            if i > 0 and not text[matches[i - 1].end() : m.start()].strip()
            else ""
        )
        if before in _PARTICULAR or (asked and before not in _ASKED_FOR):
            continue
        key = _singular(word)
        s, e = m.start(), m.end()
        if (
            i + 1 < len(matches)
            and matches[i + 1].group(0).lower() in _FOLLOWERS
            and matches[i + 1].start() - e <= 1
        ):
            e = matches[i + 1].end()
        if key in ("word", "sentence", "example", "detail", "draft", "code", "steps", "format"):
            continue  # too generic to name a preferred shape on their own
        ev = _evidence(conversation_id, turn_id, full_text, start + s, start + e)
        kind = "lead" if _LEAD.match(text, e) else "format"
        out.append(FormatSignal(speaker, key, text[s:e].lower(), ev, kind))
    out.extend(_length_signals(text, start, speaker, conversation_id, turn_id, full_text))
    return out


def _length_signals(
    text: str, start: int, speaker: str, conversation_id: str, turn_id: str, full_text: str
) -> list[FormatSignal]:
    """A length asked of the answer: the length word names an answer ("shorter answers pls",
    "a brief one"), or the request is little more than it ("short pls", "keep it brief")."""
    words = [w.group(0).lower() for w in _WORD.finditer(text)]
    requested = bool(lx.REQUEST_MARKERS.intersection(words))
    out: list[FormatSignal] = []
    for m in _LENGTH.finditer(text):
        if m.group(1) is None:  # "no long walls of text": the answer names itself
            ev = _evidence(conversation_id, turn_id, full_text, start + m.start(), start + m.end())
            out.append(FormatSignal(speaker, "short", "short", ev, "length"))
            continue
        after = _WORD.match(text, m.end() + 1) if m.end() < len(text) else None
        names_answer = after is not None and after.group(0).lower() in _ANSWER_NOUNS
        if not (names_answer or (requested and len(words) <= _LENGTH_FRAGMENT_WORDS)):
            continue
        ev = _evidence(conversation_id, turn_id, full_text, start + m.start(1), start + m.end(1))
        out.append(FormatSignal(speaker, "short", m.group(1).lower(), ev, "length"))
    return out


def instruction_signals(
    doc: Any, start: int, speaker: str, conversation_id: str, turn_id: str, full_text: str
) -> list[FormatSignal]:
    """Standing-instruction signals in one parsed segment ``doc`` (at ``start`` in
    ``full_text``): nothing unless it is a short fragment without a verb ("Oxford commas as
    usual"); then each run of content words (nouns, names, adjectives; format words, request
    words and acronym-free lone adjectives aside) is one signal."""
    if is_question(doc_text(doc)):
        return []
    tokens = list(doc)
    if not _verbless_fragment(tokens):
        # "Oxford commas please — it bugs me no end": the plea before the dash
        cut = next(
            (k for k, t in enumerate(tokens) if t.text in _CHUNK_ENDS and t.tag_ != "HYPH"),
            len(tokens),
        )
        tokens = tokens[:cut]
        if not (_verbless_fragment(tokens) and any(t.norm_ in lx.REQUEST_MARKERS for t in tokens)):
            return []
    runs: list[list[Any]] = []
    current: list[Any] = []
    for tok in tokens:
        if _instruction_word(tok):
            current.append(tok)
            continue
        if current:
            runs.append(current)
        current = []
    if current:
        runs.append(current)
    out: list[FormatSignal] = []
    for run in runs:
        if not any(t.pos_ in ("NOUN", "PROPN") or not t.text.isalpha() or _proper(t) for t in run):
            continue  # "short" alone is a style, not an instruction to remember word for word
        s, e = run[0].idx, run[-1].idx + len(run[-1].text)
        ev = _evidence(conversation_id, turn_id, full_text, start + s, start + e)
        surface = doc_text(doc)[s:e]
        out.append(FormatSignal(speaker, surface.lower(), surface, ev, "instruction"))
    return out


def _proper(tok: Any) -> bool:
    """A capitalised adjective inside a sentence: a language or a people ("proper Esperanto")."""
    return tok.pos_ == "ADJ" and tok.text[:1].isupper() and tok.i > tok.sent.start


def _verbless_fragment(tokens: list[Any]) -> bool:
    words = [t for t in tokens if not t.is_punct]
    return 0 < len(words) <= _MAX_FRAGMENT_WORDS and not any(
        t.pos_ in ("VERB", "AUX") and t.norm_ not in lx.REQUEST_MARKERS  # "commas please"
        for t in tokens
    )


def setting_signals(
    text: str, speaker: str, conversation_id: str, turn_id: str
) -> list[FormatSignal]:
    """Where or when the user is as a chat starts ("hi, on my 4am lunch so typing quickly"), read
    from the first sentence of the chat's first turn: one signal per situation noun."""
    first = re.split(r"(?<=[.!?])\s+|\n", text, maxsplit=1)[0]
    out: list[FormatSignal] = []
    for m in _SETTING.finditer(first):
        noun = m.group(3).lower()
        prep, article = (m.group(1) or "").lower(), (m.group(2) or "").lower()
        words = [prep, "the" if article in ("the", "a", "an") else "", noun] if prep else [noun]
        surface = " ".join(w for w in words if w)
        ev = _evidence(conversation_id, turn_id, text, m.start(3), m.end(3))
        out.append(FormatSignal(speaker, noun, surface, ev, "setting"))
    return out


def ritual_signal(
    label: tuple[int, str], kind: str, speaker: str, conversation_id: str, turn_id: str, text: str
) -> FormatSignal:
    """A meeting's first or last turn opening with a label ("Wrap-up notes: ..."), ``kind``
    "opening" or "closing": the same label there in several meetings is how the speaker runs
    them ("closes every meeting with action items")."""
    start, words = label
    ev = _evidence(conversation_id, turn_id, text, start, start + len(words))
    return FormatSignal(speaker, words.lower(), words.lower(), ev, kind)


def _evidence(conversation_id: str, turn_id: str, full_text: str, start: int, end: int) -> Evidence:
    return Evidence(
        conversation_id=conversation_id,
        turn_id=turn_id,
        start=start,
        end=end,
        quote=full_text[start:end],
    )


def _instruction_word(tok: Any) -> bool:
    return (
        tok.pos_ in ("NOUN", "PROPN", "ADJ", "X")
        and not tok.is_stop
        and tok.lower_ not in lx.RESPONSE_FORMAT_NOUNS
        and tok.norm_ not in lx.REQUEST_MARKERS
        and tok.lower_ not in lx.PHATIC_WORDS
        and tok.lemma_.lower() not in lx.SITUATION_NOUNS  # "another lunch, another chat"
    )


def signal_group(sig: FormatSignal) -> tuple[str, str, str]:
    """The pattern a signal counts towards: (speaker, key, family); a format asked for in lead
    position and one asked for anywhere are one family."""
    return sig.speaker, sig.key, sig.kind if sig.kind in _PATTERN_NAMES else "format"


def patterns_from_signals(
    signals: list[FormatSignal], min_turns: int = 2, names: Mapping[str, str] | None = None
) -> list[CandidateFact]:
    """One USER_PATTERN candidate per (speaker, format word) seen in ``min_turns``+ turns,
    quoting the first :data:`MAX_EVIDENCE_TURNS` of them.
    ``names`` maps a speaker to how the text names them, when not by their given name."""
    groups: dict[tuple[str, str, str], list[FormatSignal]] = defaultdict(list)
    #: per speaker, the turns asking for any shape of answer
    shaped: dict[str, set[str]] = defaultdict(set)
    for sig in signals:
        group = signal_group(sig)
        groups[group].append(sig)
        if group[2] == "format":
            shaped[sig.speaker].add(sig.evidence.turn_ref)
    #: per speaker, the first time they asked for short answers ("no long walls of text pls")
    short = {g[0]: sigs[0] for g, sigs in groups.items() if g[1:] == ("short", "format")}
    out: list[CandidateFact] = []
    for (speaker, key, family), sigs in groups.items():
        by_turn: dict[str, FormatSignal] = {}
        for sig in sigs:
            by_turn.setdefault(sig.evidence.turn_ref, sig)
        n = len(by_turn)
        if n < min_turns:
            continue
        confidence = min(0.95, 0.67 + 0.05 * n)
        if family == "format" and shaped[speaker] - by_turn.keys():
            confidence += CONSISTENCY_BONUS  # "bullets" twice, and "TL;DR" in another turn
        surfaces = Counter(s.surface for s in by_turn.values())
        if family == "setting":  # a phrase with its preposition beats the bare noun
            placed = Counter({k: v for k, v in surfaces.items() if " " in k})
            surface = placed.most_common(1)[0][0] if placed else f"during {key}s"
        else:
            surface = surfaces.most_common(1)[0][0]
        kind = Counter(s.kind for s in by_turn.values()).most_common(1)[0][0]
        template = _TEMPLATES[kind]
        evidence = [s.evidence for s in list(by_turn.values())[:MAX_EVIDENCE_TURNS]]
        if kind == "format" and speaker in short:  # one shape: "short answers as bullets"
            template = _SHORT_AS
            evidence.append(short[speaker].evidence)
        pattern = _PATTERN_NAMES.get(kind, "response_format")
        out.append(
            CandidateFact(
                text=f"{(names or {}).get(speaker) or display_name(speaker)} {template} {surface}",
                type=FactType.USER_PATTERN,
                category="like",
                subject=speaker,
                confidence=round(min(0.95, confidence), 3),
                importance=0.6,
                evidence=evidence,
                rendering=Rendering(template=template),
                attributes={"pattern": pattern, "turns": n},
            )
        )
    # "asks for answers to be short" is said by "asks for short answers as bullets" as surely
    combined = {f.subject: f.confidence for f in out if f.rendering.template == _SHORT_AS}
    return [
        f
        for f in out
        if not (
            f.rendering.template == _TEMPLATES["length"]
            and combined.get(f.subject, 0.0) >= f.confidence
        )
    ]
