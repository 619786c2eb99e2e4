"""The LlamaIndex view of a user's graph (contextos/llamaindex/view.py) over an in-memory
store that answers the reads the view makes."""

from __future__ import annotations

from datetime import UTC, datetime

from llama_index.core.graph_stores.types import TRIPLET_SOURCE_KEY, ChunkNode, EntityNode

from contextos.llamaindex.view import GraphView, split_turn_ref
from contextos.models.entities import Entity
from contextos.models.facts import Evidence, Fact, FactType
from contextos.models.transcript import Turn

T0 = datetime(2026, 3, 1, tzinfo=UTC)
TURNS = {
    ("c1", "t1"): "I lead the atlas project with my manager Ana Ruiz.",
    ("c1", "t2"): "Ana Ruiz moved to Lisbon.",
    ("c2", "t1"): "Ana Ruiz now lives in Porto.",
}


def _fact(fid: str, text: str, conv: str, turn: str, quote: str, **kw) -> Fact:
    start = TURNS[(conv, turn)].index(quote)
    span = Evidence(
        conversation_id=conv, turn_id=turn, start=start, end=start + len(quote), quote=quote
    )
    return Fact(
        id=fid,
        user_id="u",
        text=text,
        type=FactType.USER_FACT,
        category=kw.pop("category", "work"),
        confidence=0.9,
        subject=kw.pop("subject", "Dana"),
        turn_ids=[turn],
        evidence=quote,
        evidence_spans=[span],
        valid_from=T0,
        **kw,
    )


FACTS = [
    _fact("f1", "Dana leads the atlas project", "c1", "t1", "I lead the atlas project"),
    _fact(
        "f2",
        "Ana Ruiz lives in Lisbon",
        "c1",
        "t2",
        "Ana Ruiz moved to Lisbon",
        category="location",
        subject="Ana Ruiz",
        superseded_by="f3",
        valid_to=T0,
    ),
    _fact(
        "f3",
        "Ana Ruiz lives in Porto",
        "c2",
        "t1",
        "Ana Ruiz now lives in Porto",
        category="location",
        subject="Ana Ruiz",
    ),
]


class FakeStore:
    """The reads GraphView makes, answered from lists (as the Cypher store would)."""

    def facts(self, user_id, *, as_of=None, include_superseded=False):
        return [f for f in FACTS if include_superseded or f.is_current]

    def entities(self, user_id):
        return [
            Entity(
                id="e-ana",
                user_id="u",
                name="Ana Ruiz",
                type="Person",
                properties={"role": "manager"},
                turn_ids=["t1"],
            ),
            Entity(
                id="e-atlas",
                user_id="u",
                name="atlas",
                type="Project",
                properties={"status": "active"},
            ),
        ]

    def relations(self, user_id):
        return [
            [
                "user:u",
                "Dana",
                "Person",
                1,
                "HAS_MANAGER",
                "e-ana",
                "Ana Ruiz",
                "Person",
                None,
                T0.timestamp(),
                ["t1"],
                "{}",
            ],
            [
                "user:u",
                "Dana",
                "Person",
                1,
                "WORKS_ON",
                "e-atlas",
                "atlas",
                "Project",
                None,
                None,
                ["t1"],
                '{"since": "2026"}',
            ],
        ]

    def fact_links(self, user_id):
        return [
            ["f1", "ABOUT", "user:u", "Dana", "Person", 1],
            ["f1", "MENTIONS", "e-atlas", "atlas", "Project", None],
            ["f2", "ABOUT", "e-ana", "Ana Ruiz", "Person", None],
            ["f3", "ABOUT", "e-ana", "Ana Ruiz", "Person", None],
        ]

    def supersessions(self, user_id):
        return [("f3", "f2", "updated")]

    def fact_turns(self, user_id):
        return [
            Turn(id=t, conversation_id=c, index=0, role="user", speaker="Dana", text=text)
            for (c, t), text in TURNS.items()
        ]


