"""Slots and supersession end to end (#41): short multi-conversation histories ingested with the
local extractor into the real stores (embedded, and Neo4j over Bolt); the SUPERSEDES edges and
validity read back."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from cx_helpers import servers_for

USER = "u41"


@pytest.fixture
def cx(backend):
    with backend.open() as c:
        yield c
    assert not servers_for(backend.data_dir)


def _history(cx, chat, *said: tuple[int, str]) -> None:
    for i, (day, text) in enumerate(said):
        cx.ingest([chat(f"c{i}", day, text)], user=USER, user_name="Robin Vale")


def _edges(cx) -> list[tuple[str, str, str]]:
    """(new text, reason, old text) of every SUPERSEDES edge of the user."""
    rows = cx.store.run(
        "MATCH (n:Fact)-[r:SUPERSEDES]->(o:Fact) WHERE o.user_id = $u "
        "RETURN n.text, r.reason, o.text",
        {"u": USER},
    )
    return sorted((r[0], r[1], r[2]) for r in rows)


def _by_text(cx) -> dict[str, object]:
    return {f.text: f for f in cx.facts(USER, include_superseded=True)}


def test_a_new_manager_replaces_the_old_one(cx, chat):
    _history(cx, chat, (2, "My manager is Ben Ortiz."), (9, "My manager is now Carla Diaz."))
    assert _edges(cx) == [
        ("Robin's manager is now Carla Diaz", "updated", "Robin's manager is Ben Ortiz")
    ]
    facts = _by_text(cx)
    old, new = facts["Robin's manager is Ben Ortiz"], facts["Robin's manager is now Carla Diaz"]
    assert old.superseded_by == new.id and old.valid_to == new.valid_from
    assert new.is_current
    # the state at a time is a query over the validity intervals
    on_day_5 = [f.text for f in cx.facts(USER, as_of=datetime(2026, 3, 5, tzinfo=UTC))]
    assert "Robin's manager is Ben Ortiz" in on_day_5
    assert "Robin's manager is now Carla Diaz" not in on_day_5


def test_a_metric_s_new_value_replaces_the_old_one(cx, chat):
    _history(
        cx,
        chat,
        (2, "Our MRR is $6,200 across 5 clients."),
        (20, "Our MRR is now $8,900 across 8 clients."),
    )
    assert [(reason, old) for _new, reason, old in _edges(cx)] == [
        ("updated", "Robin's MRR is $6,200 across 5 clients")
    ]
    current = [f.text for f in cx.facts(USER)]
    assert current == ["Robin's MRR is now $8,900 across 8 clients"]


def test_an_explicit_correction_wins_and_costs_the_corrected_fact_confidence(cx, chat):
    _history(
        cx,
        chat,
        (13, "The demo build is due on May 22."),
        (14, "Correction: the demo build is actually due on May 29."),
    )
    edges = _edges(cx)
    assert len(edges) == 1 and edges[0][1] == "corrected"
    old = next(f for f in cx.facts(USER, include_superseded=True) if "May 22" in f.text)
    new = next(f for f in cx.facts(USER) if "May 29" in f.text)
    assert old.superseded_by == new.id
    # the same statement, never corrected, for another user: its confidence less 0.4
    cx.ingest([chat("x", 13, "The demo build is due on May 22.")], user="control")
    (control,) = cx.facts("control")
    assert control.text == old.text
    assert old.confidence == pytest.approx(control.confidence - 0.4)


def test_a_second_like_and_an_unrelated_fact_supersede_nothing(cx, chat):
    _history(
        cx,
        chat,
        (2, "My manager is Ben Ortiz."),
        (3, "I love Thai food."),
        (5, "I live in Lisbon."),
        (8, "I love Italian food."),
    )
    assert _edges(cx) == []
    current = {f.text for f in cx.facts(USER)}
    assert {
        "Robin's manager is Ben Ortiz",
        "Robin loves Thai food",
        "Robin loves Italian food",
        "Robin lives in Lisbon",
    } <= current


def test_an_older_value_ingested_later_is_stored_already_replaced(cx, chat):
    """Exports in any order give the same graph: the newer value holds."""
    _history(cx, chat, (9, "My manager is now Carla Diaz."), (2, "My manager is Ben Ortiz."))
    facts = _by_text(cx)
    assert facts["Robin's manager is Ben Ortiz"].superseded_by == (
        facts["Robin's manager is now Carla Diaz"].id
    )
    assert facts["Robin's manager is now Carla Diaz"].is_current


def test_naming_the_old_value_replaces_the_fact_that_stated_it(cx, chat):
    """ "switched from Mendeley to Zotero" names the value replaced: the fact that stated it
    ends, whatever words each uses for the attribute."""
    _history(
        cx,
        chat,
        (2, "I manage my references in Mendeley."),
        (9, "I switched from Mendeley to Zotero over the weekend."),
    )
    edges = _edges(cx)
    assert [(reason, old) for _new, reason, old in edges] == [
        ("updated", "Robin manages their references in Mendeley")
    ], edges
    assert [f.text for f in cx.facts(USER)] == [edges[0][0]]


def test_a_resolution_ends_the_problem_it_is_about(cx, chat):
    _history(
        cx,
        chat,
        (2, "The HPC renewal is stuck in the research computing queue."),
        (16, "The HPC renewal finally went through on Monday."),
    )
    edges = _edges(cx)
    assert len(edges) == 1 and edges[0][1] == "updated", edges
    assert "stuck" in edges[0][2] and "went through" in edges[0][0]
    assert all("stuck" not in f.text for f in cx.facts(USER))


def test_a_correction_naming_the_old_date_is_marked_corrected(cx, chat):
    _history(
        cx,
        chat,
        (2, "My committee meeting is on Thursday, April 16."),
        (4, "The committee meeting is on Wednesday, April 15, not Thursday, April 16."),
    )
    edges = _edges(cx)
    assert len(edges) == 1 and edges[0][1] == "corrected", edges
    assert "Thursday" in edges[0][2] and "Wednesday" in edges[0][0]


def test_a_fact_of_two_slots_replaces_the_old_value_of_each(cx, chat):
    """ "Kwame is now my primary supervisor" takes Helen's place and ends Kwame's old role."""
    _history(
        cx,
        chat,
        (2, "Helen Marsh is my primary supervisor."),
        (3, "Kwame Boateng is my second supervisor."),
        (20, "Kwame Boateng is now my primary supervisor."),
    )
    olds = sorted(old for _new, reason, old in _edges(cx) if reason == "updated")
    assert olds == [
        "Helen Marsh is Robin's primary supervisor",
        "Kwame Boateng is Robin's second supervisor",
    ], _edges(cx)
