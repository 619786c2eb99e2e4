"""Typed changes from made-up fact histories (brief/diff.py, brief/rank.py)."""

from datetime import UTC, datetime

from contextos.brief import BriefConfig, History, diff_facts, rank
from contextos.models import Entity, Fact


def _f(fid, text, vf, vt=None, by=None, category="location", importance=0.5, **kw):
    return Fact(
        id=fid,
        user_id="sam",
        text=text,
        type="USER_FACT",
        category=category,
        confidence=0.9,
        importance=importance,
        subject="Sam",
        turn_ids=[f"t-{fid}"],
        evidence=f"quote of {fid}",
        valid_from=vf,
        valid_to=vt,
        superseded_by=by,
        **kw,
    )


def d(day):
    return datetime(2026, 3, day, tzinfo=UTC)


def _history(facts, sups=(), entities=()):
    return History(facts=list(facts), supersessions=list(sups), entities=list(entities))


LISBON = _f("lisbon", "Sam lives in Lisbon", d(2), vt=d(16), by="porto")
PORTO = _f("porto", "Sam lives in Porto", d(16))
RUN = _f("run", "Sam loves trail running", d(5), category="like")


def _by_kind(changes):
    return {c.kind: c for c in changes}


def test_a_replacement_is_one_value_change_from_the_old_value_to_the_new():
    changes = diff_facts(_history([LISBON, PORTO, RUN], [("porto", "lisbon", None)]), d(10), d(20))
    assert len(changes) == 1
    (c,) = changes
    assert (c.kind, c.entity_name, c.from_, c.to) == ("value_changed", "Sam", "Lisbon", "Porto")
    assert c.field == "location" and c.changed_at == d(16)  # the attribute "lives in" states
    assert c.fact_id == "porto" and c.previous_fact_id == "lisbon"
    assert c.turn_ids == ["t-lisbon", "t-porto"] and c.quote == "quote of porto"


def test_the_edge_reason_corrected_makes_a_correction():
    old = _f("900", "The p95 read latency is 900ms", d(2), vt=d(12), by="350", category="work")
    new = _f("350", "The p95 read latency is 350ms", d(12), category="work")
    (c,) = diff_facts(_history([old, new], [("350", "900", "corrected")]), d(10), d(20))
    assert c.kind == "corrected" and (c.from_, c.to) == ("900ms", "350ms")


def test_a_new_status_statement_moves_the_project_from_its_previous_status():
    planning = _f("p", "Sam is planning the Atlas launch", d(2), project="Atlas launch",
                  status="planning", category="work")  # fmt: skip
    blocked = _f("b", "The Atlas launch is blocked on the vendor contract", d(12),
                 project="Atlas launch", status="blocked", category="work")  # fmt: skip
    atlas = Entity(id="e1", user_id="sam", name="Atlas launch", type="Project")
    (c,) = diff_facts(_history([planning, blocked], entities=[atlas]), d(10), d(20))
    assert (c.kind, c.entity_type, c.entity_name, c.field) == (
        "status_changed",
        "Project",
        "Atlas launch",
        "status",
    )
    assert (c.from_, c.to) == ("planning", "blocked")


def test_a_new_value_of_an_attribute_held_before_is_a_change_even_without_an_edge():
    ben = _f("ben", "Ben Ortiz is Sam's manager", d(2), category="relationship")
    carla = _f("carla", "Carla Diaz is Sam's manager now", d(12), category="relationship")
    (c,) = diff_facts(_history([ben, carla]), d(10), d(20))
    assert (c.kind, c.entity_name, c.field) == ("value_changed", "Sam", "manager")
    assert (c.from_, c.to) == ("Ben Ortiz", "Carla Diaz") and c.previous_fact_id == "ben"


def test_a_liking_next_to_another_is_no_change():
    jazz = _f("jazz", "Sam likes jazz", d(2), category="like")
    hiking = _f("hike", "Sam likes hiking", d(12), category="like")
    (c,) = diff_facts(_history([jazz, hiking]), d(10), d(20))
    assert c.kind == "added" and c.from_ is None and c.to == "hiking"


def test_ended_decision_and_added_kinds():
    gone = _f("gone", "Sam is moving to Denver in May", d(2), vt=d(12), category="plan")
    pg = _f("pg", "Sam decided to use PostgreSQL for PlantPal", d(13), category="decision")
    kinds = _by_kind(diff_facts(_history([gone, pg, RUN]), d(10), d(20)))
    assert set(kinds) == {"ended", "decision"}
    assert kinds["ended"].text == gone.text and kinds["ended"].changed_at == d(12)
    assert kinds["decision"].entity_name == "Sam"


