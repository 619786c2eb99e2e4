"""The parts of live turns that need no store: what an anonymous id is, the context history
given to the extractor, the filter keeping only what new turns say, the worker queue, and a
manual history as a conversation."""

from __future__ import annotations

import threading

import pytest

from contextos.errors import InputError
from contextos.live import is_anonymous, manual_conversation
from contextos.live.extraction import NewTurnsOnly, history_before
from contextos.live.worker import Job, LiveWorker
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.facts import CandidateFact, Evidence
from contextos.models.transcript import Conversation, Turn


@pytest.mark.parametrize(
    "uid",
    [None, "", "   ", "anonymous", "Anonymous", "GUEST", "anon", "unknown", "null", "guest-4f2a"]
    + ["anonymous_17", "anon:xyz", "guest.9"],
)
def test_anonymous_ids(uid):
    assert is_anonymous(uid)


@pytest.mark.parametrize("uid", ["dana", "guestrin", "anonymously", "user-guest", "Anna", "g"])
def test_named_ids_are_not_anonymous(uid):
    assert not is_anonymous(uid)


def test_history_before_keeps_the_latest_turns_that_fit(make_conv):
    conv = make_conv([("user", "word " * 40), ("assistant", "word " * 40), ("user", "short")])
    turns = conv.turns
    assert history_before(turns, 0, 1000) == []
    assert history_before(turns, 3, 10_000) == turns
    kept = history_before(turns, 3, 60)  # room for the short turn and one of 40 words
    assert kept[-1] is turns[2] and turns[0] not in kept
    assert history_before(turns, 3, 0) == []


class _Proposes:
    """An extractor proposing one fact per user turn it reads, quoting the turn."""

    name = "proposes"

    def __init__(self, confidence: float = 0.9) -> None:
        self.confidence = confidence
        self.seen: list[list[str]] = []

    def extract(self, turns, conversation, user):
        self.seen.append([t.id for t in turns])
        out = ExtractionResult()
        for t in turns:
            if t.role == "user":
                ev = Evidence.in_turn(t, 0, len(t.text))
                out.facts.append(
                    CandidateFact(
                        text=t.text, subject="user", confidence=self.confidence, evidence=[ev]
                    )
                )
        return out


def test_new_turns_only_drops_what_context_turns_said_and_gates_confidence(make_conv):
    conv = make_conv([("user", "I live in Porto."), ("assistant", "ok"), ("user", "I swim.")])
    inner = _Proposes()
    f = NewTurnsOnly(inner)
    f.context = {Evidence.in_turn(t, 0, 1).turn_ref for t in conv.turns[:2]}  # read before
    user = UserRef.from_id("dana")
    result = f.extract(conv.turns, conv, user)
    assert inner.seen == [["c1:0", "c1:1", "c1:2"]]  # the extractor reads the context
    assert [c.text for c in result.facts] == ["I swim."]  # only the new turn's fact is kept
    f.threshold = 0.95
    gated = f.extract(conv.turns, conv, user)
    assert gated.facts == []
    assert [(r.text, r.reason, r.turn_id) for r in gated.rejections] == [
        ("I swim.", "below_threshold", "c1:2")
    ]


def test_worker_runs_jobs_off_the_caller_thread_coalesces_and_flushes():
    release = threading.Event()
    ran: list[tuple[str, str, str, str]] = []

    def run(job: Job) -> None:
        release.wait(5)
        ran.append((*job.key, threading.current_thread().name))

    worker = LiveWorker(run, lambda: None, max_queue=10, tick_seconds=60)
    assert worker.submit(Job("dana", "s1", "interval"))
    assert worker.flush(timeout=0.05) is False  # the job is blocked: not drained yet
    assert worker.submit(Job("dana", "s2", "interval"))
    assert worker.submit(Job("dana", "s2", "interval"))  # waits already: not queued twice
    release.set()
    assert worker.flush(timeout=10)
    assert [r[:3] for r in ran] == [("dana", "s1", "interval"), ("dana", "s2", "interval")]
    assert all(r[3] == "contextos-live-extraction" for r in ran)
    assert worker.close(timeout=10)
    assert not worker.submit(Job("dana", "s3", "interval"))  # closed


