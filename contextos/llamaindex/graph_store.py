"""``ContextOSGraphStore``: a LlamaIndex ``PropertyGraphStore`` over one user's contextos graph.

Reads answer from the graph as contextos keeps it (see :mod:`contextos.llamaindex.view` for
how entities, facts, turns and edges appear); ``vector_query`` searches the facts with
contextos's own embeddings; ``structured_query`` runs the caller's Cypher read-only. Writes
never go around the pipeline: text is ingested as something the user said (extract, validate,
resolve, supersede), and a bare entity, relation or delete is refused with
:class:`~contextos.llamaindex.errors.UnsupportedWrite`::

    store = ContextOSGraphStore(cx, user="dana")
    index = PropertyGraphIndex.from_existing(
        property_graph_store=store, embed_model=store.embed_model,
        kg_extractors=[PipelineExtractor()])
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.graph_stores.types import (
    KG_NODES_KEY,
    KG_RELATIONS_KEY,
    ChunkNode,
    LabelledNode,
    PropertyGraphStore,
    Relation,
    Triplet,
)
from llama_index.core.schema import BaseNode, TextNode, TransformComponent
from llama_index.core.vector_stores.types import VectorStoreQuery

from contextos.errors import ConfigError, StoreError
from contextos.graph.records import to_epoch
from contextos.llamaindex.conversations import conversation_from_node
from contextos.llamaindex.errors import UnsupportedWrite
from contextos.llamaindex.filters import passes
from contextos.llamaindex.readonly import check_read_only
from contextos.llamaindex.schema import TEXT_TO_CYPHER, schema, schema_text
from contextos.llamaindex.view import GraphView, fact_node, split_turn_ref
from contextos.models.context import ContextResult
from contextos.models.facts import Fact
from contextos.models.report import IngestReport
from contextos.models.user_id import check_user_id
from contextos.service import ContextOS

__all__ = ["ContextOSGraphStore", "PipelineExtractor"]


class PipelineExtractor(TransformComponent):
    """The ``kg_extractors`` entry for inserting into a :class:`ContextOSGraphStore`: it adds
    no graph elements of its own (LlamaIndex wants the metadata keys set), because the store's
    write runs contextos's extractor, validation and resolution on the text itself."""

    @classmethod
    def class_name(cls) -> str:
        return "ContextOSPipelineExtractor"

    def __call__(self, nodes: Sequence[BaseNode], **kwargs: Any) -> Sequence[BaseNode]:
        for node in nodes:
            node.metadata.setdefault(KG_NODES_KEY, [])
            node.metadata.setdefault(KG_RELATIONS_KEY, [])
        return nodes


