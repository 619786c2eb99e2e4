"""Live turns on the real embedded store with the local extractor: process_turn stores the
turn and returns before extraction; the worker extracts later (asserted after flush, never
by timing); interval, anonymous ids, idle debrief (injected clock), crash safety, stats."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from cx_helpers import run_python, servers_for, wait_until

from contextos import ContextOS
from contextos.extract import registry
from contextos.live import LiveConfig


class Clock:
    def __init__(self, now: float = 1_780_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Gated:
    """The local extractor, held at a gate until the test opens it (and recording which
    thread ran it): the test seam that shows extraction is not on the request path."""

    def __init__(self) -> None:
        self.inner = registry.create("local")
        self.name = self.inner.name
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.threads: list[str] = []

    def extract(self, turns, conversation, user):
        self.threads.append(threading.current_thread().name)
        self.entered.set()
        assert self.gate.wait(30)
        return self.inner.extract(turns, conversation, user)


def _open(data_dir: Path, clock: Clock | None = None, **config) -> ContextOS:
    cx = ContextOS.open(data_dir)
    cx.configure_live(LiveConfig(**config), clock=clock)
    return cx


def _texts(cx: ContextOS, user: str) -> list[str]:
    return [f.text for f in cx.facts(user)]


def _stored_turns(cx: ContextOS, user: str) -> list[str]:
    rows = cx.store.run(
        "MATCH (t:Turn) WHERE t.user_id = $u RETURN t.text ORDER BY t.idx", {"u": user}
    )
    return [r[0] for r in rows]


def test_the_turn_is_stored_at_once_and_extracted_later_off_the_request_path(data_dir):
    gated = Gated()
    with _open(data_dir) as cx:
        receipt = cx.process_turn(
            "I work at Acme as a data engineer.", "Nice!", "dana", extractor=gated
        )
        # the call returned while the extraction is held at the gate (or not started yet)
        assert receipt.stored and receipt.queued and receipt.extraction_scheduled
        assert receipt.skipped is None and receipt.elapsed_ms > 0
        assert _stored_turns(cx, "dana") == ["I work at Acme as a data engineer.", "Nice!"]
        assert _texts(cx, "dana") == []
        assert gated.entered.wait(30)
        assert _texts(cx, "dana") == []  # held: nothing extracted yet, the turn is stored
        gated.gate.set()
        assert cx.flush(timeout=60)
        assert any("Acme" in t for t in _texts(cx, "dana"))
        assert set(gated.threads) == {"contextos-live-extraction"}
        fact = next(f for f in cx.facts("dana") if "Acme" in f.text)
        assert fact.turn_ids == [receipt.turn_id]
    assert not servers_for(data_dir)


def test_extraction_waits_for_the_interval(data_dir):
    with _open(data_dir, extraction_interval=3) as cx:
        first = cx.process_turn("I live in Porto.", "Lovely city.", "dana", session_id="s")
        second = cx.process_turn("My brother Leo is a nurse.", "Nice.", "dana", session_id="s")
        assert (first.skipped, second.skipped) == ("interval", "interval")
        assert not first.queued and second.pending_turns == 4
        cx.flush(timeout=60)
        assert _texts(cx, "dana") == []
        third = cx.process_turn("I started learning Rust.", "Cool.", "dana", session_id="s")
        assert third.queued and third.skipped is None
        cx.flush(timeout=60)
        texts = " | ".join(_texts(cx, "dana"))
        assert "Porto" in texts and "Leo" in texts and "Rust" in texts
        stats = cx.get_extraction_stats("dana")
        assert stats.extractions == 1 and stats.turns_pending == 0 and stats.turns_stored == 6


def test_anonymous_users_are_neither_stored_nor_extracted(data_dir):
    with _open(data_dir) as cx:
        for uid in ("", "anonymous", "Guest", "guest-42", "anon_7"):
            r = cx.process_turn("I live in Porto and work at Acme.", "ok", uid)
            assert r.skipped == "anonymous" and not r.stored and not r.queued
            assert r.turn_id is None
        cx.flush(timeout=60)
        assert cx.users() == []
        assert cx.store.stats().get("Turn", 0) == 0
        stats = cx.get_extraction_stats("guest-42")
        assert stats.anonymous and stats.turns_received == 1 and stats.sessions == 0
        manual = cx.extract_user_context(["I live in Porto."], "anonymous")
        assert manual.skipped == "anonymous" and manual.facts == []


def test_an_idle_session_is_debriefed_whole(data_dir):
    clock = Clock()
    with _open(data_dir, clock, extraction_interval=100, idle_minutes=10) as cx:
        cx.process_turn("I live in Porto.", "Nice.", "dana", session_id="s1")
        clock.now += 60
        cx.process_turn("My sister Maya is a pilot.", "Cool.", "dana", session_id="s1")
        assert cx.live.debrief_idle() == 0  # one minute after the last turn: not idle
        cx.flush(timeout=60)
        assert _texts(cx, "dana") == []
        clock.now += 9 * 60
        assert cx.live.debrief_idle() == 0
        clock.now += 61
        assert cx.live.debrief_idle() == 1
        assert cx.live.debrief_idle() == 0  # queued or done: not twice
        cx.flush(timeout=60)
        texts = " | ".join(_texts(cx, "dana"))
        assert "Porto" in texts and "Maya" in texts
        stats = cx.get_extraction_stats("dana")
        assert stats.debriefs == 1 and stats.extractions == 0
        assert stats.turns_pending == 0 and stats.sessions_pending_debrief == 0
        clock.now += 3600
        assert cx.live.debrief_idle() == 0  # nothing new since the debrief


def test_history_is_context_only_facts_come_from_the_new_turns(data_dir):
    with _open(data_dir, max_history_tokens=500) as cx:
        cx.process_turn("I live in Porto.", "Nice.", "dana", session_id="s")
        cx.flush(timeout=60)
        porto = [f for f in cx.facts("dana") if "Porto" in f.text]
        assert porto
        second = cx.process_turn("My brother Leo is a nurse.", "Nice.", "dana", session_id="s")
        cx.flush(timeout=60)
        stats = cx.get_extraction_stats("dana")
        assert stats.extractions == 2 and stats.facts_merged == 0  # Porto not proposed again
        leo = [f for f in cx.facts("dana") if "Leo" in f.text]
        assert leo and all(f.turn_ids == [second.turn_id] for f in leo)
        assert [f.turn_ids for f in cx.facts("dana") if "Porto" in f.text] == [
            f.turn_ids for f in porto
        ]


def test_a_confidence_threshold_rejects_below_it(data_dir):
    with _open(data_dir, confidence_threshold=0.999) as cx:
        cx.process_turn("I think I might like jazz.", "ok", "dana")
        cx.process_turn("I work at Acme.", "ok", "dana")
        cx.flush(timeout=60)
        assert _texts(cx, "dana") == []
        assert cx.get_extraction_stats("dana").facts_rejected.get("below_threshold", 0) >= 1
        reasons = {r.reason for r in cx.rejection_summary("dana", listed=None).reasons}
        assert "below_threshold" in reasons


def test_turns_survive_a_crash_before_extraction_and_are_resumed(data_dir):
    code = f"""
