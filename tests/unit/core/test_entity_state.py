"""Entity state from made-up fact histories (resolve/state.py, resolve/state_book.py): which
facts state an attribute, the state at any time over validity intervals, the names matched to
entities, and the state a write persists as the facts change."""

from datetime import UTC, datetime

import pytest

from contextos.embeddings.minilm import default_embedder
from contextos.models import Entity, Fact
from contextos.resolve.slots import SlotReader
from contextos.resolve.state import (
    EntityNames,
    StateReader,
    field_property,
    holds_at,
    states_at,
)
from contextos.resolve.state_book import StateBook


@pytest.fixture(scope="module")
def reader():
    return StateReader(SlotReader(default_embedder().embed_texts))


def d(day):
    return datetime(2026, 3, day, tzinfo=UTC)


def _f(fid, text, vf, vt=None, by=None, category="work", subject="Sam", **kw):
    return Fact(id=fid, user_id="sam", text=text, type="USER_FACT", category=category,
                confidence=0.9, subject=subject, turn_ids=[f"t-{fid}"], evidence=text,
                valid_from=vf, valid_to=vt, superseded_by=by, **kw)  # fmt: skip


ATLAS = Entity(id="atlas-key", user_id="sam", name="Atlas launch", type="Project")
BEN = Entity(id="ben-key", user_id="sam", name="Ben Ortiz", type="Person")
NAMES = EntityNames([ATLAS, BEN], "Sam Lee", "user:sam")

PLANNING = _f("p", "Sam is planning the Atlas launch", d(2), vt=d(9), by="b",
              project="Atlas launch", status="planning")  # fmt: skip
BLOCKED = _f("b", "The Atlas launch is blocked on the vendor contract", d(9),
             project="Atlas launch", status="blocked")  # fmt: skip
MGR_BEN = _f("m1", "Ben Ortiz is Sam's manager", d(2), vt=d(9), by="m2", category="relationship")
MGR_CARLA = _f("m2", "Carla Diaz is Sam's manager now", d(9), category="relationship")
LISBON = _f("l", "Sam lives in Lisbon", d(3), category="location")
JAZZ = _f("j", "Sam likes jazz from New Orleans", d(3), category="like")
HISTORY = [PLANNING, BLOCKED, MGR_BEN, MGR_CARLA, LISBON, JAZZ]


def test_which_facts_state_an_attribute(reader):
    items = reader.items(HISTORY)
    assert [(i.entity, i.field, i.value) for i in items["b"]] == [
        ("Atlas launch", "status", "blocked")
    ]
    (manager,) = items["m2"]
    assert (manager.entity, manager.field, manager.value) == ("Sam", "manager", "Carla Diaz")
    (home,) = items["l"]
    assert (home.field, home.value) == ("location", "Lisbon")  # the attribute "lives in" states
    assert items["j"] == []  # a liking is one of many: no attribute


def test_the_state_at_any_time_is_a_query_over_validity_intervals(reader):
    items = reader.items(HISTORY)
    now = states_at(HISTORY, items, NAMES)
    before = states_at(HISTORY, items, NAMES, d(5))
    first = states_at(HISTORY, items, NAMES, d(1))
    assert now["atlas-key"].get("status") == "blocked"
    assert before["atlas-key"].get("status") == "planning"
    assert now["user:sam"].get("manager") == "Carla Diaz"
    assert before["user:sam"].get("manager") == "Ben Ortiz"
    assert now["user:sam"].get("location") == "Lisbon" == before["user:sam"].get("location")
    assert first == {}  # nothing was said yet
    status = now["atlas-key"].fields["status"]
    assert (status.fact_id, status.since, status.turn_ids) == ("b", d(9), ["t-b"])
    assert now["atlas-key"].entity_type == "Project" and now["user:sam"].entity_name == "Sam Lee"


def test_holds_at_is_half_open():
    assert holds_at(PLANNING, d(2)) and holds_at(PLANNING, d(8))
    assert not holds_at(PLANNING, d(9)) and not holds_at(PLANNING, None)
    assert holds_at(BLOCKED, None) and not holds_at(BLOCKED, d(8))


