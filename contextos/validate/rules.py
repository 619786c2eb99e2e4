"""Type rules: what each fact type needs from its evidence.

- USER_FACT and USER_PATTERN come from what a human said: at least one evidence turn has role
  ``user`` (an assistant statement counts only when the user's own turn confirms it; anything
  grounded only in assistant turns is ``assistant_sourced``).
- USER_PATTERN is a repetition: evidence from two or more distinct turns.
- SHARED_NARRATIVE is something the user and the assistant did together: at least one user turn.
"""

from __future__ import annotations

from collections.abc import Mapping

from contextos.models.facts import CandidateFact, FactType, RejectReason
from contextos.models.transcript import Turn
from contextos.validate.grounding import turn_quoted

__all__ = ["FLAG_REASONS", "flag_reason", "type_rule_problem"]

#: Extractor flags that are rejection reasons of their own.
FLAG_REASONS: dict[str, RejectReason] = {
    "hypothetical": "hypothetical",
    "assistant_sourced": "assistant_sourced",
    "negated": "negated",
    "injection": "injection",
    "vague": "vague",
    "third_party_opinion": "third_party_opinion",
    "joke": "joke",
    "retracted": "retracted",
    "group_as_speaker": "group_as_speaker",
}


def flag_reason(fact: CandidateFact) -> RejectReason | None:
    for flag in fact.flags:
        return FLAG_REASONS.get(flag, "type_rule")
    return None


def type_rule_problem(
    fact: CandidateFact, turns_by_id: Mapping[str, Turn]
) -> tuple[RejectReason, str] | None:
    quoted = [turn_quoted(e, turns_by_id) for e in fact.evidence]
    roles = [t.role for t in quoted if t is not None]
    if fact.type in (FactType.USER_FACT, FactType.USER_PATTERN):
        if "user" not in roles:
            return "assistant_sourced", f"{fact.type.value} evidence must include a user turn"
    elif "user" not in roles:
        return "assistant_sourced", "a shared narrative needs a user turn as evidence"
    if fact.type == FactType.USER_PATTERN and len({e.turn_ref for e in fact.evidence}) < 2:
        return "type_rule", "a pattern needs evidence from two or more turns"
    return None
