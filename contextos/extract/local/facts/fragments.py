"""Verbless sentences that still say something: an answer to the question before ("What's the
new yearly fee?" - "About $615."), a detail of the statement before ("2 bed with a walled
garden"), an item under the speaker's heading ("My goals:" over "- hire two engineers"), a
fragment under a topic label ("Autopay: still in discovery"), and a description under a
label about the speaker ("Background: retired teacher, 68").
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.local.clauses.render import lowered_first
from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.conversation.pronouns import person_noun, refers_back
from contextos.extract.local.facts.categories import Classification
from contextos.extract.local.facts.durability import has_anchor
from contextos.extract.local.facts.pieces import Piece
from contextos.extract.local.text import lexicon as lx

__all__ = [
    "describes_someone",
    "elaborated",
    "elaboration",
    "goes_on_about",
    "heading_category",
    "list_heading",
    "say_of",
    "topic_predicate",
    "verbless_answer",
    "with_topic",
]


def verbless_answer(clause: Clause) -> Any | None:
    """The first word of a verbless fragment that may answer a question asking what something
    is ("What's the setup?" - "Django 4 monolith."), which then says what the thing asked about
    is: "The stack is Rails 7 monolith" (the question quoted as evidence). None for anything
    else, a yes, a no or a don't-know among them."""
    if clause.skip != "fragment" or clause.subject is not None:
        return None
    words = [t for t in clause.tokens if not t.is_punct]
    if not words or any(t.pos_ in ("VERB", "AUX") or t.dep_ == "neg" for t in words):
        return None
    first = words[0]
    if (
        first.lower_ in lx.DISCOURSE_WORDS
        or first.lower_ in lx.INTERJECTIONS
        or first.lower_ in lx.PHATIC_WORDS
        or first.lower_ in ("no", "not", "none", "nothing", "unsure", "dunno")
    ):
        return None
    if not any(t.pos_ in ("NUM", "PROPN", "NOUN") or t.like_num for t in words):
        return None
    return first


def topic_predicate(clause: Clause, topic: str | None) -> None:
    """A subjectless fragment in a list item headed by a topic ("(2) Payroll: ... mostly
    done, hoping to ship in May") says something of the topic: it becomes "Payroll is mostly
    done, ..."."""
    if topic is None or clause.skip != "fragment" or clause.subject is not None:
        return
    first = next((t for t in clause.tokens if not t.is_punct), None)
    if first is None or not (first.pos_ in ("ADV", "ADP", "ADJ") or first.tag_ in ("VBG", "VBN")):
        return
    if first.lower_ in lx.DISCOURSE_WORDS or any(
        t.lower_ in lx.FIRST_SINGULAR for t in clause.tokens
    ):
        return
    say_of(clause, first, topic)


def say_of(clause: Clause, first: Any, what: str) -> None:
    """Make the subjectless fragment ``clause`` a statement of ``what``: "<what> is" written
    before its first word ``first`` (the renderer gives the fact its capital)."""
    clause.skip, clause.subject_kind = "", "thing"
    clause.insert_before[first.i] = f"{what} is"


def with_topic(text: str, topic: str, tokens: list[Any]) -> str:
    """``text`` of a statement made under a topic label, led by the topic ("Autopay:
    customers pay by card") unless it already names it."""
    if topic.casefold() in text.casefold():
        return text
    first = min(tokens, key=lambda t: t.i)
    if text.split(" ", 1)[0].lower() == first.lower_ and first.pos_ != "PROPN":
        text = lowered_first(text)
    return f"{topic}: {text}"


def describes_someone(piece: Piece) -> bool:
    """Whether a verbless description under a label about the speaker, read as "I'm ...",
    says who they are: the label says "me" ("About me:"), or what it gives is a person's role
    or an age ("Background: retired teacher, 68"), not a situation ("Context: vendor audit,
    due Friday")."""
    label = piece.segment.label[1].lower() if piece.segment.label else ""
    if re.search(r"\b(?:me|myself|bio|i)\b", label):
        return True
    return any(
        (t.dep_ == "attr" and (person_noun(t) or t.like_num or _DOER.search(t.lower_) is not None))
        or t.dep_ == "acomp"
        for c in piece.clauses
        for t in c.head.children
    )


#: The endings of nouns for someone who does something ("developer", "founder", "student").
_DOER = re.compile(r"(?:er|or|ist|ian|ant|ent|ee)s?$")


def list_heading(clause: Clause, piece: Piece) -> str | None:
    """The speaker's heading over a list item said without a subject ("My goals this
    quarter:" over "- ship the onboarding revamp"), in the third person ("Priya's goals this
    quarter"); None for anything else."""
    head = piece.segment.heading
    if head is None or clause.skip not in ("fragment", "request") or clause.subject is not None:
        return None
    first, _sep, rest = head.partition(" ")
    owner = lx.MEETING_GROUP if piece.in_meeting and first.lower() == "our" else piece.display
    return f"{owner}'s {rest}"


def heading_category(heading: str | None) -> Classification | None:
    """The category a heading's noun names ("goals" -> goal), or None."""
    for word in (heading or "").lower().split():
        singular = word[:-3] + "y" if word.endswith("ies") else word.removesuffix("s")
        cat = lx.CATEGORY_NOUNS.get(word) or lx.CATEGORY_NOUNS.get(singular)
        if cat:
            return Classification(cat, f"heading '{word}'")
    return None


def elaborated(piece: Piece, before: tuple[str, int, bool] | None) -> tuple[str, int] | None:
    """The sentence key a verbless sentence of ``piece`` would elaborate: that of the sentence
    just before it in the same turn, when that one said something."""
    if before is None or piece.segment.topic is not None or "?" in piece.segment.text:
        return None
    turn_id, sentence, stated = before
    if turn_id != piece.turn.id or sentence == piece.segment.sentence or not stated:
        return None
    return (turn_id, sentence)


def elaboration(clause: Clause) -> bool:
    """A verbless sentence that adds detail to the statement before it: a noun phrase with a
    name or number in it ("2 bed with a walled garden for Zebedee", "junior lab technician at
    Fenwick Labs") or an adjective that opens one ("effective March 1"); not a name called
    out ("Lorcan, cover art") or an aside ("mild panic")."""
    if clause.skip != "fragment" or clause.subject is not None:
        return False
    words = [t for t in clause.tokens if not t.is_punct]
    adjective_first = bool(words) and clause.head.pos_ == "ADJ" and words[0].i == clause.head.i
    if clause.head.pos_ not in ("NOUN", "PROPN", "NUM") and not adjective_first:
        return False  # but "effective March 1", "due Friday" say when
    if len(words) < 3 or any(t.lower_ in lx.SECOND_PERSON for t in words):
        return False
    first = words[0]
    if first.pos_ == "PROPN" and first.i + 1 < len(first.doc) and first.nbor().text == ",":
        return False
    return has_anchor(words, {})


def goes_on_about(clause: Clause, piece: Piece) -> bool:
    """A statement about a thing that acts on an "it" nothing in its sentence names, right
    after a sentence that said something ("we decided v1 is invoice only. card fees make it messy"):
    it explains that statement and belongs with it."""
    if clause.skip or clause.reject or clause.subject_kind != "thing":
        return False
    earlier = list(piece.doc[clause.tokens[0].sent.start : clause.tokens[0].i])
    return refers_back(clause.tokens, earlier)
