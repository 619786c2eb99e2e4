"""Where the speaker is based, from how they place themselves in passing.

People rarely say "I live in Dundee"; they say "the gym here in Dundee", "I'm a school nurse
in Utrecht", "I'll drive up from Aarhus that morning" or "we're moving from Innsbruck to
Bruges". The sentence around the place is about something else (and is a fact, or not, on its
own), but the place is a durable fact about the speaker: "Tobias is based in Dundee".

Four readings, each on the dependency parse, each needing a proper-noun place the small NER
does not call a person, an organisation or a date:

- "here in <place>": the speaker is there.
- "I'm a <noun> in <place>" (present tense, not negated), the place a GPE/LOC entity: where the
  speaker works or lives.
- "I/we <travel verb> ... from <place>" about now or later ("I'll drive up from", "I commute
  from"), the place a GPE/LOC entity: where the trip starts is home. A past trip ("I flew in
  from Gdansk") says nothing.
- "I/we <move> ... from <A> (to <B>)": a move still ahead says the speaker lives in A now; a move
  done says they live in B. Both ends (B at least) must be places the NER knows, unless the
  move is of a home ("moving flats"): "moving from Plankly to Taskmeld" moves tools.

Each reading becomes a :class:`Place` whose clause spans the words it was read from, for the
fact's evidence. Jokes and hypotheticals are left out by the caller.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.text import lexicon as lx

__all__ = ["Place", "place_text", "speaker_places"]

#: Entity types a place name may carry; "" is a proper noun the NER left unlabelled.
_PLACE_TYPES = frozenset({"", "GPE", "LOC", "FAC"})
#: For "I'm a nurse in Utrecht" the place must be one the NER recognised: "in Payments" may
#: be a team.
_NAMED_PLACE_TYPES = frozenset({"GPE", "LOC"})
_SELF = frozenset({"i", "we"})


@dataclass(frozen=True)
class Place:
    """The speaker (and whoever shares the subject with them) is based in ``place``."""

    clause: Clause
    place: str
    #: "lives in" after a move, "is based in" otherwise
    relation: str
    #: other people in the subject ("Isolde and I"), by name
    companions: tuple[str, ...] = ()


def _place_run(tok: Any, named: bool = False) -> list[Any] | None:
    """The proper-noun run ``tok`` is part of ("Tampere", "Novi Sad"), or None."""
    if tok is None or tok.pos_ != "PROPN" or not tok.text[:1].isupper():
        return None
    kinds = _NAMED_PLACE_TYPES if named else _PLACE_TYPES
    if tok.ent_type_ not in kinds:
        return None
    doc = tok.doc
    start, end = tok.i, tok.i + 1
    while (
        start > 0 and doc[start - 1].pos_ == "PROPN" and doc[start - 1].ent_type_ == tok.ent_type_
    ):
        start -= 1  # "Jersey City": the pobj is the last word of the name
    while end < len(doc) and doc[end].pos_ == "PROPN" and doc[end].ent_type_ == tok.ent_type_:
        end += 1
    return [doc[i] for i in range(start, end)]


def _next(tok: Any) -> Any | None:
    return tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None


def _place_after(candidates: Iterable[Any], word: str, named: bool) -> list[Any] | None:
    """The place after the first preposition ``word`` among ``candidates`` that has one."""
    for prep in candidates:
        if prep.dep_ == "prep" and prep.lower_ == word:
            obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            run = _place_run(obj, named)
            if run is not None:
                return run
    return None


def _prep_object(verb: Any, word: str, named: bool = False) -> list[Any] | None:
    """The place after ``word`` ("from", "to") attached to ``verb`` or to one of its own
    objects or particles ("moving flats ... from Innsbruck")."""
    near = [verb, *(c for c in verb.children if c.dep_ in ("prt", "dobj", "npadvmod", "advmod"))]
    return _place_after((prep for head in near for prep in head.children), word, named)


def _place_in(attr: Any) -> list[Any] | None:
    """The place after an "in" anywhere in the role phrase: "a nurse in Utrecht", "a data
    scientist at Spotify in Stockholm"."""
    return _place_after(attr.subtree, "in", named=True)


def _subject(verb: Any) -> tuple[Any, tuple[str, ...]] | None:
    """The verb's first-person subject and the people named with it ("Isolde and I"), or None
    when the subject is not the speaker."""
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subj is None:
        return None
    members = [subj, *(c for c in subj.subtree if c.dep_ == "conj")]
    if not any(m.lower_ in _SELF for m in members):
        return None
    others = tuple(m.text for m in members if m.lower_ not in _SELF and m.pos_ == "PROPN")
    return subj, others


