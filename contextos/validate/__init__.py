"""validate stage: schema, grounding, type rules and confidence gates.

``validate(result, turns_by_id)`` splits an :class:`ExtractionResult` into what may be stored
and what may not. Nothing is dropped silently: every candidate that does not pass becomes a
:class:`Rejection` with a reason, and USER_PATTERN proposals (confidence 0.75-0.80) are kept in
``proposals`` for review as well as logged as ``proposal`` rejections.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from contextos.models.entities import CandidateEntity, CandidateRelation
from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact, Rejection, RejectReason
from contextos.models.transcript import Turn
from contextos.validate.confidence import PATTERN_APPLY_THRESHOLD, Gate, gate
from contextos.validate.descriptions import ConversationTurns, check_descriptions
from contextos.validate.grounding import content_support, index_turns, span_problem
from contextos.validate.importance import importance, trivial_problem
from contextos.validate.parts import standalone_parts
from contextos.validate.plural_speaker import plural_speaker_problem
from contextos.validate.rules import flag_reason, type_rule_problem
from contextos.validate.schema import entity_problem, fact_problem, relation_problem
from contextos.validate.standalone import parse_texts

__all__ = [
    "MIN_CONTENT_SUPPORT",
    "PATTERN_APPLY_THRESHOLD",
    "ValidatedResult",
    "index_turns",
    "validate",
]

#: Share of a fact's content words that must appear in its evidence quotes.
MIN_CONTENT_SUPPORT = 0.5


class ValidatedResult(BaseModel):
    """What passed validation, and what did not (with reasons)."""

    facts: list[CandidateFact] = Field(default_factory=list)
    entities: list[CandidateEntity] = Field(default_factory=list)
    relations: list[CandidateRelation] = Field(default_factory=list)
    rejections: list[Rejection] = Field(default_factory=list)
    #: USER_PATTERN candidates between 0.75 and 0.80: proposed, not applied.
    proposals: list[CandidateFact] = Field(default_factory=list)

    def reasons(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.rejections:
            out[r.reason] = out.get(r.reason, 0) + 1
        return out


def _reject(fact: CandidateFact, reason: RejectReason, detail: str) -> Rejection:
    ev = fact.evidence[0] if fact.evidence else None
    return Rejection(
        text=fact.text,
        reason=reason,
        detail=detail,
        conversation_id=ev.conversation_id if ev else None,
        turn_id=ev.turn_id if ev else None,
        confidence=fact.confidence,
        type=fact.type,
        category=fact.category,
        extractor=fact.extractor,
    )


def _check_fact(
    fact: CandidateFact, turns_by_id: Mapping[str, Turn]
) -> tuple[RejectReason, str] | None:
    problem = fact_problem(fact)
    if problem:
        return "schema", problem
    reason = flag_reason(fact)
    if reason:
        why = fact.reject_detail
        return reason, f"flagged by the extractor: {', '.join(fact.flags)}" + (
            f" ({why})" if why else ""
        )
    for ev in fact.evidence:
        problem = span_problem(ev, turns_by_id)
        if problem:
            return "not_grounded", problem
    # the extractor's own words: the template of a pattern, the name the speaker goes by, the
    # relative a "he" stood for ("Dana's dad" for the "He" of "He's 86")
    ignore = [fact.subject, *fact.entities, *fact.rendering.words()]
    support = content_support(fact.text, [e.quote for e in fact.evidence], ignore=ignore)
    if support < MIN_CONTENT_SUPPORT:
        return "not_grounded", f"only {support:.0%} of the fact's words are in its evidence"
    rule = type_rule_problem(fact, turns_by_id)
    if rule:
        return rule
    plural = plural_speaker_problem(fact)
    if plural:
        return "group_as_speaker", plural
    return None


def _importance_problem(fact: CandidateFact, doc: Any) -> str | None:
    """Score ``fact``'s importance from its parsed text (``importance.py``): the rejection
    detail when it is below the threshold, else None. A kept fact keeps the importance its
    extractor gave it (retrieval and the brief's ranking were tuned on those values)."""
    return trivial_problem(importance(doc, fact))


def _graph_rejection(
    item: CandidateEntity | CandidateRelation, problem: str, reason: RejectReason
) -> Rejection:
    """An entity ("Person: Tom") or a relation ("Dana MANAGER_OF Tom") kept as a rejection."""
    if isinstance(item, CandidateRelation):
        text = f"{item.source} {item.type} {item.target}"
    else:
        text = f"{item.type}: {item.name}"
    ev = item.evidence
    return Rejection(
        text=text,
        reason=reason,
        detail=problem,
        conversation_id=ev.conversation_id if ev else None,
        turn_id=ev.turn_id if ev else None,
    )


def validate(result: ExtractionResult, turns_by_id: Mapping[str, Turn]) -> ValidatedResult:
    """Check every candidate of ``result`` against the turns it claims to come from.

    A candidate that passes every other check and its confidence gate must still stand on its
    own (``parts.py``: ``standalone.py``, ``clauses.py``; a text gluing unrelated clauses is
    split, ``glued.py``) and be worth keeping (``importance.py``): the texts of all such
    candidates are parsed in one batch, and the checks read the same parse. What stands on its
    own is checked for definite descriptions pointing back into the conversation
    (``descriptions.py``): rewritten with their antecedent, or rejected."""
    out = ValidatedResult(rejections=list(result.rejections))
    verdicts: list[tuple[RejectReason, str] | Gate] = []
    for fact in result.facts:
        failed = _check_fact(fact, turns_by_id)
        verdicts.append(failed if failed else gate(fact))
    to_parse = [k for k, v in enumerate(verdicts) if v in ("accept", "proposal")]
    docs = dict(zip(to_parse, parse_texts([result.facts[k].text for k in to_parse]), strict=True))
    parts = {
        k: standalone_parts(result.facts[k], doc, turns_by_id, _check_fact)
        for k, doc in docs.items()
    }
    standing = [(k, pair) for k, p in parts.items() if isinstance(p, list) for pair in p]
    checked = check_descriptions([pair for _, pair in standing], ConversationTurns(turns_by_id))
    described: dict[int, list[tuple[CandidateFact, str | None, Any]]] = {}
    for (k, (_, doc)), check in zip(standing, checked, strict=True):
        described.setdefault(k, []).append((check.fact, check.problem, doc))
    for k, (fact, verdict) in enumerate(zip(result.facts, verdicts, strict=True)):
        if isinstance(verdict, tuple):
            out.rejections.append(_reject(fact, *verdict))
            continue
        split = parts.get(k)
        if isinstance(split, tuple):
            out.rejections.append(_reject(fact, *split))
            continue
        if verdict == "below_threshold":
            out.rejections.append(
                _reject(fact, "below_threshold", f"confidence {fact.confidence:.2f}")
            )
            continue
        for part, why, doc in described.get(k, []):  # a description may have been rewritten
            if why:
                out.rejections.append(_reject(part, "unresolved_reference", why))
                continue
            trivial = _importance_problem(part, doc)
            if trivial is not None:
                out.rejections.append(_reject(part, "trivial", trivial))
            elif verdict == "accept":
                out.facts.append(part)
            else:
                out.proposals.append(part)
                out.rejections.append(
                    _reject(
                        part,
                        "proposal",
                        f"pattern confidence {part.confidence:.2f} is below "
                        f"{PATTERN_APPLY_THRESHOLD}",
                    )
                )
    _check_graph_items(
        result.entities,
        entity_problem,
        turns_by_id,
        out.entities,
        out.rejections,
    )
    _check_graph_items(
        result.relations,
        relation_problem,
        turns_by_id,
        out.relations,
        out.rejections,
    )
    return out


def _check_graph_items(
    items: Sequence[Any],
    schema_problem: Callable[[Any], str | None],
    turns_by_id: Mapping[str, Turn],
    accepted: list[Any],
    rejections: list[Rejection],
) -> None:
    """Entities and relations: schema-checked, their evidence (when given) grounded."""
    for item in items:
        problem = schema_problem(item)
        if problem is None and item.evidence is not None:
            grounding = span_problem(item.evidence, turns_by_id)
            if grounding:
                rejections.append(_graph_rejection(item, grounding, "not_grounded"))
                continue
        if problem:
            rejections.append(_graph_rejection(item, problem, "schema"))
        else:
            accepted.append(item)
