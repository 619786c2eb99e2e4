"""Sarcasm: a gushing claim about something bad is not a preference
(extract/local/clauses/sarcasm.py)."""

from __future__ import annotations

from contextos.extract.local.clauses.sarcasm import valence
from contextos.extract.local.text.nlp import load_pipeline


def _texts(checked) -> list[str]:
    return [f.text for f in checked.facts]


def _sarcasm(checked) -> list[str]:
    return [
        r.text for r in checked.rejections if r.reason == "joke" and "sarcasm" in (r.detail or "")
    ]


def test_an_ironic_opening_after_bad_news_is_sarcasm(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "Awful morning. The boiler broke and the plumber can't come till Friday. "
                "Yeah sure, I love cold showers.",
            ),
        ]
    )
    assert _sarcasm(checked) == ["Dana loves cold showers"]
    assert not any("cold showers" in t for t in _texts(checked))


def test_the_same_opening_with_nothing_bad_around_it_is_a_statement(run):
    _conv, _raw, checked = run(
        [
            ("user", "We went to the coast at the weekend. Yeah sure, I love cold showers."),
            ("user", "Oh, I love horror movies."),
        ]
    )
    assert "Dana loves cold showers" in _texts(checked)
    assert "Dana loves horror movies" in _texts(checked)
    assert _sarcasm(checked) == []


def test_love_it_when_something_bad_happens_is_sarcasm(run):
    _conv, _raw, checked = run(
        [
            ("user", "I just love it when people cancel on me at the last minute."),
            ("user", "I love it when my kids laugh."),
            ("user", "I love it when the pain finally goes away."),
        ]
    )
    assert _sarcasm(checked) == ["Dana loves it when people cancel on Dana at the last minute"]
    assert "Dana loves it when their kids laugh" in _texts(checked)
    assert "Dana loves it when the pain goes away" in _texts(checked)


def test_a_negated_word_counts_for_neither_side(run):
    _conv, _raw, checked = run(
        [("user", "The weekend was not bad at all. Yeah sure, I love cold showers.")]
    )
    assert "Dana loves cold showers" in _texts(checked)


def test_valences_come_from_the_lexicon():
    doc = next(iter(load_pipeline().parse(["I love it but the news is bad, not good."])))
    by_word = {t.lower_: valence(t) for t in doc}
    assert by_word["love"] >= 2.5
    assert by_word["bad"] <= -1.5
    assert by_word["good"] == 0.0  # under "not"


# -- a polarity conflict: what the gushing word likes is framed as bad in the same turn ----------


def test_a_liked_thing_that_something_bad_befell_is_sarcasm(run):
    _conv, _raw, checked = run([("user", "I love being trapped in meetings all afternoon.")])
    assert _sarcasm(checked) == ["Dana loves being trapped in meetings all afternoon"]


def test_a_deadpan_echo_after_gushing_is_sarcasm_an_excited_one_is_not(run):
    _conv, _raw, checked = run(
        [
            ("user", "I absolutely adore ironing shirts at midnight. Wonderful."),
            ("user", "I adore my new bike. Wonderful!"),
        ]
    )
    assert _sarcasm(checked) == ["Dana adores ironing shirts at midnight"]
    assert "Dana adores their new bike" in _texts(checked)


def test_a_shouted_gushing_word_trailing_off_is_sarcasm(run):
    _conv, _raw, checked = run(
        [
            ("user", "I LOVE scrubbing the oven on my day off..."),
            ("user", "I LOVE sailing on the lake!"),
        ]
    )
    assert _sarcasm(checked) == ["Dana loves scrubbing the oven on their day off"]
    assert "Dana loves sailing on the lake" in _texts(checked)


def test_names_of_liked_things_with_dark_words_stay_likes(run):
    _conv, _raw, checked = run([("user", "I love murder mysteries and sad ballads.")])
    assert _sarcasm(checked) == []
    assert "Dana loves murder mysteries" in _texts(checked)
