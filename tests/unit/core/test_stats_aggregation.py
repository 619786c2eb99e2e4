"""The aggregations behind ``stats`` and ``rejections`` (issue #39), over rows as the store
reads them, and the run record's round trip through the store's parameters and rows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from contextos.graph.records import RUN_COLUMNS, run_from_row, run_params
from contextos.models.metrics import ExtractorMetrics
from contextos.models.report import IngestReport, PartialFile
from contextos.models.stats import FactCount, RejectionCount, RunRecord, StoredRejection
from contextos.stats import newest_first, summarise_rejections, user_stats

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _llm(calls: int, tokens_in: int, cost: float, proposed: int, stored: int) -> ExtractorMetrics:
    return ExtractorMetrics(
        extractor="llm",
        calls=calls,
        tokens_in=tokens_in,
        tokens_out=tokens_in // 10,
        seconds=1.5 * calls,
        cost=cost,
        windows=calls,
        facts_proposed=proposed,
        rejected={"not_grounded": 1},
        facts_stored=stored,
        facts_rejected={"not_grounded": 1, "vague": proposed - stored - 1},
    )


def _run(extractor: str, hours: int, metrics: list[ExtractorMetrics] | None = None) -> RunRecord:
    start = T0 + timedelta(hours=hours)
    return RunRecord(
        user_id="dana",
        extractor=extractor,
        started_at=start,
        finished_at=start + timedelta(seconds=30),
        conversations=3,
        facts_stored=sum(m.facts_stored for m in metrics or []),
        extractors=metrics or [],
    )


def test_user_stats_count_facts_and_rejections_by_extractor_and_add_up_the_runs_metrics():
    facts = [
        FactCount(extractor="local", current=True, count=7),
        FactCount(extractor="local", current=False, count=2),
        FactCount(extractor="llm", current=True, count=5),
    ]
    rejections = [
        RejectionCount(extractor="local", reason="vague", count=3),
        RejectionCount(extractor="llm", reason="vague", count=1),
        RejectionCount(extractor="llm", reason="not_grounded", count=2),
    ]
    runs = [  # out of order: the last run is the latest, not the last row
        _run("llm", 2, [_llm(4, 1000, 0.02, 6, 3)]),
        _run("local", 0),
        _run("llm", 1, [_llm(2, 500, 0.01, 3, 2)]),
    ]
    s = user_stats("dana", facts, rejections, runs)
    assert (s.facts_current, s.facts_superseded, s.facts_total) == (12, 2, 14)
    assert s.rejected == {"vague": 4, "not_grounded": 2} and s.rejected_total == 6
    assert list(s.rejected) == ["vague", "not_grounded"]  # most common first
    assert s.runs == 3 and s.first_run_at == T0
    assert s.last_run_at == T0 + timedelta(hours=2, seconds=30) == s.last_run.finished_at
    local, llm = s.extractors  # most facts first
    assert (local.extractor, local.facts_total, local.runs, local.metrics) == ("local", 9, 1, None)
    assert (llm.facts_current, llm.facts_superseded, llm.rejected_total) == (5, 0, 3)
    assert llm.runs == 2 and llm.last_run_at == s.last_run_at
    m = llm.metrics
    assert m is not None
    assert (m.calls, m.tokens_in, m.tokens_out, m.windows) == (6, 1500, 150, 6)
    assert m.seconds == pytest.approx(9.0) and m.cost == pytest.approx(0.03)
    assert (m.facts_proposed, m.facts_stored) == (9, 5)
    assert m.rejected == {"not_grounded": 2}
    assert m.facts_rejected == {"not_grounded": 2, "vague": 2}


def test_user_stats_of_a_user_without_runs_or_rows_is_empty_not_an_error():
    s = user_stats("dana", [], [], [])
    assert s.runs == 0 and s.last_run is None and s.last_run_at is None
    assert s.extractors == [] and s.facts_total == 0 and s.rejected == {}


def _rej(
    rid: str, reason: str, day: int | None, text: str = "", type_: str | None = "USER_FACT", **kw
) -> StoredRejection:
    return StoredRejection(
        id=rid,
        text=text or f"text {rid}",
        reason=reason,
        type=type_,
        turn_id=f"t{rid}",
        said_at=T0 + timedelta(days=day) if day is not None else None,
        **kw,
    )


REJECTIONS = [
    _rej("1", "vague", 1, category="work"),
    _rej("2", "vague", 5, "same words", category="work"),
    _rej("3", "vague", 4, "same words", type_="USER_PATTERN", category="like"),
    _rej("4", "hypothetical", 2, category="goal", extractor="llm"),
    _rej("5", "vague", None, category="like"),
    _rej("6", "unparseable", 3, type_=None),
]


def test_a_summary_gives_each_reason_its_count_share_and_most_common_type():
    s = summarise_rejections("dana", REJECTIONS)
    assert s.total == 6 and s.top_type == "USER_FACT"
    assert [r.reason for r in s.reasons] == ["vague", "hypothetical", "unparseable"]
    assert sum(r.count for r in s.reasons) == s.total
    assert sum(r.share for r in s.reasons) == pytest.approx(1.0)
    vague = s.reasons[0]
    assert (vague.count, vague.share) == (4, pytest.approx(4 / 6))
    assert (vague.top_type, vague.top_type_count) == ("USER_FACT", 3)
    # a tie (work 2, like 2) goes to the first by name, the same every time
    assert (vague.top_category, vague.top_category_count) == ("like", 2)
    # two distinct texts, newest first: the repeated words once
    assert vague.examples == ["same words", "text 1"]
    assert s.reasons[1].extractors == {"llm": 1}
    unparseable = s.reasons[2]
    assert unparseable.top_type is None and unparseable.top_type_count == 0
    assert s.rejections == []  # the individual ones only when asked for


def test_a_summary_lists_the_newest_rejections_first_when_asked():
    assert [r.id for r in summarise_rejections("dana", REJECTIONS, listed=3).rejections] == [
        "2",
        "3",
        "6",
    ]
    everything = summarise_rejections("dana", REJECTIONS, listed=None).rejections
    assert [r.id for r in everything] == ["2", "3", "6", "4", "1", "5"]  # no time: last
    assert newest_first(reversed(REJECTIONS)) == everything


def test_a_summary_of_no_rejections_is_empty():
    s = summarise_rejections("dana", [], listed=None)
    assert s.total == 0 and s.reasons == [] and s.top_type is None


def test_a_run_record_says_how_the_run_ended_and_keeps_the_reports_numbers():
    report = IngestReport(user_id="dana", conversations=4, facts_stored=3, duration_s=2.5)
    report.facts_rejected = {"vague": 2}
    report.extractors.append(_llm(2, 500, 0.01, 3, 2))
    end = T0 + timedelta(hours=1)
    run = RunRecord.from_report(report, "llm", finished_at=end)
    assert run.outcome == "complete" and run.rejected_total == 2
    assert (run.started_at, run.finished_at) == (end - timedelta(seconds=2.5), end)
    assert run.extractors == report.extractors and run.extractors[0] is not report.extractors[0]
    report.partial.append(PartialFile(path="x.json", where="byte 9", byte=9, records=1, problem=""))
    assert RunRecord.from_report(report, "llm").outcome == "partial"
    report.conversations_unfinished.append("c9")
    unfinished = RunRecord.from_report(report, "llm")
    assert unfinished.outcome == "unfinished" and unfinished.conversations_unfinished == 1


def test_a_run_record_survives_the_stores_parameters_and_rows():
    run = _run("llm", 3, [_llm(4, 1000, 0.02, 6, 3)])
    run.facts_rejected = {"vague": 2, "not_grounded": 1}
    params = run_params(run)
    assert isinstance(params["extractors"], str) and isinstance(params["facts_rejected"], str)
    assert isinstance(params["started_at"], float)
    assert run_from_row([params[c] for c in RUN_COLUMNS]) == run
