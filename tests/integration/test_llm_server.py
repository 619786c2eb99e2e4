"""The LLM extractor against a real OpenAI-compatible server, not a mock: llama.cpp
(``xllamacpp``) serving gemma-3-270m (a small *base* model: its facts are poor, which is the
point — whatever it writes, nothing ungrounded may be stored, and a run must survive it).

Marked ``llm_server``; ``make test`` runs them. Replies are capped at few tokens so the module
stays within a few minutes on a 2-core machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from llm_server import LLMServer

from contextos import ContextOS
from contextos.errors import IngestUnfinished
from contextos.extract.llm import LLMExtractor, llm_extractor_from_settings
from contextos.ingest import read_conversations
from contextos.models.facts import RejectReason
from contextos.pipeline.conversation import conversation_key
from contextos.settings import Settings

pytestmark = pytest.mark.llm_server

USER = "dana"
REPLY_TOKENS = 96
CHATS = {
    "move": [
        ("user", "Dana", "I live in Lisbon and I work at Tallyforge as a data engineer."),
        ("assistant", "assistant", "Nice! What do you work on there?"),
        ("user", "Dana", "I build the billing pipeline. My manager is Priya."),
    ],
    "climb": [
        ("user", "Dana", "I go rock climbing every Saturday with my sister Ana."),
        ("assistant", "assistant", "That sounds fun."),
    ],
    "audit": [
        ("user", "Dana", "The security audit is blocked on the payments team."),
        ("assistant", "assistant", "Do you want me to draft a reminder?"),
    ],
    # a question: nothing the local pass can store, so cheap-first sends it on
    "ask": [
        ("user", "Dana", "Could you help me figure out how to structure the migration plan?"),
        ("assistant", "assistant", "Sure, let's start with the order of the services."),
    ],
}
REASONS = set(RejectReason.__args__)  # type: ignore[attr-defined]


def transcript(path: Path, names: list[str]) -> Path:
    with path.open("w") as f:
        for c in names:
            for i, (role, speaker, text) in enumerate(CHATS[c]):
                line = {
                    "conversation_id": c,
                    "turn_id": f"{c}:{i}",
                    "timestamp": f"2026-03-0{1 + i}T10:00:00Z",
                    "speaker": speaker,
                    "role": role,
                    "text": text,
                }
                f.write(json.dumps(line) + "\n")
    return path


def settings(base_url: str, **extra: object) -> Settings:
    values: dict[str, object] = {
        "llm_provider": "openai_like",
        "llm_model": "gemma-3-270m",
        "llm_base_url": base_url,
        "llm_context_window": 2048,
        "llm_max_tokens": REPLY_TOKENS,
        "llm_timeout": 60,
        "llm_price_per_1k_input": 0.5,
        "llm_price_per_1k_output": 1.5,
        # the graph@1 call doubles the requests: one test asks for it (cost on 2 cores)
        "llm_graph": False,
    }
    return Settings(**{**values, **extra})  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("llm") / "server.log"
    with LLMServer(log=log) as srv:
        print(f"llm server ready in {srv.start_seconds:.1f}s")
        yield srv


def cli_ingest(path: Path, data_dir: Path, base_url: str) -> subprocess.CompletedProcess[str]:
    """``contextos ingest`` with the LLM extractor set in the environment."""
    env = {
        **os.environ,
        "CONTEXTOS_DATA_DIR": str(data_dir),
        "CONTEXTOS_STORE": "embedded",
        "CONTEXTOS_EXTRACTOR": "llm",
        "CONTEXTOS_LLM_PROVIDER": "openai_like",
        "CONTEXTOS_LLM_MODEL": "gemma-3-270m",
        "CONTEXTOS_LLM_BASE_URL": base_url,
        "CONTEXTOS_LLM_MAX_TOKENS": str(REPLY_TOKENS),
        "CONTEXTOS_LLM_CONTEXT_WINDOW": "2048",
        "CONTEXTOS_LLM_GRAPH": "false",
        "COLUMNS": "200",
    }
    return subprocess.run(
        [sys.executable, "-m", "contextos.cli", "ingest", str(path), "--user", USER, "-q"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def user_turns(path: Path) -> dict[tuple[str, str], str]:
    run = read_conversations([path])
    return {(t.conversation_id, t.id): t.text for c in run for t in c.turns if t.role == "user"}


def test_every_stored_fact_is_grounded_and_the_run_is_counted(server, data_dir, tmp_path):
    path = transcript(tmp_path / "chats.jsonl", ["move", "climb"])
    extractor = llm_extractor_from_settings(settings(server.base_url, llm_graph=True))
    assert extractor.is_available()
    with ContextOS.open(data_dir) as cx:
        report = cx.ingest(path, user=USER, extractor=extractor)
        stored = cx.facts(USER, include_superseded=True)
        entities = cx.entities(USER)
    said = user_turns(path)
    for fact in stored:  # status and decision facts of graph@1 included
        assert fact.extractor == "llm:gemma-3-270m"
        for ev in fact.evidence_spans:  # verbatim, at its offsets, in a user turn
            assert said[(ev.conversation_id, ev.turn_id)][ev.start : ev.end] == ev.quote
    user_turn_ids = {turn_id for _, turn_id in said}
    for entity in entities:  # named in a user turn, whichever prompt proposed it
        assert set(entity.turn_ids) <= user_turn_ids, entity
    (m,) = report.extractors
    print(m.model_dump_json())
    assert m.calls >= 4 and m.windows == 2 and m.prompts.get("facts@1", 0) >= 2
    assert m.prompts.get("graph@1", 0) >= 2
    assert m.tokens_in > 0 and m.tokens_out > 0 and m.tokens_reported
    assert m.seconds > 0 and m.cost == pytest.approx(
        m.tokens_in / 1000 * 0.5 + m.tokens_out / 1000 * 1.5, abs=1e-5
    )
    assert m.facts_proposed > 0  # so the grounding checks above had something to check
    assert m.facts_stored == report.facts_stored
    # whatever the model proposed was stored, merged or rejected with a known reason
    assert set(report.facts_rejected) <= REASONS
    assert m.facts_proposed <= report.facts_stored + report.facts_merged + report.rejected_total


def test_unreadable_output_is_a_rejection_with_a_reason_not_a_crash(server, data_dir, tmp_path):
    """Without structured output the base model writes prose, not JSON: after the lenient
    parser gives up too, the window is skipped with an ``unparseable`` rejection and the run
    goes on to the next conversation."""
    path = transcript(tmp_path / "chats.jsonl", ["move", "audit"])
    extractor = llm_extractor_from_settings(
        settings(server.base_url, llm_output="prompt", llm_max_tokens=24)
    )
    with ContextOS.open(data_dir) as cx:
        report = cx.ingest(path, user=USER, extractor=extractor)
    assert report.conversations == 2 and not report.conversations_unfinished
    assert report.facts_rejected.get("unparseable") == 2, report.facts_rejected
    (m,) = report.extractors
    assert m.windows_skipped == 2 and m.rejected == {"unparseable": 2}
    assert m.calls >= 2 and m.tokens_out > 0


def test_a_server_killed_mid_run_leaves_a_resumable_non_zero_run(data_dir, tmp_path):
    path = transcript(tmp_path / "chats.jsonl", ["move", "climb", "audit"])
    keys = {c.id: (conversation_key(USER, c), c.content_hash()) for c in read_conversations([path])}
    log = tmp_path / "server.log"
    with LLMServer(log=log) as srv:
        extractor: LLMExtractor = llm_extractor_from_settings(settings(srv.base_url))

        def kill_after_first(progress) -> None:
            if progress.conversations == 1:
                srv.kill()

        with ContextOS.open(data_dir) as cx:
            with pytest.raises(IngestUnfinished) as failed:
                cx.ingest(path, user=USER, extractor=extractor, progress=kill_after_first)
            assert failed.value.unfinished == ["climb", "audit"]
            assert "'climb'" in str(failed.value) and "run ingest again" in str(failed.value)
            report = failed.value.report
            assert report.extractors[0].windows_unfinished == 2
            # the first conversation was stored with its checkpoint; the others were not
            assert cx.store.checkpoint(keys["move"][0]) == keys["move"][1]
            assert cx.store.checkpoint(keys["climb"][0]) is None
            assert cx.store.checkpoint(keys["audit"][0]) is None

    # the CLI says so too: exit 1 and one error line naming them (the server is still down)
    down = cli_ingest(path, data_dir, srv.base_url)
    assert down.returncode == 1, down.stderr
    assert "unfinished" in down.stderr and "'climb'" in down.stderr
    assert "Traceback" not in down.stderr

    # a re-run with a server up again does the rest and skips what was stored
    with LLMServer(log=log) as again:
        up = cli_ingest(path, data_dir, again.base_url)
    assert up.returncode == 0, up.stderr
    assert "1 unchanged, skipped" in up.stdout
    assert "extractor llm:gemma-3-270m" in up.stdout


def test_cheap_first_runs_the_llm_only_where_the_local_pass_found_nothing(
    server, data_dir, tmp_path
):
    path = transcript(tmp_path / "chats.jsonl", ["move", "ask"])
    chosen = settings(server.base_url, extractor="cheap-first", data_dir=data_dir)
    with ContextOS.from_settings(chosen) as cx:
        report = cx.ingest(path, user=USER)
        stored = cx.facts(USER, include_superseded=True)
    strategy, llm = report.extractors
    assert (strategy.extractor, llm.extractor) == ("cheap-first", "llm:gemma-3-270m")
    assert strategy.windows == 2 and strategy.windows_escalated >= 1  # the question's window
    assert strategy.windows_escalated < strategy.windows  # "move" the local pass explained
    assert llm.calls >= strategy.windows_escalated and llm.tokens_in > 0
    assert report.facts_stored_by_extractor.get("local", 0) > 0
    assert llm.facts_stored == report.facts_stored_by_extractor.get(llm.extractor, 0)
    said = user_turns(path)
    for fact in stored:  # whichever part proposed it: verbatim, at its offsets
        assert fact.extractor in ("local", llm.extractor)
        for ev in fact.evidence_spans:
            assert said[(ev.conversation_id, ev.turn_id)][ev.start : ev.end] == ev.quote


def test_fallback_extracts_locally_when_the_llm_server_does_not_answer(data_dir, tmp_path):
    import socket

    with socket.socket() as s:  # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}/v1"
    path = transcript(tmp_path / "chats.jsonl", ["move", "climb"])
    with ContextOS.from_settings(settings(closed, extractor="fallback", data_dir=data_dir)) as cx:
        report = cx.ingest(path, user=USER)
        stored = cx.facts(USER)
    strategy = report.extractors[0]
    assert strategy.extractor == "fallback" and strategy.windows_fallen_back == strategy.windows
    assert stored and {f.extractor for f in stored} == {"local"}
    assert not report.conversations_unfinished
