"""``contextos mcp``: serve one user's memory to an agent over MCP (stdio by default)."""

from __future__ import annotations

from typing import Annotated

import typer

from contextos.cli_common import (
    DataDir,
    Store,
    User,
    reports_errors,
    settings_from,
    stopped_by_signal,
    user_from,
)
from contextos.errors import ConfigError

__all__ = ["mcp"]


@reports_errors
def mcp(
    user: User = None,
    transport: Annotated[
        str, typer.Option(help="stdio (an agent starts the server) or http (streamable HTTP)")
    ] = "stdio",
    host: Annotated[str, typer.Option(help="http: address to bind")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="http: port")] = 8743,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Serve a user's memory as MCP tools (get_context, search_facts, add_fact, forget_fact,
    brief, ingest_transcript), every tool scoped to that user."""
    from contextos.mcp_server import TRANSPORTS, serve
    from contextos.service import ContextOS

    if transport not in TRANSPORTS:
        raise ConfigError(f"--transport {transport!r}: use {' or '.join(TRANSPORTS)}")
    if transport == "http" and host not in ("127.0.0.1", "localhost", "::1"):
        raise ConfigError(
            f"--host {host!r}: the MCP server has no authentication; it binds loopback only"
        )
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    with stopped_by_signal(), ContextOS.from_settings(settings) as cx:
        serve(cx, uid, transport, host=host, port=port)
