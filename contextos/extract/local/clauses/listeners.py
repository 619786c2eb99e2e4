"""The listener in a sentence: "you" as a word of its own (not the one in "thank-you"), a "you"
said to several ("you guys"), the listener's kin ("your mother"), and a name called out to
someone ("Delphine, just send me the floor plan", "it's fine Cosmo!").
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.dates import is_calendar_word
from contextos.extract.local.text import lexicon as lx

__all__ = [
    "called_out",
    "called_out_before",
    "in_hyphenated_word",
    "listeners_kin",
    "plural_you",
    "second_person",
    "trailing_vocative",
    "vocative",
]


def in_hyphenated_word(tok: Any) -> bool:
    """``tok`` is joined by a hyphen to the word before it ("thank-you", "see-you-later")."""
    if tok.i < 2:
        return False
    dash = tok.doc[tok.i - 1]
    return dash.text in ("-", "‐") and not dash.whitespace_ and not tok.doc[tok.i - 2].whitespace_


def second_person(tok: Any) -> bool:
    """``tok`` is "you"/"your" ... as a word of its own, not inside "thank-you"."""
    return tok.lower_ in lx.SECOND_PERSON and not in_hyphenated_word(tok)


#: Words after "you" that make it many listeners: "see you all", "you guys", "you two".
_PLURAL_YOU_AFTER = frozenset({"all", "guys", "lot", "two", "three", "both", "folks", "lads"})


def plural_you(tok: Any) -> bool:
    """``tok`` is a "you" said to several listeners ("see you all at midnight", "you guys")."""
    if tok.lower_ in ("y'all", "yall", "youse"):
        return True
    after = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return tok.lower_ == "you" and after is not None and after.lower_ in _PLURAL_YOU_AFTER


def listeners_kin(tok: Any) -> bool:
    """ "your mother", "your boss": a person of the listener's. An assistant has none, so in a
    chat with one it is another human's ("your mother can bring up the church", said to a
    partner while both talk to the assistant)."""
    return (
        tok.lower_ == "your"
        and tok.dep_ == "poss"
        and tok.head.pos_ == "NOUN"
        and tok.head.lemma_.lower() in lx.RELATION_NOUNS
    )


def vocative(subj: Any, head: Any) -> bool:
    """ "Delphine, just send me the floor plan": the parser takes the name called out before a
    comma for the subject of a base-form verb; it is an imperative addressed to Delphine. So is
    a noun it takes for the verb ("Gunnar, stock check before you go"): a task handed out. A
    present-tense verb that does not agree with the one name before it is one too ("Radomir,
    get all three bids on paper")."""
    doc = subj.doc
    disagrees = (  # not "Imelda, my cook, she leave at end of may": a statement
        head.tag_ == "VBP"
        and subj.tag_ == "NNP"
        and not any(c.dep_ in ("conj", "cc", "appos") for c in subj.children)
        and not any(c.dep_ == "nsubj" and c.i != subj.i for c in head.children)
    )
    return (
        (head.tag_ == "VB" or head.pos_ == "NOUN" or disagrees)
        and subj.i < head.i
        and subj.i + 1 < len(doc)
        and doc[subj.i + 1].text == ","
        and not any(c.dep_ in ("aux", "auxpass") for c in head.children)
    )


def called_out(tok: Any) -> bool:
    """ "Delphine owns the menu, and Gunnar, the wine list is yours": a name between "and" and a
    comma that the parser joined to the verb before it is someone called out by name, the
    clause after the comma addressed to them."""
    doc = tok.doc
    return (
        tok.dep_ == "conj"
        and tok.pos_ == "PROPN"
        and tok.head.pos_ in ("VERB", "AUX")
        and not list(tok.children)
        and tok.i + 2 < len(doc)
        and doc[tok.i + 1].text == ","
        and doc[tok.i - 1].lower_ in ("and", ",")
    )


def trailing_vocative(tok: Any) -> bool:
    """ "Her name day is in March Oswin.", "it's fine Cosmo!": a name closing a sentence with no
    comma before it, which the parser hangs on the verb or a noun as an adverbial noun, is the
    person spoken to, not part of the statement (a weekday or month there is its date)."""
    doc = tok.doc
    return (
        tok.dep_ == "npadvmod"
        and tok.tag_ == "NNP"
        and tok.is_title
        and tok.is_alpha
        and not list(tok.children)
        and (tok.i + 1 == len(doc) or doc[tok.i + 1].text in (".", "!", "?", ",", "..."))
        and tok.i > 0
        and doc[tok.i - 1].is_alpha
        and not is_calendar_word(tok.text)
    )


def called_out_before(tokens: list[Any]) -> Any | None:
    """The name called out just before the clause ``tokens`` (see :func:`called_out`)."""
    if not tokens:
        return None
    first = tokens[0]
    i = first.i - 1
    doc = first.doc
    if i > 0 and doc[i].text == "," and called_out(doc[i - 1]):
        return doc[i - 1]
    return None
