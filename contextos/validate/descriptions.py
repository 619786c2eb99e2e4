"""Definite descriptions that point back into the conversation: resolved, or the fact rejected.

A fact such as "The fix is done" reads well on the day and means nothing a week later: "the
fix" pointed at something said a few turns before. A definite description is checked when it
is a core argument of the fact (subject, object, attribute, object of a verb's preposition),
its determiner is "the", and nothing inside the fact identifies it: no prepositional phrase, no
relative or participle clause, no compound ("the Q3 cutover", "the login fix"), no number or
possessive, and the fact does not name it ("the mechanic is Steve") (:func:`bare_descriptions`).

Whether such a description is *anaphoric* is read from the conversation, not from a list of
nouns (:class:`ConversationTurns` holds its turns, each parsed at most once per ``validate``
call, in one batch). The mentions of the head lemma before the fact's evidence (earlier turns
of the same conversation, and the evidence turn up to the quote) are found in their parses,
nearest first, and each mention is one of:

- **fuller** — a noun phrase with something that identifies it: a prepositional phrase, a
  relative/participle clause, a compound or an apposition ("a fix for the login timeout",
  "the Q3 cutover to Postgres"), short and without pronouns;
- **owned** — a possessive ("my kids", "Dana's office") or the object of the speaker's
  "have"/"own" ("I have two kids"): it belongs to someone, and "the kids" stays clear;
- **introduced** — an indefinite or counted phrase ("a fix", "some changes", "two bugs") or the
  verb the noun names ("we need to fix the login" before "the fix"): the conversation brought
  the thing in, and the description points back at it;
- **definite** — "the gym", a bare noun, a bare plural ("horror movies" names a kind): the
  speaker treats it as known from the start.

The decision (:func:`judge`): the head also named earlier in the fact itself → fine. Never
mentioned before, or every earlier mention definite → discourse-new and uniquely identifiable
("the gym", "the kids", "the office"): left alone. Any owned mention → left alone. One fuller
mention (or several that agree: one's words contain the other's) → the description is
rewritten with it ("The fix for the login timeout is done") and the fact gains an evidence span
quoting the antecedent, so the grounding check still sees every word in a quote. Fuller
mentions that disagree → rejected ``unresolved_reference`` (competing antecedents). Only
introduced mentions → rejected ``unresolved_reference``: nothing says which thing it was.

Only the candidate's text, its quotes and the conversation are read, so LLM candidates are
checked alike. A description whose head word is in none of the candidate's quotes is the
extractor's own rendering of a pronoun ("I love it" stored as "Dana loves the new laptop"):
the extractor's pronoun resolution picked that antecedent, and it is left alone.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from contextos.models.facts import CandidateFact, Evidence
from contextos.models.transcript import Turn
from contextos.validate.grounding import turn_quoted
from contextos.validate.references import core_argument
from contextos.validate.standalone import parse_texts

__all__ = [
    "ConversationTurns",
    "DescriptionVerdict",
    "Mention",
    "bare_descriptions",
    "check_descriptions",
    "classify_mention",
    "judge",
]

#: dependents of a noun that identify it inside the fact or the antecedent
_IDENTIFYING = frozenset({"prep", "relcl", "acl", "compound", "appos"})
#: dependents that make a description not bare: it is identified, counted or owned
_NOT_BARE = _IDENTIFYING | {"nummod", "poss", "npadvmod", "quantmod"}
#: determiners that introduce a new thing into the conversation
_INTRODUCING = frozenset({"a", "an", "some", "another", "several", "any"})
#: verbs of possession: their object, when the speaker is their subject, is the speaker's
_POSSESSING = frozenset({"have", "own"})
_SPEAKER = frozenset({"i", "we"})
_PLURAL = frozenset({"NNS", "NNPS"})
#: nouns of time: "the year", "the weekend" are the extractor's dates, not references
_TIME_NOUNS = frozenset(
    "day week weekend month year morning afternoon evening night season quarter term".split()
)
#: an antecedent longer than this is a clause, not a name for the thing
_MAX_ANTECEDENT_TOKENS = 9
#: earlier turns (nearest first) that are parsed to look for mentions of one head
_MAX_TURNS = 8

Kind = Literal["fuller", "owned", "introduced", "definite"]
#: a turn that may mention a lemma: the turn, where its earlier text ends, and the spans of
#: the sentences that may
Found = tuple[Turn, int, tuple[tuple[int, int], ...]]


@dataclass(frozen=True)
class Mention:
    """An earlier mention of a description's head, and what kind it is."""

    kind: Kind
    turn: Turn
    #: character span of the fuller noun phrase in the turn (fuller mentions only)
    start: int = 0
    end: int = 0
    #: the noun phrase's words after its determiner ("fix for the login timeout")
    words: str = ""
    #: the words of the mention as said ("a fix", "fixed"), for a rejection's detail
    said: str = ""


