"""The facade end to end on the real stores (the embedded FalkorDB, and the Neo4j backend on a
real Bolt server: see backends.py), the real parsers and the local extractor."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from cx_helpers import servers_for

from contextos import ConfigError, ContextOS, InputError
from contextos.embeddings.tokens import count_tokens
from contextos.models.brief import CHANGE_KINDS
from contextos.samples import DEMO_USER, DEMO_USER_NAME, sample_paths


@pytest.fixture
def cx(backend):
    with backend.open() as c:
        yield c
    assert not servers_for(backend.data_dir)


@pytest.fixture
def ingested(cx):
    report = cx.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME)
    return cx, report


def _turn_texts(cx) -> dict[str, str]:
    rows = cx.store.run("MATCH (t:Turn) WHERE t.user_id = $u RETURN t.id, t.text", {"u": DEMO_USER})
    return {r[0]: r[1] for r in rows}


def test_report_counts_what_was_read_and_stored(ingested):
    cx, report = ingested
    assert report.conversations == 6  # 4 chats + 1 meeting (JSONL) + 1 ChatGPT conversation
    assert report.turns == 9 + 5 + 5 + 5 + 4 + 4
    assert report.facts_stored >= 10
    assert report.duration_s > 0
    assert sum(report.facts_rejected.values()) >= 1  # e.g. the "maybe someday" hypothetical
    assert set(report.by_format) >= {"transcript", "chatgpt"}


def test_every_fact_is_grounded_in_the_exact_words_of_a_user_turn(ingested):
    cx, _ = ingested
    texts = _turn_texts(cx)
    facts = cx.facts(DEMO_USER, include_superseded=True)
    assert facts
    for f in facts:
        assert f.turn_ids and f.evidence and f.subject
        for span in f.evidence_spans:
            assert texts[span.turn_id][span.start : span.end] == span.quote
        assert any(f.evidence in texts[t] for t in f.turn_ids)


def test_facts_said_in_one_turn_never_supersede_each_other(ingested):
    """ "we moved to Porto last weekend" gives "moved to Porto" and "lives in Porto": both hold,
    and the move replaces the older home."""
    cx, _ = ingested
    facts = {f.id: f for f in cx.facts(DEMO_USER, include_superseded=True)}
    for f in facts.values():
        if f.superseded_by:
            assert not set(f.turn_ids) & set(facts[f.superseded_by].turn_ids), f.text
    current = [f.text for f in cx.facts(DEMO_USER)]
    assert "Jordan lives in Porto" in current
    assert not any("lives in Lisbon" in t for t in current)


def test_the_regenerated_chatgpt_branch_is_not_read(ingested):
    cx, _ = ingested
    assert "m2b" not in _turn_texts(cx)


def test_reingesting_the_same_exports_changes_nothing(ingested):
    cx, _ = ingested
    before = sorted(f.id for f in cx.facts(DEMO_USER, include_superseded=True))
    stats = cx.store.stats(DEMO_USER)
    again = cx.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME)
    assert again.conversations_skipped_unchanged == again.conversations == 6
    assert again.facts_stored == 0
    assert sorted(f.id for f in cx.facts(DEMO_USER, include_superseded=True)) == before
    # nothing but the run's own record (issue #39: every run is kept, with its metrics)
    assert cx.store.stats(DEMO_USER) == {**stats, "Run": stats["Run"] + 1}


def test_an_extended_export_adds_only_the_new_turns(cx, tmp_path):
    src = next(p for p in sample_paths() if p.name == "jordan_chats.jsonl")
    lines = src.read_text().splitlines()
    first = [ln for ln in lines if json.loads(ln)["conversation_id"] == "jl-s1"]
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join(first[:5]) + "\n")
    cx.ingest(part, user="u1")
    turns_before = cx.store.stats("u1")["Turn"]
    facts_before = {f.id for f in cx.facts("u1", include_superseded=True)}
    part.write_text("\n".join(first) + "\n")
    report = cx.ingest(part, user="u1")
    assert report.conversations_skipped_unchanged == 0
    assert cx.store.stats("u1")["Turn"] == turns_before + len(first) - 5
    after = {f.id for f in cx.facts("u1", include_superseded=True)}
    assert facts_before <= after
    assert cx.store.stats("u1")["Conversation"] == 1


def test_context_fits_the_budget_and_every_source_is_traceable(ingested):
    cx, _ = ingested
    for budget in (120, 500):
        ctx = cx.context(
            "What is blocking the billing migration?", user=DEMO_USER, max_tokens=budget
        )
        assert ctx.injection.startswith("<context_injection")
        assert ctx.token_count == count_tokens(ctx.injection) <= budget
        assert ctx.sources and all(s.turn_ids for s in ctx.sources if s.type == "fact")
        known = {f.id for f in cx.facts(DEMO_USER)}
        assert all(s.id in known for s in ctx.sources if s.type == "fact")
    big = cx.context("What is blocking the billing migration?", user=DEMO_USER, max_tokens=500)
    assert "billing" in big.injection.lower()


def test_brief_reports_facts_added_in_the_window(ingested):
    cx, _ = ingested
    since, until = datetime(2026, 3, 14, tzinfo=UTC), datetime(2026, 3, 20, tzinfo=UTC)
    brief = cx.brief(DEMO_USER, since=since, until=until)
    assert brief.changes and brief.summary.startswith("Since Saturday 14 March, for Jordan Lee")
    for c in brief.changes:
        assert c.changed_at is not None and since < c.changed_at <= until
        assert c.kind in CHANGE_KINDS and c.text and c.turn_ids
    empty = cx.brief(
        DEMO_USER, since=datetime(2025, 1, 1, tzinfo=UTC), until=datetime(2025, 2, 1, tzinfo=UTC)
    )
    assert empty.changes == [] and empty.more == 0 and "Nothing changed" in empty.summary


def test_as_of_returns_the_state_at_that_time(ingested):
    cx, _ = ingested
    early = cx.facts(DEMO_USER, as_of=datetime(2026, 3, 3, tzinfo=UTC))
    late = cx.facts(DEMO_USER)
    assert early and len(early) < len(late)
    assert all(f.valid_from <= datetime(2026, 3, 3, tzinfo=UTC) for f in early)


def test_facts_persist_across_a_reopen(ingested, backend):
    cx, _ = ingested
    ids = sorted(f.id for f in cx.facts(DEMO_USER))
    cx.close()
    with backend.open() as again:
        assert sorted(f.id for f in again.facts(DEMO_USER)) == ids


def test_forget_removes_the_user(ingested):
    cx, _ = ingested
    assert cx.forget(DEMO_USER) > 0
    assert cx.facts(DEMO_USER) == [] and cx.store.stats(DEMO_USER) == {}


def test_bad_input_raises_input_error_and_writes_nothing(cx, tmp_path: Path):
    bad = tmp_path / "conversations.json"
    bad.write_text("{not json")
    with pytest.raises(InputError) as info:
        cx.ingest(bad, user="u2")
    assert "conversations.json" in str(info.value)
    with pytest.raises(InputError, match="no such file|does not exist|not found"):
        cx.ingest(tmp_path / "missing.json", user="u2")
    assert cx.store.stats("u2") == {}


def test_every_entry_refuses_a_bad_user_id_and_writes_nothing(cx, chat):
    conv = chat("a", 2, "I live in Lisbon.")
    calls = {
        "ingest": lambda u: cx.ingest(conv, user=u),
        "facts": lambda u: cx.facts(u),
        "entities": lambda u: cx.entities(u),
        "context": lambda u: cx.context("where do I live?", user=u),
        "brief": lambda u: cx.brief(u, since=datetime(2026, 3, 1, tzinfo=UTC)),
        "forget": lambda u: cx.forget(u),
        "stats": lambda u: cx.stats(u),
        "rejection_summary": lambda u: cx.rejection_summary(u),
    }
    for name, call in calls.items():
        for bad, shown in (("dana\nw", r"'dana\nw'"), ("dana ", "'dana '")):
            with pytest.raises(InputError, match=re.escape(f"user id {shown}")):
                call(bad)
                pytest.fail(f"{name} took {bad!r}")
    assert cx.users() == [] and cx.store.stats() == {"ContextOSMeta": 1}


def test_an_unknown_user_gets_no_made_up_name(cx, chat):
    cx.ingest(chat("a", 2, "I live in Lisbon."), user="dana_w")
    known = cx.context("where do I live?", user="dana_w").injection
    assert known.startswith('<context_injection user="Dana W">')  # the name stored at ingest
    res = cx.context("where do I live?", user="nobody_here")
    assert res.injection.startswith('<context_injection user="nobody_here">')
    assert res.sources == []
    summary = cx.brief("nobody_here", since=datetime(2026, 3, 1, tzinfo=UTC)).summary
    assert "nobody_here" in summary and "Nobody Here" not in summary
    assert cx.users() == ["dana_w"]


def test_open_without_create_refuses_a_directory_that_holds_no_graph(tmp_path):
    for missing in (tmp_path / "typo", tmp_path / "empty"):
        if missing.name == "empty":
            missing.mkdir()
        with pytest.raises(ConfigError, match=f"{missing} holds no contextos graph"):
            ContextOS.open(missing, create=False)
        assert not (missing / "graph").exists() and not servers_for(missing)
    assert not (tmp_path / "typo").exists()


def test_open_without_create_opens_a_graph_that_exists(data_dir):
    with ContextOS.open(data_dir) as cx:
        assert cx.users() == []
    with ContextOS.open(data_dir, create=False) as cx:
        assert cx.status()["counts"] == {"ContextOSMeta": 1}
    assert not servers_for(data_dir)


def test_parallel_extraction_writes_exactly_what_sequential_does(tmp_path):
    import psutil

    def run(parallel: bool) -> list[tuple]:
        with ContextOS.open(tmp_path / f"p{parallel}") as c:
            c.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME, parallel=parallel)
            facts = c.facts(DEMO_USER, include_superseded=True)
        return sorted((f.id, f.text, tuple(f.turn_ids), f.superseded_by) for f in facts)

    assert run(True) == run(False)
    workers = [
        p
        for p in psutil.Process().children(recursive=True)
        if "contextos.pipeline.workers" in " ".join(p.cmdline())
    ]
    assert workers == []  # the extraction worker is gone when ingest returns


@pytest.mark.parametrize("text", ["I don't use Windows anymore.", "I work at Globex as a tester."])
def test_a_statement_repeated_later_is_the_same_current_fact(cx, chat, text):
    """Said again in a later chat (negated or not): one fact, still current, both turns as
    evidence — never a fact superseding itself."""
    cx.ingest([chat("a", 2, text)], user="u9", user_name="Robin")
    report = cx.ingest([chat("b", 5, text)], user="u9", user_name="Robin")
    assert report.facts_superseded == 0
    facts = cx.facts("u9", include_superseded=True)
    assert len(facts) == 1
    fact = facts[0]
    assert fact.valid_to is None and fact.superseded_by is None
    assert set(fact.turn_ids) == {"a:0", "b:0"}


def test_a_new_project_status_replaces_the_old_one_however_it_is_worded(cx, chat):
    """ "blocked on the payments team" then "active again": one current status, the old one
    kept as history — in whichever order the chats are ingested."""
    blocked = chat("a", 2, "The billing migration is blocked on the payments team.")
    active = chat("b", 5, "The billing migration is active again.")
    for user, order in (("u1", [blocked, active]), ("u2", [active, blocked])):
        for conv in order:
            cx.ingest([conv], user=user, user_name="Robin")
        current = [f for f in cx.facts(user) if f.project]
        assert [f.text for f in current] == ["The billing migration is active again"]
        assert current[0].status == "active"
        old = [f for f in cx.facts(user, include_superseded=True) if f.status == "blocked"]
        assert len(old) == 1 and old[0].superseded_by == current[0].id
        assert old[0].valid_to == current[0].valid_from


def test_a_fact_stored_before_the_chat_took_it_back_ends_when_it_grows(cx, make_conv):
    """A live chat stored after "I'm moving to Denver in May." then grown, a day later, by
    "Scrap that.": the stored fact ends at the retraction (kept as history, nothing replaces
    it), the report and the brief say so, and the rejection is kept with its reason."""
    first = [("user", "I'm moving to Denver in May."), ("assistant", "Exciting!")]
    when = datetime(2026, 3, 2, 9, tzinfo=UTC)
    later = datetime(2026, 3, 3, 9, tzinfo=UTC)
    cx.ingest([make_conv(first, when)], user="u7", user_name="Dana")
    assert [f.text for f in cx.facts("u7")] == ["Dana is moving to Denver in May 2026"]
    grown = make_conv([*first, ("user", "Scrap that."), ("assistant", "Okay.")], when)
    grown = grown.model_copy(
        update={
            "turns": [
                t if t.index < 2 else t.model_copy(update={"timestamp": later}) for t in grown.turns
            ]
        }
    )
    report = cx.ingest([grown], user="u7", user_name="Dana")
    assert report.facts_ended == 1 and report.facts_rejected == {"retracted": 1}
    assert cx.facts("u7") == []
    [ended] = cx.facts("u7", include_superseded=True)
    assert ended.valid_to == later and ended.superseded_by is None
    # the brief is the state at `since` against now: the plan held the evening before
    brief = cx.brief("u7", since=datetime(2026, 3, 2, 18, tzinfo=UTC))
    assert "ended" in [c.kind for c in brief.changes if ended.text in (c.text or "")]
    # said and taken back within the window: no change to report
    assert not cx.brief("u7", since=datetime(2026, 3, 1, tzinfo=UTC)).changes
    # the same chat again: nothing more to end
    assert cx.ingest([grown], user="u7", user_name="Dana").facts_ended == 0


def test_a_habit_seen_across_chats_of_one_run_is_stored_grounded_in_each(tmp_path, chat):
    """The same setting opening three chats: one USER_PATTERN, grounded in the three turns
    of the three conversations, whether extraction runs in a worker or not."""
    openings = [
        "hey, on my 3am break so typing fast. I'm a nurse.",
        "another break, another chat. we're moving to Portland.",
        "on break again, update for the checklist.",
    ]
    chats = [chat(f"c{n}", n + 2, text) for n, text in enumerate(openings)]

    def run(parallel: bool) -> tuple[list[tuple], list[str]]:
        with ContextOS.open(tmp_path / f"p{parallel}") as c:
            c.ingest(chats, user="gabriel", user_name="Gabriel Ortiz", parallel=parallel)
            patterns = [f for f in c.facts("gabriel") if f.type == "USER_PATTERN"]
            grounded = c.store.run(
                "MATCH (f:Fact {type: 'USER_PATTERN'})-[:GROUNDED_IN]->(t:Turn) "
                "RETURN t.id ORDER BY t.id"
            )
        return [(f.text, tuple(sorted(f.turn_ids))) for f in patterns], [r[0] for r in grounded]

    patterns, grounded = run(False)
    assert patterns == [("Gabriel chats with the assistant on break", ("c0:0", "c1:0", "c2:0"))]
    assert grounded == ["c0:0", "c1:0", "c2:0"]
    assert run(True) == (patterns, grounded)


@pytest.mark.parametrize("parallel", [False, True])
def test_a_run_cut_short_and_resumed_keeps_what_the_stored_chats_carried(tmp_path, chat, parallel):
    """Stopped after two of three chats on a break (Ctrl-C, a crash in a progress hook), then
    run again: the third chat completes the pattern and names the project of the first, as
    in one uninterrupted run."""
    openings = [
        "hey, on my 3am break so typing fast. We're building an app, calling it SendLog.",
        "another break, another chat. we're moving to Portland.",
        "on break again. The beta is set for June 3.",
    ]
    chats = [chat(f"c{n}", n + 2, text) for n, text in enumerate(openings)]

    class Stop(Exception):
        pass

    def stop_after_two(progress):
        if progress.conversations == 2:
            raise Stop

    with ContextOS.open(tmp_path / "cut") as c:
        with pytest.raises(Stop):
            c.ingest(chats, user="gabriel", progress=stop_after_two, parallel=parallel)
        assert len(c.facts("gabriel")) > 0
        report = c.ingest(chats, user="gabriel", parallel=parallel)
        assert report.conversations_skipped_unchanged == 2
        facts = c.facts("gabriel")
    [habit] = [f for f in facts if f.type == "USER_PATTERN"]
    assert sorted(habit.turn_ids) == ["c0:0", "c1:0", "c2:0"]
    assert any(f.text.startswith("The SendLog beta is set for") for f in facts)


@pytest.mark.parametrize("parallel", [False, True])
def test_a_pattern_across_chats_whose_turn_ids_repeat_is_grounded_in_each(tmp_path, parallel):
    """A transcript numbering each chat's turns from 1: the habit seen in three chats is one
    pattern grounded in turn 1 of each chat, not lost because the three turns share an id."""
    openings = [
        "hey, on my 3am break so typing fast. I'm a nurse.",
        "another break, another chat. we're moving to Portland.",
        "on break again, update for the checklist. The lease starts June 3.",
    ]
    lines = []
    for n, text in enumerate(openings):
        for k, (speaker, role, said) in enumerate(
            [("Gabriel", "user", text), ("assistant", "assistant", "Noted.")], start=1
        ):
            lines.append(
                {
                    "conversation_id": f"chat-{n}",
                    "turn_id": str(k),
                    "timestamp": f"2026-03-0{n + 2}T10:00:0{k}Z",
                    "speaker": speaker,
                    "role": role,
                    "text": said,
                }
            )
    path = tmp_path / "chats.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    with ContextOS.open(tmp_path / "data") as c:
        c.ingest(path, user="gabriel", user_name="Gabriel Ortiz", parallel=parallel)
        [habit] = [f for f in c.facts("gabriel") if f.type == "USER_PATTERN"]
        grounded = c.store.run(
            "MATCH (f:Fact {type: 'USER_PATTERN'})-[:GROUNDED_IN]->(t:Turn) "
            "RETURN t.conversation_id, t.id ORDER BY t.conversation_id"
        )
    assert habit.text == "Gabriel chats with the assistant on break"
    assert sorted(habit.conversation_ids) == ["chat-0", "chat-1", "chat-2"]
    assert [(e.conversation_id, e.turn_id) for e in habit.evidence_spans] == [
        ("chat-0", "1"),
        ("chat-1", "1"),
        ("chat-2", "1"),
    ]
    assert [tuple(r) for r in grounded] == [("chat-0", "1"), ("chat-1", "1"), ("chat-2", "1")]


def test_a_habit_seen_across_runs_is_stored_grounded_in_each(cx, chat):
    """One chat per ingest call, as an app sending each chat when it ends: what the earlier
    runs read is kept with the user, so the third chat on a break completes the pattern, and
    its evidence reaches the turns stored by the earlier runs."""
    openings = [
        "hey, on my 3am break so typing fast. We're building an app, calling it SendLog.",
        "another break, another chat. we're moving to Portland.",
        "on break again. The beta is set for June 3.",
    ]
    for n, text in enumerate(openings):
        cx.ingest([chat(f"c{n}", n + 2, text)], user="gabriel", user_name="Gabriel Ortiz")
    facts = cx.facts("gabriel")
    [habit] = [f for f in facts if f.type == "USER_PATTERN"]
    assert habit.text == "Gabriel chats with the assistant on break"
    assert sorted(habit.turn_ids) == ["c0:0", "c1:0", "c2:0"]
    grounded = cx.store.run(
        "MATCH (f:Fact {type: 'USER_PATTERN'})-[:GROUNDED_IN]->(t:Turn) RETURN t.id ORDER BY t.id"
    )
    assert [r[0] for r in grounded] == ["c0:0", "c1:0", "c2:0"]
    assert any(f.text.startswith("The SendLog beta is set for") for f in facts)
    # forgetting the user forgets what was carried too
    cx.forget("gabriel")
    cx.ingest([chat("c9", 9, "on break again. The beta is set for June 3.")], user="gabriel")
    assert [f.text for f in cx.facts("gabriel")] == ["The beta is set for Wednesday, June 3, 2026"]


def test_a_run_cut_short_after_a_merge_decides_later_chats_as_an_uninterrupted_one(tmp_path, chat):
    """A restatement in other words is merged into the stored fact, which keeps its first
    words; a later chat is decided against those words whether the run went straight through
    or was stopped after the merge and resumed (its memory then read from the store)."""
    texts = [
        "I prefer tea over coffee.",
        "I prefer tea to coffee.",
        "I still prefer tea to coffee.",
    ]
    chats = [chat(f"c{n}", n + 2, text) for n, text in enumerate(texts)]

    class Stop(Exception):
        pass

    def stop_after_two(progress):
        if progress.conversations == 2:
            raise Stop

    def graph(c) -> list[tuple]:
        facts = c.facts("dana", include_superseded=True)
        return [(f.id, f.text, f.turn_ids, f.valid_to, f.superseded_by) for f in facts]

    with ContextOS.open(tmp_path / "straight") as c:
        report = c.ingest(chats, user="dana", user_name="Dana Reyes")
        assert report.facts_merged >= 1
        straight = graph(c)
    with ContextOS.open(tmp_path / "cut") as c:
        with pytest.raises(Stop):
            c.ingest(chats, user="dana", user_name="Dana Reyes", progress=stop_after_two)
        c.ingest(chats, user="dana", user_name="Dana Reyes")
        assert graph(c) == straight
