import numpy as np

from contextos.models import Fact
from contextos.resolve.fact_memory import FactMemory


def _f(fid, subject="Sam"):
    return Fact(
        id=fid,
        user_id="u",
        text=fid,
        type="USER_FACT",
        category="like",
        confidence=0.9,
        subject=subject,
        turn_ids=["t"],
        evidence=fid,
    )


def _v(*xs):
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_neighbours_are_exact_same_subject_and_best_first():
    mem = FactMemory(
        [_f("a"), _f("b"), _f("c", subject="Lena")], np.stack([_v(1, 0), _v(0.6, 0.8), _v(1, 0)])
    )
    hits = mem.neighbours(_v(1, 0.1), "sam")
    assert [f.id for f, _ in hits] == ["a", "b"]
    assert hits[0][1] > hits[1][1]
    assert mem.neighbours(_v(1, 0), "Nobody") == []


def test_added_and_updated_facts_are_seen_by_later_lookups():
    mem = FactMemory()
    mem.add(_f("a"), _v(1, 0))
    mem.add(_f("b"), _v(0, 1))
    mem.update("a", superseded_by="b")
    hits = dict((f.id, f) for f, _ in mem.neighbours(_v(1, 0), "Sam", k=1))
    assert list(hits) == ["a"] and hits["a"].superseded_by == "b"
    assert len(mem) == 2 and mem.get("b") is not None and mem.get("zzz") is None


def test_ties_break_by_id_for_reproducible_decisions():
    mem = FactMemory()
    for fid in ("z", "m", "a"):
        mem.add(_f(fid), _v(1, 0))
    assert [f.id for f, _ in mem.neighbours(_v(1, 0), "Sam")] == ["a", "m", "z"]


def test_a_known_fact_gives_back_its_stored_vector():
    mem = FactMemory()
    mem.add(_f("a"), _v(0.6, 0.8))
    assert np.allclose(mem.vector("a"), _v(0.6, 0.8))
    assert mem.vector("missing") is None


def test_prepared_lookups_equal_plain_ones_even_after_additions():
    """One matrix product per subject up front, then the rows added since: same neighbours."""
    rng = np.random.default_rng(3)
    unit = [v / np.linalg.norm(v) for v in rng.normal(size=(60, 8)).astype(np.float32)]
    known = [_f(f"k{i}", subject="Sam" if i % 3 else "Lena") for i in range(40)]
    mem = FactMemory(known, np.stack(unit[:40]))
    candidates = unit[40:]
    subjects = ["Sam" if i % 2 else "Lena" for i in range(20)]
    prepared = mem.prepare(candidates, subjects)
    assert all(p is not None for p in prepared)
    for i, (vec, subject, ready) in enumerate(zip(candidates, subjects, prepared, strict=True)):
        plain = mem.neighbours(vec, subject)
        fast = mem.neighbours(vec, subject, prepared=ready)
        assert [f.id for f, _ in fast] == [f.id for f, _ in plain]
        assert np.allclose([s for _, s in fast], [s for _, s in plain], atol=1e-6)
        mem.add(_f(f"new{i}", subject=subject), vec)  # the next lookups must see it
    assert mem.prepare([unit[0]], ["Nobody"]) == [None]


def test_the_newest_current_status_of_a_project_is_tracked():
    from datetime import UTC, datetime

    def status(fid, day, value):
        return _f(fid).model_copy(
            update={
                "project": "the billing migration",
                "status": value,
                "valid_from": datetime(2026, 3, day, tzinfo=UTC),
            }
        )

    mem = FactMemory()
    mem.add(status("late", 9, "active"), _v(1, 0))
    mem.add(status("early", 2, "blocked"), _v(0, 1))  # arrives later, but is older
    assert mem.status_fact("Billing migration").id == "late"
    mem.update("late", superseded_by="x")
    assert mem.status_fact("billing migration") is None
    assert mem.status_fact("unknown project") is None
