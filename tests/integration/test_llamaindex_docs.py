"""docs/llamaindex.md's snippets run, top to bottom, as one script (embedded store, no LLM)."""

from __future__ import annotations

import re

from cx_helpers import REPO, servers_for

DOC = REPO / "docs" / "llamaindex.md"


def test_the_llamaindex_doc_runs(capsys):
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert len(blocks) >= 6
    namespace: dict = {}
    try:
        for block in blocks:
            exec(compile(block, str(DOC), "exec"), namespace)
    finally:
        cx = namespace.get("cx")
        if cx is not None:
            cx.close()
            for p in servers_for(cx.data_dir):
                p.kill()
    out = capsys.readouterr().out
    assert "billing migration" in out and "said: " in out  # the retriever, with evidence
    assert "<context_injection" in out and "Miso" in out  # the memory block
    assert "WriteQueryRefused" not in out and "read-only" in out  # the refused write's message
    assert re.search(r"\[[^\n]*Casey[^\n]*Porto", out)  # index.insert went through the pipeline
