"""The context engine: a query through every retriever, fused, hydrated into lines (facts,
entities, quoted excerpts), re-scored by decayed confidence, recency and time, diversified,
and packed with the agent type's template into the token budget."""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import numpy as np

from contextos.context.agent_templates import AgentTemplate, template_for
from contextos.context.config import DEFAULT_CONFIG, RetrievalConfig
from contextos.context.decay import decayed_confidence, recency, relationship_strength
from contextos.context.documents import documents_of_store, documents_of_write
from contextos.context.excerpts import excerpt, human_date
from contextos.context.fusion import Ranked, diversify, reciprocal_rank_fusion
from contextos.context.lexical import LexicalIndex
from contextos.context.packing import pack
from contextos.context.query import ContextQuery, Retriever, ScoredItem
from contextos.context.rerank import rerank
from contextos.context.retrievers import (
    FactVectorRetriever,
    GraphRetriever,
    LexicalRetriever,
    TurnVectorRetriever,
)
from contextos.context.stages import StageTimer
from contextos.context.template_items import TemplateItems
from contextos.context.tokens import content_words
from contextos.context.user_state import UserState
from contextos.graph.records import to_epoch
from contextos.graph.store import ConversationWrite, GraphStore
from contextos.models.context import ContextItem, ContextResult, ContextSource
from contextos.models.facts import Fact
from contextos.models.transcript import Turn

__all__ = ["ContextEngine", "is_temporal"]

_TEMPORAL = re.compile(
    r"\b(when|what (?:date|day|time|year|month)|which (?:date|day|year|month)|how long ago|"
    r"since when|what time)\b",
    re.IGNORECASE,
)
_DATED = re.compile(
    r"\b(\d{4}|\d{1,2}[/-]\d{1,2}|january|february|march|april|may|june|july|august|september|"
    r"october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|"
    r"tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|today|tomorrow|tonight|"
    r"weekend|last (?:week|month|year|night)|next (?:week|month|year)|ago)\b",
    re.IGNORECASE,
)
#: fused candidates hydrated per query (the rest cannot fit any sensible budget)
CANDIDATES = 60
#: query texts whose vectors are kept (agents ask the same thing again: a retry, a loop)
QUERY_VECTOR_CACHE = 512


def is_temporal(query: str) -> bool:
    """Whether the query asks when something happened."""
    return bool(_TEMPORAL.search(query))


