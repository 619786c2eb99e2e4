"""Batch job: ingest every export under a folder for one user, resumably.

    python pipelines/ingest_folder.py ~/exports --user dana

Settings come from the environment (CONTEXTOS_DATA_DIR, CONTEXTOS_STORE). Re-running after an
interruption continues where it stopped; unchanged conversations are skipped.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from contextos import ContextOS, ContextOSError
from contextos.settings import load_settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--user", required=True)
    args = parser.parse_args(argv)
    try:
        with ContextOS.from_settings(load_settings()) as cx:
            report = cx.ingest(args.folder, user=args.user)
    except ContextOSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report.model_dump_json(indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
