"""The REST service end to end: the real app over a real embedded FalkorDB. Ingest jobs,
context, diff, facts, preferences, reset, errors and OpenAPI."""

from __future__ import annotations

from pathlib import Path

import pytest
from api_helpers import (
    ALICE_MESSAGES,
    API,
    PREFS,
    api_client,
    kill_servers,
    post_messages,
    wait_job,
)

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("api") / "data"
    with api_client(data_dir, api_max_messages=50, api_max_body_bytes=20_000) as c:
        c.data_dir = data_dir
        yield c
    kill_servers(data_dir)


@pytest.fixture(scope="module")
def alice_job(client):
    job_id = post_messages(client, "alice", ALICE_MESSAGES, user_name="Alice Hart")
    return wait_job(client, "alice", job_id)


def test_ingest_job_completes_and_its_facts_are_read_back(client, alice_job):
    assert alice_job["status"] == "completed", alice_job
    assert alice_job["extracted"]["facts"] >= 2
    assert alice_job["extracted"]["entities"] >= 1
    assert alice_job["report"]["turns"] == 3
    facts = client.get(f"{API}/facts", params={"user_id": "alice"}).json()
    texts = " | ".join(f["text"] for f in facts["facts"])
    assert facts["count"] == alice_job["extracted"]["facts"]
    assert "Lisbon" in texts and "Fernhill Labs" in texts
    assert all(f["explicit"] is False and f["extractor"] == "local" for f in facts["facts"])


def test_same_session_posted_again_is_skipped_unchanged(client, alice_job):
    again = post_messages(client, "alice", ALICE_MESSAGES, user_name="Alice Hart")
    job = wait_job(client, "alice", again)
    assert job["status"] == "completed"
    assert job["report"]["conversations_skipped_unchanged"] == 1
    assert job["extracted"]["facts"] == 0


