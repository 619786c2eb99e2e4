"""Context retrieval (#42) end to end on the embedded store: ingest, excerpts quoted from the
stored turns, agent types, filters, as_of, last_used, and the persisted lexical index."""

from __future__ import annotations

import json
import re
import shutil
from datetime import UTC, datetime

import pytest

from contextos import ConfigError, ContextOS
from contextos.embeddings.tokens import count_tokens
from contextos.samples import DEMO_USER, DEMO_USER_NAME, sample_paths

QUERY = "What is blocking the billing migration?"


@pytest.fixture
def cx(samples_cx):
    return samples_cx


def _turns(cx, what: str = "text") -> dict[str, str]:
    rows = cx.store.run(
        f"MATCH (t:Turn) WHERE t.user_id = $u RETURN t.id, t.{what}", {"u": DEMO_USER}
    )
    return {r[0]: r[1] for r in rows}


def test_excerpts_quote_the_stored_turns_dated_and_attributed(cx):
    res = cx.context(QUERY, user=DEMO_USER, max_tokens=500)
    assert res.token_count == count_tokens(res.injection) <= 500
    assert "<relevant_excerpts>" in res.injection
    episodes = [s for s in res.sources if s.type == "episode"]
    assert episodes
    texts = _turns(cx)
    speakers = _turns(cx, "speaker")
    block = res.injection.split("<relevant_excerpts>")[1].split("</relevant_excerpts>")[0]
    lines = [ln.strip()[2:] for ln in block.strip().splitlines()]
    assert len(lines) == len(episodes)
    for line, src in zip(lines, episodes, strict=True):
        assert re.match(r"\[\d{1,2} [A-Z][a-z]+ 20\d\d\] ", line)  # dated
        said = re.sub(r"^\[[^]]+\] ", "", line)
        assert any(said.startswith(f'{speakers[t]}: "') for t in src.turn_ids)  # attributed
        quoted = re.findall(r'"(.+?)"(?: |$)', line)
        own = " ".join(texts[t] for t in src.turn_ids)
        for q in quoted:  # every quote is words of the turns it names (dates added in brackets)
            bare = re.sub(r" \([^)]*\d{4}\)", "", q).rstrip("…")
            assert bare[:40] in own
    # the turn that says what blocks the migration is quoted
    blocker_turns = [t for t, x in texts.items() if "blocked on the payments team" in x]
    assert set(blocker_turns) & {t for s in episodes for t in s.turn_ids}


def test_a_fact_and_the_turn_it_came_from_do_not_both_spend_budget(cx):
    res = cx.context(QUERY, user=DEMO_USER, max_tokens=800)
    fact_turns = {
        t
        for s in res.sources
        if s.type == "fact" and s.section != "user_preferences"
        for t in s.turn_ids
    }
    quoted = [t for s in res.sources if s.type == "episode" for t in s.turn_ids]
    assert len(quoted) == len(set(quoted))
    facts = {f.id: f for f in cx.facts(DEMO_USER)}
    grounded = {
        (sp.conversation_id, sp.turn_id)
        for s in res.sources
        if s.type == "fact" and s.id in facts
        for sp in facts[s.id].evidence_spans
    }
    assert fact_turns  # there are facts in the injection
    episode_keys = [s.id for s in res.sources if s.type == "episode"]
    windows = cx.store.turn_windows(DEMO_USER, episode_keys, radius=1)
    for key, src in zip(episode_keys, [s for s in res.sources if s.type == "episode"], strict=True):
        said = {(t.conversation_id, t.id) for _, t in windows[key] if t.id in src.turn_ids}
        assert not said & grounded


def test_each_agent_type_gets_its_template_in_proactive_mode(cx):
    def sections(agent):
        res = cx.context(user=DEMO_USER, agent_type=agent, max_tokens=400)
        assert res.query == "" and res.injection
        return set(re.findall(r"^  <([a-z_]+)>$", res.injection, re.M)), res

    general, _ = sections("general")
    assert {"active_projects", "user_preferences"} <= general
    meeting, res = sections("meeting")
    assert "recent_decisions" in meeting and "user_preferences" not in meeting
    assert "decided" in res.injection
    task, res = sections("task")
    assert "active_projects" in task and "billing migration" in res.injection
    assert "invoice schema migration" not in res.injection  # completed: not active
    code, _ = sections("code")
    assert code <= {"active_projects", "user_preferences", "active_blockers", "recent_corrections"}
    with pytest.raises(ConfigError, match="unknown agent_type"):
        cx.context(QUERY, user=DEMO_USER, agent_type="sales")


