"""Extraction alone, split by stage: where the local extractor's CPU time goes.

    python bench/bench_extract.py                       # 300 conversations / 12,000 turns
    python bench/bench_extract.py --turns 4000 --conversations 100   # a quicker run
    python bench/bench_extract.py --profile out.prof    # and a cProfile of the run

Every conversation of a synthetic ChatGPT export (``bench/synthetic_export.py``) goes through
``LocalExtractor.extract`` in this process, one after another as ingestion reads them; the
figures are CPU milliseconds per turn for spaCy's tagger/parser/lemmatizer pass, its NER pass,
and everything else (the rule layer: clause analysis, fact texts, dates, people, categories).
No store, no embedding of facts: ``bench_ingest.py`` measures the whole path.
"""

from __future__ import annotations

import cProfile
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_parse import ensure_export, export_parser  # noqa: E402
from contextos.extract.local import LocalExtractor  # noqa: E402
from contextos.extract.local.text.nlp import Pipeline  # noqa: E402
from contextos.ingest.run import read_conversations  # noqa: E402
from contextos.models.extraction import UserRef  # noqa: E402


def _timed(method: Callable[..., Any], into: dict[str, float], key: str) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        t0 = time.process_time()
        try:
            return method(*args, **kwargs)
        finally:
            into[key] += time.process_time() - t0

    return timed


def main() -> int:
    parser = export_parser(__doc__.splitlines()[0], conversations=300, turns=12_000)
    parser.add_argument("--profile", type=Path, default=None, help="write a cProfile here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="contextos-bench-") as tmp:
        directory = args.dir or Path(tmp)
        directory.mkdir(parents=True, exist_ok=True)
        path = ensure_export(directory, args.conversations, args.turns, args.seed, args.user_text)
        conversations = list(read_conversations(path))
    extractor = LocalExtractor()
    user = UserRef(id="bench", name="bench")
    first = conversations[0]
    extractor.extract(first.turns[:4], first, user)  # load the models outside the timed part
    extractor.forget()
    stages = {"parse": 0.0, "ner": 0.0}
    Pipeline.parse = _timed(Pipeline.parse, stages, "parse")  # type: ignore[method-assign]
    Pipeline.add_entities = _timed(Pipeline.add_entities, stages, "ner")  # type: ignore[method-assign]
    profile = cProfile.Profile() if args.profile else None
    turns = sum(len(c.turns) for c in conversations)
    wall, cpu = time.perf_counter(), time.process_time()
    if profile:
        profile.enable()
    for conversation in conversations:
        extractor.extract(conversation.turns, conversation, user)
    if profile:
        profile.disable()
        profile.dump_stats(args.profile)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    rules = cpu - stages["parse"] - stages["ner"]
    print(f"export: {path.name} ({len(conversations)} conversations, {turns} turns)")
    print(
        f"extraction: {wall:.1f} s wall, {turns / wall:,.0f} turns/s, "
        f"{cpu / turns * 1000:.2f} ms CPU per turn"
    )
    for name, seconds in (
        ("spaCy parse", stages["parse"]),
        ("spaCy NER", stages["ner"]),
        ("rules", rules),
    ):
        print(f"  {name:<12}{seconds / turns * 1000:>6.2f} ms per turn ({seconds / cpu:.0%})")
    if profile:
        print(f"profile written to {args.profile}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
