"""What the assistant said about the user, confirmed by the user.

The assistant's words are never the user's facts on their own. But an exchange such as

    assistant: So the deadline is March 3, and you're on Postgres 15?
    user:      yes exactly

makes "Dana is on Postgres 15" something the user said: the user's reply is a bare confirmation
("yes", "exactly", "that's right") right after an assistant turn that states something about the
user in the second person. Each such statement becomes a USER_FACT written in the third person,
grounded in both turns: the assistant's words (what is stated) and the user's confirmation (that
the user said so). Only statements whose subject is the user ("you ...", "your ...") and which
are no advice ("you should ...", "you could ..."), and never anything the assistant says of
itself ("I ...", "we ...").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from contextos.extract.local.clauses.render import third_person_verbs
from contextos.extract.local.clauses.statements import analyze_sentence
from contextos.extract.local.clauses.subjects import SUBJECT_DEPS
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.nlp import doc_text
from contextos.extract.local.text.sentences import segment_turn
from contextos.models.facts import CandidateFact, Evidence, FactType
from contextos.models.transcript import Turn

__all__ = ["CONFIRMED_CONFIDENCE", "confirmation_span", "confirmed_candidates"]

#: Confidence of a confirmed statement: the user said "yes" to it, not the words themselves.
CONFIRMED_CONFIDENCE = 0.82
#: Words that say yes to what was just said.
_YES = lx.words("yes yeah yep yup yea exactly correct right indeed true absolutely")
#: Words that take the yes back or make it something else ("yes but", "not exactly").
_NOT_YES = lx.words("no nope nah not but although though except actually")
_MAX_WORDS = 6
#: Modal verbs of advice or possibility: "you should try X" is no fact about the user.
_ADVICE_MODALS = lx.words("should could might may can must would ought")
_ASSISTANT_SELF = lx.words("i me my mine we us our ours")
#: Why the statement reader skipped a clause of the assistant's that is about the listener.
_LISTENER_SKIPS = frozenset({"", "addressed to a listener", "about the assistant"})
#: Verbs that put a statement as an impression: "sounds like you ...", "seems you ...".
_IMPRESSION_VERBS = lx.words("sound seem look appear")
_WORD_CHARS = "abcdefghijklmnopqrstuvwxyz'’"


def confirmation_span(text: str) -> tuple[int, int] | None:
    """The span of ``text`` when it is a bare confirmation ("yes exactly!", "yep, that's
    right"), else None."""
    words = ["".join(ch for ch in w.lower() if ch in _WORD_CHARS) for w in text.split()]
    words = [w for w in words if w]
    if not words or len(words) > _MAX_WORDS:
        return None
    if not any(w in _YES for w in words) or any(w in _NOT_YES for w in words):
        return None
    if not all(w in lx.PHATIC_WORDS or w in _YES for w in words):
        return None
    start = len(text) - len(text.lstrip())
    return start, len(text.rstrip())


def _about_the_user(clause: Any) -> Any | None:
    """The "you" (or the noun "your" owns) a clause of the assistant's is about, when it
    states something of the user; None otherwise."""
    subj = clause.subject
    if subj is None or clause.skip not in _LISTENER_SKIPS or clause.reject or clause.hedged:
        return None
    about = subj.lower_ == "you" or any(
        c.dep_ == "poss" and c.lower_ == "your" for c in subj.children
    )
    if not about or subj.dep_ not in SUBJECT_DEPS:
        return None
    if any(t.lower_ in _ASSISTANT_SELF for t in clause.tokens):
        return None
    head = clause.head
    if any(c.dep_ == "aux" and c.lower_ in _ADVICE_MODALS for c in head.children):
        return None
    if any(c.dep_ in ("aux", "auxpass") and c.i < subj.i for c in head.children):
        return None  # "do you use Postgres?": asked, and a yes would need the question turned
    return subj


def _seemingly(doc: Any) -> Iterator[tuple[Any, str]]:
    """("you" token, text from it to the end of its clause) for each statement about the user
    put as an impression: "(it) sounds like you prefer ...", "seems you're ...", "looks like
    you've ..."."""
    for you in doc:
        verb = you.head
        if (
            you.lower_ == "you"
            and you.dep_ in SUBJECT_DEPS
            and verb.dep_ in ("ccomp", "advcl")
            and verb.head.lemma_.lower() in _IMPRESSION_VERBS
        ):
            end = max(t.idx + len(t.text) for t in verb.subtree)
            yield you, doc_text(doc)[you.idx : end]


def _rendered(clause: Any, subj: Any, name: str) -> str:
    """The clause in the third person: "you're on Postgres 15" -> "Dana is on Postgres 15"."""
    verbs = third_person_verbs(subj) if subj.lower_ == "you" else {}
    parts: list[str] = []
    for tok in clause.tokens:
        low = tok.lower_
        if low in ("you", "yourself"):
            text = name
        elif low in ("your", "yours"):
            text = f"{name}'s"
        else:
            text = verbs.get(tok.i, tok.text)
        if low.startswith(("'", "’")) and text != tok.text:
            text = " " + text  # a clitic spelled out is a word of its own
        parts.append(text + tok.whitespace_)
    words = "".join(parts).strip().rstrip("?.!,;: ")
    return words[:1].upper() + words[1:]


def confirmed_candidates(
    stated: Turn,
    confirming: Turn,
    yes: tuple[int, int],
    speaker: str,
    name: str,
    parse: Any,
) -> Iterator[CandidateFact]:
    """USER_FACT candidates from the assistant turn ``stated`` that the user's turn
    ``confirming`` says yes to; ``yes``: its span, from :func:`confirmation_span`.
    ``speaker``: the user as the facts' subject; ``name``: how the text names them; ``parse``:
    texts -> spaCy docs."""
    segments = [s for s in segment_turn(stated.text, keep_questions=True) if not s.quoted]
    docs: Sequence[Any] = parse([s.text for s in segments]) if segments else []
    read: list[tuple[int, Any]] = [
        (seg.start, doc) for seg, doc in zip(segments, docs, strict=True)
    ]
    # "it sounds like you prefer short answers": the statement is the clause "like" opens
    inner = [(start + you.idx, text) for start, doc in read for you, text in _seemingly(doc)]
    read += zip((at for at, _t in inner), parse([t for _a, t in inner]), strict=True)
    for offset, doc in read:
        for sent in doc.sents:
            for clause in analyze_sentence(sent, False):
                subj = _about_the_user(clause)
                if subj is None:
                    continue
                text = _rendered(clause, subj, name)
                if len(text.split()) < 3:
                    continue
                start = offset + clause.tokens[0].idx
                last = clause.tokens[-1]
                end = offset + last.idx + len(last.text)
                yield CandidateFact(
                    text=text,
                    type=FactType.USER_FACT,
                    subject=speaker,
                    confidence=CONFIRMED_CONFIDENCE,
                    evidence=[
                        Evidence.in_turn(stated, start, end),
                        Evidence.in_turn(confirming, *yes),
                    ],
                    valid_from=confirming.timestamp,
                    attributes={"confirmed": True},
                )
