"""Which of "he" and "she" a person's name takes, as the history being read says.

A "him" in "the new tablets were making him dizzy" is not the Hortense named just before when
the user introduced Hortense as "my sister Hortense". A name alone says nothing of who its bearer
is; what the speaker said of them does: a gendered relation noun given with the name ("my
sister Hortense", "Tom, my brother", "Ana is my wife") or a title ("Mrs. Patel", "Mr Jones").
:class:`Genders` remembers what was learnt this way, by first name (a name the history gives
both is left unknown), so that pronoun resolution
(:mod:`~contextos.extract.local.conversation.people`) passes over the people a pronoun cannot
be. A name nothing was learnt of can be either.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import person_text

__all__ = ["Genders", "name_key", "pronoun_gender"]

_PRONOUNS = {
    "he": "he",
    "him": "he",
    "his": "he",
    "himself": "he",
    "she": "she",
    "her": "she",
    "hers": "she",
    "herself": "she",
}


def pronoun_gender(pronoun: str) -> str | None:
    """ "he" for he/him/his, "she" for she/her/hers; None for any other word."""
    return _PRONOUNS.get(pronoun.lower())


def name_key(name: str) -> str:
    """The word of ``name`` a gender is remembered by: its first word that is not a title
    ("Mrs. Patel" -> "patel", "Hortense Fenwick" -> "hortense")."""
    for word in name.split():
        if word.lower().rstrip(".") not in lx.PERSON_TITLES:
            return word.lower()
    return ""


class Genders:
    """First name (lower case) -> "he" or "she", learnt from the docs read; "" for a name
    learnt as both (two people, or a mistake), which stays unknown."""

    def __init__(self, known: dict[str, str] | None = None) -> None:
        """``known``: what earlier reading learnt, added to in place."""
        self.by_name: dict[str, str] = {} if known is None else known

    def learn(self, docs: Iterable[Any]) -> None:
        for doc in docs:
            for tok, gender in _gendered_names(doc):
                key = name_key(person_text(tok))
                if key:
                    seen = self.by_name.setdefault(key, gender)
                    if seen != gender:
                        self.by_name[key] = ""

    def of(self, name: str) -> str | None:
        """ "he", "she", or None when nothing (or both) was learnt of ``name``; a relation
        said as a name ("Mum", "Grandad") is what its word is."""
        key = name_key(name)
        return self.by_name.get(key) or _gender_of(key, lx.FEMALE_RELATIONS, lx.MALE_RELATIONS)

    def fits(self, name: str, pronoun: str) -> bool:
        """Whether ``pronoun`` (he, him, his, she, her ...) can stand for ``name``."""
        gender, wanted = self.of(name), pronoun_gender(pronoun)
        return gender is None or wanted is None or gender == wanted


def _gendered_names(doc: Any) -> Iterable[tuple[Any, str]]:
    """(name token, "he"/"she") for each proper noun ``doc`` gives with a gendered relation
    noun or a title."""
    for tok in doc:
        if tok.pos_ == "PROPN" and tok.lower_.rstrip(".") in lx.PERSON_TITLES:
            gender = _gender_of(tok.lower_.rstrip("."), lx.FEMALE_TITLES, lx.MALE_TITLES)
            if gender is not None and tok.dep_ == "compound" and tok.head.pos_ == "PROPN":
                yield tok.head, gender  # "Mrs. Patel"
            continue
        if tok.pos_ == "PROPN" and (gender := _pronoun_after(tok)) is not None:
            yield tok, gender  # "the carer is Imelda, she's done night care for 9 years"
            continue
        if tok.pos_ != "NOUN":
            continue
        if tok.lower_ == "name" and tok.dep_ == "nsubj":
            yield from _named_as(tok)  # "Her name is Ottoline"
            continue
        gender = _gender_of(tok.lower_, lx.FEMALE_RELATIONS, lx.MALE_RELATIONS)
        if gender is None:
            continue
        if tok.dep_ == "appos" and tok.head.pos_ == "PROPN":
            yield tok.head, gender  # "Hortense, my sister, ..."
        for child in tok.children:
            if child.dep_ == "appos" and child.pos_ == "PROPN":
                yield child, gender  # "my sister Hortense"
        if tok.dep_ == "attr" and tok.head.lemma_ == "be":  # "Hortense is my sister"
            for child in tok.head.children:
                if child.dep_ == "nsubj" and child.pos_ == "PROPN":
                    yield child, gender


def _pronoun_after(tok: Any) -> str | None:
    """The gender of a "he" or "she" that opens the clause right after the name ``tok`` and a
    comma ("Imelda, she's done night care"): said of the one just named."""
    doc = tok.doc
    if tok.i + 2 >= len(doc) or doc[tok.i + 1].text != ",":
        return None
    after = doc[tok.i + 2]
    if after.dep_ not in ("nsubj", "nsubjpass"):
        return None
    return _PRONOUN_GENDER.get(after.lower_)


def _named_as(name: Any) -> Iterable[tuple[Any, str]]:
    """ "Her name is Ottoline", "his name's Tav": the name, and the gender its "his"/"her" says."""
    owner = next((c for c in name.children if c.dep_ == "poss"), None)
    gender = _PRONOUN_GENDER.get(owner.lower_) if owner is not None else None
    if gender is None or name.head.lemma_ != "be":
        return
    for attr in name.head.children:
        if attr.dep_ == "attr" and attr.pos_ == "PROPN":
            yield attr, gender


#: The pronouns that say a gender where they stand: of the one named, or whose name it is.
_PRONOUN_GENDER = {"he": "he", "she": "she", "his": "he", "her": "she"}


def _gender_of(word: str, female: frozenset[str], male: frozenset[str]) -> str | None:
    """ "she" for a word of ``female``, "he" for one of ``male``, else None."""
    if word in female:
        return "she"
    if word in male:
        return "he"
    return None
