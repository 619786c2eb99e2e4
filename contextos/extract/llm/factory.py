"""The LlamaIndex LLM and the LLM extractor from settings (``CONTEXTOS_LLM_*``).

The LLM is built and passed down, never set as LlamaIndex's global ``Settings.llm``: the model
contextos extracts with is its own choice, apart from whatever model the user's agent uses.
"""

from __future__ import annotations

from typing import Any

from contextos.errors import ConfigError
from contextos.extract.llm.extractor import LLMExtractor
from contextos.settings import Settings

__all__ = ["llm_extractor_from_settings", "llm_from_settings"]

_EXTRA = "the LLM extractor needs its extra: pip install 'contextos[llm]'"


def llm_from_settings(settings: Settings) -> Any:
    """A LlamaIndex ``OpenAI`` or ``OpenAILike`` LLM, with no retries of its own (the client
    decides what to retry) and temperature 0."""
    if not settings.llm_model:
        raise ConfigError("CONTEXTOS_LLM_MODEL is not set (the model the LLM extractor uses)")
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    common: dict[str, Any] = {
        "model": settings.llm_model,
        "timeout": settings.llm_timeout,
        "max_retries": 0,
        "temperature": 0.0,
        "max_tokens": settings.llm_max_tokens,
    }
    if settings.llm_provider == "openai":
        try:
            from llama_index.llms.openai import OpenAI
        except ImportError:
            raise ConfigError(_EXTRA) from None
        if not key:
            raise ConfigError("CONTEXTOS_LLM_API_KEY (or OPENAI_API_KEY) is not set")
        if settings.llm_base_url:
            common["api_base"] = settings.llm_base_url
        return OpenAI(api_key=key, **common)
    if settings.llm_provider == "openai_like":
        try:
            from llama_index.llms.openai_like import OpenAILike
        except ImportError:
            raise ConfigError(_EXTRA) from None
        if not settings.llm_base_url:
            raise ConfigError(
                "CONTEXTOS_LLM_BASE_URL is not set (the OpenAI-compatible server, e.g. "
                "http://localhost:11434/v1 for Ollama)"
            )
        return OpenAILike(
            api_base=settings.llm_base_url,
            api_key=key or "none",  # local servers take any key
            is_chat_model=True,
            is_function_calling_model=False,
            context_window=settings.llm_context_window,
            **common,
        )
    raise ConfigError(f"unknown LLM provider {settings.llm_provider!r}: use openai or openai_like")


def llm_extractor_from_settings(settings: Settings, **options: Any) -> LLMExtractor:
    """An :class:`LLMExtractor` over :func:`llm_from_settings`, priced and sized as set."""
    return LLMExtractor(
        llm_from_settings(settings),
        name=f"llm:{settings.llm_model}",
        context_window=settings.llm_context_window,
        max_output_tokens=settings.llm_max_tokens,
        price_in_per_1k=settings.llm_price_per_1k_input,
        price_out_per_1k=settings.llm_price_per_1k_output,
        mode=None if settings.llm_output == "auto" else settings.llm_output,
        **{"graph": settings.llm_graph, **options},
    )
