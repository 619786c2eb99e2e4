"""What the parse says a clause's slot is (``resolve/slots.py``): its entity, attribute and
the thing it is about, and what a fact is about (for a problem and its resolution).

* a noun someone owns: "Ana's **manager**" (entity: the owner; the possessive pronouns are the
  fact's subject), with the verb when the noun is the subject of one ("family **live in**");
  a noun inside a prepositional phrase ("the new hire on **Marta's squad**") is not what the
  clause says. When a named holder is the copula's subject and the noun has modifiers ("Kwame
  is Rafael's **second** supervisor"), a second reading is the holder's role towards the owner,
  whose value is the modifiers (second -> primary);
* else a thing the clause is about, when its subject is a singular common noun ("the SSO
  rollout slipped"): the thing is the entity, whoever the fact is filed under;
* else the verb the fact's subject does, with its preposition ("Ana **lives in** Oslo").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from contextos.resolve.slot_cues import CHANGE_VERBS
from contextos.resolve.slot_values import value_kind

__all__ = [
    "ANY_VERB",
    "VALUE_AGE_ADJECTIVES",
    "Slot",
    "clauses_of",
    "complement_words",
    "entity_key",
    "fact_nouns",
    "slot_of",
]

#: adjectives that only say which of two values is the newer (closed class)
VALUE_AGE_ADJECTIVES = frozenset(
    {"new", "old", "current", "former", "previous", "latest", "updated", "revised", "original"}
)
_POSSESSIVE_PRONOUNS = frozenset({"his", "her", "their", "its", "my", "our", "your"})
_CLAUSE_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
#: the verb part of an attribute whose verb is a verb of change: any verb of the same noun
ANY_VERB = "*"


def entity_key(name: str) -> str:
    """How a slot's entity is compared: the first word of its name, case-folded ("Priya" and
    "Priya Raman" are one person; two people of one first name would share slots)."""
    words = name.casefold().replace("\u2019", "'").removesuffix("'s").split()
    return words[0] if words else ""


def _modifiers(token: Any) -> list[Any]:
    """A noun's compound and adjectival modifiers, theirs included ("Autopay beta date"),
    leaving out the adjectives that only say a value is the newer one
    (:data:`VALUE_AGE_ADJECTIVES`)."""
    out = []
    for c in token.children:
        if c.dep_ in ("compound", "amod", "nmod") and c.lower_ not in VALUE_AGE_ADJECTIVES:
            out += [*_modifiers(c), c]
    return sorted(out, key=lambda t: t.i)


def _phrase(token: Any) -> str:
    """A noun with its modifiers, lower case ("sso rollout", "primary supervisor")."""
    return " ".join([*(m.lower_ for m in _modifiers(token)), token.lemma_.lower()])


def _is_subject(token: Any, subject_words: set[str]) -> bool:
    return token.text.casefold() in subject_words or token.lower_ in _POSSESSIVE_PRONOUNS


def _verb_part(verb: Any) -> str:
    """A verb with its first preposition ("live in"); "" for a copula (it links an attribute
    to its value), :data:`ANY_VERB` for a verb of change (it moves whatever the noun's value
    was: "the rollout slipped to August" is the slot of "the rollout is targeted for June")."""
    lemma = verb.lemma_.lower()
    if lemma in CHANGE_VERBS:
        return ANY_VERB
    if lemma == "be" or verb.pos_ not in ("VERB", "AUX"):
        return ""
    preps = [c.lower_ for c in verb.children if c.dep_ in ("prep", "dative")]
    return " ".join([lemma, *preps[:1]])


def _where_copula(verb: Any) -> str:
    """A copula whose preposition's object is a value ("Jonah **is in** Austin"): the
    attribute "be in"; "" otherwise ("Ana is in love")."""
    if verb.lemma_.lower() != "be":
        return ""
    for prep in (c for c in verb.children if c.dep_ == "prep"):
        objects = [o for o in prep.children if o.dep_ == "pobj"]
        if objects and value_kind(objects[0], set()):
            return f"be {prep.lower_}"
    return ""


def _joined(*parts: str) -> str:
    return " ".join(p for p in parts if p)


@dataclass(frozen=True)
class Slot:
    """A clause's slot as the parse reads it: entity key, the entity's words (masked ``X``),
    attribute, the thing's key, and for a second reading its own values."""

    entity: str
    name: str
    attribute: str | None
    thing: str | None = None
    values: frozenset[str] | None = None
    clausal: bool = False


def _clausal(verb: Any) -> bool:
    """Whether a verb's complement is a clause ("the team **decided** Autopay is ACH only"):
    what it says is no value of its subject, so a verb of change of the same noun ("the team
    moved to Linear") is not its slot."""
    if _verb_part(verb) == ANY_VERB:
        return False
    return any(c.dep_ in ("ccomp", "xcomp") for c in verb.children)


def _holder_role(noun: Any, owner: Any, subject_words: set[str]) -> Slot | None:
    """The second reading of "Kwame is Rafael's **second** supervisor": the holder's role
    towards the owner, whose value is the noun's modifiers (second -> primary supervisor)."""
    mods = [m.lower_ for m in _modifiers(noun) if m.pos_ in ("ADJ", "NOUN", "NUM")]
    if not mods or noun.dep_ not in ("attr", "appos"):
        return None
    holders = [c for c in noun.head.children if c.dep_ in _CLAUSE_SUBJECTS]
    if not holders or holders[0].pos_ != "PROPN":
        return None
    holder = holders[0]
    name = " ".join(t.text for t in holder.subtree if t.pos_ == "PROPN")
    attribute = f"{noun.lemma_.lower()} of {entity_key(owner.text)}"
    return Slot(entity_key(name), name, attribute, None, frozenset(mods))


