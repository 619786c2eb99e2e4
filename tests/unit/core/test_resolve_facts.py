from datetime import UTC, datetime

import pytest

from contextos.models import Fact
from contextos.resolve.facts import decide


def _fact(
    fid,
    text,
    category="work",
    subject="Sam",
    valid_from=datetime(2026, 3, 1, tzinfo=UTC),
    superseded_by=None,
):
    return Fact(
        id=fid,
        user_id="sam",
        text=text,
        type="USER_FACT",
        category=category,
        confidence=0.9,
        subject=subject,
        turn_ids=["t"],
        evidence=text,
        valid_from=valid_from,
        superseded_by=superseded_by,
    )


MARCH_10 = datetime(2026, 3, 10, tzinfo=UTC)
FEB_1 = datetime(2026, 2, 1, tzinfo=UTC)


def test_near_identical_statement_merges():
    old = _fact("a", "Sam works at Fernhill")
    d = decide("Sam works at Fernhill Labs", "Sam", "work", MARCH_10, False, [(old, 0.95)])
    assert d.kind == "merge" and d.target_id == "a"


def test_a_changed_value_is_left_to_the_slots():
    """ "lives in Lisbon" -> "lives in Porto" is a new value of a slot: resolve/slots.py finds
    it (tests/unit/core/test_resolve_slots.py, tests/integration/test_supersession.py); the
    similarity of the two statements alone decides nothing."""
    old = _fact("a", "Sam lives in Lisbon", category="location")
    d = decide("Sam lives in Porto", "Sam", "location", MARCH_10, False, [(old, 0.8)])
    assert d.kind == "new"
    old = _fact("a", "Sam leads the billing migration")
    d = decide(
        "Sam finished the invoice schema migration", "Sam", "work", MARCH_10, False, [(old, 0.7)]
    )
    assert d.kind == "new"


def test_multi_valued_categories_do_not_supersede():
    old = _fact("a", "Sam likes trail running", category="like")
    d = decide("Sam likes road cycling", "Sam", "like", MARCH_10, False, [(old, 0.8)])
    assert d.kind == "new"


def test_negation_ends_a_related_current_fact_in_any_category():
    old = _fact("a", "Sam uses Windows", category="tool")
    d = decide("Sam no longer uses Windows", "Sam", "tool", MARCH_10, True, [(old, 0.7)])
    assert d.kind == "supersedes" and d.reason == "negated"


@pytest.mark.parametrize(
    ("old_text", "new_text"),
    [
        # a negation ends a positive statement, never another negation
        ("Sam is not doing a speech", "Sam is not eating the cake"),
        # nothing in common but the subject
        ("Sam is disappointed", "Sam is not going to Vienna"),
    ],
)
def test_negation_ends_only_a_positive_statement_of_the_same_thing(old_text, new_text):
    old = _fact("a", old_text, category="other")
    d = decide(new_text, "Sam", "other", MARCH_10, True, [(old, 0.7)])
    assert d.kind == "new"


def test_other_subjects_never_merge_or_supersede():
    old = _fact("a", "Lena lives in Porto", category="location", subject="Lena")
    d = decide("Sam lives in Porto", "Sam", "location", MARCH_10, False, [(old, 0.97)])
    assert d.kind == "new"


def test_already_superseded_facts_are_not_superseded_again():
    old = _fact("a", "Sam lives in Lisbon", category="location", superseded_by="z")
    d = decide("Sam lives in Porto", "Sam", "location", MARCH_10, False, [(old, 0.8)])
    assert d.kind == "new"


def test_a_replaced_detail_updates_instead_of_merging():
    """Embeddings barely separate these; merging would silently drop the new detail."""
    cases = [
        ("Hugo is Sam's friend", "Hugo is Sam's partner", "relationship"),
        ("Sam wants the migration done by the end of June", "... by the end of February", "goal"),
        ("Sam has been a nurse for 3 years", "Sam has been a nurse for 9 years", "work"),
    ]
    for old_text, new_text, category in cases:
        new_text = new_text.replace("...", old_text.rsplit(" by ", 1)[0])
        old = _fact("a", old_text, category=category)
        d = decide(new_text, "Sam", category, MARCH_10, False, [(old, 0.97)])
        assert d.kind == "supersedes" and d.target_id == "a", (old_text, new_text)
        d = decide(new_text, "Sam", category, FEB_1, False, [(old, 0.97)])
        assert d.kind == "superseded_by", (old_text, new_text)  # older news never wins


def test_saying_more_or_less_of_a_statement_still_merges():
    old = _fact("a", "Noah is Sam's roommate")
    for text in ("Noah is Sam's roommate and works at Initech", "Noah is the roommate"):
        d = decide(text, "Sam", "relationship", MARCH_10, False, [(old, 0.95)])
        assert d.kind == "merge" and d.target_id == "a"


def test_an_update_skips_a_fact_that_was_already_superseded():
    gone = _fact("a", "Sam's goal is to swim before June", category="goal", superseded_by="b")
    current = _fact("b", "Sam's goal is to swim before July", category="goal")
    d = decide(
        "Sam's goal is to swim before August",
        "Sam",
        "goal",
        MARCH_10,
        False,
        [(gone, 0.98), (current, 0.97)],
    )
    assert d.kind == "supersedes" and d.target_id == "b"
