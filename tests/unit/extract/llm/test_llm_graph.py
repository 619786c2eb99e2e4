"""graph@1 over recorded replies: entities, relations, project statuses and decisions, each
grounded by contextos in the turn the model named, before validation sees them."""

from __future__ import annotations

import json

from conftest import ReplayLLM

from contextos.extract.llm import LLMExtractor
from contextos.extract.prompts import graph_v1
from contextos.models.entities import ENTITY_PROPERTIES, RELATION_TYPES
from contextos.models.extraction import UserRef
from contextos.settings import Settings
from contextos.validate import index_turns, validate

USER = UserRef(id="dana", name="Dana")

CHAT = [
    (
        "user",
        "My manager Priya Shah runs the billing migration at Tallyforge, due in June. "
        "We decided to move the invoices to Postgres.",
    ),
    ("assistant", "Sounds good. Is the audit done? Ask Marco."),
    ("user", "The security audit is blocked on the payments team. If the rollout slips, it's off."),
]
Q1 = "My manager Priya Shah runs the billing migration at Tallyforge"


def item(turn, quote, **kw):
    return {"turn": turn, "quote": quote, **kw}


def graph(entities=(), relations=(), statuses=(), decisions=()):
    return json.dumps(
        {
            "entities": list(entities),
            "relations": list(relations),
            "statuses": list(statuses),
            "decisions": list(decisions),
        }
    )


def run(make_conv, reply, turns=CHAT, facts="[]"):
    llm = ReplayLLM([json.dumps({"facts": json.loads(facts)}), reply])
    ex = LLMExtractor(llm, name="llm:replay", mode="json_schema", sleep=lambda s: None)
    conv = make_conv(turns)
    result = ex.extract(conv.turns, conv, USER)
    return ex, llm, conv, result


def test_the_graph_prompt_is_a_second_call_with_the_allowed_values_read_from_the_models(
    make_conv,
):
    ex, llm, _, _ = run(make_conv, graph())
    assert ex.metrics.prompts == {"facts@1": 1, "graph@1": 1} and ex.metrics.calls == 2
    messages, kwargs = llm.requests[1]
    assert "T1 Dana: My manager Priya Shah" in messages[1].content
    for rel in RELATION_TYPES:
        assert rel in messages[1].content
    assert "Person: " + ", ".join(ENTITY_PROPERTIES["Person"]) in messages[1].content
    schema = kwargs["response_format"]["json_schema"]["schema"]
    assert schema["$defs"]["RelationItem"]["properties"]["type"]["enum"] == list(RELATION_TYPES)
    for name in ("EntityItem", "RelationItem", "StatusItem", "DecisionItem"):
        assert schema["$defs"][name]["properties"]["turn"]["enum"] == ["T1", "T3"]


def test_graph_false_asks_for_facts_only(make_conv):
    llm = ReplayLLM([json.dumps({"facts": []})])
    ex = LLMExtractor(llm, name="llm:replay", mode="json_schema", graph=False)
    conv = make_conv(CHAT)
    ex.extract(conv.turns, conv, USER)
    assert ex.metrics.prompts == {"facts@1": 1}
    assert Settings(llm_graph=False).llm_graph is False  # CONTEXTOS_LLM_GRAPH=false


