"""The latency half of bench_context.py: a synthetic user of F facts and T turns written
through the store's own write path (``write_conversation``, vectors included) on the embedded
FalkorDB, the lexical index kept in step conversation by conversation (its cost per 1,000
turns measured), then ``context()`` timed warm.

The texts are sentences drawn from a fixed vocabulary with people, places and dates (seeded:
the same graph every run); the vectors random unit vectors (the index's work is the same as
for real ones; MiniLM embedding of real turns is measured apart, per 1,000 turns)."""

from __future__ import annotations

import random
import statistics
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from contextos.graph.store import ConversationWrite, EntityWrite, FactWrite
from contextos.models.facts import Fact
from contextos.models.transcript import Conversation, Turn, stable_id
from contextos.resolve.entities import user_key

__all__ = ["build_synthetic_user", "latency_figures", "synthetic_queries", "time_context"]

_PEOPLE = [
    f"{a} {b}"
    for a in ("Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea")
    for b in ("Moss", "Reyes", "Kahn", "Okafor", "Lind")
]
_PLACES = ["Lisbon", "Osaka", "Denver", "the lake", "the gym", "the office", "Berlin", "Cusco"]
_VERBS = [
    "visited",
    "called",
    "met",
    "planned a trip to",
    "wrote about",
    "argued with",
    "painted",
    "cooked for",
    "ran with",
    "moved to",
    "started learning",
    "finished",
]
_NOUNS = [
    "pottery",
    "guitar",
    "marathon",
    "garden",
    "thesis",
    "novel",
    "startup",
    "kayak",
    "recipe",
    "camera",
    "piano",
    "budget",
    "deadline",
    "migration",
    "audit",
    "concert",
]


def _vocab(rng: random.Random, n: int = 4000) -> list[str]:
    letters = "abcdefghijklmnoprstuvw"
    return ["".join(rng.choice(letters) for _ in range(rng.randint(4, 9))) for _ in range(n)]


def _sentence(rng: random.Random, vocab: list[str]) -> str:
    who = rng.choice(_PEOPLE).split()[0]
    filler = " ".join(rng.choices(vocab, k=rng.randint(6, 16)))
    return (
        f"I {rng.choice(_VERBS)} {rng.choice(_NOUNS)} with {who} in {rng.choice(_PLACES)} "
        f"last {rng.choice(['week', 'month', 'Friday', 'year'])}, {filler}."
    )


