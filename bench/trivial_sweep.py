"""What the ``trivial`` gate costs at each threshold: run the extractor once, score every fact
that passes every other check, and sweep the importance threshold.

For each threshold: facts stored, recall and precision of the stored facts against the gold
(as ``contextos eval`` matches them: cosine >= 0.70, turn ids overlapping), how many facts
the gate rejects, and how many of the rejected texts match a gold fact (the cost). SPC rows
count recall only (the persona lists are not exhaustive). Read sets only: this lists texts.

PYTHONPATH=$PWD .venv/bin/python bench/trivial_sweep.py --scenarios DIR_OR_FILE ... \
    [--spc CSV --spc-rows 200] [--show 0.3]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

import contextos.validate as validate_mod
from contextos.embeddings import default_embedder
from contextos.evaluation.datasets import load_scenarios, load_spc
from contextos.evaluation.matching import MATCH_THRESHOLD, best_matches, third_person
from contextos.evaluation.run import _as_stored, _extract_as_ingested
from contextos.extract import registry
from contextos.models.facts import CandidateFact
from contextos.validate import index_turns, validate
from contextos.validate.importance import importance
from contextos.validate.standalone import parse_texts

DUMP: list[str] = []
THRESHOLDS = (0.0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5)


def _scored(facts: list[CandidateFact]) -> list[tuple[CandidateFact, float, str]]:
    docs = parse_texts([f.text for f in facts])
    out = []
    for f, d in zip(facts, docs, strict=True):
        imp = importance(d, f)
        out.append((f, imp.score, imp.explain()))
    return out


def _passing(results: list, by_id: dict) -> list[CandidateFact]:
    """Every fact that passes validation with the importance gate off."""
    return [f for r in results for f in validate(r, by_id).facts]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenarios", type=Path, action="append", default=[])
    ap.add_argument("--spc", type=Path)
    ap.add_argument("--spc-rows", type=int, default=200)
    ap.add_argument("--show", type=float, default=None, help="list what this threshold rejects")
    ap.add_argument("--dump", type=Path, help="write every scored fact (tab-separated) here")
    args = ap.parse_args()
    validate_mod.trivial_problem = lambda imp, threshold=0.0: None  # the gate off
    embed = default_embedder().embed_texts
    extractor = registry.create(registry.DEFAULT, None)
    # per threshold: stored, matched stored, gold found, rejected, rejected matching gold
    rows = {t: np.zeros(5, dtype=int) for t in THRESHOLDS}
    gold_total = 0
    shown: list[str] = []
    for sc in load_scenarios(args.scenarios) if args.scenarios else []:
        by_id = index_turns(sc.turns)
        results = _extract_as_ingested(extractor, sc.conversations, sc.user)
        facts = _as_stored(_passing(results, by_id), sc.user)
        scored = _scored(facts)
        gold = sc.facts
        gold_total += len(gold)

        def allowed(i: int, j: int, gold=gold, facts=facts) -> bool:
            return bool({e.turn_id for e in facts[j].evidence} & set(gold[i].turn_ids))

        sims = best_matches([g.text for g in gold], [f.text for f in facts], embed, allowed)
        hit = sims >= MATCH_THRESHOLD  # gold x facts
        for j, (f, sc_, why) in enumerate(scored):
            gold_mark = "GOLD" if len(gold) and hit[:, j].any() else "-"
            DUMP.append(f"{sc_:.2f}\t{gold_mark}\t{sc.id}\t{f.text}\t{why}")
        for t in THRESHOLDS:
            keep = np.array([s >= t for _, s, _ in scored], dtype=bool)
            matches_gold = hit.any(axis=0) if len(gold) else np.zeros(len(facts), bool)
            rows[t] += [
                keep.sum(),
                (matches_gold & keep).sum(),
                hit[:, keep].any(axis=1).sum() if len(facts) else 0,
                (~keep).sum(),
                (matches_gold & ~keep).sum(),
            ]
            if args.show is not None and abs(t - args.show) < 1e-9:
                for j in np.flatnonzero(~keep):
                    f, _, why = scored[j]
                    mark = "GOLD" if matches_gold[j] else "    "
                    shown.append(f"{mark} {sc.id} {f.category:<12} {f.text!r}  [{why}]")
    if args.scenarios:
        print(f"scenarios: {gold_total} gold facts")
        print("threshold  stored  precision  recall  trivial  trivial-matching-gold")
        for t, (n, m, found, rej, rej_gold) in rows.items():
            print(
                f"{t:9.2f}  {n:6d}  {m / max(n, 1):9.3f}  {found / max(gold_total, 1):6.3f}  "
                f"{rej:7d}  {rej_gold:5d}"
            )
    if args.spc is not None:
        _spc(args, embed, extractor, shown)
    print("\n".join(shown))
    if args.dump is not None:
        args.dump.write_text("\n".join(DUMP) + "\n", encoding="utf-8")


def _spc(args: argparse.Namespace, embed, extractor, shown: list[str]) -> None:
    rows = {t: np.zeros(4, dtype=int) for t in THRESHOLDS}
    gold_total = 0
    for d in load_spc(args.spc, rows=args.spc_rows):
        (result,) = _extract_as_ingested(extractor, [d.conversation], d.user)
        facts = validate(result, {t.id: t for t in d.conversation.turns}).facts
        scored = _scored(facts)
        speaker_of = {t.id: t.speaker for t in d.conversation.turns}
        for speaker, lines in d.personas.items():
            idx = [
                j
                for j, f in enumerate(facts)
                if any(speaker_of.get(e.turn_id) == speaker for e in f.evidence)
            ]
            gold = [third_person(line, speaker) for line in lines]
            gold_total += len(gold)
            sims = best_matches(gold, [facts[j].text for j in idx], embed, lambda i, j: True)
            hit = sims >= MATCH_THRESHOLD
            for k, j in enumerate(idx):
                f, sc_, why = scored[j]
                gold_mark = "GOLD" if len(gold) and hit[:, k].any() else "-"
                DUMP.append(f"{sc_:.2f}\t{gold_mark}\tspc{d.row}\t{f.text}\t{why}")
            for t in THRESHOLDS:
                keep = np.array([scored[j][1] >= t for j in idx], dtype=bool)
                matches_gold = hit.any(axis=0) if len(idx) else np.zeros(0, bool)
                rows[t] += [
                    keep.sum(),
                    hit[:, keep].any(axis=1).sum() if len(idx) else 0,
                    (~keep).sum(),
                    (matches_gold & ~keep).sum(),
                ]
                if args.show is not None and abs(t - args.show) < 1e-9:
                    for k in np.flatnonzero(~keep):
                        f, _, why = scored[idx[k]]
                        mark = "GOLD" if matches_gold[k] else "    "
                        shown.append(f"{mark} spc{d.row} {f.category:<12} {f.text!r}  [{why}]")
    print(f"SPC: {gold_total} persona lines")
    print("threshold  stored  recall  trivial  trivial-matching-gold")
    for t, (n, found, rej, rej_gold) in rows.items():
        print(f"{t:9.2f}  {n:6d}  {found / max(gold_total, 1):6.3f}  {rej:7d}  {rej_gold:5d}")


if __name__ == "__main__":
    main()