def test_custom_templates_from_a_file(cx, tmp_path):
    path = tmp_path / "templates.json"
    path.write_text('{"family": {"sections": [{"source": "people", "limit": 3}]}}')
    cx.configure_retrieval(templates=path)
    res = cx.context(user=DEMO_USER, agent_type="family", max_tokens=300)
    assert "<relevant_people>" in res.injection and "sister" in res.injection


def test_min_confidence_and_project_filter(cx):
    none = cx.context(QUERY, user=DEMO_USER, max_tokens=500, min_confidence=1.0)
    assert not [s for s in none.sources if s.type == "fact"]
    assert [s for s in none.sources if s.type == "episode"]
    only = cx.context(
        "what did we decide?", user=DEMO_USER, max_tokens=500, project_filter="billing migration"
    )
    for s in only.sources:
        if s.type == "episode":
            assert "billing migration" in _source_text(only.injection, s)
    with pytest.raises(ConfigError):
        cx.context(QUERY, user=DEMO_USER, min_confidence=1.5)


def _source_text(injection: str, src) -> str:
    return injection.casefold()


def test_as_of_answers_from_the_past(cx):
    early = datetime(2026, 3, 5, tzinfo=UTC)  # after the first chat only
    res = cx.context("billing migration", user=DEMO_USER, max_tokens=500, as_of=early)
    quoted = {t for s in res.sources if s.type == "episode" for t in s.turn_ids}
    assert quoted and all(t.startswith("jl-s1:") for t in quoted)  # said by 5 March
    valid_then = {f.id for f in cx.facts(DEMO_USER, as_of=early)}
    assert all(s.id in valid_then for s in res.sources if s.type == "fact")
    assert "Rui" not in res.injection  # first named on 18 March
    now = cx.context("billing migration", user=DEMO_USER, max_tokens=500)
    assert {t for s in now.sources if s.type == "episode" for t in s.turn_ids} - quoted


def test_injected_facts_get_last_used(cx):
    before = datetime.now(UTC).timestamp()
    res = cx.context("Where does Jordan live?", user=DEMO_USER, max_tokens=300)
    cx.engine.flush()  # last_used is written in batches
    ids = [s.id for s in res.sources if s.type == "fact"]
    assert ids
    rows = cx.store.run("MATCH (f:Fact) WHERE f.id IN $ids RETURN f.id, f.last_used", {"ids": ids})
    assert rows and all(r[1] is not None and r[1] >= before for r in rows)
    others = cx.store.run(
        "MATCH (f:Fact {user_id: $u}) WHERE NOT f.id IN $ids RETURN count(f.last_used)",
        {"u": DEMO_USER, "ids": ids},
    )
    assert others[0][0] < len(cx.facts(DEMO_USER))


def test_the_lexical_index_is_persisted_and_survives_reopen(data_dir):
    with ContextOS.open(data_dir) as cx:
        cx.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME)
        n = len(cx.engine.index(DEMO_USER))
        first = cx.context(QUERY, user=DEMO_USER, max_tokens=300)
    index_dir = data_dir / "index" / DEMO_USER
    assert (index_dir / "main.docs.jsonl").is_file()
    with ContextOS.open(data_dir) as cx:
        assert len(cx.engine.index(DEMO_USER)) == n
        assert cx.engine.index(DEMO_USER).search("Stripe API keys")
        again = cx.context(QUERY, user=DEMO_USER, max_tokens=300)
        assert [s.id for s in again.sources] == [s.id for s in first.sources]
    shutil.rmtree(index_dir)  # a graph whose index is gone: rebuilt from the store
    with ContextOS.open(data_dir) as cx:
        assert len(cx.engine.index(DEMO_USER)) == n
        assert cx.forget(DEMO_USER) > 0
        assert len(cx.engine.index(DEMO_USER)) == 0


