"""The hosted-embedding path: the real llama-index OpenAI client, with only the HTTP transport
replaced (the hosted API is unreachable here), on the real embedded store."""

from __future__ import annotations

import base64
import hashlib
import json

import httpx
import numpy as np
import pytest

from contextos import ConfigError, ContextOS, Settings
from contextos.embeddings import openai_embedder
from contextos.samples import sample_paths

DIM = 1536
JSONL = next(p for p in sample_paths() if p.name == "jordan_chats.jsonl")


def _vector(text: str) -> np.ndarray:
    """A deterministic bag-of-words vector: texts sharing words are similar."""
    v = np.zeros(DIM, dtype=np.float32)
    for word in text.lower().split():
        v[int(hashlib.md5(word.encode()).hexdigest(), 16) % DIM] += 1.0
    return v / max(float(np.linalg.norm(v)), 1e-9)


class FakeOpenAI:
    def __init__(self) -> None:
        self.requests: list[dict] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        assert request.url.path.endswith("/embeddings")
        assert request.headers["authorization"] == "Bearer sk-test"
        body = json.loads(request.content)
        self.requests.append(body)
        data = []
        for i, text in enumerate(body["input"]):
            vec = _vector(text)
            emb = (
                base64.b64encode(vec.tobytes()).decode()
                if body.get("encoding_format") == "base64"
                else vec.tolist()
            )
            data.append({"object": "embedding", "index": i, "embedding": emb})
        return httpx.Response(
            200,
            json={
                "object": "list",
                "data": data,
                "model": body["model"],
                "usage": {"prompt_tokens": 1, "total_tokens": 1},
            },
        )


@pytest.fixture
def fake_api():
    return FakeOpenAI()


def _embedder(fake_api):
    return openai_embedder(
        "sk-test", http_client=httpx.Client(transport=httpx.MockTransport(fake_api))
    )


def test_ingest_and_context_with_openai_embeddings(data_dir, fake_api):
    with ContextOS.open(data_dir, embedder=_embedder(fake_api)) as cx:
        report = cx.ingest(JSONL, user="jordan", user_name="Jordan Lee")
        assert report.facts_stored > 5
        ctx = cx.context("where does Jordan live", user="jordan", max_tokens=200)
        assert "Porto" in ctx.injection or "Lisbon" in ctx.injection
    assert fake_api.requests and all(
        r["model"] == "text-embedding-3-small" for r in fake_api.requests
    )
    assert all(r.get("dimensions") == DIM for r in fake_api.requests)


def test_a_graph_refuses_a_different_embedding_model(data_dir, fake_api):
    with ContextOS.open(data_dir, embedder=_embedder(fake_api)) as cx:
        cx.ingest(JSONL, user="jordan")
    with pytest.raises(ConfigError, match="openai/text-embedding-3-small"):
        ContextOS.open(data_dir)  # the offline MiniLM: 384 dimensions


def test_settings_choose_openai_and_require_a_key(data_dir, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("CONTEXTOS_OPENAI_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="API key"):
        ContextOS.from_settings(Settings(data_dir=data_dir, embedding="openai"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    assert Settings(embedding="openai").openai_api_key.get_secret_value() == "sk-from-env"
    with pytest.raises(ConfigError, match="unknown embedding"):
        ContextOS.from_settings(Settings(data_dir=data_dir, embedding="word2vec"))


def test_api_errors_are_wrapped(data_dir):
    def refuse(request: httpx.Request) -> httpx.Response:
        return httpx.Response(401, json={"error": {"message": "bad key", "type": "auth"}})

    emb = openai_embedder(
        "sk-test", http_client=httpx.Client(transport=httpx.MockTransport(refuse))
    )
    with pytest.raises(ConfigError, match="embedding with openai/text-embedding-3-small failed"):
        emb.embed_texts(["hello"])
