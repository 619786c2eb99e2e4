"""Slots: the single-valued attribute of an entity a fact states, so a newer value replaces it.

A **slot** is (subject, attribute): Ana's manager, where Ana lives, the SSO rollout's date, the
MRR. Two facts of the same user and subject are in the same slot when both state a value
of a *single-valued* attribute, each has a value the other lacks (one replaced, not added to),
and either

1. **the parse names the same attribute** for both (:func:`read_slot`): the noun a possessive
   subject owns ("Ana's **manager**", "X is Ana's **manager**"); else the subject of the
   clause when it is not the fact's subject, with its compounds ("the SSO **rollout** slipped to
   August" — the thing is then the slot's entity, whoever the fact is filed under); else the
   verb the fact's subject does, with its preposition ("Ana **lives in**
   Oslo"). Same attribute, and masked texts at least :data:`ATTRIBUTE_FLOOR` alike. When the
   parse names an attribute for both and they differ, they are different slots; or, when it
   names one for at most one of them,
2. **the masked texts meet by embedding**: values masked — the slot entity's name becomes
   ``X``, other proper nouns (people, places, organisations, months, days) ``Y``, numbers and
   amounts (digits, currency) ``N`` — and the masked texts' MiniLM cosine is at least
   :data:`MASKED_SIMILARITY`. So "Ben is Ana's manager" (``Y is X's manager``) and "Ana's
   manager is now Carla" (``X's manager is now Y``) meet (cosine 0.89) while "X's manager is Y"
   and "X's sister lives in Y" do not (0.40).

A fact of several clauses ("Kwame is Rafael's primary supervisor; Helen stays on as
co-supervisor") is read clause by clause (sentences, and their parts between semicolons): two
facts are in one slot when a clause of each is.

A clause *states a value* when its masked text has a ``Y`` or ``N``; its values are the masked
words and, when the parse named an attribute, the common nouns and adjectives that are neither
entity nor attribute ("works at Globex as a **tester**").

A clause is **single-valued** unless its category is one a person holds many of at once
(:data:`MULTI_VALUED_CATEGORIES`: likes, tools, skills, ...) or its masked text is nearer (MiniLM)
to the prototypes of multi-valued attributes (a friend, a project one works on, a thing one
uses or has) than to those of single-valued ones (a manager, an employer, a role, a team, where
one lives, sits or works, a schedule, a status, a metric's value, a deadline, a price): the
schema of :data:`SINGLE_VALUED_PROTOTYPES` / :data:`MULTI_VALUED_PROTOTYPES`, written from
issue #41's list of attributes, not from examples. Multi-valued facts never supersede by slot:
only an explicit negation ends one (``resolve/facts.py``).

The reading also carries two cues of its evidence (the quote as well as the fact's text, since an
extractor may drop the words): a **correction** — a contrastive negation of a value (", not
900") or a discourse marker of correction (:data:`CORRECTION_MARKERS`: "actually", "correction")
— and a **change cue** — an adverb of change (:data:`CHANGE_ADVERBS`: "now", "no longer",
"instead", "anymore") or a verb of change as the clause's verb (:data:`CHANGE_VERBS`: "moved",
"switched", "slipped to"). Both are small closed classes of English, not vocabulary of the data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

__all__ = [
    "ANY_VERB",
    "ATTRIBUTE_FLOOR",
    "CHANGE_ADVERBS",
    "CHANGE_VERBS",
    "CORRECTION_MARKERS",
    "MASKED_SIMILARITY",
    "MULTI_VALUED_CATEGORIES",
    "MULTI_VALUED_PROTOTYPES",
    "SINGLE_VALUED_PROTOTYPES",
    "VALUE_AGE_ADJECTIVES",
    "Clause",
    "SlotReading",
    "SlotReader",
    "entity_key",
    "mask",
    "same_slot",
]

#: masked texts at least this alike (MiniLM cosine) are one slot without a shared attribute
MASKED_SIMILARITY = 0.85
#: with the same parsed attribute, the masked texts need only be this alike
ATTRIBUTE_FLOOR = 0.55

#: categories a person holds many values of at once: never a slot
MULTI_VALUED_CATEGORIES = frozenset(
    {"like", "dislike", "tool", "expertise", "learning_interest", "trait", "experience"}
)
#: adverbs that say a value changed (closed class)
CHANGE_ADVERBS = frozenset({"now", "anymore", "instead", "longer"})
#: verbs of change (lemmas): the clause says a value moved from one to another
CHANGE_VERBS = frozenset(
    {
        "move",
        "switch",
        "change",
        "slip",
        "shift",
        "push",
        "replace",
        "become",
        "postpone",
        "delay",
        "extend",
        "reschedule",
        "transfer",
        "promote",
        "relocate",
    }
)
#: adjectives that only say which of two values is the newer (closed class)
VALUE_AGE_ADJECTIVES = frozenset(
    {"new", "old", "current", "former", "previous", "latest", "updated", "revised", "original"}
)
#: discourse markers of a correction (closed class)
CORRECTION_MARKERS = frozenset({"actually", "correction", "corrected"})

#: masked prototypes of single-valued attributes (issue #41's list)
SINGLE_VALUED_PROTOTYPES = (
    "Y is X's manager",
    "X reports to Y",
    "X works at Y",
    "X's role is Y",
    "X is on the Y team",
    "X lives in Y",
    "X sits on the N floor",
    "X works from the office on Y",
    "the status of Y is Y",
    "Y is N",
    "X's Y is N",
    "the deadline is Y N",
    "Y is scheduled for Y",
    "the price is N",
)
#: masked prototypes of multi-valued attributes (issue #41's list)
MULTI_VALUED_PROTOTYPES = (
    "Y is X's friend",
    "X likes Y",
    "X uses Y",
    "X works on Y",
    "X has a Y",
    "X plays Y",
    "X visited Y",
    "X knows Y",
)

_POSSESSIVE_PRONOUNS = frozenset({"his", "her", "their", "its", "my", "our", "your"})
_CLAUSE_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
#: the verb part of an attribute whose verb is a verb of change: any verb of the same noun
ANY_VERB = "*"


@dataclass(frozen=True)
class Clause:
    """One clause's slot (see the module doc)."""

    #: the slot's entity: the owner of a possessive attribute ("priya" in "Greg is Priya's
    #: manager"), a thing the clause is about ("the sso rollout"), else the fact's subject
    #: (:func:`entity_key` of a person)
    entity: str
    attribute: str | None
    masked: str
    values: frozenset[str]
    single_valued: bool = True

    @property
    def states_value(self) -> bool:
        return bool(self.values)