def test_cli_proactive_filters_and_templates(data_dir, tmp_path):
    from cx_helpers import run_cli

    jsonl = next(p for p in sample_paths() if p.name == "jordan_chats.jsonl")
    res = run_cli(
        "ingest", str(jsonl), "--user", "jordan", "--user-name", "Jordan Lee", data_dir=data_dir
    )
    assert res.returncode == 0, res.stderr
    res = run_cli(
        "context",
        "--proactive",
        "--agent-type",
        "task",
        "--user",
        "jordan",
        "--json",
        data_dir=data_dir,
    )
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["query"] == "" and "<active_projects>" in out["injection"]
    res = run_cli(
        "context",
        "billing migration",
        "--user",
        "jordan",
        "--as-of",
        "2026-03-05",
        "--min-confidence",
        "0.9",
        "--json",
        data_dir=data_dir,
    )
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    quoted = {t for s in out["sources"] if s["type"] == "episode" for t in s["turn_ids"]}
    assert quoted and all(t.startswith("jl-s1:") for t in quoted)
    templates = tmp_path / "t.json"
    templates.write_text('{"family": {"sections": [{"source": "people"}]}}')
    res = run_cli(
        "context",
        "--proactive",
        "--agent-type",
        "family",
        "--templates",
        str(templates),
        "--user",
        "jordan",
        data_dir=data_dir,
    )
    assert res.returncode == 0, res.stderr
    assert "<relevant_people>" in res.stdout
    res = run_cli("context", "--user", "jordan", data_dir=data_dir)
    assert res.returncode != 0 and "--proactive" in res.stderr


def test_facts_written_outside_ingestion_are_indexed_at_once(data_dir):
    """A preference set by hand and an explicit fact reach the persisted BM25 index when they
    are written — also in a process that has not asked for context yet."""
    with ContextOS.open(data_dir) as cx:
        cx.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME)
        assert not cx.engine.index(DEMO_USER).search("Sichuan noodles")
        pref = cx.add_preference(DEMO_USER, "food", "spicy Sichuan noodles").preference
        hits = cx.engine.index(DEMO_USER).search("Sichuan noodles")
        assert hits and hits[0][0] == f"f:{pref.id}"
        res = cx.context("Which noodles do I like?", user=DEMO_USER, max_tokens=400)
        assert pref.id in {s.id for s in res.sources}
    with ContextOS.open(data_dir) as cx:  # a new process: no engine until something asks
        added = cx.add_explicit_fact("My sister Maya lives in Lisbon.", DEMO_USER)
        assert added.facts
        ids = {f"f:{f.id}" for f in added.facts}
        assert ids <= {d for d, _ in cx.engine.index(DEMO_USER).search("Maya Lisbon", 10)}
        assert f"f:{pref.id}" in cx.engine.index(DEMO_USER)  # persisted with the index
    with ContextOS.open(data_dir) as cx:
        top = cx.search_facts("Maya Lisbon", DEMO_USER, limit=1)
        assert top and "Lisbon" in top[0][0].text


def test_search_facts_fuses_the_context_retrievers(data_dir):
    """search_facts ranks through BM25, the Fact vector index and the graph: words, meaning
    alone, current facts unless asked, newest first for no query, and only the user's own."""
    with ContextOS.open(data_dir) as cx:
        cx.add_explicit_fact("I work at Acme as a nurse. I live in Porto.", "dana")
        cx.add_explicit_fact("I work at Fjordbank in Oslo.", "ben")
        words = cx.search_facts("Acme nurse", "dana", limit=1)
        assert "Acme" in words[0][0].text and words[0][1] > 0
        meaning = cx.search_facts("what is my job", "dana", limit=3)  # no word in common
        assert any("Acme" in f.text for f, _ in meaning)
        assert all(f.user_id == "dana" for f, _ in cx.search_facts("Oslo Fjordbank", "dana"))
        assert not any("Fjordbank" in f.text for f, _ in cx.search_facts("Fjordbank", "dana"))
        porto = next(f for f in cx.facts("dana") if "Porto" in f.text)
        assert cx.forget_fact(porto.id, "dana")
        assert porto.id not in {f.id for f, _ in cx.search_facts("Porto", "dana")}
        ended = cx.search_facts("Porto", "dana", include_superseded=True)
        assert porto.id in {f.id for f, _ in ended}
        cx.add_explicit_fact("I adopted a cat called Miso.", "dana")
        newest = cx.search_facts("", "dana", limit=10)
        assert "Miso" in newest[0][0].text and {s for _, s in newest} == {0.0}
        assert porto.id not in {f.id for f, _ in newest}
