import re
from pathlib import Path

import pytest

from contextos.errors import StoreError
from contextos.graph import cypher

PACKAGE = Path(cypher.__file__).resolve().parent.parent


def _names_in(text: str) -> set[str]:
    names = set(re.findall(r'(?:_q|load|render|statements)\("([a-z_]+)"', text))
    return names | set(re.findall(r'^\s+"([a-z_]+)",?$', text, re.M)) & {
        p.name.split(".")[0] for p in cypher.CYPHER_DIR.glob("*.cypher")
    }


def test_every_statement_named_in_code_exists():
    """Every statement the shared code names exists for both dialects; those the Neo4j backend
    alone names exist for it."""
    names = set()
    for py in PACKAGE.rglob("*.py"):
        if py.name != "neo4j_store.py":
            names |= _names_in(py.read_text())
    assert "upsert_facts" in names and "list_facts" in names and "create_entities" in names
    for name in names:
        assert cypher.load(name, "falkordb") and cypher.load(name, "neo4j")
    neo4j_text = (PACKAGE / "graph" / "neo4j_store.py").read_text()
    files = {p.name.split(".")[0] for p in cypher.CYPHER_DIR.glob("*.cypher")}
    neo4j_only = _names_in(neo4j_text) | set(re.findall(r'"([a-z_]+)"', neo4j_text)) & files
    assert {"probe_cosine", "schema_vector", "vector_search_facts_scan"} <= neo4j_only
    for name in neo4j_only:
        assert cypher.load(name, "neo4j")


def test_statements_take_values_only_as_parameters():
    for path in cypher.CYPHER_DIR.glob("*.cypher"):
        parts = path.name.split(".")
        text = cypher.load(parts[0], parts[1] if len(parts) == 3 else None)
        # no Python-style string interpolation of values; only {label}/{rel_type} placeholders
        assert not re.search(r"\{(?!label\}|rel_type\}|dimension\})[a-z_]+\}", text), path.name
        assert "%s" not in text and "f'" not in text


def test_dialect_override_is_preferred():
    assert "db.idx.vector.queryNodes" in cypher.load("vector_search_facts", "falkordb")
    assert "db.index.vector.queryNodes" in cypher.load("vector_search_facts", "neo4j")
    assert "vecf32" in cypher.load("upsert_facts", "falkordb")
    assert "vecf32" not in cypher.load("upsert_facts", "neo4j")
    assert cypher.load("list_facts", "neo4j") == cypher.load("list_facts", "falkordb")


def test_neo4j_schema_is_idempotent_and_asserts_uniqueness_on_base_labels_only():
    stmts = cypher.statements("schema", "neo4j")
    assert stmts and all("IF NOT EXISTS" in s for s in stmts)
    unique = [re.search(r"FOR \(n:(\w+)\)", s).group(1) for s in stmts if "IS UNIQUE" in s]
    assert set(unique) == {
        "Entity",
        "Conversation",
        "Turn",
        "Fact",
        "Rejection",
        "Run",
        "ContextOSMeta",
    }
    assert not any(
        "apoc." in cypher.load(p.name.split(".")[0], "neo4j")
        for p in cypher.CYPHER_DIR.glob("*.cypher")
    )
    vectors = cypher.statements("schema_vector", "neo4j", dimension=768)
    assert {re.search(r"FOR \(n:(\w+)\)", v).group(1) for v in vectors} == {"Fact", "Turn"}
    assert all("`vector.dimensions`: 768" in v and "IF NOT EXISTS" in v for v in vectors)


def test_neo4j_reads_falkordb_vectors_as_plain_lists():
    """One shared write statement serves both: Neo4j has no vecf32, its lists are vectors."""
    for name in ("upsert_facts", "set_turn_embeddings", "add_preference"):
        assert "vecf32(" in cypher.load(name, "falkordb")
        neo = cypher.load(name, "neo4j")
        assert "vecf32" not in neo and "embedding" in neo
    assert "n.last_said" in cypher.load("upsert_facts", "neo4j")


def test_render_fills_allowed_identifiers_only():
    q = cypher.render("set_entity_label", "falkordb", label="Person")
    assert "SET n:Person" in q
    with pytest.raises(StoreError, match="not in the allowed schema"):
        cypher.render("set_entity_label", "falkordb", label="Person) DETACH DELETE (n")
    with pytest.raises(StoreError, match="needs"):
        cypher.render("upsert_relations", "falkordb")
    with pytest.raises(StoreError, match="not in the allowed schema"):
        cypher.render("upsert_relations", "falkordb", rel_type="LOVES")


def test_unknown_statement_is_a_store_error():
    with pytest.raises(StoreError, match="no Cypher statement"):
        cypher.load("no_such_statement")


def test_schema_file_splits_into_statements_with_the_vector_size_filled_in():
    stmts = cypher.statements("schema", "falkordb", dimension=1536)
    assert len(stmts) >= 5
    assert any(
        "VECTOR INDEX" in s and "efRuntime: 200" in s and "dimension: 1536" in s for s in stmts
    )
    for bad in ("384; DROP", 0, True, 10**6):
        with pytest.raises(StoreError, match="not a vector size"):
            cypher.statements("schema", "falkordb", dimension=bad)
