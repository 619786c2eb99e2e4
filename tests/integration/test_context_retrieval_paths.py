"""How context() runs its retrievers (#42 latency): side by side on threads, with the query's
embedding cached, the episode windows capped, and the result the same as one retriever after
the other."""

from __future__ import annotations

import pytest

from contextos.context import ContextQuery
from contextos.samples import DEMO_USER, DEMO_USER_NAME

QUERY = "What is blocking the billing migration?"


@pytest.fixture
def cx(samples_cx):
    return samples_cx


def _query(text: str = QUERY) -> ContextQuery:
    return ContextQuery(text=text, user_id=DEMO_USER, user_name=DEMO_USER_NAME, k=40)


def test_parallel_retrieval_returns_what_each_retriever_returns_alone(cx):
    engine = cx.engine
    q = _query()
    state = engine.state(q)
    lists = engine.retrieve(q, state)
    assert q.vector is not None
    alone = {r.name: r.retrieve(q) for r in engine.retrievers(state, DEMO_USER)}
    assert set(lists) == {"bm25", "fact_vector", "turn_vector", "graph"}
    assert lists == alone
    assert all(lists[name] for name in ("bm25", "fact_vector", "turn_vector"))


def test_the_query_vector_is_embedded_once_per_text(cx):
    engine = cx.engine
    calls: list[list[str]] = []
    real = engine.embed

    def counting(texts: list[str]):
        calls.append(list(texts))
        return real(texts)

    engine.embed = counting
    first = cx.context(QUERY, user=DEMO_USER, max_tokens=300)
    again = cx.context(QUERY, user=DEMO_USER, max_tokens=300)
    other = cx.context("Who is on the payments team?", user=DEMO_USER, max_tokens=300)
    assert calls == [[QUERY], ["Who is on the payments team?"]]
    assert again.injection == first.injection
    assert other.injection != first.injection
    assert engine.query_vector(QUERY) == real([QUERY])[0].tolist()


def test_episode_candidates_caps_the_quoted_windows(cx):
    res = cx.context(QUERY, user=DEMO_USER, max_tokens=2000)
    assert len([s for s in res.sources if s.type == "episode"]) > 1
    cx.engine.config = cx.engine.config.model_copy(update={"episode_candidates": 1})
    capped = cx.context(QUERY, user=DEMO_USER, max_tokens=2000)
    assert len([s for s in capped.sources if s.type == "episode"]) == 1
    cx.engine.config = cx.engine.config.model_copy(update={"episode_candidates": 0})
    none = cx.context(QUERY, user=DEMO_USER, max_tokens=2000)
    assert not [s for s in none.sources if s.type == "episode"]
    assert [s for s in none.sources if s.type == "fact"]


def test_the_stage_timer_sees_every_stage_of_a_query(cx):
    timer = cx.engine.stage_timer
    timer.enabled = True
    cx.context(QUERY, user=DEMO_USER, max_tokens=500)
    timer.enabled = False
    cx.context(QUERY, user=DEMO_USER, max_tokens=500)
    assert len(timer.laps) == 1
    stages = set(timer.laps[0])
    assert {"embed_query", "bm25", "fact_vector", "turn_vector", "graph", "retrieve"} <= stages
    assert {"hydrate_facts", "episodes", "rescore", "template", "pack"} <= stages
    assert all(v >= 0 for v in timer.laps[0].values())
