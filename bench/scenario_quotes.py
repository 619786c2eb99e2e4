"""Dev tool: no code comment or docstring under ``contextos/`` quotes an eval scenario (issue
#39). The words that motivated a rule belong in that rule's test, where a change of the rule
shows against them; in the code they read as a rule written for one sentence of the data.

Compares runs of :data:`RUN` words (lower-cased, punctuation dropped) between every comment and
docstring under ``contextos/`` and every text of the scenario files given. Prints each quote
(file:line and the run) and exits 1 when there is one. A dev tool, not a test: the scenarios
live outside the repository (``make lint`` runs it when ``SCENARIOS`` is there).

PYTHONPATH=$PWD .venv/bin/python bench/scenario_quotes.py --scenarios ../shared/data/scenarios/dev
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import tokenize
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN = 6
_WORD = re.compile(r"[a-z0-9']+")
#: what a string that is a statement of its own follows
_STATEMENT_START = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.NL)


def runs(text: str, size: int = RUN) -> set[tuple[str, ...]]:
    """Every run of ``size`` consecutive words of ``text``."""
    # an apostrophe inside a word stays ("don't"); quote marks around words do not
    w = [t.strip("'") for t in _WORD.findall(text.lower().replace("\u2019", "'"))]
    w = [t for t in w if t]
    return {tuple(w[i : i + size]) for i in range(len(w) - size + 1)}


def strings(value: object) -> Iterator[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


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


def scenario_runs(paths: Iterable[Path]) -> set[tuple[str, ...]]:
    """The word runs of every text in the scenario files (a folder: its ``*.json``)."""
    said: set[tuple[str, ...]] = set()
    for p in paths:
        for path in sorted(p.glob("*.json")) if p.is_dir() else [p]:
            for text in strings(json.loads(path.read_text(encoding="utf-8"))):
                said |= runs(text)
    return said


def quotes(code: Path, said: set[tuple[str, ...]]) -> list[str]:
    """``file:line: 'run'`` for every comment or docstring under ``code`` that quotes ``said``."""
    found = []
    for path in sorted(code.rglob("*.py")):
        for line, text in comments_and_docstrings(path.read_text(encoding="utf-8")):
            for run in sorted(runs(text) & said):
                found.append(f"{path.relative_to(code.parent)}:{line}: {' '.join(run)!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenarios", type=Path, action="append", required=True)
    ap.add_argument("--code", type=Path, default=ROOT / "contextos")
    args = ap.parse_args(argv)
    said = scenario_runs(args.scenarios)
    if not said:
        print("error: no text read from the scenarios given", file=sys.stderr)
        return 2
    found = quotes(args.code, said)
    for q in found:
        print(q)
    print(f"{len(found)} quote(s) of the scenarios in comments and docstrings under {args.code}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
