"""The per-stage timer context() benchmarks read: off, it records nothing; on, one dict of
stage -> seconds per query, laps adding up within a query, stages timed apart recorded as
given."""

from __future__ import annotations

import time

from contextos.context.stages import StageTimer


def test_off_records_nothing():
    timer = StageTimer()
    timer.start()
    timer.lap("embed")
    timer.record("bm25", 0.5)
    assert timer.laps == []


def test_on_one_lap_dict_per_query_and_repeated_stages_add_up():
    timer = StageTimer(enabled=True)
    timer.start()
    time.sleep(0.01)
    timer.lap("a")
    timer.lap("b")
    time.sleep(0.01)
    timer.lap("a")
    timer.record("thread", 0.25)
    timer.start()
    timer.lap("b")
    assert len(timer.laps) == 2
    first, second = timer.laps
    assert set(first) == {"a", "b", "thread"}
    assert first["a"] >= 0.018  # both sleeps fell in stage "a"
    assert first["b"] < first["a"]
    assert first["thread"] == 0.25
    assert set(second) == {"b"}
