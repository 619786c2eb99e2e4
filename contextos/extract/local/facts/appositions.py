"""Who someone is, from an apposition: "my new mentor, Aisha Khan, wants ..." says
"Aisha Khan is my new mentor" whatever the rest of the sentence says.

A role or relation noun with a possessive ("my partner", "our head baker", "their sales
contact") next to a proper name, or with "a"/"an" right after it ("Ulrike Fenwick, a tax
adviser,"), in either parse the small model produces (the name as ``appos`` of
the noun, or the noun as a ``compound`` of the name), becomes a copular clause about the named
person. The rest of the sentence may be an opinion, a request or a fragment; the identity
stays a fact, with the noun phrase as its evidence.
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.clauses.render import inflect_3sg
from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import as_written, person_name

__all__ = [
    "affiliation_clauses",
    "agent_clauses",
    "apposition_clauses",
    "role_phrase_text",
    "role_possessor",
]


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
    role = [noun.doc[i] for i in range(start, noun.i + 1)]
    if role[0].lower_ in ("a", "an"):  # "a friend from college": what kind is said after it
        for c in noun.children:
            if c.dep_ == "prep" and c.i == role[-1].i + 1:
                role.extend(sorted(c.subtree, key=lambda t: t.i))
    return role


def _possessed(role: list[Any]) -> bool:
    return any(t.tag_ in ("PRP$", "POS") for t in role)


def _indefinite(role: list[Any], noun: Any, name: list[Any]) -> bool:
    """ "Ulrike Fenwick, a tax adviser, ...": a role said with "a"/"an" right after the
    name it describes (not "an adviser, Ulrike, ...", which introduces her)."""
    return (
        bool(role)
        and role[0].lower_ in ("a", "an")
        and noun.pos_ == "NOUN"
        and bool(name)
        and role[0].i > name[-1].i
    )


def _role_nouns(tok: Any, sent: Any) -> tuple[Any, list[Any]]:
    """The name token whose phrase holds ``tok`` and the role nouns that may describe it."""
    nouns = [  # "Tom, my manager"; not "in Bilbao, my friend Imelda": that role is hers
        c for c in tok.children if c.dep_ == "appos" and _is_role(c) and not _names_own(c)
    ]
    if tok.dep_ == "appos":
        if _is_role(tok.head):
            nouns.append(tok.head)  # "my mentor, Aisha Khan,"
        nouns.extend(  # "One colleague, Ulrike Fenwick, a tax adviser, ...": both hang on
            c  # "colleague"
            for c in tok.head.children
            if c.dep_ == "appos" and c.i > tok.i and _is_role(c)
        )
    prev = tok.doc[tok.i - 1] if tok.i > sent.start else None
    if not nouns and prev is not None and _is_role(prev) and prev.dep_ == "compound":
        nouns.append(prev)  # "my partner Jo", "their account manager Paul Ortiz"
        tok = prev.head if prev.head.pos_ == "PROPN" else tok
    return tok, nouns


def _names_own(role: Any) -> bool:
    """The role noun names the person it describes itself ("my friend Imelda")."""
    return any(c.dep_ in ("appos", "compound") and c.pos_ == "PROPN" for c in role.children)


def apposition_clauses(sent: Any) -> list[Clause]:
    """Copular clauses "<name> is <role>" for the role appositions in ``sent``."""
    out: list[Clause] = []
    seen: set[int] = set()
    for tok in sent:
        if tok.pos_ != "PROPN" or tok.i in seen:
            continue
        tok, nouns = _role_nouns(tok, sent)
        if not nouns:
            continue
        name = _name_tokens(tok)
        seen.update(t.i for t in name)
        while len(name) > 1 and not name[0].text[:1].isupper():
            name = name[1:]  # "cc Tom Baker": the small model tags "cc" a proper noun
        if any(t.lower_ in lx.JOKE_MARKERS or t.lower_ in lx.CHAT_FILLERS for t in name):
            continue  # "lmao my flatmate ...": a laugh the small model tags a proper noun
        for noun in nouns:
            role = _role_tokens(noun, {t.i for t in name})
            if not name or not (_possessed(role) or _indefinite(role, noun, name)):
                continue
            tokens = sorted({t.i: t for t in role + name}.values(), key=lambda t: t.i)
            first, last = tokens[0].i, tokens[-1].i
            span = [tok.doc[i] for i in range(first, last + 1)]
            out.append(Clause(sent, noun, span, name[-1], "person", copula=True))
            break
    return out


def role_phrase_text(clause: Clause, speaker: str, whose: str | None = None) -> str:
    """ "<name> is <role>", first-person possessives made the speaker's ("Jo is Dana's
    partner"), a "his"/"her"/"their" the person ``whose`` stands for ("Casimir is Hortense's
    son"; see :func:`role_possessor`)."""
    name_ids = {t.i for t in _name_tokens(clause.subject)}
    role = _spoken_of(_role_tokens(clause.head, name_ids), speaker, whose=whose)
    return f"{_written_name(_name_tokens(clause.subject))} is {role}"


def role_possessor(clause: Clause) -> Any | None:
    """The "his"/"her" of an apposition's role ("her son Casimir"), or None: the fact
    says whose only once someone named before stands for it. ("their sales contact" may be a
    company's, and stays as said.)"""
    name_ids = {t.i for t in _name_tokens(clause.subject)}
    role = _role_tokens(clause.head, name_ids)
    return next((t for t in role if t.lower_ in lx.PERSON_POSSESSIVES), None)


def _written_name(name: list[Any]) -> str:
    """The person ``name`` (its tokens) names, as fact text writes it ("bree" -> "Bree")."""
    return person_name(" ".join(as_written(t) for t in name))


