"""What kind of subject a clause has: the speaker ("I"), their group ("we", "our team"),
something of theirs ("my mum", "knee"), a named person, a thing, the listener, or something too
vague to keep ("people", "mine", "Oswin's are solid"); and the subject a verb after a comma
shares with the clause before it ("Carlos accepted, starts Dec 1").
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.clauses.listeners import vocative
from contextos.extract.local.clauses.openings import own_adverbs, subjectless_kind
from contextos.extract.local.clauses.subjects import SUBJECT_DEPS, bare_body_part
from contextos.extract.local.clauses.vagueness import acronym, described, people_in_general
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import kin_as_name

__all__ = ["subject_kind", "subject_left_out"]


def subject_kind(subj: Any | None, head: Any) -> str:
    if subj is None:
        return subjectless_kind(head)
    if vocative(subj, head):
        return "imperative"
    low = subj.lower_
    if low == "i" or (low == "me" and any(c.dep_ == "conj" for c in subj.children)):
        return "self"  # also "me and my brother run a bakery"
    if low in lx.INDEPENDENT_POSSESSIVES:
        return "vague"  # "mine is valid til 2031": whose what, only a noun before can say
    if low in lx.FIRST_PLURAL:
        return "group"
    if low in lx.SECOND_PERSON:
        return "second"
    if low in lx.THIRD_PERSONAL:
        return "third_pronoun"
    whole = _partitive_whole(subj)
    if whole is not None:  # "the last of the 37 crates was shipped": said of the crates
        return subject_kind(whole, head)
    if _some_of_us(subj):
        return "thing"  # "all of us work remotely": the speaker's group, as a whole
    if (low in lx.VAGUE_SUBJECTS and not described(subj) and not acronym(subj)) or subj.tag_ in (
        "WDT",
        "WP",
        "EX",
    ):
        return "vague"  # but "the bank thing" says which thing
    if any(c.dep_ == "case" for c in subj.children) and _plural_verb(head):
        return "vague"  # "Oswin's are usually solid": Oswin's what is not said
    if people_in_general(subj):
        return "vague"  # "people want a free quote": no one in particular
    poss = [c for c in subj.children if c.dep_ == "poss"]
    if (poss and poss[0].lower_ in ("my",)) or kin_as_name(subj) or bare_body_part(subj):
        return "self_possessive"  # "my mum", "Mum" said by her child, "knee" for "my knee"
    if poss and poss[0].lower_ in ("our",):
        return "group"
    if subj.pos_ == "PROPN" or subj.ent_type_ == "PERSON":
        return "person"
    if subj.pos_ in ("NOUN", "NUM") or acronym(subj):  # "IT finally gave us licenses"
        return "thing"
    if subj.tag_ == "VBG" and not list(subj.children):  # "fundraising paused until January"
        return "thing"
    return "vague"


def _partitive_whole(subj: Any) -> Any | None:
    """The noun of "the last of the crates", "most of my friends", "half of the team": the whole
    a part-word subject takes from (None for anything else, or a pronoun: "some of them")."""
    whole = _taken_from(subj)
    return whole if whole is not None and whole.pos_ in ("NOUN", "PROPN") else None


def _some_of_us(subj: Any) -> bool:
    """ "all of us", "both of us", "most of us": a part-word subject taking from "us" (not
    "some of us", which is as often a veiled "I": "Some of us ended up with a sunburn")."""
    whole = _taken_from(subj)
    return whole is not None and whole.lower_ == "us" and subj.lower_ != "some"


def _taken_from(subj: Any) -> Any | None:
    """The object of the "of" after a part-word subject ("most of my friends", "all of us")."""
    if subj.lower_ not in lx.PARTITIVE_WORDS:
        return None
    of = next((c for c in subj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    return next((c for c in of.children if c.dep_ == "pobj"), None) if of else None


def _plural_verb(head: Any) -> bool:
    """A verb agreeing with a plural subject ("are", "were", "have"): after a lone possessive
    ("Oswin's are solid") it says the possessed noun was left out ("McDonald's is" names a
    place)."""
    verb = next((c for c in head.children if c.dep_ in ("aux", "auxpass")), head)
    return verb.tag_ == "VBP" or verb.lower_ == "were"


def subject_left_out(head: Any, toks: list[Any]) -> Any | None:
    """The subject a verb right after a comma shares with the clause before it, or None:
    "I'm no longer vegetarian, started eating fish" ("I"), "Carlos accepted, starts Dec 1"
    (Carlos), "my sister Mia got the job, starts Monday" (Mia). Only "I" and a proper name,
    the last subject before the comma."""
    if head.tag_ not in ("VBD", "VBG", "VBZ") or not own_adverbs(
        [t for t in toks if t.i < head.i], head
    ):
        return None  # "..., just got back from ...": adverbs of the verb may come first
    first = toks[0]
    if first.i == 0 or first.doc[first.i - 1].text != ",":
        return None
    doc = first.doc
    subjects = [t for t in doc[first.sent.start : first.i] if t.dep_ in SUBJECT_DEPS]
    if not subjects:
        return None
    last = subjects[-1]
    if last.lower_ == "i" and head.tag_ != "VBZ":
        return last
    named = next((c for c in last.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
    if last.pos_ == "NOUN" and named is not None:
        last = named  # "my sister Mia got the job, starts Monday": Mia starts
    if last.pos_ == "PROPN" and last.ent_type_ in ("", "PERSON") and head.tag_ != "VBG":
        return last
    return None
