"""User preferences (the seed's "User Preference System"): a preference is a fact of the
preference kind, stored in the graph like every fact; one set by hand is ``explicit``."""

from __future__ import annotations

import re
from datetime import datetime

from pydantic import BaseModel, Field, field_validator

__all__ = ["MANUAL_CONFIDENCE", "Preference", "PreferenceChange", "PrivacyState"]

#: The confidence of a preference set by hand when none is given.
MANUAL_CONFIDENCE = 0.9

_TYPE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


class Preference(BaseModel):
    """One preference as the API and CLI show it."""

    id: str
    user_id: str
    #: what it is about, a snake_case word: ``communication_style``, ``language``, ``tool``
    type: str
    value: str
    confidence: float = Field(ge=0.0, le=1.0)
    #: set by the user (a route, the CLI), not read from a conversation by an extractor
    explicit: bool
    #: false once deactivated (or replaced): it stays listed with ``active_only=false``
    active: bool
    #: where it applies or was seen (merged when a similar one is added)
    context: list[str] = Field(default_factory=list)
    created_at: datetime | None = None
    last_used: datetime | None = None
    #: the extractor that read it (``explicit`` for one set by hand)
    source: str = "explicit"

    @staticmethod
    def check_type(value: str) -> str:
        value = value.strip().lower().replace(" ", "_").replace("-", "_")
        if not _TYPE.match(value):
            raise ValueError(
                "a preference type is a word of letters, digits and '_' (at most 64), "
                f"starting with a letter: not {value!r}"
            )
        return value


class PreferenceChange(BaseModel):
    """What adding a preference did: stored a new one, or merged into a similar one."""

    preference: Preference
    merged: bool = False
    #: the similarity to the preference it was merged into
    similarity: float | None = None


class PrivacyState(BaseModel):
    """A user's privacy settings as stored (opt-out) and configured (retention, turns)."""

    user_id: str
    #: no extraction for this user: ingestion reads nothing and stores nothing
    opt_out: bool = False
    retention_days: dict[str, int] = Field(default_factory=dict)
    keep_turn_text: bool = True

    @field_validator("retention_days")
    @classmethod
    def _positive(cls, value: dict[str, int]) -> dict[str, int]:
        bad = {k: v for k, v in value.items() if v < 0}
        if bad:
            raise ValueError(f"retention days must not be negative: {bad}")
        return value
