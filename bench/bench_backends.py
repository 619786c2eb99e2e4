"""Graph backend benchmark: the same synthetic graph written to each backend through its
``GraphStore`` (one transaction per conversation, as ingestion writes), then the reads the
service makes: ``facts(as_of=...)`` and ``context()``.

    python bench/bench_backends.py                 # 100,000 facts, 200,000 fact edges
    python bench/bench_backends.py --scale 0.05    # a quick run (5,000 facts)

Backends: ``embedded`` (FalkorDB, the baseline, in this process's figures too), ``arcadedb``
(the Neo4j backend over Bolt, on an ArcadeDB server started from the arcadedb-embedded wheel)
and ``neo4j`` when ``NEO4J_URI`` (``NEO4J_USER``, ``NEO4J_PASSWORD``, ``NEO4J_DATABASE``) names
a scratch server, which the benchmark empties first.

The graph: ``--users`` users, each with conversations of ``--facts-per-conversation`` turns;
every fact is grounded in its turn (GROUNDED_IN) and mentions one of the user's 50 entities
(MENTIONS): 2 fact edges per fact, besides the conversation's HAD/HAS_TURN edges. Embeddings are
random unit vectors (384 floats: the MiniLM size); no extractor runs, so the figures are the
store's alone. Each backend's graph and server live in a temporary directory.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from contextos.graph.store import ConversationWrite, EntityWrite, FactWrite  # noqa: E402
from contextos.models import Conversation, Evidence, Fact, Turn  # noqa: E402

DIM = 384
ENTITIES_PER_USER = 50
START = datetime(2026, 1, 1, tzinfo=UTC)
QUERIES = [
    "what is blocking project 7?",
    "who do I work with on the audit?",
    "where does my sister live now?",
    "what changed with the launch this week?",
]


def _fact_text(u: int, n: int) -> str:
    return f"User {u} noted item {n} about project {n % ENTITIES_PER_USER} on day {n % 365}"


def synthetic_writes(
    users: int, facts_per_user: int, per_conversation: int, seed: int = 7
) -> Iterator[ConversationWrite]:
    """Conversations of every user in turn (user 0's first, user 1's first, ...)."""
    rng = np.random.default_rng(seed)
    conversations = max(1, facts_per_user // per_conversation)
    for c in range(conversations):
        for u in range(users):
            user = f"bench{u:03d}"
            cid = f"{user}-c{c}"
            when = START + timedelta(hours=c * 8760 / conversations)
            turns, facts, entity_keys = [], [], set()
            vectors = rng.standard_normal((per_conversation, DIM)).astype(np.float32)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            for i in range(per_conversation):
                n = c * per_conversation + i
                text = _fact_text(u, n)
                tid = f"{cid}:{i}"
                turns.append(
                    Turn(
                        id=tid,
                        conversation_id=cid,
                        index=i,
                        role="user",
                        speaker=user,
                        text=text,
                        timestamp=when,
                    )
                )
                ekey = f"{user}-e{n % ENTITIES_PER_USER}"
                entity_keys.add(ekey)
                fact = Fact(
                    id=f"{user}-f{n}",
                    user_id=user,
                    text=text,
                    type="USER_FACT",
                    category="work",
                    confidence=0.8,
                    subject=user,
                    turn_ids=[tid],
                    evidence=text,
                    evidence_spans=[
                        Evidence(
                            conversation_id=cid, turn_id=tid, start=0, end=len(text), quote=text
                        )
                    ],
                    valid_from=when,
                    recorded_at=when,
                )
                facts.append(
                    FactWrite(
                        fact=fact,
                        embedding=vectors[i].tolist(),
                        turn_keys=[f"{cid}-t{i}"],
                        entity_keys=[ekey],
                    )
                )
            conv = Conversation(id=cid, source="bench", turns=turns)
            yield ConversationWrite(
                user_id=user,
                user_name=user.title(),
                user_key=f"user:{user}",
                conversation_key=cid,
                conversation=conv,
                turns=turns,
                turn_keys={t.id: f"{cid}-t{t.index}" for t in turns},
                facts=facts,
                entities=[
                    EntityWrite(
                        key=k,
                        name=f"Project {k.rsplit('e', 1)[1]}",
                        type="Project",
                        seen_at=when.timestamp(),
                    )
                    for k in sorted(entity_keys)
                ],
                content_hash=f"h-{cid}",
            )


def _open(backend: str, workdir: Path) -> tuple[Any, Any, int | None]:
    """(store, server to stop or None, the server's pid when it runs here), the store open and
    empty."""
    if backend == "embedded":
        from contextos.graph.falkordb_store import FalkorDBStore

        store = FalkorDBStore(workdir / "graph")
        store.open()
        assert store.server is not None
        return store, None, store.server.pid
    from contextos.graph.neo4j_store import Neo4jStore

    server = None
    if backend == "arcadedb":
        from contextos.graph.arcadedb_server import ArcadeDBBoltServer

        server = ArcadeDBBoltServer(workdir / "arcadedb", heap="2g")
        server.start()
        url = f"{server.url}/{server.database}"
    else:
        sys.path.insert(0, str(ROOT / "tests" / "integration"))
        from backends import neo4j_url

        url = neo4j_url()
    store = Neo4jStore(url)
    store.open()
    store.run("MATCH (n) DETACH DELETE n")
    pid = server.process.pid if server is not None and server.process is not None else None
    return store, server, pid


def _cpu(pid: int | None) -> float:
    """CPU seconds (user + system) of a process so far: this one when pid is None."""
    import psutil

    t = psutil.Process(pid).cpu_times()
    return t.user + t.system


def _ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {1000 * statistics.median(ordered):8.1f} ms  p95 {1000 * p95:8.1f} ms"


def run_backend(backend: str, args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    from contextos import ContextOS
    from contextos.embeddings.minilm import default_embedder

    facts_per_user = int(args.facts * args.scale) // args.users
    store, server, server_pid = _open(backend, workdir)
    try:
        cpu0 = _cpu(None), _cpu(server_pid) if server_pid else 0.0
        t0 = time.perf_counter()
        conversations = 0
        for w in synthetic_writes(args.users, facts_per_user, args.facts_per_conversation):
            store.write_conversation(w)
            conversations += 1
            if args.progress and conversations % args.progress == 0:
                rate = conversations * args.facts_per_conversation / (time.perf_counter() - t0)
                print(f"[{backend}] {conversations} transactions, {rate:.0f} facts/s", flush=True)
        write_s = time.perf_counter() - t0
        cpu_client = _cpu(None) - cpu0[0]
        cpu_server = (_cpu(server_pid) - cpu0[1]) if server_pid else float("nan")
        facts = sum(store.stats(f"bench{u:03d}").get("Fact", 0) for u in range(args.users))
        fact_edges = store.run(
            "MATCH (f:Fact)-[r]->() WHERE type(r) IN ['GROUNDED_IN', 'MENTIONS'] RETURN count(r)"
        )[0][0]
        all_edges = store.run("MATCH ()-[r]->() RETURN count(r)")[0][0]
        sampled = [f"bench{u:03d}" for u in range(0, args.users, max(1, args.users // 10))]
        as_of = START + timedelta(days=182)
        as_of_s = []
        for _ in range(args.repeats):
            for user in sampled:
                t = time.perf_counter()
                found = store.facts(user, as_of=as_of.timestamp())
                as_of_s.append(time.perf_counter() - t)
        embedder = default_embedder()
        embedder.embed_texts(["warm up"])
        cx = ContextOS(store, data_dir=workdir, embedder=embedder)
        context_s = []
        for r in range(args.repeats):
            for i, user in enumerate(sampled):
                t = time.perf_counter()
                cx.context(QUERIES[(i + r) % len(QUERIES)], user=user)
                context_s.append(time.perf_counter() - t)
        caps = getattr(store, "capabilities", None)
        return {
            "backend": backend,
            "conversations": conversations,
            "facts": facts,
            "fact_edges": fact_edges,
            "edges": all_edges,
            "write_s": write_s,
            "cpu_client_s": cpu_client,
            "cpu_server_s": cpu_server,
            "as_of_facts": len(found),
            "as_of_s": as_of_s,
            "context_s": context_s,
            "search": "vector index"
            if backend == "embedded" or (caps and caps.vector_index)
            else "exact scan",
        }
    finally:
        store.close()
        if server is not None:
            server.stop()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of --facts to write")
    ap.add_argument("--facts", type=int, default=100_000)
    ap.add_argument("--users", type=int, default=50)
    ap.add_argument("--facts-per-conversation", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=3, help="passes over the sampled users")
    ap.add_argument("--progress", type=int, default=0, help="print the rate every N transactions")
    ap.add_argument(
        "--backends",
        default="embedded,arcadedb" + (",neo4j" if os.environ.get("NEO4J_URI") else ""),
    )
    args = ap.parse_args(argv)
    results = []
    for backend in args.backends.split(","):
        with tempfile.TemporaryDirectory(prefix=f"bench-{backend}-") as tmp:
            print(f"[{backend}] writing ...", flush=True)
            results.append(run_backend(backend, args, Path(tmp)))
    base = results[0]
    print()
    for r in results:
        rate = r["facts"] / r["write_s"]
        print(
            f"{r['backend']:9s} {r['conversations']:6d} transactions, {r['facts']:7d} facts, "
            f"{r['fact_edges']:7d} fact edges ({r['edges']} edges in all) in "
            f"{r['write_s']:7.1f} s: {rate:7.0f} facts/s, "
            f"{r['fact_edges'] / r['write_s']:7.0f} fact edges/s"
            + (f"  ({rate / (base['facts'] / base['write_s']):.2f}x {base['backend']})")
        )
        print(
            f"{'':9s} write CPU: client {r['cpu_client_s']:.1f} s, server "
            f"{r['cpu_server_s']:.1f} s ({r['facts'] / r['cpu_server_s']:.0f} facts per "
            "server CPU second)"
        )
        print(f"{'':9s} as_of ({r['as_of_facts']} facts of a user): {_ms(r['as_of_s'])}")
        print(f"{'':9s} context ({r['search']}):{'':14s} {_ms(r['context_s'])}")


if __name__ == "__main__":
    main()
