"""Entity state end to end on the embedded graph: two conversations where a project's status
and the user's manager change; the state now and as of a time before the change (a query over
validity intervals), the state persisted on the entity nodes as properties, the brief's typed
change with from/to and source turns, and ``contextos state``."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from cx_helpers import run_cli

from contextos import ContextOS
from contextos.errors import UnknownEntityError

BEFORE, AFTER = datetime(2026, 3, 5, tzinfo=UTC), datetime(2026, 3, 10, tzinfo=UTC)


@pytest.fixture
def graph(dana_history):
    return dana_history


def _node(cx: ContextOS, name: str) -> dict:
    rows = cx.store.run(  # type: ignore[attr-defined]
        "MATCH (n:Entity {user_id: 'dana'}) WHERE n.name = $name RETURN properties(n)",
        {"name": name},
    )
    assert rows, f"no node {name!r}"
    return dict(rows[0][0])


def test_the_state_now_and_as_of_a_time_before_the_change(graph):
    with ContextOS.open(graph) as cx:
        atlas = cx.entity_state("dana", "Atlas launch")
        atlas_before = cx.entity_state("dana", "atlas launch", as_of=BEFORE)
        dana = cx.entity_state("dana", "Dana")
        dana_before = cx.entity_state("dana", "Dana", as_of=BEFORE)
        everyone = {s.entity_name: s for s in cx.states("dana")}
    assert atlas.entity_type == "Project" and atlas.entity_id
    assert atlas.get("status") == "blocked" and atlas_before.get("status") == "planning"
    status = atlas.fields["status"]
    assert status.since == datetime(2026, 3, 9, 9, tzinfo=UTC)
    assert status.turn_ids and all(t.startswith("b:") for t in status.turn_ids)
    assert "blocked" in status.text and 0 < status.confidence <= 1
    assert dana.get("manager") == "Carla Diaz" and dana_before.get("manager") == "Ben Ortiz"
    assert dana.entity_id == "user:dana"
    assert everyone["Atlas launch"].get("status") == "blocked"


def test_the_current_state_is_persisted_on_the_entity_nodes(graph):
    with ContextOS.open(graph) as cx:
        atlas = _node(cx, "Atlas launch")
        user = _node(cx, "Dana")
        computed = cx.entity_state("dana", "Atlas launch")
        listed = {e.name: e for e in cx.entities("dana")}
    # a Cypher user sees the status on the Project node, in step with supersession
    assert atlas["status"] == "blocked" and "status" in atlas["state_fields"]
    assert user["manager"] == "Carla Diaz"
    stored = json.loads(atlas["state"])
    assert stored["fields"]["status"]["value"] == "blocked"
    assert stored["fields"]["status"]["fact_id"] == computed.fields["status"].fact_id
    state = listed["Atlas launch"].state
    assert state is not None and state.get("status") == "blocked"


def test_the_brief_says_the_state_moved_from_one_value_to_another(graph):
    with ContextOS.open(graph) as cx:
        brief = cx.brief("dana", since=BEFORE, until=AFTER)
    by_field = {(c.entity_name, c.field): c for c in brief.changes}
    status = by_field[("Atlas launch", "status")]
    assert (status.kind, status.from_, status.to) == ("status_changed", "planning", "blocked")
    assert {t.split(":")[0] for t in status.turn_ids} == {"a", "b"}  # the old and the new
    manager = by_field[("Dana", "manager")]
    assert (manager.from_, manager.to) == ("Ben Ortiz", "Carla Diaz")
    # one change per (entity, field), not one per fact
    assert len([c for c in brief.changes if (c.entity_name, c.field) == ("Dana", "manager")]) == 1


def test_an_unknown_entity_is_a_clear_error(graph):
    with ContextOS.open(graph) as cx, pytest.raises(UnknownEntityError, match="Zeppelin"):
        cx.entity_state("dana", "Zeppelin project")


def test_the_state_command(graph):
    out = run_cli("state", "Atlas launch", "--user", "dana", "--as-of", "2026-03-05",
                  "--format", "json", data_dir=graph)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["fields"]["status"]["value"] == "planning"
    now = run_cli("state", "--user", "dana", "--format", "json", data_dir=graph)
    assert now.returncode == 0, now.stderr
    by_name = {s["entity_name"]: s for s in json.loads(now.stdout)}
    assert by_name["Atlas launch"]["fields"]["status"]["value"] == "blocked"
    text = run_cli("state", "--user", "dana", data_dir=graph)
    assert text.returncode == 0 and "Carla Diaz" in text.stdout
    unknown = run_cli("state", "Zeppelin", "--user", "dana", data_dir=graph)
    assert unknown.returncode == 2 and "no entity 'Zeppelin'" in unknown.stderr
    bad = run_cli("state", "--user", "dana", "--as-of", "yesterday-ish", data_dir=graph)
    assert bad.returncode == 2 and "cannot read the time" in bad.stderr
    facts = run_cli("facts", "--user", "dana", "--as-of", "2026-03-05", "--json", data_dir=graph)
    assert facts.returncode == 0 and "Ben Ortiz" in facts.stdout
    assert "Carla Diaz" not in facts.stdout
