"""Whose a left-out subject is: the speaker only when the parse makes them the agent.

Chat drops the subject of a clause ("moved here in May", "can't stand fennel"), and the
extractor writes the speaker in. That is right when the speaker is who acts, and wrong when
the clause goes on about a thing just told of: "I ordered a parcel from the shop. Arrived on
Friday!" says the parcel arrived, not the speaker.

The parse tells the two apart by two marks, both needed:

* the clause's verb has no object or complement of its own and is of the verbs whose subject
  undergoes the event rather than doing it (unaccusative: "arrive", "break", "turn out",
  "expire"): "arrived on Friday" can be said of a thing, "sent it to Jo" cannot;
* the sentence before, in the same turn, put a thing (a noun, not a person, not a pronoun) as
  the direct object of a verb: a new thing on the table ("ordered a parcel", "baked a
  cake"), which the dropped subject most likely takes up. After "I flew to Rome." nothing was
  put there, and "Arrived on Friday" is the speaker's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["UNDERGOING_VERBS", "thing_left_out"]

#: Verbs whose subject undergoes the event (unaccusatives): a thing can arrive, break, turn
#: out well or expire as well as a person can (not "start", "finish": a person's acts too).
UNDERGOING_VERBS: frozenset[str] = frozenset(
    """arrive come land break crash fail happen expire die leak burst melt sink spoil rot
    snap crack collapse vanish disappear sell turn work go""".split()
)
#: Dependents that give the verb an object or complement of its own.
_OWN_OBJECTS = frozenset({"dobj", "attr", "acomp", "oprd", "ccomp", "xcomp", "dative"})
#: The particles that make a phrasal verb of an undergoing verb ("turned out", "sold out").
_PARTICLES = frozenset({"out", "off", "down", "up", "through", "back", "in", "over"})


def thing_left_out(head: Any, before: Sequence[Any]) -> Any | None:
    """The thing the left-out subject of the clause headed by ``head`` takes up, from the
    tokens ``before`` it in its turn (the sentence before, as parsed), or None when the
    speaker may well be the agent."""
    if not undergoes(head):
        return None
    for tok in reversed(before):
        if tok.dep_ == "dobj" and tok.pos_ == "NOUN" and tok.ent_type_ != "PERSON":
            return tok
    return None


def undergoes(head: Any) -> bool:
    """The verb is an undergoing verb with no object or complement of its own ("arrived on
    Friday", "turned out great" — "went" only with a particle or a manner: "went well")."""
    if head.pos_ not in ("VERB", "AUX") or head.lemma_.lower() not in UNDERGOING_VERBS:
        return False
    children = list(head.children)
    if any(c.dep_ in _OWN_OBJECTS and c.lower_ not in ("well", "fine") for c in children):
        return False
    if head.lemma_.lower() in ("go", "work", "sell", "turn"):
        return any(
            (c.dep_ == "prt" and c.lower_ in _PARTICLES)
            or (c.dep_ == "advmod" and c.lower_ in ("well", "badly", "fine", "smoothly"))
            for c in children
        )  # "went well", "worked fine", "sold out", "turned out": not "went to Rome"
    return True