def test_window_bounds_are_half_open():
    h = _history([LISBON, PORTO, RUN], [("porto", "lisbon", None)])
    assert [c.fact_id for c in diff_facts(h, d(4), d(5))] == ["run"]
    assert diff_facts(h, d(5), d(6)) == []
    naive = diff_facts(h, datetime(2026, 3, 1), datetime(2026, 3, 6))
    assert {c.fact_id for c in naive} == {"lisbon", "run"}


def test_ranking_puts_a_blocker_first_and_counts_trivial_facts():
    trivial = [
        _f(f"t{i}", f"Sam baked bread number {i}", d(12), category="other") for i in range(5)
    ]
    vital = _f("v", "Sam accepted the offer from Lakeshore Health", d(13), importance=0.95,
               category="work")  # fmt: skip
    active = _f("a", "The Atlas launch is live", d(14), project="Atlas", status="active")
    blocked = _f("bl", "The Beacon rollout is blocked", d(11), project="Beacon", status="blocked")
    changes = diff_facts(_history([*trivial, vital, active, blocked]), d(10), d(20))
    listed, more = rank(changes, BriefConfig(max_listed=8, min_importance=0.7))
    assert [c.fact_id for c in listed] == ["bl", "a", "v"]
    assert more == 5
    capped, more = rank(changes, BriefConfig(max_listed=2, min_importance=0.7))
    assert [c.fact_id for c in capped] == ["bl", "a"] and more == 6


def test_a_fact_that_puts_a_value_right_is_a_correction():
    fix = _f("fix", "The committee meeting is on Wednesday, February 18, not Thursday, February 19",
             d(12), category="plan")  # fmt: skip
    (c,) = diff_facts(_history([fix]), d(10), d(20))
    assert (c.kind, c.field) == ("corrected", "committee meeting")
    assert (c.from_, c.to) == ("Thursday, February 19", "Wednesday, February 18")


def test_a_status_that_moved_twice_in_the_window_is_one_change_from_the_first_to_the_last():
    kw = {"project": "Atlas launch", "category": "work"}
    planning = _f("p", "Sam is planning the Atlas launch", d(2), vt=d(12), by="b",
                  status="planning", **kw)  # fmt: skip
    blocked = _f("b", "The Atlas launch is blocked", d(12), vt=d(15), by="a",
                 status="blocked", **kw)  # fmt: skip
    active = _f("a", "The Atlas launch is active again", d(15), status="active", **kw)
    h = _history([planning, blocked, active], [("b", "p", None), ("a", "b", None)])
    (c,) = diff_facts(h, d(10), d(20))
    assert (c.kind, c.entity_name, c.field, c.from_, c.to) == (
        "status_changed", "Atlas launch", "status", "planning", "active"
    )  # fmt: skip
    assert c.fact_id == "a" and c.previous_fact_id == "p"
    assert c.turn_ids == ["t-p", "t-a"]


def test_the_same_value_said_again_is_no_change():
    ben = _f("ben", "Ben Ortiz is Sam's manager", d(2), category="relationship")
    again = _f("again", "Sam's manager is Ben Ortiz", d(12), category="relationship")
    assert diff_facts(_history([ben, again]), d(10), d(20)) == []


def test_an_attribute_taken_back_with_nothing_in_its_place_ended():
    ben = _f("ben", "Ben Ortiz is Sam's manager", d(2), vt=d(12), category="relationship")
    (c,) = diff_facts(_history([ben]), d(10), d(20))
    assert (c.kind, c.entity_name, c.field, c.from_, c.to) == (
        "ended", "Sam", "manager", "Ben Ortiz", None
    )  # fmt: skip


def test_a_replaced_value_under_another_field_name_is_one_change_of_the_newer_field():
    beta = Entity(id="ap", user_id="sam", name="Autopay", type="Project")
    target = _f("t", "The Autopay beta target is Tuesday, April 7, 2026", d(2), vt=d(12), by="n",
                entities=["Autopay"])  # fmt: skip
    date = _f("n", "The new Autopay beta date is Tuesday, April 14, 2026", d(12),
              entities=["Autopay"])  # fmt: skip
    h = _history([target, date], [("n", "t", "updated")], [beta])
    (c,) = diff_facts(h, d(10), d(20))
    assert (c.kind, c.entity_name, c.entity_type) == ("value_changed", "Autopay", "Project")
    assert (c.field, c.from_, c.to) == ("beta date", "Tuesday, April 7, 2026",
                                        "Tuesday, April 14, 2026")  # fmt: skip
