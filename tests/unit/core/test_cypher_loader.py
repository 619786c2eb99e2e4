import re
from pathlib import Path

import pytest

from contextos.errors import StoreError
from contextos.graph import cypher

PACKAGE = Path(cypher.__file__).resolve().parent.parent


def test_every_statement_named_in_code_exists():
    names = set()
    for py in PACKAGE.rglob("*.py"):
        text = py.read_text()
        names |= set(re.findall(r'(?:_q|load|render|statements)\("([a-z_]+)"', text))
        names |= set(re.findall(r'^\s+"([a-z_]+)",$', text, re.M)) & {
            p.name.split(".")[0] for p in cypher.CYPHER_DIR.glob("*.cypher")
        }
    assert "upsert_facts" in names and "list_facts" in names
    for name in names:
        assert cypher.load(name, "falkordb")


def test_statements_take_values_only_as_parameters():
    for path in cypher.CYPHER_DIR.glob("*.cypher"):
        text = cypher.load(path.name.split(".")[0], "falkordb")
        # no Python-style string interpolation of values; only {label}/{rel_type} placeholders
        assert not re.search(r"\{(?!label\}|rel_type\}|dimension\})[a-z_]+\}", text), path.name
        assert "%s" not in text and "f'" not in text


def test_dialect_override_is_preferred():
    assert "db.idx.vector.queryNodes" in cypher.load("vector_search_facts", "falkordb")


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
