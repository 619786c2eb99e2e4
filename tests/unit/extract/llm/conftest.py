"""A LlamaIndex LLM that replays recorded replies: it stands in for a hosted API in unit tests
(the real server is driven by tests/integration/test_llm_server.py)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from llama_index.core.llms import (
    ChatMessage,
    ChatResponse,
    CompletionResponse,
    CustomLLM,
    LLMMetadata,
)
from pydantic import PrivateAttr


@pytest.fixture(autouse=True)
def _first_conversation() -> None:
    """The LLM tests need no local extractor (overrides the extract/ conftest's fixture)."""


class ReplayLLM(CustomLLM):
    """Answers each chat with the next recorded reply: a string (with the server's usage
    counts unless ``usage=False``), a ``(text, finish_reason)`` pair, or an exception."""

    usage: bool = True
    _replies: list[Any] = PrivateAttr(default_factory=list)
    _requests: list[tuple[list[ChatMessage], dict[str, Any]]] = PrivateAttr(default_factory=list)

    def __init__(self, replies: list[Any], **kw: Any) -> None:
        super().__init__(**kw)
        self._replies = list(replies)
        self._requests = []

    @property
    def requests(self) -> list[tuple[list[ChatMessage], dict[str, Any]]]:
        return self._requests

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(context_window=4096, num_output=512, model_name="replay")

    def chat(self, messages: Any, **kwargs: Any) -> ChatResponse:
        self._requests.append((list(messages), kwargs))
        reply = self._replies.pop(0)
        if isinstance(reply, BaseException):
            raise reply
        text, finish = reply if isinstance(reply, tuple) else (reply, "stop")
        raw: dict[str, Any] = {"choices": [{"finish_reason": finish}]}
        if self.usage:
            raw["usage"] = {"prompt_tokens": 100, "completion_tokens": 20}
        return ChatResponse(message=ChatMessage(role="assistant", content=text), raw=raw)

    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        raise NotImplementedError

    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
        raise NotImplementedError


def http_error(status: int, message: str = "error") -> Exception:
    """The openai client's exception for an HTTP status, as the OpenAI LLMs raise it."""
    import openai

    request = httpx.Request("POST", "http://127.0.0.1:1/v1/chat/completions")
    response = httpx.Response(status, request=request, headers={})
    cls = {
        400: openai.BadRequestError,
        401: openai.AuthenticationError,
        429: openai.RateLimitError,
        500: openai.InternalServerError,
    }[status]
    return cls(message, response=response, body=None)


def timeout_error() -> Exception:
    import openai

    return openai.APITimeoutError(request=httpx.Request("POST", "http://127.0.0.1:1/v1"))


def connection_error() -> Exception:
    import openai

    return openai.APIConnectionError(request=httpx.Request("POST", "http://127.0.0.1:1/v1"))


@pytest.fixture
def replay():
    return ReplayLLM
