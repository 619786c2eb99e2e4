"""A conversation's write is marked done (its checkpoint, with the user's carry-over) only once
every statement of its data succeeded, on every backend (#38).

FalkorDB's MULTI/EXEC is not all-or-nothing: a statement failing at run time is undone alone
and the others stay applied. Were the checkpoint in that batch, a conversation that failed
part-way would be left half-written and marked done, and the next run would skip it. The
failures here are real ones (a division by zero inside a real server's transaction), injected
into the statements the real store sends.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from backends import ALL
from cx_helpers import run_cli, servers_for, wait_until
from test_embedded_store import _write
from test_resume import USER, _export, _facts, _ingest, _rest

from contextos import ContextOS
from contextos.errors import StoreError

#: fails at run time, inside the server's transaction, after the statements before it ran
_FAILING = ("UNWIND [0] AS x RETURN 1 / x", {})


def _inject(store, *, at: int | None, only: str | None = None) -> None:
    """Make ``store`` send a failing statement among a conversation's data statements: before
    the one at index ``at`` (None: after the last), for conversation ``only`` or every one."""
    statements = store.conversation_statements

    def with_failure(w):
        stmts = statements(w)
        if only is not None and w.conversation.id != only:
            return stmts
        i = len(stmts) if at is None else at
        return [*stmts[:i], _FAILING, *stmts[i:]]

    store.conversation_statements = with_failure


@pytest.mark.parametrize("backend", ALL, indirect=True)
@pytest.mark.parametrize("at", [2, None], ids=["mid-way", "after-the-data"])
def test_a_conversation_that_fails_part_way_is_not_marked_done(backend, at):
    with backend.open() as cx:
        store = cx.store
        store.write_conversation(_write(1))
        _inject(store, at=at)
        with pytest.raises(StoreError, match="(?i)division by zero|/ by zero|query failed"):
            store.write_conversation(_write(3))
        assert store.checkpoint("k3") is None  # the next run writes it again
        assert store.checkpoint("k1") == "h1"
        del store.conversation_statements  # the store's own statements again
        store.write_conversation(_write(3))
        assert store.checkpoint("k3") == "h3"
        assert store.stats("sam") == {"Entity": 3, "Conversation": 2, "Turn": 2, "Fact": 2}
        assert sorted(f.id for f in store.facts("sam")) == ["f1", "f3"]


@pytest.mark.parametrize("at", [3, None], ids=["mid-way", "after-the-data"])
def test_a_run_failing_on_one_conversation_is_redone_to_the_uninterrupted_graph(
    tmp_path, data_dir, at
):
    """An ingest whose fifth conversation fails in the store keeps the four before it; the
    next run skips those, writes the fifth again over what landed of it, and ends with the
    graph of a run that never failed: facts, evidence, carry-over, rejections, node counts."""
    export = _export(tmp_path / "chats.jsonl")
    straight = tmp_path / "straight"
    _ingest(export, straight, parallel=False)

    with ContextOS.open(data_dir) as cx:
        _inject(cx.store, at=at, only="chat-4")
        with pytest.raises(StoreError, match="Division by zero"):
            cx.ingest(export, user=USER, parallel=False)
    assert wait_until(lambda: not servers_for(data_dir))

    res = run_cli("ingest", str(export), "--user", USER, data_dir=data_dir)
    assert res.returncode == 0, res.stderr
    assert re.search(r"conversations 9 \(4 unchanged, skipped\)", res.stdout), res.stdout
    assert _facts(data_dir).splitlines() == _facts(straight).splitlines()
    assert _rest(data_dir) == _rest(straight)


def test_the_seal_is_one_statement_keeping_the_carryover_with_the_checkpoint(
    data_dir: Path,
):
    """The carry-over and the checkpoint land together or not at all; a write with no new
    carry-over keeps the stored one."""
    with ContextOS.open(data_dir) as cx:
        store = cx.store
        w = _write(1)
        w.carryover = "remembered"
        [(query, params)] = store.conversation_seal(w)
        assert params["carryover"] == "remembered" and params["content_hash"] == "h1"
        store.write_conversation(w)
        assert store.carryover("sam") == "remembered" and store.checkpoint("k1") == "h1"
        store.write_conversation(_write(2))  # no carry-over of its own
        assert store.carryover("sam") == "remembered" and store.checkpoint("k2") == "h2"
