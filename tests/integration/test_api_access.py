"""Access control of the REST service: tokens on every route (docs included), per-user tokens,
CORS, and user A never reading, changing or deleting user B's data through any route."""

from __future__ import annotations

import json

import pytest
from api_helpers import (
    ALICE_MESSAGES,
    API,
    BOB_MESSAGES,
    PREFS,
    api_client,
    kill_servers,
    post_messages,
    wait_job,
)

SERVICE = "service-token-123"
ALICE_TOKEN = "alice-token-456"
BOB_TOKEN = "bob-token-789"
AS_SERVICE = {"Authorization": f"Bearer {SERVICE}"}
AS_ALICE = {"Authorization": f"Bearer {ALICE_TOKEN}"}
AS_BOB = {"Authorization": f"Bearer {BOB_TOKEN}"}
ORIGIN = "https://app.example.com"


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """A service with tokens, alice's and bob's transcripts ingested, a preference each."""
    data_dir = tmp_path_factory.mktemp("access") / "data"
    with api_client(
        data_dir,
        api_token=SERVICE,
        api_user_tokens={ALICE_TOKEN: "alice", BOB_TOKEN: "bob"},
        api_cors_origins=[ORIGIN],
    ) as client:
        jobs = {}
        for user, msgs, headers in (
            ("alice", ALICE_MESSAGES, AS_ALICE),
            ("bob", BOB_MESSAGES, AS_BOB),
        ):
            job_id = post_messages(client, user, msgs, headers=headers)
            jobs[user] = wait_job(client, user, job_id, headers=headers)
            assert jobs[user]["status"] == "completed"
        prefs = {}
        for user, headers in (("alice", AS_ALICE), ("bob", AS_BOB)):
            r = client.post(
                PREFS,
                json={"user_id": user, "type": "tone", "value": f"{user} style"},
                headers=headers,
            )
            prefs[user] = r.json()["preference"]["id"]
        yield client, jobs, prefs
    kill_servers(data_dir)


def _alice_words(body: object) -> list[str]:
    text = json.dumps(body)
    return [w for w in ("Lisbon", "Fernhill", "alice style") if w in text]


# -- tokens -------------------------------------------------------------------------------

ROUTES = [
    ("GET", "/docs", None),
    ("GET", "/openapi.json", None),
    ("GET", f"{API}/health", None),
    ("GET", f"{API}/facts?user_id=alice", None),
    ("GET", f"{API}/context?user_id=alice&query=x", None),
    ("GET", f"{API}/diff?user_id=alice&since=2026-01-01T00:00:00Z", None),
    ("GET", f"{API}/ingest/x?user_id=alice", None),
    ("POST", f"{API}/ingest", {"user_id": "alice", "messages": ALICE_MESSAGES}),
    ("POST", f"{API}/reset", {"user_id": "alice", "confirm": "alice"}),
    ("GET", f"{API}/privacy?user_id=alice", None),
    ("PUT", f"{API}/privacy", {"user_id": "alice", "opt_out": True}),
    ("GET", f"{PREFS}?user_id=alice", None),
    ("POST", PREFS, {"user_id": "alice", "type": "tone", "value": "x"}),
    ("PUT", f"{PREFS}/x/deactivate?user_id=alice", None),
    ("DELETE", f"{PREFS}/x?user_id=alice", None),
    ("DELETE", f"{PREFS}?user_id=alice", None),
    ("POST", f"{API}/turns", {"user_id": "alice", "user_message": "I moved to Rome."}),
    ("GET", f"{API}/turns/stats?user_id=alice", None),
]


@pytest.mark.parametrize(("method", "path", "body"), ROUTES)
def test_every_route_needs_the_token(world, method, path, body):
    client, _, _ = world
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": SERVICE}):
        r = client.request(method, path, json=body, headers=headers)
        assert r.status_code == 401, (method, path, r.text)
        assert r.json()["code"] == "unauthorized"
        assert r.headers["www-authenticate"] == "Bearer"
    assert _alice_words(client.get(f"{API}/facts?user_id=alice", headers=AS_ALICE).json())


