"""Requests to the listener: an order ("keep walking"), a request tacked on after a statement
("..., add that as well"), a question typed without its question mark, the words a request asks
for ("how do I say ..."), and a standing request that holds from now on ("from now on please
format ...", "never use emojis").
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.local.clauses.openings import bare_past, opening_auxiliary
from contextos.extract.local.clauses.subjects import SUBJECT_DEPS
from contextos.extract.local.text import lexicon as lx

__all__ = [
    "WORDING_REQUEST",
    "bare_order",
    "inverted_question",
    "is_request",
    "said_how",
    "standing_request",
    "tacked_on_request",
    "wh_clause_said",
]


def tacked_on_request(tok: Any, head: Any) -> bool:
    """ "..., add that as well": a subjectless base-form verb comma-joined after the clause is an
    instruction to the listener, not part of the statement."""
    if tok.i < head.i or tok.dep_ not in ("advcl", "parataxis", "dep", "ccomp", "conj"):
        return False
    if tok.pos_ != "VERB" or tok.lower_ != tok.lemma_.lower() or tok.tag_ in ("VBG", "VBN"):
        return False
    if tok.text[:1].isupper() and tok.i > tok.sent.start:
        return False  # "..., mostly Go and Postgres": a capitalised "verb" inside is a name
    if any(c.dep_ in SUBJECT_DEPS or c.dep_ in ("aux", "auxpass", "mark") for c in tok.children):
        return False
    if _lists_infinitives(tok, head):
        return False
    left = min(t.i for t in tok.subtree)
    if tok.dep_ == "conj":  # "we haven't told them yet so keep that between us"
        if tok.doc[left].lower_ == "so" and tok.doc[left].head.i == tok.i:
            return True
        if tok.doc[left - 1].lower_ == "so" and tok.doc[left - 1].head.i == head.i:
            return True  # "..., so from now on please format ...": "so" hangs on the head
        # "I need to fix the build, send me the logs": asks the listener for something
        return (
            left > 0
            and tok.doc[left - 1].text == ","
            and tok.tag_ == "VB"
            and any(c.dep_ in ("dative", "dobj") and c.lower_ in ("me", "us") for c in tok.children)
        )
    return left > 0 and (
        tok.doc[left - 1].text in (",", ";", "-", "–", "—") or tok.doc[left - 1].lower_ == "so"
    )


def _lists_infinitives(tok: Any, head: Any) -> bool:
    """ "I like to dance, run a dog school, and eat sweets": a bare verb after the head's
    "to" infinitive, itself going on with "and ...", is the next item of a list the parser
    hung off the head, not an instruction."""
    return any(
        c.dep_ == "xcomp" and c.i < tok.i and any(a.lower_ == "to" for a in c.children)
        for c in head.children
    ) and any(c.dep_ == "cc" for c in tok.children)


def inverted_question(head: Any, subj: Any | None) -> bool:
    """A question typed without its question mark: the sentence opens with an auxiliary of
    ``head`` that stands before the subject ("do i go back to them or find someone else",
    "should we switch suppliers"), or right after an "or" ("are you joining or shall I take
    notes")."""
    if subj is None:
        return False
    first = opening_auxiliary(head, lx.QUESTION_AUXILIARIES)
    if first is None and head.dep_ == "conj":  # "are you joining or shall I take minutes"
        first = next(
            (
                c
                for c in head.children
                if c.dep_ in ("aux", "auxpass")
                and c.lower_ in lx.QUESTION_AUXILIARIES
                and c.i > 0
                and c.doc[c.i - 1].lower_ == "or"
            ),
            None,
        )
    return first is not None and first.i < subj.i < head.i


def is_request(sent: Any, clause_text_low: str, head: Any, kind: str) -> bool:
    if kind == "imperative":
        return True
    if kind == "implied" and bare_past(head):
        return False  # "put the deposit down yesterday": done, not asked for
    if kind == "second":
        modals = {c.lower_ for c in head.children if c.dep_ == "aux"}
        if modals & {"can", "could", "would", "will"}:
            return True
    if kind == "self" and _asks_for_help(head):
        return True
    low = clause_text_low.lstrip()
    if lx.REQUEST_MARKERS.intersection(low.split()):
        return True
    return any(low.startswith(op + " ") or low == op for op in lx.REQUEST_OPENERS)


#: Question words that also open a clause said as a statement ("when I get home I cook").
_WH_OPENERS = frozenset({"when", "what", "how", "where", "why", "whenever"})


def wh_clause_said(toks: list[Any]) -> bool:
    """The clause opens with a question word and its subject right after ("When I get home I
    cook dinner", "What I need is a break"): statement word order, no question."""
    if len(toks) < 3 or toks[0].lower_ not in _WH_OPENERS or toks[-1].text.endswith("?"):
        return False
    verb = toks[0].head
    return any(  # the subject right after the question word: no "do"/"is" before it
        c.dep_ in ("nsubj", "nsubjpass") and c.left_edge.i == toks[0].i + 1 and c.i < verb.i
        for c in verb.children
    )


def _asks_for_help(head: Any) -> bool:
    """ "I need help getting organised", "I need some backup": asking the listener for help, not a
    need to remember. Help with something named ("help with my supplier of cheese, Quesos
    Quillfeather") says what the trouble is, and stays."""
    if head.lemma_.lower() != "need":
        return False
    wanted = next((c for c in head.children if c.dep_ == "dobj"), None)
    if wanted is None or wanted.lemma_.lower() not in ("help", "hand", "advice"):
        return False
    return not any(c.dep_ == "prep" for c in (*wanted.children, *head.children))


def standing_request(
    sent: Any, head: Any, kind: str, lead: str = "", instructions: bool = False
) -> str:
    """What makes the clause at ``head`` a standing request to the listener (the marker, or ""
    when it is none): an imperative or an "I (would) ask that you ..." with a standing marker in
    it ("from now on please format ...", "never use emojis"), a scope marker in the ``lead``
    of the sentence before it ("whenever you give me X, please tell me Y", "One request that
    applies to everything: ..."), or a sentence that calls itself a general request
    ("A standing request: ..."). In ``instructions`` (the user's custom instructions to the
    assistant) every request holds for all conversations."""
    if kind == "imperative" or (  # "always list ...": the parser's VBP is an imperative too
        kind == "none" and head.pos_ == "VERB" and head.tag_ in ("VB", "VBP")
    ):
        if head.lemma_.lower() == "mind":
            return ""  # "never mind"
    elif not (
        kind == "self" and head.lemma_.lower() in lx.ASKING_VERBS and _asks_the_listener(head)
    ):
        return ""
    if instructions:
        return "custom instructions"
    # not a marker in a clause of its own hung on it: "let me introduce myself, as I always
    # told my pupils to do" asks nothing always
    theirs = {
        t.i
        for c in head.subtree
        if c.dep_ in ("advcl", "relcl") and any(g.dep_ in SUBJECT_DEPS for g in c.children)
        for t in c.subtree
    }
    own = " ".join(t.lower_ for t in head.subtree if t.i not in theirs)
    before = lead.lower()
    for marker in lx.STANDING_REQUEST_MARKERS:
        if re.search(rf"\b{marker}\b", own) or (
            marker in lx.STANDING_SCOPE_MARKERS and re.search(rf"\b{marker}\b", before)
        ):
            return marker
    said = f"{before} {sent.text.lower()}"
    for scope in lx.STANDING_REQUEST_SCOPES:
        for noun in lx.STANDING_REQUEST_NOUNS:
            if re.search(rf"\b{scope} {noun}\b", said):
                return f"{scope} {noun}"
    return ""


#: "how to say ...", "how do I say ...": what follows is words the speaker wants, not
#: something they say of themselves.
WORDING_REQUEST = re.compile(
    r"\bhow\s+(?:to|do\s+(?:i|you|u)|would\s+(?:i|you|u)|can\s+(?:i|you|u)|d'?you)"
    r"\s+(?:say|write|spell|translate)\b",
    re.I,
)


def said_how(head: Any) -> bool:
    """The clause is the words a request asks for, its "say" above it: "how do I say I'm
    allergic" (one earlier in the written sentence is found in the sentence's lead: "like how
    to say i have asthma, i need my inhaler")."""
    return any(
        a.lemma_.lower() in ("say", "write", "translate")
        and any(c.lower_ == "how" for c in a.children)
        for a in head.ancestors
    )


def _asks_the_listener(head: Any) -> bool:
    """ "ask that you not use bullet points", "ask you to keep it short": the listener is to act."""
    for c in head.children:
        if c.dep_ == "ccomp" and any(
            g.dep_ == "nsubj" and g.lower_ in lx.SECOND_PERSON for g in c.children
        ):
            return True
        if c.dep_ == "dobj" and c.lower_ in lx.SECOND_PERSON:
            return True
    return False


def bare_order(verb: Any) -> bool:
    """A base-form verb with no subject or auxiliary of its own: an order ("keep walking")."""
    return verb.tag_ == "VB" and not any(
        c.dep_ in SUBJECT_DEPS or c.dep_ in ("aux", "mark") for c in verb.children
    )
