"""Why a gold supersession pair is missed: which step of slot reading loses it.

For every gold ``superseded_by`` pair whose both facts are stored (as ``contextos eval`` counts
them) and whose old fact is not replaced by the new one, the stored old and new facts' slot
readings (``resolve/slots.py``) are compared clause by clause, and the pair is filed under the
first step that fails for its best pair of clauses:

* ``replaced-by-other`` — the old fact is replaced, but not by a match of the new one;
* ``said-together`` — both come from one turn;
* ``entity`` — no clause of the one names an entity a clause of the other names;
* ``no-value`` — a clause states no value (nothing masked);
* ``multi-valued`` — a clause is read as multi-valued (category or prototypes);
* ``no-value-replaced`` — neither has a value the other lacks;
* ``attribute-differs`` — the parse names two different attributes;
* ``below-floor`` / ``below-masked`` — the masked cosine is under the threshold that applies;
* ``slot-but-not-applied`` — in one slot, yet not replaced (decision order, conflict rule).

Read sets only: it prints fact texts. Never point it at the unread scenarios.

PYTHONPATH=$PWD .venv/bin/python bench/supersession_diagnosis.py --scenarios DIR_OR_FILE ...
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

import numpy as np

from contextos.embeddings import default_embedder
from contextos.evaluation.datasets import Scenario, load_scenarios
from contextos.evaluation.matching import MATCH_THRESHOLD, best_matches
from contextos.evaluation.run import _extract_as_ingested
from contextos.evaluation.supersession import Embed, _chain, _replay
from contextos.extract import registry
from contextos.extract.base import Extractor
from contextos.models.facts import Fact
from contextos.resolve.slots import (
    ATTRIBUTE_FLOOR,
    MASKED_SIMILARITY,
    SlotReader,
    SlotReading,
    same_attribute,
    same_entity,
    same_slot,
)

UNREAD_MARKERS = ("ho2-04", "ho2-05", "ho2-06", "ho6-01", "ho6-03", "ho7-02", "ho7-04")


def _step(a: SlotReading, b: SlotReading) -> tuple[str, str]:
    """The furthest step a pair of clauses of ``a`` and ``b`` reaches, and what it read."""
    if same_slot(a, b) is not None:
        return "slot-but-not-applied", ""
    order = [
        "entity",
        "no-value",
        "multi-valued",
        "no-value-replaced",
        "attribute-differs",
        "below-floor",
        "below-masked",
    ]
    best = (-1, "entity", "")
    sims = a.vectors @ b.vectors.T
    for i, ca in enumerate(a.clauses):
        for j, cb in enumerate(b.clauses):
            cos = float(sims[i, j])
            info = (
                f"{ca.entity}|{ca.attribute}|{ca.masked!r} ~ "
                f"{cb.entity}|{cb.attribute}|{cb.masked!r} {cos:.2f}"
            )
            if not same_entity(ca, cb):
                step = "entity"
            elif not (ca.states_value and cb.states_value):
                step = "no-value"
            elif not (ca.single_valued and cb.single_valued):
                step = "multi-valued"
            elif not (ca.values - cb.values and cb.values - ca.values):
                step = "no-value-replaced"
            elif ca.attribute is not None and cb.attribute is not None:
                clausal = ca.attribute != cb.attribute and (ca.clausal or cb.clausal)
                if not same_attribute(ca.attribute, cb.attribute) or clausal:
                    step = "attribute-differs"
                else:
                    step = "below-floor" if cos < ATTRIBUTE_FLOOR else "?"
            else:
                step = "below-masked" if cos < MASKED_SIMILARITY else "?"
            rank = order.index(step) if step in order else len(order)
            if rank > best[0]:
                best = (rank, step, info)
    return best[1], best[2]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenarios", type=Path, action="append", default=[])
    args = ap.parse_args()
    if any(m in str(p) for p in args.scenarios for m in UNREAD_MARKERS):
        raise SystemExit("read sets only")
    embed = default_embedder().embed_texts
    extractor = registry.create(registry.DEFAULT, None)
    reader = SlotReader(embed)
    steps: Counter[str] = Counter()
    for sc in load_scenarios(args.scenarios):
        if any(m in sc.id for m in UNREAD_MARKERS):
            continue
        _diagnose(sc, extractor, embed, reader, steps)
    print("\n" + ", ".join(f"{k}: {v}" for k, v in steps.most_common()))


def _diagnose(
    sc: Scenario, extractor: Extractor, embed: Embed, reader: SlotReader, steps: Counter[str]
) -> None:
    results = _extract_as_ingested(extractor, sc.conversations, sc.user)
    replayed = _replay(sc, results, extractor, embed)
    stored: list[Fact] = list(replayed.facts.values())
    gold = sc.facts
    if not stored or not gold:
        return
    sims = best_matches(
        [g.text for g in gold],
        [f.text for f in stored],
        embed,
        lambda i, j: bool(set(stored[j].turn_ids) & set(gold[i].turn_ids)),
    )
    matches = sims >= MATCH_THRESHOLD
    gold_at = {g.id: i for i, g in enumerate(gold) if g.id}
    for i, g in enumerate(gold):
        k = gold_at.get(g.superseded_by or "")
        if k is None:
            continue
        olds, news = np.flatnonzero(matches[i]), np.flatnonzero(matches[k])
        if not len(olds) or not len(news):
            continue
        new_ids = {stored[j].id for j in news}
        if any(new_ids & set(_chain(replayed.replaced, stored[j].id)) for j in olds):
            steps["superseded"] += 1
            continue
        o, n = stored[olds[0]], stored[news[0]]
        if replayed.replaced.get(o.id):
            step, info = "replaced-by-other", replayed.replaced[o.id]
            info = replayed.facts[info].text if info in replayed.facts else info
        elif set(o.turn_ids) & set(n.turn_ids):
            step, info = "said-together", ""
        else:
            ro, rn = reader.read(
                [
                    (o.text, o.evidence, o.subject, o.category),
                    (n.text, n.evidence, n.subject, n.category),
                ]
            )
            step, info = _step(ro, rn)
        steps[step] += 1
        print(f"[{step}] {sc.id}\n  old [{o.subject}/{o.category}] {o.text!r}")
        print(f"  new [{n.subject}/{n.category}] {n.text!r}\n  {info}")


if __name__ == "__main__":
    main()
