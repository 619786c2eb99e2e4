"""Facts read from a phrase rather than from what a sentence states, each kept as a fact of its
own: "<name> is <role>" from appositions ("my partner Jo", "her daughter Clemency"), who leads
what ("the team, led by Benedikt"), affiliations ("Linnea from payroll"), and "<speaker> is based
in <place>" from a place the speaker puts themselves in passing ("here in Dundee").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contextos.extract.local.conversation.genders import Genders
from contextos.extract.local.conversation.people import FullNames, named_before
from contextos.extract.local.facts.appositions import (
    affiliation_clauses,
    agent_clauses,
    apposition_clauses,
    role_phrase_text,
    role_possessor,
)
from contextos.extract.local.facts.categories import Classification, lexical_category
from contextos.extract.local.facts.pieces import Pending, Piece
from contextos.extract.local.facts.referents import antecedent, as_named
from contextos.extract.local.facts.whereabouts import place_text, speaker_places
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import person_text

__all__ = ["apposition_facts", "place_facts", "said_as_fact"]


def said_as_fact(piece: Piece) -> list[Any]:
    """The sentences of ``piece`` that are not a joke or a hypothetical."""
    return [
        sent
        for sent in piece.sents
        if not any(
            c.reject in ("joke", "hypothetical") and c.sent.start == sent.start
            for c in piece.clauses
        )
    ]


def place_facts(piece: Piece, sents: list[Any]) -> list[Pending]:
    """ "<speaker> is based in <place>" from a place the speaker puts themselves in passing
    ("here in Dundee"), as a fact of its own."""
    out: list[Pending] = []
    for sent in sents:
        for found in speaker_places(sent):
            out.append(
                Pending(
                    piece,
                    found.clause,
                    place_text(found, piece.display),
                    Classification("location", found.relation, lx.PLACE_CONFIDENCE),
                    {},
                    alone=True,
                    own_words=found.relation,
                )
            )
    return out


def apposition_facts(
    piece: Piece,
    sents: list[Any],
    antecedents: Mapping[str, str | None],
    last_named: str | None,
    genders: Genders,
    names: FullNames,
) -> list[Pending]:
    """ "<name> is <role>" clauses from role appositions ("my partner Jo"), unless the sentence
    is a joke or a hypothetical. A "his"/"her" role ("her daughter Clemency") is the last person
    named before it, else one named earlier in the turn (``antecedents``, ``last_named``: see
    :func:`antecedent`); with no one, the clause is rejected as vague (see
    :func:`appositions.role_possessor`)."""
    out: list[Pending] = []
    speaker = piece.display
    for sent in sents:
        for clause in apposition_clauses(sent):
            whose = None
            if (poss := role_possessor(clause)) is not None:
                fallback = antecedent(antecedents, poss.lower_, last_named)
                whose = named_before(poss, fallback, genders)
                if whose is None:
                    clause.reject = "vague"
                    clause.reject_detail = f"no one named before '{poss.text}' says whose"
                else:
                    whose = as_named(whose, names)
            out.append(
                Pending(
                    piece,
                    clause,
                    role_phrase_text(clause, speaker, whose),
                    lexical_category(clause),
                    {},
                    alone=True,
                    from_phrase=True,
                )
            )
        for clause, text in agent_clauses(sent, speaker):  # "the team, led by Benedikt, ..."
            cue = Classification("work", "leads")
            out.append(Pending(piece, clause, text, cue, {}, alone=True, from_phrase=True))
        for clause, text, category in affiliation_clauses(sent, speaker):  # "Linnea from payroll"
            cue = Classification(category, "affiliation")
            who = (person_text(clause.subject),) if clause.subject is not None else ()
            out.append(Pending(piece, clause, text, cue, {}, who, alone=True, from_phrase=True))
    return out
