"""Per-run extraction metrics and the statistics read from the graph (issue #39): every ingest
run leaves a Run record; ``stats`` and ``rejections`` agree with the Fact and Rejection nodes
and with what the runs' reports said. The real embedded store, the bundled samples."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
from cx_helpers import chat_export, run_cli
from llama_index.core.llms import (
    ChatMessage,
    ChatResponse,
    CompletionResponse,
    CustomLLM,
    LLMMetadata,
)

from contextos import ContextOS
from contextos.errors import IngestUnfinished, PartialInputError, WindowUnfinished
from contextos.extract.llm import LLMExtractor
from contextos.models.extraction import ExtractionResult
from contextos.models.metrics import ExtractorMetrics
from contextos.models.stats import RunRecord
from contextos.samples import DEMO_USER, DEMO_USER_NAME, sample_paths


@pytest.fixture
def cx(data_dir):
    with ContextOS.open(data_dir) as c:
        yield c


def _rejection_nodes(cx: ContextOS, user: str) -> Counter[str]:
    rows = cx.store.run("MATCH (r:Rejection {user_id: $u}) RETURN r.reason", {"u": user})
    return Counter(r[0] for r in rows)


def test_stats_and_rejections_agree_with_the_graph_and_the_report(cx):
    report = cx.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME)
    assert report.rejected_total >= 1  # the samples hold rejected candidates
    s = cx.stats(DEMO_USER)
    every = cx.facts(DEMO_USER, include_superseded=True)
    current = cx.facts(DEMO_USER)
    assert s.facts_total == len(every) == report.facts_stored
    assert s.facts_current == len(current) and s.facts_superseded == len(every) - len(current)
    by_extractor = Counter(f.extractor for f in every)
    assert {e.extractor: e.facts_total for e in s.extractors} == dict(by_extractor)
    # the rejections stored are the ones the report counted, reason by reason
    assert s.rejected == report.facts_rejected == dict(_rejection_nodes(cx, DEMO_USER))
    assert s.rejected_total == report.rejected_total
    # the run's record is the report's numbers
    assert s.runs == 1 and s.last_run is not None
    run = s.last_run
    assert (run.outcome, run.extractor, run.conversations, run.turns) == (
        "complete",
        "local",
        report.conversations,
        report.turns,
    )
    assert (run.facts_stored, run.facts_merged, run.facts_superseded) == (
        report.facts_stored,
        report.facts_merged,
        report.facts_superseded,
    )
    assert run.facts_rejected == report.facts_rejected and run.extractors == []
    assert run.finished_at == s.last_run_at and run.started_at <= run.finished_at

    summary = cx.rejection_summary(DEMO_USER, listed=None)
    assert summary.total == report.rejected_total == sum(r.count for r in summary.reasons)
    assert sum(r.share for r in summary.reasons) == pytest.approx(1.0)
    assert {r.reason: r.count for r in summary.reasons} == report.facts_rejected
    assert [r.count for r in summary.reasons] == sorted(
        (r.count for r in summary.reasons), reverse=True
    )
    listed = summary.rejections
    assert len(listed) == summary.total
    assert all(r.turn_id and r.said_at for r in listed)  # every one names its turn and time
    assert [r.said_at for r in listed] == sorted((r.said_at for r in listed), reverse=True)
    for reason in summary.reasons:
        mine = [r for r in listed if r.reason == reason.reason]
        assert reason.top_type == Counter(r.type for r in mine).most_common(1)[0][0]
        assert 1 <= len(reason.examples) <= 2 and reason.examples[0] == mine[0].text


def test_every_run_adds_a_record_and_an_unchanged_one_stores_nothing(cx, tmp_path):
    first = cx.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME)
    again = cx.ingest(sample_paths(), user=DEMO_USER)
    s = cx.stats(DEMO_USER)
    assert s.runs == 2 and s.last_run is not None
    assert s.last_run.facts_stored == 0 == again.facts_stored
    assert s.last_run.conversations_skipped_unchanged == s.last_run.conversations == 6
    assert s.facts_total == first.facts_stored and s.rejected_total == first.rejected_total
    more = cx.ingest(chat_export(tmp_path / "more.jsonl", 2, "Jordan Lee"), user=DEMO_USER)
    assert more.facts_stored > 0
    runs = cx.store.runs(DEMO_USER)
    assert [r.facts_stored for r in runs] == [first.facts_stored, 0, more.facts_stored]
    assert runs[0].finished_at <= runs[1].started_at <= runs[2].started_at
    assert cx.stats(DEMO_USER).facts_total == first.facts_stored + more.facts_stored
    assert cx.store.runs("someone-else") == []  # runs are per user
    cx.forget(DEMO_USER)
    assert cx.store.runs(DEMO_USER) == []  # forgetting a user forgets their runs too


class ProposeEachTurn(CustomLLM):
    """Stands in for a hosted LLM: proposes each human turn's first words as a fact, and
    reports 100 tokens in and 20 out per call, as a server's usage counts do."""

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(context_window=4096, num_output=512, model_name="propose-each-turn")

    def chat(self, messages: Any, **kwargs: Any) -> ChatResponse:
        facts = []
        for label, who, text in re.findall(r"^(T\d+) ([^:\n]+): (.+)$", messages[-1].content, re.M):
            if who != "assistant":
                quote = " ".join(text.split()[:8])
                facts.append({"turn": label, "quote": quote, "text": quote, "confidence": 0.9})
        raw = {
            "choices": [{"finish_reason": "stop"}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20},
        }
        reply = ChatMessage(role="assistant", content=json.dumps({"facts": facts}))
        return ChatResponse(message=reply, raw=raw)

    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        raise NotImplementedError

    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
        raise NotImplementedError


