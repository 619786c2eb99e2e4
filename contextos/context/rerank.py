"""A reranking stage over the hydrated candidates, before diversity and packing: fusion ranks
by *where* each retriever put a hit; reranking reads *what the candidate line says*. Two
signals, both computed over the few dozen candidates only (no model call, no store read):

* **lexical**: BM25 of the query over the candidates' own lines (the quoted sentences of an
  excerpt, a fact's text), IDF taken over the candidate set — a line that quotes the query's
  rarer words ranks above one that shares only its common ones;
* **vector**: the cosine the vector retrievers already measured for the hit (the turn an
  excerpt is cut around, the fact), 0 for a candidate no vector retriever returned.

The candidate's score becomes ``score * (1 + lexical_weight * lex + vector_weight * cos)``,
``lex`` scaled to [0, 1] by the best candidate's. Weights: :class:`RetrievalConfig`."""

from __future__ import annotations

import math
from collections import Counter

from contextos.context.fusion import Ranked
from contextos.context.query import ScoredItem
from contextos.context.tokens import content_words

__all__ = ["lexical_scores", "rerank"]

_KIND = {"episode": "turn", "fact": "fact", "entity": "entity"}


def lexical_scores(query: str, texts: list[str], k1: float = 1.2, b: float = 0.75) -> list[float]:
    """BM25 of ``query`` over ``texts`` (IDF and mean length from ``texts`` themselves)."""
    qwords = set(content_words(query))
    docs = [Counter(content_words(t)) for t in texts]
    if not qwords or not docs:
        return [0.0] * len(texts)
    n = len(docs)
    mean = sum(sum(d.values()) for d in docs) / n or 1.0
    df = {w: sum(1 for d in docs if w in d) for w in qwords}
    idf = {w: math.log(1.0 + (n - df[w] + 0.5) / (df[w] + 0.5)) for w in qwords}
    out = []
    for d in docs:
        length = sum(d.values())
        s = 0.0
        for w in qwords:
            tf = d.get(w, 0)
            if tf:
                s += idf[w] * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / mean))
        out.append(s)
    return out


def rerank(
    ranked: list[Ranked],
    query: str,
    lists: dict[str, list[ScoredItem]],
    lexical_weight: float,
    vector_weight: float,
    prefer_quotes: bool = False,
) -> list[Ranked]:
    """``ranked`` with each score scaled by what its line says (module doc); same order of
    the list, new scores (diversity sorts them next). With ``prefer_quotes``, a fact whose
    turn an excerpt quotes gives way to the excerpt (:func:`_quotes_over_facts`)."""
    if not ranked or (lexical_weight <= 0 and vector_weight <= 0 and not prefer_quotes):
        return ranked
    cosine: dict[tuple[str, str], float] = {}
    for name in ("turn_vector", "fact_vector"):
        for it in lists.get(name, []):
            cosine[it.ref] = max(cosine.get(it.ref, 0.0), it.score)
    lex = lexical_scores(query, [r.item.text for r in ranked])
    top = max(lex, default=0.0) or 1.0
    for i, r in enumerate(ranked):
        boost = lexical_weight * lex[i] / top
        if vector_weight > 0:
            ref = (_KIND.get(r.item.source.type, ""), r.item.source.id)
            boost += vector_weight * max(0.0, cosine.get(ref, 0.0))
        r.score *= 1.0 + boost
    if prefer_quotes:
        ranked = _quotes_over_facts(ranked, lex)
    return ranked


def _quotes_over_facts(ranked: list[Ranked], lex: list[float]) -> list[Ranked]:
    """A fact and an excerpt quoting the turn it came from compete for the same budget: the
    excerpt (the exact words) takes the better of the two scores and the fact goes, when it
    matches the query at least as well (BM25 over the candidates, ``lex``: a long quote
    that says the query's words no better than the short paraphrase leaves the fact in)."""
    quoting: dict[tuple[str, str], list[int]] = {}
    for i, r in enumerate(ranked):
        if r.item.source.type == "episode":
            for t in r.turns:
                quoting.setdefault(t, []).append(i)
    dropped: set[int] = set()
    for i, r in enumerate(ranked):
        if r.item.source.type != "fact" or not r.turns:
            continue
        rivals = {j for t in r.turns for j in quoting.get(t, [])}
        best = max(rivals, key=lambda j: lex[j], default=None)
        if best is not None and lex[best] >= lex[i]:
            ranked[best].score = max(ranked[best].score, r.score)
            dropped.add(i)
    return [r for i, r in enumerate(ranked) if i not in dropped]
