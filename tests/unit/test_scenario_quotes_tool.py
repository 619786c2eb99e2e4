"""The dev tool that keeps scenario quotes out of code comments (bench/scenario_quotes.py),
run on a package and scenario written here: the real scenarios live outside the repository."""

from __future__ import annotations

import json
from pathlib import Path

from bench.scenario_quotes import comments_and_docstrings, main, quotes, scenario_runs


def test_comments_and_docstrings_are_found() -> None:
    source = '"""Module doc."""\nx = "not a doc"  # a comment\n\n\ndef f():\n    """F doc."""\n'
    assert [text for _, text in comments_and_docstrings(source)] == [
        '"""Module doc."""',
        "# a comment",
        '"""F doc."""',
    ]


def _tree(tmp_path: Path, comment: str) -> tuple[Path, Path]:
    code = tmp_path / "pkg"
    code.mkdir()
    (code / "mod.py").write_text(
        f'"""A module."""\n\nx = "the gecko moved to the lake house in may"  {comment}\n'
    )
    scen = tmp_path / "scen"
    scen.mkdir()
    turns = [{"text": "Honestly the gecko moved to the lake house in May, finally."}]
    (scen / "s1.json").write_text(json.dumps({"sessions": [{"turns": turns}]}))
    return code, scen


def test_a_comment_quoting_a_scenario_is_reported_and_fails_the_run(tmp_path: Path, capsys) -> None:
    code, scen = _tree(tmp_path, "# e.g. 'the gecko moved to the lake house'")
    found = quotes(code, scenario_runs([scen]))
    # every six-word run is a quote; the quote marks around the words do not hide them
    assert found == [
        "pkg/mod.py:3: 'gecko moved to the lake house'",
        "pkg/mod.py:3: 'the gecko moved to the lake'",
    ]
    assert main(["--scenarios", str(scen), "--code", str(code)]) == 1
    assert "2 quote(s)" in capsys.readouterr().out


def test_code_strings_and_short_runs_are_not_quotes(tmp_path: Path) -> None:
    # the string literal repeats the scenario, but it is code, not a comment; the comment
    # shares five words only
    code, scen = _tree(tmp_path, "# the gecko moved to the")
    assert quotes(code, scenario_runs([scen])) == []
    assert main(["--scenarios", str(scen), "--code", str(code)]) == 0
