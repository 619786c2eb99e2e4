"""Words a conversation established earlier: the user's organisation and the named project."""

from __future__ import annotations


def _texts(checked):
    return [f.text for f in checked.facts]


def test_our_in_front_of_a_work_noun_is_the_users_organisation(run):
    _conv, _raw, checked = run(
        [
            ("user", "I'm a senior PM at Tallyforge."),
            ("assistant", "Nice to meet you."),
            ("user", "Late payments keep coming up in our churn interviews."),
            ("user", "Our dog Pico hates the new office."),
        ]
    )
    texts = _texts(checked)
    assert "Late payments keep coming up in Tallyforge's churn interviews" in texts
    assert not any("Tallyforge's dog" in t for t in texts)


def test_without_a_stated_employer_our_stays_the_users(run):
    _conv, _raw, checked = run([("user", "Late payments keep coming up in our churn interviews.")])
    assert _texts(checked) == ["Late payments keep coming up in Dana's churn interviews"]


def test_a_past_employer_is_not_whose_our_is(run):
    """ "I taught history at Ysgol Gyfun Bryn Onnen for thirty-six years" then "Megan was our
    accompanist": the school was made the speaker's organisation, so "our" became the
    school's. A past employer is not; "I've worked at X" still is."""
    _conv, _raw, checked = run(
        [
            ("user", "I taught history at Ysgol Gyfun Bryn Onnen for thirty-six years."),
            ("assistant", "What a career."),
            ("user", "Megan was our accompanist for thirty years."),
            ("user", "I've worked at Lakeshore Health since May. Our customers hate card fees."),
        ]
    )
    texts = _texts(checked)
    assert "Megan was Dana's accompanist for thirty years" in texts, texts
    assert "Lakeshore Health's customers hate card fees" in texts, texts


def test_a_married_we_is_a_couple_not_the_family(run):
    _conv, _raw, checked = run(
        [
            ("user", "My wife Megan died in 2023. We had been married forty-six years."),
            ("assistant", "I'm so sorry."),
        ]
    )
    texts = _texts(checked)
    assert "Dana and Megan had been married forty-six years" in texts, texts


def test_a_bare_project_part_gets_the_name_the_user_gave_the_project(run):
    _conv, _raw, checked = run(
        [
            ("user", "I'm building an app for my climbing friends, calling it SendLog."),
            ("assistant", "Great name."),
            ("user", "Design is done. The beta is set for June 3."),
        ]
    )
    texts = _texts(checked)
    assert "The SendLog design is done" in texts
    assert any(t.startswith("The SendLog beta is set for") for t in texts)
    # the supplied name is an entity of the fact, so grounding does not count it as invented
    design = next(f for f in checked.facts if f.text == "The SendLog design is done")
    assert "SendLog" in design.entities
    assert design.evidence[0].quote == "Design is done"


def test_no_project_name_is_written_in_when_none_was_given(run):
    _conv, _raw, checked = run([("user", "Design is done. The beta is set for June 3.")])
    texts = _texts(checked)
    assert "Design is done" in texts
    assert not any("SendLog" in t for t in texts)


def test_the_latest_named_project_is_the_one_written_in(run):
    _conv, _raw, checked = run(
        [
            ("user", "I keep the Trailmix roadmap in Notion."),
            ("user", "Separately I'm now planning the Orbit beta with Sam."),
            ("user", "Our design is done."),
        ]
    )
    assert "The Orbit design is done" in _texts(checked)


def test_a_target_named_for_a_project_part_gets_the_project_name(run):
    _conv, _raw, checked = run(
        [
            ("user", "we decided Autopay v1 is ACH only."),
            ("assistant", "Noted."),
            ("user", "good. beta target is june 7, put that in too"),
            ("user", "new launch target: next Saturday."),  # the date is not an owner
        ]
    )
    texts = _texts(checked)
    assert "The Autopay beta target is Wednesday, June 7, 2023" in texts
    assert "The new Autopay launch target is on Saturday, May 13, 2023" in texts


def test_a_lower_case_word_before_a_version_names_no_project(run):
    # the tagger reads "doc" in "design doc v2" as a name; a common noun in lower case is none
    _conv, _raw, checked = run(
        [
            ("user", "Yesterday: finished the pricing doc v2."),
            ("user", "Launch target is still March."),
        ]
    )
    assert not any("doc launch" in t for t in _texts(checked)), _texts(checked)


def test_it_right_after_naming_the_project_in_the_same_turn_is_the_project(run):
    _conv, _raw, checked = run(
        [
            ("user", "I'm building an app, calling it SendLog. Right now it's React Native."),
            ("user", "It is slow on old phones."),  # another turn: "it" could be anything
        ]
    )
    texts = _texts(checked)
    assert "SendLog is React Native" in texts
    assert not any("slow" in t for t in texts)


def test_a_work_item_without_a_determiner_is_the_speakers(run):
    _conv, _raw, checked = run(
        [
            ("user", "Thesis is due June 30."),
            ("user", "Final report is issued."),
            ("user", "Traffic was awful on the bridge."),
        ]
    )
    texts = _texts(checked)
    assert "Dana's thesis is due Friday, June 30, 2023" in texts
    assert "Dana's final report is issued" in texts
    assert not any("Dana's traffic" in t for t in texts)


def test_we_is_the_family_once_a_household_is_mentioned_and_no_employer(run):
    _conv, _raw, checked = run(
        [
            ("user", "My wife Elena teaches Spanish and our son Mateo is 3."),
            ("assistant", "Got it."),
            ("user", "We need to be settled before school starts in August."),
            ("user", "We shipped the beta on Friday."),
        ]
    )
    texts = _texts(checked)
    assert any(t.startswith("Dana's family needs to be settled") for t in texts)
    assert any(t.startswith("Dana's team shipped the") for t in texts)  # work: not the family


def test_with_a_business_of_their_own_we_is_not_the_family(run):
    _conv, _raw, checked = run(
        [
            ("user", "I run a small bakery. My husband Andre helps on weekends."),
            ("assistant", "Got it."),
            ("user", "We open at 7 on weekdays."),
        ]
    )
    texts = _texts(checked)
    assert "Dana opens at 7 on weekdays" not in texts  # the bakery's hours, not Dana's
    assert not any("family" in t for t in texts)


def test_with_an_employer_we_stays_the_speaker(run):
    _conv, _raw, checked = run(
        [
            ("user", "I'm a PM at Tallyforge and my wife is a teacher."),
            ("assistant", "Nice."),
            ("user", "We need to be settled before school starts in August."),
        ]
    )
    assert any(t.startswith("Dana and their wife need to be settled") for t in _texts(checked))


def test_a_we_switching_products_is_not_the_household(run):
    _conv, _raw, checked = run(
        [
            ("user", "my daughter Ava starts kindergarten in September."),
            ("user", "we're switching from Postgres to MySQL next quarter."),
        ]
    )
    switch = next(t for t in _texts(checked) if "Postgres" in t)
    assert switch.startswith("Dana's team is switching from Postgres to MySQL")
    assert switch.endswith("Q3 2023")
