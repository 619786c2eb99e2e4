"""How ``contextos stats`` and ``contextos rejections`` print (rich tables); the commands
themselves are in ``cli_read.py``."""

from __future__ import annotations

from datetime import datetime

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from contextos.models.stats import RejectionSummary, UserStats

__all__ = ["print_rejections", "print_stats"]


def _when(t: datetime | None) -> str:
    return t.strftime("%Y-%m-%d %H:%M") if t else "—"


def _reasons(counts: dict[str, int], total: int) -> str:
    return ", ".join(f"{r} {n} ({n / total:.0%})" for r, n in counts.items()) or "none"


def print_stats(out: Console, s: UserStats) -> None:
    title = f"stats for {s.user_id}: {s.runs} ingest runs"
    if s.last_run_at:
        title += f", last {_when(s.last_run_at)} UTC"
    table = Table(title=escape(title))
    columns = (
        "extractor",
        "current",
        "superseded",
        "facts",
        "rejected",
        "runs",
        "calls",
        "tokens in",
        "tokens out",
        "seconds",
        "cost",
        "proposed",
        "windows",
    )
    for col in columns:
        table.add_column(col, justify="left" if col == "extractor" else "right")
    for e in s.extractors:
        m = e.metrics
        metered = (
            [
                str(m.calls),
                str(m.tokens_in),
                str(m.tokens_out),
                f"{m.seconds:.1f}",
                f"{m.cost:.4f}",
                str(m.facts_proposed),
                str(m.windows),
            ]
            if m is not None
            else ["—"] * 7
        )
        table.add_row(
            escape(e.extractor),
            str(e.facts_current),
            str(e.facts_superseded),
            str(e.facts_total),
            str(e.rejected_total),
            str(e.runs),
            *metered,
        )
    table.add_row(
        "all",
        str(s.facts_current),
        str(s.facts_superseded),
        str(s.facts_total),
        str(s.rejected_total),
        str(s.runs),
        *[""] * 7,
        style="bold",
    )
    out.print(table)
    out.print(f"rejected: {_reasons(s.rejected, s.rejected_total)}", highlight=False)
    run = s.last_run
    if run is not None:
        out.print(
            f"last run: {run.outcome} · {run.extractor} · conversations {run.conversations} "
            f"({run.conversations_skipped_unchanged} unchanged) · facts stored "
            f"{run.facts_stored} · merged {run.facts_merged} · superseded "
            f"{run.facts_superseded} · rejected {run.rejected_total} · {run.duration_s:.1f}s",
            highlight=False,
        )


def print_rejections(out: Console, s: RejectionSummary) -> None:
    title = f"{s.total} rejections for {s.user_id}"
    if s.top_type:
        title += f" (most common type {s.top_type})"
    table = Table(title=escape(title))
    for col in ("reason", "count", "share", "top type", "top category", "examples"):
        table.add_column(col, justify="right" if col in ("count", "share") else "left")
    for r in s.reasons:
        table.add_row(
            escape(r.reason),
            str(r.count),
            f"{r.share:.0%}",
            escape(f"{r.top_type} ({r.top_type_count})" if r.top_type else "—"),
            escape(f"{r.top_category} ({r.top_category_count})" if r.top_category else "—"),
            escape(" · ".join(f"“{t}”" for t in r.examples)),
        )
    out.print(table)
    if not s.rejections:
        return
    listed = Table(title=f"the {len(s.rejections)} newest")
    for col in ("said", "reason", "text", "detail", "turn"):
        listed.add_column(col)
    for x in s.rejections:
        turn = f"{x.conversation_id or '?'} / {x.turn_id or '?'}"
        listed.add_row(
            _when(x.said_at), escape(x.reason), escape(x.text), escape(x.detail), escape(turn)
        )
    out.print(listed)
