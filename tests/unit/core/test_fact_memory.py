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