def test_an_llm_extractors_metrics_are_kept_per_run_and_added_up(cx, tmp_path):
    llm = LLMExtractor(
        ProposeEachTurn(),
        name="llm:stand-in",
        mode="json_schema",
        price_in_per_1k=0.5,
        price_out_per_1k=1.0,
        sleep=lambda s: None,
    )
    one = cx.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME, extractor=llm)
    two = cx.ingest(
        chat_export(tmp_path / "more.jsonl", 2, DEMO_USER_NAME), user=DEMO_USER, extractor=llm
    )
    (m1,), (m2,) = one.extractors, two.extractors
    assert m1.calls > 0 and m1.facts_proposed > 0 and m1.cost > 0
    runs = cx.store.runs(DEMO_USER)
    assert [r.extractors for r in runs] == [[m1], [m2]]  # kept as the reports had them
    s = cx.stats(DEMO_USER)
    (e,) = s.extractors
    assert (e.extractor, e.runs, e.facts_total) == ("llm:stand-in", 2, s.facts_total)
    assert 0 < e.facts_total == one.facts_stored + two.facts_stored
    total = e.metrics
    assert total is not None
    assert total.calls == m1.calls + m2.calls
    assert (total.tokens_in, total.tokens_out) == (100 * total.calls, 20 * total.calls)
    assert total.cost == pytest.approx(m1.cost + m2.cost)
    assert total.seconds == pytest.approx(m1.seconds + m2.seconds, abs=0.01)
    assert total.facts_proposed == m1.facts_proposed + m2.facts_proposed
    assert total.facts_stored == one.facts_stored + two.facts_stored
    assert e.rejected_total == one.rejected_total + two.rejected_total == s.rejected_total

    # a run written through the store directly, with metrics made here, is added up the same
    made = ExtractorMetrics(extractor="llm:stand-in", calls=5, tokens_in=7, cost=0.25)
    cx.store.write_run(
        RunRecord(
            user_id=DEMO_USER,
            extractor="llm:stand-in",
            started_at=runs[-1].finished_at,
            finished_at=runs[-1].finished_at,
            extractors=[made],
        )
    )
    after = cx.stats(DEMO_USER)
    assert after.runs == 3 and after.extractors[0].metrics is not None
    assert after.extractors[0].metrics.calls == total.calls + 5
    assert after.extractors[0].metrics.cost == pytest.approx(total.cost + 0.25)


