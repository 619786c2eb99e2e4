"""Parallel ingestion with the offline model: the extraction worker embeds most turns too
(both cores share the costliest step), the main process the rest, and the graph holds the
vectors a sequential run stores."""

from __future__ import annotations

from collections import Counter

import numpy as np

from contextos import ContextOS
from contextos.pipeline import conversation
from contextos.pipeline.workers import WORKER_TURN_SHARE
from contextos.samples import DEMO_USER, DEMO_USER_NAME, sample_paths


def _turn_vectors(c: ContextOS) -> dict[str, tuple[str, np.ndarray]]:
    """turn key -> (conversation id, vector) of the user's embedded turns."""
    rows = c.store.run(
        "MATCH (t:Turn) WHERE t.user_id = $u AND t.embedding IS NOT NULL "
        "RETURN t.key, t.conversation_id, t.embedding",
        {"u": DEMO_USER},
    )
    return {r[0]: (r[1], np.asarray(r[2], dtype=np.float32)) for r in rows}


def test_the_worker_embeds_the_turns_a_sequential_run_embeds_here(tmp_path, monkeypatch):
    embedded_here: dict[bool, int] = {}
    real = conversation.embed_turns

    def run(parallel: bool) -> dict[str, tuple[str, np.ndarray]]:
        count = 0

        def counted(embed, turns):  # this process's turn embedding, passed through
            nonlocal count
            out = real(embed, turns)
            count += len(out)
            return out

        monkeypatch.setattr(conversation, "embed_turns", counted)
        with ContextOS.open(tmp_path / f"p{parallel}") as c:
            c.ingest(sample_paths(), user=DEMO_USER, user_name=DEMO_USER_NAME, parallel=parallel)
            embedded_here[parallel] = count
            return _turn_vectors(c)

    sequential, parallel = run(False), run(True)
    assert sequential and set(parallel) == set(sequential)
    for key, (_, vec) in sequential.items():
        assert float(vec @ parallel[key][1]) > 0.999  # the same model, the same texts
    assert embedded_here[False] == len(sequential)  # every turn embedded in this process
    # the worker sent its share of each conversation's turns, this process embedded the rest
    per_conversation = Counter(cid for cid, _ in sequential.values())
    rest = sum(n - round(WORKER_TURN_SHARE * n) for n in per_conversation.values())
    assert 0 < rest < len(sequential)
    assert embedded_here[True] == rest
