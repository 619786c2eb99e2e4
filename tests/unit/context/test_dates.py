"""The dates a quote implies, shown against the day it was said: relative dates, bare
weekdays by tense, days of a month without a year."""

from datetime import UTC, datetime

from contextos.context.dates import annotate_dates


def _said(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, 18, 0, tzinfo=UTC)


def test_a_bare_weekday_is_the_last_one_in_the_past_tense_and_the_next_one_in_the_future():
    tuesday = _said(2024, 5, 21)
    assert annotate_dates("Atlas went live on Monday!", tuesday) == (
        "Atlas went live on Monday (20 May 2024)!"
    )
    assert "on Friday (17 May 2024)" in annotate_dates("I turned it down on Friday.", tuesday)
    assert "on Friday (24 May 2024)" in annotate_dates("The review is on Friday.", tuesday)
    assert "Tuesday (28 May 2024)" in annotate_dates("I will call on Tuesday.", tuesday)
    # no tense to go by (or both): left as said; plurals are habits, not dates
    assert annotate_dates("Monday or Friday", tuesday) == "Monday or Friday"
    assert annotate_dates("She works Saturdays.", tuesday) == "She works Saturdays."
    # any one of many is no date: an indefinite or distributive weekday is left as said
    assert annotate_dates("We ran it on a Sunday.", tuesday) == "We ran it on a Sunday."
    assert annotate_dates("I went every Friday.", tuesday) == "I went every Friday."
    # a past verb of intent points ahead: with both tenses the weekday is left as said
    said = "We decided to run the cut-over on Sunday morning."
    assert annotate_dates(said, tuesday) == said
    # a relative date keeps its own reading, and is not annotated twice
    assert annotate_dates("We met last Friday.", tuesday) == "We met last Friday (17 May 2024)."


def test_a_day_of_a_month_gets_the_year_its_tense_points_to():
    said = _said(2025, 5, 10)
    assert "fourteenth of November (14 November 2025)" in annotate_dates(
        "The baby's due on the fourteenth of November.", said
    )
    assert "the 3rd of December (3 December 2024)" in annotate_dates(
        "We moved in on the 3rd of December.", said
    )
    assert "March 11th (11 March 2025)" in annotate_dates("It was March 11th.", said)
    assert (
        annotate_dates("Since 11 March 2024 it rained.", said) == "Since 11 March 2024 it rained."
    )
    assert annotate_dates("the thirty-first of February", said) == "the thirty-first of February"
    assert annotate_dates("I may go in May.", said) == "I may go in May."
