"""The commands that read a user's memory (``facts``, ``context``, ``brief``, ``stats``,
``rejections``), the graph's ``status``, and ``forget``, which deletes a user's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from contextos.cli_common import (
    DataDir,
    Store,
    User,
    err,
    open_for_user,
    open_read_only,
    out,
    parse_when,
    reports_errors,
    require_user,
    settings_from,
    unknown_user,
    user_from,
)
from contextos.context.batch import BatchQuery, read_batch
from contextos.errors import ConfigError

__all__ = ["LIST_LIMIT", "brief", "context", "facts", "forget", "rejections", "stats", "status"]


@reports_errors
def facts(
    user: User = None,
    as_of: Annotated[str | None, typer.Option(help="facts valid at this time")] = None,
    all_: Annotated[bool, typer.Option("--all", help="include superseded facts")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="JSON lines")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """List a user's facts with their evidence."""
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    when = parse_when(as_of) if as_of else None
    with open_for_user(settings, uid) as cx:
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


@reports_errors
def context(
    query: Annotated[str | None, typer.Argument(help="what the agent is about to answer")] = None,
    user: User = None,
    max_tokens: Annotated[int | None, typer.Option(help="token budget")] = None,
    agent_type: Annotated[str, typer.Option(help="agent type")] = "general",
    batch: Annotated[Path | None, typer.Option(help='JSONL of {"query": ...} lines')] = None,
    proactive: Annotated[
        bool, typer.Option(help="no query: what the agent type's template holds")
    ] = False,
    project: Annotated[str | None, typer.Option(help="keep one project's items")] = None,
    min_confidence: Annotated[float, typer.Option(help="drop less certain facts")] = 0.7,
    as_of: Annotated[str | None, typer.Option(help="the graph as it was then (ISO or 3d)")] = None,
    templates: Annotated[
        Path | None, typer.Option(help="custom agent-type templates (JSON)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Print the context injection for a query (or one JSON result per line with --batch)."""
    if proactive and query is None and batch is None:
        query = ""
    if (query is None) == (batch is None):
        raise ConfigError("give a QUERY, --batch FILE or --proactive (one of them)")
    when = parse_when(as_of) if as_of else None
    if max_tokens is not None and max_tokens < 1:
        raise ConfigError(f"--max-tokens must be a positive integer, not {max_tokens}")
    # the whole batch is checked before any query is answered: a bad line prints nothing
    queries = read_batch(batch) if batch is not None else [BatchQuery(0, query or "")]
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user) if any(q.user is None for q in queries) else ""
    budget = max_tokens or settings.max_tokens
    with open_read_only(settings) as cx:
        if templates is not None:
            cx.configure_retrieval(templates=templates)
        for q in queries:
            where = f"{batch} (line {q.line}): " if batch is not None and q.user else ""
            require_user(cx, settings, q.user or uid, where)
        for q in queries:
            res = cx.context(
                q.query,
                user=q.user or uid,
                agent_type=q.agent_type or agent_type,
                max_tokens=q.max_tokens or budget,
                project_filter=project,
                min_confidence=min_confidence,
                as_of=when,
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


@reports_errors
def brief(
    user: User = None,
    since: Annotated[str, typer.Option(help="start: 2026-03-01, ISO time, or 1d/12h")] = "1d",
    until: Annotated[str | None, typer.Option(help="end (default: now)")] = None,
    format: Annotated[
        str, typer.Option("--format", "-f", help="text, markdown, json or html (one page)")
    ] = "text",
    as_json: Annotated[bool, typer.Option("--json", help="print JSON (= --format json)")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """What changed for a user between two times: typed changes, ranked, with a summary."""
    from contextos.brief import FORMATS, render

    fmt = "json" if as_json else format
    if fmt not in FORMATS:
        raise ConfigError(f"--format {fmt!r}: use one of {', '.join(FORMATS)}")
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    start, end = parse_when(since), parse_when(until) if until else None
    with open_for_user(settings, uid) as cx:
        b = cx.brief(uid, since=start, until=end)
    print(render(b, fmt))


@reports_errors
def stats(
    user: User = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Facts, rejections and extraction metrics (calls, tokens, cost) per extractor."""
    from contextos.cli_stats import print_stats

    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    with open_for_user(settings, uid) as cx:
        result = cx.stats(uid)
    if as_json:
        print(result.model_dump_json(indent=2))
    else:
        print_stats(out, result)


#: rejections ``contextos rejections --list`` prints unless --limit says otherwise
LIST_LIMIT = 20


@reports_errors
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
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    with open_for_user(settings, uid) as cx:
        summary = cx.rejection_summary(uid, listed=listed)
    if as_json:
        print(summary.model_dump_json(indent=2))
    else:
        print_rejections(out, summary)


@reports_errors
def status(data_dir: DataDir = None, store: Store = None) -> None:
    """Where the data lives, which users it holds, and how big the graph is."""
    with open_read_only(settings_from(data_dir, store)) as cx:
        s = cx.status()
    out.print(f"store: {s['store']}  data dir: {s['data_dir']}", highlight=False)
    out.print(f"users: {', '.join(s['users']) or '(none)'}", highlight=False)
    for label, n in sorted(s["counts"].items()):
        out.print(f"  {label:<14} {n}", highlight=False)


@reports_errors
def forget(
    user: User = None,
    yes: Annotated[bool, typer.Option("--yes", help="do not ask")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Delete everything stored for a user."""
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    with open_read_only(settings) as cx:
        unknown = unknown_user(cx, settings, uid)
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
