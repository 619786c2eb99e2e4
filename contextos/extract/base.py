"""The extractor interface every extractor (local, LLM, ...) implements."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.metrics import ExtractorMetrics
from contextos.models.transcript import Conversation, Turn

__all__ = [
    "CarriesOver",
    "Described",
    "Extractor",
    "Metered",
    "StoredTurns",
    "cost_per_1k_tokens",
    "estimated_latency_ms",
    "is_available",
]


@runtime_checkable
class Extractor(Protocol):
    """Turns the turns of one conversation window into candidate facts, entities, relations.

    ``turns`` is a window of ``conversation.turns`` (long conversations are split into
    overlapping windows); ``conversation`` gives titles and timestamps for context. Every
    candidate must carry evidence (turn id + exact character span). Candidates the extractor
    itself knows are not facts (hypotheticals, assistant statements, ...) go into
    ``ExtractionResult.rejections`` with a reason rather than being dropped.
    """

    name: str

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult: ...


#: Which of the given (conversation id, turn id) the store holds, as
#: :func:`~contextos.models.facts.turn_ref` keys: how a carry-over restored from the store is
#: checked against what was written.
StoredTurns = Callable[[list[tuple[str, str]]], set[str]]


@runtime_checkable
class CarriesOver(Protocol):
    """An extractor that remembers what a user's earlier conversations named (opaque state it
    returns and receives): ingestion restores it at the start of a run and stores the snapshot
    with each conversation, in that conversation's transaction, so a resumed run reads on
    exactly where the last stored conversation left it."""

    def snapshot(self, user_id: str) -> str:
        """What is remembered of the user now, as text to :meth:`restore` later."""
        ...

    def restore(
        self, user_id: str, snapshot: str | None, stored_turns: StoredTurns | None = None
    ) -> None:
        """Read on from a :meth:`snapshot` (nothing remembered when None); ``stored_turns``
        lets the extractor drop what the snapshot remembers of turns the store lacks."""
        ...

    def forget(self, user_id: str | None = None) -> None:
        """Forget the user (everyone when None): the next conversation reads as a first."""
        ...


@runtime_checkable
class Described(Protocol):
    """What a strategy asks of an extractor to choose between several: a guess of its latency
    per window, its price per 1,000 tokens, and whether it can run now."""

    name: str

    @property
    def estimated_latency_ms(self) -> float: ...

    @property
    def cost_per_1k_tokens(self) -> float: ...

    def is_available(self) -> bool: ...


def estimated_latency_ms(extractor: Extractor) -> float:
    """The extractor's own estimate, or 0 for one that gives none."""
    return float(getattr(extractor, "estimated_latency_ms", 0.0))


def cost_per_1k_tokens(extractor: Extractor) -> float:
    """The extractor's price per 1,000 tokens, 0 for one that names none (it runs here)."""
    return float(getattr(extractor, "cost_per_1k_tokens", 0.0))


def is_available(extractor: Extractor) -> bool:
    """Whether the extractor can run now (True for one that cannot tell)."""
    check = getattr(extractor, "is_available", None)
    return bool(check()) if callable(check) else True


@runtime_checkable
class Metered(Protocol):
    """An extractor that counts what a run cost it (calls, tokens, seconds, money): ingestion
    resets the count at the start of a run and puts it in the run's report."""

    def reset_metrics(self) -> None: ...

    def run_metrics(self) -> list[ExtractorMetrics]:
        """This run's metrics, one per extractor involved (a strategy reports its parts)."""
        ...
