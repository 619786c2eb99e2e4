"""Refuse Cypher that writes, before it reaches the database.

The database is the real guard (the store runs a user's Cypher read-only: FalkorDB's
``GRAPH.RO_QUERY``, a Neo4j read transaction); this check only names the offending clause in
a clear error. String literals, comments, backquoted names, property keys (``n.set``) and map
keys (``{create: 1}``) are not clauses and are skipped.
"""

from __future__ import annotations

import re

from contextos.llamaindex.errors import WriteQueryRefused

__all__ = ["check_read_only"]

#: Clauses and commands that change data, schema or the server.
WRITE_WORDS = frozenset(
    {
        "CREATE",
        "MERGE",
        "SET",
        "DELETE",
        "DETACH",
        "REMOVE",
        "DROP",
        "FOREACH",
        "LOAD",
        "ALTER",
        "GRANT",
        "DENY",
        "REVOKE",
        "RENAME",
        "TERMINATE",
    }
)
#: Procedure names that write (``CALL db.idx.fulltext.createNodeIndex``, ``apoc.create.*``).
_WRITING_PROCEDURE = re.compile(
    r"\bCALL\s+([\w.]*(?:create|merge|delete|drop|set|remove|refactor|periodic|import)[\w.]*)",
    re.IGNORECASE,
)
_NOT_CODE = re.compile(
    r"""'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`|//[^\n]*|/\*.*?\*/""", re.DOTALL
)
_WORD = re.compile(r"(?<![.\w$:])([A-Za-z_]+)\b(?!\s*:)")


def check_read_only(query: str) -> None:
    """Raise :class:`WriteQueryRefused` naming the first clause of ``query`` that writes."""
    code = _NOT_CODE.sub(" ", query)
    procedure = _WRITING_PROCEDURE.search(code)
    if procedure:
        raise WriteQueryRefused(f"CALL {procedure.group(1)}")
    for match in _WORD.finditer(code):
        word = match.group(1).upper()
        if word in WRITE_WORDS:
            raise WriteQueryRefused(word)
    if re.search(r"\bIN\s+TRANSACTIONS\b", code, re.IGNORECASE):
        raise WriteQueryRefused("IN TRANSACTIONS")