def test_context_returns_an_injection_with_sources(client, alice_job):
    r = client.get(f"{API}/context", params={"user_id": "alice", "query": "where do I live?"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert "<context_injection" in body["injection"] and "Lisbon" in body["injection"]
    assert 0 < body["token_count"] <= body["max_tokens"] == 500
    assert body["sources"] and all(s["turn_ids"] for s in body["sources"])
    small = client.get(
        f"{API}/context", params={"user_id": "alice", "query": "work", "max_tokens": 30}
    ).json()
    assert small["token_count"] <= 30


def test_diff_lists_typed_changes_and_a_summary(client, alice_job):
    body = client.get(
        f"{API}/diff", params={"user_id": "alice", "since": "2026-03-01T00:00:00Z"}
    ).json()
    assert body["changes"] and body["summary"]
    assert {c["kind"] for c in body["changes"]} <= {
        "status_changed",
        "value_changed",
        "corrected",
        "ended",
        "added",
        "decision",
    }
    later = client.get(
        f"{API}/diff", params={"user_id": "alice", "since": "2026-03-05T00:00:00Z"}
    ).json()
    assert later["changes"] == []


def test_facts_as_of_a_time_before_they_were_said_is_empty(client, alice_job):
    before = client.get(
        f"{API}/facts", params={"user_id": "alice", "as_of": "2026-03-01T00:00:00Z"}
    ).json()
    assert before["count"] == 0 and before["as_of"].startswith("2026-03-01")


def test_upload_of_an_export_file_is_ingested_through_format_detection(client):
    sample = REPO / "contextos" / "samples" / "jordan_chats.jsonl"
    with sample.open("rb") as f:
        r = client.post(
            f"{API}/ingest",
            data={"user_id": "jordan", "user_name": "Jordan Lee"},
            files={"file": ("jordan_chats.jsonl", f, "application/octet-stream")},
        )
    assert r.status_code == 202, r.text
    job = wait_job(client, "jordan", r.json()["job_id"])
    assert job["status"] == "completed", job
    assert job["kind"] == "upload"
    assert job["report"]["by_format"]["transcript"]["conversations"] >= 1
    assert job["extracted"]["facts"] > 0
    uploads = client.data_dir / "api" / "uploads"
    assert not any(uploads.rglob("*.jsonl"))  # the file is deleted once ingested


def test_errors_are_json_with_codes_never_traces(client):
    msgs = ALICE_MESSAGES
    cases = [
        ({"user_id": "x", "platform": "myspace", "messages": msgs}, 400, "invalid_platform"),
        ({"user_id": "x", "messages": []}, 400, "empty_transcript"),
        (
            {"user_id": "x", "messages": [{"role": "user", "content": "  "}]},
            400,
            "empty_transcript",
        ),
        ({"platform": "api", "messages": msgs}, 422, "validation_error"),
        (
            {"user_id": "x", "messages": [{"role": "robot", "content": "a"}]},
            422,
            "validation_error",
        ),
        (
            {"user_id": "x", "messages": [{"role": "user", "content": "a"}] * 51},
            413,
            "batch_too_large",
        ),
    ]
    for body, status, code in cases:
        r = client.post(f"{API}/ingest", json=body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["code"] == code
        assert "Traceback" not in r.text
    missing = client.post(f"{API}/ingest", json={"platform": "api", "messages": msgs}).json()
    assert missing["field"] == "user_id"
    role = client.post(
        f"{API}/ingest", json={"user_id": "x", "messages": [{"role": "robot", "content": "a"}]}
    ).json()
    assert role["field"] == "messages.0.role"
    big = client.post(
        f"{API}/ingest", content=b"x" * 30_000, headers={"content-type": "application/json"}
    )
    assert big.status_code == 413 and big.json()["code"] == "payload_too_large"
    chunks = (b"x" * 5_000 for _ in range(10))  # streamed, no Content-Length: counted
    streamed = client.post(
        f"{API}/ingest", content=chunks, headers={"content-type": "application/json"}
    )
    assert streamed.status_code == 413 and streamed.json()["code"] == "payload_too_large"
    prefs = client.post(
        PREFS,
        content=(b"y" * 5_000 for _ in range(10)),
        headers={"content-type": "application/json"},
    )
    assert prefs.status_code == 413 and prefs.json()["code"] == "payload_too_large"
    bad = client.post(f"{API}/ingest", content=b"{no", headers={"content-type": "application/json"})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_json"
    nojob = client.get(f"{API}/ingest/0000", params={"user_id": "alice"})
    assert nojob.status_code == 404 and nojob.json()["code"] == "job_not_found"
    bad_user = client.get(f"{API}/facts", params={"user_id": " padded"})
    assert bad_user.status_code == 400 and bad_user.json()["code"] == "invalid_user_id"
    no_route = client.get(f"{API}/nothing-here")
    assert no_route.status_code == 404 and no_route.json()["code"] == "not_found"
    no_since = client.get(f"{API}/diff", params={"user_id": "alice"})
    assert no_since.status_code == 422 and no_since.json()["field"] == "since"


def test_a_store_that_is_gone_is_503_graph_unavailable(tmp_path):
    data_dir = tmp_path / "data"
    try:
        with api_client(data_dir) as c:
            assert c.get(f"{API}/health").json()["status"] == "ok"
            kill_servers(data_dir)  # the graph server dies under the running service
            r = c.get(f"{API}/facts", params={"user_id": "alice"})
            assert r.status_code == 503, r.text
            assert r.json()["code"] == "graph_unavailable"
            assert c.get(f"{API}/health").status_code == 503
    finally:
        kill_servers(data_dir)


def test_preferences_add_merge_list_deactivate_delete_clear(client):
    user = "pref-user"
    r = client.post(
        PREFS,
        json={
            "user_id": user,
            "type": "communication_style",
            "value": "concise answers",
            "context": ["work"],
        },
    )
    assert r.status_code == 201, r.text
    first = r.json()["preference"]
    assert first["explicit"] is True and first["active"] is True
    assert first["confidence"] == 0.9 and first["context"] == ["work"]
    merged = client.post(
        PREFS,
        json={
            "user_id": user,
            "type": "communication_style",
            "value": "short, concise answers",
            "confidence": 0.95,
            "context": ["email"],
        },
    ).json()
    assert merged["merged"] is True and merged["preference"]["id"] == first["id"]
    assert merged["preference"]["confidence"] == 0.95
    assert merged["preference"]["context"] == ["work", "email"]
    assert merged["preference"]["last_used"] > first["last_used"]
    other = client.post(
        PREFS,
        json={
            "user_id": user,
            "type": "communication_style",
            "value": "detailed answers",
            "confidence": 0.6,
        },
    ).json()
    assert other["merged"] is False  # an opposite is not merged
    listed = client.get(PREFS, params={"user_id": user}).json()
    assert listed["count"] == 2
    high = client.get(PREFS, params={"user_id": user, "min_confidence": 0.9}).json()
    assert [p["id"] for p in high["preferences"]] == [first["id"]]
    pid = other["preference"]["id"]
    off = client.put(f"{PREFS}/{pid}/deactivate", params={"user_id": user})
    assert off.status_code == 200 and off.json()["preference"]["active"] is False
    assert client.get(PREFS, params={"user_id": user}).json()["count"] == 1
    everything = client.get(PREFS, params={"user_id": user, "active_only": False}).json()
    assert everything["count"] == 2
    # a preference is a fact: explicit, and the context can inject it
    facts = client.get(f"{API}/facts", params={"user_id": user}).json()["facts"]
    assert any(f["explicit"] and "concise answers" in f["text"] for f in facts)
    assert client.delete(f"{PREFS}/{pid}", params={"user_id": user}).status_code == 200
    gone = client.delete(f"{PREFS}/{pid}", params={"user_id": user})
    assert gone.status_code == 404 and gone.json()["code"] == "preference_not_found"
    cleared = client.delete(PREFS, params={"user_id": user}).json()
    assert cleared["deleted"] == 1
    assert client.get(PREFS, params={"user_id": user, "active_only": False}).json()["count"] == 0
    bad = client.post(PREFS, json={"user_id": user, "type": "Not a type!", "value": "x"})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_input"


def test_reset_needs_the_confirmation_then_deletes_everything_of_the_user(client):
    job = wait_job(client, "carol", post_messages(client, "carol", ALICE_MESSAGES))
    assert job["extracted"]["facts"] > 0
    client.post(PREFS, json={"user_id": "carol", "type": "tone", "value": "warm"})
    refused = client.post(f"{API}/reset", json={"user_id": "carol", "confirm": "yes"})
    assert refused.status_code == 400 and refused.json()["code"] == "confirmation_required"
    assert client.get(f"{API}/facts", params={"user_id": "carol"}).json()["count"] > 0
    done = client.post(f"{API}/reset", json={"user_id": "carol", "confirm": "carol"})
    assert done.status_code == 200 and done.json()["deleted_nodes"] > 0
    assert done.json()["deleted_jobs"] == 1
    assert client.get(f"{API}/facts", params={"user_id": "carol"}).json()["count"] == 0
    assert client.get(PREFS, params={"user_id": "carol"}).json()["count"] == 0
    assert (
        client.get(f"{API}/ingest/{job['job_id']}", params={"user_id": "carol"}).status_code == 404
    )


def test_health_and_openapi(client):
    health = client.get(f"{API}/health").json()
    assert health["status"] == "ok" and health["store"] == "falkordb"
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for path in (
        "/api/v1/ingest",
        "/api/v1/ingest/{job_id}",
        "/api/v1/context",
        "/api/v1/diff",
        "/api/v1/facts",
        "/api/v1/reset",
        "/api/v1/health",
        "/api/chat/preferences",
        "/api/chat/preferences/{preference_id}/deactivate",
    ):
        assert path in paths, path
    body = paths["/api/v1/ingest"]["post"]["requestBody"]["content"]
    assert {"application/json", "multipart/form-data"} <= set(body)
    assert client.get("/docs").status_code == 200
