"""Batch job: print (or save) each user's brief for the last 24 hours.

python pipelines/nightly_brief.py [--hours 24] [--out briefs/]
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from contextos import ContextOS, ContextOSError
from contextos.settings import load_settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=24.0)
    parser.add_argument("--out", type=Path, default=None, help="folder for one .md per user")
    args = parser.parse_args(argv)
    until = datetime.now(UTC)
    since = until - timedelta(hours=args.hours)
    try:
        # create=False: a mistyped CONTEXTOS_DATA_DIR is an error, not a new, empty graph
        with ContextOS.from_settings(load_settings(), create=False) as cx:
            for user in cx.status()["users"]:
                brief = cx.brief(user, since=since, until=until)
                if args.out is not None:
                    args.out.mkdir(parents=True, exist_ok=True)
                    (args.out / f"{user}-{until:%Y-%m-%d}.md").write_text(brief.summary + "\n")
                else:
                    print(brief.summary, end="\n\n")
    except ContextOSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