def _negated(verb: Any) -> bool:
    return any(c.dep_ == "neg" for c in verb.children)


def _past(verb: Any) -> bool:
    if any(c.lower_ in ("will", "'ll", "gonna") for c in verb.children):
        return False
    if verb.tag_ == "VBD":
        return True
    return verb.tag_ == "VBN" and any(c.lemma_ == "have" for c in verb.children)


def _clause(sent: Any, head: Any, first: Any, last: Any, subject: Any | None) -> Clause:
    doc = sent.doc
    tokens = [doc[i] for i in range(min(first.i, last.i), max(first.i, last.i) + 1)]
    return Clause(sent, head, tokens, subject, "self")


def _here_in(sent: Any) -> list[Place]:
    out = []
    for tok in sent:
        nxt = _next(tok)
        if tok.lower_ != "here" or nxt is None or nxt.lower_ != "in":
            continue
        run = _place_run(_next(nxt))
        if run is not None:
            out.append(Place(_clause(sent, tok, tok, run[-1], None), _text(run), "is based in"))
    return out


def _role_in(sent: Any) -> list[Place]:
    out = []
    for verb in sent:
        if verb.lemma_ != "be" or verb.dep_ != "ROOT" or _negated(verb) or _past(verb):
            continue
        who = _subject(verb)
        attr = next((c for c in verb.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        if who is None or attr is None or who[0].lower_ != "i":
            continue
        run = _prep_object(verb, "in", named=True) or _place_in(attr)
        if run is not None:
            out.append(
                Place(_clause(sent, verb, who[0], run[-1], who[0]), _text(run), "is based in")
            )
    return out


def _travel_from(sent: Any) -> list[Place]:
    out = []
    for verb in sent:
        if verb.pos_ != "VERB" or verb.lemma_ not in lx.TRAVEL_VERBS or _negated(verb):
            continue
        who = _subject(verb)
        if who is None or _past(verb):
            continue
        if any(c.lower_ in lx.RETURN_WORDS for c in verb.children):
            continue
        run = _prep_object(verb, "from", named=True)
        if run is not None:
            out.append(
                Place(
                    _clause(sent, verb, who[0], run[-1], who[0]), _text(run), "is based in", who[1]
                )
            )
    return out


def _move(sent: Any) -> list[Place]:
    out = []
    for verb in sent:
        if verb.pos_ != "VERB" or verb.lemma_ not in lx.MOVE_VERBS or _negated(verb):
            continue
        who = _subject(verb)
        if who is None:
            continue
        home = any(c.dep_ == "dobj" and c.lemma_.lower() in lx.HOME_NOUNS for c in verb.children)
        if not home and (
            _prep_object(verb, "to", named=True) is None
            or _prep_object(verb, "from") != _prep_object(verb, "from", named=True)
        ):
            continue  # "moving from Plankly to Taskmeld": an end is not a place the NER knows
        word = "to" if _past(verb) else "from"
        run = _prep_object(verb, word, named=not home)
        if run is not None:
            out.append(
                Place(_clause(sent, verb, who[0], run[-1], who[0]), _text(run), "lives in", who[1])
            )
    return out


def _text(run: list[Any]) -> str:
    return " ".join(t.text for t in run)


def speaker_places(sent: Any) -> list[Place]:
    """Where the speaker of ``sent`` says, in passing, that they are based."""
    found: dict[str, Place] = {}
    low = sent.text.lower()
    if " in " not in low and "from " not in low and "mov" not in low and "relocat" not in low:
        return []  # every reading places the speaker "in" or "from" somewhere, or moves them
    if not any(t.pos_ == "PROPN" and t.ent_type_ in _PLACE_TYPES for t in sent):
        return []  # every reading needs a place name
    for reading in (_here_in, _role_in, _travel_from, _move):
        for place in reading(sent):
            found.setdefault(place.place, place)
    return list(found.values())


def place_text(place: Place, speaker: str) -> str:
    """ "Tobias is based in Dundee", "Anselm and Isolde live in Innsbruck"."""
    if not place.companions:
        return f"{speaker} {place.relation} {place.place}"
    names = " and ".join([speaker, *place.companions])
    plural = "live in" if place.relation == "lives in" else "are based in"
    return f"{names} {plural} {place.place}"
