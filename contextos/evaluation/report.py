"""The evaluation report and its plain-text printer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from contextos.evaluation.brief_eval import BriefScore

from contextos.evaluation.supersession import SupersessionCounts
from contextos.models.metrics import ExtractorMetrics

__all__ = ["DatasetReport", "EvalReport", "format_report", "format_spend", "print_report"]


@dataclass
class DatasetReport:
    name: str
    conversations: int = 0
    turns: int = 0
    seconds: float = 0.0
    #: a second pass over the same turns, caches warm (lemmas, lexemes, rule hits): the rate
    #: of a long ingestion rather than of its first few hundred turns
    warm_seconds: float = 0.0
    gold: int = 0
    found: int = 0
    extracted: int = 0
    matched: int = 0
    precision_measured: bool = True
    traps: int = 0
    trap_violations: list[str] = field(default_factory=list)
    typed: int = 0
    type_correct: int = 0
    category_correct: int = 0
    categorised: int = 0
    rejections: dict[str, int] = field(default_factory=dict)
    #: the baseline in the same run: every sentence the speaker wrote, verbatim with the
    #: pronouns put in the third person, taken as a fact
    baseline_found: int = 0
    baseline_extracted: int = 0
    baseline_matched: int = 0
    baseline_trap_violations: int = 0
    #: gold facts an extracted fact or a verbatim sentence matches: the rest are not said in
    #: words the matcher finds, out of reach of extraction that invents nothing
    either_found: int = 0
    unmatched: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    #: the brief against the gold briefs (scenarios with ``gold.brief``, when measured)
    brief: BriefScore | None = None
    #: gold changes kept (scenarios): see ``evaluation/supersession.py``
    supersession: SupersessionCounts = field(default_factory=SupersessionCounts)
    #: what the extractor spent on the first pass, one entry per extractor involved (a
    #: strategy's own, then its parts'); empty for one that counts nothing (the local one)
    extractors: list[ExtractorMetrics] = field(default_factory=list)

    @property
    def calls(self) -> int:
        return sum(m.calls for m in self.extractors)

    @property
    def cost(self) -> float:
        return round(sum(m.cost for m in self.extractors), 6)

    @property
    def share_sent(self) -> float | None:
        """The share of windows a strategy sent on to its expensive part (cheap-first) or ran
        on its fallback (fallback); None when no strategy shared the windows out."""
        for m in self.extractors:
            if m.windows and (m.windows_escalated or m.windows_fallen_back):
                return (m.windows_escalated or m.windows_fallen_back) / m.windows
        return None

    @property
    def recall(self) -> float:
        return self.found / self.gold if self.gold else 0.0

    @property
    def precision(self) -> float | None:
        if not self.precision_measured:
            return None
        return self.matched / self.extracted if self.extracted else 0.0

    @property
    def baseline_recall(self) -> float:
        return self.baseline_found / self.gold if self.gold else 0.0

    @property
    def said_recall(self) -> float:
        return self.either_found / self.gold if self.gold else 0.0

    @property
    def baseline_precision(self) -> float | None:
        if not self.precision_measured:
            return None
        return self.baseline_matched / self.baseline_extracted if self.baseline_extracted else 0.0

    @property
    def type_accuracy(self) -> float:
        return self.type_correct / self.typed if self.typed else 0.0

    @property
    def category_accuracy(self) -> float:
        return self.category_correct / self.categorised if self.categorised else 0.0

    @property
    def turns_per_second(self) -> float:
        return self.turns / self.seconds if self.seconds else 0.0

    @property
    def warm_turns_per_second(self) -> float:
        return self.turns / self.warm_seconds if self.warm_seconds else 0.0


@dataclass
class EvalReport:
    datasets: list[DatasetReport] = field(default_factory=list)
    model_load_seconds: float = 0.0
    threshold: float = 0.70

    def dataset(self, name: str) -> DatasetReport | None:
        return next((d for d in self.datasets if d.name == name), None)


def format_spend(m: ExtractorMetrics) -> str:
    """One extractor's spend on the first pass, as the ingest report gives it."""
    if m.calls or m.facts_proposed:  # a model's
        return (
            f"{m.calls} calls, {m.tokens_in} tokens in, {m.tokens_out} out, {m.seconds:.1f}s, "
            f"cost {m.cost:.4f}, facts proposed {m.facts_proposed}, "
            f"windows skipped {m.windows_skipped}, unfinished {m.windows_unfinished}"
        )
    line = f"{m.windows} windows"  # a strategy's: how it shared the windows out
    if m.windows_escalated:
        line += f", sent on {m.windows_escalated} ({m.windows_escalated / m.windows:.0%})"
    if m.windows_fallen_back:
        line += f", fell back on {m.windows_fallen_back}"
    return line


