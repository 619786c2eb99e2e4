"""``contextos demo``: the bundled sample exports ingested, then a brief and a context."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Annotated

import typer

from contextos.cli_common import DataDir, out, reports_errors, settings_from
from contextos.cli_ingest import print_ingest_report, progress_bar
from contextos.service import ContextOS

__all__ = ["demo"]


@reports_errors
def demo(
    data_dir: DataDir = None,
    query: Annotated[str, typer.Option(help="the sample query")] = (
        "What is blocking the billing migration, and who should I talk to?"
    ),
) -> None:
    """Ingest the bundled sample exports, then print a brief and an injected context."""
    from contextos.samples import DEMO_USER, DEMO_USER_NAME, sample_paths

    settings = settings_from(data_dir, None)
    with ContextOS.from_settings(settings) as cx:
        paths = sample_paths()
        out.rule("ingest")
        out.print("samples: " + ", ".join(p.name for p in paths), highlight=False)
        with progress_bar(False) as on_progress:
            report = cx.ingest(
                paths, user=DEMO_USER, user_name=DEMO_USER_NAME, progress=on_progress
            )
        print_ingest_report(report)
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
