"""Measure the local extractor on the dev scenarios and a Synthetic-Persona-Chat sample.

.venv/bin/python bench/eval_extraction.py                      # default paths ../shared/data
.venv/bin/python bench/eval_extraction.py --scenarios DIR --spc FILE --spc-rows 200 -v
.venv/bin/python bench/eval_extraction.py --no-spc             # scenarios only
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from contextos.evaluation import print_report, run_eval
from contextos.extract import LocalExtractor

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SCENARIOS = ROOT.parent / "shared" / "data" / "scenarios" / "dev"
DEFAULT_SPC = ROOT.parent / "shared" / "data" / "spc" / "Synthetic-Persona-Chat_test.csv"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenarios", type=Path, default=DEFAULT_SCENARIOS)
    ap.add_argument("--spc", type=Path, default=DEFAULT_SPC)
    ap.add_argument("--spc-rows", type=int, default=200)
    ap.add_argument("--no-spc", action="store_true")
    ap.add_argument("--no-scenarios", action="store_true")
    ap.add_argument(
        "--embeddings",
        action="store_true",
        help="categorise uncued clauses with MiniLM prototypes (slower)",
    )
    ap.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="list unmatched extracted facts and missed gold facts",
    )
    args = ap.parse_args(argv)
    report = run_eval(
        None if args.no_scenarios else args.scenarios,
        None if args.no_spc else args.spc,
        spc_rows=args.spc_rows,
        extractor=LocalExtractor(use_embeddings=args.embeddings),
    )
    print_report(report, sys.stdout, verbose=args.verbose)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
