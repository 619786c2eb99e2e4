from datetime import UTC, datetime

from contextos.brief import diff_facts, render_summary
from contextos.models import Brief, Fact


def _f(fid, text, vf, vt=None, by=None, category="location"):
    return Fact(
        id=fid,
        user_id="sam",
        text=text,
        type="USER_FACT",
        category=category,
        confidence=0.9,
        subject="Sam",
        turn_ids=[fid],
        evidence=text,
        valid_from=vf,
        valid_to=vt,
        superseded_by=by,
    )


def d(day):
    return datetime(2026, 3, day, tzinfo=UTC)


FACTS = [
    _f("lisbon", "Sam lives in Lisbon", d(2), vt=d(16), by="porto"),
    _f("porto", "Sam lives in Porto", d(16)),
    _f("run", "Sam loves trail running", d(5), category="like"),
]


def test_window_shows_additions_and_supersessions_with_their_replacement():
    changes = diff_facts(FACTS, d(10), d(20))
    kinds = {(c.kind, c.fact_id) for c in changes}
    assert kinds == {("superseded", "lisbon"), ("added", "porto")}
    sup = next(c for c in changes if c.kind == "superseded")
    assert sup.before == "Sam lives in Lisbon" and sup.after == "Sam lives in Porto"
    added = next(c for c in changes if c.kind == "added")
    assert added.before == "Sam lives in Lisbon"


def test_window_bounds_are_half_open():
    assert [c.fact_id for c in diff_facts(FACTS, d(4), d(5))] == ["run"]
    assert diff_facts(FACTS, d(5), d(6)) == []


def test_naive_datetimes_are_read_as_utc():
    assert {c.fact_id for c in diff_facts(FACTS, datetime(2026, 3, 1), datetime(2026, 3, 6))} == {
        "lisbon",
        "run",
    }


def test_summary_lists_changes_and_says_when_nothing_changed():
    b = Brief(user_id="sam", since=d(10), until=d(20), changes=diff_facts(FACTS, d(10), d(20)))
    text = render_summary(b, "Sam")
    assert "Sam lives in Lisbon → now: Sam lives in Porto" in text
    assert "1 new, 1 no longer true" in text
    empty = Brief(user_id="sam", since=d(25), until=d(26))
    assert "Nothing changed" in render_summary(empty, "Sam")
