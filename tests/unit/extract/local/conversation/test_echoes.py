"""'Me too!' after another person's 'I love bluegrass': the echoing speaker's fact, grounded
in both turns; never after the assistant, never what the other speaker said of anyone else."""

from __future__ import annotations

from contextos.extract.local.conversation.echoes import echo_span
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


def test_a_pro_form_said_too_takes_the_other_speakers_objects(extractor, make_conv):
    facts, checked = _facts(
        extractor,
        make_conv,
        [
            ("user", "Ben", "I like to read mysteries and thrillers."),
            ("user", "Ana", "I like to read those too! I also like historical fiction."),
            ("user", "Ben", "I like to go to the movies, hang out with friends, and play chess."),
            ("user", "Ana", "I like to do all those things too!"),
            ("user", "Ben", "I like salmon nigiri."),
            ("user", "Ana", "I love that too."),
            ("user", "Ben", "I don't like horror movies."),
            ("user", "Ana", "I don't like them either."),
            ("user", "Ben", "My kids are great."),
            ("user", "Ana", "I love them too."),
        ],
    )
    for text in (
        "Ana likes to read mysteries and thrillers",
        "Ana likes to go to the movies",
        "Ana likes to hang out with friends",
        "Ana likes to play chess",
        "Ana loves salmon nigiri",  # her own verb, his object
        "Ana doesn't like horror movies",
    ):
        assert text in facts, (text, sorted(facts))
    ana = facts["Ana loves salmon nigiri"]
    assert [e.quote for e in ana.evidence] == ["I love that", "I like salmon nigiri"]
    assert ana.confidence == facts["Ben likes salmon nigiri"].confidence  # no higher than his
    # the other speaker's turn is no repetition of hers: no bonus for it
    assert facts["Ana likes to read mysteries and thrillers"].confidence == 0.85
    vague = {r.text for r in checked.rejections if r.reason == "vague"}
    assert "Ana loves them" in vague  # "my kids are great" states no like to take up


def test_the_turn_an_echo_borrows_from_counts_as_no_repetition(extractor, make_conv):
    """Ana's "me too" and her own later "I like bluegrass music" are two turns of hers: one
    repetition, not two (Ben's turn, quoted for the words, is not hers)."""
    facts, _ = _facts(
        extractor,
        make_conv,
        [
            ("user", "Ben", "I like bluegrass music."),
            ("user", "Ana", "Me too!"),
            ("user", "Ben", "Great."),
            ("user", "Ana", "Honestly I like bluegrass music a lot."),
        ],
    )
    echoed = facts["Ana likes bluegrass music"]
    assert [e.turn_id for e in echoed.evidence] == ["c1:0", "c1:1"]
    assert "Ana likes bluegrass music a lot" in facts
    assert echoed.confidence == 0.9, echoed.confidence  # 0.82 + one repetition's 0.08