def test_a_failing_job_does_not_stop_the_worker():
    ran: list[str] = []

    def run(job: Job) -> None:
        if job.session_id == "bad":
            raise RuntimeError("boom")
        ran.append(job.session_id)

    worker = LiveWorker(run, lambda: None, max_queue=10, tick_seconds=60)
    worker.submit(Job("dana", "bad", "interval"))
    worker.submit(Job("dana", "good", "interval"))
    assert worker.flush(timeout=10) and ran == ["good"]
    worker.close(timeout=10)


def test_a_full_queue_refuses_a_job_instead_of_blocking():
    gate = threading.Event()
    worker = LiveWorker(lambda j: gate.wait(5), lambda: None, max_queue=1, tick_seconds=60)
    accepted = [worker.submit(Job("u", f"s{i}", "interval")) for i in range(4)]
    assert accepted[0] and not all(accepted)
    gate.set()
    worker.close(timeout=10)


def test_manual_conversation_from_messages():
    conv = manual_conversation(
        "dana",
        [
            {"role": "user", "content": "I moved to Porto."},
            {"role": "assistant", "content": "Nice."},
            "I work at Acme.",
        ],
    )
    assert [(t.role, t.text) for t in conv.turns] == [
        ("user", "I moved to Porto."),
        ("assistant", "Nice."),
        ("user", "I work at Acme."),
    ]
    assert conv.id.startswith("manual-")
    again = manual_conversation(
        "dana",
        [
            {"role": "user", "content": "I moved to Porto."},
            {"role": "assistant", "content": "Nice."},
            "I work at Acme.",
        ],
    )
    assert again.id == conv.id  # the same history is the same conversation
    assert manual_conversation("ben", ["I work at Acme."]).id != conv.id
    turn = Turn(id="x", conversation_id="c", index=0, role="user", speaker="Dana", text="Hi.")
    assert manual_conversation("dana", [turn]).turns[0].speaker == "Dana"
    assert isinstance(conv, Conversation)


@pytest.mark.parametrize(
    "history",
    [[], [{"role": "assistant", "content": "hi"}], [{"role": "robot", "content": "x"}], [{}], [3]],
)
def test_manual_history_without_a_user_message_is_refused(history):
    with pytest.raises(InputError):
        manual_conversation("dana", history)


def test_explicit_flags_what_the_inner_extractor_proposes(make_conv):
    from contextos.live.explicit import EXPLICIT_CONFIDENCE, Explicit

    conv = make_conv([("user", "I swim.")])
    result = Explicit(_Proposes(confidence=0.4)).extract(conv.turns, conv, UserRef.from_id("dana"))
    [fact] = result.facts
    assert fact.extractor == "explicit" and fact.confidence == EXPLICIT_CONFIDENCE
    assert fact.evidence[0].quote == "I swim."  # still grounded in the words given


def test_live_config_from_the_environment(monkeypatch):
    from contextos.errors import ConfigError
    from contextos.live import LiveConfig

    monkeypatch.setenv("CONTEXTOS_LIVE_EXTRACTION_INTERVAL", "4")
    monkeypatch.setenv("CONTEXTOS_LIVE_AUTO_EXTRACT", "false")
    config = LiveConfig.from_env(idle_minutes=2)
    assert (config.extraction_interval, config.auto_extract, config.idle_minutes) == (4, False, 2)
    assert LiveConfig().extraction_interval == 1  # the defaults read no environment
    monkeypatch.setenv("CONTEXTOS_LIVE_CONFIDENCE_THRESHOLD", "2")
    with pytest.raises(ConfigError, match="CONTEXTOS_LIVE_CONFIDENCE_THRESHOLD"):
        LiveConfig.from_env()
