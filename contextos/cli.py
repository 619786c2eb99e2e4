"""The ``contextos`` command line (typer + rich).

Every command builds :class:`~contextos.settings.Settings` from the environment
(``CONTEXTOS_*``) and its flags, opens the facade, and turns a :class:`ContextOSError` into one
clear line on stderr and a non-zero exit: 2 for bad input or usage (nothing written), 3 for
input that broke part-way (:class:`PartialInputError`: what came before the damage was
written), 1 for anything else.
"""

from __future__ import annotations

import sys

import typer

from contextos.cli_chat import chat
from contextos.cli_common import EXIT_PARTIAL, err, parse_when
from contextos.cli_demo import demo
from contextos.cli_eval import eval_
from contextos.cli_ingest import ingest
from contextos.cli_mcp import mcp
from contextos.cli_preferences import add_app, clear_app, delete_app, preferences, privacy, serve
from contextos.cli_read import (
    LIST_LIMIT,
    brief,
    context,
    facts,
    forget,
    rejections,
    stats,
    status,
)
from contextos.cli_state import state

__all__ = [
    "EXIT_PARTIAL",
    "LIST_LIMIT",
    "app",
    "brief",
    "context",
    "demo",
    "eval_",
    "facts",
    "forget",
    "ingest",
    "main",
    "mcp",
    "parse_when",
    "rejections",
    "state",
    "stats",
    "status",
]

app = typer.Typer(
    name="contextos",
    help="A memory layer for AI assistants: chat exports in, grounded facts, briefs and "
    "context out.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# the order ``contextos --help`` lists them in; each command lives in the module named for it
app.command()(ingest)
app.command()(facts)
app.command()(context)
app.command()(brief)
app.command()(state)
app.command()(stats)
app.command()(rejections)
app.command()(status)
app.command()(forget)
app.command()(demo)
app.command()(mcp)
app.command("eval")(eval_)
# the people's commands and the service (issue #44)
app.command()(serve)
app.command()(chat)
app.command()(preferences)
app.command()(privacy)
app.add_typer(add_app, name="add")
app.add_typer(delete_app, name="delete")
app.add_typer(clear_app, name="clear")


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
