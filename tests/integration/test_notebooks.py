"""Every notebook runs top to bottom against the real embedded store."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from conftest import REPO, servers_for
from nbclient import NotebookClient

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes(path: Path, data_dir, monkeypatch):
    monkeypatch.setenv("CONTEXTOS_NOTEBOOK_DATA_DIR", str(data_dir))
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = "".join(
        o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
    )
    assert "<context_injection" in outputs
    assert not servers_for(data_dir)  # the notebook closed its store
