"""Per-stage wall time of ``context()`` queries, for benchmarks and profiling: off by default
(one attribute test per stage), on with ``engine.stage_timer.enabled = True``; each query
appends ``{stage: seconds}`` to ``laps``."""

from __future__ import annotations

import time

__all__ = ["StageTimer"]


class StageTimer:
    def __init__(self, enabled: bool = False) -> None:
        self.enabled = enabled
        self.laps: list[dict[str, float]] = []
        self._at = 0.0
        self._lap: dict[str, float] = {}

    def start(self) -> None:
        """A query begins."""
        if self.enabled:
            self._lap = {}
            self.laps.append(self._lap)
            self._at = time.perf_counter()

    def lap(self, stage: str) -> None:
        """``stage`` ends now (it began at the previous lap or at :meth:`start`); a stage
        reached twice in one query adds up."""
        if self.enabled:
            now = time.perf_counter()
            self._lap[stage] = self._lap.get(stage, 0.0) + now - self._at
            self._at = now

    def record(self, stage: str, seconds: float) -> None:
        """A stage timed apart (one that ran on another thread, beside others)."""
        if self.enabled:
            self._lap[stage] = self._lap.get(stage, 0.0) + seconds