@pytest.mark.parametrize(("method", "path", "body"), [r for r in ROUTES if "user_id" in str(r)])
def test_a_user_token_cannot_act_for_another_user(world, method, path, body):
    client, _, _ = world
    r = client.request(method, path, json=body, headers=AS_BOB)
    assert r.status_code == 403, (method, path, r.text)
    assert r.json()["code"] == "forbidden"
    # alice's data is untouched by every refused request
    facts = client.get(f"{API}/facts", params={"user_id": "alice"}, headers=AS_ALICE).json()
    assert facts["count"] > 0
    privacy = client.get(f"{API}/privacy", params={"user_id": "alice"}, headers=AS_ALICE)
    assert privacy.json()["opt_out"] is False


def test_docs_and_health_with_the_token(world):
    client, _, _ = world
    assert client.get("/docs", headers=AS_SERVICE).status_code == 200
    assert client.get("/openapi.json", headers=AS_ALICE).status_code == 200
    assert client.get(f"{API}/health", headers=AS_SERVICE).json()["status"] == "ok"


def test_cors_only_for_configured_origins(world):
    client, _, _ = world
    ok = client.get(f"{API}/health", headers={**AS_SERVICE, "Origin": ORIGIN})
    assert ok.headers.get("access-control-allow-origin") == ORIGIN
    other = client.get(f"{API}/health", headers={**AS_SERVICE, "Origin": "https://evil.test"})
    assert "access-control-allow-origin" not in other.headers
    preflight = client.options(
        f"{API}/facts",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "Authorization",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == ORIGIN
    refused = client.options(
        f"{API}/facts",
        headers={"Origin": "https://evil.test", "Access-Control-Request-Method": "GET"},
    )
    assert refused.status_code == 400


# -- user B never reaches user A's data, route by route (as B, and with the service token) --


@pytest.mark.parametrize("headers", [AS_BOB, AS_SERVICE], ids=["bob-token", "service-token"])
class TestIsolation:
    def test_facts(self, world, headers):
        client, _, _ = world
        body = client.get(f"{API}/facts", params={"user_id": "bob"}, headers=headers).json()
        assert body["count"] > 0 and not _alice_words(body)
        assert all(
            "Toronto" in f["text"] or "bob" in f["text"].lower() or f["text"] for f in body["facts"]
        )

    def test_context(self, world, headers):
        client, _, _ = world
        facts = client.get(f"{API}/facts", params={"user_id": "bob"}, headers=headers).json()
        bobs = {f["id"] for f in facts["facts"]}
        for query in ("where do I live", "Lisbon Fernhill Labs billing migration", "style"):
            body = client.get(
                f"{API}/context", params={"user_id": "bob", "query": query}, headers=headers
            ).json()
            assert not _alice_words(body["injection"]), body["injection"]
            assert {s["id"] for s in body["sources"] if s["type"] == "fact"} <= bobs

    def test_diff(self, world, headers):
        client, _, _ = world
        body = client.get(
            f"{API}/diff",
            params={"user_id": "bob", "since": "2026-01-01T00:00:00Z"},
            headers=headers,
        ).json()
        assert body["changes"] and not _alice_words(body)

    def test_ingest_job(self, world, headers):
        client, jobs, _ = world
        r = client.get(
            f"{API}/ingest/{jobs['alice']['job_id']}", params={"user_id": "bob"}, headers=headers
        )
        assert r.status_code == 404 and r.json()["code"] == "job_not_found"

    def test_ingest_writes_only_the_named_user(self, world, headers):
        client, _, _ = world
        before = client.get(f"{API}/facts", params={"user_id": "alice"}, headers=AS_ALICE).json()
        msgs = [{"role": "user", "content": "I moved to Madrid last month and I love it there."}]
        job = wait_job(
            client,
            "bob",
            post_messages(client, "bob", msgs, session="bob-2", headers=headers),
            headers=headers,
        )
        assert job["status"] == "completed"
        after = client.get(f"{API}/facts", params={"user_id": "alice"}, headers=AS_ALICE).json()
        assert after == before

    def test_turns_write_only_the_named_user(self, world, headers):
        client, _, _ = world
        before = client.get(f"{API}/facts", params={"user_id": "alice"}, headers=AS_ALICE).json()
        body = {"user_id": "bob", "user_message": "I moved to Vienna and I work at Kessler AG."}
        r = client.post(f"{API}/turns", json=body, headers=headers)
        assert r.status_code == 202 and r.json()["user_id"] == "bob"
        client.app.state.cx.flush(timeout=120, pending=True)
        after = client.get(f"{API}/facts", params={"user_id": "alice"}, headers=AS_ALICE).json()
        assert after == before
        stats = client.get(f"{API}/turns/stats", params={"user_id": "alice"}, headers=AS_ALICE)
        assert stats.json()["turns_stored"] == 0

    def test_preferences_list(self, world, headers):
        client, _, prefs = world
        body = client.get(PREFS, params={"user_id": "bob"}, headers=headers).json()
        assert prefs["alice"] not in {p["id"] for p in body["preferences"]}
        assert not _alice_words(body)

    def test_preference_deactivate_and_delete(self, world, headers):
        client, _, prefs = world
        pid = prefs["alice"]
        off = client.put(f"{PREFS}/{pid}/deactivate", params={"user_id": "bob"}, headers=headers)
        assert off.status_code == 404 and off.json()["code"] == "preference_not_found"
        gone = client.delete(f"{PREFS}/{pid}", params={"user_id": "bob"}, headers=headers)
        assert gone.status_code == 404
        alice = client.get(PREFS, params={"user_id": "alice"}, headers=AS_ALICE).json()
        assert pid in {p["id"] for p in alice["preferences"] if p["active"]}

    def test_preference_add_and_clear(self, world, headers):
        client, _, prefs = world
        before = client.get(PREFS, params={"user_id": "alice"}, headers=AS_ALICE).json()
        client.post(
            PREFS,
            json={"user_id": "bob", "type": "tone", "value": "alice style"},
            headers=headers,
        )
        assert client.delete(PREFS, params={"user_id": "bob"}, headers=headers).status_code == 200
        after = client.get(PREFS, params={"user_id": "alice"}, headers=AS_ALICE).json()
        assert after == before

    def test_privacy(self, world, headers):
        client, _, _ = world
        r = client.put(f"{API}/privacy", json={"user_id": "bob", "opt_out": True}, headers=headers)
        assert r.json()["opt_out"] is True
        alice = client.get(f"{API}/privacy", params={"user_id": "alice"}, headers=AS_ALICE)
        assert alice.json()["opt_out"] is False
        client.put(f"{API}/privacy", json={"user_id": "bob", "opt_out": False}, headers=headers)

    def test_reset(self, world, headers):
        client, jobs, _ = world
        before = client.get(f"{API}/facts", params={"user_id": "alice"}, headers=AS_ALICE).json()
        r = client.post(f"{API}/reset", json={"user_id": "bob", "confirm": "bob"}, headers=headers)
        assert r.status_code == 200
        after = client.get(f"{API}/facts", params={"user_id": "alice"}, headers=AS_ALICE).json()
        assert after == before and after["count"] > 0
        job = client.get(
            f"{API}/ingest/{jobs['alice']['job_id']}",
            params={"user_id": "alice"},
            headers=AS_ALICE,
        )
        assert job.status_code == 200
        # bob's data comes back for the next parametrisation
        again = post_messages(client, "bob", BOB_MESSAGES, headers=AS_BOB)
        assert wait_job(client, "bob", again, headers=AS_BOB)["status"] == "completed"
        client.post(
            PREFS, json={"user_id": "bob", "type": "tone", "value": "bob style"}, headers=AS_BOB
        )
