"""A fact said again after it was replaced is current again, and replaces what had replaced it.

End to end: the facade on the real embedded store, the real parser models and the local
extractor, one chat per statement (as in ``tests/integration/test_service.py``).
"""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest

from contextos.models import Fact
from contextos.resolve.fact_memory import FactMemory
from contextos.resolve.facts import restatement

USER = "u1"


def _day(day: int) -> datetime:
    return datetime(2026, 3, day, 9, tzinfo=UTC)


def _ingest(cx, chats, together: bool = False):
    """Ingest chats one call each (the fact memory reloaded from the store every time), or all
    in one call (decisions read the memory the earlier chats updated); the last report."""
    if together:
        return cx.ingest(chats, user=USER, user_name="Robin")
    report = None
    for chat in chats:
        report = cx.ingest([chat], user=USER, user_name="Robin")
    return report


def _by_turn(cx, turn_id: str):
    """The facts (history included) with evidence from ``turn_id``."""
    return [f for f in cx.facts(USER, include_superseded=True) if turn_id in f.turn_ids]


# Each: the statement, the one replacing it, and the first said again. A home is one place at a
# time; a job is replaced only by a near-identical statement with a detail changed (an update) —
# "I work at Acme" / "I work at Globex" are too far apart (cosine ~0.7) for either to replace
# the other, so the employer case changes a detail of the same job.
SEQUENCES = {
    "home": ("I live in Lisbon.", "I live in Porto now.", "I live in Lisbon."),
    "job": (
        "I work at Globex as a tester.",
        "I work at Globex as a developer.",
        "I work at Globex as a tester.",
    ),
    "home, reworded": ("I live in Lisbon.", "I live in Porto now.", "I live in Lisbon again."),
}


@pytest.mark.parametrize("together", [False, True], ids=["one chat per ingest", "one ingest"])
@pytest.mark.parametrize("texts", SEQUENCES.values(), ids=SEQUENCES.keys())
def test_a_replaced_fact_said_again_is_current_again_and_replaces_its_replacement(
    cx, chat, texts, together
):
    first, second, third = texts
    chats = [chat("a", 2, first), chat("b", 5, second), chat("c", 8, third)]
    report = _ingest(cx, chats, together)
    assert report.facts_superseded == (2 if together else 1)

    current = cx.facts(USER)
    assert len(current) == 1, [f.text for f in current]
    again = current[0]
    assert "c:0" in again.turn_ids and again.valid_from == _day(8)

    (old,) = _by_turn(cx, "a:0")  # history is kept: the first ended when the second came
    (replaced,) = _by_turn(cx, "b:0")
    assert old.id != again.id
    assert old.superseded_by == replaced.id and old.valid_to == _day(5)
    assert replaced.superseded_by == again.id and replaced.valid_to == _day(8)

    for day, expected in ((3, old), (6, replaced), (9, again)):
        assert [f.id for f in cx.facts(USER, as_of=_day(day))] == [expected.id]

    brief = cx.brief(USER, since=_day(7), until=_day(9))
    (change,) = brief.changes  # the replacement is one change, from the replaced fact
    assert change.kind == "value_changed" and change.fact_id == again.id
    assert change.previous_fact_id == replaced.id and change.previous_text == replaced.text


def test_said_again_once_more_it_is_the_same_current_fact(cx, chat):
    """The third sighting of a statement that came back is more evidence of it, not a change."""
    lisbon, porto = "I live in Lisbon.", "I live in Porto now."
    _ingest(cx, [chat("a", 2, lisbon), chat("b", 5, porto), chat("c", 8, lisbon)])
    report = _ingest(cx, [chat("d", 11, lisbon)])
    assert report.facts_superseded == 0
    (current,) = cx.facts(USER)
    assert set(current.turn_ids) == {"c:0", "d:0"}
    assert len(cx.facts(USER, include_superseded=True)) == 3


