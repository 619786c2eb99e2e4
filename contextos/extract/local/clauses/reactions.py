"""Clauses that answer or comment on the conversation and state nothing of the speaker's life:
a reaction ("I'm sorry to hear that"), a confirmation ("the date is correct"), talk about the
talk ("I need to rant", "I know I said seven"), an announcement of what follows ("let me correct
myself").
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.clauses.clause_heads import set_off
from contextos.extract.local.clauses.subjects import bare_body_part, first_person_subject
from contextos.extract.local.text import lexicon as lx

__all__ = ["announcement", "is_reaction", "is_verdict", "names_something", "talk_about_the_talk"]


def announcement(head: Any) -> str | None:
    """What a clause announces when it only announces what follows it and states nothing:
    "I must correct myself (on one point)", "let me correct myself" (the correction,
    retractions.py); "I have made up my mind: I shall resign" (the decision, said next; "made up
    my mind to resign" or "about the job" says it)."""
    lemma = head.lemma_.lower()
    objects = [c.lower_ for c in head.children if c.dep_ == "dobj"]
    if lemma == "correct" and any(o in ("myself", "ourselves") for o in objects):
        return "a correction announced"
    if (
        lemma == "make"
        and "mind" in objects
        and any(c.dep_ == "prt" and c.lower_ == "up" for c in head.children)
        and not any(
            c.dep_ in ("advcl", "xcomp", "prep")
            or (c.dep_ == "ccomp" and not set_off(c, (":", "-", "–", "—")))
            for c in head.children
        )
    ):
        return "a decision announced"
    return None


#: Verbs a speaker owns up with to what they said before ("I know I said seven").
_KNOWING = frozenset({"know", "realise", "realize", "admit"})


def _owning_up(head: Any) -> str | None:
    """ "I know I said seven", "I realise I mentioned this": the speaker's own earlier words
    owned up to (the parser hangs the "know" on the "said", or the "said" on the "know")."""
    pairs = [(head, c) for c in head.children if c.dep_ == "ccomp"]
    pairs += [(c, head) for c in head.children if c.dep_ == "parataxis"]
    for knowing, said in pairs:
        if (
            knowing.lemma_.lower() in _KNOWING
            and said.lemma_.lower() in lx.EXCHANGE_VERBS
            and all(first_person_subject(v) for v in (knowing, said))
        ):
            return f"{knowing.text} ... {said.text}"
    return None


def talk_about_the_talk(head: Any) -> str | None:
    """What the speaker says of the conversation itself, not of their life: "I need to rant",
    "let me vent" (a verb of the talking), "I want to be clear", "I'm going to be honest" (how
    they mean to talk; "I'm honest" is a trait), "I just wanted to say thanks", "I have a quick
    question (about X)", "I know I said seven" (what they said before). The word that makes it
    so, or None."""
    if (owned := _owning_up(head)) is not None:
        return owned  # "I know I said seven": of what they said before
    chain = [head]
    while (nxt := next((c for c in chain[-1].children if c.dep_ == "xcomp"), None)) is not None:
        chain.append(nxt)
    for k, verb in enumerate(chain):
        lemma = verb.lemma_.lower()
        objects = [c for c in verb.children if c.dep_ in ("dobj", "acomp")]
        if lemma in lx.TALK_VERBS:
            return verb.text
        if k and lemma == "be" and any(o.lower_ in lx.CANDOUR_ADJECTIVES for o in objects):
            return f"be {objects[0].text}"
        if k and lemma in ("say", "add") and objects and objects[0].lower_ in lx.COURTESIES:
            return f"{verb.text} {objects[0].text}"
        if not k and lemma == "have" and any(o.lemma_.lower() in lx.TALK_NOUNS for o in objects):
            return objects[0].text
    return None


def is_reaction(head: Any) -> bool:
    """ "I'm sorry to hear that", "I'm glad we met", "I'm sure it is": a reaction, not a fact."""
    if head.lemma_ != "be" or _speakers_own_thing(head):
        return False
    acomp = next((c for c in head.children if c.dep_ == "acomp"), None)
    if acomp is None or acomp.lemma_.lower() not in lx.REACTION_ADJECTIVES:
        return False
    others = [c for c in acomp.children if c.dep_ not in ("advmod", "xcomp", "ccomp", "punct")]
    if any(c.dep_ == "xcomp" and names_something(c) for c in acomp.children):
        return False  # "I'm excited to start my career as a nurse": a plan, glad or not
    if any(c.dep_ == "xcomp" and c.tag_ == "VBG" and list(c.children) for c in acomp.children):
        return False  # "I'm happy being single": a state the speaker lives in, not a reply
    return not others and not any(c.dep_ in ("attr", "prep") for c in head.children)


def _speakers_own_thing(head: Any) -> bool:
    """Whether the subject of ``head`` is a thing of the speaker's ("my wrist", "our dog", a
    bare "wrist"): "my wrist is fine now" reports its state, "I'm fine" only answers."""
    subject = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.pos_ != "NOUN":
        return False
    if bare_body_part(subject):
        return True  # "ankle is mostly fine now": chat leaves out the "my"
    return any(
        c.dep_ == "poss" and c.lower_ in lx.FIRST_SINGULAR | lx.FIRST_PLURAL
        for c in subject.children
    )


def is_verdict(head: Any) -> bool:
    """ "35 tables is right", "the date is correct": says only that something said was so
    (a confirmation of the listener's words), nothing of its own."""
    if head.lemma_ != "be":
        return False
    acomp = next((c for c in head.children if c.dep_ == "acomp"), None)
    return (
        acomp is not None
        and acomp.lower_ in lx.VERDICT_ADJECTIVES
        and not any(c.dep_ not in ("advmod", "punct") for c in acomp.children)
        and not any(c.dep_ in ("attr", "prep", "ccomp", "xcomp") for c in head.children)
    )


def names_something(verb: Any) -> bool:
    """Whether the phrase under ``verb`` names a thing of the speaker's (a content noun, and
    nothing of the listener's): "to start my career as a nurse", not "to hear that" or "to
    help with your project"."""
    sub = list(verb.subtree)
    if verb.lemma_.lower() in lx.REACTION_VERBS or any(t.lower_ in lx.SECOND_PERSON for t in sub):
        return False
    return any(t.pos_ in ("NOUN", "PROPN") and not t.is_stop for t in sub)
