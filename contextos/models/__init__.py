"""Pure data models (pydantic), no I/O."""

from contextos.models.brief import Brief, Change
from contextos.models.context import ContextItem, ContextResult, ContextSource
from contextos.models.entities import (
    ENTITY_TYPES,
    PERSON_RELATIONS,
    PROJECT_STATUSES,
    RELATION_TYPES,
    CandidateEntity,
    CandidateRelation,
    Entity,
    EntityState,
    StateValue,
)
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.facts import (
    CATEGORIES,
    TYPE_THRESHOLDS,
    CandidateFact,
    Evidence,
    Fact,
    FactType,
    Rejection,
)
from contextos.models.report import FormatStats, IngestReport, Warning_
from contextos.models.stats import RejectionSummary, RunRecord, UserStats
from contextos.models.transcript import Conversation, Turn, stable_id

__all__ = [
    "CATEGORIES",
    "ENTITY_TYPES",
    "PERSON_RELATIONS",
    "PROJECT_STATUSES",
    "RELATION_TYPES",
    "TYPE_THRESHOLDS",
    "Brief",
    "CandidateEntity",
    "CandidateFact",
    "CandidateRelation",
    "Change",
    "ContextItem",
    "ContextResult",
    "ContextSource",
    "Conversation",
    "Entity",
    "EntityState",
    "Evidence",
    "ExtractionResult",
    "Fact",
    "FactType",
    "FormatStats",
    "IngestReport",
    "Rejection",
    "RejectionSummary",
    "RunRecord",
    "StateValue",
    "Turn",
    "UserRef",
    "UserStats",
    "Warning_",
    "stable_id",
]