def test_entities_come_with_the_span_that_names_them_and_the_properties_their_type_allows(
    make_conv,
):
    reply = graph(
        entities=[
            item(
                "T1",
                Q1,
                type="person",
                name="Priya Shah",
                aliases=["Priya", "PS"],  # "PS" is never said
                properties={
                    "role": "manager",
                    "company": "Tallyforge",
                    "status": "active",  # not a Person's property
                    "relationship": "best friend",  # not said
                },
            ),
            item(
                "T1",
                Q1,
                type="Project",
                name="billing migration",
                properties={"status": "in progress", "deadline": "June", "priority": "urgent"},
            ),
            item("T1", Q1, type="Organization", name="Tallyforge"),
        ]
    )
    ex, _, conv, result = run(make_conv, reply)
    priya, migration, tallyforge = result.entities
    assert (priya.type, priya.name, priya.aliases) == ("Person", "Priya Shah", ["Priya"])
    assert priya.properties == {"role": "manager", "company": "Tallyforge"}
    ev = priya.evidence
    assert ev is not None and ev.turn_id == "c1:0" and ev.quote == "Priya Shah"
    assert conv.turns[0].text[ev.start : ev.end] == "Priya Shah"
    assert migration.properties == {"status": "active", "deadline": "June"}
    assert tallyforge.type == "Organization"
    assert ex.metrics.entities_proposed == 3 and ex.metrics.properties_dropped == 3
    checked = validate(result, index_turns(conv.turns))
    assert checked.entities == result.entities and checked.rejections == []


def test_an_allowed_relation_is_kept_and_a_disallowed_one_is_a_schema_rejection(make_conv):
    reply = graph(
        relations=[
            item("T1", Q1, source="I", type="has manager", target="Priya Shah"),
            item("T1", Q1, source="Dana", type="WORKS_AT", target="Tallyforge"),
            item("T1", Q1, source="Dana", type="ADORES", target="Tallyforge"),
            item("T1", Q1, source="Dana", type="COLLEAGUE_OF", target="Jonas"),  # never said
        ]
    )
    ex, _, conv, result = run(make_conv, reply)
    assert [(r.source, r.type, r.target) for r in result.relations] == [
        ("Dana", "HAS_MANAGER", "Priya Shah"),
        ("Dana", "WORKS_AT", "Tallyforge"),
    ]
    assert result.relations[0].evidence.quote == Q1
    schema, ungrounded = result.rejections
    assert (schema.reason, schema.text) == ("schema", "Dana ADORES Tallyforge")
    assert "graph@1" in schema.detail and "'ADORES' is not allowed" in schema.detail
    assert ungrounded.reason == "not_grounded" and "'Jonas'" in ungrounded.detail
    assert ex.metrics.relations_proposed == 4
    assert validate(result, index_turns(conv.turns)).relations == result.relations


def test_a_status_change_becomes_a_fact_with_its_project_and_status(make_conv):
    reply = graph(
        statuses=[
            item(
                "T3",
                "The security audit is blocked on the payments team",
                project="security audit",
                status="stuck",
            ),
            item("T3", "If the rollout slips", project="rollout", status="blocked"),
            item("T3", "The security audit is blocked", project="security audit", status="paused"),
        ]
    )
    ex, _, conv, result = run(make_conv, reply)
    blocked, conditional = result.facts
    assert (blocked.project, blocked.status, blocked.category) == (
        "security audit",
        "blocked",
        "work",
    )
    assert blocked.text == "Security audit is blocked" and blocked.subject == "Dana"
    assert blocked.evidence[0].turn_id == "c1:2"
    (project,) = result.entities  # the Project gets the status too
    assert (project.name, project.type, project.properties) == (
        "security audit",
        "Project",
        {"status": "blocked"},
    )
    (paused,) = result.rejections
    assert paused.reason == "schema" and "'paused' is not allowed" in paused.detail
    checked = validate(result, index_turns(conv.turns))
    assert checked.facts == [blocked]
    assert [r.reason for r in checked.rejections] == ["schema", "hypothetical"]
    assert ex.metrics.statuses_proposed == 3 and ex.metrics.facts_proposed == 3


