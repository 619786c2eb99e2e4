"""lenient_json: the JSON a small model meant to write."""

from __future__ import annotations

import pytest

from contextos.extract.llm.lenient_json import lenient_json, strip_think


@pytest.mark.parametrize(
    "text,value",
    [
        ('{"a": 1,}', {"a": 1}),
        ('Sure! Here it is:\n```json\n{"a": [1, 2,]}\n```\nHope it helps.', {"a": [1, 2]}),
        ("{'facts': [{'quote': 'I\\'m Dana', 'ok': True, 'x': None}]}", None),
        ('{"a" 1 "b": [1 2 3], c: none}', {"a": 1, "b": [1, 2, 3], "c": None}),
        ("[1, 2, // two\n 3] trailing prose {", [1, 2, 3]),
        ('{"k": "caf\\u00e9\\n"}', {"k": "caf\u00e9\n"}),
        ('{"a": }', {}),
    ],
)
def test_repairs(text, value):
    got = lenient_json(text)
    if value is None:
        assert got == {"facts": [{"quote": "I'm Dana", "ok": True, "x": None}]}
    else:
        assert got == value


def test_a_reply_cut_off_keeps_what_was_complete():
    cut = '{"facts": [{"turn": "T1", "quote": "I live in Lisbon", "text": "Dana lives in Lis'
    assert lenient_json(cut) == {"facts": [{"turn": "T1", "quote": "I live in Lisbon"}]}
    assert lenient_json('{"facts": [{"turn": "T1"}, {') == {"facts": [{"turn": "T1"}]}
    assert lenient_json('{"a": {"b": [1, {"c": "x') == {"a": {"b": [1]}}


def test_nothing_to_recover_is_a_value_error():
    with pytest.raises(ValueError):
        lenient_json("I cannot answer that.")


def test_think_blocks_are_stripped():
    assert strip_think("<think>hmm {no}</think>\n{}") == "{}"
    assert strip_think("hmm, reasoning</think>{}") == "{}"  # the server ate the opening tag
    assert strip_think('{"a": 1}<think>and then it went on') == '{"a": 1}'
    assert lenient_json("<think>[1]</think> {'a': 2}") == {"a": 2}
