"""What of a candidate stands on its own: the candidate itself, the clauses of a glued one as
candidates of their own, or a rejection (``glued.py``, ``standalone.py``, ``clauses.py``).

A fact text that glues unrelated clauses is split when each clause passes every check a
candidate passes (the ``check`` given: schema, flags, grounding, type rules) and stands on its
own; otherwise the candidate is rejected ``glued``, naming the clause that failed and why.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from contextos.models.facts import CandidateFact, RejectReason
from contextos.models.transcript import Turn
from contextos.validate.glued import glued_parts
from contextos.validate.grounding import content_support, turn_quoted
from contextos.validate.standalone import parse_texts, standalone_problem

__all__ = ["Check", "standalone_parts"]

#: the checks every candidate passes before it is parsed: its rejection, or None
Check = Callable[[CandidateFact, Mapping[str, Turn]], "tuple[RejectReason, str] | None"]

_SENTENCE_END = re.compile(r"[.!?\n]")


def source_sentences(fact: CandidateFact, turns_by_id: Mapping[str, Turn]) -> list[str]:
    """Each evidence quote run on to the end of its sentence in the turn: what followed the
    words the fact ends on ("... 34 weeks by" quoted from "... 34 weeks by then and ...")."""
    out = []
    for ev in fact.evidence:
        turn = turn_quoted(ev, turns_by_id)
        if turn is None or turn.text[ev.start : ev.end] != ev.quote:
            out.append(ev.quote)
            continue
        end = _SENTENCE_END.search(turn.text, ev.end)
        out.append(turn.text[ev.start : end.end() if end else len(turn.text)])
    return out


def _part_of(fact: CandidateFact, text: str) -> CandidateFact:
    """One clause of a glued fact as a candidate of its own: the evidence quotes that support
    it (all of them when none does on its own), the entities and project it names."""
    evidence = [
        e for e in fact.evidence if content_support(text, [e.quote], ignore=[fact.subject]) > 0
    ] or list(fact.evidence)
    low = text.lower()
    return fact.model_copy(
        update={
            "text": text,
            "evidence": evidence,
            "entities": [e for e in fact.entities if e.lower() in low],
            "project": fact.project if fact.project and fact.project.lower() in low else None,
            "status": fact.status if fact.project and fact.project.lower() in low else None,
        }
    )


def standalone_parts(
    fact: CandidateFact, doc: Any, turns_by_id: Mapping[str, Turn], check: Check
) -> list[tuple[CandidateFact, Any]] | tuple[RejectReason, str]:
    """What of ``fact`` (its text parsed as ``doc``) stands on its own, each with its parse:
    ``[(fact, doc)]`` when its text is one statement that stands alone; its clauses when it
    glues unrelated ones and each passes ``check`` and stands alone; else the rejection."""
    texts = glued_parts(doc, [e.quote for e in fact.evidence])
    if texts is None:
        problem = standalone_problem(doc, source_sentences(fact, turns_by_id))
        return [(fact, doc)] if problem is None else (problem.reason, problem.detail)
    parts = [_part_of(fact, t) for t in texts]
    shown = " | ".join(texts)
    docs = parse_texts(texts)
    for part, part_doc in zip(parts, docs, strict=True):
        failed = check(part, turns_by_id)
        if failed:
            return "glued", f"unrelated clauses ({shown}); '{part.text}': {failed[1]}"
        problem = standalone_problem(part_doc, source_sentences(part, turns_by_id))
        if problem is not None:
            return "glued", f"unrelated clauses ({shown}); '{part.text}': {problem.detail}"
    return list(zip(parts, docs, strict=True))
