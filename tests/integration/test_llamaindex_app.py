"""A plain LlamaIndex app over a contextos graph built from the bundled samples (embedded
FalkorDB, no LLM): PropertyGraphIndex.from_existing on ContextOSGraphStore, contextos's
retriever as a sub-retriever, the store's reads, read-only Cypher, writes through the pipeline,
and ContextOSMemoryBlock in LlamaIndex's Memory."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

import pytest
from cx_helpers import servers_for
from llama_index.core import Document, PropertyGraphIndex
from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.graph_stores.types import ChunkNode, EntityNode, Relation
from llama_index.core.llms import MockLLM
from llama_index.core.memory import Memory
from llama_index.core.vector_stores.types import (
    MetadataFilter,
    MetadataFilters,
    VectorStoreQuery,
)

from contextos import ContextOS
from contextos.errors import ConfigError, StoreError
from contextos.llamaindex import (
    ContextOSGraphStore,
    ContextOSMemoryBlock,
    ContextOSRetriever,
    PipelineExtractor,
    UnsupportedWrite,
    WriteQueryRefused,
)
from contextos.samples import DEMO_USER, DEMO_USER_NAME, sample_paths

SAMPLES = [p for p in sample_paths() if p.suffix == ".jsonl"]


def sample_turns() -> dict[tuple[str, str], str]:
    """(conversation id, turn id) -> text of every turn of the samples."""
    out = {}
    for path in SAMPLES:
        for line in path.read_text().splitlines():
            r = json.loads(line)
            out[(r["conversation_id"], r["turn_id"])] = r["text"]
    return out


@pytest.fixture(scope="module")
def cx(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("llamaindex") / "data"
    cx = ContextOS.open(data_dir)
    try:
        for path in SAMPLES:
            cx.ingest(path, user=DEMO_USER, user_name=DEMO_USER_NAME)
        yield cx
    finally:
        cx.close()
        for p in servers_for(data_dir):
            p.kill()


@pytest.fixture(scope="module")
def store(cx):
    return ContextOSGraphStore(cx, DEMO_USER)


@pytest.fixture(scope="module")
def index(store):
    # kg_extractors: without them LlamaIndex builds its LLM path extractor (and wants an LLM)
    return PropertyGraphIndex.from_existing(
        property_graph_store=store,
        embed_model=store.embed_model,
        kg_extractors=[PipelineExtractor()],
    )


def test_from_existing_and_the_retriever_returns_grounded_nodes(index, store):
    assert index.property_graph_store is store
    retriever = index.as_retriever(sub_retrievers=[ContextOSRetriever(store, max_tokens=300)])
    nodes = retriever.retrieve("What is blocking the billing migration?")
    assert nodes
    scores = [n.score for n in nodes]
    assert scores == sorted(scores, reverse=True) and all(0 < s <= 1.5 for s in scores)
    turns = sample_turns()
    facts = [n for n in nodes if n.node.metadata["source_type"] == "fact"]
    assert facts and any("billing migration" in n.node.get_content() for n in facts)
    for n in facts:
        for ev in n.node.metadata["evidence"]:
            said = turns[(ev["conversation_id"], ev["turn_id"])]
            assert said[ev["start"] : ev["end"]] == ev["quote"]  # the exact words of a turn
        assert n.node.metadata["turn_ids"]
    # the nodes are what contextos packed into its budget, no more
    result = store.context("What is blocking the billing migration?", max_tokens=300)
    assert {n.node.node_id for n in nodes} == {s.id for s in result.sources}
    assert result.token_count <= 300


def test_include_text_adds_the_turn_a_fact_was_said_in(store):
    retriever = ContextOSRetriever(store, max_tokens=200, include_text=True)
    nodes = retriever.retrieve("Where does Jordan live?")
    turns = set(sample_turns().values())
    with_turn = [n for n in nodes if n.node.metadata.get("speaker") == DEMO_USER_NAME]
    assert with_turn
    for n in with_turn:
        text = n.node.get_content()
        assert any(text.endswith(t) for t in turns)  # the fact lines, then the turn itself


def test_a_query_engine_with_mock_llm_cites_contextos_sources(index, store):
    engine = index.as_query_engine(
        llm=MockLLM(max_tokens=8), sub_retrievers=[ContextOSRetriever(store, max_tokens=300)]
    )
    response = engine.query("Who is Jordan's manager?")
    texts = [n.node.get_content() for n in response.source_nodes]
    assert any("Alice Moreau" in t for t in texts)


def test_entities_relations_and_the_rel_map_of_an_entity(store):
    (alice,) = store.get(ids=["Alice Moreau"])
    assert isinstance(alice, EntityNode) and alice.label == "Person"
    near = store.get_rel_map([alice], depth=1, limit=50)
    assert near and all(alice.id in (a.id, b.id) for a, _, b in near)
    about = [a for a, rel, b in near if rel.label in ("ABOUT", "MENTIONS")]
    assert about and all(isinstance(f, ChunkNode) and f.label == "Fact" for f in about)
    assert any("manager" in f.text for f in about)
    deeper = store.get_rel_map([alice], depth=2, limit=200)
    assert len(deeper) > len(near)
    grounding = [(a, rel, b) for a, rel, b in deeper if rel.label == "GROUNDED_IN"]
    turns = sample_turns()
    for _fact, rel, turn in grounding:
        said = turns[(turn.properties["conversation_id"], turn.properties["turn_id"])]
        assert turn.text == said and rel.properties["quote"] in said
    assert store.get_rel_map([alice], depth=2, limit=3) == deeper[:3]
    assert not [t for t in store.get_rel_map([alice], 2, 200, ["GROUNDED_IN"]) if t in grounding]
    (sister,) = store.get_triplets(relation_names=["SIBLING_OF"])
    assert (sister[0].name, sister[2].name) == (DEMO_USER_NAME, "Maya")
    assert sister[1].properties["relationship"] == "sister"


def test_vector_query_with_contextos_embeddings(store):
    query = VectorStoreQuery(query_str="Where does Jordan live now?", similarity_top_k=3)
    nodes, scores = store.vector_query(query)
    assert len(nodes) == 3 and scores == sorted(scores, reverse=True)
    assert "Porto" in nodes[0].text and nodes[0].properties["current"] is True
    embedding = store.embed_model.get_query_embedding("Where does Jordan live now?")
    by_vector, _ = store.vector_query(VectorStoreQuery(query_embedding=embedding))
    assert by_vector[0].id == nodes[0].id
    only_work = MetadataFilters(filters=[MetadataFilter(key="category", value="work")])
    work, _ = store.vector_query(VectorStoreQuery(query_str="Porto", filters=only_work))
    assert work and all(n.properties["category"] == "work" for n in work)
    with pytest.raises(ConfigError, match="dimensions"):
        store.vector_query(VectorStoreQuery(query_embedding=[0.1] * 7))


def test_superseded_facts_and_as_of(cx, store):
    lisbon = [n for n in store.get() if n.label == "Fact" and "Lisbon" in n.text]
    assert not lisbon  # the current graph: Jordan moved to Porto
    history = ContextOSGraphStore(cx, DEMO_USER, include_superseded=True)
    (old,) = [n for n in history.get() if n.label == "Fact" and "lives in Lisbon" in n.text]
    assert old.properties["current"] is False
    replaced_by = history.get_triplets(relation_names=["SUPERSEDES"], ids=[old.id])
    assert replaced_by and "Porto" in replaced_by[0][0].text
    before_move = ContextOSGraphStore(cx, DEMO_USER, as_of=datetime(2026, 3, 5, tzinfo=UTC))
    texts = [n.text for n in before_move.get() if n.label == "Fact"]
    assert any("Lisbon" in t for t in texts) and not any("Porto" in t for t in texts)


def test_structured_query_reads_and_refuses_writes(cx, store):
    rows = store.structured_query(
        "MATCH (f:Fact {user_id: $user_id})-[:GROUNDED_IN]->(t:Turn) "
        "RETURN f.text AS fact, t.id AS turn ORDER BY turn"
    )
    assert rows and set(rows[0]) == {"fact", "turn"}
    assert {r["turn"] for r in rows} <= {t for _, t in sample_turns()}
    before = cx.store.stats(DEMO_USER)
    for write in (
        "MATCH (f:Fact {user_id: $user_id}) DETACH DELETE f",
        "MATCH (f:Fact) SET f.text = 'nothing'",
        "CREATE (:Fact {user_id: $user_id, text: 'made up'})",
        "MERGE (e:Entity {key: 'x'}) RETURN e",
    ):
        with pytest.raises(WriteQueryRefused):
            store.structured_query(write)
    # the database is the guard too: a write the clause check never sees is refused there
    with pytest.raises(StoreError, match="read-only"):
        cx.store.run_read_only("CREATE (:Fact {text: 'made up'})")
    assert cx.store.stats(DEMO_USER) == before
    assert "GROUNDED_IN" in store.get_schema_str() and store.supports_structured_queries


def test_writes_around_the_pipeline_are_refused(cx, store):
    before = cx.store.stats(DEMO_USER)
    with pytest.raises(UnsupportedWrite, match="ContextOS.ingest"):
        store.upsert_nodes([EntityNode(name="Mallory", label="Person")])
    with pytest.raises(UnsupportedWrite):
        store.upsert_relations([Relation(label="MANAGES", source_id="a", target_id="b")])
    with pytest.raises(UnsupportedWrite, match="forget"):
        store.delete(ids=[store.get(ids=["Alice Moreau"])[0].id])
    assert cx.store.stats(DEMO_USER) == before


def test_index_insert_goes_through_the_pipeline(cx):
    store = ContextOSGraphStore(cx, "casey", user_name="Casey Ng")
    index = PropertyGraphIndex.from_existing(
        property_graph_store=store,
        embed_model=store.embed_model,
        kg_extractors=[PipelineExtractor()],
        use_async=False,
    )
    assert store.get() == []  # nobody yet (and the store's view of the graph is read)
    index.insert(Document(text="I work as a nurse at Lakeside Hospital and I love bouldering."))
    facts = cx.facts("casey")
    assert {f.id for f in facts} <= {n.id for n in store.get()}  # the written graph, not the old
    assert any("nurse" in f.text for f in facts)
    for f in facts:
        assert f.evidence in "I work as a nurse at Lakeside Hospital and I love bouldering."
    # a later statement supersedes the earlier one: resolution runs on inserted text too
    index.insert(Document(text="I live in Lisbon.", metadata={"timestamp": "2026-01-10T09:00:00Z"}))
    index.insert(
        Document(
            text="I moved to Porto last weekend.", metadata={"timestamp": "2026-02-10T09:00:00Z"}
        )
    )
    current = [f.text for f in cx.facts("casey")]
    assert any("Porto" in t for t in current) and not any("Lisbon" in t for t in current)
    (lisbon,) = [f for f in cx.facts("casey", include_superseded=True) if "Lisbon" in f.text]
    assert lisbon.superseded_by is not None


def test_memory_block_puts_turns_that_become_facts_and_gets_context(cx):
    block = ContextOSMemoryBlock(cx=cx, user="sam", user_name="Sam Okafor", max_tokens=200)
    memory = Memory.from_defaults(
        session_id="sam-chat",
        token_limit=60,
        chat_history_token_ratio=0.5,
        token_flush_size=20,
        memory_blocks=[block],
    )
    for role, text in [
        ("user", "I adopted a cat named Miso last weekend."),
        ("assistant", "Congratulations! How is Miso settling in?"),
        ("user", "She loves the balcony, and I started a pottery class on Tuesdays."),
        ("assistant", "Lovely, enjoy the class."),
    ]:
        memory.put(ChatMessage(role=role, content=text))
    assert block.last_report is not None and block.last_report.conversations == 1
    miso = [f for f in cx.facts("sam") if "Miso" in f.text]
    assert miso and miso[0].evidence in "I adopted a cat named Miso last weekend."
    messages = memory.get(input="What is my cat called?")
    memory_text = messages[0].content
    assert "<context_injection" in memory_text and "Miso" in memory_text
    # messages handed over twice (a retried flush): stored once
    again = ContextOSMemoryBlock(cx=cx, user="sam", user_name="Sam Okafor")
    said = [
        ChatMessage(role="user", content="My sister Ines lives in Toronto."),
        ChatMessage(role="assistant", content="Do you visit her often?"),
    ]
    asyncio.run(again.aput(said, session_id="sam-chat-2"))
    assert again.last_report is not None and again.last_report.conversations == 1
    count = len(cx.facts("sam"))
    asyncio.run(again.aput(said, session_id="sam-chat-2"))
    assert again.last_report.conversations_skipped_unchanged == 1
    assert len(cx.facts("sam")) == count