@dataclass
class DescriptionVerdict:
    """What the check decided for one candidate: rewritten, rejected, or unchanged."""

    fact: CandidateFact
    problem: str | None = None
    rewritten: list[str] = field(default_factory=list)


def bare_descriptions(doc: Any) -> list[Any]:
    """Head nouns of the core arguments of ``doc`` that are "the N" with nothing identifying
    them in the fact (adjectives allowed: "the new hire")."""
    out = []
    for tok in doc:
        if tok.pos_ != "NOUN" or not core_argument(tok) or tok.like_num:
            continue
        if tok.lemma_.casefold() in _TIME_NOUNS:
            continue
        kids = list(tok.children)
        if not any(c.dep_ == "det" and c.lower_ == "the" for c in kids):
            continue
        if any(c.dep_ in _NOT_BARE or (c.dep_ == "amod" and c.like_num) for c in kids):
            continue
        if any(t.pos_ in ("NOUN", "PROPN") and t.lemma_ == tok.lemma_ for t in doc[: tok.i]):
            continue  # named before in the fact: "a new bike ... the bike"
        if _named_by_verb(tok):
            continue
        out.append(tok)
    return out


def _named_by_verb(tok: Any) -> bool:
    """The fact names the thing itself: "the mechanic is Steve", "Dana calls the app Relay"."""
    return any(  # an attribute, or a second object after it ("calls the app Relay")
        (c.dep_ in ("attr", "oprd") or (c.dep_ == "dobj" and c.i > tok.i))
        and any(t.pos_ == "PROPN" for t in c.subtree)
        for c in tok.head.children
        if c is not tok
    )


def _identifies(dep: Any) -> bool:
    """``dep`` (a dependent of a noun) names something that tells the thing apart: a compound
    or apposition, or a phrase or clause with a noun or a name in it ("for the login timeout",
    "that Dana ordered"); a lone participle ("required") does not."""
    if dep.dep_ == "compound":
        return True
    if dep.dep_ == "appos":  # "the venue, Foundry": a name, not an amount
        return any(t.pos_ == "PROPN" for t in dep.subtree)
    if dep.dep_ not in _IDENTIFYING:
        return False
    return any(t.pos_ in ("NOUN", "PROPN", "NUM") for t in dep.subtree)


def _owner_verb(tok: Any) -> bool:
    """``tok`` (or the conjunct it belongs to) is the object of the speaker's "have"/"own"."""
    while tok.dep_ == "conj":
        tok = tok.head
    if tok.dep_ != "dobj" or tok.head.lemma_ not in _POSSESSING:
        return False
    return any(c.dep_ == "nsubj" and c.lower_ in _SPEAKER for c in tok.head.children)


def _phrase(tok: Any) -> tuple[int, int, str] | None:
    """Character span and words (after the determiner) of the noun phrase ``tok`` heads, when
    it is short and names no one by pronoun; else None."""
    # "the hold and the audit": the phrase ends where a coordinated one begins
    stop = min((c.left_edge.i for c in tok.children if c.dep_ in ("cc", "conj")), default=None)
    span = tok.doc[tok.left_edge.i : stop if stop is not None else tok.right_edge.i + 1]
    words = [t for t in span if not (t.dep_ == "det" and t.head == tok)]
    while words and (words[-1].is_punct or words[-1].pos_ in ("CCONJ", "ADP")):
        words.pop()
    if not words or len(words) > _MAX_ANTECEDENT_TOKENS:
        return None
    if any(t.pos_ == "PRON" or t.tag_ in ("PRP", "PRP$", "WP", "WDT") for t in words):
        return None
    if any(t.is_punct and t.text not in ("-", "'", "%") for t in words):
        return None
    if any(t.lower_ in ("this", "that", "these", "those") for t in words):
        return None
    start, end = words[0].idx, words[-1].idx + len(words[-1].text)
    return start, end, tok.doc.text[start:end]


def _said(tok: Any) -> str:
    if tok.pos_ in ("VERB", "AUX"):
        return tok.text
    return tok.doc[min(tok.left_edge.i, tok.i) : tok.i + 1].text


