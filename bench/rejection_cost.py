"""What each rejection reason costs: how many rejected candidate texts match a gold fact.

A check that removes gold-matched facts as fast as junk is not worth it. For the scenario
files given (read sets only: this prints texts), every candidate the local extractor proposes
is validated as ingestion validates it; a candidate counts as *gold-matched* when its text has
MiniLM cosine >= 0.70 with a gold fact of an overlapping turn (the eval's own matching). Prints,
per rejection reason, the candidates rejected and how many of them matched gold; with
``--dump FILE`` writes one JSON line per candidate (text, quote, verdict, reason, detail, best
gold cosine) for reading.

    PYTHONPATH=$PWD python bench/rejection_cost.py --scenarios DIR_OR_FILE [...] [--dump F]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from contextos.embeddings import default_embedder
from contextos.evaluation.datasets import load_scenarios
from contextos.evaluation.matching import MATCH_THRESHOLD, best_matches
from contextos.extract import registry
from contextos.ingest import windows
from contextos.pipeline.conversation import extract_conversation
from contextos.validate import index_turns, validate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenarios", type=Path, action="append", required=True)
    ap.add_argument("--dump", type=Path)
    args = ap.parse_args()
    embed = default_embedder().embed_texts
    extractor = registry.create(registry.DEFAULT, None)
    rejected: Counter[str] = Counter()
    costly: Counter[str] = Counter()
    rows = []
    for sc in load_scenarios(args.scenarios):
        if hasattr(extractor, "forget"):
            extractor.forget(sc.user.id)
        by_id = index_turns(sc.turns)
        for conv in sc.conversations:
            result = extract_conversation(extractor, windows, conv, sc.user)
            v = validate(result, by_id)
            entries = [(f.text, f.evidence, "stored", "", "") for f in v.facts]
            quotes = {(f.text, f.evidence[0].turn_id): f.evidence for f in result.facts}
            for r in v.rejections:
                ev = quotes.get((r.text, r.turn_id))
                if ev is not None:
                    entries.append((r.text, ev, "rejected", r.reason, r.detail))
            gold = sc.facts
            turns = [{x.turn_id for x in e[1]} for e in entries]
            gold_turns = [set(g.turn_ids) for g in gold]
            sims = best_matches(
                [e[0] for e in entries],
                [g.text for g in gold],
                embed,
                lambda i, j, t=turns, g=gold_turns: bool(t[i] & g[j]),
            )
            for i, (text, ev, verdict, reason, detail) in enumerate(entries):
                best = float(sims[i].max()) if gold else -1.0
                if verdict == "rejected":
                    rejected[reason] += 1
                    costly[reason] += best >= MATCH_THRESHOLD
                rows.append(
                    {
                        "scenario": sc.id,
                        "verdict": verdict,
                        "reason": reason,
                        "detail": detail,
                        "text": text,
                        "quote": ev[0].quote,
                        "gold": round(best, 3),
                    }
                )
    for reason, n in rejected.most_common():
        print(f"{reason:24s} rejected {n:5d}  gold-matched {costly[reason]:4d}")
    print(f"stored {sum(r['verdict'] == 'stored' for r in rows)}")
    if args.dump:
        with args.dump.open("w") as fh:
            for row in rows:
                fh.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
