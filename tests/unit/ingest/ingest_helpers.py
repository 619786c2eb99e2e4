"""Shared helpers for the parse-stage tests (imported by the test modules of this folder)."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

from contextos.ingest import ParseOptions, ParseRun, read_conversations
from contextos.models.transcript import Conversation, Turn

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "exports"


def parse(
    path: str | Path | list[Any], *, format: str | None = None, **options: Any
) -> tuple[list[Conversation], ParseRun]:
    """Every conversation of ``path`` and the finished run."""
    run = read_conversations(path, format=format, options=ParseOptions(**options))
    return list(run), run


def by_id(conversations: list[Conversation]) -> dict[str, Conversation]:
    return {c.id: c for c in conversations}


def texts(conversation: Conversation) -> list[str]:
    return [t.text for t in conversation.turns]


def roles(conversation: Conversation) -> list[str]:
    return [t.role for t in conversation.turns]


def problems(run: ParseRun) -> list[str]:
    return [w.problem for w in run.warnings]


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def write_zip(path: Path, members: dict[str, bytes | str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def zip_bytes(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buf.getvalue()


def assert_valid_turns(conversation: Conversation) -> None:
    """Turns are built without validation for speed: check they would pass it."""
    for turn in [*conversation.turns, *conversation.alternate_turns]:
        assert Turn.model_validate(turn.model_dump()) == turn
        assert turn.conversation_id == conversation.id
    assert [t.index for t in conversation.turns] == list(range(len(conversation.turns)))
    ids = [t.id for t in [*conversation.turns, *conversation.alternate_turns]]
    assert len(ids) == len(set(ids))


def chatgpt_node(
    node_id: str,
    parent: str | None,
    role: str,
    text: str,
    t: float | None = None,
    children: list[str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A ChatGPT mapping node with a plain text message."""
    message = {
        "id": node_id,
        "author": {"role": role, "name": None, "metadata": {}},
        "create_time": t,
        "content": {"content_type": "text", "parts": [text]},
        "metadata": extra.pop("metadata", {}),
        "recipient": extra.pop("recipient", "all"),
        **extra,
    }
    return {"id": node_id, "message": message, "parent": parent, "children": children or []}


def chatgpt_conversation(conv_id: str, nodes: list[dict[str, Any]], current: str) -> dict:
    mapping = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
    for node in nodes:
        mapping[node["id"]] = node
        parent = mapping.get(node["parent"])
        if parent is not None and node["id"] not in parent["children"]:
            parent["children"].append(node["id"])
    return {
        "title": f"Conversation {conv_id}",
        "create_time": 1_700_000_000.0,
        "update_time": 1_700_000_100.0,
        "conversation_id": conv_id,
        "current_node": current,
        "mapping": mapping,
    }
