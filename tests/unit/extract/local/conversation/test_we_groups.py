"""Who a "we" is (``conversation/we_groups.py``): the speaker and the group the turn names,
or not the speaker's fact at all. Invented sentences."""

from __future__ import annotations


def _texts(checked) -> list[str]:
    return [f.text for f in checked.facts]


def _as_speaker(checked) -> list[str]:
    return [r.text for r in checked.rejections if r.reason == "group_as_speaker"]


def test_a_coordination_with_the_speaker_names_the_group(run):
    _conv, _raw, checked = run(
        [("user", "Priya and I drove to the lakes in June. We camped near the water.")]
    )
    assert "Dana and Priya camped near the water" in _texts(checked)
    assert _as_speaker(checked) == []


def test_a_person_of_the_speakers_names_the_group_and_the_verb_stays_plural(run):
    _conv, _raw, checked = run(
        [("user", "My brother is visiting from Oslo. We cook dinner together every night.")]
    )
    texts = _texts(checked)
    assert any(t.startswith("Dana and their brother cook dinner") for t in texts), texts


def test_a_group_of_the_speakers_names_the_group(run):
    _conv, _raw, checked = run(
        [("user", "My band has a new drummer. We recorded an album in the spring.")]
    )
    texts = _texts(checked)
    assert any(t.startswith("Dana's band recorded an album") for t in texts), texts
    assert not any(t.startswith("Dana recorded") for t in texts)


def test_a_we_clause_about_work_is_the_speakers_team(run):
    _conv, _raw, checked = run([("user", "We deployed the new API to production yesterday.")])
    texts = _texts(checked)
    assert any(t.startswith("Dana's team deployed the new API") for t in texts), texts


def test_a_we_that_nothing_names_is_not_stored_as_the_speakers_fact(run):
    _conv, _raw, checked = run([("user", "We repainted the garden shed green.")])
    assert _as_speaker(checked) == ["Dana repainted the garden shed green"]
    assert not any("shed" in t for t in _texts(checked))


def test_i_facts_are_unaffected(run):
    _conv, _raw, checked = run(
        [("user", "My brother is visiting from Oslo. I repainted the garden shed green.")]
    )
    assert "Dana repainted the garden shed green" in _texts(checked)
    assert _as_speaker(checked) == []


def test_being_part_of_a_whole_is_the_speakers_fact(run):
    _conv, _raw, checked = run([("user", "We're a team of six designers.")])
    assert "Dana is part of a team of six designers" in _texts(checked)


def test_a_partner_named_in_an_earlier_turn_is_a_later_we(run):
    _conv, _raw, checked = run(
        [
            ("user", "My husband Tomasz retired last spring."),
            ("assistant", "Congratulations to him!"),
            ("user", "We booked a cruise to Norway for September."),
        ]
    )
    texts = _texts(checked)
    assert any(t.startswith("Dana and Tomasz booked a cruise to Norway") for t in texts), texts


def test_a_boss_named_in_an_earlier_turn_is_no_later_we(run):
    _conv, _raw, checked = run(
        [
            ("user", "My boss is on leave this week."),
            ("assistant", "That must be quiet."),
            ("user", "We repainted the garden shed green."),
        ]
    )
    assert _as_speaker(checked) == ["Dana repainted the garden shed green"]


def test_once_the_speaker_runs_a_business_we_is_the_business(run):
    _conv, _raw, checked = run(
        [
            ("user", "I run a small bike repair shop. We open at 8 on Saturdays."),
            ("assistant", "Noted."),
        ]
    )
    texts = _texts(checked)
    assert any(t.startswith("Dana's business opens at 8") for t in texts), texts


def test_a_partner_named_in_an_earlier_conversation_is_a_later_we(extractor, make_conv):
    from contextos.models.extraction import UserRef
    from contextos.validate import validate

    dana = UserRef(id="dana", name="Dana Whitfield", aliases=["Dana"])
    first = make_conv(
        [("user", "My partner Rui and I adopted a greyhound."), ("assistant", "Lovely!")]
    )
    extractor.extract(first.turns, first, dana)
    later = make_conv(
        [("user", "We signed the lease on a flat near the river."), ("assistant", "Congrats!")],
        conv_id="c2",
    )
    raw = extractor.extract(later.turns, later, dana)
    texts = [f.text for f in validate(raw, {t.id: t for t in later.turns}).facts]
    assert any(t.startswith("Dana and Rui signed the lease") for t in texts), texts
