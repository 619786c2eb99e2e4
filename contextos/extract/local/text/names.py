"""How a person's name is written in fact text: a PERSON span cleaned of the words NER swept
in, and the name a token is part of. Token and string helpers only, so that every stage that
reads names (statements, entities, people) can share them."""

from __future__ import annotations

from typing import Any

from contextos.extract.local.text import lexicon as lx

__all__ = [
    "as_written",
    "kin_as_name",
    "name_tagged_noun",
    "person_name",
    "person_text",
    "relation_named",
    "said_to_be_mine",
    "written",
]


def person_name(text: str) -> str:
    """A PERSON span without the lower-case words NER swept in ("cc Tom Hall" -> "Tom Hall")
    or a bracket after it ("Leo (4" -> "Leo")."""
    words = text.split("(", 1)[0].split("[", 1)[0].split()
    while len(words) > 1 and not words[0][:1].isupper():
        words.pop(0)
    return " ".join(words).removesuffix("'s").removesuffix("’s")


def as_written(tok: Any) -> str:
    """``tok`` as a fact writes it: a name typed in lower case with its capital (kept in
    ``norm_`` by ``nlp.parse_repairs.name_lower_case_relations``), anything else as typed."""
    return str(tok.norm_) if tok.is_lower and tok.norm_[:1].isupper() else str(tok.text)


def written(tokens: Any) -> str:
    """The text of ``tokens`` (a span or a list of tokens) as a fact writes it
    (see :func:`as_written`)."""
    return "".join(as_written(t) + t.whitespace_ for t in tokens).strip()


def person_text(tok: Any) -> str:
    """The name ``tok`` is part of: its PERSON entity, or the token with its proper-noun
    compounds ("Oswin Brannock")."""
    for ent in tok.doc.ents:
        if ent.start <= tok.i < ent.end and ent.label_ == "PERSON":
            return person_name(written(ent))
    parts = [t for t in tok.subtree if t.dep_ == "compound" and t.pos_ == "PROPN"] + [tok]
    parts.sort(key=lambda t: t.i)
    return person_name(" ".join(as_written(t) for t in parts))


def name_tagged_noun(tok: Any) -> bool:
    """A capitalised word in the middle of a sentence that the tagger calls a common noun: a
    name it did not know ("my tutor Aurelio")."""
    return bool(tok.pos_ == "NOUN" and tok.is_title and tok.i != tok.sent.start)


def relation_named(tok: Any) -> bool:
    """A name given to a relation, a person whatever the NER labels it: in apposition to a
    relation noun ("Mirabel" in "my girlfriend Mirabel") or said to be one ("Imelda Fenwick" in
    "my new manager is Imelda Fenwick", which the small model calls a place)."""
    if tok.dep_ == "appos":
        return bool(tok.head.lemma_.lower() in lx.RELATION_NOUNS)
    if tok.dep_ == "attr" and tok.head.lemma_ == "be":
        return any(
            c.dep_ == "nsubj" and c.lemma_.lower() in lx.RELATION_NOUNS for c in tok.head.children
        )
    return False


def said_to_be_mine(tok: Any) -> bool:
    """A name said to be someone of the speaker's, whatever the noun ("my mentor is
    Radomir, he's been there 11 years"); :func:`relation_named` knows the relations."""
    return tok.dep_ == "attr" and any(
        c.dep_ == "nsubj"
        and c.pos_ == "NOUN"
        and any(p.dep_ == "poss" and p.lower_ == "my" for p in c.children)
        for c in tok.head.children
    )


def kin_as_name(tok: Any) -> bool:
    """A family word used as a name ("Dad wants to come", "I rang Mum"): the speaker's own
    dad or mum. Not with a determiner or possessive ("her mum"), not before a name ("Grandma
    Rose"), not calling to them ("Mum, where's the key?")."""
    if tok.lower_ not in lx.KIN_NAMES or tok.pos_ not in ("PROPN", "NOUN"):
        return False
    if any(c.dep_ in ("det", "poss") for c in tok.children):
        return False
    if tok.dep_ == "compound" and tok.head.pos_ == "PROPN":
        return False
    before = tok.doc[tok.i - 1] if tok.i > 0 else None
    if before is not None and (before.tag_ in ("PRP$", "POS", "DT") or before.lower_ == "'s"):
        return False  # "Tom's mum", "the dad": the parser hung the word elsewhere
    after = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return not (tok.is_sent_start and after is not None and after.text == ",")
