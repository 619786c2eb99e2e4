"""``ContextOSRetriever``: contextos's own retrieval as a property-graph sub-retriever.

It asks :meth:`ContextOS.context` for the token-budgeted context of the query (hybrid
retrieval, packing) and returns what was kept as nodes, most relevant first: a fact's text with
its evidence, an entity with its properties; ``score`` is contextos's relevance and
``metadata`` says where each came from (source type and id, section, turn ids, quotes)::

    retriever = index.as_retriever(sub_retrievers=[ContextOSRetriever(store, max_tokens=400)])
"""

from __future__ import annotations

from typing import Any

from llama_index.core.indices.property_graph.sub_retrievers.base import BasePGRetriever
from llama_index.core.schema import (
    NodeRelationship,
    NodeWithScore,
    QueryBundle,
    RelatedNodeInfo,
    TextNode,
)

from contextos.llamaindex.graph_store import ContextOSGraphStore
from contextos.llamaindex.view import evidence_of
from contextos.models.context import ContextResult, ContextSource
from contextos.models.entities import Entity
from contextos.models.facts import Fact, turn_ref
from contextos.models.transcript import Turn

__all__ = ["ContextOSRetriever"]

#: metadata a language model need not read (ids and offsets); kept for tracing
_NOT_FOR_LLM = ["source_id", "turn_ids", "conversation_ids", "evidence", "section", "relevance"]


class ContextOSRetriever(BasePGRetriever):
    """The budgeted context of a query as ``NodeWithScore``s with scores and sources.

    ``include_text=True`` adds the turn each fact was said in, the way LlamaIndex's own
    sub-retrievers add a triplet's source chunk.
    """

    def __init__(
        self,
        graph_store: ContextOSGraphStore,
        *,
        max_tokens: int = 500,
        agent_type: str = "general",
        include_text: bool = False,
        **kwargs: Any,
    ) -> None:
        if not isinstance(graph_store, ContextOSGraphStore):
            raise TypeError("ContextOSRetriever reads a ContextOSGraphStore")
        self.store = graph_store
        self.max_tokens = max_tokens
        self.agent_type = agent_type
        #: the last ``ContextResult`` (its ``injection`` is the packed text an agent is given)
        self.last_result: ContextResult | None = None
        super().__init__(graph_store=graph_store, include_text=include_text, **kwargs)

    def retrieve_from_graph(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        result = self.store.context(
            query_bundle.query_str, max_tokens=self.max_tokens, agent_type=self.agent_type
        )
        self.last_result = result
        facts = {
            f.id: f
            for f in self.store.cx.store.get_facts(
                [s.id for s in result.sources if s.type == "fact"], self.store.user
            )
        }
        wanted = {s.id for s in result.sources if s.type == "entity"}
        entities = (
            {e.id: e for e in self.store.cx.entities(self.store.user) if e.id in wanted}
            if wanted
            else {}
        )
        hit_keys = [s.id for s in result.sources if s.type == "episode"]
        episodes = {
            key: window[0][1]
            for key, window in self.store.cx.store.turn_windows(
                self.store.user, hit_keys, radius=0
            ).items()
            if window
        }
        nodes: list[NodeWithScore] = []
        for source in result.sources:
            if source.type == "fact" and source.id in facts:
                node = _fact_node(facts[source.id], source)
            elif source.type == "entity" and source.id in entities:
                node = _entity_node(entities[source.id], source)
            elif source.type == "episode" and source.id in episodes:
                node = _episode_node(episodes[source.id], source)
            else:
                continue  # gone since (forgotten between the two reads)
            nodes.append(NodeWithScore(node=node, score=source.relevance))
        nodes.sort(key=lambda n: -(n.score or 0.0))
        return nodes

    async def aretrieve_from_graph(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        # the facade is not shared across threads: run in the caller's (as the base stores do)
        return self.retrieve_from_graph(query_bundle)


def _base_metadata(source: ContextSource) -> dict[str, Any]:
    return {
        "source_type": source.type,
        "source_id": source.id,
        "section": source.section,
        "relevance": source.relevance,
        "turn_ids": list(source.turn_ids),
    }


def _fact_node(f: Fact, source: ContextSource) -> TextNode:
    metadata = {
        **_base_metadata(source),
        "subject": f.subject,
        "category": f.category,
        "confidence": f.confidence,
        "valid_from": f.valid_from.isoformat() if f.valid_from else None,
        "conversation_ids": f.conversation_ids,
        "evidence": evidence_of(f),
    }
    relationships = {}
    if f.evidence_spans:
        first = f.evidence_spans[0]
        relationships[NodeRelationship.SOURCE] = RelatedNodeInfo(
            node_id=turn_ref(first.conversation_id, first.turn_id)
        )
    return TextNode(
        id_=f.id,
        text=f.text,
        metadata=metadata,
        relationships=relationships,
        excluded_llm_metadata_keys=_NOT_FOR_LLM,
        excluded_embed_metadata_keys=list(metadata),
    )


def _episode_node(t: Turn, source: ContextSource) -> TextNode:
    """An excerpt's turn: who said it, when, and the turn's own words."""
    when = t.timestamp.date().isoformat() if t.timestamp else None
    metadata = {
        **_base_metadata(source),
        "speaker": t.speaker,
        "said_at": when,
        "conversation_id": t.conversation_id,
    }
    return TextNode(
        id_=source.id,
        text=f"{t.speaker}{f' ({when})' if when else ''}: {t.text}",
        metadata=metadata,
        excluded_llm_metadata_keys=_NOT_FOR_LLM,
        excluded_embed_metadata_keys=list(metadata),
    )


def _entity_node(e: Entity, source: ContextSource) -> TextNode:
    props = ", ".join(f"{k}: {v}" for k, v in e.properties.items() if v not in (None, "", []))
    text = f"{e.name} ({e.type}{'; ' + props if props else ''})"
    metadata = {**_base_metadata(source), "name": e.name, "entity_type": e.type}
    return TextNode(
        id_=e.id,
        text=text,
        metadata=metadata,
        excluded_llm_metadata_keys=_NOT_FOR_LLM,
        excluded_embed_metadata_keys=list(metadata),
    )
