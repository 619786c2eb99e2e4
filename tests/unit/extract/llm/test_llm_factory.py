"""The LLM extractor from settings (``CONTEXTOS_LLM_*``): OpenAI, or any OpenAI-compatible
server (Ollama, vLLM, LM Studio, llama.cpp), with the model, base URL, key, timeout and prices
set; the LLM is contextos's own, never LlamaIndex's global ``Settings.llm``."""

from __future__ import annotations

import pytest
from llama_index.core import Settings as LlamaIndexSettings
from llama_index.llms.openai import OpenAI
from llama_index.llms.openai_like import OpenAILike

from contextos.errors import ConfigError
from contextos.extract import registry
from contextos.extract.llm import LLMExtractor, llm_extractor_from_settings
from contextos.extract.llm.client import OutputMode
from contextos.extract.llm.factory import llm_from_settings
from contextos.settings import load_settings


@pytest.fixture(autouse=True)
def _no_llm_env(monkeypatch):
    for name in ("OPENAI_API_KEY", "CONTEXTOS_LLM_API_KEY", "CONTEXTOS_LLM_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def test_an_ollama_or_vllm_server_from_the_environment(monkeypatch):
    monkeypatch.setenv("CONTEXTOS_LLM_PROVIDER", "openai_like")
    monkeypatch.setenv("CONTEXTOS_LLM_MODEL", "llama3.1:8b")
    monkeypatch.setenv("CONTEXTOS_LLM_BASE_URL", "http://localhost:11434/v1")
    monkeypatch.setenv("CONTEXTOS_LLM_TIMEOUT", "25")
    monkeypatch.setenv("CONTEXTOS_LLM_CONTEXT_WINDOW", "4096")
    monkeypatch.setenv("CONTEXTOS_LLM_PRICE_PER_1K_INPUT", "0.2")
    monkeypatch.setenv("CONTEXTOS_LLM_PRICE_PER_1K_OUTPUT", "0.4")
    before = LlamaIndexSettings._llm
    made = registry.create("llm", load_settings())
    assert isinstance(made, LLMExtractor) and made.name == "llm:llama3.1:8b"
    llm = made.llm
    assert isinstance(llm, OpenAILike)
    assert (llm.model, llm.api_base, llm.timeout) == (
        "llama3.1:8b",
        "http://localhost:11434/v1",
        25,
    )
    assert llm.max_retries == 0 and llm.temperature == 0.0  # the client decides what to retry
    assert llm.context_window == 4096 and made.context_window == 4096
    assert llm.api_key == "none"  # a local server takes any key
    assert made.cost_per_1k_tokens == 0.2 and made.client.price_out_per_1k == 0.4
    assert made.client.mode == OutputMode.JSON_SCHEMA  # asked for structured output first
    assert LlamaIndexSettings._llm is before  # the agent's LLM is left alone


def test_openai_needs_its_key_and_takes_a_base_url(monkeypatch):
    settings = load_settings(llm_provider="openai", llm_model="gpt-4o-mini")
    with pytest.raises(ConfigError, match="API_KEY"):
        llm_from_settings(settings)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    llm = llm_from_settings(load_settings(llm_provider="openai", llm_model="gpt-4o-mini"))
    assert isinstance(llm, OpenAI) and not isinstance(llm, OpenAILike)
    assert (llm.model, llm.api_key) == ("gpt-4o-mini", "sk-test")
    proxied = llm_from_settings(
        load_settings(
            llm_provider="openai", llm_model="gpt-4o-mini", llm_base_url="https://proxy/v1"
        )
    )
    assert proxied.api_base == "https://proxy/v1"


def test_what_is_missing_is_named():
    with pytest.raises(ConfigError, match="CONTEXTOS_LLM_MODEL"):
        llm_from_settings(load_settings(llm_provider="openai_like"))
    with pytest.raises(ConfigError, match="CONTEXTOS_LLM_BASE_URL"):
        llm_from_settings(load_settings(llm_provider="openai_like", llm_model="m"))
    with pytest.raises(ConfigError, match="settings"):
        registry.create("llm")  # no settings at all


def test_the_output_mode_and_the_graph_call_are_settings():
    made = llm_extractor_from_settings(
        load_settings(
            llm_provider="openai_like",
            llm_model="m",
            llm_base_url="http://127.0.0.1:1/v1",
            llm_output="json_object",
            llm_graph=False,
        )
    )
    assert made.client.mode == OutputMode.JSON_OBJECT and made.graph_prompt is None
