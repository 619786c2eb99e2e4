"""``contextos ingest``, and what an ingest run shows: its progress bar and its report."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from contextos.cli_common import (
    DataDir,
    Store,
    User,
    err,
    fail,
    out,
    parse_when,
    reports_errors,
    settings_from,
    user_from,
)
from contextos.errors import IngestUnfinished, InputError
from contextos.extract import registry
from contextos.ingest import FORMATS
from contextos.service import ContextOS, IngestProgress

__all__ = ["ingest", "print_ingest_report", "progress_bar"]


@reports_errors
def ingest(
    paths: Annotated[list[Path], typer.Argument(help="export files, zips or folders")],
    user: User = None,
    user_name: Annotated[str | None, typer.Option(help="the user's display name")] = None,
    format: Annotated[
        str | None,
        typer.Option("--format", help="force a format: " + ", ".join(FORMATS)),
    ] = None,
    since: Annotated[str | None, typer.Option(help="only conversations from this time")] = None,
    until: Annotated[str | None, typer.Option(help="only conversations up to this time")] = None,
    title: Annotated[
        str | None,
        typer.Option(help="only conversations whose title matches a glob, or 're:REGEX'"),
    ] = None,
    exclude_assistant: Annotated[bool, typer.Option(help="drop assistant turns")] = False,
    allow_partial: Annotated[
        bool,
        typer.Option(
            help="accept a file that breaks part-way (truncated, corrupt): keep what came "
            "before the damage, warn, exit 0 (without it: exit 3)"
        ),
    ] = False,
    extractor: Annotated[
        str | None,
        typer.Option(
            help="extractor or strategy (CONTEXTOS_EXTRACTOR; default local): "
            + ", ".join(registry.names())
        ),
    ] = None,
    data_dir: DataDir = None,
    store: Store = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")] = False,
) -> None:
    """Ingest chat exports (format auto-detected). Re-running is safe and resumes."""
    from contextos.ingest import ParseOptions

    try:
        missing = [p for p in paths if not p.exists()]
        if missing:
            raise InputError(str(missing[0]), "no such file or directory")
        options = ParseOptions(
            since=parse_when(since) if since else None,
            until=parse_when(until) if until else None,
            title_pattern=title,
            exclude_assistant=exclude_assistant,
        )
        settings = settings_from(data_dir, store, extractor)
        uid = user_from(settings, user)
        registry.entry(settings.extractor)  # an unknown name fails before anything opens
        with ContextOS.from_settings(settings) as cx, progress_bar(quiet) as on_progress:
            report = cx.ingest(
                paths,
                user=uid,
                user_name=user_name,
                format=format,
                options=options,
                progress=on_progress,
                allow_partial=allow_partial,
            )
    except KeyboardInterrupt:
        err.print(
            "interrupted: every conversation written so far is complete; "
            "run the same command again to resume",
            soft_wrap=True,
        )
        raise typer.Exit(130) from None
    except IngestUnfinished as exc:
        if exc.report is not None:
            print_ingest_report(exc.report)
        fail(exc)  # exit 1, naming the conversations the next run will do
    print_ingest_report(report)


@contextmanager
def progress_bar(quiet: bool) -> Iterator[Any]:
    if quiet or not sys.stderr.isatty() and not sys.stdout.isatty():
        yield None
        return
    columns = (
        TextColumn("[bold]ingesting"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=False) as bar:
        task = bar.add_task("ingest", total=None, rate="")
        start = datetime.now(UTC)

        def on_progress(p: IngestProgress) -> None:
            secs = max((datetime.now(UTC) - start).total_seconds(), 1e-6)
            rate = f"{p.conversations / secs:.1f} conv/s · {p.turns / secs:.0f} turns/s"
            if p.bytes_total:
                bar.update(task, total=p.bytes_total, completed=p.bytes_done or 0, rate=rate)
            else:
                bar.update(task, completed=p.conversations, rate=rate)

        yield on_progress


def print_ingest_report(report: Any) -> None:
    table = Table(title=f"ingested for {report.user_id} in {report.duration_s:.1f}s")
    for col in ("format", "files", "conversations", "turns", "skipped"):
        table.add_column(col, justify="right" if col != "format" else "left")
    for name, s in sorted(report.by_format.items()):
        table.add_row(name, str(s.files), str(s.conversations), str(s.turns), str(s.skipped))
    out.print(table)
    rejected = ", ".join(f"{k} {v}" for k, v in sorted(report.facts_rejected.items())) or "none"
    out.print(
        f"conversations {report.conversations} ({report.conversations_skipped_unchanged} "
        f"unchanged, skipped) · turns {report.turns} · facts stored {report.facts_stored} · "
        f"merged {report.facts_merged} · superseded {report.facts_superseded} · "
        + (f"taken back {report.facts_ended} · " if report.facts_ended else "")
        + f"entities {report.entities_stored}\nrejected: {rejected}",
        highlight=False,
    )
    for m in report.extractors:
        if m.calls or m.facts_proposed:  # an LLM's spend
            line = (
                f"{m.calls} calls · {m.tokens_in} tokens in, {m.tokens_out} out · "
                f"{m.seconds:.1f}s · cost {m.cost:.4f} · facts proposed {m.facts_proposed}, "
                f"stored {m.facts_stored}"
            )
            if m.entities_proposed or m.relations_proposed:
                line += (
                    f" · entities proposed {m.entities_proposed}, relations {m.relations_proposed}"
                )
        else:  # a strategy's: how it shared the windows out
            line = f"{m.windows} windows · stored {m.facts_stored}"
            if m.windows_escalated:
                line += f" · sent on {m.windows_escalated} ({m.windows_escalated / m.windows:.0%})"
            if m.windows_fallen_back:
                line += f" · fell back on {m.windows_fallen_back}"
        out.print(f"extractor {m.extractor}: {line}", highlight=False)
    for w in report.warnings[:20]:
        where = f" ({w.where})" if w.where else ""
        err.print(
            f"[yellow]warning:[/] {escape(w.path)}{escape(where)}: {escape(w.problem)}",
            highlight=False,
            soft_wrap=True,  # one line each, whatever the terminal's width
        )
    if len(report.warnings) > 20:
        err.print(f"[yellow]… and {len(report.warnings) - 20} more warnings[/]")
