"""``contextos eval`` of an extractor that spends (an LLM, a strategy over one): what it spent
on the first pass is in the report and the side-by-side comparison (calls, cost, the share of
windows cheap-first sent on), and no second, warm pass doubles the model calls. The LLM
replays a recorded reply: it stands in for a hosted API."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from llama_index.core.llms import (
    ChatMessage,
    ChatResponse,
    CompletionResponse,
    CustomLLM,
    LLMMetadata,
)
from pydantic import PrivateAttr
from test_eval import SCENARIO

from contextos.evaluation import format_report, run_eval
from contextos.evaluation.report import EvalReport, format_comparison
from contextos.extract import registry
from contextos.extract.llm import LLMExtractor
from contextos.extract.strategies import CheapFirst

#: a request the local pass turns into no fact: the window cheap-first sends on
QUESTION = "Could you help me work out how to structure the migration plan for the clinic?"


class NoFactsLLM(CustomLLM):
    """Answers every chat with no facts, reporting 100 tokens in and 20 out."""

    _requests: int = PrivateAttr(default=0)

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(context_window=4096, num_output=512, model_name="replay")

    def chat(self, messages: Any, **kwargs: Any) -> ChatResponse:
        self._requests += 1
        raw = {
            "choices": [{"finish_reason": "stop"}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20},
        }
        reply = ChatMessage(role="assistant", content=json.dumps({"facts": []}))
        return ChatResponse(message=reply, raw=raw)

    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        raise NotImplementedError

    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
        raise NotImplementedError


@pytest.fixture
def scenarios(tmp_path: Path) -> Path:
    scenario = copy.deepcopy(SCENARIO)
    scenario["sessions"][0]["messages"].append(
        {"turn_id": "s1:4", "role": "user", "speaker": "Mira Holm", "text": QUESTION}
    )
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "t-01.json").write_text(json.dumps(scenario), encoding="utf-8")
    return folder


def cheap_first(llm: NoFactsLLM) -> CheapFirst:
    expensive = LLMExtractor(llm, name="llm:replay", graph=False, price_in_per_1k=1.0)
    return CheapFirst(registry.create("local"), expensive)


def test_the_spend_of_the_first_pass_is_reported_and_no_warm_pass_repeats_the_calls(scenarios):
    llm = NoFactsLLM()
    report = run_eval(scenarios, None, extractor=cheap_first(llm))
    s = report.dataset("scenarios")
    assert s is not None
    strategy, part = s.extractors
    assert (strategy.extractor, part.extractor) == ("cheap-first", "llm:replay")
    assert strategy.windows >= 1 and strategy.windows_escalated == 1
    assert s.share_sent == pytest.approx(1 / strategy.windows)
    assert part.calls == 1 and part.tokens_in == 100 and part.tokens_out == 20
    assert s.calls == 1 and s.cost == pytest.approx(0.1)
    # the warm-up may ask the model too; the eval's own passes ask it once, not twice
    assert s.warm_seconds == 0.0 and llm._requests <= 2
    text = format_report(report)
    assert "no warm pass (model calls)" in text
    assert f"spend         cheap-first: {strategy.windows} windows, sent on 1" in text
    assert "spend         llm:replay: 1 calls, 100 tokens in, 20 out" in text


def test_the_local_extractor_spends_nothing_and_prints_no_spend(scenarios):
    report = run_eval(scenarios, None)
    s = report.dataset("scenarios")
    assert s is not None
    assert s.extractors == [] and s.calls == 0 and s.share_sent is None
    assert s.warm_seconds > 0
    assert "spend" not in format_report(report)


def test_the_comparison_gives_calls_cost_and_share_sent(scenarios):
    reports: dict[str, EvalReport] = {
        "local": run_eval(scenarios, None),
        "cheap-first": run_eval(scenarios, None, extractor=cheap_first(NoFactsLLM())),
    }
    head, *rows = format_comparison(reports).splitlines()[1:]
    assert head.split()[-3:] == ["calls", "cost", "sent"]
    local, strategy = (r.split() for r in rows[1:])
    assert local[1] == "local" and local[-3:] == ["0", "0.0000", "-"]
    assert strategy[1] == "cheap-first" and strategy[-3:-1] == ["1", "0.1000"]
    assert strategy[-1].endswith("%")
