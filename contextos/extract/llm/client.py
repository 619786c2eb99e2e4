"""The LLM client: one prompt in, one validated reply out, whatever the model or server does.

Wraps any LlamaIndex ``LLM``. The reply is asked for as

- ``json_schema`` — structured output (OpenAI, vLLM, llama.cpp, LM Studio, Ollama's OpenAI API:
  the server constrains the reply to the prompt's schema); the default for LlamaIndex's
  ``OpenAI`` and ``OpenAILike`` LLMs;
- ``json_object`` — JSON mode, the schema only described in the prompt;
- ``prompt`` — no server support: the prompt alone asks for JSON (any other LlamaIndex LLM).

A server that refuses ``response_format`` (HTTP 400 naming it) is asked again one level down,
and remembered. What comes back is read in steps, so that what small local models do never
breaks a run:

1. reasoning (``<think>…</think>``) is stripped, then the reply is parsed strictly;
2. invalid JSON → one retry with the parse error in the prompt (not when the reply was cut off
   by the token limit: the retry would be cut off the same way);
3. then the lenient parser (``lenient_json``) on the replies;
4. then :class:`UnparseableReply` — the caller records a rejection for the window and goes on.

Errors of the call itself: HTTP 429 → exponential backoff (``backoff_s`` doubling up to
``backoff_max_s``, or the server's ``Retry-After``), at most ``rate_limit_retries`` times; a
timeout, a lost connection or a 5xx → one retry; either exhausted →
:class:`~contextos.errors.WindowUnfinished` (ingestion then leaves the conversation for the next
run). Anything else (a wrong key, an unknown model) is an :class:`ExtractionError` that stops
the run: it would fail the same way for every window.

Every call is counted in :class:`ExtractorMetrics` (calls, tokens in/out — the server's counts
when it reports them, else cl100k counts —, seconds, cost at the configured price per 1,000
tokens) and logged with the prompt's ``name@version``.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from contextos.errors import ExtractionError, WindowUnfinished
from contextos.extract.llm.lenient_json import lenient_json, strip_think
from contextos.extract.prompts import ItemProblem, Prompt
from contextos.models.metrics import ExtractorMetrics

__all__ = ["LLMClient", "OutputMode", "Reply", "UnparseableReply", "default_mode"]

_log = logging.getLogger(__name__)

R = TypeVar("R", bound=BaseModel)

#: How much of a bad reply is sent back with the retry (small models have small contexts).
_ECHO_CHARS = 1200
_FENCE = re.compile(r"\A```[a-zA-Z]*\s*\n(.*?)\n?```\s*\Z", re.DOTALL)
_FORMAT_REFUSED = re.compile(
    r"response_format|json_schema|json_object|structured|grammar|not supported|unsupported",
    re.IGNORECASE,
)


class OutputMode(StrEnum):
    JSON_SCHEMA = "json_schema"
    JSON_OBJECT = "json_object"
    PROMPT = "prompt"


_DOWNGRADE = {OutputMode.JSON_SCHEMA: OutputMode.JSON_OBJECT, OutputMode.JSON_OBJECT: None}


class UnparseableReply(ExtractionError):
    """The model's reply could not be read as the prompt's JSON, even leniently."""

    def __init__(self, problem: str, raw: str) -> None:
        self.problem = problem
        self.raw = raw
        super().__init__(f"unreadable reply ({problem}): {raw[:200]!r}")


@dataclass
class Reply(Generic[R]):
    value: R
    #: list elements dropped because they did not fit the reply model
    problems: list[ItemProblem] = field(default_factory=list)
    lenient: bool = False
    raw: str = ""


def default_mode(llm: Any) -> OutputMode:
    """Structured output for LlamaIndex's OpenAI LLMs (OpenAILike included), which pass
    ``response_format`` on; the prompt alone for any other LLM."""
    try:
        from llama_index.llms.openai import OpenAI
    except ImportError:  # the llm extra is not installed
        return OutputMode.PROMPT
    return OutputMode.JSON_SCHEMA if isinstance(llm, OpenAI) else OutputMode.PROMPT


def _status(exc: BaseException) -> int | None:
    status = getattr(exc, "status_code", None)
    if status is None:
        status = getattr(getattr(exc, "response", None), "status_code", None)
    return status if isinstance(status, int) else None


def _kind(exc: BaseException) -> str:
    """``rate_limit``, ``format_refused``, ``transient`` or ``fatal``."""
    status = _status(exc)
    names = " ".join(c.__name__ for c in type(exc).__mro__)
    if status == 429 or "RateLimit" in names:
        return "rate_limit"
    if status in (400, 422) and _FORMAT_REFUSED.search(str(exc)):
        return "format_refused"
    if isinstance(exc, TimeoutError | ConnectionError) or (status is not None and status >= 500):
        return "transient"
    if any(n in names for n in ("Timeout", "Connection", "ConnectError", "RemoteProtocol")):
        return "transient"
    return "fatal"


def _retry_after(exc: BaseException) -> float | None:
    headers = getattr(getattr(exc, "response", None), "headers", None)
    try:
        value = headers.get("retry-after") if headers is not None else None
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _usage(response: Any) -> tuple[int | None, int | None]:
    """Token counts the server reported, from the raw response or LlamaIndex's copy."""
    raw = getattr(response, "raw", None)
    usage = raw.get("usage") if isinstance(raw, dict) else getattr(raw, "usage", None)
    if isinstance(usage, dict):
        got = usage.get("prompt_tokens"), usage.get("completion_tokens")
    elif usage is not None:
        got = getattr(usage, "prompt_tokens", None), getattr(usage, "completion_tokens", None)
    else:
        extra = getattr(response, "additional_kwargs", None) or {}
        got = extra.get("prompt_tokens"), extra.get("completion_tokens")
    return tuple(v if isinstance(v, int) else None for v in got)  # type: ignore[return-value]


