"""The brief end to end: a short history ingested into the embedded graph (a project that
moves from planning to blocked, a manager who changes), its typed changes and summary, the
``contextos brief --format`` outputs, the HTML page in headless Chromium, and the nightly job
that writes every user's brief to a folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from html.parser import HTMLParser

import pytest
from cx_helpers import REPO, run_cli

from contextos import ContextOS

SINCE, UNTIL = datetime(2026, 3, 5, tzinfo=UTC), datetime(2026, 3, 10, tzinfo=UTC)
CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium is not installed (Debian package: chromium)"
)


@pytest.fixture
def history(dana_history):
    return dana_history


def test_the_brief_types_a_status_change_and_a_new_manager(history):
    with ContextOS.open(history) as cx:
        brief = cx.brief("dana", since=SINCE, until=UNTIL)
    by_field = {(c.entity_name, c.field): c for c in brief.changes}
    status = by_field[("Atlas launch", "status")]
    assert (status.kind, status.from_, status.to) == ("status_changed", "planning", "blocked")
    assert status.entity_type == "Project" and status.changed_at == datetime(
        2026, 3, 9, 9, tzinfo=UTC
    )
    assert status.quote == "the Atlas launch is blocked on the vendor contract"
    assert status.turn_ids and all(t.startswith(("a:", "b:")) for t in status.turn_ids)
    manager = by_field[("Dana", "manager")]
    assert (manager.kind, manager.from_, manager.to) == ("value_changed", "Ben Ortiz", "Carla Diaz")
    assert brief.changes[0] is status  # a blocker leads the brief
    assert brief.summary.startswith(
        "Since Thursday 5 March, for Dana: Atlas launch moved from planning to blocked; "
        "Dana's manager changed from Ben Ortiz to Carla Diaz"
    )


def test_brief_cli_formats(history):
    out = run_cli("brief", "--user", "dana", "--since", "2026-03-05", "--until", "2026-03-10",
                  "--format", "json", data_dir=history)  # fmt: skip
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert {"status_changed", "value_changed"} <= {c["kind"] for c in data["changes"]}
    assert any(c["from"] == "planning" and c["to"] == "blocked" for c in data["changes"])
    md = run_cli("brief", "--user", "dana", "--since", "2026-03-05", "--until", "2026-03-10",
                 "--format", "markdown", data_dir=history)  # fmt: skip
    assert "| status_changed | Atlas launch | status | planning | blocked |" in md.stdout
    bad = run_cli("brief", "--user", "dana", "--format", "pdf", data_dir=history)
    assert bad.returncode == 2 and "use one of text, markdown, json, html" in bad.stderr


class _Dom(HTMLParser):
    """The parts of the page the test checks: changes, chips, quote links and their targets."""

    def __init__(self):
        super().__init__()
        self.changes, self.chips, self.links, self.ids = [], [], [], set()
        self._chip = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        classes = (a.get("class") or "").split()
        if tag == "li" and "change" in classes:
            self.changes.append(a.get("data-kind"))
        if tag == "a" and "quote-link" in classes:
            self.links.append(a["href"])
        self._chip = "chip" in classes

    def handle_data(self, data):
        if self._chip:
            self.chips.append(data)
        self._chip = False


@pytest.mark.chromium
@needs_chromium
def test_the_html_brief_renders_in_headless_chromium(history, tmp_path):
    out = run_cli("brief", "--user", "dana", "--since", "2026-03-05", "--until", "2026-03-10",
                  "--format", "html", data_dir=history)  # fmt: skip
    assert out.returncode == 0, out.stderr
    page = tmp_path / "brief.html"
    page.write_text(out.stdout)
    flags = ["--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'p'}"]
    dom = subprocess.run(
        [CHROMIUM, *flags, "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert dom.returncode == 0, dom.stderr[-2000:]
    parsed = _Dom()
    parsed.feed(dom.stdout)  # the DOM as Chromium built it
    assert {"status_changed", "value_changed"} <= set(parsed.changes)
    assert "status changed" in parsed.chips and "blocked" in parsed.chips
    assert parsed.links and all(
        h.startswith("#quote-") and h[1:] in parsed.ids for h in parsed.links
    )
    assert "the Atlas launch is blocked on the vendor contract" in dom.stdout
    shot = tmp_path / "brief.png"
    subprocess.run(
        [CHROMIUM, *flags, f"--screenshot={shot}", "--window-size=900,900", page.as_uri()],
        capture_output=True,
        timeout=120,
    )
    assert shot.exists() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 5000  # a page was drawn, not an empty frame


def test_nightly_brief_writes_every_users_brief_to_a_folder(history, tmp_path):
    out_dir = tmp_path / "briefs"
    env = {**os.environ, "CONTEXTOS_DATA_DIR": str(history), "CONTEXTOS_STORE": "embedded"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    run = subprocess.run(
        [sys.executable, str(REPO / "pipelines" / "nightly_brief.py"), "--hours", "120",
         "--until", "2026-03-10T00:00:00+00:00", "--out", str(out_dir), "--format", "html"],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    files = sorted(p.name for p in out_dir.iterdir())
    assert files == ["dana-2026-03-10.html"]
    assert "Atlas launch moved from planning to blocked" in (out_dir / files[0]).read_text()
