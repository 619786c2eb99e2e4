"""Context benchmark (issue #42): contextos's ``context()`` against retrieval over raw turns,
in the same run, on long conversations and the gold scenarios; and its latency at scale.

    python bench/bench_context.py                                  # everything, full scale
    python bench/bench_context.py --data /work/longconv --halves read --latency-turns 20000 \\
        --latency-facts 10000                                      # a quicker run
    python bench/bench_context.py --skip-quality --data-dir /work/latency-data [--reuse]
                                       # keep the latency graph; --reuse times it again
                                       # (or finishes a build cut short); docs/context_latency.md

Quality: each long conversation (``DIR/read/*.json``, ``DIR/unread/*.json``; the unread half is
printed as aggregates only) and each scenario (``--scenarios``) is ingested into a fresh
embedded graph with the local extractor; every question is then asked of contextos and of
BM25 over turns, MiniLM vector over turns and RRF fusion over 3-turn windows with speaker and
date. Reported: *evidence in context* (a gold evidence turn is among the turns the context
carries — a fact's grounding turns, an excerpt's quoted turns, a baseline unit's turns) and
*answer in context* (the gold short answer's normalised words appear in the context), at 150
and 500 tokens; scenario questions at 150.
Targets at 500 tokens on unread conversations: evidence >= 0.80, answer >= 0.35, ahead of
every baseline. Latency: p95 of context() <= 50 ms warm, 100,000 facts and 200,000 turns.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.context_baselines import Baselines, pack_units  # noqa: E402
from bench.context_data import (  # noqa: E402
    BenchSet,
    answer_in,
    load_longconv,
    load_scenario_set,
)
from bench.context_latency import (  # noqa: E402
    build_synthetic_user,
    latency_figures,
)

TARGETS = {"evidence": 0.80, "answer": 0.35, "p95_ms": 50.0}
SYSTEMS = ("contextos", *Baselines.names)


def _score_set(cx, bench: BenchSet, budgets: list[int], embed, quiet: bool) -> list[dict]:
    """One row per (question, system, budget): evidence and answer hits (None: not asked)."""
    t0 = time.perf_counter()
    cx.ingest(bench.conversations, user=bench.user_id, user_name=bench.user_name)
    ingest_s = time.perf_counter() - t0
    base = Baselines(bench.conversations, embed)
    rows = []
    for q in bench.questions:
        gold = set(q.evidence)
        for budget in budgets:
            res = cx.context(q.question, user=bench.user_id, max_tokens=budget)
            turns = {t for s in res.sources for t in s.turn_ids}
            contexts = {"contextos": (res.injection, turns)}
            for name in Baselines.names:
                contexts[name] = pack_units(base.rank(name, q.question), budget)
            for system, (text, held) in contexts.items():
                rows.append(
                    {
                        "set": bench.id,
                        "category": q.category,
                        "system": system,
                        "budget": budget,
                        "evidence": bool(gold & held) if gold else None,
                        "answer": answer_in(q.answer, text) if q.answer else None,
                    }
                )
    name = "(unread)" if quiet else bench.id  # nothing of an unread set but aggregates
    print(
        f"  {name}: {len(bench.turns)} turns ingested in {ingest_s:.1f} s, "
        f"{len(bench.questions)} questions",
        flush=True,
    )
    return rows


def _run_sets(sets: list[BenchSet], budgets: list[int], embed, quiet: bool = False) -> list[dict]:
    from contextos import ContextOS

    rows: list[dict] = []
    for bench in sets:
        with tempfile.TemporaryDirectory(prefix="bench-context-") as d, ContextOS.open(d) as cx:
            rows += _score_set(cx, bench, budgets, embed, quiet)
    return rows


def _rate(rows: list[dict], key: str) -> tuple[float, int]:
    asked = [r[key] for r in rows if r[key] is not None]
    return (sum(asked) / len(asked) if asked else float("nan")), len(asked)


def _table(title: str, rows: list[dict], budgets: list[int]) -> dict:
    out: dict = {}
    print(f"\n{title}")
    head = "  system          " + "".join(f"| ev@{b:<4} | ans@{b:<4}" for b in budgets)
    print(head)
    for system in SYSTEMS:
        cells = []
        for b in budgets:
            sel = [r for r in rows if r["system"] == system and r["budget"] == b]
            ev, n_ev = _rate(sel, "evidence")
            an, n_an = _rate(sel, "answer")
            out[f"{system}@{b}"] = {"evidence": ev, "answer": an, "n_ev": n_ev, "n_ans": n_an}
            cells.append(f"|  {ev:.3f} |  {an:.3f} ")
        print(f"  {system:<16}" + "".join(cells))
    n_ev = out[f"contextos@{budgets[0]}"]["n_ev"]
    n_an = out[f"contextos@{budgets[0]}"]["n_ans"]
    print(f"  ({n_ev} questions with evidence, {n_an} with an answer)")
    return out


def _by_category(rows: list[dict], budget: int) -> None:
    cats = sorted({r["category"] for r in rows})
    print(f"\n  by category at {budget} tokens (evidence / answer):")
    for cat in cats:
        parts = []
        for system in SYSTEMS:
            sel = [
                r
                for r in rows
                if r["category"] == cat and r["system"] == system and r["budget"] == budget
            ]
            ev, _ = _rate(sel, "evidence")
            an, _ = _rate(sel, "answer")
            parts.append(f"{system} {ev:.2f}/{an:.2f}")
        print(f"    {cat:<13} " + "  ".join(parts))


def _latency(args, embed) -> dict:
    from contextos import ContextOS

    print(f"\nlatency: {args.latency_facts:,} facts, {args.latency_turns:,} turns (synthetic)")
    with contextlib.ExitStack() as stack:
        if args.data_dir is None:
            d = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-context-lat-")))
        else:
            d = args.data_dir
            d.mkdir(parents=True, exist_ok=True)
        manifest = d / "latency-build.json"
        want = {"facts": args.latency_facts, "turns": args.latency_turns}
        cx = stack.enter_context(ContextOS.open(d))
        built = json.loads(manifest.read_text()) if args.reuse and manifest.is_file() else None
        if built is not None and {k: built.get(f"asked_{k}") for k in want} != want:
            raise SystemExit(f"{d} holds a graph built for {built}; not {want} (drop --reuse)")
        if built is None:
            if cx.store.stats("bench") and not args.reuse:
                raise SystemExit(f"{d} already holds the user 'bench': --reuse times or resumes it")
            built = build_synthetic_user(
                cx, "bench", args.latency_facts, args.latency_turns, per_conversation=1000
            )
            built.update({f"asked_{k}": v for k, v in want.items()})
            if args.data_dir is not None:
                manifest.write_text(json.dumps(built, indent=2))
        else:
            print(f"  reusing the graph in {d} (built {built.get('built_at', '?')})")
        lat = latency_figures(cx, "bench", built, embed, args.latency_queries, TARGETS["p95_ms"])
        return {**built, **lat}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT / "bench" / "longconv")
    ap.add_argument("--halves", default="read,unread", help="read, unread or both")
    ap.add_argument(
        "--scenarios",
        type=Path,
        nargs="*",
        default=[ROOT.parent / "shared" / "data" / "scenarios" / "dev"],
    )
    ap.add_argument("--budgets", type=int, nargs="+", default=[150, 500])
    ap.add_argument("--limit", type=int, default=0, help="at most N conversations per half")
    ap.add_argument("--latency-facts", type=int, default=100_000)
    ap.add_argument("--latency-turns", type=int, default=200_000)
    ap.add_argument("--latency-queries", type=int, default=200)
    ap.add_argument(
        "--data-dir",
        type=Path,
        help="build the latency graph here and keep it (default: a temporary directory)",
    )
    ap.add_argument(
        "--reuse",
        action="store_true",
        help="time the graph --data-dir already holds instead of building it again (a build "
        "cut short is finished first)",
    )
    ap.add_argument("--skip-quality", action="store_true")
    ap.add_argument("--skip-latency", action="store_true")
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args(argv)

    from contextos.embeddings.minilm import default_embedder

    embed = default_embedder().embed_texts
    figures: dict = {}
    if not args.skip_quality:
        for half in [h.strip() for h in args.halves.split(",") if h.strip()]:
            files = sorted((args.data / half).glob("*.json"))
            if args.limit:
                files = files[: args.limit]
            if not files:
                print(f"\n{half}: no conversations in {args.data / half}")
                continue
            print(f"\n{half} long conversations ({len(files)}):", flush=True)
            sets = [load_longconv(f) for f in files]
            rows = _run_sets(sets, args.budgets, embed, quiet=half == "unread")
            figures[half] = _table(f"{half} half: in context", rows, args.budgets)
            if half == "read":
                _by_category(rows, max(args.budgets))
        scenario_files = [
            f for p in args.scenarios for f in (sorted(p.glob("*.json")) if p.is_dir() else [p])
        ]
        if scenario_files:
            print(f"\nscenarios ({len(scenario_files)}):", flush=True)
            rows = _run_sets([load_scenario_set(f) for f in scenario_files], [150], embed)
            figures["scenarios"] = _table("scenario questions: in context", rows, [150])
    if not args.skip_latency:
        figures["latency"] = _latency(args, embed)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2, default=str))


if __name__ == "__main__":
    main()
