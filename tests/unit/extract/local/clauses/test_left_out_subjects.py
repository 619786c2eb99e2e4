"""A subjectless clause gets the speaker only when the parse makes them its agent
(``clauses/left_out_subjects.py``). Invented sentences."""

from __future__ import annotations

import pytest


def _texts(checked) -> list[str]:
    return [f.text for f in checked.facts]


def _taken_up(checked) -> list[str]:
    return [r.text for r in checked.rejections if "takes up the" in (r.detail or "")]


@pytest.mark.parametrize(
    ("turn", "thing"),
    [
        ("I ordered a lamp from the catalogue. Arrived on Tuesday!", "lamp"),
        ("I baked a lemon tart for the fair. Turned out great.", "tart"),
    ],
)
def test_an_undergoing_verb_after_a_thing_is_not_the_speakers(run, turn, thing):
    _conv, _raw, checked = run([("user", turn)])
    (rejected,) = _taken_up(checked)
    assert rejected.startswith("Dana ")
    detail = next(r.detail for r in checked.rejections if r.text == rejected)
    assert f"the {thing}" in detail
    assert not any(t == rejected for t in _texts(checked))


def test_the_speaker_stays_the_agent_with_nothing_put_before(run):
    _conv, _raw, checked = run(
        [("user", "I flew to Vilnius for the conference. Arrived on Tuesday.")]
    )
    texts = _texts(checked)
    assert any(t.startswith("Dana arrived on Tuesday") for t in texts), texts
    assert _taken_up(checked) == []


def test_a_verb_with_an_object_of_its_own_stays_the_speakers(run):
    _conv, _raw, checked = run([("user", "I bought a kayak last year. Moved to the coast in May.")])
    texts = _texts(checked)
    assert any(t.startswith("Dana moved to the coast") for t in texts), texts
    assert _taken_up(checked) == []