def test_a_fact_can_come_back_more_than_once(cx, chat):
    lisbon, porto = "I live in Lisbon.", "I live in Porto now."
    days = (2, 5, 8, 11)
    texts = (lisbon, porto, lisbon, porto)
    _ingest(cx, [chat(c, d, t) for c, d, t in zip("abcd", days, texts, strict=True)])
    (current,) = cx.facts(USER)
    assert current.turn_ids == ["d:0"]
    history = sorted(cx.facts(USER, include_superseded=True), key=lambda f: f.valid_from)
    assert [f.turn_ids for f in history] == [["a:0"], ["b:0"], ["c:0"], ["d:0"]]
    for f, nxt in zip(history, history[1:], strict=False):
        assert f.superseded_by == nxt.id and f.valid_to == nxt.valid_from


def test_repeating_a_current_fact_changes_nothing(cx, chat):
    """After a change, the newer fact said again merges into itself; the older stays history."""
    chats = [
        chat("a", 2, "I live in Lisbon."),
        chat("b", 5, "I live in Porto now."),
        chat("c", 8, "I live in Porto now."),
    ]
    report = _ingest(cx, chats)
    assert report.facts_superseded == 0 and report.facts_merged == 1
    (current,) = cx.facts(USER)
    assert set(current.turn_ids) == {"b:0", "c:0"} and current.valid_from == _day(5)
    (old,) = _by_turn(cx, "a:0")
    assert old.superseded_by == current.id and old.valid_to == _day(5)
    assert len(cx.facts(USER, include_superseded=True)) == 2


def test_a_repeat_from_before_the_change_is_evidence_of_the_old_fact(cx, chat):
    """Ingested out of order, a repeat said while the old fact still held brings nothing back."""
    chats = [
        chat("a", 2, "I live in Lisbon."),
        chat("b", 8, "I live in Porto now."),
        chat("c", 5, "I live in Lisbon."),
    ]
    report = _ingest(cx, chats)
    assert report.facts_superseded == 0
    (current,) = cx.facts(USER)
    assert current.turn_ids == ["b:0"]
    (old,) = [f for f in cx.facts(USER, include_superseded=True) if f.id != current.id]
    assert set(old.turn_ids) == {"a:0", "c:0"} and old.superseded_by == current.id


# -- the rule itself ------------------------------------------------------------------------


def _fact(fid: str, text: str, start: int, end: int | None = None, by: str | None = None) -> Fact:
    return Fact(
        id=fid,
        user_id=USER,
        text=text,
        type="USER_FACT",
        category="location",
        confidence=0.9,
        subject="Robin",
        turn_ids=["t"],
        evidence=text,
        valid_from=_day(start),
        valid_to=_day(end) if end else None,
        superseded_by=by,
    )


LISBON = _fact("l", "Robin lives in Lisbon", 2, 5, by="p")
PORTO = _fact("p", "Robin lives in Porto", 5)


def test_restatement_of_a_replaced_fact():
    said = "Robin lives in Lisbon"
    assert restatement(said, _day(3), LISBON, PORTO).kind == "merge"  # while it still held
    d = restatement(said, _day(8), LISBON, PORTO)
    assert (d.kind, d.target_id) == ("supersedes", "p")
    d = restatement(said, _day(8), LISBON, _fact("m", "Robin lives in Madrid", 11))
    assert (d.kind, d.target_id) == ("superseded_by", "m")  # stored already replaced
    d = restatement(said, _day(8), LISBON, _fact("l2", "Robin lives in Lisbon.", 6))
    assert (d.kind, d.target_id) == ("merge", "l2")  # already current again
    assert restatement(said, _day(8), LISBON, None).kind == "new"


def test_the_holder_is_the_current_end_of_the_chain():
    facts = [LISBON, PORTO.model_copy(update={"valid_to": _day(8), "superseded_by": "m"})]
    facts.append(_fact("m", "Robin lives in Madrid", 8))
    mem = FactMemory(facts, np.eye(3, dtype=np.float32))
    assert mem.holder("l").id == mem.holder("p").id == mem.holder("m").id == "m"
    mem.update("m", valid_to=_day(9), superseded_by="l")  # a loop, never current
    assert mem.holder("l") is None and mem.holder("zzz") is None
