"""Integration tests run the real embedded FalkorDB (started from the project's own install)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cx_helpers import servers_for


@pytest.fixture
def data_dir(tmp_path: Path):
    d = tmp_path / "data"
    yield d
    for p in servers_for(d):  # never leave a server behind, even when a test fails
        p.kill()