@dataclass(frozen=True)
class SlotReading:
    """One fact's clauses and the cues of its text and evidence quote; ``vectors`` holds the
    clauses' masked MiniLM vectors, one row each."""

    clauses: tuple[Clause, ...]
    vectors: np.ndarray = field(compare=False, repr=False)
    change: bool = False
    correction: bool = False

    @property
    def entities(self) -> set[str]:
        return {c.entity for c in self.clauses}


def entity_key(name: str) -> str:
    """How a slot's entity is compared: the first word of its name, case-folded ("Priya" and
    "Priya Raman" are one person; two people of one first name would share slots)."""
    words = name.casefold().replace("\u2019", "'").removesuffix("'s").split()
    return words[0] if words else ""


def _value_kind(token: Any, entity_words: set[str]) -> str | None:
    text = token.text
    if text.casefold() in entity_words:
        return "X"
    if token.pos_ == "PROPN":
        return "Y"
    if token.tag_ in ("CD", "$") or text[:1].isdigit() or text[:1] in "$\u20ac\u00a3\u00a5":
        return "N"
    return None


def mask(tokens: Any, entity: str) -> tuple[str, frozenset[str]]:
    """The text of ``tokens`` (a doc or span) with its values masked (``X`` the entity, ``Y``
    proper nouns, ``N`` numbers and amounts; a run of one kind is one placeholder), and the
    masked values."""
    entity_words = {w.casefold() for w in entity.split()}
    out: list[str] = []
    values: list[str] = []
    prev: str | None = None
    for t in tokens:
        kind = _value_kind(t, entity_words)
        if kind is None:
            out.append(t.text_with_ws)
            prev = None
            continue
        if kind == prev and kind != "X":
            values[-1] += " " + t.lower_
            out[-1] = kind + t.whitespace_
            continue
        out.append(kind + t.whitespace_)
        if kind != "X":
            values.append(t.lower_)
        prev = kind
    return "".join(out).strip(), frozenset(values)


