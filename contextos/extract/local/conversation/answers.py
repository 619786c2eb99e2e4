"""What a question right before a turn asked about: the thing an answer's "it" or "they" is.

An answer names what it is about no more than a reply in speech does:

    assistant: Did you get anywhere with the sabbatical idea?
    user:      HR approved it on Friday.

The "it" is the sabbatical idea. When the turn before (the assistant's, or another person's) ends in
a question about one thing, and a statement in the first sentences of the answer has an "it",
"they" or "them" that nothing in the answer names, the pronoun stands for that thing; the fact
quotes the question's words for it as a second piece of evidence. Three kinds of question name
one thing plainly, and only these are read:

* a status question about it: "What's happening with Brannock?", "Any update on the kiln?",
  "Did you get anywhere with the sabbatical idea?", "Have you heard back from the landlord?";
* how it went: "How did the interview at Acme go?", "How are your tomatoes doing?";
* whether the listener did something to it: "Did you finish the migration?", "Will you keep
  Cosmo and Mirabel at Fenwick Primary?" — not an offer or a suggestion ("Want me to add the
  contacts?", "Shall we draft the rota?", "Would a firmer tone help?").

One person asked about is left out: "he"/"she" are read elsewhere, and a "they" for one person
is too often someone else; people asked about together ("Cosmo and Mirabel") are a "them".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from contextos.extract.local.text import lexicon as lx
from contextos.models.facts import Evidence
from contextos.models.transcript import Turn

__all__ = ["AskedAbout", "asked_about", "stands_for"]

#: Words a status question hangs the thing on ("happening with", "update on", "anywhere with").
_STATUS_HEADS = frozenset(
    "happen go update news progress anywhere luck word hear back status thing get".split()
)
_STATUS_PREPS = frozenset({"with", "on", "about", "from"})
#: Verbs of a "how did it ... ?" question whose subject is the thing asked about.
_HOW_VERBS = frozenset({"go", "do", "come", "turn", "work", "look", "feel"})
#: Verbs and auxiliaries of offers and suggestions, which ask about nothing done.
_OFFERS = frozenset(
    "want need like mind prefer help shall should would could might may let try".split()
)
#: Longest phrase taken from a question for the thing (longer ones are cut at the noun).
_MAX_WORDS = 8
_LAST_QUESTION = re.compile(r"([^.!?\n]*\?)[\s\"')\]]*$")
#: The question words of a question asking what something is ("What's the setup?", "When's
#: your first physio?", "Who is your manager?").
_VALUE_WORDS = frozenset({"what", "when", "who"})
#: Words that may open a question before its question word ("So what's the plan?").
_LEADS = frozenset({"so", "and", "also", "ok", "okay"})
#: A question that may be one of the kinds (read before parsing it, which most questions -
#: "What do you like to do?" - need not be): "how", a status word, an auxiliary opening it
#: ("did you", "will you", "Ulrike, can you"), or a question word with "is" ("What's the setup?").
_MAY_ASK_ABOUT_ONE = re.compile(
    r"\bhow\b|\b(?:happening|going|update|news|progress|anywhere|luck|word|heard?|back|status)\b"
    r"|^\W*(?:\w+,\s*)?(?:(?:so|and|also|ok|okay|oh|but|well|great|nice|sure)\W+)?"
    r"(?:did|do|does|have|has|had|will|would|are|were|was|is|can|could)\s+you\b"
    rf"|^\W*(?:(?:{'|'.join(sorted(_LEADS))})\W+)?(?:{'|'.join(sorted(_VALUE_WORDS))})"
    r"(?:'s|’s|\s+is|\s+are)\s",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class AskedAbout:
    """The thing a question asked about, as a fact writes it."""

    text: str
    plural: bool
    evidence: Evidence
    #: for a question whether the listener did something to it, the verb (lemma): only an
    #: answer with the same verb is about it ("Did you finish the migration?" - "finished it")
    verb: str | None = None
    #: a question asking what it is ("What's the new yearly fee?"): an answer with no verb
    #: ("~$470/mo. Down from $1,140.") says it
    value: bool = False


def _question(turn: Turn) -> tuple[int, str] | None:
    """(offset, text) of the question that ends ``turn``, if it ends with one."""
    found = _LAST_QUESTION.search(turn.text)
    if found is None:
        return None
    text = found.group(1)
    start = found.start(1) + len(text) - len(text.lstrip())
    return start, text.strip()


def _topic(doc: Any) -> tuple[Any, str | None] | None:
    """The noun the question ``doc`` asks about (see the module doc), with the verb of a
    question whether the listener did something to it; None when it asks about no one thing."""
    for tok in doc:
        head = tok.head.lemma_.lower()
        if (
            tok.dep_ == "prep"
            and tok.lower_ in _STATUS_PREPS
            and head in _STATUS_HEADS
            and (tok.lower_ != "from" or head in ("hear", "back"))  # not "update from Ulrike's"
        ):
            obj = next((c for c in tok.children if c.dep_ == "pobj"), None)
            if obj is not None:
                return obj, None
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return None
    children = list(root.children)
    subject = next((c for c in children if c.dep_ in ("nsubj", "nsubjpass")), None)
    verb = root.lemma_.lower()
    if verb in _HOW_VERBS and any(c.lower_ == "how" for c in children):
        return (subject, None) if subject is not None else None
    auxes = [c for c in children if c.dep_ in ("aux", "auxpass")]
    if subject is None or subject.lower_ != "you" or verb in _OFFERS or verb in ("do", "have"):
        return None
    if not auxes or auxes[0].i > subject.i or {a.lower_ for a in auxes} & _OFFERS:
        return None  # a yes/no question puts its auxiliary first: "did you ...", "will you ..."
    obj = next((c for c in children if c.dep_ == "dobj"), None)
    return (obj, verb) if obj is not None else None


def _value_asked(doc: Any) -> Any | None:
    """The noun of a question asking what it is ("What's the new yearly fee?", "When's
    your next dentist?"): "be" with the question word and one noun, no other; or None."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.lemma_ != "be":
        return None
    asking = next((t for t in doc if not t.is_punct and t.lower_ not in _LEADS), None)
    if asking is None or asking.lower_ not in _VALUE_WORDS or asking.head.i != root.i:
        return None
    nouns = [
        c
        for c in root.children
        if c.dep_ in ("nsubj", "attr") and c.i > asking.i and c.pos_ in ("NOUN", "PROPN")
    ]
    if len(nouns) != 1 or any(t.dep_ in ("cc", "conj") for t in nouns[0].subtree):
        return None  # "What's the deadline and venue requirement?": two things
    return nouns[0]


def _words(noun: Any, display: str) -> str | None:
    """The phrase for ``noun`` as a fact writes it ("your tomatoes" -> "Dana's tomatoes"), or
    None when it is no thing: a pronoun, a person, or a phrase about the listener."""
    one_person = noun.ent_type_ == "PERSON" and not any(c.dep_ == "conj" for c in noun.children)
    if noun.pos_ == "PRON" or one_person or noun.lower_ in lx.VAGUE_OBJECTS:
        return None
    toks = [t for t in noun.subtree if not t.is_punct or t.i < noun.right_edge.i]
    if len(toks) > _MAX_WORDS:
        toks = [t for t in toks if t.i <= noun.i and t.i >= noun.left_edge.i]
    out: list[str] = []
    for t in toks:
        low = t.lower_
        if low in ("your", "yours"):
            out.append(f"{display}'s" + t.whitespace_)
        elif low in ("you", "me", "my", "i", "us", "our", "we"):
            return None  # "the draft you sent me": whose words are whose is not plain
        else:
            out.append(t.text_with_ws)
    return "".join(out).strip() or None


def asked_about(
    turn: Turn, read: Callable[[list[str]], list[Any]], display: str
) -> AskedAbout | None:
    """What the question ending ``turn`` asked about, written for the speaker ``display`` who
    answers it; None when it ends with no question, or asks about no one thing. ``read``:
    texts -> parsed docs with named entities."""
    found = _question(turn)
    if found is None:
        return None
    start, text = found
    if not _MAY_ASK_ABOUT_ONE.search(text):
        return None
    (doc,) = read([text])
    value = _value_asked(doc)
    topic = (value, None) if value is not None else _topic(doc)
    if topic is None:
        return None
    noun, verb = topic
    words = _words(noun, display)
    if words is None:
        return None
    left, right = noun.left_edge, noun.right_edge
    span = (start + left.idx, start + right.idx + len(right.text))
    plural = noun.tag_ in ("NNS", "NNPS") or any(c.dep_ == "conj" for c in noun.children)
    return AskedAbout(words, plural, Evidence.in_turn(turn, *span), verb, value is not None)


def stands_for(pronoun: Any | None, asked: AskedAbout | None) -> bool:
    """Whether ``pronoun`` ("it", "they", "them") can stand for what was asked about: "it" for
    one thing, "they"/"them" for several (or for an organisation named, "Brannock ... they")."""
    if asked is None or pronoun is None:
        return False
    low = pronoun.lower_
    if low == "it":
        return not asked.plural
    if low in ("they", "them"):
        return asked.plural or asked.text[:1].isupper()
    return False
