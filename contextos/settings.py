"""Settings (pydantic-settings, ``CONTEXTOS_`` prefix). Read only at the edges — the CLI, the
API, pipelines — and passed down as arguments; the library never reads the environment itself.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["Settings", "default_data_dir"]


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
        "or neo4j://user:pass@host:7687",
    )
    user: str | None = Field(default=None, description="default user id for the CLI")
    embedding: str = Field(default="local", description="'local' (offline MiniLM) or 'openai'")
    openai_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("CONTEXTOS_OPENAI_API_KEY", "OPENAI_API_KEY")
    )
    openai_embedding_model: str = "text-embedding-3-small"
    openai_embedding_dimension: int = Field(default=1536, ge=1, le=8192)
    neo4j_user: str = "neo4j"
    neo4j_password: SecretStr | None = None
    max_tokens: int = Field(default=500, ge=50, description="default context token budget")
    extractor: str = Field(
        default="local",
        description="the extractor or strategy ingestion uses (contextos.extract.registry)",
    )
