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
afterwards (content support of the text by its quote, type rules, confidence gates). A reply
that cannot be read is one ``unparseable`` rejection for the window; a server that does not
answer raises :class:`~contextos.errors.WindowUnfinished` for the pipeline to leave the
conversation for the next run. An LLM can never write an ungrounded fact.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from contextos.errors import WindowUnfinished
from contextos.extract.llm.checks import flags_for
from contextos.extract.llm.client import LLMClient, OutputMode, UnparseableReply
from contextos.extract.prompts import Prompt, facts_v1
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.facts import CATEGORIES, CandidateFact, Evidence, Rejection, RejectReason
from contextos.models.metrics import ExtractorMetrics
from contextos.models.transcript import Conversation, Turn
from contextos.validate.quotes import FUZZY_THRESHOLD, locate_quote

__all__ = ["LLMExtractor"]

_log = logging.getLogger(__name__)

#: Tokens of the prompt around the turns (facts@1 is ~230 cl100k tokens), with a margin.
_PROMPT_TOKENS = 320
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
        fuzzy_threshold: float = FUZZY_THRESHOLD,
        **client_options: Any,
    ) -> None:
        self.name = name
        self.llm = llm
        self.prompt = prompt
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

        budget = max(200, self.context_window - self.max_output_tokens - _PROMPT_TOKENS)
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

    def _lines(self, chunk: list[Turn], user: UserRef) -> tuple[str, dict[str, Turn]]:
        from contextos.embeddings.tokens import truncate_to_tokens

        budget = max(200, self.context_window - self.max_output_tokens - _PROMPT_TOKENS)
        labels: dict[str, Turn] = {}
        lines = []
        for k, t in enumerate(chunk, 1):
            label = f"T{k}"
            labels[label] = t
            who = _speaker(t, user)
            text = " ".join(truncate_to_tokens(t.text, budget).split())
            lines.append(f"{label} {who}: {text}")
        return "\n".join(lines), labels

    def _schema(self, labels: dict[str, Turn]) -> dict[str, Any]:
        """The prompt's schema, the turn id limited to the human turns of this window."""
        schema = self.prompt.json_schema()
        item = schema.get("$defs", {}).get("FactItem", {}).get("properties", {})
        human = [label for label, t in labels.items() if t.role == "user"]
        if "turn" in item and human:
            item["turn"]["enum"] = human
        return schema

    def _extract_chunk(
        self, chunk: list[Turn], conv: Conversation, user: UserRef
    ) -> ExtractionResult:
        out = ExtractionResult()
        self.metrics.windows += 1
        listing, labels = self._lines(chunk, user)
        values = {
            "turns": listing,
            "user": user.name,
            "them": "themselves",
            "categories": ", ".join(CATEGORIES),
        }
        first = next(t for t in chunk if t.role == "user")
        try:
            reply = self.client.ask(self.prompt, values, self._schema(labels))
        except UnparseableReply as exc:
            self.metrics.windows_skipped += 1
            span = f"turns {chunk[0].id}..{chunk[-1].id}"
            _log.warning("%s: %s of %s skipped: %s", self.name, span, conv.id, exc.problem)
            out.rejections.append(
                self._rejection(
                    f"[window {span}: no fact could be read]",
                    "unparseable",
                    f"{self.prompt.id}: {exc.problem}; reply began {exc.raw[:160]!r}",
                    first,
                )
            )
            return out
        for problem in reply.problems:
            out.rejections.append(
                self._rejection(
                    str(problem.item)[:200], "schema", f"{self.prompt.id}: {problem.problem}", first
                )
            )
        for item in reply.value.facts:
            self.metrics.facts_proposed += 1
            grounded = self._ground(item, labels, user, first)
            if isinstance(grounded, Rejection):
                out.rejections.append(grounded)
            else:
                out.facts.append(grounded)
        return out

    def _ground(
        self, item: facts_v1.FactItem, labels: dict[str, Turn], user: UserRef, first: Turn
    ) -> CandidateFact | Rejection:
        turn = labels.get(item.turn)
        if turn is None:
            known = ", ".join(labels)
            return self._rejection(
                item.text, "not_grounded", f"the model named turn {item.turn!r} (of {known})", first
            )
        if turn.role != "user":
            return self._rejection(
                item.text,
                "assistant_sourced",
                f"the model quoted the assistant's turn {item.turn}: {item.quote[:120]!r}",
                turn,
            )
        found = locate_quote(item.quote, turn.text, threshold=self.fuzzy_threshold)
        if found is None:
            return self._rejection(
                item.text,
                "not_grounded",
                f"quote not found in turn {item.turn}: {item.quote[:160]!r}",
                turn,
            )
        _log.debug(
            "%s: quote of %s found (%s, %.0f)", self.name, turn.id, found.method, found.score
        )
        subject = item.subject.strip()
        if subject.casefold() in _GENERIC_SUBJECTS or user.is_user_speaker(subject):
            subject = user.name if user.is_user_speaker(turn.speaker) else turn.speaker
        return CandidateFact(
            text=item.text.strip(),
            type=item.type,
            category=item.category,
            subject=subject,
            confidence=item.confidence,
            importance=item.importance,
            evidence=[Evidence.in_turn(turn, found.start, found.end)],
            valid_from=turn.timestamp,
            entities=[e.strip() for e in item.entities if e.strip()],
            extractor=self.name,
            flags=flags_for(item.text, turn.text, found.start, found.end),
        )

    def _rejection(
        self, text: str, reason: RejectReason, detail: str, turn: Turn | None
    ) -> Rejection:
        self.metrics.count_rejection(reason)
        return Rejection(
            text=text,
            reason=reason,
            detail=detail,
            conversation_id=turn.conversation_id if turn else None,
            turn_id=turn.id if turn else None,
            extractor=self.name,
        )


def _speaker(turn: Turn, user: UserRef) -> str:
    if turn.role == "assistant":
        return "assistant"
    return user.name if user.is_user_speaker(turn.speaker) else turn.speaker
