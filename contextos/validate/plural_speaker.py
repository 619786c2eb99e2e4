"""A "we" stored as the speaker alone: the group's act credited to one person.

The speaker says "we shipped the beta"; a fact that says "Ana shipped the beta" is not what
they said: the team shipped it, Ana among them. Any extractor can make that slip (the local
one when nothing in the turn names the group, an LLM that rewrites "we" as the user), so the
check reads every candidate against its evidence:

* every evidence quote opens with "we" as its subject ("we shipped ...", "so we're ...",
  "over Easter, we ..."), and none speaks in the singular ("I", "me", "my", ...: "I think we
  should" is the speaker's own view). A "we" further into a quote may belong to another of
  its clauses ("Elena got an offer, so we're moving"), which the text may well say right;
* the fact text names its subject standing alone as the actor: the name is not followed by
  "'s" ("Ana's team") nor coordinated with anyone ("Ana and Sam", "Sam, Ana and Leo");
* the extractor did not say who the group is (``Rendering.group``: "Ana and Sam", "Ana's
  team", or the whole the speaker is part of: "we're a team of 5") and did not write a
  predicate of its own (``Rendering.template``: "we moved to Lisbon" -> "Ana lives in
  Lisbon" holds of each of them).

Such a candidate is rejected ``group_as_speaker``: it cannot be kept as the speaker's fact,
and who else did it is not known.
"""

from __future__ import annotations

import re

from contextos.models.facts import CandidateFact

__all__ = ["plural_speaker_problem"]

#: A quote that opens with "we" as its subject (with its contractions), after discourse words
#: ("so", "and", "yeah") or a fronted phrase and its comma ("Over Easter, we ...").
_WE = re.compile(
    r"^\W*(?:(?:so|and|but|also|then|yeah|yea|well|ok|okay|oh|now|plus|anyway|finally|"
    r"honestly|basically)\W+)*(?:[^,.;:!?]{1,40},\s*)?we(?:['’](?:re|ve|ll|d))?\b",
    re.IGNORECASE,
)
#: The speaker speaking of themselves alone.
_SINGULAR = re.compile(
    r"\b(?:i(?:['’](?:m|ve|ll|d))?|me|my|mine|myself|im|ive)\b(?!['’-])", re.IGNORECASE
)
#: What may follow the speaker's name when the name stands with others or owns something.
_WITH_OTHERS = re.compile(r"^(?:['’]s?\b|\s*(?:,|and\b|&|\+))", re.IGNORECASE)
#: What stands before it when the name is the last of several ("Sam and Ana", "Jo, Sam & Ana");
#: not a comma alone ("Over Easter, Ana ...").
_AFTER_OTHERS = re.compile(r"(?:\band|&|\+)\s*$", re.IGNORECASE)


def plural_speaker_problem(fact: CandidateFact) -> str | None:
    """Why ``fact`` turns a "we" of its evidence into its subject alone, or None."""
    if fact.rendering.group or fact.rendering.template:
        return None
    quotes = [e.quote for e in fact.evidence if e.quote]
    if not quotes or not all(_WE.match(q) for q in quotes):
        return None
    if any(_SINGULAR.search(q) for q in quotes):
        return None
    for name in _names(fact):
        if _stands_alone(fact.text, name):
            return f"the evidence says 'we'; the fact names {name} alone"
    return None


def _names(fact: CandidateFact) -> list[str]:
    """How the text may name its subject: as the extractor shows the speaker, as the subject
    field says, and by the first word of that ("Dana" for "Dana Whitfield")."""
    names = [fact.rendering.speaker_shown_as, fact.subject, fact.subject.split(" ")[0]]
    return list(dict.fromkeys(n for n in names if n))


def _stands_alone(text: str, name: str) -> bool:
    """``name`` appears in ``text`` as a word, on its own: not "Ana's", not "Ana and Sam"."""
    for m in re.finditer(rf"\b{re.escape(name)}\b", text):
        if _WITH_OTHERS.match(text[m.end() :]) or _AFTER_OTHERS.search(text[: m.start()]):
            continue
        return True
    return False
