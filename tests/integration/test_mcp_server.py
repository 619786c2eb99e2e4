"""The MCP server driven by the SDK's own client: in-process (``Client(server)``) and over
stdio with ``contextos mcp`` as a real subprocess. Every tool is scoped to the server's user:
another user's fact can be neither read nor forgotten."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from cx_helpers import REPO, run_cli, servers_for, wait_until
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from contextos import ContextOS
from contextos.mcp_server import build_server

TOOLS = {"get_context", "search_facts", "add_fact", "forget_fact", "brief", "ingest_transcript"}


def _call(server: Any, *calls: tuple[str, dict[str, Any]]) -> list[Any]:
    """Run the tool calls in order through one client session; their results."""

    async def go() -> list[Any]:
        async with Client(server) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(go)


def _error(result: Any) -> str:
    assert result.is_error, result.structured_content
    return " ".join(c.text for c in result.content)


@pytest.fixture
def cx(data_dir):
    with ContextOS.open(data_dir) as c:
        yield c


def test_the_tools_and_their_schemas_take_no_user(cx):
    async def go():
        async with Client(build_server(cx, "dana")) as client:
            return (await client.list_tools()).tools

    tools = {t.name: t for t in anyio.run(go)}
    assert set(tools) == TOOLS
    for tool in tools.values():
        props = tool.input_schema["properties"]
        assert not any("user" in p for p in props), tool.name  # scoped by the server
        assert tool.description
    assert tools["add_fact"].input_schema["required"] == ["text"]
    assert tools["get_context"].input_schema["properties"]["max_tokens"]["minimum"] == 50
    assert tools["forget_fact"].input_schema["properties"]["delete"]["type"] == "boolean"


def test_add_fact_goes_through_validation_and_is_flagged_explicit(cx):
    server = build_server(cx, "dana")
    added, again, refused, blank = _call(
        server,
        ("add_fact", {"text": "I moved to Porto in May and I work at Acme as a nurse."}),
        ("add_fact", {"text": "I moved to Porto in May and I work at Acme as a nurse."}),
        ("add_fact", {"text": "Maybe someday I could move to Mars?"}),
        ("add_fact", {"text": ""}),
    )
    assert not added.is_error
    facts = added.structured_content["facts"]
    assert added.structured_content["stored"] == len(facts) >= 2
    assert all(f["extractor"] == "explicit" and f["confidence"] >= 0.9 for f in facts)
    stored = {f.id: f for f in cx.facts("dana")}
    for f in facts:  # grounded in the words given
        assert f["evidence"] in "I moved to Porto in May and I work at Acme as a nurse."
        assert stored[f["id"]].extractor == "explicit"
    assert again.structured_content["stored"] == 0  # the same statement is stored once
    assert len(cx.facts("dana")) == len(stored)
    assert "nothing stored" in _error(refused)
    assert not any("Mars" in f.text for f in cx.facts("dana"))
    assert _error(blank)  # the input schema refuses an empty text


def test_search_context_and_brief_read_the_users_memory(cx):
    cx.add_explicit_fact("I work at Acme as a nurse.", "dana")
    cx.add_explicit_fact("My sister Maya lives in Lisbon.", "dana")
    search, empty, context, brief, bad_time = _call(
        build_server(cx, "dana"),
        ("search_facts", {"query": "where does my sister live", "limit": 1}),
        ("search_facts", {}),
        ("get_context", {"query": "what is my job?", "max_tokens": 200}),
        ("brief", {"since": "1d"}),
        ("brief", {"since": "last tuesday-ish"}),
    )
    [top] = search.structured_content["facts"]
    assert "Maya" in top["text"] and top["score"] is not None
    assert len(empty.structured_content["facts"]) >= 2
    ctx = context.structured_content
    assert "Acme" in ctx["injection"] and 0 < ctx["token_count"] <= 200 and ctx["sources"]
    assert brief.structured_content["changes"] >= 2
    assert "Acme" in brief.structured_content["text"]
    assert "cannot read the time" in _error(bad_time)


def test_forget_fact_ends_or_deletes_one_fact(cx):
    cx.add_explicit_fact("I work at Acme as a nurse. I live in Porto.", "dana")
    acme = next(f for f in cx.facts("dana") if "Acme" in f.text)
    porto = next(f for f in cx.facts("dana") if "Porto" in f.text)
    ended, twice, deleted, unknown = _call(
        build_server(cx, "dana"),
        ("forget_fact", {"fact_id": acme.id}),
        ("forget_fact", {"fact_id": acme.id}),
        ("forget_fact", {"fact_id": porto.id, "delete": True}),
        ("forget_fact", {"fact_id": "no-such-fact"}),
    )
    assert ended.structured_content == {"fact_id": acme.id, "action": "ended"}
    assert "no current fact" in _error(twice)
    assert deleted.structured_content["action"] == "deleted"
    assert "no current fact 'no-such-fact'" in _error(unknown)
    assert all(f.id not in (acme.id, porto.id) for f in cx.facts("dana"))
    history = {f.id: f for f in cx.facts("dana", include_superseded=True)}
    assert history[acme.id].valid_to is not None  # ended, kept as history
    assert porto.id not in history  # deleted


def test_another_users_fact_can_be_neither_read_nor_forgotten(cx):
    cx.add_explicit_fact("I live in Oslo and I work at Fjordbank.", "ben")
    cx.add_explicit_fact("I work at Acme as a nurse.", "dana")
    bens = cx.facts("ben")
    assert bens
    calls: list[tuple[str, dict[str, Any]]] = [
        ("search_facts", {"query": "Oslo Fjordbank", "limit": 50, "include_superseded": True}),
        ("get_context", {"query": "Where does Ben live and work? Oslo Fjordbank"}),
        ("brief", {"since": "30d"}),
    ]
    calls += [("forget_fact", {"fact_id": f.id}) for f in bens]
    calls += [("forget_fact", {"fact_id": f.id, "delete": True}) for f in bens]
    results = _call(build_server(cx, "dana"), *calls)
    search, context, brief = results[:3]
    found = search.structured_content["facts"]
    assert found and all(f["id"] not in {b.id for b in bens} for f in found)
    assert "Oslo" not in context.structured_content["injection"]
    assert "Fjordbank" not in context.structured_content["injection"]
    assert "Oslo" not in brief.structured_content["text"]
    for r in results[3:]:
        assert "for this user" in _error(r)
    assert [f.id for f in cx.facts("ben")] == [f.id for f in bens]  # untouched


def test_ingest_transcript_runs_the_pipeline(cx):
    text = "User: I adopted a dog called Rex last week.\nAssistant: Congratulations!\n"
    first, again, bad = _call(
        build_server(cx, "dana"),
        ("ingest_transcript", {"content": text, "title": "pets"}),
        ("ingest_transcript", {"content": text, "title": "pets"}),
        ("ingest_transcript", {"content": "[{broken", "format": "chatgpt"}),
    )
    out = first.structured_content
    assert out["conversations"] == 1 and out["turns"] == 2 and out["facts_stored"] >= 1
    assert any("Rex" in f.text for f in cx.facts("dana"))
    assert again.structured_content["facts_stored"] == 0  # stored unchanged: skipped
    assert _error(bad)


def test_stdio_server_in_a_subprocess(data_dir):
    env = {**os.environ, "PYTHONPATH": str(REPO), "CONTEXTOS_DATA_DIR": str(data_dir)}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-c", "from contextos.cli import main; main()", "mcp", "--user", "dana"],
        env=env,
        cwd=str(REPO),
    )

    async def go() -> tuple[set[str], Any, Any]:
        async with Client(params, read_timeout_seconds=300) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            added = await client.call_tool("add_fact", {"text": "I work at Acme as a nurse."})
            found = await client.call_tool("search_facts", {"query": "job"})
            return names, added, found

    names, added, found = anyio.run(go)
    assert names == TOOLS
    assert not added.is_error and added.structured_content["stored"] >= 1
    assert any("Acme" in f["text"] for f in found.structured_content["facts"])
    assert wait_until(lambda: not servers_for(data_dir), timeout=60)  # the store stopped
    with ContextOS.open(data_dir) as cx:
        assert any("Acme" in f.text for f in cx.facts("dana"))


def test_cli_refuses_a_bad_transport_or_a_public_http_address(data_dir: Path):
    res = run_cli("mcp", "--user", "dana", "--transport", "carrier-pigeon", data_dir=data_dir)
    assert res.returncode == 2 and "--transport" in res.stderr
    res = run_cli(
        "mcp", "--user", "dana", "--transport", "http", "--host", "0.0.0.0", data_dir=data_dir
    )
    assert res.returncode == 2 and "loopback" in res.stderr


def test_streamable_http_server_in_a_subprocess(data_dir):
    import signal
    import socket
    import subprocess

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(REPO), "CONTEXTOS_DATA_DIR": str(data_dir)}
    cmd = [sys.executable, "-c", "from contextos.cli import main; main()", "mcp"]
    cmd += ["--user", "dana", "--transport", "http", "--port", str(port)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:

        def listening() -> bool:
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", port)) == 0

        assert wait_until(listening, timeout=120), "the server did not start"

        async def go() -> tuple[set[str], Any]:
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                names = {t.name for t in (await client.list_tools()).tools}
                added = await client.call_tool("add_fact", {"text": "I work at Acme as a nurse."})
                return names, added

        names, added = anyio.run(go)
        assert names == TOOLS and added.structured_content["stored"] >= 1
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    assert wait_until(lambda: not servers_for(data_dir), timeout=60)
