"""``run_eval``: the local extractor on the dev scenarios and an SPC sample, measured.

Per dataset: gold-fact recall, precision (scenarios only: SPC persona lists are not
exhaustive), trap violations, type (and category) accuracy over found facts, and throughput in
turns/s end to end (extract + validate, every turn counted including assistant turns; model
loading is timed separately by a warm-up run and reported on its own line), on the first pass
and on a second pass over the same turns with warm caches (spaCy's lemma and lexeme caches, the
attribute rules' hits): the first pass is the rate of a small import, the second the rate a long
ingestion settles at.

Extraction goes the way ingestion goes (``_extract_as_ingested``): one conversation at a time,
in order, in windows, each scenario's conversations read as one user's (what an earlier one named
carries over: ``CarriesOver`` in ``extract/base.py``), each SPC dialogue as a user of its own.

The baseline in the same run takes every sentence the speaker wrote (three words or more) as a
fact, verbatim with the pronouns put in the third person: what storing the raw text would score.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from contextos.categorise import PrototypeClassifier, categorise_uncued
from contextos.evaluation.datasets import GoldItem, Scenario, SpcDialogue, load_scenarios, load_spc
from contextos.evaluation.matching import MATCH_THRESHOLD, best_matches, third_person
from contextos.evaluation.report import DatasetReport, EvalReport
from contextos.evaluation.supersession import measure_supersession
from contextos.extract import registry
from contextos.extract.base import CarriesOver, Extractor, Metered
from contextos.ingest import windows
from contextos.models.extraction import ExtractionResult, UserRef, display_name
from contextos.models.facts import CandidateFact
from contextos.models.metrics import ExtractorMetrics
from contextos.models.transcript import Conversation, Turn
from contextos.pipeline.conversation import extract_conversation, fact_id
from contextos.validate import ValidatedResult, index_turns, validate

__all__ = ["run_eval"]

Embed = Callable[[list[str]], np.ndarray]


def _warm_up(extractor: Extractor) -> float:
    """Load the models: the extractor's own (``warm_up()``, when it has one), then through a
    turn read."""
    start = time.perf_counter()
    warm_up = getattr(extractor, "warm_up", None)
    if callable(warm_up):
        warm_up()
    turn = Turn(
        id="w:0",
        conversation_id="w",
        index=0,
        role="user",
        speaker="user",
        text="I moved to Oslo yesterday and I love my new job at the museum. "
        "The weather was nice. My sister Ada visited us last summer.",
        timestamp=datetime(2024, 1, 2, tzinfo=UTC),
    )
    conv = Conversation(id="w", source="warmup", turns=[turn])
    validate(extractor.extract([turn], conv, UserRef.from_id("warm")), {turn.id: turn})
    return time.perf_counter() - start


def _overlap(fact: CandidateFact, turn_ids: tuple[str, ...]) -> bool:
    return bool({e.turn_id for e in fact.evidence} & set(turn_ids))


def _overlapping(facts: list[CandidateFact], gold: list[GoldItem]) -> Callable[[int, int], bool]:
    def allowed(i: int, j: int) -> bool:
        return _overlap(facts[j], gold[i].turn_ids)

    return allowed


def _extract_as_ingested(
    extractor: Extractor, conversations: list[Conversation], user: UserRef
) -> list[ExtractionResult]:
    """One result per conversation, extracted as ingestion extracts a user's export: one
    conversation after another, each in its windows, starting from nothing remembered."""
    if isinstance(extractor, CarriesOver):
        extractor.forget(user.id)
    return [extract_conversation(extractor, windows, c, user) for c in conversations]


def _as_stored(facts: list[CandidateFact], user: UserRef) -> list[CandidateFact]:
    """One fact per stored node: facts ingestion stores as one (the same subject and words,
    a pattern put forward again as it recurs) become one, with the evidence of all."""
    by_id: dict[str, CandidateFact] = {}
    for f in facts:
        key = fact_id(user.id, f.subject, f.text)
        kept = by_id.get(key)
        if kept is None:
            by_id[key] = f.model_copy()
            continue
        extra = [e for e in f.evidence if e not in kept.evidence]
        kept.evidence = [*kept.evidence, *extra]
        kept.confidence = max(kept.confidence, f.confidence)
    return list(by_id.values())


def _reset_spend(extractor: Extractor) -> None:
    """Start counting what the extractor spends (calls, tokens, cost, windows sent on) afresh."""
    if isinstance(extractor, Metered):
        extractor.reset_metrics()


def _spend(extractor: Extractor) -> list[ExtractorMetrics]:
    """What the extractor (and each part of a strategy) spent since :func:`_reset_spend`; empty
    for an extractor that counts nothing (the local one)."""
    if not isinstance(extractor, Metered):
        return []
    return [m.model_copy(deep=True) for m in extractor.run_metrics()]


def _timed_pass(
    groups: list[list[Conversation]],
    user_of: list[UserRef],
    extractor: Extractor,
    spent: list[ExtractorMetrics],
) -> float:
    """Seconds to extract and validate every group of one user's conversations again (the warm
    pass); 0 (not run) when the first pass ``spent`` model calls: a model's server has no
    caches of ours to warm, and a second pass would double what the eval costs."""
    if any(m.calls for m in spent):
        return 0.0
    start = time.perf_counter()
    for group, user in zip(groups, user_of, strict=True):
        by_id = index_turns(t for c in group for t in c.turns)
        for r in _extract_as_ingested(extractor, group, user):
            validate(r, by_id)
    return time.perf_counter() - start


_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")
_BASELINE_MIN_WORDS = 3


def _sentences(text: str, speaker: str) -> list[str]:
    """The sentences of ``text`` (three words or more), pronouns in the third person."""
    return [
        third_person(s.strip(), speaker)
        for s in _SENTENCE.split(text)
        if len(s.split()) >= _BASELINE_MIN_WORDS
    ]


def _baseline_scenario(
    sc: Scenario, embed: Embed, threshold: float, rep: DatasetReport
) -> tuple[np.ndarray, list[str]]:
    """Score the sentence baseline (see ``DatasetReport``) on one scenario into ``rep``;
    returns which gold facts it found and, for each found one, the sentence that says it
    (with its cosine; "" for the others)."""
    name = display_name(sc.user.name)
    units = [
        (sentence, t.id)
        for t in sc.turns
        if t.role == "user"
        for sentence in _sentences(t.text, name)
    ]
    gold = sc.facts
    sims = best_matches(
        [g.text for g in gold],
        [u for u, _t in units],
        embed,
        lambda i, j: units[j][1] in gold[i].turn_ids,
    )
    rep.baseline_extracted += len(units)
    found = np.zeros(len(gold), dtype=bool)
    said = [""] * len(gold)
    if units and gold:
        found = sims.max(axis=1) >= threshold
        rep.baseline_found += int(found.sum())
        rep.baseline_matched += int((sims.max(axis=0) >= threshold).sum())
        for i in np.flatnonzero(found):
            j = int(np.argmax(sims[i]))
            said[i] = f"{units[j][0]!r} ({sims[i, j]:.2f})"
    traps = sc.traps
    if units and traps:
        tsims = best_matches(
            [t.text for t in traps],
            [u for u, _t in units],
            embed,
            lambda i, j: units[j][1] in traps[i].turn_ids,
        )
        rep.baseline_trap_violations += int((tsims.max(axis=1) >= threshold).sum())
    return found, said


def _eval_scenarios(
    scenarios: list[Scenario], extractor: Extractor, embed: Embed, threshold: float
) -> DatasetReport:
    rep = DatasetReport("scenarios")
    rejections: Counter[str] = Counter()
    classifier = PrototypeClassifier(embed)
    _reset_spend(extractor)
    for sc in scenarios:
        turns = sc.turns
        start = time.perf_counter()
        results = _extract_as_ingested(extractor, sc.conversations, sc.user)
        by_id = index_turns(turns)
        validated = [validate(r, by_id) for r in results]
        rep.seconds += time.perf_counter() - start
        rep.conversations += len(sc.conversations)
        rep.turns += len(turns)
        facts = _as_stored([f for v in validated for f in v.facts], sc.user)
        # as ingestion does: uncued facts take the nearest category prototype of their vector
        facts = categorise_uncued(facts, embed([f.text for f in facts]), classifier)
        rejected = _rejected_candidates(results, validated)
        for v in validated:
            rejections.update(r.reason for r in v.rejections)
        gold = sc.facts
        sims = best_matches(
            [g.text for g in gold], [f.text for f in facts], embed, _overlapping(facts, gold)
        )
        rep.gold += len(gold)
        rep.extracted += len(facts)
        said_found, said = _baseline_scenario(sc, embed, threshold, rep)
        found = np.zeros(len(gold), dtype=bool)
        for i, g in enumerate(gold):
            j = int(np.argmax(sims[i])) if facts else -1
            if j >= 0 and sims[i, j] >= threshold:
                found[i] = True
                rep.found += 1
                rep.typed += 1
                rep.categorised += 1
                rep.type_correct += facts[j].type.value == g.type
                rep.category_correct += facts[j].category == g.category
            else:
                best = f"{facts[j].text!r} ({sims[i, j]:.2f})" if j >= 0 and sims[i, j] > 0 else "-"
                rep.missed.append(
                    f"{sc.id} {g.id} {g.turn_ids}: {g.text!r}; best {best}"
                    + _rejected_hint(g.text, g.turn_ids, rejected, embed, threshold)
                    # within reach: a sentence of the speaker says it as it is
                    + (f" [said in a sentence: {said[i]}]" if said[i] else "")
                )
        for j, f in enumerate(facts):
            if len(gold) and float(np.max(sims[:, j])) >= threshold:
                rep.matched += 1
            else:
                rep.unmatched.append(
                    f"{sc.id} {[e.turn_id for e in f.evidence]} "
                    f"{f.type.value}/{f.category} {f.confidence:.2f}: {f.text!r}"
                )
        rep.either_found += int((found | said_found).sum())
        rep.supersession.add(measure_supersession(sc, results, extractor, embed, threshold))
        traps = sc.traps
        rep.traps += len(traps)
        tsims = best_matches(
            [t.text for t in traps], [f.text for f in facts], embed, _overlapping(facts, traps)
        )
        for i, t in enumerate(traps):
            for j, f in enumerate(facts):
                if tsims[i, j] >= threshold:
                    rep.trap_violations.append(
                        f"{sc.id} {t.turn_ids} ({t.reason}) {t.text!r} <- {f.text!r}"
                    )
    rep.rejections = dict(rejections)
    rep.extractors = _spend(extractor)
    rep.warm_seconds = _timed_pass(
        [sc.conversations for sc in scenarios],
        [sc.user for sc in scenarios],
        extractor,
        rep.extractors,
    )
    return rep


def _rejected_candidates(results: list, validated: list[ValidatedResult]) -> list[CandidateFact]:
    accepted = {id(f) for v in validated for f in v.facts}
    return [f for r in results for f in r.facts if id(f) not in accepted]


def _rejected_hint(
    text: str,
    turn_ids: tuple[str, ...],
    rejected: list[CandidateFact],
    embed: Embed,
    threshold: float,
) -> str:
    cands = [f for f in rejected if _overlap(f, turn_ids)]
    if not cands:
        return ""
    sims = best_matches([text], [f.text for f in cands], embed, lambda i, j: True)[0]
    j = int(np.argmax(sims))
    if sims[j] < threshold:
        return ""
    reason = cands[j].flags[0] if cands[j].flags else "gate"
    return f" [a rejected candidate matched: {cands[j].text!r} ({reason})]"


def _eval_spc(
    dialogues: list[SpcDialogue],
    extractor: Extractor,
    embed: Embed,
    threshold: float,
) -> DatasetReport:
    """Each dialogue is two people of their own: read as a user's only conversation."""
    rep = DatasetReport("spc", precision_measured=False)
    rejections: Counter[str] = Counter()
    if not dialogues:
        return rep
    accepted: list[ValidatedResult] = []
    _reset_spend(extractor)
    start = time.perf_counter()
    for d in dialogues:
        (result,) = _extract_as_ingested(extractor, [d.conversation], d.user)
        accepted.append(validate(result, {t.id: t for t in d.conversation.turns}))
    rep.seconds += time.perf_counter() - start
    rep.extractors = _spend(extractor)
    for d, v in zip(dialogues, accepted, strict=True):
        rep.conversations += 1
        rep.turns += len(d.conversation.turns)
        rep.extracted += len(v.facts)
        rejections.update(r.reason for r in v.rejections)
        speaker_of = {t.id: t.speaker for t in d.conversation.turns}
        for speaker, lines in d.personas.items():
            facts = [
                f for f in v.facts if any(speaker_of.get(e.turn_id) == speaker for e in f.evidence)
            ]
            gold = [third_person(line, speaker) for line in lines]
            sims = best_matches(gold, [f.text for f in facts], embed, lambda i, j: True)
            said = [
                s
                for t in d.conversation.turns
                if t.speaker == speaker
                for s in _sentences(t.text, speaker)
            ]
            said_found = np.zeros(len(gold), dtype=bool)
            if said and gold:
                base = best_matches(gold, said, embed, lambda i, j: True)
                said_found = base.max(axis=1) >= threshold
                rep.baseline_found += int(said_found.sum())
            rep.baseline_extracted += len(said)
            rep.gold += len(gold)
            for i, g in enumerate(gold):
                j = int(np.argmax(sims[i])) if facts else -1
                found = j >= 0 and sims[i, j] >= threshold
                rep.either_found += bool(found or said_found[i])
                if found:
                    rep.found += 1
                    rep.typed += 1
                    rep.type_correct += facts[j].type.value == "USER_FACT"
                else:
                    best = f"{facts[j].text!r} ({sims[i, j]:.2f})" if j >= 0 else "-"
                    rep.missed.append(f"row {d.row} {speaker}: {g!r}; best {best}")
    rep.rejections = dict(rejections)
    rep.warm_seconds = _timed_pass(
        [[d.conversation] for d in dialogues],
        [d.user for d in dialogues],
        extractor,
        rep.extractors,
    )
    return rep


