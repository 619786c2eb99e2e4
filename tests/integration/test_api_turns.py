"""``POST /turns`` and ``GET /turns/stats``: a live exchange is stored at once, extracted off
the request path through the pipeline, and skipped for anonymous and opted-out users."""

from __future__ import annotations

import pytest
from api_helpers import API, api_client, kill_servers


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("turns") / "data"
    with api_client(data_dir) as c:
        yield c
    kill_servers(data_dir)


def _post(client, user, text, session="chat-1", response="Good to know."):
    body = {"user_id": user, "user_message": text, "agent_response": response}
    if session:
        body["session_id"] = session
    return client.post(f"{API}/turns", json=body)


def test_a_turn_is_stored_at_once_and_its_facts_arrive_after_the_worker_runs(client):
    r = _post(client, "dana", "I moved to Porto last month and I work at Tidewater Labs.")
    assert r.status_code == 202, r.text
    receipt = r.json()
    assert receipt["stored"] is True and receipt["session_id"] == "chat-1"
    assert receipt["turn_id"] and receipt["response_turn_id"]
    assert receipt["extraction_scheduled"] is True
    client.app.state.cx.flush(timeout=120, pending=True)
    facts = client.get(f"{API}/facts", params={"user_id": "dana"}).json()["facts"]
    texts = " ".join(f["text"] for f in facts)
    assert "Porto" in texts and "Tidewater" in texts
    stats = client.get(f"{API}/turns/stats", params={"user_id": "dana"}).json()
    assert stats["turns_stored"] >= 2 and stats["turns_pending"] == 0
    assert stats["facts_stored"] >= 1


def test_anonymous_and_opted_out_users_are_skipped_and_nothing_is_stored(client):
    anon = _post(client, "anonymous", "I live in Oslo.").json()
    assert anon["skipped"] == "anonymous" and anon["stored"] is False
    opt_out = client.put(f"{API}/privacy", json={"user_id": "omar", "opt_out": True})
    assert opt_out.status_code == 200
    out = _post(client, "omar", "I live in Cairo and I teach chemistry.").json()
    assert out["skipped"] == "opted_out" and out["stored"] is False
    client.app.state.cx.flush(timeout=120, pending=True)
    assert client.get(f"{API}/facts", params={"user_id": "omar"}).json()["count"] == 0


def test_turn_input_errors_are_json_422_with_the_field(client):
    r = client.post(f"{API}/turns", json={"user_id": "dana", "user_message": ""})
    assert r.status_code == 422
    assert r.json()["code"] == "validation_error" and "user_message" in r.json()["message"]
