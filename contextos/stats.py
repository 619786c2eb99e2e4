"""Aggregations behind ``ContextOS.stats`` and ``ContextOS.rejection_summary`` (issue #39):
pure functions over what the store read (fact and rejection counts, rejections, run records)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from contextos.models.metrics import ExtractorMetrics
from contextos.models.stats import (
    ExtractorStats,
    FactCount,
    ReasonSummary,
    RejectionCount,
    RejectionSummary,
    RunRecord,
    StoredRejection,
    UserStats,
)

__all__ = ["newest_first", "summarise_rejections", "user_stats"]

#: example texts per reason in a rejection summary
EXAMPLES = 2


def user_stats(
    user_id: str,
    facts: Iterable[FactCount],
    rejections: Iterable[RejectionCount],
    runs: Sequence[RunRecord],
) -> UserStats:
    """A user's facts and rejections by extractor, and the totals of their runs' metrics."""
    by_name: dict[str, ExtractorStats] = {}

    def of(name: str) -> ExtractorStats:
        return by_name.setdefault(name, ExtractorStats(extractor=name))

    for f in facts:
        e = of(f.extractor)
        if f.current:
            e.facts_current += f.count
        else:
            e.facts_superseded += f.count
        e.facts_total += f.count
    for r in rejections:
        e = of(r.extractor)
        e.rejected[r.reason] = e.rejected.get(r.reason, 0) + r.count
        e.rejected_total += r.count
    ordered = sorted(runs, key=lambda run: run.started_at)
    for run in ordered:
        for name in {run.extractor, *(m.extractor for m in run.extractors)}:
            e = of(name)
            e.runs += 1
            e.last_run_at = run.finished_at
        for m in run.extractors:
            _add_metrics(of(m.extractor), m)
    stats = UserStats(
        user_id=user_id,
        runs=len(ordered),
        first_run_at=ordered[0].started_at if ordered else None,
        last_run_at=ordered[-1].finished_at if ordered else None,
        last_run=ordered[-1] if ordered else None,
        extractors=sorted(by_name.values(), key=lambda e: (-e.facts_total, e.extractor)),
    )
    for e in stats.extractors:
        stats.facts_current += e.facts_current
        stats.facts_superseded += e.facts_superseded
        stats.facts_total += e.facts_total
        stats.rejected_total += e.rejected_total
        for reason, n in e.rejected.items():
            stats.rejected[reason] = stats.rejected.get(reason, 0) + n
    stats.rejected = _by_count(stats.rejected)
    for e in stats.extractors:
        e.rejected = _by_count(e.rejected)
    return stats


def _add_metrics(into: ExtractorStats, m: ExtractorMetrics) -> None:
    if into.metrics is None:
        into.metrics = ExtractorMetrics(extractor=into.extractor)
    total = into.metrics
    total.merge(m)  # calls, retries, tokens, seconds, cost, windows, proposed, own rejections
    total.facts_stored += m.facts_stored
    total.facts_rejected = dict(Counter(total.facts_rejected) + Counter(m.facts_rejected))


def _by_count(counts: dict[str, int]) -> dict[str, int]:
    """Most common first, then by name: the order a reader scans them in."""
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _most_common(values: Iterable[str | None]) -> tuple[str | None, int]:
    """The most common value that is not None (ties: the first by name), and its count."""
    counts = Counter(v for v in values if v)
    if not counts:
        return None, 0
    value, n = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return value, n


def newest_first(rejections: Iterable[StoredRejection]) -> list[StoredRejection]:
    """Newest turn first; rejections of turns without a time last; then a stable order."""
    oldest = datetime.min.replace(tzinfo=UTC)
    ordered = sorted(rejections, key=lambda r: (r.conversation_id or "", r.turn_id or "", r.id))
    return sorted(ordered, key=lambda r: r.said_at or oldest, reverse=True)


def summarise_rejections(
    user_id: str, rejections: Sequence[StoredRejection], listed: int | None = 0
) -> RejectionSummary:
    """Per reason (most common first): count, share of all rejections, the most common type
    and category, and up to :data:`EXAMPLES` distinct texts (newest first). ``listed``: how
    many of the individual rejections to keep in the summary, newest first (None: all)."""
    ordered = newest_first(rejections)
    total = len(ordered)
    groups: dict[str, list[StoredRejection]] = {}
    for r in ordered:
        groups.setdefault(r.reason, []).append(r)
    reasons = []
    for reason, rows in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        top_type, type_n = _most_common(r.type for r in rows)
        top_category, category_n = _most_common(r.category for r in rows)
        examples: list[str] = []
        for r in rows:
            if r.text and r.text not in examples:
                examples.append(r.text)
            if len(examples) == EXAMPLES:
                break
        reasons.append(
            ReasonSummary(
                reason=reason,
                count=len(rows),
                share=len(rows) / total,
                top_type=top_type,
                top_type_count=type_n,
                top_category=top_category,
                top_category_count=category_n,
                extractors=_by_count(Counter(r.extractor for r in rows)),
                examples=examples,
            )
        )
    return RejectionSummary(
        user_id=user_id,
        total=total,
        top_type=_most_common(r.type for r in ordered)[0],
        reasons=reasons,
        rejections=ordered if listed is None else ordered[: max(listed, 0)],
    )
