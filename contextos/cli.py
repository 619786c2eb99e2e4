"""The ``contextos`` command line (typer + rich).

Every command builds :class:`~contextos.settings.Settings` from the environment
(``CONTEXTOS_*``) and its flags, opens the facade, and turns a :class:`ContextOSError` into one
clear line on stderr and a non-zero exit: 2 for bad input or usage (nothing written), 3 for
input that broke part-way (:class:`PartialInputError`: what came before the damage was
written), 1 for anything else.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

import typer
from rich.console import Console
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

from contextos.context.batch import BatchQuery, read_batch
from contextos.errors import (
    ConfigError,
    ContextOSError,
    IngestUnfinished,
    InputError,
    PartialInputError,
)
from contextos.extract import registry
from contextos.ingest import FORMATS
from contextos.models.user_id import check_user_id
from contextos.service import ContextOS, IngestProgress
from contextos.settings import Settings

app = typer.Typer(
    name="contextos",
    help="A memory layer for AI assistants: chat exports in, grounded facts, briefs and "
    "context out.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console()
err = Console(stderr=True)

DataDir = Annotated[
    Path | None, typer.Option("--data-dir", help="data directory [env CONTEXTOS_DATA_DIR]")
]
Store = Annotated[
    str | None,
    typer.Option("--store", help="'embedded' (default), falkor://host:port [env CONTEXTOS_STORE]"),
]
User = Annotated[str | None, typer.Option("--user", "-u", help="user id [env CONTEXTOS_USER]")]


def _settings(data_dir: Path | None, store: str | None, extractor: str | None = None) -> Settings:
    overrides: dict[str, Any] = {}
    if data_dir is not None:
        overrides["data_dir"] = data_dir
    if store is not None:
        overrides["store"] = store
    if extractor is not None:
        overrides["extractor"] = extractor
    return Settings(**overrides)


def _user(settings: Settings, user: str | None) -> str:
    chosen = user or settings.user
    if not chosen:
        raise ConfigError("no user given: pass --user NAME (or set CONTEXTOS_USER)")
    return check_user_id(chosen)


def _read_only(settings: Settings) -> ContextOS:
    """The graph the settings name, for a command that only reads it (or deletes from it): a
    data directory that holds no graph is an error, and nothing is created or started."""
    return ContextOS.from_settings(settings, create=False)


def _where(settings: Settings) -> str:
    """The data directory, or the server of a remote store (without its credentials)."""
    if settings.store in ("", "embedded"):
        return str(settings.data_dir)
    parts = urlsplit(settings.store)
    return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()


def _unknown(cx: ContextOS, settings: Settings, uid: str) -> str | None:
    """Why ``uid`` is no user of this graph ("no data for user ... known users: ..."), or None
    when the graph holds data for them."""
    known = cx.users()
    if uid in known:
        return None
    listed = ", ".join(known[:20]) + (f" and {len(known) - 20} more" if len(known) > 20 else "")
    return f"no data for user {uid!r} in {_where(settings)}; known users: {listed or '(none)'}"


def _require_user(cx: ContextOS, settings: Settings, uid: str, where: str = "") -> None:
    """Stop with exit code 1 when the graph holds no data for ``uid``: for a script, a
    mistyped user id must not look like a user with nothing to say."""
    problem = _unknown(cx, settings, uid)
    if problem:
        _exit(f"{where}{problem} (check the user id, or ingest their data first)", 1)


#: exit code of a run that wrote what came before damaged input and read nothing past it
EXIT_PARTIAL = 3


def _fail(exc: BaseException) -> None:
    if isinstance(exc, PartialInputError):
        code = EXIT_PARTIAL
    else:
        code = 2 if isinstance(exc, InputError | ConfigError) else 1
    _exit(str(exc), code)


def _exit(message: str, code: int) -> None:
    message = " ".join(message.split())  # one line, whatever the wrapped library said
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def _reports_errors(command: Callable[..., None]) -> Callable[..., None]:
    """A command's ContextOSError becomes one ``error:`` line and exit code 2 (bad input or
    usage), 3 (input that broke part-way) or 1 (anything else), never a traceback."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> None:
        try:
            command(*args, **kwargs)
        except ContextOSError as exc:
            _fail(exc)

    return run


def parse_when(value: str) -> datetime:
    """ISO date/datetime, or a relative '7d' / '12h' / '30m' ago."""
    m = re.fullmatch(r"\s*(\d+)\s*([dhm])\s*", value)
    if m:
        unit = {"d": "days", "h": "hours", "m": "minutes"}[m.group(2)]
        return datetime.now(UTC) - timedelta(**{unit: int(m.group(1))})
    try:
        t = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise ConfigError(
            f"cannot read the time {value!r}: use 2026-03-01, an ISO datetime, or 7d / 12h"
        ) from exc
    return t if t.tzinfo else t.replace(tzinfo=UTC)


# -- ingest -----------------------------------------------------------------------


