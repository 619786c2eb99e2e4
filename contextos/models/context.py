"""The result of a context request: the injection text and where every item came from."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

__all__ = ["ContextItem", "ContextResult", "ContextSource"]


class ContextSource(BaseModel):
    #: ``episode``: an excerpt quoted from turns (``id`` is the hit turn's key)
    type: Literal["fact", "entity", "episode"]
    id: str
    relevance: float
    turn_ids: list[str] = Field(default_factory=list)
    section: str = ""


class ContextItem(BaseModel):
    """One line of the injection before packing."""

    section: str
    text: str
    source: ContextSource


class ContextResult(BaseModel):
    query: str
    user_id: str
    agent_type: str = "general"
    injection: str
    token_count: int
    max_tokens: int
    sources: list[ContextSource] = Field(default_factory=list)
    #: Candidates that were relevant but did not fit the token budget.
    dropped: int = 0
