"""What one speaker said of themselves, echoed by the next: "Me too!".

In a chat between people (not with an assistant) an exchange such as

    User 1: I play soccer. I love bluegrass music.
    User 2: Me too! What else do you listen to?

makes "User 2 loves bluegrass music" something User 2 said: the reply opens with a bare echo
("me too", "same here", "so do I"; "me neither" for a negative statement) right after another
human's turn, and the echo takes up the last sentence of that turn that states something of
its speaker in the first person ("I love ...", not "my dog ..."). Each such fact is copied with
the echoing speaker as its subject, grounded in both turns: the first speaker's words (what is
stated) and the echo (that the second speaker said it of themselves too). Only facts the
extractor put forward unflagged are echoed, at no more than the confidence of a confirmation:
an echoed "I enjoy X" stays below the USER_FACT threshold as the original does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from contextos.extract.local.conversation.confirmed import CONFIRMED_CONFIDENCE
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.sentences import segment_turn
from contextos.models.facts import CandidateFact, Evidence
from contextos.models.transcript import Turn

__all__ = ["echo_span", "echoed_facts", "resolved_pro_forms"]

_FIRST_SENTENCE = re.compile(r"[^.!?\n]*[.!?\n]*")
_NOT_A_WORD = re.compile(r"[^a-z' ]+")


def echo_span(text: str) -> tuple[tuple[int, int], bool] | None:
    """The span of ``text``'s opening sentence when it is a bare echo, and whether the echo is
    negative ("me neither"); None when the turn opens otherwise."""
    start = len(text) - len(text.lstrip())
    match = _FIRST_SENTENCE.match(text, start)
    if match is None:
        return None
    sentence = match.group().rstrip()
    words = _NOT_A_WORD.sub(" ", sentence.lower().replace("’", "'")).split()
    while words and words[0] in lx.ECHO_LEAD_INS:
        words = words[1:]
    phrase = " ".join(words)
    if phrase in lx.ECHO_AGREEMENTS:
        negative = False
    elif phrase in lx.ECHO_NEGATIVES:
        negative = True
    else:
        return None
    return (start, start + len(sentence)), negative


def _first_person(facts: Sequence[CandidateFact], stated: Turn) -> list[CandidateFact]:
    """Of ``facts``, the unflagged ones ``stated`` says of its speaker in the first person."""
    return [
        f
        for f in facts
        if f.evidence
        and f.evidence[0].turn_id == stated.id
        and not f.flags
        and f.attributes.get("subject_kind") == "self"
    ]


def _negative(fact: CandidateFact) -> bool:
    return fact.polarity == "negative"


def _last_stated(stated: Turn, facts: Sequence[CandidateFact]) -> list[CandidateFact]:
    """Of ``facts`` from ``stated``, those of the last sentence that has any."""
    starts = [s.sentence for s in segment_turn(stated.text)]

    def sentence_of(fact: CandidateFact) -> int:
        at = fact.evidence[0].start
        return max((s for s in starts if s <= at), default=0)

    if not facts:
        return []
    last = max(sentence_of(f) for f in facts)
    return [f for f in facts if sentence_of(f) == last]


def _as_said_by(text: str, stated_name: str, name: str) -> str | None:
    """``text`` ("User 1 loves X; User 1 plays Y") with ``name`` for ``stated_name`` at the
    head of each part, or None when the first speaker is named anywhere else in it."""
    parts = text.split("; ")
    if not all(p.startswith(stated_name + " ") for p in parts):
        return None
    rest = [p[len(stated_name) :] for p in parts]
    if any(stated_name in r for r in rest):
        return None
    return "; ".join(name + r for r in rest)


def echoed_facts(
    stated: Turn,
    facts: Sequence[CandidateFact],
    echo: Turn,
    span: tuple[int, int],
    negative: bool,
    who: tuple[str, str, str],
) -> Iterator[CandidateFact]:
    """Facts of ``echo``'s speaker copied from ``facts`` (the extractor's candidates of the turn
    ``stated``, before it); ``span``/``negative``: from :func:`echo_span`; ``who``: (the
    echoing speaker as the facts' subject, how the text names them, how the text names the
    first speaker)."""
    speaker, name, stated_name = who
    own = [f for f in _first_person(facts, stated) if _negative(f) == negative]
    for fact in _last_stated(stated, own):
        text = _as_said_by(fact.text, stated_name, name)
        if text is None:
            continue
        confidence = min(fact.confidence, CONFIRMED_CONFIDENCE)
        yield fact.model_copy(
            update={
                "text": text,
                "subject": speaker,
                "confidence": confidence,
                "entities": [speaker if e == fact.subject else e for e in fact.entities],
                "evidence": [*fact.evidence, Evidence.in_turn(echo, *span)],
                "valid_from": echo.timestamp,
                "attributes": {
                    **fact.attributes,
                    "echoes": stated.id,
                    "base_confidence": confidence,
                },
            },
            deep=True,
        )


#: What a pro-form standing for the other speaker's object may look like after the verb the
#: two statements share: "those", "all of those things", "do that", "doing them".
_PRO_FORM = re.compile(
    r"^(?:(?:do|doing|making|make|watch|watching|read|reading|play|playing)\s+)?"
    r"(?:all\s+(?:of\s+)?)?(?P<pro>those|these|that|this|them|it)(?:\s+(?:things|ones|stuff|too))?$"
)
_PLURAL = frozenset({"those", "these", "them"})
_TOO = re.compile(r"\s*(?:things\s+|ones\s+)?(?:too|as well|either)\b", re.IGNORECASE)
#: Preference verbs as rendered in the third person, which may differ between the two
#: statements ("I love those too" after "I like historical fiction").
_PREFERENCE_FORMS = frozenset(f"{verb}s" for verb in lx.PREFERENCE_VERBS)


def _also(echo: Turn, fact: CandidateFact) -> bool:
    """Whether the clause of ``fact`` says it holds "too": "I like those too", "I also love it"."""
    ev = fact.evidence[0]
    return bool(_TOO.match(echo.text, ev.end)) or " also " in f" {ev.quote.lower()} "


def _resolved(text: str, name: str, stated: str, stated_name: str) -> str | None:
    """``text`` ("Ana likes to do those things") with its pro-form replaced by what the
    ``stated`` fact ("Cosmo likes to read") says after the words they share, or None when the
    two do not line up."""
    mine = text[len(name) :].split()
    theirs = stated[len(stated_name) :].split()
    shared = 0
    while shared < min(len(mine), len(theirs)) and mine[shared] == theirs[shared]:
        shared += 1
    if shared == 0:  # "loves those" after "likes historical fiction": the verbs may differ
        if not (mine and theirs and {mine[0], theirs[0]} <= _PREFERENCE_FORMS):
            return None
        shared = 1
        theirs = [mine[0], *theirs[1:]]
    rest = " ".join(mine[shared:]).lower()
    if not _PRO_FORM.match(rest) or shared >= len(theirs):
        return None
    return " ".join([name, *mine[:shared], *theirs[shared:]])


def resolved_pro_forms(
    stated: Turn,
    facts: Sequence[CandidateFact],
    echo: Turn,
    vague: Sequence[CandidateFact],
    who: tuple[str, str, str],
) -> Iterator[tuple[CandidateFact, list[CandidateFact]]]:
    """For each candidate of ``vague`` (the echoing turn's, rejected as only a pronoun saying
    what they are about) that says "too" of a pro-form ("I like to read those too"), the facts
    it becomes with the other speaker's objects (``facts``: the extractor's candidates of
    ``stated``): "Ana likes to read mysteries" after Cosmo's "I like to read mysteries". A
    plural pro-form takes up every like or dislike of that turn, a singular one the last."""
    speaker, name, stated_name = who
    own = [f for f in _first_person(facts, stated) if f.category in ("like", "dislike")]
    for candidate in vague:
        if not candidate.text.startswith(name + " ") or not _also(echo, candidate):
            continue
        same = [f for f in own if _negative(f) == _negative(candidate)]
        plural = any(w in _PLURAL or w == "things" for w in candidate.text.lower().split())
        taken = same if plural else same[-1:]
        out: list[CandidateFact] = []
        for fact in taken:
            text = _resolved(candidate.text, name, fact.text, stated_name)
            if text is None:
                continue
            confidence = min(candidate.confidence, fact.confidence)
            out.append(
                candidate.model_copy(
                    update={
                        "text": text,
                        "flags": [],
                        "reject_detail": "",
                        "confidence": confidence,
                        "entities": [e for e in fact.entities if e != fact.subject],
                        "evidence": [*candidate.evidence, *fact.evidence],
                        "attributes": {
                            **candidate.attributes,
                            "object_words": fact.attributes.get("object_words", []),
                            "base_confidence": confidence,
                            "echoes": stated.id,
                        },
                    },
                    deep=True,
                )
            )
        if out:
            yield candidate, out
