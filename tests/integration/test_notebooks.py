"""Every notebook runs top to bottom against the real embedded store."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from cx_helpers import REPO, servers_for
from nbclient import NotebookClient

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))


@pytest.fixture
def kernel_name(tmp_path: Path, monkeypatch) -> str:
    """A kernel spec for *this* interpreter: the installed one says plain ``python``, which
    may be another Python on PATH."""
    spec = tmp_path / "jupyter" / "kernels" / "contextos-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "contextos tests",
                "language": "python",
            }
        )
    )
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    return "contextos-test"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes(path: Path, data_dir, monkeypatch, kernel_name):
    monkeypatch.setenv("CONTEXTOS_NOTEBOOK_DATA_DIR", str(data_dir))
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb, timeout=600, kernel_name=kernel_name, resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    outputs = "".join(
        o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
    )
    assert "<context_injection" in outputs
    assert not servers_for(data_dir)  # the notebook closed its store
