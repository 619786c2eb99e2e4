"""locate_quote: the span of a turn a model's quote was copied from, found by contextos."""

from __future__ import annotations

import pytest

from contextos.validate.quotes import FUZZY_THRESHOLD, clean_quote, locate_quote, normalise

TEXT = "I moved last year. Now I live in Lisbon, and I work at Tallyforge as a data engineer."


def found(quote: str, text: str = TEXT) -> str | None:
    m = locate_quote(quote, text)
    return None if m is None else text[m.start : m.end]


def test_exact_quote_is_found_at_its_offsets():
    m = locate_quote("I live in Lisbon", TEXT)
    assert m is not None and m.method == "exact"
    assert (m.start, m.end) == (TEXT.index("I live"), TEXT.index("I live") + 16)


def test_repeated_quote_takes_its_first_occurrence():
    text = "I run. I swim. I run."
    m = locate_quote("I run.", text)
    assert m is not None and (m.start, m.end) == (0, 6)


def test_case_and_whitespace_are_normalised_and_mapped_back():
    m = locate_quote("i LIVE   in\nLISBON", TEXT)
    assert m is not None and m.method == "normalised"
    assert TEXT[m.start : m.end] == "I live in Lisbon"


def test_whitespace_runs_in_the_turn_map_back_to_the_original_span():
    text = "We shipped\n\n  the   release on Friday."
    assert found("we shipped the release", text) == "We shipped\n\n  the   release"


def test_curly_quotes_dashes_and_ellipsis_match_straight_ones():
    text = "It\u2019s \u201cdone\u201d \u2014 finally\u2026 I think"
    # the model's trailing "..." is dropped: the span ends where the words do
    assert found('it\'s "done" - finally...', text) == text[: text.index("\u2026")]
    assert found("\u201cdone\u201d \u2014 finally\u2026 i", text) == text[5 : text.index(" think")]
    assert found("It\u2019s \u201cdone\u201d", 'It\'s "done" now') == 'It\'s "done"'


def test_accents_and_decomposed_letters_match_and_keep_their_marks():
    text = "Cafe\u0301 con Jos\u00e9 on Tuesday"  # a decomposed é, then a composed one
    assert found("caf\u00e9 con jose", text) == "Cafe\u0301 con Jos\u00e9"


def test_non_latin_scripts_and_emoji():
    tokyo = "\u6771\u4eac\u306b\u4f4f\u3093\u3067"  # "live in Tokyo"
    text = f"\u79c1\u306f{tokyo}\u3044\u307e\u3059 \U0001f600 and I love it"
    assert found(tokyo, text) == tokyo
    assert found("\U0001f600 AND I love it", text) == "\U0001f600 and I love it"


def test_case_folding_that_changes_length_maps_back():
    text = "Die Stra\u00dfe ist lang. I live on Hauptstra\u00dfe 5."
    assert found("I LIVE ON HAUPTSTRASSE 5", text) == "I live on Hauptstra\u00dfe 5"


def test_wrapping_quotes_and_ellipses_of_the_model_are_dropped():
    assert clean_quote('  "...I live in Lisbon"  ') == "I live in Lisbon"
    assert clean_quote("\u201cI live in Lisbon\u2026\u201d") == "I live in Lisbon"
    assert found('"I live in Lisbon"') == "I live in Lisbon"


def test_a_typo_or_dropped_comma_is_found_fuzzily_on_whole_words():
    m = locate_quote("I live in Lisbn and I work at Talyforge", TEXT)
    assert m is not None and m.method == "fuzzy" and m.score >= FUZZY_THRESHOLD
    assert TEXT[m.start : m.end] == "I live in Lisbon, and I work at Tallyforge"


@pytest.mark.parametrize(
    "quote",
    [
        "I moved to Lisbon",  # a paraphrase
        "I work at Tallyforge as a senior data engineer in Porto",  # more than was said
        "Lisbon is lovely",
        "Lisbn",  # too short to be matched fuzzily
    ],
)
def test_what_was_not_said_is_not_found(quote):
    assert locate_quote(quote, TEXT) is None


def test_quote_longer_than_the_turn_is_not_found():
    assert (
        locate_quote("I live in Lisbon and I have two cats and a dog", "I live in Lisbon") is None
    )
    # nearly the whole turn, with a typo: still the turn
    assert found("I live in Lisbom.", "I live in Lisbon.") == "I live in Lisbon."


@pytest.mark.parametrize("quote,text", [("", TEXT), ("   ", TEXT), ('""', TEXT), ("x", "")])
def test_empty_quote_or_text_is_not_found(quote, text):
    assert locate_quote(quote, text) is None


def test_threshold_is_a_parameter():
    assert locate_quote("I live in Lisbn", TEXT, threshold=99.5) is None
    assert locate_quote("I live in Lisbn", TEXT, threshold=80) is not None


def test_normalise_maps_every_character_back():
    text = "A\u00a0\u00a0B\u200bC \u2019x\u2019"
    norm, where = normalise(text)
    assert norm == "a bc 'x'"
    assert len(where) == len(norm)
    assert [text[i] for i in where][:2] == ["A", "\u00a0"]


def test_found_span_is_always_the_turns_own_text():
    for quote in ["i live in lisbon", "I live in Lisbn, and", "I live in Lisbon"]:
        m = locate_quote(quote, TEXT)
        assert m is not None
        assert 0 <= m.start < m.end <= len(TEXT)