def _spoken_of(
    tokens: list[Any], speaker: str, lower_first: bool = False, whose: str | None = None
) -> str:
    """``tokens`` as words about the speaker: "my"/"our" are the speaker's, a third-person
    possessive ``whose``'s when given, punctuation is left out ("my new mentor" -> "Dana's
    new mentor")."""
    words = [
        f"{speaker}'s"
        if t.lower_ in ("my", "our")
        else f"{whose}'s"
        if whose is not None and t.lower_ in lx.PERSON_POSSESSIVES
        else t.lower_
        if t.is_sent_start and t.pos_ != "PROPN"  # "Their sales contact Oswin Brannock is out"
        else t.text
        for t in tokens
        if not t.is_punct
    ]
    if lower_first and words and tokens[0].lower_ not in ("my", "our"):
        words[0] = words[0].lower()
    return " ".join(words).replace(" 's", "'s")


def agent_clauses(sent: Any, speaker: str) -> list[tuple[Clause, str]]:
    """ "The payroll team, led by Gunnar Fenwick, has frozen the budget": who leads
    (runs, heads, founded ...) a group, from a participle phrase on its noun, as a clause about
    the person and its text ("Gunnar Fenwick leads the payroll team")."""
    out: list[tuple[Clause, str]] = []
    for tok in sent:
        lemma = tok.lemma_.lower()
        if tok.tag_ != "VBN" or tok.dep_ != "acl" or lemma not in lx.LEADING_VERBS:
            continue
        agent = next((c for c in tok.children if c.dep_ == "agent"), None)
        person = next((c for c in agent.children if c.dep_ == "pobj"), None) if agent else None
        if (
            person is None
            or person.pos_ != "PROPN"
            or any(c.dep_ == "det" for c in person.children)  # "led by the EU"
            or person.ent_type_ not in lx.NAME_ENT_TYPES
        ):
            continue
        name = _name_tokens(person)
        group = [t for t in tok.head.subtree if t.i <= tok.head.i and t.i < tok.i]
        group = [t for t in group if not t.is_punct]
        if not name or not group or group[-1].i != tok.head.i or tok.head.pos_ != "NOUN":
            continue
        verb = tok.text.lower() if lemma in lx.FOUNDING_VERBS else inflect_3sg(lemma)
        text = f"{_written_name(name)} {verb} {_spoken_of(group, speaker, lower_first=True)}"
        span = [t for t in sent if group[0].i <= t.i <= name[-1].i]
        out.append((Clause(sent, tok, span, name[-1], "person"), text))
    return out


#: Entity types the small model gives a person's name (it often calls one it does not know a
#: place: "Linnea" GPE).
_NAMES = frozenset({*lx.NAME_ENT_TYPES, "GPE"})
#: What a person can be from: an organisation or team, a place ("Tom from Grenoble"), or a name
#: the small model has no type for ("DevRel").
_GROUPS = frozenset({"", "ORG", "GPE", "NORP", "FAC", "LOC"})


def affiliation_clauses(sent: Any, speaker: str) -> list[tuple[Clause, str, str]]:
    """Where a named person belongs, said in passing next to the name: "Linnea from Legal",
    "Jo on the night desk", "Sam (PM)", "Thad (my EM)", "Ottoline, one of the other tutors".
    Each as a clause about the person, its text ("Linnea is from DevRel") and its category."""
    out: list[tuple[Clause, str, str]] = []
    for tok in sent:
        if tok.pos_ != "PROPN" or tok.dep_ in ("compound", "appos") or tok.ent_type_ not in _NAMES:
            continue
        name = _name_tokens(tok)
        if not name or not name[0].text[:1].isupper():
            continue
        after = tok.doc[name[-1].i + 1] if name[-1].i + 1 < sent.end else None
        parts = list(tok.children)
        if after is not None and after.dep_ == "prep" and after.head.i != tok.i:
            parts.append(after)  # "According to Jo on the night desk": hung on "According"
        for part in parts:
            phrase = [t for t in part.subtree if not t.is_punct]
            found = _affiliation(part, phrase, speaker)
            if found is None:
                continue
            words, category = found
            span = [t for t in sent if name[0].i <= t.i <= phrase[-1].i]
            out.append(
                (
                    Clause(sent, part, span, name[-1], "person", copula=True),
                    f"{_written_name(name)} is {words}",
                    category,
                )
            )
            break
    return out


def _affiliation(part: Any, phrase: list[Any], speaker: str) -> tuple[str, str] | None:
    """What ``part``, a phrase hanging on a name (``phrase``: its words), says the person
    belongs to, and its category."""
    obj = next((c for c in part.children if c.dep_ == "pobj"), None)
    if part.dep_ == "prep" and obj is not None:
        team = obj.lemma_.lower() in lx.POST_NOUNS
        if part.lower_ == "from" and (team or (obj.pos_ == "PROPN" and obj.ent_type_ in _GROUPS)):
            return _spoken_of(phrase, speaker), "work"  # "Linnea from Legal"
        if part.lower_ == "on" and team:
            return _spoken_of(phrase, speaker), "work"  # "Jo on the night desk"
        return None
    if part.dep_ != "appos":
        return None
    if part.lower_ == "one":  # "Ottoline, one of the other tutors"
        of = next((c for c in part.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        group = next((c for c in of.children if c.dep_ == "pobj"), None) if of else None
        if group is not None and _is_role(group):
            return _spoken_of(phrase, speaker), "relationship"
        return None
    before = part.doc[phrase[0].i - 1] if phrase[0].i > 0 else None
    if before is not None and before.text == "(" and part.lower_ in lx.ROLE_NOUNS:
        words = _spoken_of(phrase, speaker)  # "Sam (PM)", "Olu (my EM)"
        return (words if _possessed(phrase) else f"the {words}"), "work"
    return None
