"""Retrieval settings as data: one :class:`RetrievalConfig` with documented defaults (tuned on
the dev scenarios and the read long conversations only; see docs/retrieval.md).

Decay windows (seed design) map onto contextos's fact types one to one — ``USER_FACT`` (30
days), ``USER_PATTERN`` (14), ``SHARED_NARRATIVE`` (7) — every category of a type shares its
type's window; a Person's ``relationship_strength`` fades over ``relationship_window_days``
from the entity's ``last_seen`` (its last mention).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

__all__ = ["DEFAULT_CONFIG", "RetrievalConfig"]


class RetrievalConfig(BaseModel):
    """Weights and thresholds of retrieval, fusion, decay and packing."""

    #: weight of each retriever's list in reciprocal-rank fusion (sum_r w_r / (rrf_k + rank))
    weights: dict[str, float] = Field(
        default_factory=lambda: {
            "bm25": 1.0,
            "turn_vector": 1.0,
            "fact_vector": 0.8,
            "graph": 0.6,
        }
    )
    #: the RRF constant: larger flattens the advantage of the first ranks
    rrf_k: float = 60.0
    #: hits taken from each retriever
    per_retriever_k: int = 40
    #: how much the (decayed) confidence of a fact scales its fused score (0: not at all)
    confidence_weight: float = 0.3
    #: how much recency scales a fused score (0: not at all); recency is relative to the
    #: newest item of the user, half-life ``recency_half_life_days``
    recency_weight: float = 0.1
    recency_half_life_days: float = 90.0
    #: extra weight of a dated item (a date, weekday, month or relative date in its text)
    #: for a "when" question
    temporal_boost: float = 0.5
    #: an item whose words overlap an already chosen one's by this share (Jaccard) or more is
    #: scaled by ``diversity_penalty`` (so one topic does not eat the budget)
    diversity_threshold: float = 0.6
    diversity_penalty: float = 0.5
    #: decay windows (days) by fact type, and the floor a decayed confidence keeps (share)
    decay_days: dict[str, float] = Field(
        default_factory=lambda: {"USER_FACT": 30.0, "USER_PATTERN": 14.0, "SHARED_NARRATIVE": 7.0}
    )
    decay_floor: float = 0.5
    relationship_window_days: float = 30.0
    #: the best-fused hit turns whose windows are read and quoted per query (an excerpt
    #: costs a store read and its sentence matching; lower ranks rarely reach the budget)
    episode_candidates: int = 24
    #: turns either side of a hit turn that an episode window spans
    window_radius: int = 1
    #: sentences quoted from one episode, and the most characters of one quote
    excerpt_sentences: int = 2
    excerpt_chars: int = 280
    #: the most characters one episode quotes in all (None: ``excerpt_sentences`` alone)
    excerpt_total_chars: int | None = None
    #: a hit turn at most this long is quoted whole, its exact words rather than the one
    #: sentence sharing a query word (0: off); ``excerpt_sentences`` then counts the
    #: neighbours' sentences that share a query word
    whole_turn_chars: int = 300
    #: ... from this token budget up (a smaller budget holds more short quotes instead)
    whole_turn_min_tokens: int = 300
    #: a hit turn ending with a question also quotes the next turn's opening (its answer),
    #: up to this many characters (0: off)
    reply_chars: int = 0
    #: reranking (``rerank.py``): how much BM25 of the query over the candidates' own lines
    #: (scaled to [0, 1]) and the vector retrievers' cosine of the hit raise a score
    rerank_lexical: float = 1.0
    rerank_vector: float = 0.5
    #: a fact gives way to an excerpt quoting the turn it came from when the excerpt matches
    #: the query at least as well (the exact words rather than a paraphrase)
    prefer_quotes: bool = True
    #: the share of the budget the agent-type template may take when there is a query
    template_share: float = 0.1
    #: corrections and blockers this recent are always in (days)
    always_in_days: float = 7.0
    #: entity names: the least similarity (difflib ratio) of a fuzzy match of a query word
    fuzzy_ratio: float = 0.86
    #: seconds between the batched writes of injected facts' ``last_used`` (0: every query)
    touch_interval_s: float = 5.0
    #: the graph retriever's score of a named entity, a 1-hop and a 2-hop neighbour
    hop_scores: tuple[float, float, float] = (1.0, 0.5, 0.25)

    def whole_turn_chars_at(self, max_tokens: int | None) -> int:
        """``whole_turn_chars`` for a context of ``max_tokens`` (0 below the threshold)."""
        if max_tokens is not None and max_tokens < self.whole_turn_min_tokens:
            return 0
        return self.whole_turn_chars


DEFAULT_CONFIG = RetrievalConfig()
