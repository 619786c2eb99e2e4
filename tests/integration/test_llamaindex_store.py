"""LlamaIndex on the embedded server: its FalkorDB property-graph store reading the contextos
graph, and a plain PropertyGraphIndex built with the contextos extractor (no LLM)."""

from __future__ import annotations

from llama_index.core import Document, PropertyGraphIndex
from llama_index.core.indices.property_graph import VectorContextRetriever

from contextos import ContextOS
from contextos.embeddings import MiniLMEmbedding
from contextos.extract.llamaindex import GraphExtractor
from contextos.models import UserRef
from contextos.samples import sample_paths

JSONL = next(p for p in sample_paths() if p.name == "jordan_chats.jsonl")


def test_llamaindex_reads_the_contextos_graph_with_cypher(data_dir):
    with ContextOS.open(data_dir) as cx:
        cx.ingest(JSONL, user="jordan")
        li = cx.store.llamaindex_store()
        rows = li.structured_query(
            "MATCH (f:Fact)-[:GROUNDED_IN]->(t:Turn) WHERE f.user_id = $u "
            "RETURN f.text AS fact, t.id AS turn",
            param_map={"u": "jordan"},
        )
        assert rows and all(r["turn"].startswith("jl-s") for r in rows)
        li._driver.connection.close()


def test_a_property_graph_index_beside_the_contextos_graph(data_dir):
    with ContextOS.open(data_dir) as cx:
        cx.ingest(JSONL, user="jordan")
        facts_before = len(cx.facts("jordan"))
        store = cx.store.llamaindex_store(database="llamaindex_notes")
        docs = [
            Document(
                text="My manager Alice Moreau wants the migration done by April. "
                "I live in Porto and I love trail running."
            )
        ]
        extractor = GraphExtractor(user=UserRef(id="jordan", name="Jordan Lee"))
        index = PropertyGraphIndex.from_documents(
            docs,
            property_graph_store=store,
            kg_extractors=[extractor],
            embed_model=MiniLMEmbedding(),
            llm=None,
            show_progress=False,
        )
        retriever = index.as_retriever(
            sub_retrievers=[
                VectorContextRetriever(store, embed_model=MiniLMEmbedding(), include_text=True)
            ]
        )
        nodes = retriever.retrieve("who is Jordan's manager?")
        assert any("Alice" in n.node.get_content() for n in nodes)
        triplets = store.get_triplets(relation_names=["ABOUT"])
        assert any("Porto" in src.name for src, _, _ in triplets)
        assert len(cx.facts("jordan")) == facts_before  # contextos's graph untouched
        store._driver.connection.close()
