"""Statements the speaker's next turn takes back.

"Also I put my old coach Bertrand on the party list this morning." — "Actually scrap that,
we're not asking Bertrand." A fact read from the first turn is not what the speaker holds
true: the next turn retracts it. "Correction: Oswin formally became my mentor on 9 March"
does the same to "My new mentor is Oswin Brannock, since 2 March".

A retraction is a turn of the same speaker, the next one they say (assistant replies between
are fine), that opens with a phrase taking something back ("scrap that", "scratch that",
"correction:", "I take that back", "that's wrong", "my mistake"...). It takes back the facts
of the turn before that share a name or a number with the sentence it opens ("Bertrand", "March"),
or, when that sentence names nothing ("Scrap that."), the facts of the turn's last sentence.
Facts read from a phrase that only introduces someone ("my old coach Bertrand" -> "Bertrand is
Dan's old coach") stay: the retraction takes back the statement, not who the people in it are.

A speaker also corrects themselves inside one turn: "Also, Hortense is moving to Antwerp. Wait,
no, sorry, it's her son Casimir who's moving." A sentence that opens with such a phrase,
or with "wait, no" / "no wait" / "sorry, no", takes back the sentence right before it, by the
same rule (a shared name or number, or everything when it names nothing).

Retracted facts are flagged ``retracted`` and kept as rejections, never silently dropped. A
conversation that grows turn by turn is extracted again whole, so a fact stored before its
retraction arrived is found again, flagged, and ended in the graph at the retraction
(``ConversationPipeline``: ``valid_to`` set, nothing replaces it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from contextos.models.facts import CandidateFact, CandidateFlag
from contextos.models.transcript import Conversation, Turn

__all__ = [
    "Corrected",
    "FROM_PHRASE",
    "TakenBack",
    "corrected_in_turn",
    "flag_retracted",
    "retraction",
    "taken_back",
]

#: Marks a fact read from a phrase that introduces someone, not from what a sentence states.
FROM_PHRASE = "from_phrase"

_OPENER = re.compile(
    r"""(?ix)
    ^\W*
    (?:(?:oh|ah|ok|okay|actually|wait|hmm+|um+|erm|uh|sorry|no|nope|so|quick|small)[\s,.!-]+)*
    (?:
        (?:scrap|scratch|strike|forget|ignore|disregard)\s+
            (?:that|this|what\s+i\s+(?:just\s+)?(?:said|wrote)|my\s+last(?:\s+message)?)\b
      | correction\b
      | i\s+take\s+(?:that|it)\s+back\b
      | i\s+(?:was\s+wrong|misspoke|got\s+that\s+wrong)\b
      | that(?:'s|’s|\s+is|\s+was)\s+(?:wrong|not\s+right|not\s+true|incorrect)\b
      | my\s+(?:mistake|bad)\b
      | (?P<myself>i\s+(?:must|should|need\s+to|have\s+to)\s+correct\s+myself\b
            (?:\s+(?:on|about)\s+[^:.!?\n]{1,30})?)
    )
    [\s,.:;!-]*
    """
)
#: A sentence correcting the one before it in the same turn: "wait, no" / "no, wait" /
#: "sorry, no" ("no" alone answers a question; "wait" alone pauses), "scratch that",
#: "correction", "I misspoke". ("That's wrong" there judges what the sentence before told.)
_SELF_CORRECTION = re.compile(
    r"""(?ix)
    ^\W*
    (?:(?:oh|ah|ok|okay|actually|hmm+|um+|erm|uh)[\s,.!-]+)*
    (?:
        (?:wait|hold\s+on|hang\s+on|sorry)[\s,.!-]+(?:no|nope)\b
      | (?:no|nope)[\s,.!-]+(?:wait|sorry)\b
      | (?:scrap|scratch|strike)\s+that\b
      | correction\b
      | i\s+(?:misspoke|got\s+that\s+wrong)\b
    )
    [\s,.:;!-]*
    """
)
#: A sentence denying what the one before it reports: "which is NOT true", "which is a lie"
#: (a relative "which" can only mean the sentence before); "that's not true" / "that's a lie"
#: too when the sentence before reports someone's words (:data:`_REPORTING`).
_DENIAL = re.compile(
    r"""(?ix)
    ^\W*(?P<which>which|that)
    (?:
        (?:'s|’s|\s+is|\s+was)\s+
        (?:
            not\s+(?:even\s+)?(?:true|the\s+case)
          | (?:a\s+)?(?:total\s+|complete\s+)?(?:lie|myth|rumou?r)
          | false | untrue | rubbish | nonsense | bs | bollocks | bullshit
        )
      | \s+(?:is|was)n['’]t\s+(?:even\s+)?(?:true|the\s+case)
    )\b
    [\s,.:;!-]*
    """
)
#: Words of a sentence that reports what someone said or thinks.
_REPORTING = re.compile(
    r"\b(?:said|says|say|told|tells|tell|thinks|think|thought|claims?|claimed|reckons?|heard|"
    r"apparently|rumou?r|posted|wrote|accused|accuses)\b",
    re.I,
)
#: A first sentence that only pauses ("...wait.", "Hang on!", "hmm, actually."): what the turn
#: goes on to take back is the turn before, once it has said why ("Just checked the match
#: list. We're in Dundee that day. Scratch that.").
_PAUSE = re.compile(
    r"^\W*(?:(?:wait|hang\s+on|hold\s+on|hmm+|oh\s+no|oops|uh\s+oh|actually)[\s,]*)+[.!…]+\s+",
    re.I,
)
#: How many sentences after a pause may come before its retraction.
_PAUSE_REACH = 3
#: What a correction says was wrong: the name or number after its "not" ("Florian is from
#: Bruges, not Antwerp").
_NOT_THAT = re.compile(r"\bnot\s+(?:in\s+|at\s+|from\s+|on\s+|the\s+)?([A-Z][\w'’-]*|\d[\w/:.-]*)")
#: A short reaction sentence before a retraction: up to three words ("...ugh, true.", "Hmm.").
_REACTION = re.compile(r"^\W*(?:[a-z]+[\s,]*){1,3}[.!]+\s+", re.I)
#: How many turns of other people may come between a turn and its speaker's retraction.
OTHERS_BETWEEN = 2
#: Capitalised words that open a sentence without naming anything.
_NO_NAMES = frozenset(
    "i i'm i’m the a an we it it's its he she they my our this that these those not no there "
    "here you your what when so and but then".split()
)
_SENTENCE_END = re.compile(r"[.!?\n]")
_I_CONTRACTED = re.compile(r"^I['’]")
#: An opener that is a sentence of its own ("Scrap that. ...").
_ENDS_SENTENCE = re.compile(r"\w\s*[.!?][\s.!?]*$")
_SENTENCE = re.compile(r"[^.!?\n]+[.!?\n]*")
#: Turn id -> (the turn, the sentence its speaker's next turn retracts it with, that turn).
TakenBack = dict[str, tuple[Turn, str, Turn]]
#: Turn id -> (start and end of a sentence, the later sentence of the turn correcting it, and
#: what that sentence says after its opener).
Corrected = dict[str, list[tuple[int, int, str, str]]]
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")


def retraction(text: str) -> str | None:
    """The sentence a retraction opens ("" when the opener stands alone), or None when the
    turn takes nothing back. A short reaction may come first ("ugh, true. Scrap that."), or a
    pause and the reasons for it (:data:`_PAUSE`)."""
    m = _OPENER.match(text)
    if m is None:
        lead = _REACTION.match(text)
        for rest in (text[lead.end() :] if lead else None, _after_pause(text)):
            if rest is not None and (m := _OPENER.match(rest)) is not None:
                text = rest
                break
    if m is None:
        return _corrects_myself(text)
    return _opened_sentence(m, text)


def _corrects_last_message(text: str) -> str | None:
    """The sentence a "sorry, no" / "no, wait" opens in a message sent right after the
    speaker's last one, no one speaking between ("Sorry no - 30th is the dress rehearsal"):
    with someone between, "sorry, no" answers them. None when the text opens otherwise."""
    m = _SELF_CORRECTION.match(text)
    return _opened_sentence(m, text) if m is not None else None


def _opened_sentence(opener: re.Match[str], text: str) -> str:
    """The sentence an opener matched at the start of ``text`` opens; "" when the opener is a
    sentence of its own ("Scrap that. I'll go in June.": what follows is said instead)."""
    if _ENDS_SENTENCE.search(opener.group()):
        return ""
    return _to_sentence_end(text[opener.end() :])


def _to_sentence_end(rest: str) -> str:
    """``rest`` up to the end of the sentence it starts."""
    end = _SENTENCE_END.search(rest)
    return rest[: end.start()] if end else rest


def _corrects_myself(text: str) -> str | None:
    """What a later sentence of a turn says after "I must correct myself (on one point):",
    when it names what it corrects (a letter that thanks first and corrects in its second
    paragraph); None when no sentence does."""
    for sentence in _SENTENCE.finditer(text):
        m = _OPENER.match(sentence.group())
        if m is not None and m.group("myself"):
            said = _to_sentence_end(text[sentence.start() + m.end() :])
            return said if _anchors(said) else None
    return None


def _after_pause(text: str) -> str | None:
    """The text from the retraction that follows a pause and its reasons ("...wait. Just
    checked. Scratch that. I'll hire a piper" -> "Scratch that. I'll hire a piper"), or None."""
    if _PAUSE.match(text) is None:
        return None
    sentences = list(_SENTENCE.finditer(text))[1 : 1 + _PAUSE_REACH + 1]
    for sentence in sentences:
        if _OPENER.match(sentence.group()) is not None:
            return text[sentence.start() :]
    return None


def flag_retracted(
    facts: Iterable[CandidateFact], retracted: TakenBack, corrected: Corrected | None = None
) -> None:
    """Flag ``retracted`` the facts the same speaker's next turn takes back (``retracted``:
    :func:`taken_back` of their conversation) or a later sentence of their own turn corrects
    (``corrected``: :func:`corrected_in_turn`)."""
    if not retracted and not corrected:
        return
    open_facts = [f for f in facts if not f.flags and not f.attributes.get(FROM_PHRASE)]
    # where the last sentence that stated something starts, per retracted turn
    stated: dict[str, int] = {}
    for fact in open_facts:
        for ev in fact.evidence:
            if ev.turn_id in retracted:
                stated[ev.turn_id] = max(stated.get(ev.turn_id, 0), ev.start)
    for fact in open_facts:
        for ev in fact.evidence:
            found = retracted.get(ev.turn_id)
            if found is None:
                continue
            turn, said, by = found
            if _targets(said, turn.text, ev.start, ev.quote, stated[ev.turn_id]):
                _flag(fact, f"taken back in the speaker's next turn: {said or 'the last sentence'}")
                fact.retracted_at = by.timestamp
                break
    for turn_id, corrections in (corrected or {}).items():
        for start, end, sentence, said in corrections:
            said_there = [
                (f, ev)
                for f in open_facts
                if not f.flags
                for ev in f.evidence
                if ev.turn_id == turn_id and start <= ev.start < end
            ]
            # the facts sharing a name or number with the correction, or else all of them
            named = [(f, ev) for f, ev in said_there if _shares_anchor(said, ev.quote)]
            for fact, _ev in named or said_there:
                _flag(fact, f"corrected later in the same turn: {sentence}")


def _flag(fact: CandidateFact, detail: str) -> None:
    fact.flags.append(CandidateFlag.RETRACTED)
    fact.reject_detail = detail


def corrected_in_turn(conv: Conversation) -> Corrected:
    """Per turn id of ``conv``, the sentences a later sentence of the same turn corrects
    ("..., Hortense is moving to Antwerp. Wait, no, it's Casimir."): (start, end, the correcting
    sentence, what it says after its opener)."""
    out: Corrected = {}
    for turn in conv.turns:
        if turn.role == "assistant":
            continue
        if _after_pause(turn.text) is not None:
            continue  # what it takes back is the turn before (see :func:`retraction`)
        sentences = list(_SENTENCE.finditer(turn.text))
        for before, sentence in zip(sentences, sentences[1:], strict=False):
            m = _SELF_CORRECTION.match(sentence.group()) or _denial(sentence.group(), before)
            if m is not None and not sentence.group().rstrip().endswith("?"):
                said = sentence.group()[m.end() :].rstrip(".!?\n ")
                whole = sentence.group().strip()
                out.setdefault(turn.id, []).append((before.start(), before.end(), whole, said))
    return out


def _denial(sentence: str, before: re.Match[str]) -> re.Match[str] | None:
    """The opener of ``sentence`` when it denies what the sentence ``before`` reports (see
    :data:`_DENIAL`), else None."""
    m = _DENIAL.match(sentence)
    if m is None or (m.group("which").lower() == "that" and not _REPORTING.search(before.group())):
        return None
    return m


def taken_back(conv: Conversation) -> TakenBack:
    """The turns of ``conv`` their speaker's next turn retracts (see :data:`TakenBack`): the
    speaker's last turn, with at most :data:`OTHERS_BETWEEN` turns of other people since
    ("isn't that the day before the audit?" - "ugh, true. Scrap that.")."""
    out: TakenBack = {}
    last: dict[str, tuple[int, Turn]] = {}  # each speaker's last turn and its place
    spoken = 0
    for turn in conv.turns:
        if turn.role == "assistant":
            continue
        before = last.get(turn.speaker)
        said = retraction(turn.text)
        if said is None and before is not None and spoken == before[0] + 1:
            said = _corrects_last_message(turn.text)
        if before is not None and said is not None and spoken - before[0] - 1 <= OTHERS_BETWEEN:
            out[before[1].id] = (before[1], said, turn)
        last[turn.speaker] = (spoken, turn)
        spoken += 1
    return out


def _folded(word: str) -> str:
    """``word`` case-folded, a day's ordinal as its number ("30th" is "30 April"'s 30)."""
    return _ORDINAL.sub(r"\1", word.casefold())


def _anchors(text: str) -> set[str]:
    """The names and numbers ``text`` says (case-folded; not "I'll", "I've")."""
    return {
        _folded(w)
        for w in _WORD.findall(text)
        if (w[:1].isupper() and w.casefold() not in _NO_NAMES and not _I_CONTRACTED.match(w))
        or any(c.isdigit() for c in w)
    }


def _shares_anchor(said: str, quote: str) -> bool:
    """Whether ``quote`` says a name or number of ``said``; of a correction that says what
    was wrong ("from Bruges, not Antwerp"), that one."""
    wrong = {_folded(w) for w in _NOT_THAT.findall(said)}
    return bool((wrong or _anchors(said)) & {_folded(w) for w in _WORD.findall(quote)})


def _targets(said: str, text: str, start: int, quote: str, last_stated: int) -> bool:
    """Whether the retraction sentence ``said`` takes back the statement quoted at ``start``
    of a turn's ``text``: they share a name or a number, or ``said`` names nothing and the
    statement is in the last sentence that stated something (``last_stated``: where the last
    statement read from the turn starts; "... my choir will sing. No fee. You're
    welcome" - "Scratch that." takes back the choir)."""
    words = _WORD.findall(said)
    if _anchors(said):
        return _shares_anchor(said, quote)
    if words:
        return False
    sentence_start = max(
        (m.start() for m in _SENTENCE.finditer(text) if m.start() <= last_stated), default=0
    )
    return start >= sentence_start
