"""Settings (pydantic-settings, ``CONTEXTOS_`` prefix). Read only at the edges — the CLI, the
API, pipelines — and passed down as arguments; the library never reads the environment itself.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from contextos.errors import ConfigError

__all__ = ["Settings", "default_data_dir", "load_settings"]


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/contextos`` (``~/.local/share/contextos`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "contextos"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CONTEXTOS_", extra="ignore")

    data_dir: Path = Field(
        default_factory=default_data_dir, description="where contextos keeps its data"
    )
    store: str = Field(
        default="embedded",
        description="graph store: 'embedded' (FalkorDB in data_dir), falkor://host:port, "
        "or neo4j://user:pass@host:7687 (also bolt://, neo4j+s://, bolt+s://)",
    )
    user: str | None = Field(default=None, description="default user id for the CLI")
    embedding: str = Field(default="local", description="'local' (offline MiniLM) or 'openai'")
    openai_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("CONTEXTOS_OPENAI_API_KEY", "OPENAI_API_KEY")
    )
    openai_embedding_model: str = "text-embedding-3-small"
    openai_embedding_dimension: int = Field(default=1536, ge=1, le=8192)
    neo4j_user: str = Field(
        default="neo4j", description="Neo4j user, when the store URL carries no credentials"
    )
    neo4j_password: SecretStr | None = Field(
        default=None, description="Neo4j password, when the store URL carries no credentials"
    )
    neo4j_database: str | None = Field(
        default=None,
        description="Neo4j database name (default: the server's default database); "
        "a path in the store URL (bolt://host:7687/NAME) wins",
    )
    max_tokens: int = Field(default=500, ge=50, description="default context token budget")
    extractor: str = Field(
        default="local",
        description="the extractor or strategy ingestion uses (contextos.extract.registry)",
    )
    # -- the LLM extractor (needs pip install 'contextos[llm]') --
    llm_provider: Literal["openai", "openai_like"] = Field(
        default="openai",
        description="'openai', or 'openai_like' for any OpenAI-compatible server "
        "(Ollama, vLLM, LM Studio, llama.cpp server)",
    )
    llm_model: str | None = Field(default=None, description="model name, e.g. gpt-4o-mini")
    llm_base_url: str | None = Field(
        default=None, description="server URL, e.g. http://localhost:11434/v1 (openai_like)"
    )
    llm_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("CONTEXTOS_LLM_API_KEY", "OPENAI_API_KEY")
    )
    llm_timeout: float = Field(default=60.0, gt=0, description="seconds per LLM request")
    llm_price_per_1k_input: float = Field(default=0.0, ge=0, description="cost of 1k tokens in")
    llm_price_per_1k_output: float = Field(default=0.0, ge=0, description="cost of 1k out")
    llm_context_window: int = Field(default=8192, ge=512, description="the model's context")
    llm_max_tokens: int = Field(default=1024, ge=16, description="reply tokens per request")
    llm_output: Literal["auto", "json_schema", "json_object", "prompt"] = Field(
        default="auto", description="structured output: auto picks json_schema for OpenAI LLMs"
    )
    llm_graph: bool = Field(
        default=True,
        description="also ask each window for entities, relations, project statuses and "
        "decisions (the graph@1 prompt: one more request per window)",
    )

    # -- the REST service (contextos serve; issue #44) --
    api_host: str = Field(default="127.0.0.1", description="address `contextos serve` binds")
    api_port: int = Field(default=8742, ge=1, le=65535, description="port `contextos serve` binds")
    api_token: SecretStr | None = Field(
        default=None,
        description="bearer token every route needs (required to bind a non-loopback address)",
    )
    api_user_tokens: dict[str, str] = Field(
        default_factory=dict,
        description="bearer token -> the one user id it may act for (JSON object)",
    )
    api_cors_origins: list[str] = Field(
        default_factory=list, description="origins allowed by CORS (JSON list); none by default"
    )
    api_max_body_bytes: int = Field(
        default=1_000_000, ge=1024, description="largest JSON request body (413 above)"
    )
    api_max_upload_bytes: int = Field(
        default=50_000_000, ge=1024, description="largest export file upload (413 above)"
    )
    api_threads: int = Field(
        default=4,
        ge=0,
        description="threads the sync routes share (0: the server's default, 40); on two "
        "cores four served 36 context requests/s where forty served 31",
    )
    api_max_messages: int = Field(
        default=2_000, ge=1, description="most messages one POST /ingest may carry (413 above)"
    )

    # -- privacy (issue #44) --
    retention_days: dict[str, int] = Field(
        default_factory=dict,
        description="fact type or category -> days a fact is kept (JSON object, e.g. "
        '{"plan": 30, "USER_PATTERN": 365}); older facts are deleted',
    )
    retention_check_seconds: float = Field(
        default=60.0, ge=0, description="how often a read applies the retention rules at most"
    )
    keep_turn_text: bool = Field(
        default=True,
        description="keep whole turns; false keeps only facts and their evidence spans",
    )


def load_settings(**overrides: Any) -> Settings:
    """The settings from the ``CONTEXTOS_*`` environment (and ``overrides``); a value that is
    not valid is one :class:`~contextos.errors.ConfigError` naming the variable and what is
    wrong, not a validation traceback."""
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            field = str(err["loc"][0]) if err["loc"] else "?"
            given = err.get("input")
            shown = f"={given!r}" if isinstance(given, str | int | float) else ""
            problems.append(f"CONTEXTOS_{field.upper()}{shown}: {err['msg']}")
        raise ConfigError("; ".join(problems)) from None
