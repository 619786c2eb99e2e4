"""Load test of the REST service: the real server (``contextos serve``, uvicorn) on loopback,
N concurrent clients mixing ``GET /context`` with writes for a bounded time, then a check that
every write's facts are in the graph.

    python bench/bench_api.py                         # 50 clients, 60 s, 2 writes/s
    python bench/bench_api.py --seconds 15 --clients 20   # a quicker run
    python bench/bench_api.py --think-ms 1000         # agents asking about once a second

Baseline in the same run: ``GET /context`` from one client, alone, before the load. Prints
throughput, p50/p95/p99 per route, errors by status and code, and the write check (the facts
each write stored are in the graph, found by its turns).
Targets: zero errors, context p95 < 100 ms under load, nothing lost.

The write side is pluggable (:data:`WRITERS`, ``--write``): ``turns`` (default) posts live
exchanges to ``POST /turns`` (extracted off the request path), ``ingest`` posts a small
transcript to ``POST /ingest`` (a job).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
API = "/api/v1"
TARGET_CONTEXT_P95_MS = 100.0

CITIES = ["Lisbon", "Oslo", "Toronto", "Nairobi", "Osaka", "Lima", "Tallinn", "Perth"]
JOBS = ["nurse", "data engineer", "teacher", "pilot", "chemist", "architect", "barista"]
QUERIES = [
    "where do I live?",
    "what is my job?",
    "what projects am I working on?",
    "who is my manager?",
    "what do I like?",
    "what should I know before the meeting?",
]


@dataclass
class Write:
    """One write the load test made, and how to find what it stored."""

    user: str
    session: str
    job_id: str | None = None
    #: turn ids of the write's user turns: the facts it stored cite them
    turn_ids: list[str] = field(default_factory=list)


async def ingest_writer(
    client: httpx.AsyncClient, user: str, n: int
) -> tuple[httpx.Response, Write]:
    """``POST /ingest`` of a three-message transcript with facts unique to this write."""
    session = f"load-{n}"
    city, job = CITIES[n % len(CITIES)], JOBS[n % len(JOBS)]
    messages = [
        {"role": "user", "content": f"I work as a {job} at Company{n} Labs and I live in {city}."},
        {"role": "assistant", "content": "Thanks for telling me."},
        {
            "role": "user",
            "content": f"My manager Alex{n} wants the Report{n} pipeline finished by Friday.",
        },
    ]
    body = {"user_id": user, "platform": "api", "session_id": session, "messages": messages}
    r = await client.post(f"{API}/ingest", json=body)
    w = Write(user, session, turn_ids=[f"{session}:0", f"{session}:2"])
    if r.status_code == 202:
        w.job_id = r.json()["job_id"]
    return r, w


async def turns_writer(
    client: httpx.AsyncClient, user: str, n: int
) -> tuple[httpx.Response, Write]:
    """``POST /turns`` of one live exchange with facts unique to this write (extracted off the
    request path; the server runs with ``CONTEXTOS_LIVE_EXTRACTION_INTERVAL=1``)."""
    session = f"live-{n}"
    city, job = CITIES[n % len(CITIES)], JOBS[n % len(JOBS)]
    body = {
        "user_id": user,
        "session_id": session,
        "user_message": f"I work as a {job} at Company{n} Labs and I live in {city}.",
        "agent_response": "Thanks for telling me.",
    }
    r = await client.post(f"{API}/turns", json=body)
    w = Write(user, session)
    if r.status_code == 202 and r.json().get("turn_id"):
        w.turn_ids = [r.json()["turn_id"]]
    return r, w


#: name -> a coroutine posting one write
WRITERS: dict[
    str, Callable[[httpx.AsyncClient, str, int], Awaitable[tuple[httpx.Response, Write]]]
] = {
    "ingest": ingest_writer,
    "turns": turns_writer,
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "CONTEXTOS_DATA_DIR": str(data_dir),
        "PYTHONPATH": str(ROOT),
        # every posted turn is extracted at once (default: every few user messages)
        "CONTEXTOS_LIVE_EXTRACTION_INTERVAL": "1",
    }
    code = "from contextos.cli import main; main()"
    return subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(data_dir.parent / "server.log", "wb"),  # noqa: SIM115
    )


def wait_healthy(base: str, proc: subprocess.Popen[bytes], timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(f"{base}{API}/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise SystemExit("the server did not become healthy")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter[str] = field(default_factory=Counter)
    writes: list[Write] = field(default_factory=list)


async def wait_jobs(base: str, writes: list[Write], timeout: float) -> dict[str, dict[str, Any]]:
    done: dict[str, dict[str, Any]] = {}
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        while time.monotonic() < deadline:
            for w in writes:
                if w.job_id is None or w.job_id in done:
                    continue
                r = await client.get(f"{API}/ingest/{w.job_id}", params={"user_id": w.user})
                job = r.json()
                if job.get("status") not in ("queued", "processing"):
                    done[w.job_id] = job
            live_users = sorted({w.user for w in writes if w.job_id is None})
            live_pending = 0
            for user in live_users:
                stats = (await client.get(f"{API}/turns/stats", params={"user_id": user})).json()
                live_pending += stats["turns_pending"] + stats["queued_jobs"]
            if len(done) == sum(1 for w in writes if w.job_id) and not live_pending:
                break
            await asyncio.sleep(0.5)
    return done


async def check_writes(
    base: str, writes: list[Write], jobs: dict[str, dict[str, Any]]
) -> dict[str, int]:
    """Every write's facts are in the graph (an ingest write's job completed and stored facts;
    a live turn's facts cite the stored turn)."""
    found = Counter[str]()
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        cited: dict[str, set[str]] = {}
        for user in sorted({w.user for w in writes}):
            # superseded facts too: a later write's "I live in Oslo" replaces an earlier city
            params = {"user_id": user, "include_superseded": "true"}
            facts = (await client.get(f"{API}/facts", params=params)).json()["facts"]
            cited[user] = {t for f in facts for t in f["turn_ids"]}
        for w in writes:
            job = jobs.get(w.job_id or "")
            if w.job_id is None:  # a live turn: no job, its facts cite the stored turn
                if not w.turn_ids:
                    found["turn_not_stored"] += 1
                elif not set(w.turn_ids) & cited[w.user]:
                    found["facts_missing"] += 1
                else:
                    found["in_graph"] += 1
            elif job is None:
                found["job_unfinished"] += 1
            elif job["status"] != "completed":
                found[f"job_{job['status']}"] += 1
            elif job["extracted"]["facts"] == 0:
                found["stored_no_facts"] += 1
            elif not set(w.turn_ids) & cited[w.user]:
                found["facts_missing"] += 1
            else:
                found["in_graph"] += 1
    return dict(found)


