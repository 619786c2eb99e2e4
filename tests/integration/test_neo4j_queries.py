"""The saved queries of docs/neo4j/queries (for Neo4j Browser) on the bundled samples, on a
real Bolt server: each runs, and answers what its name says."""

from __future__ import annotations

import pytest
from backends import BOLT, backend_for
from cx_helpers import REPO

from contextos.samples import DEMO_USER, DEMO_USER_NAME, sample_paths

QUERIES = REPO / "docs" / "neo4j" / "queries"


@pytest.fixture(params=BOLT)
def bolt(request, data_dir):
    yield from backend_for(request.param, data_dir, request)


def _run(cx, name: str, **params) -> list[list]:
    text = (QUERIES / f"{name}.cypher").read_text()
    return cx.store.run(text, {"user": DEMO_USER, **params})


def test_the_saved_queries_answer_on_the_samples(bolt):
    with bolt.open() as cx:
        cx.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME)
        projects = {r[0]: r for r in _run(cx, "active_projects_and_blockers")}
        billing = projects["billing migration project"]
        assert billing[1] == "active" and billing[2] == []  # unblocked: the keys came
        assert "active again" in billing[3]
        assert "invoice schema migration" not in projects  # completed

        people = {r[0]: r for r in _run(cx, "who_i_work_with")}
        assert {"Alice Moreau", "Rui", "Tomás Silva"} <= set(people)  # manager, next one, QA
        assert "Inês" not in people and "Maya" not in people  # partner and sister
        assert DEMO_USER_NAME not in people and all(r[3] > 0 for r in people.values())

        changes = _run(cx, "what_changed_this_week")
        ended = {r[1]: r for r in changes if r[0] == "ended"}
        blocked = ended["The billing migration is blocked on the payments team"]
        assert blocked[2] == "updated" and "active again" in blocked[3]
        assert any(r[0] == "new" and r[1] == "Jordan lives in Porto" for r in changes)
        newest = max(f.valid_from for f in cx.facts(DEMO_USER, include_superseded=True))
        assert all(r[4] >= newest.timestamp() - 7 * 86400 for r in changes)

        history = _run(cx, "fact_history", words="billing migration is blocked")
        assert [r[0] for r in history] == [
            "The billing migration is blocked on the payments team",
            "The payments team sent the keys; the billing migration is active again",
        ]
        assert history[0][3] == "updated" and history[1][2] is None  # the latest still holds
        assert "blocked on the payments team" in history[0][4]  # the words it was said in
