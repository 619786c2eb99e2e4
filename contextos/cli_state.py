"""``contextos state``: entities' current state, or their state at a past time."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from contextos.cli_common import (
    DataDir,
    Store,
    User,
    open_for_user,
    out,
    parse_when,
    reports_errors,
    settings_from,
    user_from,
)
from contextos.errors import ConfigError
from contextos.models.entities import EntityState

__all__ = ["state"]

_FORMATS = ("text", "json")


def _rows(states: list[EntityState]) -> Table:
    table = Table(title="entity state" + (f" as of {states[0].as_of:%Y-%m-%d %H:%M}"
                                          if states and states[0].as_of else ""))  # fmt: skip
    for col in ("entity", "type", "field", "value", "since", "fact"):
        table.add_column(col)
    for s in states:
        for i, (name, v) in enumerate(sorted(s.fields.items())):
            since = v.since.strftime("%Y-%m-%d") if v.since else ""
            table.add_row(
                s.entity_name if i == 0 else "",
                (s.entity_type or "") if i == 0 else "",
                name,
                v.value,
                since,
                v.fact_id[:10],
            )
    return table


@reports_errors
def state(
    entity: Annotated[
        str | None, typer.Argument(help="an entity's name, alias or id (default: every entity)")
    ] = None,
    user: User = None,
    as_of: Annotated[
        str | None, typer.Option(help="the state at this time: 2026-03-01, ISO time, or 7d")
    ] = None,
    format: Annotated[str, typer.Option("--format", "-f", help="text or json")] = "text",
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """Entities' single-valued attributes (status, manager, role, dates...) now or at a time."""
    if format not in _FORMATS:
        raise ConfigError(f"--format {format!r}: use one of {', '.join(_FORMATS)}")
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    when = parse_when(as_of) if as_of else None
    with open_for_user(settings, uid) as cx:
        if entity is not None:
            states = [cx.entity_state(uid, entity, as_of=when)]
        else:
            states = [s for s in cx.states(uid, as_of=when) if s.fields]
    if format == "json":
        payload = [s.model_dump(mode="json") for s in states]
        print(json.dumps(payload[0] if entity is not None else payload, indent=2,
                         ensure_ascii=False))  # fmt: skip
        return
    if entity is not None and not states[0].fields:
        out.print(f"{states[0].entity_name}: no state" + (f" at {as_of}" if as_of else ""))
        return
    out.print(_rows(states))