class ContextOSGraphStore(PropertyGraphStore):
    """One user's contextos graph as a LlamaIndex property graph.

    ``as_of`` shows the facts valid at that time instead of the current ones;
    ``include_superseded`` shows replaced facts too (with ``SUPERSEDES`` edges).
    """

    #: read-only Cypher (``structured_query``): the database refuses writes
    supports_structured_queries: bool = True
    #: ``vector_query`` over the facts, with contextos's embeddings
    supports_vector_queries: bool = True
    text_to_cypher_template = TEXT_TO_CYPHER

    def __init__(
        self,
        cx: ContextOS,
        user: str,
        *,
        user_name: str | None = None,
        as_of: datetime | None = None,
        include_superseded: bool = False,
    ) -> None:
        self.cx = cx
        self.user = check_user_id(user)
        self._user_name = user_name
        self.as_of = as_of
        self.include_superseded = include_superseded
        self._view: tuple[tuple[Any, ...], GraphView] | None = None

    @property
    def client(self) -> ContextOS:
        return self.cx

    @property
    def user_name(self) -> str:
        """The user's name as the graph knows it (or as given), else the id."""
        if self._user_name:
            return self._user_name
        return next((str(n) for u, n in self.cx.store.users() if u == self.user and n), self.user)

    @property
    def embed_model(self) -> BaseEmbedding:
        """The LlamaIndex embedding model of contextos's embedder (for ``embed_model=``)."""
        embedder = self.cx.embedder
        model: Any
        if isinstance(embedder, BaseEmbedding):
            model = embedder
        elif hasattr(embedder, "as_llamaindex"):  # the offline MiniLM
            model = embedder.as_llamaindex()
        else:  # a LlamaIndexEmbedder
            model = getattr(embedder, "model", None)
        if not isinstance(model, BaseEmbedding):
            raise ConfigError(f"{embedder.model_name} is not a LlamaIndex embedding model")
        return model

    def view(self) -> GraphView:
        """The user's graph as LlamaIndex nodes and triplets: read once, and again whenever
        anything has been written for the user since (one small query tells)."""
        store: Any = self.cx.store  # a CypherGraphStore: the reads the view makes
        version = store.graph_version(self.user)
        if self._view is None or self._view[0] != version:
            view = GraphView.read(
                store,
                self.user,
                as_of=to_epoch(self.as_of),
                include_superseded=self.include_superseded,
            )
            self._view = (version, view)
        return self._view[1]

    def _visible(self, fact: Fact) -> bool:
        """Whether the store shows ``fact`` (current; valid at ``as_of``; or any)."""
        if self.as_of is None:
            return self.include_superseded or fact.is_current
        at = self.as_of if self.as_of.tzinfo else self.as_of.replace(tzinfo=UTC)
        started = fact.valid_from is None or fact.valid_from <= at
        return started and (self.include_superseded or fact.valid_to is None or fact.valid_to > at)

    # -- reads -----------------------------------------------------------------

    def get(
        self, properties: dict | None = None, ids: list[str] | None = None
    ) -> list[LabelledNode]:
        return self.view().get(properties, ids)

    def get_triplets(
        self,
        entity_names: list[str] | None = None,
        relation_names: list[str] | None = None,
        properties: dict | None = None,
        ids: list[str] | None = None,
    ) -> list[Triplet]:
        return self.view().get_triplets(entity_names, relation_names, properties, ids)

    def get_rel_map(
        self,
        graph_nodes: list[LabelledNode],
        depth: int = 2,
        limit: int = 30,
        ignore_rels: list[str] | None = None,
    ) -> list[Triplet]:
        return self.view().rel_map(
            [n.id for n in graph_nodes], depth, limit, set(ignore_rels or [])
        )

    def get_llama_nodes(self, node_ids: list[str]) -> list[BaseNode]:
        """The turns named by ``node_ids`` (a fact's ``triplet_source_id``) as text nodes: what
        LlamaIndex's ``include_text`` adds to a retrieved fact. Other ids give nothing."""
        refs = [r for r in (split_turn_ref(i) for i in node_ids) if r is not None]
        if not refs:
            return []
        out: list[BaseNode] = []
        for _key, t in self.cx.store.turns(self.user, sorted(set(refs))):
            node = TextNode(
                id_=f"{t.conversation_id}\x1f{t.id}",
                text=t.text,
                metadata={
                    "speaker": t.speaker,
                    "role": t.role,
                    "conversation_id": t.conversation_id,
                    "turn_id": t.id,
                    "timestamp": t.timestamp.isoformat() if t.timestamp else None,
                },
            )
            out.append(node)
        return out

    async def aget_llama_nodes(self, node_ids: list[str]) -> list[BaseNode]:
        return self.get_llama_nodes(node_ids)

    def vector_query(
        self, query: VectorStoreQuery, **kwargs: Any
    ) -> tuple[list[LabelledNode], list[float]]:
        """The facts nearest ``query.query_embedding`` (or ``query.query_str``, embedded here)
        in contextos's vector index, best first; ``filters`` compare fact properties."""
        embedding = query.query_embedding
        if embedding is None:
            if not query.query_str:
                raise ConfigError("vector_query needs a query_embedding or a query_str")
            embedding = [float(x) for x in np.asarray(self.cx.embed([query.query_str]))[0]]
        if len(embedding) != self.cx.embedder.dimension:
            raise ConfigError(
                f"the query vector has {len(embedding)} dimensions; this graph's facts are "
                f"embedded with {self.cx.embedder.model_name} ({self.cx.embedder.dimension}): "
                "pass embed_model=store.embed_model"
            )
        k = query.similarity_top_k or 4
        hits = self.cx.store.similar_facts(self.user, list(embedding), k=k * 4)
        facts = {f.id: f for f in self.cx.store.get_facts([i for i, _ in hits], self.user)}
        nodes: list[LabelledNode] = []
        scores: list[float] = []
        for fact_id, score in hits:
            fact = facts.get(fact_id)
            if fact is None or not self._visible(fact):
                continue  # superseded (unless shown), or not valid at as_of
            node = fact_node(fact)
            if not passes(node.properties, query.filters):
                continue
            nodes.append(node)
            scores.append(score)
            if len(nodes) == k:
                break
        return nodes, scores

    def structured_query(self, query: str, param_map: dict[str, Any] | None = None) -> Any:
        """Run ``query`` read-only and return its rows as dicts by column. ``$user_id`` is
        bound to this store's user: filter on it (the Cypher sees the whole database). A
        statement that writes is refused (:class:`WriteQueryRefused`) before it is sent, and
        the database runs it read-only in any case."""
        check_read_only(query)
        run = getattr(self.cx.store, "run_read_only", None)
        if run is None:
            raise StoreError(f"{self.cx.store.name} cannot run read-only queries")
        return run(query, {"user_id": self.user, **(param_map or {})})

    def get_schema(self, refresh: bool = False) -> Any:
        return schema()

    def get_schema_str(self, refresh: bool = False) -> str:
        return schema_text()

    # -- writes: through the pipeline, or refused ----------------------------------

    def ingest_text_nodes(self, nodes: Sequence[BaseNode]) -> IngestReport | None:
        """Each text node as something the user said, through contextos's whole pipeline."""
        convs = [c for c in (conversation_from_node(n, self.user_name) for n in nodes) if c]
        if not convs:
            return None
        return self.cx.ingest(convs, user=self.user, user_name=self.user_name)

    def upsert_llama_nodes(self, llama_nodes: list[BaseNode]) -> None:
        self.ingest_text_nodes(llama_nodes)

    def upsert_nodes(self, nodes: Sequence[LabelledNode]) -> None:
        """Text chunks are ingested as the user's words; entity nodes are refused (contextos
        finds entities in text, with the turn that names them)."""
        others = [n for n in nodes if not isinstance(n, ChunkNode)]
        if others:
            raise UnsupportedWrite(f"upsert_nodes of {len(others)} {others[0].label} node(s)")
        chunks = [n for n in nodes if isinstance(n, ChunkNode)]
        self.ingest_text_nodes([TextNode(id_=n.id, text=n.text) for n in chunks])

    def upsert_relations(self, relations: list[Relation]) -> None:
        if relations:
            raise UnsupportedWrite(f"upsert_relations of {len(relations)} relation(s)")

    def delete(
        self,
        entity_names: list[str] | None = None,
        relation_names: list[str] | None = None,
        properties: dict | None = None,
        ids: list[str] | None = None,
    ) -> None:
        if entity_names or relation_names or properties or ids:
            raise UnsupportedWrite(
                "delete (a fact is never deleted alone: a newer statement supersedes it)"
            )

    # -- contextos's own retrieval, for ContextOSRetriever ---------------------------

    def context(
        self, query: str, *, max_tokens: int = 500, agent_type: str = "general"
    ) -> ContextResult:
        return self.cx.context(query, user=self.user, agent_type=agent_type, max_tokens=max_tokens)
