"""No code comment or docstring quotes the dev scenarios (issue #39): the words that motivated
a rule belong in that rule's test, where a change of the rule shows against them; in the code
they read as a rule written for one sentence of the data.

Compared as runs of :data:`RUN` words (lower-cased, punctuation dropped) between every comment
and docstring under ``contextos/`` and every text of the dev scenarios. The dev scenarios are
found where the Makefile's ``SCENARIOS`` points (``../shared/data/scenarios/dev``) or in
``CONTEXTOS_DEV_SCENARIOS``; without them the check is skipped.
"""

from __future__ import annotations

import io
import json
import os
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUN = 6
_WORD = re.compile(r"[a-z0-9']+")
#: what a string that is a statement of its own follows
_STATEMENT_START = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.NL)


def _scenario_dir() -> Path | None:
    named = os.environ.get("CONTEXTOS_DEV_SCENARIOS")
    folder = Path(named) if named else ROOT.parent / "shared" / "data" / "scenarios" / "dev"
    return folder if folder.is_dir() and any(folder.glob("*.json")) else None


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("\u2019", "'"))


def _runs(text: str) -> set[tuple[str, ...]]:
    w = _words(text)
    return {tuple(w[i : i + RUN]) for i in range(len(w) - RUN + 1)}


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def comments_and_docstrings(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every comment and every string that stands as a statement of its own
    (a docstring, or a bare string used as a comment)."""
    before = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        statement = tok.type == tokenize.STRING and before in _STATEMENT_START
        if tok.type == tokenize.COMMENT or statement:
            yield tok.start[0], tok.string
        if tok.type not in (tokenize.NL, tokenize.COMMENT):
            before = tok.type


def test_comments_and_docstrings_are_found() -> None:
    """The check below would pass on a reader that finds nothing."""
    source = '"""Module doc."""\nx = "not a doc"  # a comment\n\n\ndef f():\n    """F doc."""\n'
    assert [text for _, text in comments_and_docstrings(source)] == [
        '"""Module doc."""',
        "# a comment",
        '"""F doc."""',
    ]


def test_no_comment_or_docstring_quotes_a_dev_scenario() -> None:
    folder = _scenario_dir()
    if folder is None:
        pytest.skip("the dev scenarios are not here (../shared/data/scenarios/dev)")
    said: set[tuple[str, ...]] = set()
    for path in sorted(folder.glob("*.json")):
        for text in _strings(json.loads(path.read_text(encoding="utf-8"))):
            said |= _runs(text)
    assert said, "no text read from the dev scenarios"
    quoted = []
    for path in sorted((ROOT / "contextos").rglob("*.py")):
        for line, text in comments_and_docstrings(path.read_text(encoding="utf-8")):
            for run in sorted(_runs(text) & said):
                quoted.append(f"{path.relative_to(ROOT)}:{line}: {' '.join(run)!r}")
    assert quoted == []
