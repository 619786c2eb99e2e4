"""How a person's name is written in fact text: a PERSON span cleaned of the words NER swept
in, and the name a token is part of. Token and string helpers only, so that every stage that
reads names (statements, entities, people) can share them."""

from __future__ import annotations

from typing import Any

from contextos.extract import lexicon as lx

__all__ = ["person_name", "person_text", "relation_named"]


def person_name(text: str) -> str:
    """A PERSON span without the lower-case words NER swept in ("cc Tom Hall" -> "Tom Hall")."""
    words = text.split()
    while len(words) > 1 and not words[0][:1].isupper():
        words.pop(0)
    return " ".join(words).removesuffix("'s").removesuffix("’s")


def person_text(tok: Any) -> str:
    """The name ``tok`` is part of: its PERSON entity, or the token with its proper-noun
    compounds ("Greg Halloran")."""
    for ent in tok.doc.ents:
        if ent.start <= tok.i < ent.end and ent.label_ == "PERSON":
            return person_name(str(ent.text))
    parts = [t for t in tok.subtree if t.dep_ == "compound" and t.pos_ == "PROPN"] + [tok]
    parts.sort(key=lambda t: t.i)
    return person_name(" ".join(t.text for t in parts))


def relation_named(tok: Any) -> bool:
    """A name given to a relation, a person whatever the NER labels it: in apposition to a
    relation noun ("Giulia" in "my girlfriend Giulia") or said to be one ("Sandra Okafor" in
    "my new manager is Sandra Okafor", which the small model calls a place)."""
    if tok.dep_ == "appos":
        return bool(tok.head.lemma_.lower() in lx.RELATION_NOUNS)
    if tok.dep_ == "attr" and tok.head.lemma_ == "be":
        return any(
            c.dep_ == "nsubj" and c.lemma_.lower() in lx.RELATION_NOUNS for c in tok.head.children
        )
    return False
