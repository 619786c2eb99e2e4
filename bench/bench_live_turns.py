"""Live-turn benchmark: the time ``ContextOS.process_turn`` keeps the caller, against the
baseline of extracting the same turn inline (``extract_user_context``, what a turn would cost
if extraction were on the request path), and how fast the worker drains what was posted.

    python bench/bench_live_turns.py                   # 300 turns, 10 sessions
    python bench/bench_live_turns.py --turns 1000 --sessions 20

Both runs use the embedded FalkorDB and the local extractor in one process, on fresh data
directories; models are loaded before anything is timed. After the drain, every posted turn is
checked to be read by an extraction (none pending) and the facts counted.
Target: process_turn p95 < 50 ms on the 2-core dev machine while the worker extracts (the
worker thread holds the GIL while it computes; each of the turn's waits on the store can wait
up to the interpreter's 5 ms switch interval to get it back; the store-only row shows the
write alone).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from contextos import ContextOS  # noqa: E402

TARGET_P95_MS = 50.0

_SAID = [
    "I work at {org} as a {job}.",
    "My sister {name} lives in {city}.",
    "I started learning {skill} last month.",
    "We moved the {project} launch to Friday.",
    "I usually go running before work.",
    "My manager {name} asked me to review the {project} budget.",
]
_FILL = {
    "org": ["Acme", "Globex", "Initech", "Umbrella"],
    "job": ["nurse", "data engineer", "designer", "teacher"],
    "name": ["Maya", "Leo", "Ana", "Tom"],
    "city": ["Porto", "Lisbon", "Oslo", "Berlin"],
    "skill": ["Rust", "Spanish", "piano", "pottery"],
    "project": ["Atlas", "Beacon", "Comet", "Delta"],
}


def message(i: int) -> str:
    text = _SAID[i % len(_SAID)]
    for key, values in _FILL.items():
        text = text.replace("{" + key + "}", values[(i // len(_SAID)) % len(values)])
    return text


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def _warm(cx: ContextOS) -> None:
    cx.embed(["warm up"])
    cx.extract_user_context(["I like tea."], "warmup")  # extractor, spaCy, prototypes


def inline_baseline(n: int) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp, ContextOS.open(Path(tmp) / "data") as cx:
        _warm(cx)
        times = []
        for i in range(n):
            t = time.perf_counter()
            cx.extract_user_context(
                [{"role": "user", "content": message(i)}, {"role": "assistant", "content": "ok"}],
                f"inline{i % 10}",
            )
            times.append((time.perf_counter() - t) * 1000)
        return times


def store_only(n: int, sessions: int) -> list[float]:
    """process_turn with auto_extract off: the write alone, no worker competing for the GIL."""
    from contextos.live import LiveConfig

    with tempfile.TemporaryDirectory() as tmp, ContextOS.open(Path(tmp) / "data") as cx:
        cx.configure_live(LiveConfig(auto_extract=False))
        _warm(cx)
        times = []
        for i in range(n):
            t = time.perf_counter()
            cx.process_turn(message(i), "Noted.", f"user{i % sessions}", session_id="s")
            times.append((time.perf_counter() - t) * 1000)
        return times


def live(n: int, sessions: int) -> tuple[list[float], float, float, dict[str, int]]:
    with tempfile.TemporaryDirectory() as tmp, ContextOS.open(Path(tmp) / "data") as cx:
        _warm(cx)
        times = []
        started = time.perf_counter()
        for i in range(n):
            t = time.perf_counter()
            cx.process_turn(message(i), "Noted.", f"user{i % sessions}", session_id="s")
            times.append((time.perf_counter() - t) * 1000)
        posted = time.perf_counter() - started
        cx.flush()
        drained = time.perf_counter() - started
        totals = {"pending": 0, "facts": 0, "stored": 0, "extractions": 0}
        for u in range(sessions):
            s = cx.get_extraction_stats(f"user{u}")
            totals["pending"] += s.turns_pending
            totals["stored"] += s.turns_stored
            totals["extractions"] += s.extractions
            totals["facts"] += len(cx.facts(f"user{u}"))
        return times, posted, drained, totals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--turns", type=int, default=300)
    ap.add_argument("--sessions", type=int, default=10)
    ap.add_argument("--baseline-turns", type=int, default=60)
    args = ap.parse_args()
    base = inline_baseline(args.baseline_turns)
    alone = store_only(args.turns, args.sessions)
    times, posted, drained, totals = live(args.turns, args.sessions)
    print(f"inline extraction (baseline), {len(base)} turns:")
    print(
        f"  p50 {statistics.median(base):.1f} ms  p95 {percentile(base, 95):.1f} ms  "
        f"max {max(base):.1f} ms"
    )
    print(f"process_turn with auto_extract off (the write alone), {len(alone)} turns:")
    print(
        f"  p50 {statistics.median(alone):.2f} ms  p95 {percentile(alone, 95):.2f} ms  "
        f"max {max(alone):.1f} ms"
    )
    p95 = percentile(times, 95)
    print(f"process_turn, worker extracting meanwhile, {len(times)} turns, {args.sessions} users:")
    print(
        f"  p50 {statistics.median(times):.2f} ms  p95 {p95:.2f} ms  max {max(times):.1f} ms  "
        f"({statistics.median(base) / statistics.median(times):.0f}x below inline at p50)"
    )
    print(
        f"  posting took {posted:.2f} s; queue drained {drained:.2f} s after the first turn "
        f"({len(times) / drained:.0f} turns/s extracted), {totals['extractions']} extraction "
        f"jobs (bursts coalesce)"
    )
    print(
        f"  turns stored {totals['stored']} (user + agent), pending after flush "
        f"{totals['pending']}, facts {totals['facts']}"
    )
    verdict = "OK" if p95 < TARGET_P95_MS and totals["pending"] == 0 else "MISSED"
    print(f"target p95 < {TARGET_P95_MS:.0f} ms and nothing pending: {verdict}")


if __name__ == "__main__":
    main()
