"""The people's commands (issue #44): ``preferences``, ``add preference``, ``delete
preference``, ``clear preferences``, ``privacy``, and ``serve`` (the REST service)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from contextos.cli_common import (
    DataDir,
    Store,
    User,
    err,
    open_read_only,
    out,
    reports_errors,
    settings_from,
    stopped_by_signal,
    user_from,
)
from contextos.errors import ConfigError
from contextos.models.preferences import Preference
from contextos.service import ContextOS

__all__ = [
    "add_app",
    "add_preference",
    "clear_app",
    "clear_preferences",
    "delete_app",
    "delete_preference",
    "preferences",
    "preferences_table",
    "privacy",
    "serve",
]

add_app = typer.Typer(help="Add something to a user's memory by hand.", no_args_is_help=True)
delete_app = typer.Typer(help="Delete one thing from a user's memory.", no_args_is_help=True)
clear_app = typer.Typer(help="Delete a kind of thing from a user's memory.", no_args_is_help=True)


def preferences_table(items: list[Preference], title: str) -> Table:
    table = Table(title=title)
    for col in ("id", "type", "value", "conf", "explicit", "active", "context"):
        table.add_column(col)
    for p in items:
        table.add_row(
            p.id,
            p.type,
            escape(p.value),
            f"{p.confidence:.2f}",
            "yes" if p.explicit else "no",
            "yes" if p.active else "no",
            escape(", ".join(p.context)),
        )
    return table


@reports_errors
def preferences(
    user: User = None,
    min_confidence: Annotated[float, typer.Option(help="only at least this confident")] = 0.0,
    all_: Annotated[bool, typer.Option("--all", help="include deactivated ones")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="JSON lines")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """List a user's preferences: set by hand (explicit) and read from conversations."""
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    with open_read_only(settings) as cx:
        items = cx.preferences(uid, min_confidence=min_confidence, active_only=not all_)
    if as_json:
        for p in items:
            print(p.model_dump_json())
        return
    out.print(preferences_table(items, f"{len(items)} preferences for {uid}"))


@add_app.command("preference")
@reports_errors
def add_preference(
    type_: Annotated[str, typer.Argument(metavar="TYPE", help="e.g. communication_style")],
    value: Annotated[str, typer.Argument(help="e.g. 'concise answers'")],
    confidence: Annotated[float | None, typer.Argument(help="0..1 (default 0.9)")] = None,
    context: Annotated[list[str] | None, typer.Option(help="where it applies (repeat)")] = None,
    user: User = None,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Add a preference (explicit). A similar one of the same type is merged into it."""
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    with ContextOS.from_settings(settings) as cx:
        change = cx.add_preference(uid, type_, value, confidence=confidence, context=context)
    p = change.preference
    verb = f"merged into {p.id} (similarity {change.similarity})" if change.merged else "added"
    out.print(f"{verb}: {p.id} {escape(p.type)} = {escape(p.value)} ({p.confidence:.2f})")


@delete_app.command("preference")
@reports_errors
def delete_preference(
    preference_id: Annotated[str, typer.Argument(metavar="ID")],
    user: User = None,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Delete one of the user's preferences by id."""
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    with open_read_only(settings) as cx:
        cx.delete_preference(uid, preference_id)
    out.print(f"deleted preference {preference_id}")


@clear_app.command("preferences")
@reports_errors
def clear_preferences(
    user: User = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="do not ask")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Delete all of the user's preferences (asks first)."""
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    if not yes and not typer.confirm(f"delete all preferences of {uid}?", default=False):
        err.print("nothing deleted")
        raise typer.Exit(1)
    with open_read_only(settings) as cx:
        n = cx.clear_preferences(uid)
    out.print(f"deleted {n} preference{'' if n == 1 else 's'} of {uid}")


@reports_errors
def privacy(
    user: User = None,
    opt_out: Annotated[
        bool | None,
        typer.Option("--opt-out/--opt-in", help="stop (or resume) extraction for the user"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Show a user's privacy settings, or opt them out of (or back into) extraction."""
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    with ContextOS.from_settings(settings, create=opt_out is not None) as cx:
        state = cx.set_opt_out(uid, opt_out) if opt_out is not None else cx.privacy(uid)
    if as_json:
        print(state.model_dump_json())
        return
    out.print(f"user {escape(uid)}: extraction {'OFF (opted out)' if state.opt_out else 'on'}")
    days = ", ".join(f"{k} {v}d" for k, v in state.retention_days.items()) or "none"
    out.print(f"retention: {days}; whole turns kept: {'yes' if state.keep_turn_text else 'no'}")


@reports_errors
def serve(
    host: Annotated[str | None, typer.Option(help="address (default 127.0.0.1)")] = None,
    port: Annotated[int | None, typer.Option(help="port (default 8742)")] = None,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Run the REST service (FastAPI; OpenAPI at /docs). Another address than loopback needs
    CONTEXTOS_API_TOKEN."""
    from contextos.api.server import serve as run

    settings = settings_from(data_dir, store)
    if port is not None and not 1 <= port <= 65535:
        raise ConfigError(f"--port {port}: not a port")
    with stopped_by_signal():
        run(settings, host=host, port=port)
