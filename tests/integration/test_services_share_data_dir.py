"""The long-running services (``contextos serve``, the REST service, and ``contextos mcp``)
share a data directory with CLI runs like any process (#38): each holds a lease for as long as
it runs, so a CLI ingest that started the server may finish under a running service, a service
stopped mid-ingest leaves the server to the ingest, exactly one server runs, nothing is lost and
every process exits 0 (a service stopped by SIGINT or SIGTERM too, once it has shut down and
closed its store). Real processes, a real server, real HTTP."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import anyio
import httpx
from cx_helpers import REPO, chat_export, servers_for, wait_until
from mcp import Client
from test_shared_data_dir import _cli, _conversations, _finish, _servers

CONVERSATIONS = 120


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _service(data_dir: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "CONTEXTOS_DATA_DIR": str(data_dir)}
    env["CONTEXTOS_STORE"] = "embedded"
    cmd = [sys.executable, "-c", "from contextos.cli import main; main()", *args]
    return subprocess.Popen(
        cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def _while_running(
    proc: subprocess.Popen[str], data_dir: Path, ask: Callable[[], bool]
) -> tuple[list[bool], int]:
    """Ask the service (``ask``: whether it answered well) until ``proc`` ends; the answers
    and the most redis-servers seen at once on ``data_dir`` meanwhile."""
    answers: list[bool] = []
    most = 0
    while proc.poll() is None:
        most = max(most, _servers(data_dir))
        answers.append(ask())
        time.sleep(0.2)
    return answers, most


def _stop(service: subprocess.Popen[str], sig: int) -> tuple[int, str]:
    service.send_signal(sig)
    out, _ = service.communicate(timeout=120)
    return service.returncode, out


def _share_with(
    tmp_path: Path,
    data_dir: Path,
    start: Callable[[], subprocess.Popen[str]],
    ask: Callable[[str], bool],
    stop: int,
) -> None:
    """The two orders: a CLI ingest that started the server finishes under the service; the
    service is stopped (signal ``stop``: it shuts down cleanly and exits 0) while a CLI ingest
    it shares the server with is mid-run."""
    kim = chat_export(tmp_path / "kim.jsonl", CONVERSATIONS, speaker="Kim")
    sam = chat_export(tmp_path / "sam.jsonl", CONVERSATIONS, speaker="Sam")
    first = _cli("ingest", str(kim), "--user", "kim", "-q", data_dir=data_dir)
    assert wait_until(lambda: _conversations(data_dir) >= 3, timeout=120)
    service = start()
    try:
        answers, most = _while_running(first, data_dir, lambda: ask("kim"))
        code, _, err = _finish(first)
        assert code == 0, err
        assert answers and all(answers), answers  # every answer while the ingest ran
        assert most == 1, f"{most} servers at once"
        assert service.poll() is None and servers_for(data_dir), "the starter took it down"
        assert ask("kim")  # the server the ingest started still serves the service

        second = _cli("ingest", str(sam), "--user", "sam", "-q", data_dir=data_dir)
        assert wait_until(lambda: _conversations(data_dir) >= CONVERSATIONS + 3, timeout=120)
        assert ask("sam")
        code, out = _stop(service, stop)
        assert code == 0, out
        assert second.poll() is None, "the second ingest finished before the service stopped"
        code, _, err = _finish(second)
        assert code == 0, err  # the service's leaving did not stop the server under it
    finally:
        if service.poll() is None:
            service.kill()
    assert wait_until(lambda: not servers_for(data_dir), timeout=60), "the last one left it up"
    assert _conversations(data_dir) == 2 * CONVERSATIONS


def test_the_rest_service_and_cli_ingests_share_one_server(tmp_path):
    data_dir = tmp_path / "d"
    port = _free_port()
    base = f"http://127.0.0.1:{port}/api/v1"

    def start() -> subprocess.Popen[str]:
        proc = _service(data_dir, "serve", "--port", str(port))
        assert wait_until(lambda: _listening(port), timeout=180), "serve did not start"
        return proc

    def ask(user: str) -> bool:
        res = httpx.get(f"{base}/context", params={"user_id": user, "query": "work"}, timeout=60)
        return res.status_code == 200 and res.json()["token_count"] > 0

    _share_with(tmp_path, data_dir, start, ask, signal.SIGTERM)


def test_the_mcp_server_and_cli_ingests_share_one_server(tmp_path):
    """The MCP server serves kim (its user is fixed); sam's ingest runs beside it."""
    data_dir = tmp_path / "d"
    port = _free_port()

    def start() -> subprocess.Popen[str]:
        args = ("mcp", "--user", "kim", "--transport", "http", "--port", str(port))
        proc = _service(data_dir, *args)
        assert wait_until(lambda: _listening(port), timeout=180), "mcp did not start"
        return proc

    def ask(_user: str) -> bool:
        async def go() -> bool:
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                got = await client.call_tool("get_context", {"query": "work"})
                return not got.is_error and "Kim" in str(got.structured_content)

        return anyio.run(go)

    _share_with(tmp_path, data_dir, start, ask, signal.SIGINT)
