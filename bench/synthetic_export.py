"""Deterministic synthetic ChatGPT ``conversations.json`` exports, for benchmarks.

The shape follows a real 2024-2025 export: a JSON list of conversations, each with a ``mapping``
tree (a ``message: null`` root, a hidden system message, user and assistant messages with
realistic metadata), ``current_node`` pointing at the last reply, and about one conversation in
eight carrying a regenerated reply or an edited question (so the tree has branches).

Reuse it from other benchmarks::

    from bench.synthetic_export import write_chatgpt_export
    stats = write_chatgpt_export("/tmp/conversations.json", conversations=5000, turns=200_000)

or from the command line::

    python bench/synthetic_export.py /tmp/conversations.json --conversations 5000 --turns 200000

The same ``seed`` always writes the same bytes.
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ExportStats", "write_chatgpt_export"]

_WORD_TEXT = (
    "the a to and of in is it that for you with on this be are as can have not or your at by "
    "from use will we if an which so more when like do one about there what time would some "
    "project meeting deadline sister mother doctor appointment garden python server database "
    "index query budget trip berlin lisbon tokyo flight hotel recipe dinner birthday gift "
    "running marathon knee physio medication dose morning evening weekend colleague manager "
    "review release deploy kubernetes cluster invoice contract apartment lease landlord "
    "school teacher homework piano lesson daughter son partner wedding anniversary concert "
    "tickets"
)
_WORDS = _WORD_TEXT.split()

_USER_OPENERS = (
    "Can you help me with",
    "I need to figure out",
    "My sister asked me about",
    "Quick question about",
    "I'm planning",
    "Remind me how to handle",
    "What do you think about",
)


@dataclass
class ExportStats:
    """What :func:`write_chatgpt_export` wrote."""

    path: Path
    conversations: int
    turns: int  # user + assistant messages on the canonical branches
    nodes: int  # mapping nodes in total, branches included
    bytes: int


def _sentence(rng: random.Random, words: int) -> str:
    text = " ".join(rng.choice(_WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


_POOL: list[str] = []


def _paragraphs(rng: random.Random, chars: int) -> str:
    """Paragraphs of about ``chars`` characters, drawn from a seeded pool of sentences."""
    if not _POOL:
        pool_rng = random.Random(12345)
        _POOL.extend(_sentence(pool_rng, pool_rng.randint(6, 22)) for _ in range(4000))
    out: list[str] = []
    size = 0
    while size < chars:
        para = " ".join(rng.choices(_POOL, k=rng.randint(2, 6)))
        out.append(para)
        size += len(para) + 2
    return "\n\n".join(out)


def _uuid(rng: random.Random) -> str:
    h = f"{rng.getrandbits(128):032x}"
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-8{h[17:20]}-{h[20:32]}"


def _node(
    rng: random.Random,
    node_id: str,
    parent: str | None,
    role: str,
    text: str,
    t: float | None,
    *,
    hidden: bool = False,
    model: str = "gpt-4o",
) -> dict[str, object]:
    metadata: dict[str, object] = {}
    if hidden:
        metadata["is_visually_hidden_from_conversation"] = True
    if role == "assistant":
        metadata.update(
            {
                "finish_details": {"type": "stop", "stop_tokens": [200002]},
                "is_complete": True,
                "citations": [],
                "content_references": [],
                "model_slug": model,
                "default_model_slug": model,
                "parent_id": parent,
                "request_id": f"{rng.getrandbits(64):016x}-LHR",
                "timestamp_": "absolute",
            }
        )
    elif role == "user":
        metadata.update({"request_id": f"{rng.getrandbits(64):016x}-LHR", "timestamp_": "absolute"})
    return {
        "id": node_id,
        "message": {
            "id": node_id,
            "author": {"role": role, "name": None, "metadata": {}},
            "create_time": t,
            "update_time": None,
            "content": {"content_type": "text", "parts": [text]},
            "status": "finished_successfully",
            "end_turn": True if role == "assistant" else None,
            "weight": 1.0,
            "metadata": metadata,
            "recipient": "all",
            "channel": None,
        },
        "parent": parent,
        "children": [],
    }


def _conversation(rng: random.Random, n_turns: int, start: float) -> tuple[dict[str, object], int]:
    mapping: dict[str, dict[str, object]] = {}
    root = _uuid(rng)
    mapping[root] = {"id": root, "message": None, "parent": None, "children": []}
    system = _uuid(rng)
    mapping[system] = _node(rng, system, root, "system", "", None, hidden=True)
    mapping[root]["children"] = [system]  # type: ignore[index]
    parent, t = system, start
    branch_at = rng.randrange(n_turns) if rng.random() < 0.125 else -1
    title = ""
    for i in range(n_turns):
        role = "user" if i % 2 == 0 else "assistant"
        t += rng.uniform(5, 240)
        if role == "user":
            text = f"{rng.choice(_USER_OPENERS)} {_paragraphs(rng, rng.randint(60, 400))}"
            title = title or text[:40]
        else:
            text = _paragraphs(rng, rng.randint(400, 1700))
        if i == branch_at:
            # an abandoned sibling (regenerated reply or edited question) on a dead branch
            dead = _uuid(rng)
            mapping[dead] = _node(rng, dead, parent, role, _paragraphs(rng, 400), t)
            mapping[parent]["children"].append(dead)  # type: ignore[union-attr]
            t += 3.0
        node_id = _uuid(rng)
        mapping[node_id] = _node(rng, node_id, parent, role, text, t)
        mapping[parent]["children"].append(node_id)  # type: ignore[union-attr]
        parent = node_id
    conv_id = _uuid(rng)
    conv = {
        "title": title.strip() or "Untitled",
        "create_time": start,
        "update_time": t,
        "mapping": mapping,
        "moderation_results": [],
        "current_node": parent,
        "plugin_ids": None,
        "conversation_id": conv_id,
        "conversation_template_id": None,
        "gizmo_id": None,
        "is_archived": False,
        "safe_urls": [],
        "default_model_slug": "gpt-4o",
        "id": conv_id,
    }
    return conv, len(mapping)


def write_chatgpt_export(
    path: str | Path, conversations: int = 5000, turns: int = 200_000, seed: int = 7
) -> ExportStats:
    """Write a synthetic ChatGPT ``conversations.json`` with about ``turns`` canonical turns.

    Turn counts per conversation vary (2 to about 3x the mean, always even), and the total is
    exactly ``turns`` when ``turns >= 2 * conversations``. Streams to disk, so memory stays small.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    mean = max(2, turns // max(1, conversations))
    sizes = [max(2, int(rng.expovariate(1 / mean)) // 2 * 2) for _ in range(conversations)]
    # rescale so the total matches the request
    total = sum(sizes)
    sizes = [max(2, round(s * turns / total / 2) * 2) for s in sizes]
    diff = turns - sum(sizes)
    i = 0
    while diff != 0 and conversations:
        step = 2 if diff > 0 else -2
        if step > 0 or sizes[i % conversations] > 2:
            sizes[i % conversations] += step
            diff -= step
        i += 1
        if i > 10 * conversations * max(1, abs(diff)):
            break
    start = 1_700_000_000.0
    nodes = 0
    with path.open("w", encoding="utf-8") as f:
        f.write("[")
        for n, size in enumerate(sizes):
            start += rng.uniform(600, 86_400)
            conv, count = _conversation(rng, size, start)
            nodes += count
            if n:
                f.write(",\n")
            f.write(json.dumps(conv, ensure_ascii=False))
        f.write("]\n")
    return ExportStats(path, conversations, sum(sizes), nodes, path.stat().st_size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--conversations", type=int, default=5000)
    parser.add_argument("--turns", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    stats = write_chatgpt_export(args.path, args.conversations, args.turns, args.seed)
    print(
        f"wrote {stats.path}: {stats.conversations} conversations, {stats.turns} turns, "
        f"{stats.nodes} nodes, {stats.bytes / 1e6:.1f} MB"
    )


if __name__ == "__main__":
    main()
