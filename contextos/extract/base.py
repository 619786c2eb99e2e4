"""The extractor interface every extractor (local, LLM, ...) implements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.transcript import Conversation, Turn

__all__ = ["CarriesOver", "Extractor"]


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


@runtime_checkable
class CarriesOver(Protocol):
    """An extractor that remembers what a user's earlier conversations named and can hand it
    over: ingestion restores it at the start of a run and stores the snapshot taken once each
    conversation is read with that conversation."""

    def snapshot(self, user_id: str) -> str: ...

    def restore(self, user_id: str, snapshot: str | None) -> None: ...