def _unit(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    v = rng.standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def build_synthetic_user(
    cx: Any,
    user: str,
    facts: int,
    turns: int,
    per_conversation: int = 1000,
    seed: int = 42,
) -> dict[str, float]:
    """Write the user's graph; returns the timings (seconds) of the store writes and of the
    lexical index updates, and the counts. Resumable: a conversation an earlier run wrote
    (its checkpoint holds its content hash) is not written again, so a build cut short is
    finished by running it again on the same data directory (the texts and vectors are
    drawn in the same order either way)."""
    rng, nrng = random.Random(seed), np.random.default_rng(seed)
    vocab = _vocab(rng)
    dim = cx.embedder.dimension
    store, engine = cx.store, cx.engine
    ukey = user_key(user)
    start = datetime(2024, 1, 1, tzinfo=UTC)
    n_conv = max(1, turns // per_conversation)
    facts_per = max(1, facts // n_conv)
    people = [
        EntityWrite(
            key=stable_id(user, "Person", p),
            name=p,
            type="Person",
            aliases=[p.split()[0]],
            properties={"relationship": "friend"},
        )
        for p in _PEOPLE
    ]
    write_s = index_s = 0.0
    written = 0
    for c in range(n_conv):
        when = start + timedelta(days=c)
        cid = f"syn-{c}"
        conv_turns = [
            Turn(
                id=f"{cid}:{i}",
                conversation_id=cid,
                index=i,
                role="user",
                speaker="Sam" if i % 2 == 0 else rng.choice(_PEOPLE).split()[0],
                text=_sentence(rng, vocab),
                timestamp=when,
            )
            for i in range(per_conversation)
        ]
        conv = Conversation(id=cid, source="transcript", created_at=when, turns=conv_turns)
        ckey = stable_id(user, cid)
        keys = {t.id: stable_id(ckey, t.id) for t in conv_turns}
        tvecs = _unit(nrng, len(conv_turns), dim)
        fvecs = _unit(nrng, facts_per, dim)
        fact_writes = []
        for j in range(facts_per):
            t = conv_turns[(j * 2) % len(conv_turns)]
            fact = Fact(
                id=stable_id(user, cid, j),
                user_id=user,
                text=f"Sam {t.text[2:]}",
                type="USER_FACT",
                category=rng.choice(["like", "experience", "plan", "work", "other"]),
                confidence=0.9,
                subject="Sam",
                turn_ids=[t.id],
                evidence=t.text,
                conversation_ids=[cid],
                valid_from=when,
                recorded_at=when,
            )
            fact_writes.append(
                FactWrite(fact=fact, embedding=fvecs[j].tolist(), turn_keys=[keys[t.id]])
            )
        write = ConversationWrite(
            user_id=user,
            user_name="Sam",
            user_key=ukey,
            conversation_key=ckey,
            conversation=conv,
            turns=conv_turns,
            turn_keys=keys,
            facts=fact_writes,
            entities=people if c == 0 else [],
            content_hash=conv.content_hash(),
            turn_vectors={keys[t.id]: tvecs[i].tolist() for i, t in enumerate(conv_turns)},
        )
        if store.checkpoint(ckey) == write.content_hash:  # written by an earlier, cut run
            engine.on_written(write)  # the index skips what it holds
            continue
        t0 = time.perf_counter()
        store.write_conversation(write)
        t1 = time.perf_counter()
        engine.on_written(write)
        t2 = time.perf_counter()
        write_s += t1 - t0
        index_s += t2 - t1
        written += 1
        if written % 10 == 0:
            print(f"    {c + 1}/{n_conv} conversations written", flush=True)
    return {
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "conversations": n_conv,
        "turns": n_conv * per_conversation,
        "facts": n_conv * facts_per,
        "write_s": write_s,
        "index_s": index_s,
        #: turns this run wrote (a run resuming a cut build writes only the rest)
        "turns_timed": written * per_conversation,
    }


def time_context(cx: Any, user: str, queries: list[str], max_tokens: int = 500) -> dict[str, float]:
    """p50/p95/mean (ms) of ``context()``, warm (five other queries asked first)."""
    timed = set(queries)
    for q in [w for w in synthetic_queries(10, seed=99) if w not in timed][:5]:
        cx.context(q, user=user, max_tokens=max_tokens)
    times = []
    for q in queries:
        t0 = time.perf_counter()
        cx.context(q, user=user, max_tokens=max_tokens)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return {
        "p50_ms": statistics.median(times),
        "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))],
        "mean_ms": statistics.fmean(times),
        "n": len(times),
    }


def synthetic_queries(n: int, seed: int = 7) -> list[str]:
    """``n`` distinct questions (no repeats: the engine caches a repeated query's vector,
    which would flatter the figures)."""
    rng = random.Random(seed)
    forms = [
        "when did I visit {p} in {l}?",
        "what did {f} and I do with the {n}?",
        "how is my {n} going with {f}?",
        "who did I meet in {l} about the {n}?",
        "what do I know about {f} and {l}?",
        "did I finish the {n} in {l}?",
    ]
    out: dict[str, None] = {}
    while len(out) < n:
        q = rng.choice(forms).format(
            p=rng.choice(_NOUNS),
            l=rng.choice(_PLACES),
            f=rng.choice(_PEOPLE).split()[0],
            n=rng.choice(_NOUNS),
        )
        out[q] = None
    return list(out)


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def real_turn_texts(n: int) -> list[str]:
    """Turns of real conversational length and wording, what MiniLM reads at ingest (cut as
    the pipeline cuts them): the read long conversations' turns. The synthetic graph's
    made-up words would split into many more word pieces and overstate the cost."""
    from bench.context_data import load_longconv
    from contextos.pipeline.conversation import turn_embed_text

    root = Path(__file__).resolve().parent / "longconv" / "read"
    texts = [
        turn_embed_text(t.text)
        for f in sorted(root.glob("*.json"))
        for c in load_longconv(f).conversations
        for t in c.turns
    ]
    return texts[:n]


def latency_figures(
    cx: Any, user: str, built: dict[str, Any], embed: Any, n_queries: int, target_ms: float
) -> dict[str, Any]:
    """Print and return the build cost per 1,000 turns, the ingest-time turn embedding cost,
    and ``context()`` warm p50/p95 overall and per stage (the engine's stage timer)."""
    per_k = 1000 / max(1, built.get("turns_timed", built["turns"]))
    print(
        f"  graph write: {built['write_s']:.1f} s "
        f"({built['write_s'] * per_k:.2f} s per 1,000 turns with their facts and both vectors)"
    )
    print(
        f"  BM25 upkeep: {built['index_s']:.1f} s "
        f"({built['index_s'] * per_k:.2f} s per 1,000 turns, merges included)"
    )
    texts = real_turn_texts(512)
    embed(texts[:16])
    t0 = time.perf_counter()
    embed(texts)
    emb_per_k = (time.perf_counter() - t0) / len(texts) * 1000
    words = statistics.fmean(len(t.split()) for t in texts)
    print(f"  MiniLM turn embedding ({words:.0f}-word turns): {emb_per_k:.2f} s per 1,000 turns")
    t0 = time.perf_counter()
    cx.context("warm up", user=user, max_tokens=500)
    first = time.perf_counter() - t0
    print(f"  first context() (loads the user's state, index and vectors): {first:.2f} s")
    engine = cx.engine
    engine.stage_timer.enabled = True
    engine.stage_timer.laps.clear()
    lat = time_context(cx, user, synthetic_queries(n_queries))
    laps = engine.stage_timer.laps[5:]  # the timed pass only (time_context warms with 5)
    engine.stage_timer.enabled = False
    ix = engine.index(user)
    t0 = time.perf_counter()
    for q in synthetic_queries(50, seed=3):
        ix.search(q, 40)
    bm25_ms = (time.perf_counter() - t0) / 50 * 1000
    mark = "meets" if lat["p95_ms"] <= target_ms else "misses"
    print(
        f"  context() warm: p50 {lat['p50_ms']:.1f} ms, p95 {lat['p95_ms']:.1f} ms "
        f"({lat['n']} queries; {mark} the {target_ms:.0f} ms target); "
        f"baseline in the same process, BM25 search alone over the same index: {bm25_ms:.1f} ms"
    )
    stages: dict[str, dict[str, float]] = {}
    names = list(dict.fromkeys(name for lap in laps for name in lap))
    print("  per stage (ms):      p50     p95")
    for name in names:
        vals = [lap.get(name, 0.0) * 1000 for lap in laps]
        stages[name] = {"p50_ms": statistics.median(vals), "p95_ms": _pct(vals, 0.95)}
        print(f"    {name:<16} {stages[name]['p50_ms']:7.2f} {stages[name]['p95_ms']:7.2f}")
    return {
        **lat,
        "first_context_s": first,
        "embed_s_per_1000": emb_per_k,
        "bm25_alone_ms": bm25_ms,
        "stages": stages,
    }
