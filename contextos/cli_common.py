"""What every ``contextos`` command shares: the consoles, the ``--data-dir`` / ``--store`` /
``--user`` options, settings and the user from flags and the environment, opening a graph
read-only, the unknown-user check, times on the command line, and how a
:class:`ContextOSError` becomes one ``error:`` line and an exit code."""

from __future__ import annotations

import functools
import re
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

import typer
from rich.console import Console
from rich.markup import escape

from contextos.errors import ConfigError, ContextOSError, InputError, PartialInputError
from contextos.models.user_id import check_user_id
from contextos.service import ContextOS
from contextos.settings import Settings, load_settings

__all__ = [
    "EXIT_PARTIAL",
    "DataDir",
    "Store",
    "User",
    "err",
    "exit_with",
    "fail",
    "open_read_only",
    "out",
    "parse_when",
    "reports_errors",
    "require_user",
    "settings_from",
    "stopped_by_signal",
    "unknown_user",
    "user_from",
]

out = Console()
err = Console(stderr=True)

DataDir = Annotated[
    Path | None, typer.Option("--data-dir", help="data directory [env CONTEXTOS_DATA_DIR]")
]
Store = Annotated[
    str | None,
    typer.Option(
        "--store",
        help="'embedded' (default), falkor://host:port or neo4j://user:pass@host:7687 "
        "(bolt://, neo4j+s://) [env CONTEXTOS_STORE]",
    ),
]
User = Annotated[str | None, typer.Option("--user", "-u", help="user id [env CONTEXTOS_USER]")]


def settings_from(
    data_dir: Path | None, store: str | None, extractor: str | None = None
) -> Settings:
    overrides: dict[str, Any] = {}
    if data_dir is not None:
        overrides["data_dir"] = data_dir
    if store is not None:
        overrides["store"] = store
    if extractor is not None:
        overrides["extractor"] = extractor
    return load_settings(**overrides)


def user_from(settings: Settings, user: str | None) -> str:
    chosen = user or settings.user
    if not chosen:
        raise ConfigError("no user given: pass --user NAME (or set CONTEXTOS_USER)")
    return check_user_id(chosen)


def open_read_only(settings: Settings) -> ContextOS:
    """The graph the settings name, for a command that only reads it (or deletes from it): a
    data directory that holds no graph is an error, and nothing is created or started."""
    return ContextOS.from_settings(settings, create=False)


def _where(settings: Settings) -> str:
    """The data directory, or the server of a remote store (without its credentials)."""
    if settings.store in ("", "embedded"):
        return str(settings.data_dir)
    parts = urlsplit(settings.store)
    return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()


def unknown_user(cx: ContextOS, settings: Settings, uid: str) -> str | None:
    """Why ``uid`` is no user of this graph ("no data for user ... known users: ..."), or None
    when the graph holds data for them."""
    known = cx.users()
    if uid in known:
        return None
    listed = ", ".join(known[:20]) + (f" and {len(known) - 20} more" if len(known) > 20 else "")
    return f"no data for user {uid!r} in {_where(settings)}; known users: {listed or '(none)'}"


@contextmanager
def open_for_user(settings: Settings, uid: str) -> Iterator[ContextOS]:
    """The graph, read-only (:func:`open_read_only`), for a command about ``uid``: exit 1
    when it holds no data for them (:func:`require_user`)."""
    with open_read_only(settings) as cx:
        require_user(cx, settings, uid)
        yield cx


def require_user(cx: ContextOS, settings: Settings, uid: str, where: str = "") -> None:
    """Stop with exit code 1 when the graph holds no data for ``uid``: for a script, a
    mistyped user id must not look like a user with nothing to say."""
    problem = unknown_user(cx, settings, uid)
    if problem:
        exit_with(f"{where}{problem} (check the user id, or ingest their data first)", 1)


#: exit code of a run that wrote what came before damaged input and read nothing past it
EXIT_PARTIAL = 3


def fail(exc: BaseException) -> None:
    if isinstance(exc, PartialInputError):
        code = EXIT_PARTIAL
    else:
        code = 2 if isinstance(exc, InputError | ConfigError) else 1
    exit_with(str(exc), code)


def exit_with(message: str, code: int) -> None:
    message = " ".join(message.split())  # one line, whatever the wrapped library said
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def reports_errors(command: Callable[..., None]) -> Callable[..., None]:
    """A command's ContextOSError becomes one ``error:`` line and exit code 2 (bad input or
    usage), 3 (input that broke part-way) or 1 (anything else), never a traceback."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> None:
        try:
            command(*args, **kwargs)
        except ContextOSError as exc:
            fail(exc)

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


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextmanager
def stopped_by_signal() -> Iterator[None]:
    """A long-running service (``serve``, ``mcp``) stopped on purpose, by Ctrl-C / SIGINT or
    by SIGTERM (what ``kill`` and service managers send), shuts down cleanly: the server
    finishes, the store is closed (this process's lease on the data directory's embedded
    server given back) and the command exits 0. SIGTERM is read as an interrupt for that; a
    web server that catches it itself re-raises it once it has shut down, which lands here."""
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
