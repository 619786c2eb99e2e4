"""Category and confidence of a fact clause: lexical cues first, MiniLM prototypes second.

Cheap structural cues decide most clauses: the clause head's lemma (``PREFERENCE_VERBS`` with
graded confidence, ``CATEGORY_VERBS``), the predicate noun of a copula ("I'm a nurse"), a
kinship or work-relation noun with a possessive ("my manager"), tense (future -> plan). Clauses
no cue decides are left "other" (``cue`` empty) for the categorising stage
(:mod:`contextos.categorise`: the nearest MiniLM prototype sentences), which every extractor's
output passes through.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.text import lexicon as lx

__all__ = [
    "Classification",
    "base_confidence",
    "importance",
    "lexical_category",
    "requirement",
]


@dataclass(frozen=True)
class Classification:
    category: str
    cue: str
    #: Confidence the cue itself carries (preference verbs), or None.
    confidence: float | None = None


def _preference(clause: Clause) -> Classification | None:
    head = clause.head
    verb = head
    would = any(c.dep_ == "aux" and c.lower_ in ("would", "'d") for c in head.children)
    if would and any(c.dep_ == "advmod" and c.lower_ == "rather" for c in head.children):
        # "I'd rather do interviews than a survey"
        return Classification("like", "'would rather'", lx.PREFERENCE_VERBS["prefer"][1])
    if would and any(c.dep_ in ("advmod", "neg") and c.lower_ == "never" for c in head.children):
        # "I would never use Windows"
        return Classification("dislike", "'would never'", lx.PREFERENCE_VERBS["prefer"][1])
    if (
        head.lemma_ == "stand"
        and clause.negated
        and any(c.dep_ == "aux" and c.lower_ in ("ca", "can", "could") for c in head.children)
    ):  # "can't stand cilantro"
        return Classification("dislike", "'can't stand'", lx.PREFERENCE_VERBS["hate"][1])
    if head.lemma_ not in lx.PREFERENCE_VERBS:
        # "I really like to ski" parses like as head; "my favourite X is Y" is handled by nouns
        return None
    category, conf = lx.PREFERENCE_VERBS[verb.lemma_]
    if clause.negated:
        category = "dislike" if category == "like" else "like"
        conf = min(conf, 0.85) if category == "dislike" else conf - 0.15
    return Classification(category, f"preference verb '{verb.lemma_}'", conf)


def _relationship(clause: Clause) -> Classification | None:
    for tok in clause.tokens:
        if tok.lemma_.lower() in lx.RELATION_NOUNS:
            poss = [c.lower_ for c in tok.children if c.dep_ == "poss"]
            if poss and poss[0] in ("my", "our") or tok.dep_ in ("attr", "appos"):
                return Classification("relationship", f"relation noun '{tok.lemma_}'")
    return None


def _head_verb(clause: Clause, dated: bool) -> Classification | None:
    head = clause.head
    lemma = head.lemma_.lower()
    preps = {c.lower_ for c in head.children if c.dep_ in ("prep", "prt", "dative")}
    if lemma == "want" and dated and clause.subject_kind in ("person", "thing", "third_pronoun"):
        # "Ambrose wants a full draft by June 12": what someone else expects by a date is a
        # deadline on the speaker's calendar, not the speaker's own goal
        return Classification("plan", "someone else's 'want' with a date")
    if lemma == "go":
        return Classification("decision", "'go with'") if _goes_with_a_choice(head) else None
    if lemma == "take":
        objs = {c.lemma_ for c in head.children if c.dep_ == "dobj"}
        if "off" in preps or objs & {"leave", "vacation", "holiday", "break", "day"}:
            return Classification("plan", "'take ... off'")
        if objs & {"class", "course", "lesson"}:
            return Classification("learning_interest", "'take a course'")
        return None
    if lemma in ("move", "relocate") and "to" in preps:
        if _to_a_place(head):
            return Classification("location", f"'{lemma} to' a place")
        return None  # "moving from Plankly to Taskmeld", "the launch moves to February"
    if lemma in ("drive", "fly", "commute") and not preps & {"to", "from"}:
        return None
    if lemma == "use" and clause.tense == "past" and any(c.dep_ == "xcomp" for c in head.children):
        return Classification("experience", "'used to'")
    if lemma in lx.CATEGORY_VERBS:
        return Classification(lx.CATEGORY_VERBS[lemma], f"verb '{lemma}'")
    return None


#: Words after "go" that make it a movement or a state ("went live", "going out with Fitzroy").
_GO_WHERE = frozenset({"live", "out", "back", "home", "away", "up", "down", "off", "over", "ahead"})
#: Prepositions of "go" that say where to (unless their object is a date).
_GO_TO = frozenset({"to", "into", "onto", "on", "at", "from", "through", "across", "towards"})


def _goes_with_a_choice(go: Any) -> bool:
    """ "I'm going with mild", "we went with Postgres on Friday": "go with" a thing, and
    nowhere else. Not "went live ... with 20 customers", "went on the stage with a band",
    "going out with Fitzroy", "went to the match with my sister"."""
    chosen = None
    for child in go.children:
        if child.dep_ in ("prt", "advmod", "acomp") and child.lower_ in _GO_WHERE:
            return False
        if child.dep_ != "prep":
            continue
        objs = [c for c in child.children if c.dep_ == "pobj"]
        if child.lower_ == "with":  # "with mild" parses the adjective as a modifier
            chosen = next(iter(child.children), None)
        elif child.lower_ in _GO_TO and not all(o.ent_type_ in ("DATE", "TIME") for o in objs):
            return False  # "on the stage", "to the match" say where; "on Friday" when
    return chosen is not None and not (
        chosen.pos_ == "PRON"
        or chosen.ent_type_ == "PERSON"
        or chosen.lemma_.lower() in lx.RELATION_NOUNS
    )


def _to_a_place(verb: Any) -> bool:
    """Whether what ``verb`` moves to is a place: one the NER knows ("to Bergen") or a home ("to
    a bigger flat"); not a tool, a team or a date."""
    for prep in verb.children:
        if prep.dep_ == "prep" and prep.lower_ == "to":
            for obj in prep.children:
                if obj.dep_ == "pobj" and (
                    obj.ent_type_ in ("GPE", "LOC", "FAC") or obj.lemma_.lower() in lx.HOME_NOUNS
                ):
                    return True
    return False


def _predicate_noun(clause: Clause) -> Classification | None:
    if not clause.copula:
        return None
    for child in clause.head.children:
        if child.dep_ in ("attr", "acomp"):
            for tok in child.subtree:
                cat = lx.CATEGORY_NOUNS.get(tok.lemma_.lower())
                if cat:
                    return Classification(cat, f"predicate '{tok.lemma_}'")
    return None


def _any_noun(clause: Clause) -> Classification | None:
    for tok in clause.tokens:
        if tok.pos_ in ("NOUN", "ADJ") and tok.lemma_.lower() in lx.CATEGORY_NOUNS:
            return Classification(lx.CATEGORY_NOUNS[tok.lemma_.lower()], f"noun '{tok.lemma_}'")
        if (
            tok.ent_type_ == "GPE"
            and tok.head.lemma_ in ("in", "from", "at")
            and tok.head.head.pos_ in ("VERB", "AUX")
        ):  # where someone is or does something, not "the scoreboard in Driftnote"
            return Classification("location", f"place '{tok.text}'")
    return None


def lexical_category(clause: Clause, dated: bool = False) -> Classification | None:
    """The category the clause's own words decide, or None when they do not. ``dated``: the
    clause names a date."""
    standing = clause.cues.get("standing")
    if standing:  # "from now on, format the units as folders": how the user wants things
        return Classification("like", f"standing request '{standing}'", lx.STANDING_CONFIDENCE)
    preference = _preference(clause)
    if preference is not None:
        return preference  # "I never liked Python", "I would never use Windows": though "never"
        # and "always" are habit words, what is liked or disliked is the point
    if clause.habitual and clause.subject_kind in ("self", "implied"):
        return Classification("trait", "habit marker")
    found = _relationship(clause) or _predicate_noun(clause) or _head_verb(clause, dated)
    if found:
        return found
    if clause.tense == "future":
        return Classification("plan", "future tense")
    return _any_noun(clause)


def requirement(clause: Clause) -> bool:
    """A rule the thing must keep to ("invoice numbers can't be reused", "the export must
    be encrypted"): a passive under "must" or "shall", or under a negated "can" or "should"."""
    head = clause.head
    if not any(c.dep_ == "auxpass" for c in head.children):
        return False
    modal = {c.lower_ for c in head.children if c.dep_ == "aux"}
    negated = any(c.dep_ == "neg" for c in head.children)
    return bool(modal & {"must", "shall"}) or (negated and bool(modal & {"ca", "can", "should"}))


def base_confidence(
    clause: Clause, cue: Classification | None, announced_problem: bool = False
) -> float:
    """The clause's confidence before repetition: by its subject's kind (or its cue's), less
    a hedge, less a negation unless the "not" is the statement's content — a rule ("must not
    be shared") or a problem announced as one (``announced_problem``: "Blocker: the approval
    still hasn't come back")."""
    kind = (
        "self_copula"
        if clause.copula and clause.subject_kind in ("self", "self_possessive")
        else clause.subject_kind
    )
    if kind == "third_pronoun":
        kind = "person"
    conf = lx.SUBJECT_CONFIDENCE.get(kind, 0.7)
    if cue is not None and cue.confidence is not None:
        conf = cue.confidence
    if clause.hedged:
        conf -= lx.HEDGE_PENALTY
    if clause.negated and not announced_problem and not requirement(clause):
        conf -= lx.NEGATION_PENALTY
    return round(max(0.0, min(1.0, conf)), 3)


def importance(category: str, clause: Clause, has_entity: bool, has_date: bool) -> float:
    score = lx.CATEGORY_IMPORTANCE.get(category, 0.4)
    if has_entity:
        score += 0.1
    if has_date:
        score += 0.1
    if any(t.like_num for t in clause.tokens):
        score += 0.05
    if clause.subject_kind in ("self", "self_possessive", "self_copula"):
        score += 0.05
    return round(min(1.0, score), 3)
