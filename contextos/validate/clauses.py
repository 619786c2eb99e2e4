"""Clauses cut loose: a fact text that is a grammatical piece of a longer sentence.

:func:`cut_clause_problem` reads the spaCy parse of a fact text (and, when the text ends on a
word that may have lost what followed it, the parse of its evidence quotes) and finds five
shapes, all from the grammar, none from a list of phrases:

- **a subordinate clause with no main clause** — the root of the text carries its own
  subordinating conjunction ("Because the van broke down", "If the grant comes through"), or
  the text opens with a relative or interrogative word that belongs to the root's own clause
  ("Which is why the office moved", "When the kids are asleep"): the clause this one leaned on
  was cut off. A free relative that is itself an argument ("What Dana wants is a flat") has a
  root of its own and passes.
- **a modal with no verb** — "... the landlord won't", "Dana said she would": the verb the
  modal governs is elsewhere (ellipsis), so the fact does not say what will or won't happen.
- **an infinitive marker at the end** — "Dana wants to": the verb it introduced was cut.
- **a word that lost its object** — the text ends on a preposition with no object, or on a
  verb with no complement at all, and in the evidence quote that same word *has* an object
  (or a clause) after it ("Dana will be done by" from "... done by the end of May", or from a
  quote that stops there in a turn that goes on "by then"; "Jo
  laughed and said" from "... and said it was fine"). A word that stands alone in its evidence
  too ("has been there before", "the deal came through", "Dana quit") passes: only the
  comparison with the source says it was cut.
- **no subject and no finite verb at the root** — the parser gives the text a noun or a
  number as its root and no word of it is a finite verb ("Forty paying customers, about 9k
  a month"): a note, not a sentence. (Texts with no verb at all, or a bare -ing/infinitive
  root, are :func:`~contextos.validate.standalone.fragment_problem`'s.)

The checks return a detail for the ``fragment`` rejection, or None.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["cut_clause_problem"]

_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj", "csubjpass"})
#: what a verb says when its object or clause follows it
_VERB_COMPLEMENTS = frozenset(
    {"dobj", "ccomp", "xcomp", "attr", "acomp", "oprd", "dative", "prep", "prt", "advcl"}
)
#: what a verb in the evidence takes after it that the fact lost
_VERB_OBJECTS = frozenset({"dobj", "ccomp", "xcomp", "dative", "attr"})
_PREP_OBJECTS = frozenset({"pobj", "pcomp"})
#: what a preposition in the evidence has after it that the fact lost ("by then")
_PREP_WORDS = frozenset({"pobj", "pcomp", "advmod", "npadvmod"})
_WH_TAGS = frozenset({"WDT", "WP", "WP$", "WRB"})

ParseQuotes = Callable[[Sequence[str]], list[Any]]


def _words(doc: Any) -> list[Any]:
    return [t for t in doc if not t.is_punct and not t.is_space]


def _subordinate_alone(doc: Any) -> str | None:
    """The root clause is itself subordinate: it has a marker, or opens with a wh-word of
    its own clause."""
    root = next(iter(doc.sents)).root
    words = _words(doc)
    first = words[0] if words else None
    for c in root.children:
        if c.dep_ == "mark" and c == first and c.lower_ != "that":
            return f"'{c.text} ...' is a subordinate clause with no main clause"
    if (
        first is not None
        and first.tag_ in _WH_TAGS
        and first.lower_ != "what"  # "What Dana wants is ...": a free relative subject
        and first.head == root
        and first.dep_ not in ("csubj",)
    ):
        return f"'{first.text} ...' is a relative or subordinate clause cut from its sentence"
    return None


def _modal_without_verb(doc: Any) -> str | None:
    """A modal that heads its own clause: the verb it governs was left out."""
    for t in doc:
        # a main clause or what it says: an adverbial clause may leave its verb out ("...
        # as long as Bo can", "... if Bo must")
        if t.tag_ != "MD" or t.dep_ not in ("ROOT", "ccomp", "conj") or t.i == 0:
            continue
        if doc[t.i - 1].pos_ not in ("NOUN", "PROPN", "PRON"):
            continue  # "the first week of may": a month the tagger read as a modal
        rest = [w for w in doc[t.i + 1 :] if w.dep_ != "neg"]
        if not rest or rest[0].is_punct:
            return f"'{t.text}' has no verb"
    return None


def _lost_object(last: Any, quotes: Sequence[Any]) -> bool:
    """``last`` (the fact's last word) has no object, and the same word in an evidence quote
    does: the fact was cut before it."""
    if last.pos_ == "ADP":
        if any(c.dep_ in _PREP_OBJECTS for c in last.children):
            return False
        wanted = _PREP_WORDS
    elif last.pos_ == "VERB":
        if any(c.dep_ in _VERB_COMPLEMENTS for c in last.children):
            return False
        if last.tag_ == "VBN":
            return False  # "the switch is done": a participle says its state
        wanted = _VERB_OBJECTS
    else:
        return False
    for q in quotes:
        # the last place the same word, governed by the same word, stands: where the fact
        # was cut from (an earlier one is another use of it: "days OFF off")
        same = [
            t
            for t in q
            if (t.lower_ == last.lower_ if last.pos_ == "ADP" else t.lemma_ == last.lemma_)
            and t.head.lemma_ == last.head.lemma_
        ]
        if same and any(c.dep_ in wanted and c.i > same[-1].i for c in same[-1].children):
            return True
    return False


def _no_finite_root(doc: Any) -> bool:
    """The root is not a verb and no word could be a finite verb (a participle or past form
    counts, and so does a plural noun that is a verb's third person: "Dana chats")."""
    from contextos.validate.standalone import FINITE_TAGS, may_be_verb

    root = next(iter(doc.sents)).root
    if root.pos_ in ("VERB", "AUX"):
        return False
    return not any(
        t.tag_ in FINITE_TAGS or t.tag_ == "VBN" or (t.tag_ == "NNS" and may_be_verb(t))
        for t in doc
    )


def cut_clause_problem(
    doc: Any, quotes: Sequence[str] = (), parse: ParseQuotes | None = None
) -> str | None:
    """Why the parsed fact text ``doc`` is a clause cut from a longer sentence, or None.

    ``quotes`` are the fact's evidence quotes, each run on to the end of its sentence in the
    turn (validation passes them so); ``parse`` parses them (only when the text ends on a word
    that may have lost its object)."""
    words = _words(doc)
    if not words:
        return None
    why = _subordinate_alone(doc) or _modal_without_verb(doc)
    if why:
        return why
    last = words[-1]
    if last.tag_ == "TO":
        return f"ends on '{last.text}' with no verb after it"
    if (
        quotes
        and parse is not None
        and last.pos_ in ("ADP", "VERB")
        and _lost_object(last, parse(quotes))
    ):
        return f"'{last.text}' lost the words it takes (they follow it in the evidence)"
    if _no_finite_root(doc) and not any(t.text == ":" for t in doc):
        return "no finite verb: a note, not a sentence"
    return None
