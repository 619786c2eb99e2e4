"""The LLM extractor's graph@1 items through ingestion into the embedded graph: its entities
are stored, and a later status of a project replaces the earlier one. The LLM replays recorded
replies (the real server is driven by test_llm_server.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from llama_index.core.llms import (
    ChatMessage,
    ChatResponse,
    CompletionResponse,
    CustomLLM,
    LLMMetadata,
)
from pydantic import PrivateAttr

from contextos import ContextOS
from contextos.extract.llm import LLMExtractor

USER = "dana"
CHATS = {
    "c1": ("2026-03-01", "My manager Priya runs the security audit. It is blocked on payments."),
    "c2": ("2026-03-09", "Good news: the security audit is done, we shipped it on Friday."),
}
NO_FACTS = json.dumps({"facts": []})
GRAPH = {
    "c1": {
        "entities": [
            {"turn": "T1", "quote": "My manager Priya", "type": "Person", "name": "Priya"},
        ],
        "relations": [
            {
                "turn": "T1",
                "quote": "My manager Priya",
                "source": "I",
                "type": "HAS_MANAGER",
                "target": "Priya",
            }
        ],
        "statuses": [
            {
                "turn": "T1",
                "quote": "It is blocked on payments",
                "project": "security audit",
                "status": "blocked",
            }
        ],
    },
    "c2": {
        "statuses": [
            {
                "turn": "T1",
                "quote": "the security audit is done",
                "project": "security audit",
                "status": "done",
            }
        ],
    },
}


class ByConversation(CustomLLM):
    """facts@1 gets no facts; graph@1 gets the recorded reply of the conversation whose
    words the request shows."""

    _seen: list[str] = PrivateAttr(default_factory=list)

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(context_window=4096, num_output=512, model_name="replay")

    def chat(self, messages: Any, **kwargs: Any) -> ChatResponse:
        prompt = messages[-1].content
        name = kwargs["response_format"]["json_schema"]["name"]
        conv = next(c for c, (_, text) in CHATS.items() if text[:30] in prompt)
        self._seen.append(f"{name}:{conv}")
        text = json.dumps(GRAPH[conv]) if name == "graph" else NO_FACTS
        return ChatResponse(message=ChatMessage(role="assistant", content=text))

    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        raise NotImplementedError

    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
        raise NotImplementedError


def transcript(path: Path) -> Path:
    with path.open("w") as f:
        for cid, (day, text) in CHATS.items():
            for i, (role, speaker, said) in enumerate(
                [("user", "Dana", text), ("assistant", "assistant", "Noted.")]
            ):
                line = {
                    "conversation_id": cid,
                    "turn_id": f"{cid}:{i}",
                    "timestamp": f"{day}T10:0{i}:00Z",
                    "speaker": speaker,
                    "role": role,
                    "text": said,
                }
                f.write(json.dumps(line) + "\n")
    return path


def test_graph_items_are_stored_and_a_newer_status_replaces_the_older(data_dir, tmp_path):
    extractor = LLMExtractor(ByConversation(), name="llm:replay", mode="json_schema")
    with ContextOS.open(data_dir) as cx:
        report = cx.ingest(transcript(tmp_path / "chats.jsonl"), user=USER, extractor=extractor)
        facts = cx.facts(USER, include_superseded=True)
        entities = {e.name: e for e in cx.entities(USER)}
    (m,) = report.extractors
    assert m.prompts == {"facts@1": 2, "graph@1": 2}
    assert m.entities_proposed == 1 and m.relations_proposed == 1 and m.statuses_proposed == 2
    status = {f.status: f for f in facts if f.project}
    assert set(status) == {"blocked", "completed"}, [(f.text, f.status) for f in facts]
    assert not status["blocked"].is_current and status["completed"].is_current
    assert status["blocked"].superseded_by == status["completed"].id
    assert entities["Priya"].type == "Person" and entities["Priya"].turn_ids == ["c1:0"]
    audit = next(e for e in entities.values() if e.type == "Project")
    assert audit.properties["status"] == "completed"