class ContextEngine:
    """Retrieval for one store; lexical indexes live under ``index_dir`` (one per user)."""

    def __init__(
        self,
        store: GraphStore,
        embed: Callable[[list[str]], np.ndarray],
        index_dir: Path,
        config: RetrievalConfig = DEFAULT_CONFIG,
        templates: dict[str, AgentTemplate] | None = None,
    ) -> None:
        self.store = store
        self.embed = embed
        self.index_dir = Path(index_dir)
        self.config = config
        self.templates = templates or {}
        self._indexes: dict[str, LexicalIndex] = {}
        self._states: dict[str, UserState] = {}
        self._touched: dict[str, float] = {}  # fact id -> when injected, not yet written
        self._flushed = time.monotonic()
        #: per-stage wall time of queries (off unless a benchmark turns it on)
        self.stage_timer = StageTimer()
        self._vectors: OrderedDict[str, list[float]] = OrderedDict()
        self._vectors_lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None

    def _threads(self) -> ThreadPoolExecutor:
        """The retrievers' threads: the store's queries, BM25 and the query's embedding run
        side by side (each waits on a socket or in native code most of its time)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="contextos-retrieve")
        return self._pool

    def query_vector(self, text: str) -> list[float]:
        """The query's embedding, kept for the last :data:`QUERY_VECTOR_CACHE` texts."""
        with self._vectors_lock:
            vec = self._vectors.get(text)
            if vec is not None:
                self._vectors.move_to_end(text)
                return vec
        vec = self.embed([text])[0].tolist()
        with self._vectors_lock:
            self._vectors[text] = vec
            while len(self._vectors) > QUERY_VECTOR_CACHE:
                self._vectors.popitem(last=False)
        return vec

    def _touch(self, fact_ids: list[str]) -> None:
        """Note the injected facts' ``last_used``; written in one batch at most every
        ``config.touch_interval_s`` (and by :meth:`flush`), not one write per query."""
        now = time.time()
        self._touched.update(dict.fromkeys(fact_ids, now))
        if time.monotonic() - self._flushed >= self.config.touch_interval_s:
            self.flush()

    def flush(self) -> None:
        """Write the pending ``last_used`` times."""
        self._flushed = time.monotonic()
        if not self._touched:
            return
        by_time: dict[float, list[str]] = {}
        for fid, at in self._touched.items():
            by_time.setdefault(at, []).append(fid)
        self._touched = {}
        for at, ids in by_time.items():
            self.store.touch_facts(ids, at)

    # -- keeping in step with ingestion -------------------------------------------

    def index(self, user_id: str) -> LexicalIndex:
        """The user's lexical index; built from the store the first time it is missing (a
        graph written before indexes existed)."""
        ix = self._indexes.get(user_id)
        if ix is None:
            ix = self._indexes[user_id] = LexicalIndex(self.index_dir / user_id)
            if not ix.exists:
                docs = documents_of_store(self.store, user_id)
                if docs:
                    ix.rebuild(docs)
        return ix

    def on_written(self, write: ConversationWrite) -> None:
        """Index what one stored conversation added (called after its transaction)."""
        self.index(write.user_id).add(documents_of_write(write))
        self._states.pop(write.user_id, None)

    def facts_added(self, user_id: str, facts: list[tuple[str, str]]) -> None:
        """Facts ``(id, text)`` written outside ingestion (a preference set by hand): added
        to the index now, and the cached state is read again."""
        self.index(user_id).add((f"f:{fid}", text) for fid, text in facts)
        self._states.pop(user_id, None)

    def changed(self, user_id: str) -> None:
        """The user's facts changed outside ingestion (preferences, edits, retention): the
        cached state is read again on the next query."""
        self._states.pop(user_id, None)

    def forget(self, user_id: str) -> None:
        """Drop the user's index and cached state (the user was deleted)."""
        ix = self._indexes.pop(user_id, None) or LexicalIndex(self.index_dir / user_id)
        ix.rebuild([])
        self._states.pop(user_id, None)

    def state(self, query: ContextQuery) -> UserState:
        if query.as_of is not None:
            return UserState.load(
                self.store, query.user_id, self.config.fuzzy_ratio, query.as_of_epoch
            )
        st = self._states.get(query.user_id)
        if st is None:
            st = self._states[query.user_id] = UserState.load(
                self.store, query.user_id, self.config.fuzzy_ratio
            )
        return st

    def retrievers(self, state: UserState, user_id: str) -> list[Retriever]:
        return [
            LexicalRetriever(self.index(user_id)),
            FactVectorRetriever(self.store),
            TurnVectorRetriever(self.store),
            GraphRetriever(self.store, state.names, self.config),
        ]

    # -- a query ----------------------------------------------------------------------

    def context(self, query: ContextQuery, max_tokens: int) -> ContextResult:
        cfg = self.config
        timer = self.stage_timer
        timer.start()
        template = template_for(query.agent_type, self.templates)
        state = self.state(query)
        timer.lap("state")
        now = query.as_of_epoch or time.time()
        query.k = cfg.per_retriever_k
        query.max_tokens = max_tokens
        ranked: list[Ranked] = []
        if not query.proactive:
            lists = self.retrieve(query, state)
            ranked = self.rank(lists, query, state, now)
        fixed = TemplateItems(state, query, cfg, now).items(template)
        timer.lap("template")
        always = [it for it in fixed if it.section in ("active_blockers", "recent_corrections")]
        templ = [it for it in fixed if it not in always]
        # a template line that does not fit the template's share may still come in at its
        # ranked place (packing keeps one line per source)
        ranked_items = [r.item for r in ranked]
        share = max_tokens if query.proactive else int(max_tokens * cfg.template_share)
        ordered = always + templ + ranked_items
        caps: list[int | None] = [None] * len(always) + [share] * len(templ)
        caps += [None] * len(ranked_items)
        grounded = state.grounding()
        turns = [grounded.get(it.source.id, frozenset()) for it in always + templ]
        turns += [r.turns for r in ranked]
        injection, kept, tokens = pack(
            ordered, query.user_name, query.text, max_tokens, caps, turns
        )
        timer.lap("pack")
        self._touch([it.source.id for it in kept if it.source.type == "fact"])
        timer.lap("last_used")
        return ContextResult(
            query=query.text,
            user_id=query.user_id,
            agent_type=query.agent_type,
            injection=injection,
            token_count=tokens,
            max_tokens=max_tokens,
            sources=[it.source.model_copy(update={"section": it.section}) for it in kept],
            dropped=len(ordered) - len(kept),
        )

    def retrieve(self, query: ContextQuery, state: UserState) -> dict[str, list[ScoredItem]]:
        """Every retriever's hits: those that need no vector start at once, beside the
        query's embedding; the vector ones as soon as it is there."""
        timer = self.stage_timer
        pool = self._threads()
        retrievers = self.retrievers(state, query.user_id)
        query.vector = None

        def run(r: Retriever) -> tuple[list[ScoredItem], float]:
            t0 = time.perf_counter()
            hits = r.retrieve(query)
            return hits, time.perf_counter() - t0

        first = [r for r in retrievers if not getattr(r, "uses_vector", False)]
        futures: dict[str, Future[tuple[list[ScoredItem], float]]] = {
            r.name: pool.submit(run, r) for r in first
        }
        t0 = time.perf_counter()
        query.vector = self.query_vector(query.text)
        timer.record("embed_query", time.perf_counter() - t0)
        for r in retrievers:
            if r.name not in futures:
                futures[r.name] = pool.submit(run, r)
        lists = {}
        for name, fut in futures.items():
            lists[name], took = fut.result()
            timer.record(name, took)
        timer.lap("retrieve")
        return lists

    def rank(
        self,
        lists: dict[str, list[ScoredItem]],
        query: ContextQuery,
        state: UserState,
        now: float,
    ) -> list[Ranked]:
        """Fuse, hydrate, re-score and diversify the retrievers' hits."""
        cfg = self.config
        timer = self.stage_timer
        fused = reciprocal_rank_fusion(lists, cfg.weights, cfg.rrf_k)
        top = sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))[:CANDIDATES]
        temporal = is_temporal(query.text)
        timer.lap("fuse")
        turn_keys = [ref[1] for ref, _ in top if ref[0] == "turn"][: cfg.episode_candidates]
        windows = self._threads().submit(
            self.store.turn_windows, query.user_id, turn_keys, cfg.window_radius
        )
        ranked = self._facts(top, query, now, temporal)
        timer.lap("hydrate_facts")
        ranked += self._episodes(top, query, windows.result())
        timer.lap("episodes")
        ranked += self._entities(top, state, now)
        ranked = rerank(
            ranked, query.text, lists, cfg.rerank_lexical, cfg.rerank_vector, cfg.prefer_quotes
        )
        newest = max((r.at for r in ranked if r.at is not None), default=None)
        for r in ranked:
            rec = recency(r.at, newest, cfg.recency_half_life_days)
            r.score *= 1.0 - cfg.recency_weight + cfg.recency_weight * rec
            if temporal and _DATED.search(r.item.text):
                r.score *= 1.0 + cfg.temporal_boost
            r.item.source.relevance = round(r.score, 6)
        out = diversify(ranked, cfg.diversity_threshold, cfg.diversity_penalty)
        timer.lap("rescore")
        return out

    def _facts(
        self,
        top: Sequence[tuple[tuple[str, str], float]],
        query: ContextQuery,
        now: float,
        dated: bool,
    ) -> list[Ranked]:
        from contextos.context.sections import section_for_fact

        cfg = self.config
        scores = {ref[1]: s for ref, s in top if ref[0] == "fact"}
        out = []
        for f, last_said in self.store.facts_with_last_said(list(scores), query.user_id):
            if not (
                _valid(f, query.as_of_epoch)
                and f.confidence >= query.min_confidence
                and _in_project(query.project_filter, f.text, f.project, f.entities)
            ):
                continue
            said = last_said or to_epoch(f.valid_from)
            conf = decayed_confidence(f.confidence, f.type.value, said, now, cfg)
            score = scores[f.id] * (1.0 - cfg.confidence_weight + cfg.confidence_weight * conf)
            text = f.text
            if dated and f.valid_from is not None:
                text += f" (said {human_date(f.valid_from.date())})"
            item = ContextItem(
                section=section_for_fact(f, query.user_name),
                text=text,
                source=ContextSource(type="fact", id=f.id, relevance=score, turn_ids=f.turn_ids),
            )
            turns = frozenset((s.conversation_id, s.turn_id) for s in f.evidence_spans)
            out.append(Ranked(item, score, frozenset(content_words(f.text)), turns, said))
        return out

    def _episodes(
        self,
        top: Sequence[tuple[tuple[str, str], float]],
        query: ContextQuery,
        windows: dict[str, list[tuple[str, Turn]]],
    ) -> list[Ranked]:
        """Excerpts of the hit turns' ``windows`` (the store's, fetched beside the facts)."""
        cfg = self.config
        scores = {ref[1]: s for ref, s in top if ref[0] == "turn"}
        as_of = query.as_of
        out = []
        for key, window in windows.items():
            hit = next((t for k, t in window if k == key), None)
            if hit is None:
                continue
            turns = [
                t for _, t in window if as_of is None or t.timestamp is None or t.timestamp <= as_of
            ]
            if hit not in turns:
                continue
            ex = excerpt(
                turns,
                hit,
                query.text,
                sentences=cfg.excerpt_sentences,
                chars=cfg.excerpt_chars,
                total_chars=cfg.excerpt_total_chars,
                whole_turn_chars=cfg.whole_turn_chars_at(query.max_tokens),
                reply_chars=cfg.reply_chars,
            )
            if ex is None or not _in_project(query.project_filter, ex.text, None, []):
                continue
            item = ContextItem(
                section="relevant_excerpts",
                text=ex.text,
                source=ContextSource(
                    type="episode", id=key, relevance=scores[key], turn_ids=ex.turn_ids
                ),
            )
            at = to_epoch(ex.said_at)
            out.append(Ranked(item, scores[key], ex.words, frozenset(ex.turns), at))
        return out

    def _entities(
        self, top: Sequence[tuple[tuple[str, str], float]], state: UserState, now: float
    ) -> list[Ranked]:
        from contextos.context.describe import describe_entity

        out = []
        for (kind, key), score in top:
            e = state.names.entities.get(key) if kind == "entity" else None
            text = describe_entity(e) if e is not None else None
            if e is None or text is None:
                continue
            if e.type == "Person":
                score *= relationship_strength(to_epoch(e.last_seen), now, self.config)
            section = "active_projects" if e.type == "Project" else "relevant_people"
            item = ContextItem(
                section=section,
                text=text,
                source=ContextSource(type="entity", id=key, relevance=score, turn_ids=e.turn_ids),
            )
            out.append(Ranked(item, score, frozenset(content_words(text)), frozenset(), None))
        return out


def _valid(fact: Fact, as_of: float | None) -> bool:
    if as_of is None:
        return fact.is_current
    start, end = to_epoch(fact.valid_from), to_epoch(fact.valid_to)
    return (start is None or start <= as_of) and (end is None or end > as_of)


def _in_project(project: str | None, text: str, fact_project: str | None, names: list[str]) -> bool:
    """Whether an item belongs to ``project`` (no filter: every item does)."""
    if not project:
        return True
    p = project.casefold()
    return (
        (fact_project or "").casefold() == p
        or any(n.casefold() == p for n in names)
        or p in text.casefold()
    )