def test_a_run_that_ends_partial_or_unfinished_still_leaves_its_record(cx, tmp_path):
    export = [
        {
            "title": f"chat {i}",
            "conversation_id": f"c{i}",
            "current_node": f"n{i}",
            "mapping": {
                f"n{i}": {
                    "id": f"n{i}",
                    "parent": None,
                    "children": [],
                    "message": {
                        "id": f"n{i}",
                        "author": {"role": "user"},
                        "create_time": 1_700_000_000 + i,
                        "content": {"content_type": "text", "parts": [f"I live in Town{i}."]},
                    },
                },
            },
        }
        for i in range(4)
    ]
    full = json.dumps(export)
    cut = tmp_path / "conversations.json"
    cut.write_text(full[: full.index('"c3"')])  # inside the fourth conversation
    with pytest.raises(PartialInputError) as broken:
        cx.ingest(cut, user="u")
    (run,) = cx.store.runs("u")
    assert run.outcome == "partial" and run.conversations == 3
    assert run.facts_stored == broken.value.report.facts_stored == cx.stats("u").facts_total

    class SilentOnSecond:
        """Leaves the second of a user's chats unfinished, as a server that timed out."""

        name = "silent-on-second"

        def extract(self, turns, conversation, user) -> ExtractionResult:
            if conversation.id == "conv-1":
                raise WindowUnfinished("the server did not answer", conversation.id)
            return ExtractionResult()

    chats = chat_export(tmp_path / "chats.jsonl", 3)
    with pytest.raises(IngestUnfinished):
        cx.ingest(chats, user="v", extractor=SilentOnSecond())
    (run,) = cx.store.runs("v")
    assert (run.outcome, run.extractor, run.conversations_unfinished) == (
        "unfinished",
        "silent-on-second",
        1,
    )


def test_the_stats_and_rejections_commands(data_dir, tmp_path):
    empty = tmp_path / "empty"
    for command in ("stats", "rejections"):  # no graph: refused, nothing created
        res = run_cli(command, "--user", DEMO_USER, data_dir=empty)
        assert res.returncode == 2 and res.stderr.startswith("error:") and not empty.exists()
    res = run_cli("ingest", *map(str, sample_paths()), "--user", DEMO_USER, "-q", data_dir=data_dir)
    assert res.returncode == 0, res.stderr
    stored = re.search(r"facts stored (\d+)", res.stdout)
    assert stored

    res = run_cli("stats", "--user", DEMO_USER, "--json", data_dir=data_dir)
    assert res.returncode == 0, res.stderr
    s = json.loads(res.stdout)
    assert s["runs"] == 1 and s["facts_total"] == int(stored.group(1))
    assert s["last_run"]["facts_stored"] == s["facts_total"]
    assert s["rejected_total"] == sum(s["rejected"].values()) >= 1

    res = run_cli("rejections", "--user", DEMO_USER, "--json", "--limit", "2", data_dir=data_dir)
    assert res.returncode == 0, res.stderr
    r = json.loads(res.stdout)
    assert r["total"] == s["rejected_total"] and len(r["rejections"]) == min(2, r["total"])
    assert sum(x["share"] for x in r["reasons"]) == pytest.approx(1.0)
    assert {x["reason"]: x["count"] for x in r["reasons"]} == s["rejected"]

    res = run_cli("rejections", "--user", DEMO_USER, "--list", data_dir=data_dir)
    assert res.returncode == 0 and r["reasons"][0]["reason"] in res.stdout
    assert "newest" in res.stdout and r["rejections"][0]["text"][:20] in res.stdout
    res = run_cli("stats", "--user", DEMO_USER, data_dir=data_dir)
    assert res.returncode == 0 and "local" in res.stdout and "last run: complete" in res.stdout

    for command in ("stats", "rejections"):  # a mistyped user is not a user with no data
        res = run_cli(command, "--user", "jordna", data_dir=data_dir)
        assert res.returncode == 1 and "no data for user 'jordna'" in res.stderr
        assert res.stdout == ""
    res = run_cli("rejections", "--user", DEMO_USER, "--limit", "0", data_dir=data_dir)
    assert res.returncode == 2 and "--limit" in res.stderr
