"""Query-time decay: windows by fact type, the floor, renewal, relationship strength."""

import pytest

from contextos.context.config import RetrievalConfig
from contextos.context.decay import decayed_confidence, fade, recency, relationship_strength

DAY = 86400.0
CFG = RetrievalConfig(decay_floor=0.5)


def test_fade_halves_towards_the_floor_each_window():
    assert fade(0, 30, 0.5) == 1.0
    assert fade(30, 30, 0.5) == pytest.approx(0.75)
    assert fade(3000, 30, 0.5) == pytest.approx(0.5, abs=1e-6)


def test_windows_follow_the_fact_type():
    now = 100 * DAY
    said = now - 14 * DAY
    fact = decayed_confidence(0.9, "USER_FACT", said, now, CFG)
    pattern = decayed_confidence(0.9, "USER_PATTERN", said, now, CFG)
    narrative = decayed_confidence(0.9, "SHARED_NARRATIVE", said, now, CFG)
    assert pattern == pytest.approx(0.9 * 0.75)  # one 14-day window
    assert narrative < pattern < fact < 0.9
    assert narrative >= 0.9 * CFG.decay_floor


def test_saying_it_again_renews_and_unknown_time_does_not_decay():
    now = 100 * DAY
    old = decayed_confidence(0.9, "USER_FACT", now - 60 * DAY, now, CFG)
    renewed = decayed_confidence(0.9, "USER_FACT", now - 1 * DAY, now, CFG)
    assert renewed > old
    assert decayed_confidence(0.9, "USER_FACT", None, now, CFG) == 0.9


def test_relationship_strength_fades_from_the_last_mention():
    now = 100 * DAY
    assert relationship_strength(now, now, CFG) == 1.0
    assert relationship_strength(now - 30 * DAY, now, CFG) == pytest.approx(0.75)
    assert relationship_strength(None, now, CFG) == CFG.decay_floor


def test_recency_is_relative_to_the_newest_item():
    assert recency(10 * DAY, 10 * DAY, 90) == 1.0
    assert recency(10 * DAY - 90 * DAY, 10 * DAY, 90) == pytest.approx(0.5)
    assert recency(None, 10 * DAY, 90) == 0.5
