"""Hybrid retrieval over a user's facts: vector similarity, lexical overlap, the entities the
facts mention, confidence and recency, combined into one relevance score."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from datetime import UTC, datetime

import numpy as np

from contextos.context.sections import section_for_fact
from contextos.graph.store import GraphStore
from contextos.models.context import ContextItem, ContextSource
from contextos.models.entities import Entity
from contextos.models.facts import Fact

__all__ = ["Weights", "retrieve"]

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    (
        "a an the i me my we our you your is are was were be been to of in on for with and or "
        "what who whom which when where why how do does did am it its this that these those at "
        "by from about as so any some all can could should would will"
    ).split()
)


class Weights:
    vector = 0.70
    lexical = 0.15
    confidence = 0.10
    recency = 0.05
    recency_half_life_days = 90.0
    min_relevance = 0.25


def _terms(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if w not in _STOP and len(w) > 1}


def _recency(fact: Fact, now: datetime) -> float:
    if fact.valid_from is None:
        return 0.5
    days = max(0.0, (now - fact.valid_from).total_seconds() / 86400)
    return math.exp(-days * math.log(2) / Weights.recency_half_life_days)


def retrieve(
    store: GraphStore,
    embed: Callable[[list[str]], np.ndarray],
    user_id: str,
    user_name: str,
    query: str,
    k: int = 40,
) -> list[ContextItem]:
    """Relevant facts (current ones only) and the entities they mention, best first."""
    qvec = embed([query])[0]
    hits = store.similar_facts(user_id, qvec.tolist(), k=k)
    facts = {f.id: f for f in store.get_facts([h for h, _ in hits], user_id) if f.is_current}
    qterms = _terms(query)
    now = datetime.now(UTC)
    scored: list[tuple[float, Fact]] = []
    for fid, sim in hits:
        fact = facts.get(fid)
        if fact is None:
            continue
        lexical = len(qterms & _terms(fact.text)) / len(qterms) if qterms else 0.0
        score = (
            Weights.vector * sim
            + Weights.lexical * lexical
            + Weights.confidence * fact.confidence
            + Weights.recency * _recency(fact, now)
        )
        if score >= Weights.min_relevance:
            scored.append((score, fact))
    scored.sort(key=lambda x: (-x[0], x[1].id))
    items: list[ContextItem] = []
    for score, fact in scored:
        items.append(
            ContextItem(
                section=section_for_fact(fact, user_name),
                text=fact.text,
                source=ContextSource(
                    type="fact", id=fact.id, relevance=round(score, 4), turn_ids=fact.turn_ids
                ),
            )
        )
    items.extend(_entity_items(store, scored, user_id))
    items.sort(key=lambda it: -it.source.relevance)
    return items


def _entity_items(
    store: GraphStore, scored: list[tuple[float, Fact]], user_id: str
) -> list[ContextItem]:
    """People and projects the relevant facts mention, scored by their best fact."""
    best: dict[str, tuple[float, Entity]] = {}
    linked = store.fact_entities([f.id for _, f in scored], user_id)
    for score, fact in scored:
        for e in linked.get(fact.id, []):
            if e.type not in ("Person", "Project") or (e.id in best and best[e.id][0] >= score):
                continue
            best[e.id] = (score * 0.9, e)
    out = []
    for score, e in best.values():
        text = _describe(e)
        if text is None:
            continue
        out.append(
            ContextItem(
                section="active_projects" if e.type == "Project" else "relevant_people",
                text=text,
                source=ContextSource(
                    type="entity", id=e.id, relevance=round(score, 4), turn_ids=e.turn_ids
                ),
            )
        )
    return out


def _describe(e: Entity) -> str | None:
    props = e.properties
    if e.type == "Project":
        status = props.get("status")
        details = [
            f"status: {status}" if status else None,
            f"deadline: {props['deadline']}" if props.get("deadline") else None,
            f"priority: {props['priority']}" if props.get("priority") else None,
        ]
        extra = ", ".join(d for d in details if d)
        return f"{e.name} ({extra})" if extra else None  # a bare name tells the agent nothing
    details = [props.get(k) for k in ("relationship", "role", "company") if props.get(k)]
    if not details:
        return None
    return f"{e.name}: " + ", ".join(str(d) for d in details)