def format_report(report: EvalReport, verbose: bool = False) -> str:
    lines = [
        f"contextos extraction eval (match: MiniLM cosine >= {report.threshold:.2f}, "
        f"model load {report.model_load_seconds:.1f}s, not in turns/s)"
    ]
    for d in report.datasets:
        prec = f"{d.precision:.3f}" if d.precision is not None else "n/a"
        base = f"recall {d.baseline_recall:.3f} ({d.baseline_found}/{d.gold})"
        if d.baseline_precision is not None:
            base += (
                f", precision {d.baseline_precision:.3f}"
                f" ({d.baseline_matched}/{d.baseline_extracted})"
            )
        if d.traps:
            base += f", traps {d.baseline_trap_violations} of {d.traps}"
        lines.append(
            f"\n[{d.name}] conversations={d.conversations} turns={d.turns}\n"
            f"  recall        {d.recall:.3f}  ({d.found}/{d.gold} gold facts found)\n"
            f"  precision     {prec}  ({d.matched}/{d.extracted} extracted facts match gold)\n"
            f"  baseline      {base}\n"
            "                (every sentence the speaker wrote, pronouns in the third person)\n"
            f"  said in words {d.said_recall:.3f}  ({d.either_found}/{d.gold} gold facts the"
            " extractor or a verbatim sentence matches: the reach of grounded extraction)\n"
            f"  traps         {len(d.trap_violations)} violations of {d.traps}\n"
            f"  type accuracy {d.type_accuracy:.3f}  (over {d.typed} found facts)"
            f"  category accuracy {d.category_accuracy:.3f} (over {d.categorised})\n"
            f"  throughput    {d.turns_per_second:.0f} turns/s first pass ({d.seconds:.2f}s), "
            + (
                f"{d.warm_turns_per_second:.0f} turns/s warm ({d.warm_seconds:.2f}s)\n"
                if d.warm_seconds or not d.calls
                else "no warm pass (model calls)\n"
            )
            + f"  rejections    {dict(sorted(d.rejections.items()))}"
        )
        for spent in d.extractors:
            lines.append(f"  spend         {spent.extractor}: {format_spend(spent)}")
        if d.brief is not None:
            b = d.brief
            lines.append(
                f"  brief recall  {b.recall:.3f}  ({b.found}/{b.gold} gold changes found: entity"
                f" + field + new value, in {b.windows} windows)\n"
                f"  brief listed  {b.listed_per_gold:.2f} per gold change ({b.listed} listed)\n"
                f"  brief words   {b.said_recall:.3f}  ({b.said}/{b.gold} gold changes whose entity"
                " and new value are in a listed change's text)"
            )
        s = d.supersession
        if d.precision_measured:
            lines.append(
                f"  supersession  {s.recall:.3f}  ({s.pairs_superseded}/{s.pairs_stored} gold"
                " changes with both facts stored: the old one replaced by the new)\n"
                f"  wrongful      {s.wrongful_share:.3f}  ({s.wrongful}/{s.supersessions}"
                f" supersessions neither a gold change nor a restatement;"
                f" {s.wrongful_gold_retired} retired a gold fact)"
                f" reasons {dict(sorted(s.by_reason.items()))}"
            )
        if verbose:  # fact texts: never printed for a set measured by its aggregates only
            for v in d.trap_violations:
                lines.append(f"  TRAP  {v}")
            for m in d.brief.missed if d.brief is not None else []:
                lines.append(f"  BRIEF MISSED  {m}")
            for u in d.unmatched:
                lines.append(f"  UNMATCHED  {u}")
            for m in d.missed:
                lines.append(f"  MISSED     {m}")
            for m in s.missed:
                lines.append(f"  NOT SUPERSEDED  {m}")
            for m in s.wrong:
                lines.append(f"  WRONGFUL   {m}")
    return "\n".join(lines)


def format_comparison(reports: dict[str, EvalReport]) -> str:
    """The figures of several extractors on the same data, side by side (one row per data
    set and extractor)."""
    head = (
        f"{'set':<14} {'extractor':<28} {'recall':>7} {'precision':>9} {'traps':>9} {'turns/s':>8}"
        f" {'calls':>6} {'cost':>8} {'sent':>5}"
    )
    lines = ["side by side", head, "-" * len(head)]
    names = list(reports)
    sets = list(dict.fromkeys(d.name for r in reports.values() for d in r.datasets))
    for set_name in sets:
        for name in names:
            d = reports[name].dataset(set_name)
            if d is None:
                continue
            prec = f"{d.precision:.3f}" if d.precision is not None else "n/a"
            traps = f"{len(d.trap_violations)}/{d.traps}"
            sent = f"{d.share_sent:.0%}" if d.share_sent is not None else "-"
            lines.append(
                f"{set_name:<14} {name:<28} {d.recall:>7.3f} {prec:>9} {traps:>9} "
                f"{d.turns_per_second:>8.0f} {d.calls:>6} {d.cost:>8.4f} {sent:>5}"
            )
    return "\n".join(lines)


def print_report(report: EvalReport, out: TextIO, verbose: bool = False) -> None:
    print(format_report(report, verbose), file=out)
