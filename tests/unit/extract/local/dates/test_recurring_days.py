"""Recurring days stay recurring (``dates/recurring_days.py``): a weekday of every period and
the weekdays of a frequency resolve to no single date. Invented sentences."""

from __future__ import annotations

import pytest


def _texts(checked) -> list[str]:
    return [f.text for f in checked.facts]


@pytest.mark.parametrize(
    ("turn", "kept"),
    [
        (
            "My pottery group meets the second Wednesday of every month.",
            "second Wednesday of every month",
        ),
        ("The allotment committee meets the last Sunday of the month.", "last Sunday of the month"),
        ("I go every Tuesday and Friday to the climbing gym.", "every Tuesday and Friday"),
    ],
)
def test_a_recurring_weekday_keeps_its_recurrence(run, turn, kept):
    _conv, raw, checked = run([("user", turn)])
    texts = _texts(checked)
    assert any(kept in t for t in texts), texts
    assert not any("2023" in t for t in texts), texts  # no one date resolved


def test_the_weekdays_of_a_frequency_are_no_dates(run):
    _conv, raw, checked = run([("user", "I have physio twice a week, Tuesday and Thursday.")])
    texts = [f.text for f in raw.facts]
    assert texts and not any("2023" in t for t in texts), texts


def test_one_weekday_still_resolves_to_its_date(run):
    _conv, _raw, checked = run(
        [("user", "My pottery group meets on Wednesday of next week in the old library.")]
    )
    assert any("2023" in t for t in _texts(checked)), _texts(checked)
