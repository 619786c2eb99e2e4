"""Live turns: :meth:`contextos.ContextOS.process_turn` stores each exchange at once and
extracts from it off the request path (``docs/live_turns.md``)."""

from contextos.live.config import ANONYMOUS_IDS, LiveConfig, is_anonymous
from contextos.live.history import manual_conversation
from contextos.live.turns import LiveTurns
from contextos.models.live import LiveStats, ManualExtraction, TurnReceipt

__all__ = [
    "ANONYMOUS_IDS",
    "LiveConfig",
    "LiveStats",
    "LiveTurns",
    "ManualExtraction",
    "TurnReceipt",
    "is_anonymous",
    "manual_conversation",
]
