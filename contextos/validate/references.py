"""References inside a fact text: a pronoun or a demonstrative that names nothing in the fact.

:func:`unresolved_problem` reads the spaCy parse of a candidate's *text* (any extractor): a core
argument (subject, object, attribute, object of a verb's preposition) that is a personal pronoun
(he, she, him, her, it, they, them), a demonstrative pronoun (this, that, these, those) or a
demonstrative description ("that person", "these changes") with nothing in the fact it could
stand for is an ``unresolved_reference``. A pronoun has an antecedent when a noun or name comes
before it in the text and is not the subject of its own verb ("Dana's sister says she ..." is
fine; in "Lena loved him" the only name is the subject of "loved", which "him" cannot be).
Dummy "it" ("it takes two hours", "it is raining", "it is hard to ...") names nothing and is
fine; "this week"-like time phrases are the extractor's business (it resolves dates), not
references.

Definite descriptions ("the fix") need the conversation, not just the fact: see
``descriptions.py``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CORE_ARGS", "NOMINAL", "core_argument", "unresolved_problem"]

_PERSONAL = frozenset({"he", "she", "him", "her", "it", "they", "them"})
_DEMONSTRATIVE = frozenset({"this", "that", "these", "those"})
CORE_ARGS = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "attr", "dative"})
NOMINAL = frozenset({"NOUN", "PROPN"})


def _dummy_it(tok: Any) -> bool:
    """ "it" that names nothing, or names the clause after it: an expletive; the subject or
    object of a verb whose clause follows ("it is hard to ...", "it takes two hours to ...",
    "it turns out that ...", "Dana loves it when ...", "Dana finds it easy to ..."); the idiom
    "make it"; weather and time ("it is raining", "it is late")."""
    if tok.dep_ == "expl":
        return True
    if tok.dep_ not in ("nsubj", "nsubjpass", "dobj"):
        return False
    head = tok.head
    for c in head.children:  # the clause it stands for comes after it
        if c.i > tok.i and c.dep_ in ("xcomp", "ccomp", "csubj", "advcl"):
            return True
    for c in head.children:  # "it is hard to ...": the clause hangs off the adjective
        if c.dep_ in ("acomp", "attr", "oprd") and any(
            g.dep_ in ("xcomp", "ccomp", "advcl") for g in c.children
        ):
            return True
    if tok.dep_ == "dobj":
        return head.lemma_ == "make"  # the idiom "make it" (arrive, succeed): "made it to ..."
    return head.lemma_ in ("rain", "snow") or (
        head.lemma_ == "be" and not any(c.dep_ in ("attr", "acomp") for c in head.children)
    )


def _governing_subject(tok: Any) -> set[int]:
    """Token indices of the subject of the verb ``tok`` is an object of (directly, or through
    a preposition): the pronoun cannot stand for them ("Lena loved him")."""
    head = tok.head
    if tok.dep_ == "pobj" and head.dep_ == "prep":
        head = head.head
    if tok.dep_ in ("nsubj", "nsubjpass"):
        return set()
    return {w.i for c in head.children if c.dep_ in ("nsubj", "nsubjpass") for w in c.subtree}


def _antecedent(tok: Any) -> bool:
    """A noun or a name before ``tok`` in the text that it could stand for."""
    barred = _governing_subject(tok)
    return any(
        t.pos_ in NOMINAL and t.i not in barred and t.dep_ not in ("npadvmod",)
        for t in tok.doc[: tok.i]
    )


def core_argument(tok: Any) -> bool:
    if tok.dep_ not in CORE_ARGS:
        return False
    if tok.dep_ == "pobj":  # the object of a preposition of a verb, not of a noun
        return tok.head.dep_ == "prep" and tok.head.head.pos_ in ("VERB", "AUX")
    return True


#: clauses that may point back at the clause before them ("..., so that part is fine",
#: "...; Dana has said this for years"): a demonstrative in them may name that clause
_LATER_CLAUSES = frozenset({"conj", "advcl", "relcl", "acl", "parataxis", "cc", "prep"})


def _in_main_clause(tok: Any) -> bool:
    """``tok`` belongs to the fact's first clause (its root, and the clauses it takes as
    complements: "Dana wants to fix that", "Dana says that is wrong"), before any ';'."""
    if tok.sent.start != 0 or any(t.text == ";" for t in tok.doc[: tok.i]):
        return False
    seen_verb = False
    for t in tok.doc[: tok.i]:  # a verb, then a conjunction or comma: a clause has ended
        # ("says that ...": the complement, not a new clause)
        if seen_verb and (t.pos_ in ("CCONJ", "SCONJ") or t.text == ",") and t.lower_ != "that":
            return False
        seen_verb = seen_verb or t.pos_ in ("VERB", "AUX")
    verb = tok.head
    while verb.dep_ != "ROOT":
        if verb.pos_ in ("VERB", "AUX") and verb.dep_ in _LATER_CLAUSES:
            return False
        verb = verb.head
    return True


def _points_forward(tok: Any) -> bool:
    """A colon after ``tok``: what it points at follows ("the reason for this: ...")."""
    return any(t.text == ":" for t in tok.doc[tok.i + 1 :])


def _demonstrative_problem(tok: Any) -> str | None:
    if not _in_main_clause(tok) or _points_forward(tok):
        return None
    if tok.dep_ in CORE_ARGS and core_argument(tok):  # "Dana never said that"
        return f"'{tok.text}' points at something the fact does not say"
    head = tok.head
    if tok.dep_ == "det" and head.pos_ == "NOUN" and head.dep_ in _ARGUMENTS:
        earlier = {t.lemma_ for t in tok.doc[: tok.i] if t.pos_ in NOMINAL}
        if head.lemma_ not in earlier:  # "a bike ... that bike" names it
            return f"'{tok.text} {head.text}' points at something the fact does not say"
    return None


#: arguments a demonstrative description is checked in ("that person" as subject or object;
#: "at this point", "for this first year" are adjuncts, and mostly time)
_ARGUMENTS = frozenset({"nsubj", "nsubjpass", "dobj", "attr", "dative"})


def unresolved_problem(doc: Any) -> str | None:
    """The first core argument of ``doc`` that refers to something the fact does not name."""
    for tok in doc:
        low = tok.lower_
        if tok.text not in (low, low.capitalize()):
            continue  # "IT", "THIS": an acronym or a name, not a pronoun
        if low in _PERSONAL and tok.pos_ == "PRON" and core_argument(tok):
            if low == "it" and _dummy_it(tok):
                continue
            if not _antecedent(tok):
                return f"'{tok.text}' stands for nothing the fact names"
        elif low in _DEMONSTRATIVE and tok.tag_ != "WDT":  # not the relative "that"
            why = _demonstrative_problem(tok)
            if why:
                return why
    return None
