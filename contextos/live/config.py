"""The settings of live turns (``ContextOS.process_turn``), as data with documented defaults,
and what an anonymous user id is."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field, ValidationError, create_model

from contextos.errors import ConfigError

__all__ = ["ANONYMOUS_IDS", "LiveConfig", "is_anonymous"]

#: User ids that name nobody in particular (compared case-insensitively, after stripping).
ANONYMOUS_IDS = frozenset(
    {"", "anonymous", "anon", "guest", "unknown", "none", "null", "undefined", "nobody"}
)
#: An anonymous id with a per-visitor suffix: ``guest-4f2a``, ``anonymous_17``, ``anon:xyz``.
_ANONYMOUS_PREFIX = re.compile(r"^(anonymous|anon|guest)[-_:.]", re.IGNORECASE)


def is_anonymous(user_id: str | None) -> bool:
    """Whether ``user_id`` is anonymous: None, empty or blank, one of :data:`ANONYMOUS_IDS`
    (any case), or ``anonymous``/``anon``/``guest`` followed by ``-``, ``_``, ``:`` or ``.``
    and a visitor suffix. Turns of an anonymous user are neither stored nor extracted: a
    memory keyed by an id many visitors share would mix them up."""
    if user_id is None:
        return True
    text = user_id.strip()
    return text.casefold() in ANONYMOUS_IDS or bool(_ANONYMOUS_PREFIX.match(text))


class LiveConfig(BaseModel):
    """How live turns are extracted. Every field has a default; the facade takes one of these
    (``ContextOS.open(..., live=LiveConfig(...))`` or ``cx.configure_live(...)``)."""

    auto_extract: bool = Field(
        default=True,
        description="extract from live turns automatically (off: turns are stored, and only "
        "extract_user_context or flush(pending=True) reads them)",
    )
    extraction_interval: int = Field(
        default=1,
        ge=1,
        description="extract once a session has this many user messages not yet read",
    )
    confidence_threshold: float = Field(
        default=0.0,
        ge=0.0,
        le=1.0,
        description="candidates below this confidence are rejected (reason below_threshold) "
        "before validation; the validator's own per-type gates still apply",
    )
    max_history_tokens: int = Field(
        default=1000,
        ge=0,
        description="tokens of the session's earlier turns given to the extractor as context "
        "(it reads them; facts only come from the new turns)",
    )
    idle_minutes: float = Field(
        default=10.0,
        gt=0,
        description="a session with no turn for this long is debriefed: the whole session "
        "goes through extraction as one conversation (what only a whole conversation shows)",
    )
    idle_check_seconds: float = Field(
        default=30.0, gt=0, description="how often the worker looks for idle sessions"
    )
    max_queue: int = Field(
        default=10_000,
        ge=1,
        description="extraction jobs waiting at most; past it process_turn still stores the "
        "turn, and the session is read at its next job or idle debrief",
    )
    session_gap_minutes: float = Field(
        default=30.0,
        gt=0,
        description="with no session_id, a user's turns after this long a pause open a new session",
    )

    @classmethod
    def from_env(cls, **overrides: Any) -> LiveConfig:
        """The config from ``CONTEXTOS_LIVE_*`` variables (``CONTEXTOS_LIVE_IDLE_MINUTES=5``),
        for a surface (CLI, API) to build at its edge; a bad value is one
        :class:`ConfigError` naming the variable."""
        from pydantic_settings import BaseSettings, SettingsConfigDict

        class _FromEnv(BaseSettings):
            model_config = SettingsConfigDict(env_prefix="CONTEXTOS_LIVE_", extra="ignore")

        fields = {name: (f.annotation, f) for name, f in cls.model_fields.items()}
        reader = create_model("LiveEnv", __base__=_FromEnv, **fields)  # type: ignore[call-overload]
        try:
            return cls(**reader(**overrides).model_dump())
        except ValidationError as exc:
            first = exc.errors()[0]
            field = str(first["loc"][0]) if first["loc"] else "?"
            raise ConfigError(f"CONTEXTOS_LIVE_{field.upper()}: {first['msg']}") from None
