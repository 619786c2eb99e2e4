"""Facts ranked for a free-text query (``ContextOS.search_facts``, the MCP ``search_facts``
tool), through the context engine's own retrievers: BM25 over the user's facts, the Fact
vector index and the graph around the entities the query names, fused by weighted
reciprocal rank (the engine's :class:`~contextos.context.config.RetrievalConfig`). One
retrieval stack serves ``context()`` and the search, so both see the same index (kept in step
with ingestion, live writes and preferences) and the same weights."""

from __future__ import annotations

from contextos.context.engine import ContextEngine
from contextos.context.fusion import reciprocal_rank_fusion
from contextos.context.query import ContextQuery, ScoredItem
from contextos.models.facts import Fact

__all__ = ["search_facts"]


def _when(fact: Fact) -> float:
    stamp = fact.recorded_at or fact.valid_from
    return stamp.timestamp() if stamp else 0.0


def search_facts(
    engine: ContextEngine,
    query: str,
    user_id: str,
    limit: int,
    include_superseded: bool = False,
    user_name: str = "",
) -> list[tuple[Fact, float]]:
    """The user's facts best matching ``query``, best first, each with its fused score (the
    sum of ``weight / (rrf_k + rank)`` over the retrievers that found it); ended and
    superseded facts only with ``include_superseded``. An empty query lists the most recently
    recorded facts (score 0)."""
    store = engine.store
    if not query.strip():
        facts = store.facts(user_id, include_superseded=include_superseded)
        facts.sort(key=lambda f: (-_when(f), f.id))
        return [(f, 0.0) for f in facts[:limit]]
    cfg = engine.config
    # superseded facts share the retrievers' lists: ask for more when they are filtered out
    k = max(cfg.per_retriever_k, limit * (2 if include_superseded else 4))
    q = ContextQuery(text=query, user_id=user_id, user_name=user_name, min_confidence=0.0, k=k)
    q.vector = engine.embed([query])[0].tolist()
    lists: dict[str, list[ScoredItem]] = {}
    for retriever in engine.retrievers(engine.state(q), user_id):
        lists[retriever.name] = [it for it in retriever.retrieve(q) if it.kind == "fact"]
    fused = reciprocal_rank_fusion(lists, cfg.weights, cfg.rrf_k)
    order = sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))
    ids = [ref[1] for ref, _ in order]
    found = {f.id: f for f, _ in store.facts_with_last_said(ids, user_id)}
    out: list[tuple[Fact, float]] = []
    for ref, score in order:
        f = found.get(ref[1])
        if f is None or not (include_superseded or f.is_current):
            continue
        out.append((f, round(score, 6)))
        if len(out) >= limit:
            break
    return out