def test_entities_facts_and_turns_become_llamaindex_nodes():
    view = GraphView.read(FakeStore(), "u")
    ana = view.nodes["Ana Ruiz"]
    assert isinstance(ana, EntityNode) and ana.label == "Person"
    assert ana.properties["role"] == "manager" and ana.properties["key"] == "e-ana"
    user = view.nodes["Dana"]
    assert isinstance(user, EntityNode) and user.properties["is_user"] is True
    f1 = view.nodes["f1"]
    assert isinstance(f1, ChunkNode) and f1.label == "Fact"
    assert f1.text == "Dana leads the atlas project"
    (ev,) = f1.properties["evidence"]
    assert TURNS[(ev["conversation_id"], ev["turn_id"])][ev["start"] : ev["end"]] == ev["quote"]
    assert split_turn_ref(f1.properties[TRIPLET_SOURCE_KEY]) == ("c1", "t1")
    turn = view.nodes[f1.properties[TRIPLET_SOURCE_KEY]]
    assert isinstance(turn, ChunkNode) and turn.text == TURNS[("c1", "t1")]
    assert "f2" not in view.nodes  # superseded: only with include_superseded


def test_relations_carry_their_properties_and_supersession_needs_both_facts():
    view = GraphView.read(FakeStore(), "u")
    labels = sorted(r.label for _, r, _ in view.triplets)
    assert labels == [
        "ABOUT",
        "ABOUT",
        "GROUNDED_IN",
        "GROUNDED_IN",
        "HAS_MANAGER",
        "MENTIONS",
        "WORKS_ON",
    ]
    (works,) = view.get_triplets(None, ["WORKS_ON"], None, None)
    assert works[1].properties == {"turn_ids": ["t1"], "since": "2026"}
    history = GraphView.read(FakeStore(), "u", include_superseded=True)
    (sup,) = history.get_triplets(None, ["SUPERSEDES"], None, None)
    assert (sup[0].id, sup[2].id, sup[1].properties["reason"]) == ("f3", "f2", "updated")
    assert history.nodes["f2"].properties["current"] is False


def test_get_by_ids_properties_and_label():
    view = GraphView.read(FakeStore(), "u")
    assert [n.id for n in view.get(None, ["atlas", "f3"])] == ["f3", "atlas"]
    assert [n.id for n in view.get({"category": "location"}, None)] == ["f3"]
    assert {n.id for n in view.get({"label": "Project"}, None)} == {"atlas"}
    assert len(view.get(None, None)) == len(view.nodes)


def test_get_triplets_filters_and_returns_nothing_without_one():
    view = GraphView.read(FakeStore(), "u")
    assert view.get_triplets(None, None, None, None) == []
    about_ana = view.get_triplets(["Ana Ruiz"], ["ABOUT"], None, None)
    assert [(a.id, b.id) for a, _, b in about_ana] == [("f3", "Ana Ruiz")]
    assert {r.label for _, r, _ in view.get_triplets(None, None, None, ["f1"])} == {
        "ABOUT",
        "MENTIONS",
        "GROUNDED_IN",
    }


def test_rel_map_walks_both_directions_by_depth_with_limit_and_ignore():
    view = GraphView.read(FakeStore(), "u")
    one = view.rel_map(["atlas"], depth=1, limit=30, ignore=set())
    assert {(a.id, r.label) for a, r, _ in one} == {("Dana", "WORKS_ON"), ("f1", "MENTIONS")}
    two = view.rel_map(["atlas"], depth=2, limit=30, ignore=set())
    assert two[: len(one)] == one  # nearest first
    assert {r.label for _, r, _ in two} >= {"HAS_MANAGER", "ABOUT", "GROUNDED_IN"}
    assert len(set(map(id, two))) == len(two)  # no triplet twice
    assert view.rel_map(["atlas"], depth=2, limit=2, ignore=set()) == two[:2]
    no_turns = view.rel_map(["atlas"], depth=3, limit=30, ignore={"GROUNDED_IN"})
    assert "GROUNDED_IN" not in {r.label for _, r, _ in no_turns}
    assert view.rel_map(["nobody"], depth=3, limit=30, ignore=set()) == []
