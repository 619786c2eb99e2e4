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

from contextos.resolve.slot_cues import (
    CHANGE_ADVERBS,
    CHANGE_VERBS,
    CORRECTION_MARKERS,
    change_and_correction,
    is_problem,
    is_resolution,
    replaced_values,
)
from contextos.resolve.slot_parse import (
    ANY_VERB,
    VALUE_AGE_ADJECTIVES,
    clauses_of,
    complement_words,
    entity_key,
    fact_nouns,
    slot_of,
)
from contextos.resolve.slot_values import clause_words, mask

__all__ = [
    "ANY_VERB",
    "ATTRIBUTE_FLOOR",
    "CHANGE_ADVERBS",
    "CHANGE_VERBS",
    "CHANGE_VERB_FLOOR",
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

#: a verb of change standing for another verb of the same noun needs masked texts this alike
CHANGE_VERB_FLOOR = 0.75

#: categories a person holds many values of at once: never a slot
MULTI_VALUED_CATEGORIES = frozenset(
    {"like", "dislike", "tool", "expertise", "learning_interest", "trait", "experience"}
)
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
    #: the thing the attribute is ("the committee meeting" of "Rafael's committee meeting";
    #: a thing subject's own key): an unowned thing meets an owned one of the same words
    thing: str | None = None
    #: the values the clause says were replaced ("not 900", "from Evernote"), each as words
    replaced: tuple[tuple[str, ...], ...] = ()
    #: of each replaced value, its names and numbers (what an older clause must hold)
    replaced_names: tuple[frozenset[str], ...] = ()
    #: every form of the clause's words (``slot_values.clause_words``)
    words: frozenset[str] = frozenset()
    #: the attribute's verb takes a clause ("decided ..."): no verb of change stands for it
    clausal: bool = False

    @property
    def states_value(self) -> bool:
        return bool(self.values)

    @property
    def keys(self) -> set[str]:
        """The keys a fact is found by: its entity, and the thing it is about."""
        return {self.entity, self.thing} - {None}  # type: ignore[return-value]


@dataclass(frozen=True)
class SlotReading:
    """One fact's clauses and the cues of its text and evidence quote (``slot_cues.py``);
    ``vectors`` holds the clauses' masked MiniLM vectors, one row each."""

    clauses: tuple[Clause, ...]
    vectors: np.ndarray = field(compare=False, repr=False)
    change: bool = False
    correction: bool = False
    #: the fact states a problem ("the renewal is stuck") / says one ended ("went through")
    problem: bool = False
    resolution: bool = False
    #: the fact's common nouns and non-person proper nouns (lemmas): what a problem is about
    nouns: frozenset[str] = frozenset()

    @property
    def entities(self) -> set[str]:
        return {k for c in self.clauses for k in c.keys}


def same_attribute(a: str, b: str) -> bool:
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


_same_attribute = same_attribute  # the name before #41 part B


def same_entity(a: Clause, b: Clause) -> bool:
    """One entity: the same key, or the same thing where one of the two has no owner ("the
    committee meeting" / "Rafael's committee meeting"; not "Kenji's team" / "Sofia's team")."""
    if a.entity == b.entity:
        return True
    unowned = a.entity == a.thing or b.entity == b.thing
    return a.thing is not None and a.thing == b.thing and unowned


def same_clause_slot(a: Clause, b: Clause, masked_cosine: float) -> bool:
    """Whether two clauses state two values of one slot."""
    if not same_entity(a, b):
        return False
    if not (a.single_valued and b.single_valued and a.states_value and b.states_value):
        return False
    if not (a.values - b.values and b.values - a.values):
        return False  # no value replaced by another: a restatement, or more said of it
    if a.attribute is not None and b.attribute is not None:
        # the parse names both attributes: they decide ("primary" / "second supervisor")
        if a.attribute == b.attribute:
            return masked_cosine >= ATTRIBUTE_FLOOR
        if a.clausal or b.clausal or not same_attribute(a.attribute, b.attribute):
            return False  # "team moved to" is not what "team decided ..." says
        # a verb of change for another verb of the noun: the rest of the clauses must agree
        # ("dad moved into a care home" / "dad lives in Oslo", not "dad was diagnosed with")
        return masked_cosine >= CHANGE_VERB_FLOOR
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


def _without(values: frozenset[str], replaced: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    """The values a clause holds: those it says were replaced ("not 900") left out."""
    gone = {w for run in replaced for w in run}
    return frozenset(v for v in values if not set(v.split()) <= gone)


def _clause_readings(span: Any, subject: str, category: str) -> list[Clause]:
    replaced = replaced_values(span)
    words = clause_words(span)
    out = []
    for slot in slot_of(span, subject):
        keep = frozenset(slot.thing.split()[1:]) if slot.thing else frozenset()
        masked, values = mask(span, slot.name, keep)
        if slot.values is not None:
            values = slot.values  # the holder's role: its modifiers are the values
        elif values and slot.attribute is not None:
            values |= complement_words(span, slot.name, slot.attribute)
        single = category not in MULTI_VALUED_CATEGORIES
        masked_words = {w for v in values for w in v.split()}
        names = tuple(frozenset(w for w in run if w in masked_words) for run in replaced)
        values = _without(values, replaced)
        out.append(
            Clause(
                slot.entity,
                slot.attribute,
                masked,
                values,
                single,
                slot.thing,
                replaced,
                names,
                words,
                slot.clausal,
            )
        )
    return out


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
            for span in clauses_of(docs[k]):
                drafts += [(k, c) for c in _clause_readings(span, subject, category)]
        single, multi_protos = self._prototypes()
        # only a clause that states a value can share a slot, and only a single-valued one or
        # one that names a replaced value (same_clause_slot, explicit_changes): the others are
        # not embedded (a zero vector: cosine 0 with everything)
        eligible = [
            r
            for r, (_k, c) in enumerate(drafts)
            if c.states_value and (c.single_valued or c.replaced)
        ]
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
            change, correction = change_and_correction(docs[k])
            quote_change, quote_correction = (
                change_and_correction(quote_docs[k]) if k in quote_docs else (False, False)
            )
            _t, _q, subject, category = items[k]
            out.append(
                SlotReading(
                    clauses,
                    vectors[rows],
                    change or quote_change,
                    correction or quote_correction,
                    problem=is_problem(docs[k], category),
                    resolution=is_resolution(docs[k]),
                    nouns=fact_nouns(docs[k], subject),
                )
            )
        return out