async def baseline(base: str, users: list[str], n: int) -> list[float]:
    times = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        for i in range(n):
            params = {"user_id": users[i % len(users)], "query": QUERIES[i % len(QUERIES)]}
            t = time.perf_counter()
            r = await client.get(f"{API}/context", params=params)
            times.append((time.perf_counter() - t) * 1000)
            r.raise_for_status()
    return times


async def load(args: argparse.Namespace, base: str, users: list[str]) -> tuple[Tally, float]:
    tally = Tally()
    writer = WRITERS[args.write]
    stop_at = time.monotonic() + args.seconds
    interval = 1.0 / args.writes_per_second if args.writes_per_second > 0 else float("inf")
    next_write = [time.monotonic()]
    counter = [0]
    requests = [0]
    limits = httpx.Limits(max_connections=args.clients, max_keepalive_connections=args.clients)

    async def one_client(seed: int, client: httpx.AsyncClient) -> None:
        rng = random.Random(seed)
        while time.monotonic() < stop_at and requests[0] < args.max_requests:
            requests[0] += 1
            user = rng.choice(users)
            now = time.monotonic()
            t = time.perf_counter()
            try:
                if now >= next_write[0]:
                    next_write[0] = now + interval
                    counter[0] += 1
                    route = f"POST {args.write}"
                    r, w = await writer(client, user, counter[0])
                    tally.writes.append(w)
                else:
                    route = "GET /context"
                    r = await client.get(
                        f"{API}/context", params={"user_id": user, "query": rng.choice(QUERIES)}
                    )
            except httpx.HTTPError as exc:
                tally.errors[f"{route}: {type(exc).__name__}"] += 1
                continue
            tally.latencies[route].append((time.perf_counter() - t) * 1000)
            if args.think_ms:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think_ms / 1000)
            if r.status_code >= 400:
                code = (
                    r.json().get("code", "?")
                    if r.headers.get("content-type", "").startswith("application/json")
                    else "?"
                )
                tally.errors[f"{route}: {r.status_code} {code}"] += 1

    started = time.monotonic()
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        await asyncio.gather(*(one_client(i, client) for i in range(args.clients)))
    return tally, time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--users", type=int, default=5)
    parser.add_argument("--writes-per-second", type=float, default=2.0)
    parser.add_argument("--max-requests", type=int, default=1_000_000, help="stop after this many")
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="pause of each client between requests"
    )
    parser.add_argument("--write", choices=sorted(WRITERS), default="turns")
    parser.add_argument("--data-dir", type=Path, default=None, help="default: a temporary one")
    args = parser.parse_args(argv)

    tmp = tempfile.TemporaryDirectory(prefix="bench-api-")
    data_dir = args.data_dir or Path(tmp.name) / "data"
    data_dir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(data_dir, port)
    try:
        wait_healthy(base, proc)
        users = [f"load-user-{i}" for i in range(args.users)]

        async def seed() -> list[Write]:
            async with httpx.AsyncClient(base_url=base, timeout=60) as client:
                made = [
                    (await WRITERS["ingest"](client, u, -i - 1))[1] for i, u in enumerate(users)
                ]
            await wait_jobs(base, made, 300)
            return made

        asyncio.run(seed())
        base_ms = asyncio.run(baseline(base, users, 60))
        print(f"server: contextos serve on {base}, data in {data_dir}")
        print(
            f"baseline  GET /context, 1 client: p50 {pct(base_ms, 50):.1f} ms  "
            f"p95 {pct(base_ms, 95):.1f} ms  ({len(base_ms)} requests)"
        )
        tally, elapsed = asyncio.run(load(args, base, users))
        total = sum(len(v) for v in tally.latencies.values())
        print(
            f"load      {args.clients} clients (think {args.think_ms:g} ms), {elapsed:.1f} s: "
            f"{total} requests, {total / elapsed:.1f} req/s; load average {os.getloadavg()[0]:.1f}"
            f" on {os.cpu_count()} cores"
        )
        for route, values in sorted(tally.latencies.items()):
            print(
                f"  {route:<14} {len(values):>6} req  {len(values) / elapsed:7.1f}/s  "
                f"p50 {pct(values, 50):7.1f} ms  p95 {pct(values, 95):7.1f} ms  "
                f"p99 {pct(values, 99):7.1f} ms  mean {statistics.fmean(values):7.1f} ms"
            )
        errors = sum(tally.errors.values())
        print(f"  errors: {errors}" + (f" {dict(tally.errors)}" if errors else ""))
        t = time.monotonic()
        jobs = asyncio.run(wait_jobs(base, tally.writes, 600))
        waited = time.monotonic() - t
        print(f"writes    {len(tally.writes)} posted; all jobs done {waited:.1f} s after the load")
        check = asyncio.run(check_writes(base, tally.writes, jobs))
        print(f"  check: {check}")
        ctx = tally.latencies.get("GET /context", [])
        lost = sum(v for k, v in check.items() if k != "in_graph")
        ok = errors == 0 and pct(ctx, 95) < TARGET_CONTEXT_P95_MS and lost == 0
        print(
            f"targets   zero errors: {errors == 0}; context p95 {pct(ctx, 95):.1f} ms < "
            f"{TARGET_CONTEXT_P95_MS:g} ms: {pct(ctx, 95) < TARGET_CONTEXT_P95_MS}; "
            f"every write in the graph: {lost == 0}"
        )
        return 0 if ok else 1
    finally:
        proc.terminate()
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
        tmp.cleanup()


if __name__ == "__main__":
    sys.exit(main())
