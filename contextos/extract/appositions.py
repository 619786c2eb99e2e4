"""Who someone is, from an apposition: "my new mentor, Aisha Khan, wants ..." says
"Aisha Khan is my new mentor" whatever the rest of the sentence says.

A role or relation noun with a possessive ("my partner", "our lead programmer", "their account
rep") next to a proper name, in either parse the small model produces (the name as ``appos`` of
the noun, or the noun as a ``compound`` of the name), becomes a copular clause about the named
person. The rest of the sentence may be an opinion, a request or a fragment; the identity
stays a fact, with the noun phrase as its evidence.
"""

from __future__ import annotations

from typing import Any

from contextos.extract import lexicon as lx
from contextos.extract.names import person_name
from contextos.extract.statements import Clause

__all__ = ["apposition_clauses", "role_phrase_text"]


def _is_role(tok: Any) -> bool:
    lemma = tok.lemma_.lower()
    return tok.pos_ == "NOUN" and (lemma in lx.RELATION_NOUNS or lemma in lx.ROLE_NOUNS)


def _name_tokens(head: Any) -> list[Any]:
    toks = [
        t
        for t in head.subtree
        if t.pos_ == "PROPN" and (t.i == head.i or t.head.i == head.i and t.dep_ == "compound")
    ]
    return sorted(toks, key=lambda t: t.i)


def _role_tokens(noun: Any, name_ids: set[int]) -> list[Any]:
    """The role noun with its determiners / possessives / modifiers left of it."""
    left = [t for t in noun.subtree if t.i <= noun.i and t.i not in name_ids]
    start = noun.i
    ids = {t.i for t in left}
    while start - 1 in ids:
        start -= 1
    return [noun.doc[i] for i in range(start, noun.i + 1)]


def _possessed(role: list[Any]) -> bool:
    return any(t.tag_ in ("PRP$", "POS") for t in role)


def apposition_clauses(sent: Any) -> list[Clause]:
    """Copular clauses "<name> is <role>" for the role appositions in ``sent``."""
    out: list[Clause] = []
    seen: set[int] = set()
    for tok in sent:
        if tok.pos_ != "PROPN" or tok.i in seen:
            continue
        noun = next((c for c in tok.children if c.dep_ == "appos" and _is_role(c)), None)
        if noun is not None:
            pass  # "cc Tom Baker, my manager"
        elif tok.dep_ == "appos" and _is_role(tok.head):
            noun = tok.head  # "my mentor, Aisha Khan,"
        else:
            prev = tok.doc[tok.i - 1] if tok.i > sent.start else None
            if prev is not None and _is_role(prev) and prev.dep_ == "compound":
                noun = prev  # "my partner Jo", "their account manager Paul Ortiz"
                tok = prev.head if prev.head.pos_ == "PROPN" else tok
        if noun is None:
            continue
        name = _name_tokens(tok)
        seen.update(t.i for t in name)
        while len(name) > 1 and not name[0].text[:1].isupper():
            name = name[1:]  # "cc Tom Baker": the small model tags "cc" a proper noun
        role = _role_tokens(noun, {t.i for t in name})
        if not name or not _possessed(role):
            continue
        tokens = sorted({t.i: t for t in role + name}.values(), key=lambda t: t.i)
        first, last = tokens[0].i, tokens[-1].i
        span = [tok.doc[i] for i in range(first, last + 1)]
        out.append(Clause(sent, noun, span, name[-1], "person", copula=True))
    return out


def role_phrase_text(clause: Clause, speaker: str) -> str:
    """ "<name> is <role>", first-person possessives made the speaker's ("Jo is Dana's
    partner")."""
    name_ids = {t.i for t in _name_tokens(clause.subject)}
    role = _role_tokens(clause.head, name_ids)
    words: list[str] = []
    for t in role:
        if t.lower_ in ("my", "our"):
            words.append(f"{speaker}'s")
        elif t.is_punct:
            continue
        else:
            words.append(t.text)
    name = person_name(" ".join(t.text for t in _name_tokens(clause.subject)))
    return f"{name} is {' '.join(words)}".replace(" 's", "'s")
