"""contextos: a memory layer for AI assistants.

Chat exports in; a grounded, typed, time-aware knowledge graph; morning briefs and
token-budgeted context injections out. Start with :class:`ContextOS`.
"""

from contextos.errors import (
    ConfigError,
    ContextOSError,
    InputError,
    PartialInputError,
    StoreError,
)
from contextos.models import (
    Brief,
    Change,
    ContextResult,
    ContextSource,
    Conversation,
    Entity,
    Fact,
    FactType,
    IngestReport,
    RejectionSummary,
    RunRecord,
    Turn,
    UserStats,
)
from contextos.service import ContextOS, IngestProgress
from contextos.settings import Settings

__version__ = "0.1.0"

__all__ = [
    "Brief",
    "Change",
    "ConfigError",
    "ContextOS",
    "ContextOSError",
    "ContextResult",
    "ContextSource",
    "Conversation",
    "Entity",
    "Fact",
    "FactType",
    "IngestProgress",
    "IngestReport",
    "InputError",
    "PartialInputError",
    "RejectionSummary",
    "RunRecord",
    "Settings",
    "StoreError",
    "Turn",
    "UserStats",
    "__version__",
]
