"""Brief stage: snapshots over validity intervals, diffs, rendering."""

from contextos.brief.diff import diff_facts
from contextos.brief.render import render_summary
from contextos.brief.snapshot import history, snapshot

__all__ = ["diff_facts", "history", "render_summary", "snapshot"]
