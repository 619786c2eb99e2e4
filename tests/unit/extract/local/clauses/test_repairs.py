"""Self-corrections in the same breath: what was taken back is not read
(extract/local/clauses/repairs.py)."""

from __future__ import annotations

import pytest

from contextos.extract.local.clauses.repairs import repaired


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        # a weekday for a weekday
        ("training is Tuesday no sorry Wednesday nights", "training is Wednesday nights"),
        # the repair starts with a word said just before: the reparandum runs from there
        ("they lost 2-1 on penalties no sorry 2-1 in extra time", "they lost 2-1 in extra time"),
        (
            "its at Elland Road no not Elland Road sorry at the academy",
            "its at the academy",
        ),
        ("My sister, sorry, my cousin Ana lives in Oslo.", "my cousin Ana lives in Oslo."),
        ("We met Tom no wait Tim at the bar", "We met Tim at the bar"),
        # a weak marker swaps a value of the same kind
        ("I was born in 1985, I mean 1986.", "I was born in 1986."),
        ("I moved to Leeds, or rather Bradford, in May", "I moved to Bradford, in May"),
    ],
)
def test_the_words_taken_back_are_blanked_and_offsets_hold(said, meant):
    out = repaired(said)
    assert len(out) == len(said)
    assert " ".join(out.split()) == meant


@pytest.mark.parametrize(
    "said",
    [
        "I love it, I mean it is great",  # "I mean" going on, not taking back
        "it was hard, I mean it was really hard",
        "I have no sorry excuse",
        "I'm late, sorry, the bus broke down",  # an apology: nothing lines up
        "No sorry needed, it was fine",
    ],
)
def test_a_marker_the_repair_does_not_line_up_with_takes_nothing_back(said):
    assert repaired(said) == said


def test_the_fact_states_what_was_meant_and_quotes_what_was_said(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "my daughter Maisie plays in goal, training is Tuesday no sorry Wednesday "
                "nights so I can't work late then",
            ),
            ("assistant", "Noted."),
            ("user", "I moved to Leeds, or rather Bradford, last spring."),
            ("assistant", "Noted."),
        ]
    )
    texts = [f.text for f in checked.facts]
    training = next(f for f in checked.facts if "training is" in f.text)
    assert "Wednesday nights" in training.text and "Tuesday" not in training.text, texts
    assert "Tuesday no sorry Wednesday" in training.evidence[0].quote
    moved = next(f for f in checked.facts if "moved to" in f.text)
    assert "Bradford" in moved.text and "Leeds" not in moved.text, texts
