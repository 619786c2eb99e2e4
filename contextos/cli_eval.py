"""``contextos eval``: extractors measured on gold data (``contextos.evaluation``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from contextos.cli_common import reports_errors
from contextos.errors import ConfigError, InputError
from contextos.extract import registry
from contextos.settings import load_settings

__all__ = ["eval_"]


@reports_errors
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
    brief: Annotated[
        bool,
        typer.Option(
            help="also ingest the scenarios into a fresh graph and score the brief against "
            "their gold briefs (recall, changes listed per gold change)"
        ),
    ] = True,
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
    settings = load_settings()
    reports = {}
    for k, name in enumerate(names):
        if len(names) > 1:
            print("\n" * (k > 0) + f"== extractor: {name} ==")
        reports[name] = run_eval(
            scenarios or None,
            spc,
            spc_rows=spc_rows,
            extractor=name,
            settings=settings,
            brief=brief,
        )
        print_report(reports[name], sys.stdout, verbose=verbose)
    if len(names) > 1:
        print("\n" + format_comparison(reports))
