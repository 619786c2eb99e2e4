"""Decay computed at query time (never by a background job): a fact's confidence fades with
the days since it was last said, down to a floor; a person's relationship strength fades from
their last mention; recency ranks newer evidence higher. Windows: :class:`RetrievalConfig`."""

from __future__ import annotations

from contextos.context.config import RetrievalConfig

__all__ = ["decayed_confidence", "fade", "recency", "relationship_strength"]

_DAY = 86400.0


def fade(days: float, window_days: float, floor: float) -> float:
    """A share in [floor, 1]: 1 when just said, halfway to the floor after ``window_days``."""
    if window_days <= 0:
        return 1.0
    return floor + (1.0 - floor) * 0.5 ** (max(0.0, days) / window_days)


def decayed_confidence(
    confidence: float,
    fact_type: str,
    last_said: float | None,
    now: float,
    config: RetrievalConfig,
) -> float:
    """``confidence`` faded by the days since ``last_said`` (epoch s; renewed each time the
    fact is said again) over its type's window. Unknown time: no decay."""
    if last_said is None:
        return confidence
    window = config.decay_days.get(fact_type, config.decay_days.get("USER_FACT", 30.0))
    return confidence * fade((now - last_said) / _DAY, window, config.decay_floor)


def relationship_strength(
    last_mentioned: float | None, now: float, config: RetrievalConfig
) -> float:
    """How present a person is in the user's life: 1 when just mentioned, fading from there."""
    if last_mentioned is None:
        return config.decay_floor
    days = (now - last_mentioned) / _DAY
    return fade(days, config.relationship_window_days, config.decay_floor)


def recency(at: float | None, newest: float | None, half_life_days: float) -> float:
    """1 for the newest evidence, 0.5 one half-life older; 0.5 when the time is unknown."""
    if at is None or newest is None or half_life_days <= 0:
        return 0.5
    return float(0.5 ** (max(0.0, newest - at) / _DAY / half_life_days))