import os, signal
from pathlib import Path
from contextos import ContextOS
from contextos.live import LiveConfig
cx = ContextOS.open(Path({str(data_dir)!r}))
cx.configure_live(LiveConfig(extraction_interval=50))
for text in ("I live in Porto.", "I work at Acme as a data engineer."):
    r = cx.process_turn(text, "Noted.", "dana", session_id="s1")
    assert r.stored and not r.queued
os.kill(os.getpid(), signal.SIGKILL)
"""
    res = run_python(code, timeout=300)
    assert res.returncode != 0
    assert wait_until(lambda: not servers_for(data_dir))
    with ContextOS.open(data_dir) as cx:
        assert _stored_turns(cx, "dana") == [
            "I live in Porto.",
            "Noted.",
            "I work at Acme as a data engineer.",
            "Noted.",
        ]
        assert _texts(cx, "dana") == []
        stats = cx.get_extraction_stats("dana")
        assert stats.turns_pending == 4 and stats.sessions == 1
        cx.flush(timeout=60, pending=True)  # resume: the unread turns are extracted now
        texts = " | ".join(_texts(cx, "dana"))
        assert "Porto" in texts and "Acme" in texts
        assert cx.get_extraction_stats("dana").turns_pending == 0


def test_a_restart_debriefs_sessions_left_idle(data_dir):
    with _open(data_dir, extraction_interval=50) as cx:
        cx.process_turn("I live in Porto.", "Noted.", "dana", session_id="s1")
    clock = Clock(now=4_000_000_000.0)  # long after: the stored session is idle
    with _open(data_dir, clock, extraction_interval=50) as cx:
        cx.live.resume()  # the worker's first check queues the debrief of the idle session
        cx.live.debrief_idle()  # (or this does, if it runs first: never both)
        cx.flush(timeout=60)
        assert any("Porto" in t for t in _texts(cx, "dana"))
        stats = cx.get_extraction_stats("dana")
        assert stats.sessions_pending_debrief == 0 and stats.debriefs == 1


def test_turns_without_a_session_share_one_until_a_pause(data_dir):
    clock = Clock()
    with _open(data_dir, clock, session_gap_minutes=30, auto_extract=False) as cx:
        a = cx.process_turn("I live in Porto.", "ok", "dana")
        clock.now += 60
        b = cx.process_turn("I work at Acme.", "ok", "dana")
        clock.now += 31 * 60
        c = cx.process_turn("I swim on Sundays.", "ok", "dana")
        assert a.session_id == b.session_id != c.session_id
        assert a.skipped == "auto_extract_off" and not a.queued
        other = cx.process_turn("I live in Oslo.", "ok", "ben")
        assert other.session_id not in (a.session_id, c.session_id)
        cx.flush(timeout=60)
        assert _texts(cx, "dana") == []  # auto_extract off: stored only
        assert cx.live.debrief_idle(clock.now + 10**6) == 0
        stats = cx.get_extraction_stats("dana")
        assert stats.sessions == 2 and stats.turns_stored == 6 and stats.turns_pending == 6


def test_extract_user_context_runs_now_and_is_idempotent(data_dir):
    with _open(data_dir) as cx:
        history = [
            {"role": "user", "content": "I moved to Porto last year."},
            {"role": "assistant", "content": "How do you like it?"},
            {"role": "user", "content": "I love it. I work at Acme as a nurse."},
        ]
        first = cx.extract_user_context(history, "dana")
        assert first.facts_stored >= 2 and first.conversation_id
        stored = {f.id for f in cx.facts("dana")}
        assert {f.id for f in first.facts} <= stored
        again = cx.extract_user_context(history, "dana")
        assert again.facts_stored == 0 and again.conversation_id == first.conversation_id
        assert {f.id for f in cx.facts("dana")} == stored
        assert cx.get_extraction_stats("dana").manual_runs == 2
        strict = cx.extract_user_context(["I really like jazz."], "dana", threshold=1.0)
        assert strict.facts == [] and strict.facts_rejected.get("below_threshold", 0) >= 1


def test_a_user_cannot_reach_another_users_session(data_dir):
    with _open(data_dir) as cx:
        cx.process_turn("I live in Porto.", "ok", "dana", session_id="shared-id")
        cx.process_turn("I live in Oslo.", "ok", "ben", session_id="shared-id")
        cx.flush(timeout=60)
        assert all("Oslo" not in t for t in _texts(cx, "dana"))
        assert all("Porto" not in t for t in _texts(cx, "ben"))
        assert cx.get_extraction_stats("dana").turns_stored == 2


@pytest.mark.parametrize("bad", ["", "   "])
def test_an_empty_user_message_is_an_input_error(data_dir, bad):
    from contextos import InputError

    with _open(data_dir) as cx, pytest.raises(InputError):
        cx.process_turn(bad, "ok", "dana")


def test_concurrent_turns_are_all_stored_in_order_and_all_extracted(data_dir):
    from concurrent.futures import ThreadPoolExecutor

    cities = ["Porto", "Oslo", "Lisbon", "Berlin", "Madrid", "Vienna", "Prague", "Dublin"]

    def post(i: int):
        user = f"user{i % 4}"
        text = f"My friend number {i} lives in {cities[i % len(cities)]}."
        return cx.process_turn(text, "Noted.", user, session_id=f"s{i % 2}")

    with _open(data_dir, extraction_interval=2) as cx:
        with ThreadPoolExecutor(max_workers=8) as pool:
            receipts = list(pool.map(post, range(80)))
        assert all(r.stored for r in receipts)
        assert cx.flush(timeout=300, pending=True)
        for u in range(4):
            rows = cx.store.run(
                "MATCH (c:Conversation)-[:HAS_TURN]->(t:Turn) WHERE t.user_id = $u "
                "RETURN c.id, t.idx, t.role ORDER BY c.id, t.idx",
                {"u": f"user{u}"},
            )
            by_session: dict[str, list[int]] = {}
            for session, idx, _role in rows:
                by_session.setdefault(session, []).append(idx)
            # every turn stored once, numbered without a gap or a repeat
            assert {s: len(ix) for s, ix in by_session.items()} == {
                "s0" if u % 2 == 0 else "s1": 40
            }
            assert all(ix == list(range(len(ix))) for ix in by_session.values())
            stats = cx.get_extraction_stats(f"user{u}")
            assert stats.turns_stored == 40 and stats.turns_pending == 0 and stats.errors == 0
        assert len({(r.user_id, r.turn_id) for r in receipts}) == 80


def test_forgetting_a_user_starts_their_live_sessions_afresh(data_dir):
    with _open(data_dir) as cx:
        cx.process_turn("I live in Porto.", "ok", "dana", session_id="s")
        cx.flush(timeout=60)
        assert cx.forget("dana") > 0
        assert cx.facts("dana") == [] and _stored_turns(cx, "dana") == []
        again = cx.process_turn("I work at Acme.", "ok", "dana", session_id="s")
        assert again.turn_id == "s:0"  # numbered from the start: the old session is gone
        cx.flush(timeout=60)
        assert [t for t in _texts(cx, "dana") if "Porto" in t] == []
        assert any("Acme" in t for t in _texts(cx, "dana"))
        stats = cx.get_extraction_stats("dana")
        assert stats.turns_stored == 2 and stats.turns_pending == 0