def run_eval(
    scenarios_dir: Path | Sequence[Path] | None,
    spc_path: Path | None,
    spc_rows: int = 200,
    extractor: Extractor | str | None = None,
    embed: Embed | None = None,
    threshold: float = MATCH_THRESHOLD,
    settings: object = None,
    brief: bool = False,
) -> EvalReport:
    """Run an extractor (an instance, or a registered name; the local one by default) over the
    dev data and measure it (see the module docstring). ``scenarios_dir`` is a folder of
    scenario files, one file, or several of either: all of them are one dataset. ``brief``
    also ingests the scenarios into a fresh embedded graph and scores the brief against their
    gold briefs (``brief_eval.py``)."""
    if not isinstance(extractor, Extractor):
        extractor = registry.create(extractor or registry.DEFAULT, settings)
    if embed is None:
        from contextos.embeddings import default_embedder

        embed = default_embedder().embed_texts
    report = EvalReport(threshold=threshold)
    report.model_load_seconds = _warm_up(extractor)
    if scenarios_dir is not None:
        scenarios = load_scenarios(scenarios_dir)
        rep = _eval_scenarios(scenarios, extractor, embed, threshold)
        if brief and any(sc.briefs for sc in scenarios):
            from contextos.evaluation.brief_eval import measure_briefs

            rep.brief = measure_briefs(scenarios, extractor, embed)
        report.datasets.append(rep)
    if spc_path is not None:
        report.datasets.append(
            _eval_spc(load_spc(spc_path, rows=spc_rows), extractor, embed, threshold)
        )
    return report
