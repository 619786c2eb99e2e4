"""Latency of the LlamaIndex adapters (contextos.llamaindex) on one user's graph, against
contextos's own ``ContextOS.context`` on the same graph in the same process (the baseline).

    python bench/bench_llamaindex.py                                   # 150 conversations
    python bench/bench_llamaindex.py --conversations 1500 --turns 60000   # a bigger memory

A synthetic ChatGPT export is ingested with the local extractor into a throw-away embedded
store; then each read is timed (median of ``--repeat`` calls, after one warm-up call). The
store's graph reads (get, get_triplets, get_rel_map) answer from one read of the user's whole
graph, kept until something is written for the user: the first read ("view, cold") pays for
it, later ones pay one small query to see that nothing changed.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_parse import ensure_export, export_parser  # noqa: E402

QUERIES = ["what is blocking the release?", "who is my manager?", "where is my sister?"]


def _median_ms(fn: Callable[[int], object], repeat: int) -> float:
    fn(0)  # warm-up
    times = []
    for i in range(repeat):
        t0 = time.perf_counter()
        fn(i)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = export_parser("contextos.llamaindex read latency", conversations=150, turns=6_000)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()

    from llama_index.core.indices.property_graph import VectorContextRetriever
    from llama_index.core.vector_stores.types import VectorStoreQuery

    from contextos import ContextOS
    from contextos.llamaindex import ContextOSGraphStore, ContextOSRetriever

    with tempfile.TemporaryDirectory(prefix="contextos-bench-li-") as tmp:
        directory = args.dir or Path(tmp)
        directory.mkdir(parents=True, exist_ok=True)
        export = ensure_export(directory, args.conversations, args.turns, args.seed, args.user_text)
        with ContextOS.open(Path(tmp) / "data") as cx:
            t0 = time.perf_counter()
            report = cx.ingest(export, user="bench")
            print(
                f"ingested {report.conversations} conversations / {report.turns} turns in "
                f"{time.perf_counter() - t0:.0f} s"
            )
            store = ContextOSGraphStore(cx, "bench")
            t0 = time.perf_counter()
            view = store.view()
            cold_ms = (time.perf_counter() - t0) * 1000
            facts = sum(1 for n in view.nodes.values() if n.label == "Fact")
            print(
                f"user graph as LlamaIndex sees it: {facts} facts, {len(view.nodes)} nodes, "
                f"{len(view.triplets)} triplets"
            )
            entities = [n for n in view.nodes.values() if n.label not in ("Fact", "Turn")]
            busiest = max(
                entities, key=lambda e: sum(1 for a, _, b in view.triplets if e.id in (a.id, b.id))
            )
            embed = store.embed_model
            retriever = ContextOSRetriever(store, max_tokens=500)
            vector = VectorContextRetriever(store, embed_model=embed, similarity_top_k=4)

            def query(i: int) -> str:
                return QUERIES[i % len(QUERIES)]

            rows = [
                ("baseline: ContextOS.context", lambda i: cx.context(query(i), user="bench")),
                ("ContextOSRetriever.retrieve", lambda i: retriever.retrieve(query(i))),
                (
                    "vector_query (query_str, k=4)",
                    lambda i: store.vector_query(
                        VectorStoreQuery(query_str=query(i), similarity_top_k=4)
                    ),
                ),
                ("VectorContextRetriever.retrieve", lambda i: vector.retrieve(query(i))),
                (
                    f"get_rel_map({busiest.id!r}, depth=2)",
                    lambda i: store.get_rel_map([busiest], depth=2, limit=30),
                ),
                (
                    "get_triplets(relation_names=[ABOUT])",
                    lambda i: store.get_triplets(relation_names=["ABOUT"]),
                ),
                (
                    "structured_query (facts per entity)",
                    lambda i: store.structured_query(
                        "MATCH (f:Fact {user_id: $user_id})-[:ABOUT]->(e:Entity) "
                        "RETURN e.name, count(f) ORDER BY count(f) DESC LIMIT 5"
                    ),
                ),
            ]
            base = None
            print(f"{'read':<48}{'median ms':>10}{'x baseline':>12}")
            print(f"{'view, cold (first graph read, once)':<48}{cold_ms:>10.1f}{'':>12}")
            for name, fn in rows:
                ms = _median_ms(fn, args.repeat)
                base = base or ms
                print(f"{name:<48}{ms:>10.1f}{ms / base:>12.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