def classify_mention(tok: Any, turn: Turn) -> Mention:
    """What kind of mention ``tok`` (a noun or a verb with the description's lemma) is."""
    said = _said(tok)
    if tok.pos_ in ("VERB", "AUX") and not any(c.dep_ == "det" for c in tok.children):
        # "we need to fix the login" before "the fix": the description drops what was fixed;
        # an intransitive "I commute" is the speaker's own activity ("the commute")
        has_object = any(c.dep_ in ("dobj", "attr") for c in tok.children)
        return Mention("introduced" if has_object else "definite", turn, said=said)
    kids = list(tok.children)
    if any(c.dep_ == "poss" for c in kids):
        return Mention("owned", turn, said=said)
    if tok.tag_ == "NNS" and not any(c.dep_ in ("det", "nummod") for c in kids):
        return Mention("definite", turn, said=said)  # a bare plural names a kind: "horror movies"
    if any(_identifies(c) for c in kids):
        phrase = _phrase(tok)
        if phrase is not None:
            return Mention("fuller", turn, *phrase, said=said)
    if _owner_verb(tok):
        return Mention("owned", turn, said=said)
    dets = {c.lower_ for c in kids if c.dep_ == "det"}
    if dets & _INTRODUCING or any(c.dep_ == "nummod" and c.i < tok.i for c in kids):
        return Mention("introduced", turn, said=said)
    return Mention("definite", turn, said=said)


def _agree(a: str, b: str) -> bool:
    wa, wb = set(a.casefold().split()), set(b.casefold().split())
    return wa <= wb or wb <= wa


def judge(
    mentions: list[Mention],
) -> tuple[Literal["keep", "rewrite", "reject"], str, Mention | None]:
    """The decision for one description from its earlier mentions (nearest first)."""
    kinds = {m.kind for m in mentions}
    if not mentions or kinds == {"definite"} or "owned" in kinds:
        return "keep", "", None
    fuller = [m for m in mentions if m.kind == "fuller"]
    if fuller:
        best = max(fuller, key=lambda m: len(m.words))  # the fullest of those that agree
        if all(_agree(m.words, best.words) for m in fuller):
            return "rewrite", "", best
        names = sorted({f"'{m.words}'" for m in fuller})
        return "reject", f"could be any of {', '.join(names[:3])}", None
    if "introduced" in kinds:
        said = next(m for m in mentions if m.kind == "introduced")
        return (
            "reject",
            f"points back at '{said.said}' (turn {said.turn.id}), which never says which",
            None,
        )
    return "keep", "", None


class ConversationTurns:
    """The conversations whose turns ``validate`` was given, each in order, and the parses of
    the turns the description check reads (each turn parsed once, in batches)."""

    def __init__(self, turns_by_id: Mapping[str, Turn]) -> None:
        self._turns_by_id = turns_by_id
        by_conv: dict[str, dict[str, Turn]] = {}
        for t in turns_by_id.values():
            by_conv.setdefault(t.conversation_id, {}).setdefault(t.id, t)
        self._ordered = {c: sorted(ts.values(), key=lambda t: t.index) for c, ts in by_conv.items()}
        self._lower: dict[int, str] = {}
        self._docs: dict[tuple[int, int], Any] = {}

    def before(self, ev: Evidence, lemma: str) -> list[Found]:
        """Turns that may mention ``lemma`` before ``ev``, nearest first, each with the
        character offset where the earlier text ends (the quote's start in its own turn) and
        the spans of the sentences that may (only those are parsed)."""
        turn = turn_quoted(ev, self._turns_by_id)
        if turn is None:
            return []
        stem = lemma.casefold()[: max(3, len(lemma) - 1)]  # "move" is found in "moving"
        # at the start of a word: a token inside another word never has the lemma
        at_word = re.compile(r"(?<!\w)" + re.escape(stem))
        earlier = [t for t in self._ordered.get(turn.conversation_id, []) if t.index < turn.index]
        out = []
        for t, limit in [(turn, ev.start), *((t, len(t.text)) for t in reversed(earlier))]:
            hits = [m.start() for m in at_word.finditer(self._lowered(t), 0, limit)]
            if hits:
                out.append((t, limit, _sentences_at(t.text, hits)))
                if len(out) == _MAX_TURNS:
                    break
        return out

    def _lowered(self, turn: Turn) -> str:
        key = id(turn)
        if key not in self._lower:
            self._lower[key] = turn.text.casefold()
        return self._lower[key]

    def parse(self, found: Iterable[Found]) -> None:
        """Parse the sentences found that are not parsed yet, in one batch."""
        todo: dict[tuple[int, int], tuple[Turn, int, int]] = {}
        for turn, _limit, spans in found:
            for start, end in spans:
                key = (id(turn), start)
                if key not in self._docs and key not in todo:
                    todo[key] = (turn, start, end)
        texts = [turn.text[start:end] for turn, start, end in todo.values()]
        for key, doc in zip(todo, parse_texts(texts), strict=True):
            self._docs[key] = doc

    def mentions(self, head: Any, found: list[Found]) -> list[Mention]:
        """Earlier mentions of ``head``'s lemma in the sentences ``found``, nearest first. A
        noun of the other number names something else ("the pupils" is not "a pupil")."""
        out = []
        for turn, limit, spans in found:
            for start, _end in reversed(spans):
                doc = self._docs[(id(turn), start)]
                for tok in reversed(doc):
                    if start + tok.idx >= limit:
                        continue
                    if tok.lemma_.casefold() != head.lemma_.casefold():
                        continue
                    noun = tok.pos_ in ("NOUN", "PROPN") and tok.dep_ != "compound"
                    if noun and (tok.tag_ in _PLURAL) != (head.tag_ in _PLURAL):
                        continue
                    if noun or tok.pos_ in ("VERB", "AUX"):
                        m = classify_mention(tok, turn)
                        if m.kind == "fuller":  # its span is the sentence's: the turn's now
                            m = replace(m, start=m.start + start, end=m.end + start)
                        out.append(m)
        return out


