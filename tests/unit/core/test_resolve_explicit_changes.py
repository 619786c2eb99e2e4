"""Changes a fact says outright (resolve/explicit_changes.py, resolve/slot_cues.py) on made-up
sentences: the real spaCy parse and MiniLM."""

from __future__ import annotations

import pytest

from contextos.embeddings.minilm import default_embedder
from contextos.resolve.explicit_changes import names_replaced_value, resolves_problem
from contextos.resolve.slot_cues import replaced_values
from contextos.resolve.slots import SlotReader
from contextos.validate.standalone import parse_texts


@pytest.fixture(scope="module")
def reader() -> SlotReader:
    return SlotReader(default_embedder().embed_texts)


def _read(reader, subject, old, new, old_category="other", new_category="other"):
    return reader.read([(old, old, subject, old_category), (new, new, subject, new_category)])


@pytest.mark.parametrize(
    ("text", "replaced"),
    [
        ("Rafael switched from Mendeley to Zotero", (("mendeley",),)),
        ("p95 is 350ms, not 900", (("900",),)),
        ("Gabriel asked for day shift instead of nights", (("nights",),)),
        (
            "Format the units as Schoology folders rather than Google Classroom",
            (("google", "classroom"),),
        ),
        # a possessive is part of the value: "not Leah's boss" is no statement of Leah
        ("Priya is still around, not Leah's boss anymore", (("leah", "boss"),)),
        ("The team is replacing React Native with SvelteKit", (("react", "native"),)),
        (
            "The meeting is Wednesday, February 18, not Thursday, February 19",
            (("thursday", "february", "19"),),
        ),
        # only thought of, not done: no value replaced yet
        ("Teo is thinking about ditching React Native", ()),
        ("Kenji's team might switch from Jira to Linear", ()),
        # a date planned is a value, not a plan to change one
        ("The launch is planned for June", ()),
    ],
)
def test_replaced_values_are_read_from_a_closed_class_of_constructions(text, replaced):
    (doc,) = parse_texts([text])
    assert replaced_values(doc[:]) == replaced


def test_a_value_named_as_replaced_is_not_a_value_the_clause_holds(reader):
    (r,) = reader.read([("Ana moved from Lisbon to Porto", "", "Ana", "location")])
    assert r.clauses[0].replaced == (("lisbon",),)
    assert r.clauses[0].values == frozenset({"porto"})


def test_naming_the_old_value_replaces_the_fact_that_states_it(reader):
    old, new = _read(
        reader,
        "Rafael",
        "Rafael manages references in Mendeley",
        "Rafael switched from Mendeley to Zotero over the weekend",
    )
    assert names_replaced_value(new, old) is not None
    other, _ = _read(reader, "Rafael", "Rafael lives in Leith", "x")
    assert names_replaced_value(new, other) is None


def test_an_explicit_replacement_ends_a_multi_valued_fact_too(reader):
    """'instead of nights' is an explicit negation of the like: it ends it."""
    old, new = _read(
        reader,
        "Gabriel",
        "Gabriel likes nights",
        "Gabriel asked Cascadia to put Gabriel on day shift instead of nights",
        old_category="like",
    )
    assert not old.clauses[0].single_valued
    assert names_replaced_value(new, old) is not None


def test_the_fact_most_about_the_value_is_the_one_replaced(reader):
    liked, new = _read(
        reader, "Gabriel", "Gabriel likes nights", "Gabriel works days instead of nights"
    )
    (long,) = reader.read(
        [
            (
                "Gabriel is an ICU nurse in Phoenix, nights at Desert Valley, 9 years in care",
                "",
                "Gabriel",
                "work",
            )
        ]
    )
    assert names_replaced_value(new, liked) > names_replaced_value(new, long)


def test_a_correction_that_names_the_old_date_replaces_it_and_is_a_correction(reader):
    old, new = _read(
        reader,
        "Rafael",
        "Rafael's committee meeting is Thursday, February 19, 2026",
        "The committee meeting is Wednesday, February 18, 2026, not Thursday, February 19, 2026",
    )
    assert new.correction
    assert names_replaced_value(new, old) is not None
    # the value it says was replaced is not its own: it does not replace itself either way
    assert names_replaced_value(old, new) is None


@pytest.mark.parametrize(
    ("problem", "category", "resolution", "subject", "ends"),
    [
        (
            "The HPC renewal is stuck in the research computing queue",
            "other",
            "The renewal went through on Monday",
            "Rafael",
            True,
        ),
        # a challenge (the extractor's category) states a problem whatever its words
        (
            "Google sign-in throws redirect_uri_mismatch",
            "challenge",
            "Teo fixed the redirect URI that night",
            "Teodora Ilic",
            True,
        ),
        (
            "The authorization language doesn't meet the NACHA rules",
            "tool",
            "Hannah approved the new authorization terms",
            "Kenji",
            True,
        ),
        # a fix of something else: nothing shared but the fixer's (short) name
        (
            "Teo has been fighting Expo builds all week",
            "challenge",
            "Teo fixed the redirect URI that night",
            "Teodora Ilic",
            False,
        ),
        # no problem stated: a resolution verb ends nothing
        ("The renewal costs $400", "other", "The renewal went through", "Rafael", False),
        # a negated resolution is no resolution
        ("The renewal is stuck", "other", "The renewal has not gone through", "Rafael", False),
    ],
)
def test_a_resolution_ends_the_problem_it_is_about(
    reader, problem, category, resolution, subject, ends
):
    old, new = _read(reader, subject, problem, resolution, old_category=category)
    assert resolves_problem(new, old) is ends