def _phrase(token: Any) -> str:
    """A noun with its compound and adjectival modifiers, lower case ("sso rollout", "primary
    supervisor"), leaving out the adjectives that only say a value is the newer one
    (:data:`VALUE_AGE_ADJECTIVES`)."""
    words = [
        c.lower_
        for c in token.children
        if c.dep_ in ("compound", "amod") and c.lower_ not in VALUE_AGE_ADJECTIVES
    ]
    return " ".join([*words, token.lemma_.lower()])


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


def _joined(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _slot_of(clause: Any, subject: str) -> tuple[str, str, str | None]:
    """A clause's slot entity (its :func:`entity_key`, and its words, masked ``X``) and
    attribute (module doc, 1.)."""
    subject_words = {w.casefold() for w in subject.split()}
    for t in clause:  # a noun someone owns: "Ana's manager", "her deadline"
        owners = [c for c in t.children if c.dep_ == "poss"]
        if t.pos_ not in ("NOUN", "PROPN") or t.tag_ == "NNS" or not owners:
            continue
        owner = owners[0]
        while owner.pos_ != "PROPN" and any(c.dep_ == "poss" for c in owner.children):
            owner = next(c for c in owner.children if c.dep_ == "poss")  # "Theo's parents'"
        named = owner.pos_ == "PROPN" and not _is_subject(owner, subject_words)
        entity = owner.text if named else subject  # "the team's budget": as stored
        if t.dep_ in _CLAUSE_SUBJECTS:
            verb = _verb_part(t.head)  # "family live in"
        elif t.dep_ in ("attr", "acomp", "ROOT", "appos"):
            verb = ""  # "Ben is Ana's manager"
        else:
            verb = t.head.lemma_.lower()  # "wants the team's demo build": a want
        return entity_key(entity), entity, _joined(_phrase(t), verb)
    root = clause.root
    subjects = [c for c in root.children if c.dep_ in _CLAUSE_SUBJECTS]
    for s in subjects:
        if s.text.casefold() not in subject_words and s.pos_ == "NOUN" and s.tag_ != "NNS":
            # a thing's own attribute ("the SSO rollout slipped to August"): the thing is the
            # slot's entity, whoever the fact is filed under
            thing = _phrase(s)
            return f"the {thing}", "", _joined(thing, _verb_part(root))
    key = entity_key(subject)
    if any(s.text.casefold() in subject_words for s in subjects):
        verb = _verb_part(root)  # "live in"; a verb of change names no attribute of its own
        return key, subject, verb if verb and verb != ANY_VERB else None
    return key, subject, None


def _complement_words(clause: Any, entity: str, attribute: str) -> frozenset[str]:
    """The common nouns and adjectives of a clause that are neither its entity nor its
    attribute: values too ("as a tester" / "as a developer"), once the clause states one."""
    skip = {w.casefold() for w in entity.split()} | set(attribute.split()) | VALUE_AGE_ADJECTIVES
    return frozenset(
        t.lemma_.lower()
        for t in clause
        if t.pos_ in ("NOUN", "ADJ") and t.lemma_.lower() not in skip and t.lower_ not in skip
    )


def _clauses(doc: Any) -> list[Any]:
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


def _cues(doc: Any) -> tuple[bool, bool]:
    """(change, correction) cues of one parsed text."""
    change = correction = False
    tokens = list(doc)
    for i, t in enumerate(tokens):
        low = t.lower_
        if low in CORRECTION_MARKERS:
            correction = True
        if low in CHANGE_ADVERBS and (low != "longer" or (i and tokens[i - 1].lower_ == "no")):
            change = True
        if t.pos_ == "VERB" and t.lemma_.lower() in CHANGE_VERBS:
            change = True
        # a contrastive negation of a value: "350ms, not 900"
        after_comma = low == "not" and i and tokens[i - 1].text == ","
        if after_comma and i + 1 < len(tokens) and _value_kind(tokens[i + 1], set()):
            correction = True
    return change, correction


def _same_attribute(a: str, b: str) -> bool:
    """Equal, or one a noun's verb of change and the other the same noun with a verb ("rollout
    slipped to" / "rollout is targeted for"; not "dad moved into" / "dad is Alasdair")."""
    if a == b:
        return True
    for x, y in ((a, b), (b, a)):
        if x.endswith(" " + ANY_VERB):
            noun = x[: -len(ANY_VERB) - 1]
            if y.startswith(noun + " "):
                return True
    return False


def same_clause_slot(a: Clause, b: Clause, masked_cosine: float) -> bool:
    """Whether two clauses state two values of one slot."""
    if a.entity != b.entity:
        return False
    if not (a.single_valued and b.single_valued and a.states_value and b.states_value):
        return False
    if not (a.values - b.values and b.values - a.values):
        return False  # no value replaced by another: a restatement, or more said of it
    if a.attribute is not None and b.attribute is not None:
        # the parse names both attributes: they decide ("primary" / "second supervisor")
        same = _same_attribute(a.attribute, b.attribute)
        return same and masked_cosine >= ATTRIBUTE_FLOOR
    return masked_cosine >= MASKED_SIMILARITY


def same_slot(a: SlotReading, b: SlotReading) -> float | None:
    """The masked cosine of the best pair of clauses of ``a`` and ``b`` in one slot, or None
    when no pair is."""
    sims = a.vectors @ b.vectors.T
    best: float | None = None
    for i, ca in enumerate(a.clauses):
        for j, cb in enumerate(b.clauses):
            cos = float(sims[i, j])
            if same_clause_slot(ca, cb, cos) and (best is None or cos > best):
                best = cos
    return best


class SlotReader:
    """Reads many facts' slots at once: one parse batch, one embedding batch of the masked
    clauses, whose nearest prototypes say whether each is single-valued."""

    def __init__(
        self,
        embed: Callable[[list[str]], np.ndarray],
        parse: Callable[[Sequence[str]], list[Any]] | None = None,
    ) -> None:
        self.embed = embed
        self._parse = parse
        self._protos: tuple[np.ndarray, np.ndarray] | None = None

    def parse(self, texts: Sequence[str]) -> list[Any]:
        if self._parse is None:
            from contextos.validate.standalone import parse_texts

            self._parse = parse_texts
        return self._parse(texts)

    def _prototypes(self) -> tuple[np.ndarray, np.ndarray]:
        if self._protos is None:
            single = np.asarray(self.embed(list(SINGLE_VALUED_PROTOTYPES)), dtype=np.float32)
            multi = np.asarray(self.embed(list(MULTI_VALUED_PROTOTYPES)), dtype=np.float32)
            self._protos = (single, multi)
        return self._protos

    def read(self, items: Sequence[tuple[str, str, str, str]]) -> list[SlotReading]:
        """The readings of ``(text, evidence quote, subject, category)`` items."""
        if not items:
            return []
        n = len(items)
        docs = self.parse([t for t, _q, _s, _c in items])
        drafts: list[tuple[int, Clause]] = []
        for k, (_t, _q, subject, category) in enumerate(items):
            for span in _clauses(docs[k]):
                entity, name, attribute = _slot_of(span, subject)
                masked, values = mask(span, name)
                if values and attribute is not None:
                    values |= _complement_words(span, name, attribute)
                multi = category in MULTI_VALUED_CATEGORIES
                drafts.append((k, Clause(entity, attribute, masked, values, not multi)))
        single, multi_protos = self._prototypes()
        # only a single-valued clause that states a value can share a slot (same_clause_slot):
        # the others are not embedded (a zero vector: cosine 0 with everything)
        eligible = [r for r, (_k, c) in enumerate(drafts) if c.single_valued and c.states_value]
        vectors = np.zeros((len(drafts), single.shape[1]), dtype=np.float32)
        if eligible:
            to_embed = [drafts[r][1].masked for r in eligible]
            vectors[eligible] = np.asarray(self.embed(to_embed), dtype=np.float32)
        multi_wins = (vectors @ multi_protos.T).max(axis=1) > (vectors @ single.T).max(axis=1)
        per_fact: list[list[int]] = [[] for _ in range(n)]
        for row, (k, _c) in enumerate(drafts):
            per_fact[k].append(row)
        # the evidence quote's cues matter only to a fact with a clause that can share a slot
        in_slot = sorted({drafts[r][0] for r in eligible})
        quote_docs = dict(zip(in_slot, self.parse([items[k][1] for k in in_slot]), strict=True))
        out = []
        for k in range(n):
            rows = per_fact[k]
            clauses = tuple(
                replace(
                    drafts[r][1], single_valued=drafts[r][1].single_valued and not multi_wins[r]
                )
                for r in rows
            )
            change, correction = _cues(docs[k])
            quote_change, quote_correction = (
                _cues(quote_docs[k]) if k in quote_docs else (False, False)
            )
            out.append(
                SlotReading(
                    clauses, vectors[rows], change or quote_change, correction or quote_correction
                )
            )
        return out
