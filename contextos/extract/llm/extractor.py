"""``LLMExtractor``: facts proposed by any LlamaIndex LLM, grounded by contextos.

For each window of a conversation it numbers the turns (``T1``, ``T2``, …; split further when
the window does not fit the model's context), asks the ``facts`` prompt for facts with the id
of the turn and the words they come from, and then, for each proposed fact:

- the named turn must be a human turn of the window (a user, or any human speaker of a meeting
  transcript); an assistant turn is ``assistant_sourced``, an unknown id ``not_grounded``;
- the quote is located in that turn by :func:`contextos.validate.quotes.locate_quote` (exact,
  normalised, fuzzy ≥ 90) and the evidence span is computed from the turn's own text; a quote
  not found is ``not_grounded``;
- the quote's sentence is checked for conditions and negations the fact dropped (flags that
  validation rejects as ``hypothetical`` / ``negated``).

What survives is a :class:`CandidateFact` like the local extractor's, validated the same way
afterwards (content support of the text by its quote, type rules, confidence gates).

Then (unless ``graph=False``) the ``graph`` prompt asks the same window for entities,
relations, project status changes and decisions, grounded the same way and turned into
:class:`CandidateEntity`, :class:`CandidateRelation` and status/decision facts
(:mod:`contextos.extract.llm.graph`; why it is a call of its own: ``prompts/graph_v1.py``).

A reply that cannot be read is one ``unparseable`` rejection for the window (per prompt); a
server that does not answer raises :class:`~contextos.errors.WindowUnfinished` for the pipeline
to leave the conversation for the next run. An LLM can never write an ungrounded fact.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from contextos.errors import WindowUnfinished
from contextos.extract.llm.checks import flags_for
from contextos.extract.llm.client import LLMClient, OutputMode, Reply, UnparseableReply
from contextos.extract.llm.graph import graph_candidates
from contextos.extract.llm.window import Located, Window
from contextos.extract.prompts import Prompt, facts_v1, graph_v1
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.facts import CATEGORIES, CandidateFact, Rejection
from contextos.models.metrics import ExtractorMetrics
from contextos.models.transcript import Conversation, Turn
from contextos.validate.quotes import FUZZY_THRESHOLD

__all__ = ["LLMExtractor"]

_log = logging.getLogger(__name__)

R = TypeVar("R", bound=BaseModel)

#: Tokens kept free beside a prompt's own words (cl100k counts differ from the model's).
_PROMPT_MARGIN = 96
_GENERIC_SUBJECTS = frozenset({"", "user", "the user", "i", "me", "myself", "speaker", "you"})


class LLMExtractor:
    """An :class:`~contextos.extract.base.Extractor` over a LlamaIndex LLM (see module doc)."""

    def __init__(
        self,
        llm: Any,
        *,
        name: str = "llm",
        context_window: int = 4096,
        max_output_tokens: int = 512,
        price_in_per_1k: float = 0.0,
        price_out_per_1k: float = 0.0,
        mode: OutputMode | str | None = None,
        prompt: Prompt[facts_v1.FactsReply] = facts_v1.PROMPT,
        graph: bool = True,
        graph_prompt: Prompt[graph_v1.GraphReply] = graph_v1.PROMPT,
        fuzzy_threshold: float = FUZZY_THRESHOLD,
        **client_options: Any,
    ) -> None:
        self.name = name
        self.llm = llm
        self.prompt = prompt
        #: the graph prompt, or None when entities, relations, statuses and decisions are not
        #: asked for (one request less per window)
        self.graph_prompt = graph_prompt if graph else None
        self._prompt_tokens: int | None = None
        self.context_window = context_window
        self.max_output_tokens = max_output_tokens
        self.fuzzy_threshold = fuzzy_threshold
        self.client = LLMClient(
            llm,
            name=name,
            mode=mode,
            price_in_per_1k=price_in_per_1k,
            price_out_per_1k=price_out_per_1k,
            **client_options,
        )

    # -- what strategies ask of an extractor ------------------------------------

    @property
    def metrics(self) -> ExtractorMetrics:
        return self.client.metrics

    def reset_metrics(self) -> None:
        self.client.metrics = ExtractorMetrics(extractor=self.name)

    def run_metrics(self) -> list[ExtractorMetrics]:
        return [self.metrics]

    @property
    def cost_per_1k_tokens(self) -> float:
        return self.client.price_in_per_1k

    @property
    def estimated_latency_ms(self) -> float:
        """Per window: measured in this run, else a guess for a hosted model."""
        m = self.metrics
        return round(1000 * m.seconds / m.calls) if m.calls else 3000.0

    def is_available(self) -> bool:
        """Whether the model answers: its server lists its models (OpenAI-compatible servers),
        or the LLM exists (others). Never raises."""
        base = getattr(self.llm, "api_base", None)
        if not base:
            return self.llm is not None
        try:
            import httpx

            key = getattr(self.llm, "api_key", None) or ""
            headers = {"Authorization": f"Bearer {key}"} if key else {}
            r = httpx.get(f"{str(base).rstrip('/')}/models", headers=headers, timeout=3.0)
            return r.status_code < 500 and r.status_code != 404
        except Exception:  # noqa: BLE001 - "not available" is the answer
            return False

    # -- extraction ---------------------------------------------------------------

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult:
        result = ExtractionResult()
        readable = [
            t
            for t in turns
            if t.kind in ("message", "custom_instructions")
            and t.role in ("user", "assistant")
            and t.text.strip()
        ]
        for chunk in self._chunks(readable):
            if any(t.role == "user" for t in chunk):
                try:
                    result.extend(self._extract_chunk(chunk, conversation, user))
                except WindowUnfinished as exc:
                    self.metrics.windows_unfinished += 1
                    raise WindowUnfinished(exc.problem, conversation.id) from exc
        return result

    def _chunks(self, turns: list[Turn]) -> list[list[Turn]]:
        """Consecutive turns whose numbered lines fit the model's context beside the prompt
        and the reply (cl100k counts, close enough for a budget)."""
        from contextos.embeddings.tokens import count_tokens

        budget = self._turn_budget()
        chunks: list[list[Turn]] = [[]]
        used = 0
        for t in turns:
            cost = min(count_tokens(t.text), budget) + 8
            if chunks[-1] and used + cost > budget:
                chunks.append([])
                used = 0
            chunks[-1].append(t)
            used += cost
        return [c for c in chunks if c]

    def _turn_budget(self) -> int:
        """Tokens the numbered turns of a window may take: the context less the reply and
        the longest prompt asked (its words counted once, with a margin)."""
        if self._prompt_tokens is None:
            from contextos.embeddings.tokens import count_tokens

            sizes = [
                count_tokens(" ".join(p.render(**self._values(p, "", UserRef(id="u", name="U")))))
                for p in self._prompts()
            ]
            self._prompt_tokens = max(sizes) + _PROMPT_MARGIN
        return max(200, self.context_window - self.max_output_tokens - self._prompt_tokens)

    def _prompts(self) -> list[Prompt[Any]]:
        return [self.prompt, *([self.graph_prompt] if self.graph_prompt else [])]

    def _values(self, prompt: Prompt[Any], listing: str, user: UserRef) -> dict[str, str]:
        values = {
            "turns": listing,
            "user": user.name,
            "them": "themselves",
            "categories": ", ".join(CATEGORIES),
        }
        if prompt is self.graph_prompt:
            values.update(graph_v1.values())
        return values

    def _lines(self, chunk: list[Turn], user: UserRef) -> tuple[str, dict[str, Turn]]:
        from contextos.embeddings.tokens import truncate_to_tokens

        budget = self._turn_budget()
        labels: dict[str, Turn] = {}
        lines = []
        for k, t in enumerate(chunk, 1):
            label = f"T{k}"
            labels[label] = t
            who = _speaker(t, user)
            text = " ".join(truncate_to_tokens(t.text, budget).split())
            lines.append(f"{label} {who}: {text}")
        return "\n".join(lines), labels

    @staticmethod
    def _schema(prompt: Prompt[Any], labels: dict[str, Turn]) -> dict[str, Any]:
        """The prompt's schema, every item's turn id limited to the human turns of this
        window."""
        schema = prompt.json_schema()
        human = [label for label, t in labels.items() if t.role == "user"]
        for part in schema.get("$defs", {}).values():
            turn = part.get("properties", {}).get("turn")
            if turn is not None and human:
                turn["enum"] = human
        return schema

    def _extract_chunk(
        self, chunk: list[Turn], conv: Conversation, user: UserRef
    ) -> ExtractionResult:
        out = ExtractionResult()
        self.metrics.windows += 1
        listing, labels = self._lines(chunk, user)
        first = next(t for t in chunk if t.role == "user")
        window = Window(labels, user, self.name, self.metrics, self.fuzzy_threshold, first)
        facts = self._ask(self.prompt, listing, window, out)
        if facts is not None:
            for item in facts.value.facts:
                self.metrics.facts_proposed += 1
                grounded = self._ground(item, window)
                if isinstance(grounded, Rejection):
                    out.rejections.append(grounded)
                else:
                    out.facts.append(grounded)
        else:
            self.metrics.windows_skipped += 1
        if self.graph_prompt is not None:
            graph = self._ask(self.graph_prompt, listing, window, out)
            if graph is not None:
                out.extend(graph_candidates(graph.value, window, self.graph_prompt))
            else:
                self.metrics.graph_skipped += 1
        return out

    def _ask(
        self, prompt: Prompt[R], listing: str, window: Window, out: ExtractionResult
    ) -> Reply[R] | None:
        """``prompt``'s reply for the window, its items that did not fit the reply model as
        ``schema`` rejections in ``out``; None (and one ``unparseable`` rejection) when the
        reply cannot be read."""
        labels = window.labels
        chunk = list(labels.values())
        values = self._values(prompt, listing, window.user)
        try:
            reply = self.client.ask(prompt, values, self._schema(prompt, labels))
        except UnparseableReply as exc:
            span = f"turns {chunk[0].id}..{chunk[-1].id}"
            conv = chunk[0].conversation_id
            _log.warning("%s: %s of %s skipped: %s", self.name, span, conv, exc.problem)
            what = "fact" if prompt is self.prompt else "entity, relation, status or decision"
            out.rejections.append(
                window.reject(
                    f"[window {span}: no {what} could be read]",
                    "unparseable",
                    f"{prompt.id}: {exc.problem}; reply began {exc.raw[:160]!r}",
                )
            )
            return None
        for problem in reply.problems:
            out.rejections.append(
                window.reject(str(problem.item)[:200], "schema", f"{prompt.id}: {problem.problem}")
            )
        return reply

    def _ground(self, item: facts_v1.FactItem, window: Window) -> CandidateFact | Rejection:
        at = window.locate(item.turn, item.quote, item.text)
        if not isinstance(at, Located):
            return at
        turn, found = at.turn, at.match
        _log.debug(
            "%s: quote of %s found (%s, %.0f)", self.name, turn.id, found.method, found.score
        )
        subject = item.subject.strip()
        if subject.casefold() in _GENERIC_SUBJECTS or window.user.is_user_speaker(subject):
            subject = window.speaker(turn)
        return CandidateFact(
            text=item.text.strip(),
            type=item.type,
            category=item.category,
            subject=subject,
            confidence=item.confidence,
            importance=item.importance,
            evidence=[at.evidence],
            valid_from=turn.timestamp,
            entities=[e.strip() for e in item.entities if e.strip()],
            extractor=self.name,
            flags=flags_for(item.text, turn.text, found.start, found.end),
        )


def _speaker(turn: Turn, user: UserRef) -> str:
    if turn.role == "assistant":
        return "assistant"
    return user.name if user.is_user_speaker(turn.speaker) else turn.speaker
