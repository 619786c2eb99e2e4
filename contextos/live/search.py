"""Facts ranked for a free-text query (``ContextOS.search_facts``, the MCP ``search_facts``
tool): cosine similarity of the embeddings plus the share of the query's words in the fact."""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from contextos.models.facts import Fact

__all__ = ["LEXICAL_WEIGHT", "rank_facts"]

#: How much the share of the query's words found in a fact adds to its cosine similarity.
LEXICAL_WEIGHT = 0.3

_WORD = re.compile(r"\w+")


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if len(w) > 1}


def _when(fact: Fact) -> float:
    stamp = fact.recorded_at or fact.valid_from
    return stamp.timestamp() if stamp else 0.0


def rank_facts(
    query: str,
    facts: list[Fact],
    vectors: list[list[float]],
    embed: Callable[[list[str]], np.ndarray],
    limit: int,
    include_superseded: bool = False,
) -> list[tuple[Fact, float]]:
    keep = [i for i, f in enumerate(facts) if include_superseded or f.is_current]
    if not keep:
        return []
    if not query.strip():
        newest = sorted(keep, key=lambda i: _when(facts[i]), reverse=True)
        return [(facts[i], 0.0) for i in newest[:limit]]
    matrix = np.asarray([vectors[i] for i in keep], dtype=np.float32)
    q = np.asarray(embed([query])[0], dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1) * (np.linalg.norm(q) or 1.0)
    cosine = matrix @ q / np.where(norms == 0, 1.0, norms)
    asked = _words(query)
    scores = []
    for row, i in enumerate(keep):
        share = len(asked & _words(facts[i].text)) / len(asked) if asked else 0.0
        scores.append(float(cosine[row]) + LEXICAL_WEIGHT * share)
    order = sorted(range(len(keep)), key=lambda r: -scores[r])[:limit]
    return [(facts[keep[r]], round(scores[r], 4)) for r in order]
