"""Weighted reciprocal-rank fusion and the diversity pass."""

import pytest

from contextos.context.fusion import Ranked, diversify, reciprocal_rank_fusion
from contextos.context.packing import pack
from contextos.context.query import ScoredItem
from contextos.models.context import ContextItem, ContextSource


def _hits(name, ids, kind="turn"):
    return [ScoredItem(kind, i, 1.0 / (n + 1), name) for n, i in enumerate(ids)]


def test_rrf_sums_weighted_reciprocal_ranks():
    lists = {"bm25": _hits("bm25", ["a", "b"]), "vec": _hits("vec", ["b", "c"])}
    fused = reciprocal_rank_fusion(lists, {"bm25": 1.0, "vec": 2.0}, k=10)
    assert fused[("turn", "a")] == pytest.approx(1 / 11)
    assert fused[("turn", "b")] == pytest.approx(1 / 12 + 2 / 11)
    assert fused[("turn", "c")] == pytest.approx(2 / 12)
    assert max(fused, key=fused.get) == ("turn", "b")


def test_zero_weight_drops_a_retriever_and_kinds_stay_apart():
    lists = {"bm25": _hits("bm25", ["a"]), "graph": _hits("graph", ["a"], kind="fact")}
    fused = reciprocal_rank_fusion(lists, {"bm25": 1.0, "graph": 0.0})
    assert set(fused) == {("turn", "a")}
    both = reciprocal_rank_fusion(lists, {})
    assert set(both) == {("turn", "a"), ("fact", "a")}


def _ranked(ident, score, words, turns=(), kind="fact"):
    item = ContextItem(
        section="relevant_excerpts" if kind == "episode" else "relevant_facts",
        text=ident,
        source=ContextSource(type=kind, id=ident, relevance=score),
    )
    return Ranked(item, score, frozenset(words.split()), frozenset(turns))


def test_near_duplicates_are_pushed_down_not_dropped():
    a = _ranked("a", 1.0, "marathon training plan october")
    a2 = _ranked("a2", 0.9, "marathon training plan october")
    b = _ranked("b", 0.6, "sister moved to glasgow")
    out = diversify([a, a2, b], threshold=0.6, penalty=0.5)
    assert [r.item.text for r in out] == ["a", "b", "a2"]
    assert out[2].score == pytest.approx(0.45)


def test_a_fact_and_its_source_turn_never_both_spend_budget():
    fact = _ranked("fact", 1.0, "sam adopted biscuit", turns=[("c1", "s1:4")])
    excerpt = _ranked(
        "excerpt", 0.8, "we adopted a dog", turns=[("c1", "s1:4"), ("c1", "s1:5")], kind="episode"
    )
    again = _ranked("again", 0.7, "adopted dog again", turns=[("c1", "s1:5")], kind="episode")
    other = _ranked("other", 0.5, "unrelated words", turns=[("c1", "s2:1")])
    # ranking keeps the fact and its turn's excerpt (packing keeps the first), drops an
    # excerpt quoting a turn another excerpt quotes
    out = diversify([excerpt, fact, again, other], threshold=0.9, penalty=0.5)
    assert [r.item.text for r in out] == ["fact", "excerpt", "other"]
    _, kept, _ = pack([r.item for r in out], "Sam", "dog", 500, turns=[r.turns for r in out])
    assert [i.text for i in kept] == ["fact", "other"]


def test_two_facts_said_in_one_turn_are_both_kept():
    lives = _ranked("lives in lisbon", 1.0, "lives lisbon", turns=[("c1", "s1:2")])
    prefers = _ranked("prefers async", 0.9, "prefers async updates", turns=[("c1", "s1:2")])
    out = diversify([lives, prefers], threshold=0.9, penalty=0.5)
    assert len(out) == 2
    _, kept, _ = pack([r.item for r in out], "Alice", "", 500, turns=[r.turns for r in out])
    assert [i.text for i in kept] == ["lives in lisbon", "prefers async"]


def test_a_template_line_over_its_share_comes_in_at_its_ranked_place_once():
    def item(text, fid):
        src = ContextSource(type="fact", id=fid, relevance=1.0)
        return ContextItem(section="user_preferences", text=text, source=src)

    project = ContextItem(
        section="active_projects",
        text="billing migration project (status: active)",
        source=ContextSource(type="entity", id="p1", relevance=1.0),
    )
    noodles = item("Sam prefers spicy Sichuan noodles", "f1")
    # the template (project, noodles) capped at 40 tokens: the preference does not fit there,
    # then comes in as the ranked line it also is — and only once when it did fit
    ordered = [project, noodles, noodles, item("Sam likes tea", "f2")]
    caps = [40, 40, None, None]
    _, kept, _ = pack(ordered[:2], "Sam", "noodles", 400, caps[:2])
    assert [i.source.id for i in kept] == ["p1"]  # over the template's share
    _, kept, _ = pack(ordered, "Sam", "noodles", 400, caps)
    assert [i.source.id for i in kept] == ["p1", "f1", "f2"]
    _, kept, _ = pack(ordered, "Sam", "noodles", 400, [400, 400, None, None])
    assert [i.source.id for i in kept] == ["p1", "f1", "f2"]