@app.command()
@_reports_errors
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
        settings = _settings(data_dir, store, extractor)
        uid = _user(settings, user)
        registry.entry(settings.extractor)  # an unknown name fails before anything opens
        with ContextOS.from_settings(settings) as cx, _progress(quiet) as on_progress:
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
            _print_report(exc.report)
        _fail(exc)  # exit 1, naming the conversations the next run will do
    _print_report(report)


@contextmanager
def _progress(quiet: bool) -> Iterator[Any]:
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


def _print_report(report: Any) -> None:
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


# -- read ---------------------------------------------------------------------------


@app.command()
@_reports_errors
def facts(
    user: User = None,
    as_of: Annotated[str | None, typer.Option(help="facts valid at this time")] = None,
    all_: Annotated[bool, typer.Option("--all", help="include superseded facts")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="JSON lines")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """List a user's facts with their evidence."""
    settings = _settings(data_dir, store)
    uid = _user(settings, user)
    when = parse_when(as_of) if as_of else None
    with _read_only(settings) as cx:
        _require_user(cx, settings, uid)
        items = cx.facts(uid, as_of=when, include_superseded=all_)
    if as_json:
        for f in items:
            print(f.model_dump_json())
        return
    table = Table(title=f"{len(items)} facts for {uid}")
    for col in ("fact", "type", "category", "conf", "since", "evidence"):
        table.add_column(col)
    for f in items:
        since = f.valid_from.strftime("%Y-%m-%d") if f.valid_from else ""
        text = f.text if f.is_current else f"[strike]{f.text}[/]"
        table.add_row(
            text, f.type.value, f.category, f"{f.confidence:.2f}", since, f"“{f.evidence}”"
        )
    out.print(table)


@app.command()
@_reports_errors
def context(
    query: Annotated[str | None, typer.Argument(help="what the agent is about to answer")] = None,
    user: User = None,
    max_tokens: Annotated[int | None, typer.Option(help="token budget")] = None,
    agent_type: Annotated[str, typer.Option(help="agent type")] = "general",
    batch: Annotated[Path | None, typer.Option(help='JSONL of {"query": ...} lines')] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Print the context injection for a query (or one JSON result per line with --batch)."""
    if (query is None) == (batch is None):
        raise ConfigError("give a QUERY or --batch FILE (one of them)")
    if max_tokens is not None and max_tokens < 1:
        raise ConfigError(f"--max-tokens must be a positive integer, not {max_tokens}")
    # the whole batch is checked before any query is answered: a bad line prints nothing
    queries = read_batch(batch) if batch is not None else [BatchQuery(0, query or "")]
    settings = _settings(data_dir, store)
    uid = _user(settings, user) if any(q.user is None for q in queries) else ""
    budget = max_tokens or settings.max_tokens
    with _read_only(settings) as cx:
        for q in queries:
            where = f"{batch} (line {q.line}): " if batch is not None and q.user else ""
            _require_user(cx, settings, q.user or uid, where)
        for q in queries:
            res = cx.context(
                q.query,
                user=q.user or uid,
                agent_type=q.agent_type or agent_type,
                max_tokens=q.max_tokens or budget,
            )
            if batch is not None or as_json:
                line = res.model_dump(mode="json")
                if q.id is not None:
                    line["id"] = q.id
                print(json.dumps(line, ensure_ascii=False))
            else:
                print(res.injection)
                err.print(
                    f"[dim]{res.token_count}/{res.max_tokens} tokens · {len(res.sources)} items[/]"
                )


@app.command()
@_reports_errors
def brief(
    user: User = None,
    since: Annotated[str, typer.Option(help="start: 2026-03-01, ISO time, or 1d/12h")] = "1d",
    until: Annotated[str | None, typer.Option(help="end (default: now)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """What changed for a user between two times."""
    settings = _settings(data_dir, store)
    uid = _user(settings, user)
    start, end = parse_when(since), parse_when(until) if until else None
    with _read_only(settings) as cx:
        _require_user(cx, settings, uid)
        b = cx.brief(uid, since=start, until=end)
    if as_json:
        print(b.model_dump_json(indent=2))
    else:
        print(b.summary)


@app.command()
@_reports_errors
def stats(
    user: User = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Facts, rejections and extraction metrics (calls, tokens, cost) per extractor."""
    from contextos.cli_stats import print_stats

    settings = _settings(data_dir, store)
    uid = _user(settings, user)
    with _read_only(settings) as cx:
        _require_user(cx, settings, uid)
        result = cx.stats(uid)
    if as_json:
        print(result.model_dump_json(indent=2))
    else:
        print_stats(out, result)


#: rejections ``contextos rejections --list`` prints unless --limit says otherwise
LIST_LIMIT = 20


@app.command()
@_reports_errors
def rejections(
    user: User = None,
    list_: Annotated[
        bool, typer.Option("--list", help="also list the rejections, newest first")
    ] = False,
    limit: Annotated[
        int | None, typer.Option(help=f"how many --list prints (default {LIST_LIMIT})")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Why a user's candidate facts were rejected: share per reason, most common type."""
    from contextos.cli_stats import print_rejections

    if limit is not None and limit < 1:
        raise ConfigError(f"--limit must be a positive integer, not {limit}")
    listed = (limit or LIST_LIMIT) if list_ or limit is not None else 0
    settings = _settings(data_dir, store)
    uid = _user(settings, user)
    with _read_only(settings) as cx:
        _require_user(cx, settings, uid)
        summary = cx.rejection_summary(uid, listed=listed)
    if as_json:
        print(summary.model_dump_json(indent=2))
    else:
        print_rejections(out, summary)


@app.command()
@_reports_errors
def status(data_dir: DataDir = None, store: Store = None) -> None:
    """Where the data lives, which users it holds, and how big the graph is."""
    with _read_only(_settings(data_dir, store)) as cx:
        s = cx.status()
    out.print(f"store: {s['store']}  data dir: {s['data_dir']}", highlight=False)
    out.print(f"users: {', '.join(s['users']) or '(none)'}", highlight=False)
    for label, n in sorted(s["counts"].items()):
        out.print(f"  {label:<14} {n}", highlight=False)


@app.command()
@_reports_errors
def forget(
    user: User = None,
    yes: Annotated[bool, typer.Option("--yes", help="do not ask")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Delete everything stored for a user."""
    settings = _settings(data_dir, store)
    uid = _user(settings, user)
    with _read_only(settings) as cx:
        unknown = _unknown(cx, settings, uid)
        if unknown:  # nothing to delete: done, as a second forget of the same user is
            err.print(
                f"[yellow]warning:[/] {escape(unknown)}; nothing to forget",
                highlight=False,
                soft_wrap=True,
            )
            return
        if not yes and not typer.confirm(f"delete all memory of {uid}?"):
            raise typer.Exit(1)
        n = cx.forget(uid)
    out.print(f"removed {n} nodes for {uid}")


@app.command()
@_reports_errors
def demo(
    data_dir: DataDir = None,
    query: Annotated[str, typer.Option(help="the sample query")] = (
        "What is blocking the billing migration, and who should I talk to?"
    ),
) -> None:
    """Ingest the bundled sample exports, then print a brief and an injected context."""
    from contextos.samples import DEMO_USER, DEMO_USER_NAME, sample_paths

    settings = _settings(data_dir, None)
    with ContextOS.from_settings(settings) as cx:
        paths = sample_paths()
        out.rule("ingest")
        out.print("samples: " + ", ".join(p.name for p in paths), highlight=False)
        with _progress(False) as on_progress:
            report = cx.ingest(
                paths, user=DEMO_USER, user_name=DEMO_USER_NAME, progress=on_progress
            )
        _print_report(report)
        history = cx.facts(DEMO_USER, include_superseded=True)
        stamps = sorted(f.valid_from for f in history if f.valid_from)
        since = stamps[len(stamps) // 2] if stamps else datetime.now(UTC) - timedelta(days=7)
        out.rule(f"morning brief since {since:%Y-%m-%d}")
        print(cx.brief(DEMO_USER, since=since).summary)
        out.rule(f"context for: {query}")
        res = cx.context(query, user=DEMO_USER, max_tokens=settings.max_tokens)
        print(res.injection)
        out.print(
            f"[dim]{res.token_count}/{res.max_tokens} tokens · sources: "
            + ", ".join(f"{s.type}:{s.id[:8]}→{','.join(s.turn_ids)}" for s in res.sources[:6])
            + "[/]",
            highlight=False,
        )


@app.command("eval")
@_reports_errors
def eval_(
    scenarios: Annotated[
        list[Path] | None,
        typer.Option(
            help="folder of gold scenario JSON files, or one file; repeat it to measure several "
            "as one set (e.g. the unread half of a held-out folder)"
        ),
    ] = None,
    spc: Annotated[Path | None, typer.Option(help="Synthetic-Persona-Chat CSV")] = None,
    spc_rows: Annotated[int, typer.Option(help="SPC rows to evaluate")] = 200,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="list misses")] = False,
    extractor: Annotated[
        list[str] | None,
        typer.Option(
            help="extractor or strategy to measure; repeat it to compare several, one report "
            "each (default: local)"
        ),
    ] = None,
) -> None:
    """Measure extractors on gold data (recall, precision, traps, turns/s)."""
    from contextos.evaluation import print_report, run_eval
    from contextos.evaluation.report import format_comparison

    if not scenarios and spc is None:
        raise ConfigError("give --scenarios DIR and/or --spc FILE")
    for p in [*(scenarios or []), spc]:
        if p is not None and not p.exists():
            raise InputError(str(p), "no such file or directory")
    names = extractor or [registry.DEFAULT]
    for name in names:
        registry.entry(name)  # every name is known before the first (long) run
    settings = Settings()
    reports = {}
    for k, name in enumerate(names):
        if len(names) > 1:
            print("\n" * (k > 0) + f"== extractor: {name} ==")
        reports[name] = run_eval(
            scenarios or None, spc, spc_rows=spc_rows, extractor=name, settings=settings
        )
        print_report(reports[name], sys.stdout, verbose=verbose)
    if len(names) > 1:
        print("\n" + format_comparison(reports))


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
