"""Batch job: apply the privacy rules to every user's stored data.

python pipelines/retention.py [--user U] [--now 2026-12-01T00:00:00Z]

Deletes the facts older than their type's or category's retention
(``CONTEXTOS_RETENTION_DAYS``, e.g. ``{"plan": 30, "USER_PATTERN": 365}``) and, with
``CONTEXTOS_KEEP_TURN_TEXT=false``, blanks the text of stored turns (facts keep their evidence
spans). Reads through the service apply retention too; this job makes it happen for users
nobody reads. Run it nightly (cron, a systemd timer).
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime

from contextos import ContextOS, ContextOSError
from contextos.settings import load_settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--user", default=None, help="only this user (default: every user)")
    parser.add_argument("--now", default=None, help="apply as of this ISO time (default: now)")
    args = parser.parse_args(argv)
    now = datetime.fromisoformat(args.now) if args.now else datetime.now(UTC)
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    try:
        with ContextOS.from_settings(load_settings(), create=False) as cx:
            users = [args.user] if args.user else cx.users()
            deleted = sum(cx.apply_retention(u, now=now) for u in users)
            blanked = sum(cx.apply_turn_policy(u) for u in users)
    except ContextOSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{len(users)} users: {deleted} facts past retention deleted, {blanked} turns blanked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
