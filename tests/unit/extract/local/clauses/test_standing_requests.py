"""A standing request to the assistant ("from now on ...") is a preference to remember; a
one-off request ("draft the email") is no fact."""

from __future__ import annotations

from contextos.models.extraction import UserRef
from contextos.validate import validate

USER = UserRef(id="dana", name="Dana Whitfield", aliases=["Dana"])


def _chat(*user_lines: str) -> list[tuple[str, str]]:
    turns: list[tuple[str, str]] = []
    for line in user_lines:
        turns += [("user", line), ("assistant", "Noted.")]
    return turns


def _by_text(checked) -> dict[str, object]:
    return {f.text: f for f in checked.facts}


def test_a_request_with_a_standing_marker_is_a_preference(run):
    _conv, _raw, checked = run(
        _chat(
            "From now on, always give me the metric units too.",
            "Going forward, write everything in British English.",
            "please never use emojis with me",
        )
    )
    facts = _by_text(checked)
    assert set(facts) == {
        "Dana asks the assistant: from now on, always give Dana the metric units",
        "Dana asks the assistant: write everything in British English",
        "Dana asks the assistant: never use emojis with Dana",
    }
    for fact in facts.values():
        assert fact.type.value == "USER_FACT"  # said once: no USER_PATTERN, no shared story
        assert fact.category == "like"
        assert fact.confidence >= 0.8


def test_a_marker_in_a_clause_of_its_own_makes_no_standing_request(run):
    """ "Let me introduce myself properly, as I always told my pupils to do": the "always" is
    the "as" clause's, not the request's."""
    _conv, _raw, checked = run(
        _chat("Let me introduce myself properly, as I always told my pupils to do.")
    )
    assert not any("asks the assistant" in f.text for f in checked.facts), [
        f.text for f in checked.facts
    ]


def test_a_one_off_request_or_never_mind_is_no_fact(run):
    _conv, _raw, checked = run(
        _chat(
            "Please draft the email to Tom.",
            "Request: draft the reply to Sam.",
            "Never mind, I found the file.",
            "I always forget my keys, so please remind me tomorrow.",
        )
    )
    texts = [f.text for f in checked.facts]
    assert not any("asks the assistant" in t for t in texts)
    assert not any(t.startswith("Request") for t in texts)  # a label, not a topic


def test_a_standing_request_told_after_a_statement_or_label_is_found(run):
    _conv, _raw, checked = run(
        _chat(
            "I have already begun moving my materials across, so from now on please format "
            "the units as Schoology folders rather than Google Classroom topics.",
            "One request that will apply to everything we do together: whenever you give me "
            "safety information, please tell me where it comes from, for example the ACS "
            "guidelines.",
            "A general request: I prefer answers as numbered steps, and I would ask that you "
            "not use emojis.",
        )
    )
    texts = {f.text for f in checked.facts}
    assert "Dana has begun moving their materials across" in texts
    assert (
        "Dana asks the assistant: from now on format the units as Schoology folders rather "
        "than Google Classroom topics" in texts
    )
    assert (
        "Dana asks the assistant: tell Dana where it comes from, for example the ACS guidelines"
        in texts
    )
    # asked, not hypothetical; the verb after "ask that you not" keeps its base form
    assert "Dana would ask that the assistant not use emojis" in texts
    assert not any(r.reason == "hypothetical" for r in checked.rejections)


def test_a_standing_request_about_nothing_but_a_pronoun_is_vague(run):
    _conv, _raw, checked = run(_chat("please never do that again"))
    assert checked.facts == []
    assert [r.reason for r in checked.rejections] == ["vague"]


def test_the_assistant_as_subject_agrees_and_whenever_stays(run):
    _conv, _raw, checked = run(
        _chat(
            "Whenever you give me a recipe, always list the calories first.",
            "Whenever I travel, I bring my own pillow.",
        )
    )
    texts = {f.text for f in checked.facts}
    assert (
        "Dana asks the assistant: whenever the assistant gives Dana a recipe, always list "
        "the calories first" in texts
    )
    assert "Whenever Dana travels, Dana brings their own pillow" in texts


def test_every_request_in_custom_instructions_holds_from_now_on(extractor, make_conv):
    conv = make_conv(
        [
            ("user", "I'm a data engineer in Lisbon.\n\nAnswer concisely. Don't be sycophantic."),
            ("user", "Answer concisely."),
            ("assistant", "Sure."),
        ]
    )
    instructions = conv.turns[0].model_copy(update={"kind": "custom_instructions"})
    conv = conv.model_copy(update={"turns": [instructions, *conv.turns[1:]]})
    checked = validate(extractor.extract(conv.turns, conv, USER), {t.id: t for t in conv.turns})
    by_turn = {(f.evidence[0].turn_id, f.text) for f in checked.facts}
    assert ("c1:0", "Dana is a data engineer in Lisbon") in by_turn
    assert ("c1:0", "Dana asks the assistant: answer concisely") in by_turn
    assert ("c1:0", "Dana asks the assistant: don't be sycophantic") in by_turn
    # the same words in an ordinary message are a one-off request
    assert not any(turn == "c1:1" for turn, _text in by_turn)


def test_a_standing_request_for_a_manner_is_no_evaluation_and_its_added_words_are_ours(run):
    _conv, _raw, checked = run(_chat("From now on, be blunt with me."))
    assert [f.text for f in checked.facts] == [
        "Dana asks the assistant: from now on, be blunt with Dana"
    ]


def test_a_standing_request_about_it_names_what_it_stands_for(run):
    _conv, _raw, checked = run(
        _chat(
            "I tried the Pomodoro timer app you suggested. From now on, never suggest it again.",
            "Please never do that again.",
        )
    )
    texts = [f.text for f in checked.facts]
    assert (
        "Dana asks the assistant: from now on, never suggest the Pomodoro timer app again" in texts
    )
    assert not any("do that" in t for t in texts)  # nothing said names "that"


def test_a_request_before_a_comment_whose_it_is_left_out_is_still_a_request(run):
    """ "..., is more easy for me": the parser read the request as the clausal subject of the
    "is" after the comma, and the sentence said nothing."""
    _conv, _raw, checked = run(
        _chat(
            "Please answer me always with short sentences and simple english, is more easy for me."
        )
    )
    (fact,) = checked.facts
    assert fact.text.startswith(
        "Dana asks the assistant: answer Dana always with short sentences and simple english"
    )
    assert fact.category == "like"
