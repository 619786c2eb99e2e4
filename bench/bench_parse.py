"""Parse throughput and peak memory of the ChatGPT parser on a synthetic export.

Generates (once, cached by size and seed) a synthetic ``conversations.json`` of 5,000
conversations / 200,000 turns (about 300 MB) and one half that size, then parses each in a
fresh subprocess and reports turns per second and that subprocess's peak RSS (``ru_maxrss``),
so the generator's memory does not count. Peak RSS should not grow with the file size.

    .venv/bin/python bench/bench_parse.py                 # generate into a temp dir
    .venv/bin/python bench/bench_parse.py --dir /tmp/ctx  # keep the exports for reruns
    .venv/bin/python bench/bench_parse.py --conversations 500 --turns 20000   # quick run

Targets (2-core machine): >= 20,000 turns/s and peak RSS < 300 MB.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.synthetic_export import USER_TEXTS, write_chatgpt_export  # noqa: E402

TARGET_TURNS_PER_S = 20_000
TARGET_PEAK_MB = 300

_CHILD = """
import json, resource, sys, time
t0 = time.perf_counter()
from contextos.ingest import read_conversations
t1 = time.perf_counter()
run = read_conversations(sys.argv[1])
conversations = turns = 0
for conversation in run:
    conversations += 1
    turns += len(conversation.turns)
t2 = time.perf_counter()
print(json.dumps({
    "conversations": conversations, "turns": turns, "warnings": len(run.warnings),
    "import_s": t1 - t0, "parse_s": t2 - t1,
    "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
}))
"""


def parse_in_subprocess(path: Path) -> dict[str, float]:
    """Parse ``path`` with :func:`read_conversations` in a fresh interpreter; its figures."""
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def ensure_export(
    directory: Path, conversations: int, turns: int, seed: int, user_text: str = "realistic"
) -> Path:
    path = directory / f"chatgpt-{conversations}c-{turns}t-s{seed}-{user_text}.json"
    if not path.exists():
        t0 = time.perf_counter()
        stats = write_chatgpt_export(path, conversations, turns, seed, user_text)
        print(
            f"generated {path.name}: {stats.conversations} conversations, {stats.turns} turns, "
            f"{stats.bytes / 1e6:.0f} MB in {time.perf_counter() - t0:.1f}s"
        )
    return path


def export_parser(
    description: str, conversations: int = 5000, turns: int = 200_000
) -> argparse.ArgumentParser:
    """The command line every export benchmark takes: where, how big, which seed (a
    benchmark adds its own options to it)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--dir", type=Path, default=None, help="where to keep the exports")
    parser.add_argument("--conversations", type=int, default=conversations)
    parser.add_argument("--turns", type=int, default=turns)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--user-text",
        choices=USER_TEXTS,
        default="realistic",
        help="what user messages say: realistic (default) or salad (extractor worst case)",
    )
    return parser


def export_arguments(description: str) -> argparse.Namespace:
    """:func:`export_parser`'s options, read from the command line."""
    return export_parser(description).parse_args()


def main() -> int:
    args = export_arguments("contextos parse benchmark")
    with tempfile.TemporaryDirectory(prefix="contextos-bench-") as tmp:
        directory = args.dir or Path(tmp)
        directory.mkdir(parents=True, exist_ok=True)
        sizes = [(args.conversations, args.turns), (args.conversations // 2, args.turns // 2)]
        ok = True
        print(f"{'file':<34}{'MB':>8}{'turns':>10}{'parse s':>9}{'turns/s':>10}{'peak MB':>9}")
        for conversations, turns in sizes:
            path = ensure_export(directory, conversations, turns, args.seed, args.user_text)
            r = parse_in_subprocess(path)
            rate = r["turns"] / r["parse_s"]
            print(
                f"{path.name:<34}{path.stat().st_size / 1e6:>8.0f}{r['turns']:>10.0f}"
                f"{r['parse_s']:>9.2f}{rate:>10,.0f}{r['peak_rss_mb']:>9.1f}"
            )
            ok &= rate >= TARGET_TURNS_PER_S and r["peak_rss_mb"] < TARGET_PEAK_MB
        print(
            f"targets: >= {TARGET_TURNS_PER_S:,} turns/s, peak RSS < {TARGET_PEAK_MB} MB: "
            + ("met" if ok else "NOT met")
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
