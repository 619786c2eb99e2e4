"""The clause check in front of ContextOSGraphStore.structured_query."""

from __future__ import annotations

import pytest

from contextos.errors import ContextOSError
from contextos.llamaindex.errors import WriteQueryRefused
from contextos.llamaindex.readonly import check_read_only


@pytest.mark.parametrize(
    ("query", "clause"),
    [
        ("CREATE (n:Fact {text: 'x'})", "CREATE"),
        ("match (f:Fact) set f.text = 'x'", "SET"),
        ("MATCH (f) DETACH DELETE f", "DETACH"),
        ("MATCH (f) DELETE f", "DELETE"),
        ("MERGE (e:Entity {key: $k}) RETURN e", "MERGE"),
        ("MATCH (f) REMOVE f.text", "REMOVE"),
        ("DROP INDEX ON :Fact(id)", "DROP"),
        ("LOAD CSV FROM 'file:///x' AS row RETURN row", "LOAD"),
        ("MATCH (f) FOREACH (x IN [1] | SET f.n = x)", "FOREACH"),
        (
            "CALL db.idx.fulltext.createNodeIndex('Fact', 'text')",
            "CALL db.idx.fulltext.createNodeIndex",
        ),
        ("CALL apoc.create.addLabels(n, ['X'])", "CALL apoc.create.addLabels"),
        ("MATCH (f) WITH f CALL { WITH f RETURN f } IN TRANSACTIONS RETURN 1", "IN TRANSACTIONS"),
    ],
)
def test_writes_are_refused_naming_the_clause(query, clause):
    with pytest.raises(WriteQueryRefused) as info:
        check_read_only(query)
    assert info.value.clause == clause
    assert clause in str(info.value) and "ContextOS.ingest" in str(info.value)
    assert isinstance(info.value, ContextOSError)


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (f:Fact {user_id: $user_id}) RETURN f.text, f.created_at",
        "MATCH (f:Fact) WHERE f.text CONTAINS 'we decided to set up CREATE scripts' RETURN f",
        'MATCH (f:Fact) WHERE f.text = "delete me" RETURN f',
        "MATCH (f:Fact) // set nothing here\nRETURN f.id",
        "MATCH (f:Fact) /* MERGE later */ RETURN f.set, f.delete",
        "MATCH (n:Set) RETURN n",
        "RETURN {create: 1, merge: 2} AS m",
        "MATCH (f:Fact) WHERE f.id = $delete RETURN `SET`.x",
        "CALL db.idx.vector.queryNodes('Fact', 'embedding', 3, vecf32($v)) YIELD node RETURN node",
        "CALL db.labels()",
    ],
)
def test_reads_pass_even_with_write_words_in_strings_names_and_comments(query):
    check_read_only(query)
