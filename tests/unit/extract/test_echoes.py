"""'Me too!' after another person's 'I love bluegrass': the echoing speaker's fact, grounded
in both turns; never after the assistant, never what the other speaker said of anyone else."""

from __future__ import annotations

from contextos.extract.echoes import echo_span
from contextos.models.extraction import UserRef
from contextos.validate import validate

USER = UserRef(id="ana", name="Ana")


def _facts(extractor, make_conv, turns):
    conv = make_conv(turns)
    checked = validate(extractor.extract(conv.turns, conv, USER), {t.id: t for t in conv.turns})
    return {f.text: f for f in checked.facts}, checked


def test_echo_span_reads_the_opening_sentence_only():
    assert echo_span("Me too! I also play banjo.") == ((0, 7), False)
    assert echo_span("  Oh, same here.") == ((2, 16), False)
    assert echo_span("Me neither.") == ((0, 11), True)
    assert echo_span("Me too much work today.") is None
    assert echo_span("I like it too.") is None


def test_me_too_takes_up_the_last_first_person_statement_of_the_other_speaker(extractor, make_conv):
    facts, _ = _facts(
        extractor,
        make_conv,
        [
            ("user", "Ben", "I play soccer. I love bluegrass music. What about you?"),
            ("user", "Ana", "Me too! I also play the banjo."),
            ("user", "Ben", "I don't like country music."),
            ("user", "Ana", "Me neither."),
        ],
    )
    echoed = facts["Ana loves bluegrass music"]
    assert echoed.subject == "Ana"
    assert [e.turn_id for e in echoed.evidence] == ["c1:0", "c1:1"]
    assert [e.quote for e in echoed.evidence] == ["I love bluegrass music", "Me too!"]
    assert "Ana doesn't like country music" in facts
    assert "Ana plays soccer" not in facts  # an earlier sentence, not what "me too" answers
    assert "Ben loves bluegrass music" in facts and "Ana plays the banjo" in facts


def test_no_echo_of_the_assistant_of_a_possession_or_of_a_fact_below_threshold(
    extractor, make_conv
):
    facts, checked = _facts(
        extractor,
        make_conv,
        [
            ("user", "Ben", "My dog is called Rex."),
            ("user", "Ana", "Same here!"),
            ("user", "Ben", "I enjoy cooking."),
            ("user", "Ana", "Oh, me too!"),
        ],
    )
    assert not any(t.startswith("Ana") for t in facts), facts
    below = {r.text for r in checked.rejections if r.reason == "below_threshold"}
    assert "Ana enjoys cooking" in below  # as weak as Ben's own "I enjoy", and kept as such
    facts, _ = _facts(
        extractor,
        make_conv,
        [("user", "Ana", "Hi!"), ("assistant", "I love bluegrass music."), ("user", "Me too!")],
    )
    assert not any("bluegrass" in t for t in facts), facts
