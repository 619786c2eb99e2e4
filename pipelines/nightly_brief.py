"""Batch job: write (or print) every user's brief for the last 24 hours.

python pipelines/nightly_brief.py [--hours 24] [--out briefs/] [--format markdown]

With ``--out``, one file per user and day (``<user>-<YYYY-MM-DD>.<ext>``) in that folder, in
the chosen format (markdown by default; html is one self-contained page); without it, each
brief is printed.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from contextos import ContextOS, ContextOSError
from contextos.brief import FORMATS, render
from contextos.settings import load_settings

_EXTENSIONS = {"text": "txt", "markdown": "md", "json": "json", "html": "html"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=24.0)
    parser.add_argument("--out", type=Path, default=None, help="folder for one file per user")
    parser.add_argument("--format", choices=FORMATS, default="markdown")
    parser.add_argument("--until", default=None, help="end of the window, ISO time (default: now)")
    args = parser.parse_args(argv)
    until = datetime.fromisoformat(args.until) if args.until else datetime.now(UTC)
    if until.tzinfo is None:
        until = until.replace(tzinfo=UTC)
    since = until - timedelta(hours=args.hours)
    try:
        # create=False: a mistyped CONTEXTOS_DATA_DIR is an error, not a new, empty graph
        with ContextOS.from_settings(load_settings(), create=False) as cx:
            for user in cx.users():
                page = render(cx.brief(user, since=since, until=until), args.format)
                if args.out is not None:
                    args.out.mkdir(parents=True, exist_ok=True)
                    name = f"{user}-{until:%Y-%m-%d}.{_EXTENSIONS[args.format]}"
                    (args.out / name).write_text(page if page.endswith("\n") else page + "\n")
                else:
                    print(page, end="\n\n")
    except ContextOSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
