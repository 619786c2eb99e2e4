"""Loads Cypher statements from ``cypher/*.cypher`` by name.

Every statement lives in its own file and takes values only as ``$parameters``. A backend may
override a statement for its dialect with ``NAME.DIALECT.cypher`` (``vector_search.neo4j``).
Labels and relationship types cannot be parameters in Cypher, so a statement may contain
``{label}`` / ``{rel_type}`` placeholders; :func:`render` fills them only with names from an
allow-list.

FalkorDB stores a vector property through ``vecf32(x)``; a dialect without that function
(:data:`_PLAIN_VECTORS`: Neo4j stores plain float lists) reads ``vecf32(x)`` as ``x``, so the
shared write statements need no per-dialect copy.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from contextos.errors import StoreError
from contextos.models.entities import ENTITY_TYPES, RELATION_TYPES

__all__ = ["CYPHER_DIR", "load", "render", "statements"]

CYPHER_DIR = Path(__file__).resolve().parent.parent / "cypher"
_IDENTIFIER_ALLOW = {
    "label": set(ENTITY_TYPES),
    "rel_type": set(RELATION_TYPES),
}
_PLACEHOLDER = re.compile(r"\{(label|rel_type|dimension)\}")
#: dialects whose vector properties are plain lists (no ``vecf32``)
_PLAIN_VECTORS = frozenset({"neo4j"})
_VECF32 = re.compile(r"vecf32\(([^()]*)\)")


@lru_cache(maxsize=256)
def load(name: str, dialect: str | None = None) -> str:
    """The text of statement ``name`` (the dialect's override when there is one)."""
    candidates = [f"{name}.{dialect}.cypher"] if dialect else []
    candidates.append(f"{name}.cypher")
    for file in candidates:
        path = CYPHER_DIR / file
        if path.is_file():
            text = "\n".join(
                line for line in path.read_text().splitlines() if not line.lstrip().startswith("//")
            ).strip()
            if dialect in _PLAIN_VECTORS:
                text = _VECF32.sub(r"\1", text)
            return text
    raise StoreError(f"no Cypher statement named {name!r} in {CYPHER_DIR}")


def statements(name: str, dialect: str | None = None, **identifiers: str | int) -> list[str]:
    """A file holding several statements separated by ``;`` (schema set-up)."""
    text = render(name, dialect, **identifiers) if identifiers else load(name, dialect)
    return [s.strip() for s in text.split(";") if s.strip()]


def render(name: str, dialect: str | None = None, **identifiers: str | int) -> str:
    """Fill ``{label}``/``{rel_type}`` placeholders with allow-listed names and ``{dimension}``
    with a vector size (index DDL takes no parameters); anything else is refused."""
    text = load(name, dialect)
    for key, value in identifiers.items():
        if key == "dimension":
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 8192:
                raise StoreError(f"refusing dimension={value!r}: not a vector size")
            continue
        allowed = _IDENTIFIER_ALLOW.get(key)
        if allowed is None or value not in allowed:
            raise StoreError(f"refusing {key}={value!r}: not in the allowed schema")
    missing = {m for m in _PLACEHOLDER.findall(text)} - set(identifiers)
    if missing:
        raise StoreError(f"statement {name!r} needs {sorted(missing)}")
    return _PLACEHOLDER.sub(lambda m: str(identifiers[m.group(1)]), text)
