"""Ingest jobs survive a restart, and the privacy rules: opt-out, retention per fact type (on
read and by the pipeline job), and keeping only facts and evidence spans."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

from api_helpers import ALICE_MESSAGES, API, api_client, kill_servers, post_messages, wait_job
from cx_helpers import REPO


def test_queued_and_interrupted_jobs_run_after_a_restart(data_dir):
    with api_client(data_dir, run_jobs=False) as client:
        queued = post_messages(client, "alice", ALICE_MESSAGES, session="a")
        cut = post_messages(client, "dana", ALICE_MESSAGES, session="d")
        job = client.get(f"{API}/ingest/{queued}", params={"user_id": "alice"}).json()
        assert job["status"] == "queued"
    # the second job was being processed when the service died
    db = sqlite3.connect(data_dir / "api" / "jobs.sqlite3")
    db.execute("UPDATE jobs SET status = 'processing', started_at = 1 WHERE id = ?", (cut,))
    db.commit()
    db.close()
    with api_client(data_dir) as client:
        for user, job_id in (("alice", queued), ("dana", cut)):
            done = wait_job(client, user, job_id)
            assert done["status"] == "completed", done
            assert done["extracted"]["facts"] > 0
            facts = client.get(f"{API}/facts", params={"user_id": user}).json()
            assert any("Lisbon" in f["text"] for f in facts["facts"])


def test_an_opted_out_user_gets_nothing_extracted(data_dir):
    with api_client(data_dir) as client:
        r = client.put(f"{API}/privacy", json={"user_id": "erin", "opt_out": True})
        assert r.status_code == 200 and r.json()["opt_out"] is True
        job = wait_job(client, "erin", post_messages(client, "erin", ALICE_MESSAGES))
        assert job["status"] == "completed"
        assert job["extracted"]["facts"] == 0 and job["report"]["turns"] == 0
        assert any("opted out" in e["message"] for e in job["errors"])
        assert client.get(f"{API}/facts", params={"user_id": "erin"}).json()["count"] == 0
        # the opt-out survives a reset; opting back in extracts again
        client.post(f"{API}/reset", json={"user_id": "erin", "confirm": "erin"})
        assert client.get(f"{API}/privacy", params={"user_id": "erin"}).json()["opt_out"]
        client.put(f"{API}/privacy", json={"user_id": "erin", "opt_out": False})
        job = wait_job(client, "erin", post_messages(client, "erin", ALICE_MESSAGES))
        assert job["extracted"]["facts"] > 0


def test_retention_per_fact_type_on_read_and_by_the_pipeline_job(data_dir):
    # the messages are from March 2026: locations are kept 1 day, work facts 100 years
    rules = {"location": 1, "work": 36_500}
    with api_client(data_dir) as client:
        job = wait_job(client, "alice", post_messages(client, "alice", ALICE_MESSAGES))
        assert job["extracted"]["facts"] > 0
    with api_client(data_dir, retention_days=rules) as client:
        facts = client.get(f"{API}/facts", params={"user_id": "alice"}).json()["facts"]
        assert facts and not any(f["category"] == "location" for f in facts)
        assert any(f["category"] == "work" for f in facts)
        stored = client.app.state.cx.store.facts("alice")  # deleted, not hidden
        assert not any(f.category == "location" for f in stored)
        context = client.get(f"{API}/context", params={"user_id": "alice", "query": "Lisbon"})
        assert "Lisbon" not in context.json()["injection"]
    # the pipeline job, for a graph nobody reads: pretend it is 2126 (work facts expire too)
    env = {"CONTEXTOS_DATA_DIR": str(data_dir), "CONTEXTOS_RETENTION_DAYS": '{"work": 36500}'}
    run = subprocess.run(
        [sys.executable, str(REPO / "pipelines" / "retention.py"), "--now", "2127-01-01"],
        capture_output=True,
        text=True,
        env={**os.environ, **env, "PYTHONPATH": str(REPO)},
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "facts past retention deleted" in run.stdout and " 0 facts" not in run.stdout
    with api_client(data_dir) as client:
        facts = client.get(f"{API}/facts", params={"user_id": "alice"}).json()["facts"]
        assert not any(f["category"] == "work" for f in facts)


def test_keep_only_facts_and_evidence_spans(data_dir):
    with api_client(data_dir, keep_turn_text=False) as client:
        job = wait_job(client, "alice", post_messages(client, "alice", ALICE_MESSAGES))
        assert job["extracted"]["facts"] > 0
        cx = client.app.state.cx
        facts = cx.facts("alice")
        refs = sorted({(s.conversation_id, s.turn_id) for f in facts for s in f.evidence_spans})
        turns = cx.store.turns("alice", refs)
        assert turns and all(t.text == "" for _, t in turns)  # no whole turns kept
        assert all(f.evidence and f.evidence_spans[0].quote for f in facts)  # spans kept
        assert any("Lisbon" in f.evidence for f in facts)
    kill_servers(data_dir)