def _finish_reason(response: Any) -> str | None:
    raw = getattr(response, "raw", None)
    try:
        if isinstance(raw, dict):
            return str(raw["choices"][0].get("finish_reason"))
        return str(raw.choices[0].finish_reason)  # type: ignore[union-attr]
    except (AttributeError, IndexError, KeyError, TypeError):
        return None


def _strict(text: str) -> Any:
    body = strip_think(text)
    fenced = _FENCE.match(body)
    return json.loads(fenced.group(1) if fenced else body)


class LLMClient:
    """Asks an LLM for a prompt's reply (see the module doc)."""

    def __init__(
        self,
        llm: Any,
        *,
        name: str = "llm",
        mode: OutputMode | str | None = None,
        price_in_per_1k: float = 0.0,
        price_out_per_1k: float = 0.0,
        rate_limit_retries: int = 5,
        backoff_s: float = 1.0,
        backoff_max_s: float = 30.0,
        sleep: Callable[[float], None] = time.sleep,
        metrics: ExtractorMetrics | None = None,
    ) -> None:
        self.llm = llm
        self.name = name
        self.mode = OutputMode(mode) if mode else default_mode(llm)
        self.price_in_per_1k = price_in_per_1k
        self.price_out_per_1k = price_out_per_1k
        self.rate_limit_retries = rate_limit_retries
        self.backoff_s = backoff_s
        self.backoff_max_s = backoff_max_s
        self._sleep = sleep
        self.metrics = metrics or ExtractorMetrics(extractor=name)

    # -- one reply ---------------------------------------------------------------

    def ask(
        self, prompt: Prompt[R], values: Mapping[str, object], schema: dict[str, Any] | None = None
    ) -> Reply[R]:
        """The reply to ``prompt`` filled with ``values``; ``schema`` (default: the prompt's)
        is the JSON schema sent for structured output. Raises :class:`UnparseableReply`,
        :class:`WindowUnfinished` or :class:`ExtractionError`."""
        from llama_index.core.llms import ChatMessage

        system, user = prompt.render(**values)
        messages = [
            ChatMessage(role="system", content=system),
            ChatMessage(role="user", content=user),
        ]
        schema = schema or prompt.json_schema()
        text, finish = self._call(messages, prompt, schema)
        texts = [text]
        try:
            return self._read(prompt, text)
        except ValueError as exc:
            problem = str(exc)
        if finish != "length":
            _log.info(
                "%s: %s reply is not valid JSON (%s); asking again", self.name, prompt.id, problem
            )
            again = [
                *messages,
                ChatMessage(role="assistant", content=text[:_ECHO_CHARS]),
                ChatMessage(
                    role="user",
                    content=f"That is not valid JSON ({problem[:200]}). Answer again with the "
                    "JSON object only, nothing before or after it.",
                ),
            ]
            self.metrics.retries += 1
            text, _ = self._call(again, prompt, schema)
            texts.insert(0, text)
            try:
                return self._read(prompt, text)
            except ValueError as exc:
                problem = str(exc)
        for candidate in texts:
            try:
                value, problems = prompt.parse(lenient_json(candidate))
            except ValueError:
                continue
            self.metrics.lenient_parses += 1
            return Reply(value, problems, lenient=True, raw=candidate)
        raise UnparseableReply(problem, texts[0])

    @staticmethod
    def _read(prompt: Prompt[R], text: str) -> Reply[R]:
        try:
            data = _strict(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{exc.msg} at line {exc.lineno} column {exc.colno}") from None
        value, problems = prompt.parse(data)
        return Reply(value, problems, raw=text)

    # -- one request -------------------------------------------------------------

    def _format_kwargs(self, prompt: Prompt[Any], schema: dict[str, Any]) -> dict[str, Any]:
        if self.mode == OutputMode.JSON_SCHEMA:
            spec = {"name": prompt.name, "schema": schema, "strict": False}
            return {"response_format": {"type": "json_schema", "json_schema": spec}}
        if self.mode == OutputMode.JSON_OBJECT:
            return {"response_format": {"type": "json_object"}}
        return {}

    def _call(
        self, messages: Sequence[Any], prompt: Prompt[Any], schema: dict[str, Any]
    ) -> tuple[str, str | None]:
        """The reply's text and finish reason, after the retries the module doc describes."""
        transient = rate_limited = 0
        while True:
            started = time.monotonic()
            self.metrics.calls += 1
            self.metrics.prompts[prompt.id] = self.metrics.prompts.get(prompt.id, 0) + 1
            try:
                response = self.llm.chat(messages, **self._format_kwargs(prompt, schema))
            except Exception as exc:  # noqa: BLE001 - classified below, re-raised as ours
                elapsed = time.monotonic() - started
                self.metrics.seconds = round(self.metrics.seconds + elapsed, 3)
                kind = _kind(exc)
                _log.warning(
                    "%s: %s call failed after %.1fs (%s): %s",
                    self.name,
                    prompt.id,
                    elapsed,
                    kind,
                    exc,
                )
                if kind == "format_refused" and self.mode != OutputMode.PROMPT:
                    self.mode = _DOWNGRADE.get(self.mode) or OutputMode.PROMPT
                    _log.warning(
                        "%s: the server refused the format; using %s", self.name, self.mode
                    )
                    continue
                if kind == "rate_limit":
                    rate_limited += 1
                    self.metrics.rate_limited += 1
                    if rate_limited > self.rate_limit_retries:
                        raise WindowUnfinished(
                            f"the LLM server kept rate-limiting (HTTP 429, {rate_limited} times)"
                        ) from exc
                    delay = min(self.backoff_max_s, self.backoff_s * 2 ** (rate_limited - 1))
                    delay = min(self.backoff_max_s, max(delay, _retry_after(exc) or 0.0))
                    self._sleep(delay)
                    continue
                if kind == "transient":
                    transient += 1
                    if transient > 1:
                        raise WindowUnfinished(
                            f"the LLM server did not answer ({type(exc).__name__}: {exc}), twice"
                        ) from exc
                    self.metrics.retries += 1
                    continue
                raise ExtractionError(
                    f"the LLM call of {self.name} failed: {type(exc).__name__}: {exc}"
                ) from exc
            elapsed = time.monotonic() - started
            text = response.message.content or ""
            self._count(messages, text, response, elapsed)
            _log.info(
                "%s: %s answered in %.1fs (%s, finish %s)",
                self.name,
                prompt.id,
                elapsed,
                self.mode,
                _finish_reason(response),
            )
            return text, _finish_reason(response)

    def _count(self, messages: Sequence[Any], text: str, response: Any, elapsed: float) -> None:
        tokens_in, tokens_out = _usage(response)
        if tokens_in is None or tokens_out is None:
            from contextos.embeddings.tokens import count_tokens

            self.metrics.tokens_reported = False
            if tokens_in is None:
                tokens_in = sum(count_tokens(str(m.content or "")) for m in messages)
            if tokens_out is None:
                tokens_out = count_tokens(text)
        m = self.metrics
        m.tokens_in += tokens_in
        m.tokens_out += tokens_out
        m.seconds = round(m.seconds + elapsed, 3)
        cost = tokens_in / 1000 * self.price_in_per_1k + tokens_out / 1000 * self.price_out_per_1k
        m.cost = round(m.cost + cost, 6)
