"""LLMClient over recorded replies: parsing, retries, backoff, unfinished windows, metrics."""

from __future__ import annotations

import json

import pytest
from conftest import ReplayLLM, connection_error, http_error, timeout_error

from contextos.errors import ExtractionError, WindowUnfinished
from contextos.extract.llm.client import LLMClient, OutputMode, UnparseableReply
from contextos.extract.prompts.facts_v1 import PROMPT

VALUES = {
    "turns": "T1 Dana: I live in Lisbon.",
    "user": "Dana",
    "them": "herself",
    "categories": "x",
}
GOOD = json.dumps(
    {"facts": [{"turn": "T1", "quote": "I live in Lisbon", "text": "Dana lives in Lisbon"}]}
)


def client(replies, mode=OutputMode.JSON_SCHEMA, usage=True, **kw):
    sleeps: list[float] = []
    llm = ReplayLLM(replies, usage=usage)
    c = LLMClient(llm, name="t", mode=mode, sleep=sleeps.append, **kw)
    return c, llm, sleeps


def test_valid_reply_is_read_and_counted():
    c, llm, _ = client([GOOD], price_in_per_1k=2.0, price_out_per_1k=10.0)
    reply = c.ask(PROMPT, VALUES)
    assert reply.value.facts[0].quote == "I live in Lisbon" and not reply.lenient
    m = c.metrics
    assert (m.calls, m.retries, m.tokens_in, m.tokens_out) == (1, 0, 100, 20)
    assert m.cost == pytest.approx(100 / 1000 * 2.0 + 20 / 1000 * 10.0)
    assert m.prompts == {"facts@1": 1} and m.tokens_reported
    fmt = llm.requests[0][1]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "facts"


def test_json_mode_and_prompt_mode_send_what_they_say():
    c, llm, _ = client([GOOD], mode=OutputMode.JSON_OBJECT)
    c.ask(PROMPT, VALUES)
    assert llm.requests[0][1] == {"response_format": {"type": "json_object"}}
    c, llm, _ = client([GOOD], mode=OutputMode.PROMPT)
    c.ask(PROMPT, VALUES)
    assert llm.requests[0][1] == {}


def test_think_block_is_stripped_before_parsing():
    c, _, _ = client([f"<think>Dana said {{maybe}}</think>\n{GOOD}"])
    assert c.ask(PROMPT, VALUES).value.facts[0].turn == "T1"
    assert c.metrics.retries == 0


def test_invalid_json_is_retried_once_with_the_parse_error():
    c, llm, _ = client(["{facts: oops", GOOD])
    reply = c.ask(PROMPT, VALUES)
    assert not reply.lenient and c.metrics.retries == 1 and c.metrics.calls == 2
    retry_messages = llm.requests[1][0]
    assert retry_messages[-2].content == "{facts: oops"
    assert "not valid JSON" in retry_messages[-1].content
    assert "line 1 column 2" in retry_messages[-1].content


def test_then_the_lenient_parser():
    sloppy = (
        "{'facts': [{'turn': 'T1', 'quote': 'I live in Lisbon', 'text': 'Dana lives in Lisbon',},]}"
    )
    c, _, _ = client([sloppy, sloppy])
    reply = c.ask(PROMPT, VALUES)
    assert reply.lenient and reply.value.facts[0].text == "Dana lives in Lisbon"
    assert c.metrics.lenient_parses == 1


def test_then_a_typed_failure():
    c, _, _ = client(["I am a language model.", "Still no JSON."])
    with pytest.raises(UnparseableReply) as exc:
        c.ask(PROMPT, VALUES)
    assert exc.value.raw == "Still no JSON."


def test_a_reply_cut_off_by_the_token_limit_is_salvaged_without_a_retry():
    cut = GOOD[: GOOD.index("Dana lives")] + "Dana li"
    c, _, _ = client([(cut, "length")])
    reply = c.ask(PROMPT, VALUES)
    assert c.metrics.calls == 1 and reply.lenient
    assert reply.value.facts == []  # the item lost its text: dropped, and said why
    assert reply.problems[0].problem.startswith("text")


def test_a_bad_item_is_dropped_not_the_reply():
    two = {"facts": [{"turn": "T1", "text": "no quote"}, json.loads(GOOD)["facts"][0]]}
    reply = client([json.dumps(two)])[0].ask(PROMPT, VALUES)
    assert len(reply.value.facts) == 1 and "quote" in reply.problems[0].problem


def test_rate_limits_back_off_exponentially_then_succeed():
    c, _, sleeps = client([http_error(429), http_error(429), http_error(429), GOOD])
    c.ask(PROMPT, VALUES)
    assert sleeps == [1.0, 2.0, 4.0]
    assert c.metrics.rate_limited == 3 and c.metrics.calls == 4


def test_rate_limits_are_bounded():
    c, _, sleeps = client([http_error(429)] * 4, rate_limit_retries=3, backoff_max_s=1.5)
    with pytest.raises(WindowUnfinished, match="rate-limiting"):
        c.ask(PROMPT, VALUES)
    assert sleeps == [1.0, 1.5, 1.5]


@pytest.mark.parametrize("error", [timeout_error, connection_error, lambda: http_error(500)])
def test_a_timeout_is_retried_once(error):
    c, _, _ = client([error(), GOOD])
    assert c.ask(PROMPT, VALUES).value.facts
    assert c.metrics.retries == 1


@pytest.mark.parametrize("error", [timeout_error, connection_error])
def test_a_second_timeout_leaves_the_window_unfinished(error):
    c, _, _ = client([error(), error()])
    with pytest.raises(WindowUnfinished, match="did not answer"):
        c.ask(PROMPT, VALUES)
    assert isinstance(WindowUnfinished("x"), ExtractionError)


def test_a_server_refusing_structured_output_is_asked_in_json_mode():
    refused = http_error(400, "response_format json_schema is not supported")
    c, llm, _ = client([refused, GOOD])
    c.ask(PROMPT, VALUES)
    assert c.mode == OutputMode.JSON_OBJECT
    assert llm.requests[1][1] == {"response_format": {"type": "json_object"}}


def test_other_errors_stop_the_run():
    c, _, _ = client([http_error(401, "invalid api key")])
    with pytest.raises(ExtractionError, match="invalid api key") as exc:
        c.ask(PROMPT, VALUES)
    assert not isinstance(exc.value, WindowUnfinished)


def test_tokens_are_counted_with_cl100k_when_the_server_does_not_say():
    c, _, _ = client([GOOD], usage=False)
    c.ask(PROMPT, VALUES)
    assert not c.metrics.tokens_reported
    assert 150 < c.metrics.tokens_in < 400 and 15 < c.metrics.tokens_out < 40


def test_every_call_logs_the_prompt_name_and_version(caplog):
    caplog.set_level("INFO", logger="contextos.extract.llm.client")
    client([GOOD])[0].ask(PROMPT, VALUES)
    assert "facts@1" in caplog.text