def test_the_newest_fact_of_a_field_wins_even_when_both_are_current(reader):
    old = _f("o", "Sam's manager is Ben Ortiz", d(2), category="relationship")
    new = _f("n", "Sam's manager is Carla Diaz", d(6), category="relationship")
    items = reader.items([new, old])
    assert states_at([new, old], items, NAMES)["user:sam"].get("manager") == "Carla Diaz"
    assert states_at([new, old], items, NAMES, d(4))["user:sam"].get("manager") == "Ben Ortiz"


def test_names_match_entities_by_name_alias_first_name_and_the_user():
    names = EntityNames(
        [ATLAS, BEN, Entity(id="g", user_id="sam", name="GA", type="Project", aliases=["Atlas"])],
        "Sam Lee",
        "user:sam",
    )
    assert names.resolve("the Atlas launch", "Sam").key == "atlas-key"
    assert names.resolve("Atlas", "Sam").key == "g"  # an alias
    assert names.resolve("Ben", "Sam").key == "ben-key"  # the one known Ben
    assert names.resolve("Sam", "Sam").key == "user:sam"
    assert names.resolve(None, "Sam Lee").key == "user:sam"
    assert names.resolve(None, "Sam", ["Ben Ortiz", "Atlas launch"]).key == "atlas-key"
    unknown = names.resolve("the gym", "Sam")
    assert unknown.entity_id is None and unknown.key == "name:gym"


def test_field_property_names_stay_off_the_nodes_own_properties():
    assert field_property("beta date") == "beta_date"
    assert field_property("name") == "state_name"
    assert field_property("2nd floor") == "state_2nd_floor"


class _Mutable:
    """Facts that change validity between two writes, as resolution's memory does."""

    def __init__(self, facts):
        self.by_id = {f.id: f for f in facts}

    def get(self, fid):
        return self.by_id.get(fid)


def test_the_book_writes_the_touched_entities_state_and_removes_fields_that_left(reader):
    planning = PLANNING.model_copy(update={"valid_to": None, "superseded_by": None})
    memory = _Mutable([planning])
    book = StateBook()
    book.add("p", "Sam", reader.items([planning])["p"], NAMES)
    (first,) = book.changes({"p"}, NAMES, memory.get)
    assert (first.key, first.properties) == ("atlas-key", {"status": "planning"})
    # the status is replaced: the node gets the new one
    memory.by_id.update({"p": PLANNING, "b": BLOCKED})
    book.add("b", "Sam", reader.items([BLOCKED])["b"], NAMES)
    (second,) = book.changes({"b", "p"}, NAMES, memory.get)
    assert second.properties == {"status": "blocked"} and second.fields == ["status"]
    assert second.state.fields["status"].fact_id == "b"
    # the status is taken back with nothing in its place: the property is removed
    memory.by_id["b"] = BLOCKED.model_copy(update={"valid_to": d(12)})
    (third,) = book.changes({"b"}, NAMES, memory.get)
    assert third.properties == {"status": None} and third.fields == []


def test_the_book_moves_an_attribute_to_an_entity_named_later(reader):
    fact = _f("x", "The beta date is Tuesday, April 14, 2026", d(4), entities=["Autopay"])
    memory = _Mutable([fact])
    before = EntityNames([], "Sam Lee", "user:sam")
    book = StateBook()
    book.add("x", "Sam", reader.items([fact])["x"], before)
    (sam,) = book.changes({"x"}, before, memory.get)
    assert sam.key == "user:sam" and sam.properties == {"beta_date": "Tuesday, April 14, 2026"}
    autopay = Entity(id="autopay-key", user_id="sam", name="Autopay", type="Project")
    after = EntityNames([autopay], "Sam Lee", "user:sam")
    changed = {c.key: c for c in book.changes(book.facts_named({"Autopay"}), after, memory.get)}
    assert changed["autopay-key"].properties == {"beta_date": "Tuesday, April 14, 2026"}
    assert changed["user:sam"].properties == {"beta_date": None}  # no longer the user's
