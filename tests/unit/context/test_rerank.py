"""Reranking reads what each candidate line says: BM25 over the candidates themselves (the
query's rarer words weigh more) and the vector retrievers' cosine of the hit."""

from contextos.context.fusion import Ranked
from contextos.context.query import ScoredItem
from contextos.context.rerank import lexical_scores, rerank
from contextos.models.context import ContextItem, ContextSource


def _ranked(kind: str, key: str, text: str, score: float) -> Ranked:
    section = "relevant_excerpts" if kind == "episode" else "relevant_facts"
    item = ContextItem(
        section=section, text=text, source=ContextSource(type=kind, id=key, relevance=score)
    )
    return Ranked(item, score)


def test_bm25_over_the_candidates_weighs_the_rarer_query_words():
    texts = [
        "Nadia: How is the running going?",
        "Nadia: I joined the Hyde Park Harriers running club.",
        "Nadia: Running is hard in the rain.",
    ]
    scores = lexical_scores("Which running club did Nadia join?", texts)
    assert scores[1] > scores[0] > 0 and scores[1] > scores[2]
    assert lexical_scores("", texts) == [0.0, 0.0, 0.0]
    assert lexical_scores("club", []) == []


def test_rerank_lifts_the_line_that_says_it_and_the_hit_nearest_in_meaning():
    ranked = [
        _ranked("episode", "t1", '[1 May 2025] Tomás: "How is the running going?"', 1.0),
        _ranked("episode", "t2", '[2 May 2025] Nadia: "I joined the Harriers running club."', 0.9),
        _ranked("fact", "f1", "Tomás likes tea", 0.95),
    ]
    query = "Which running club did Nadia join?"
    out = rerank([*ranked], query, {}, lexical_weight=1.0, vector_weight=0.0)
    assert max(out, key=lambda r: r.score).item.source.id == "t2"
    assert [r.item.source.id for r in out] == ["t1", "t2", "f1"]  # order kept, scores moved
    assert out[2].score == 0.95  # no query word in it: unchanged
    lists = {"fact_vector": [ScoredItem("fact", "f1", 0.8, "fact_vector")]}
    fresh = [_ranked("episode", "t1", "a", 1.0), _ranked("fact", "f1", "b", 0.95)]
    out = rerank(fresh, "zzz", lists, lexical_weight=0.0, vector_weight=1.0)
    assert out[1].score > out[0].score == 1.0
    same = [_ranked("fact", "f1", "b", 0.5)]
    assert rerank(same, "b", lists, 0.0, 0.0)[0].score == 0.5  # weights 0: no reranking


def test_a_fact_gives_way_to_the_excerpt_quoting_its_turn_when_it_says_as_much():
    turn = ("c1", "s3:0")
    fact = _ranked("fact", "f1", "Nadia has a club", 2.0)
    fact.turns = frozenset({turn})
    quote = _ranked("episode", "t1", 'Nadia: "I joined the Hyde Park Harriers running club."', 1.0)
    quote.turns = frozenset({turn, ("c1", "s3:1")})
    other = _ranked("fact", "f2", "Nadia runs on Saturdays", 0.5)
    other.turns = frozenset({("c1", "s9:0")})
    query = "Which running club did Nadia join?"
    kept = rerank([fact, quote, other], query, {}, 0.0, 0.0, prefer_quotes=True)
    assert [r.item.source.id for r in kept] == ["t1", "f2"]
    assert kept[0].score == 2.0  # the excerpt takes the better score of the two
    # an excerpt that matches the query less than the fact does leaves the fact in
    fact2 = _ranked("fact", "f1", "Nadia has joined a running club", 2.0)
    fact2.turns = frozenset({turn})
    weak = _ranked("episode", "t1", 'Tomás: "Nice!"', 1.0)
    weak.turns = frozenset({turn})
    kept = rerank([fact2, weak], query, {}, 0.0, 0.0, prefer_quotes=True)
    assert [r.item.source.id for r in kept] == ["f1", "t1"]
