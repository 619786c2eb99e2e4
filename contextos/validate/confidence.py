"""Confidence gates by fact type (seed "Extraction Rules & Validation").

USER_FACT needs 0.80, USER_PATTERN 0.75, SHARED_NARRATIVE 0.60 (``TYPE_THRESHOLDS``). A
USER_PATTERN between 0.75 and 0.80 is a *proposal*: logged for review, not applied.
"""

from __future__ import annotations

from typing import Literal

from contextos.models.facts import TYPE_THRESHOLDS, CandidateFact, FactType

__all__ = ["PATTERN_APPLY_THRESHOLD", "Gate", "gate"]

#: A USER_PATTERN is applied from here on; between its type threshold and this it is proposed.
PATTERN_APPLY_THRESHOLD = 0.80

Gate = Literal["accept", "proposal", "below_threshold"]


def gate(fact: CandidateFact) -> Gate:
    threshold = TYPE_THRESHOLDS[fact.type]
    if fact.confidence < threshold:
        return "below_threshold"
    if fact.type == FactType.USER_PATTERN and fact.confidence < PATTERN_APPLY_THRESHOLD:
        return "proposal"
    return "accept"
