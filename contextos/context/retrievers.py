"""The retrievers: BM25 over facts, entities and turns; vector search over facts and over
turns (the store's vector indexes); and the graph around the entities a query names."""

from __future__ import annotations

from contextos.context.config import RetrievalConfig
from contextos.context.entity_names import EntityNames
from contextos.context.lexical import LexicalIndex
from contextos.context.query import ContextQuery, ItemKind, ScoredItem
from contextos.graph.store import GraphStore

__all__ = ["FactVectorRetriever", "GraphRetriever", "LexicalRetriever", "TurnVectorRetriever"]

_KINDS: dict[str, ItemKind] = {"f": "fact", "t": "turn", "e": "entity"}


class LexicalRetriever:
    """BM25 (``bm25s``) over the user's facts, entity names and aliases, and turns."""

    name = "bm25"

    def __init__(self, index: LexicalIndex) -> None:
        self.index = index

    def retrieve(self, query: ContextQuery) -> list[ScoredItem]:
        if query.proactive:
            return []
        return [
            ScoredItem(_KINDS[doc[0]], doc[2:], score, self.name)
            for doc, score in self.index.search(query.text, query.k)
        ]


class FactVectorRetriever:
    """The facts nearest the query vector (the store's Fact vector index)."""

    name = "fact_vector"
    uses_vector = True

    def __init__(self, store: GraphStore) -> None:
        self.store = store

    def retrieve(self, query: ContextQuery) -> list[ScoredItem]:
        if query.proactive or query.vector is None:
            return []
        hits = self.store.similar_facts(query.user_id, query.vector, k=query.k)
        return [ScoredItem("fact", fid, sim, self.name) for fid, sim in hits]


class TurnVectorRetriever:
    """The turns nearest the query vector (the store's Turn vector index), said at or before
    ``as_of`` when the query gives one."""

    name = "turn_vector"
    uses_vector = True

    def __init__(self, store: GraphStore) -> None:
        self.store = store

    def retrieve(self, query: ContextQuery) -> list[ScoredItem]:
        if query.proactive or query.vector is None:
            return []
        hits = self.store.similar_turns(
            query.user_id, query.vector, k=query.k, as_of=query.as_of_epoch
        )
        return [ScoredItem("turn", key, sim, self.name) for key, sim in hits]


class GraphRetriever:
    """Entities the query names (exact, alias, fuzzy) with their 1-2-hop neighbours (a
    project's blockers, a person's projects and manager), and the facts about any of them."""

    name = "graph"

    def __init__(self, store: GraphStore, names: EntityNames, config: RetrievalConfig) -> None:
        self.store = store
        self.names = names
        self.config = config

    def retrieve(self, query: ContextQuery) -> list[ScoredItem]:
        if query.proactive:
            return []
        named = self.names.named_in(query.text)
        if not named:
            return []
        hop = self.config.hop_scores
        score: dict[str, float] = {
            k: hop[0] * (0.9 if how == "fuzzy" else 1.0) for k, how in named.items()
        }
        for seed, neighbour, hops in self.store.entity_neighbourhood(
            query.user_id, sorted(named), hops=2
        ):
            s = score[seed] * hop[min(hops, 2)]
            if s > score.get(neighbour.id, 0.0):
                score[neighbour.id] = s
        items = [ScoredItem("entity", key, s, self.name) for key, s in score.items()]
        for fid, keys in self.store.entity_fact_ids(query.user_id, sorted(score)).items():
            best = max(score[k] for k in keys)
            items.append(ScoredItem("fact", fid, best * 0.95, self.name))
        items.sort(key=lambda it: (-it.score, it.id))
        return items[: query.k * 2]