def test_a_decision_becomes_a_decision_fact(make_conv):
    reply = graph(
        decisions=[
            item(
                "T1",
                "We decided to move the invoices to Postgres",
                text="Dana's team decided to move the invoices to Postgres",
            ),
            item(  # the team's decision credited to Dana alone (validate/plural_speaker.py)
                "T1",
                "We decided to move the invoices to Postgres",
                text="Dana decided to move the invoices to Postgres",
            ),
        ]
    )
    ex, _, conv, result = run(make_conv, reply)
    decision, alone = result.facts
    assert (decision.category, decision.subject, decision.extractor) == (
        "decision",
        "Dana",
        "llm:replay",
    )
    assert decision.evidence[0].quote == "We decided to move the invoices to Postgres"
    checked = validate(result, index_turns(conv.turns))
    assert checked.facts == [decision]
    assert [(r.text, r.reason) for r in checked.rejections] == [(alone.text, "group_as_speaker")]
    assert ex.metrics.decisions_proposed == 2


def test_ungrounded_and_assistant_quotes_are_rejected(make_conv):
    reply = graph(
        entities=[
            item("T1", "my colleague Marco", type="Person", name="Marco"),  # not in T1
            item("T2", "Ask Marco", type="Person", name="Marco"),  # the assistant's words
            item("T1", Q1, type="Person", name="Priya Patel"),  # quote found, name not said
        ],
        relations=[item("T2", "Ask Marco", source="Dana", type="COLLEAGUE_OF", target="Marco")],
        statuses=[item("T9", "the audit is done", project="audit", status="completed")],
        decisions=[item("T1", "we chose MySQL", text="Dana decided to use MySQL")],
    )
    ex, _, _, result = run(make_conv, reply)
    assert result.facts == [] and result.entities == [] and result.relations == []
    assert [(r.reason, r.turn_id) for r in result.rejections] == [
        ("not_grounded", "c1:0"),
        ("assistant_sourced", "c1:1"),
        ("not_grounded", "c1:0"),
        ("assistant_sourced", "c1:1"),
        ("not_grounded", "c1:0"),
        ("not_grounded", "c1:0"),
    ]
    assert ex.metrics.rejected == {"not_grounded": 4, "assistant_sourced": 2}


def test_malformed_items_are_schema_rejections_and_the_rest_is_kept(make_conv):
    reply = graph(
        entities=[
            {"turn": "T1", "type": "Person"},  # no name, no quote
            "Priya Shah",  # not an object
            item("T1", Q1, type="Person", name="Priya Shah", properties="manager"),
            item("1", Q1, type="Organization", name="Tallyforge"),  # turn given as a number
        ],
        relations=[item("T1", Q1, source="Dana")],
    )
    _, _, _, result = run(make_conv, reply)
    assert [(e.type, e.name) for e in result.entities] == [("Organization", "Tallyforge")]
    assert [r.reason for r in result.rejections] == ["schema"] * 4
    assert all("graph@1" in r.detail for r in result.rejections)


def test_an_unreadable_graph_reply_costs_no_fact(make_conv):
    facts = json.dumps(
        [{"turn": "T1", "quote": Q1, "text": "Priya Shah is Dana's manager", "confidence": 0.9}]
    )
    llm = ReplayLLM([json.dumps({"facts": json.loads(facts)}), "no idea", "still no idea"])
    ex = LLMExtractor(llm, name="llm:replay", mode="json_schema")
    conv = make_conv(CHAT)
    result = ex.extract(conv.turns, conv, USER)
    assert len(result.facts) == 1
    (r,) = result.rejections
    assert r.reason == "unparseable" and r.detail.startswith("graph@1")
    assert ex.metrics.graph_skipped == 1 and ex.metrics.windows_skipped == 0


def test_the_reply_model_normalises_what_small_models_write():
    assert graph_v1.relation_type("works-at") == "WORKS_AT"
    assert graph_v1.entity_type("organization") == "Organization"
    assert graph_v1.project_status("Done") == "completed"
    reply, problems = graph_v1.PROMPT.parse(
        {"entities": {"turn": 2, "quote": "x", "type": "Event", "name": "standup"}}
    )
    assert problems == [] and reply.entities[0].turn == "T2"
