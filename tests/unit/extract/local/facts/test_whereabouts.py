"""Where the speaker is based, read from a place they put themselves in passing."""

from __future__ import annotations

import pytest


def _places(checked):
    return [f for f in checked.facts if f.rendering.template in ("is based in", "lives in")]


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "The gym is Stonework Climbing here in Cleveland, I boulder there 3x a week.",
            "Dana is based in Cleveland",
        ),
        (
            "It's six in the evening here in Tallinn so let's keep it tight.",
            "Dana is based in Tallinn",
        ),
        ("I'm an ICU nurse in Phoenix, nights at a big hospital.", "Dana is based in Phoenix"),
        ("I'm a data scientist at Spotify in Stockholm.", "Dana is based in Stockholm"),
        ("I commute from Jersey City every day.", "Dana is based in Jersey City"),
        ("I work remotely from Lisbon.", "Dana is based in Lisbon"),
        (
            "The committee meets at our Boston office so I'll drive up from Hartford.",
            "Dana is based in Hartford",
        ),
        ("we moved from Boston to Denver last year.", "Dana lives in Denver"),
        (
            "Isla and I are moving flats on the 25th, from Marchmont to Leith.",
            "Dana and Isla live in Marchmont",
        ),
    ],
)
def test_a_place_said_in_passing_is_a_location_fact_of_its_own(run, said, fact):
    conv, _raw, checked = run([("user", said)])
    places = _places(checked)
    assert [f.text for f in places] == [fact]
    place = places[0]
    assert place.subject == "Dana Whitfield"
    assert place.type == "USER_FACT" and place.confidence >= 0.8
    # grounded in the words it was read from: the place name is in the quoted span
    quote = place.evidence[0].quote
    assert fact.split()[-1] in quote
    assert conv.turns[0].text[place.evidence[0].start : place.evidence[0].end] == quote
    # the sentence's own statement is still there, apart from the location
    assert len(checked.facts) >= 1


@pytest.mark.parametrize(
    "said",
    [
        "I just flew in from Tokyo.",  # a trip done: not where home is
        "I'm flying back from Tokyo tomorrow.",  # coming back from somewhere
        "I'm an engineer in Payments.",  # "in" a team, not a place the NER knows
        "I'm not a nurse in Phoenix anymore.",
        "I was a nurse in Phoenix for years.",
        "If I moved from Boston to Denver I'd miss the sea.",  # a hypothetical
        "My sister drives up from Hartford every week.",  # someone else's trip
        "we're moving from Jira to Linear next month.",  # tools, not places
        "we're moving from Heroku to Render next week.",  # the NER calls Heroku a place
        "I'm coming from React, new to Vue.",
    ],
)
def test_no_location_fact_from_trips_teams_past_or_other_people(run, said):
    _conv, _raw, checked = run([("user", said)])
    assert _places(checked) == []


def test_a_move_ahead_keeps_the_old_home_and_a_move_done_gives_the_new(run):
    _conv, _raw, checked = run(
        [
            ("user", "we're moving from Austin to Portland next month."),
            ("assistant", "Exciting!"),
        ]
    )
    assert [f.text for f in _places(checked)] == ["Dana lives in Austin"]
    _conv, _raw, checked = run([("user", "we finally moved from Austin to Portland last week.")])
    assert [f.text for f in _places(checked)] == ["Dana lives in Portland"]
