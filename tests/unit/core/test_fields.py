"""Entity, field and value read from a fact's parse (resolve/fields.py)."""

from contextos.resolve.fields import compare, read_texts


def test_a_possessive_attribute_either_way_round_is_the_same_slot():
    a, b = read_texts(["Ben Ortiz is Ana's manager", "Ana's manager is Carla Diaz"])
    assert (a.entity, a.field, a.value, a.slot) == ("Ana", "manager", "Ben Ortiz", True)
    assert (b.entity, b.field, b.value, b.slot) == ("Ana", "manager", "Carla Diaz", True)


def test_a_clause_that_says_from_and_to_gives_both_values():
    (r,) = read_texts(["Rafael switched from Mendeley to Zotero over the weekend"])
    assert (r.entity, r.before, r.value) == ("Rafael", "Mendeley", "Zotero")


def test_a_compound_subject_names_the_attribute():
    (r,) = read_texts(["The new launch target is Saturday, February 7, 2026"])
    assert r.field == "launch target" and r.value == "Saturday, February 7, 2026" and r.slot


def test_a_verb_and_its_object_is_no_slot():
    (r,) = read_texts(["Sam likes hiking in the Alps"])
    assert (r.entity, r.field, r.value, r.slot) == ("Sam", "like", "hiking in the Alps", False)


def test_clauses_joined_by_a_semicolon_are_read_in_order():
    (r,) = read_texts(["Carla Diaz is Ana's manager now; Ben moved to the Austin office"])
    assert (r.entity, r.field, r.value) == ("Ana", "manager", "Carla Diaz")


def test_compare_takes_the_differing_words_as_the_values():
    reading, before = compare(
        "The SSO rollout is targeted for June", "The SSO rollout is targeted for August"
    )
    assert (reading.value, before) == ("August", "June")
    reading, before = compare("Ben Ortiz is Ana's manager", "Carla Diaz is Ana's manager now")
    assert (reading.entity, reading.field, reading.value, before) == (
        "Ana", "manager", "Carla Diaz", "Ben Ortiz",
    )  # fmt: skip


def test_a_value_said_against_another_is_a_correction():
    (r,) = read_texts(["The move date is Wednesday, May 27, 2026, not Saturday, June 20, 2026"])
    assert (r.field, r.value, r.before, r.corrects) == (
        "move date",
        "Wednesday, May 27, 2026",
        "Saturday, June 20, 2026",
        True,
    )
    (plain,) = read_texts(["The move date is Wednesday, May 27, 2026"])
    assert plain.before is None and not plain.corrects


def test_compare_reads_the_clause_of_a_joined_text_that_holds_the_old_field():
    reading, before = compare(
        "Lou's landlord is Mr Patel",
        "Ms Okafor is Lou's landlord now; Mr Patel sold the building to a trust",
    )
    assert (reading.entity, reading.field) == ("Lou", "landlord")
    assert (before, reading.value) == ("Mr Patel", "Ms Okafor")