def slot_of(clause: Any, subject: str) -> list[Slot]:
    """A clause's slot readings (module doc, 1.): the first is its own, a second is the
    holder's role (:func:`_holder_role`)."""
    subject_words = {w.casefold() for w in subject.split()}
    for t in clause:  # a noun someone owns: "Ana's manager", "her deadline"
        owners = [c for c in t.children if c.dep_ == "poss"]
        if t.pos_ not in ("NOUN", "PROPN") or t.tag_ == "NNS" or not owners:
            continue
        if t.dep_ == "pobj":
            continue  # "the new hire on Marta's squad": what is said is not the squad's
        owner = owners[0]
        while owner.pos_ != "PROPN" and any(c.dep_ == "poss" for c in owner.children):
            owner = next(c for c in owner.children if c.dep_ == "poss")  # "Theo's parents'"
        named = owner.pos_ == "PROPN" and not _is_subject(owner, subject_words)
        entity = owner.text if named else subject  # "the team's budget": as stored
        if t.dep_ in _CLAUSE_SUBJECTS:
            verb = _verb_part(t.head)  # "family live in"
        elif t.dep_ in ("attr", "acomp", "ROOT", "appos"):
            verb = ""  # "Ben is Ana's manager"
        elif t.head.lemma_.lower() in CHANGE_VERBS:
            verb = ANY_VERB  # "pushed her exam to September"
        else:
            verb = t.head.lemma_.lower()  # "wants the team's demo build": a want
        thing = f"the {_phrase(t)}"
        clausal = t.dep_ in _CLAUSE_SUBJECTS and _clausal(t.head)
        out = [Slot(entity_key(entity), entity, _joined(_phrase(t), verb), thing, None, clausal)]
        role = _holder_role(t, owner, subject_words) if named or owner.pos_ == "PROPN" else None
        return out + ([role] if role else [])
    root = clause.root
    subjects = [c for c in root.children if c.dep_ in _CLAUSE_SUBJECTS]
    for s in subjects:
        if s.text.casefold() not in subject_words and s.pos_ == "NOUN" and s.tag_ != "NNS":
            # a thing's own attribute ("the SSO rollout slipped to August"): the thing is the
            # slot's entity, whoever the fact is filed under
            thing = _phrase(s)
            key = f"the {thing}"
            attribute = _joined(thing, _verb_part(root))
            return [Slot(key, "", attribute, key, None, _clausal(root))]
    key = entity_key(subject)
    if any(s.text.casefold() in subject_words for s in subjects):
        verb = _verb_part(root) or _where_copula(root)  # "live in", "be in"
        # a verb of change names no attribute of its own
        return [Slot(key, subject, verb if verb and verb != ANY_VERB else None)]
    return [Slot(key, subject, None)]


def complement_words(clause: Any, entity: str, attribute: str) -> frozenset[str]:
    """The common nouns and adjectives of a clause that are neither its entity nor its
    attribute: values too ("as a tester" / "as a developer"), once the clause states one."""
    skip = {w.casefold() for w in entity.split()} | set(attribute.split()) | VALUE_AGE_ADJECTIVES
    return frozenset(
        t.lemma_.lower()
        for t in clause
        if t.pos_ in ("NOUN", "ADJ") and t.lemma_.lower() not in skip and t.lower_ not in skip
    )


def clauses_of(doc: Any) -> list[Any]:
    """The sentences of ``doc`` and their parts between semicolons, as spans."""
    out = []
    for sent in doc.sents:
        start = sent.start
        for t in sent:
            if t.text == ";":
                if t.i > start:
                    out.append(doc[start : t.i])
                start = t.i + 1
        if sent.end > start:
            out.append(doc[start : sent.end])
    return out or [doc[:]]


#: the dependencies of the noun phrases a clause is about: its subject, object, complement
_CORE_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "attr"})
#: named entities that are no thing a problem is about
_NOT_THINGS = frozenset({"PERSON", "DATE", "TIME", "CARDINAL", "ORDINAL"})


def _names_subject(word: str, names: set[str]) -> bool:
    """A word of the subject's name, or its short form ("Teo" of "Teodora")."""
    return word in names or (len(word) >= 3 and any(n.startswith(word) for n in names))


def fact_nouns(doc: Any, subject: str) -> frozenset[str]:
    """What a fact is about: the nouns (lemmas) of its subjects, objects and complements and
    their compounds ("the **redirect URI**", "the **renewal**"), not people, dates or the
    subject's name; a word joined by ``_`` or ``-`` is its parts too."""
    names = {w.casefold() for w in subject.split()}
    out: set[str] = set()
    for t in doc:
        head = t.head if t.dep_ in ("compound", "amod") and t.pos_ != "ADJ" else t
        if head.dep_ not in _CORE_DEPS or t.pos_ not in ("NOUN", "PROPN"):
            continue
        if t.ent_type_ in _NOT_THINGS or _names_subject(t.lower_, names):
            continue
        out.update(w for w in re.split(r"[\W_]+", t.lemma_.lower()) if len(w) > 1)
    return frozenset(out)