#: where a sentence ends: end punctuation (and closing quotes/brackets) then space, or a newline
_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*\s+|\n+")


def _sentences_at(text: str, positions: list[int]) -> tuple[tuple[int, int], ...]:
    """The (start, end) spans of the sentences of ``text`` that hold ``positions``, in order."""
    bounds = [0, *(m.end() for m in _SENTENCE_END.finditer(text))]
    spans = []
    for p in positions:
        k = bisect.bisect_right(bounds, p) - 1
        span = (bounds[k], bounds[k + 1] if k + 1 < len(bounds) else len(text))
        if span not in spans:
            spans.append(span)
    return tuple(spans)


def _rewrite(fact: CandidateFact, doc: Any, plan: list[tuple[Any, Mention]]) -> CandidateFact:
    """``fact`` with each description replaced by its antecedent's words, quoting them."""
    text = fact.text
    evidence = list(fact.evidence)
    for head, m in sorted(plan, key=lambda p: -p[0].i):
        det = next(c for c in head.children if c.dep_ == "det")
        taken = set(m.words.casefold().split())
        extra = [t.text for t in doc[det.i + 1 : head.i] if t.lower_ not in taken]
        words = " ".join([det.text, *extra, m.words])
        text = text[: det.idx] + words + text[head.idx + len(head.text) :]
        ev = Evidence.in_turn(m.turn, m.start, m.end)
        if ev not in evidence:
            evidence.append(ev)
    return fact.model_copy(update={"text": text, "evidence": evidence})


def check_descriptions(
    items: list[tuple[CandidateFact, Any]], turns: ConversationTurns
) -> list[DescriptionVerdict]:
    """Each candidate (with the parse of its text) checked for descriptions that point back
    into its conversation: kept, rewritten with the antecedent, or given a problem."""
    found = []
    for fact, doc in items:
        ev = fact.evidence[0]
        quoted = " ".join(e.quote for e in fact.evidence).casefold()
        # a description the quotes do not say is the extractor's rendering of a pronoun ("I
        # love it" -> "the new laptop"): its pronoun resolution chose the antecedent already
        heads = [h for h in bare_descriptions(doc) if h.text.casefold() in quoted]
        found.append([(h, turns.before(ev, h.lemma_)) for h in heads])
    turns.parse(f for heads in found for _h, fs in heads for f in fs)
    out = []
    for (fact, doc), heads in zip(items, found, strict=True):
        verdict = DescriptionVerdict(fact)
        plan: list[tuple[Any, Mention]] = []
        for head, ts in heads:
            decision, why, antecedent = judge(turns.mentions(head, ts))
            phrase = doc[head.left_edge.i : head.i + 1].text
            if decision == "reject":
                verdict.problem = f"'{phrase}' {why}"
                break
            if decision == "rewrite" and antecedent is not None:
                plan.append((head, antecedent))
                verdict.rewritten.append(f"'{phrase}' -> '{antecedent.words}'")
        if verdict.problem is None and plan:
            verdict.fact = _rewrite(fact, doc, plan)
        out.append(verdict)
    return out
