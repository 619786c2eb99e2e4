"""One ingest run, as :meth:`contextos.ContextOS.ingest` starts it: the inputs read
(``IngestInputs``), then every conversation through :class:`ConversationPipeline` and into the
store (``IngestRun``): the extractor's carry-over, the worker process, the resume checkpoint,
the unfinished conversations, the report with its metrics, and the run's record."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from threadpoolctl import threadpool_limits

from contextos.errors import (
    ConfigError,
    IngestUnfinished,
    InputError,
    PartialInputError,
    WindowUnfinished,
)
from contextos.extract import registry
from contextos.extract.base import CarriesOver, Extractor, Metered
from contextos.graph.store import ConversationWrite, GraphStore
from contextos.models.extraction import UserRef
from contextos.models.facts import turn_ref
from contextos.models.report import FormatStats, IngestReport
from contextos.models.stats import RunRecord
from contextos.models.transcript import Conversation
from contextos.pipeline.conversation import ConversationPipeline, conversation_key
from contextos.settings import Settings

if TYPE_CHECKING:
    from contextos.ingest import ParseRun
    from contextos.pipeline.workers import Extracted

_log = logging.getLogger(__name__)

__all__ = [
    "MAX_UNFINISHED_IN_A_ROW",
    "PARALLEL_MIN_BYTES",
    "IngestInputs",
    "IngestProgress",
    "IngestRun",
    "Source",
]

#: Inputs at least this big get extraction in a worker process (its start-up, ~3 s, pays off).
PARALLEL_MIN_BYTES = 4_000_000

#: After this many conversations in a row left unfinished (an LLM server down), a run stops
#: trying the rest: they are left for the next run like the unfinished ones.
MAX_UNFINISHED_IN_A_ROW = 3

Source = str | Path | Conversation


@dataclass
class IngestProgress:
    """Sent to the ``progress`` callback after each conversation."""

    conversations: int
    turns: int
    facts_stored: int
    bytes_done: int | None
    bytes_total: int | None
    title: str | None


@dataclass
class _Carried:
    """The user's carry-over as the store has it (``CarriesOver`` in ``extract/base.py``), as
    far as this run knows: a conversation's write stores the extractor's only when it differs."""

    text: str | None


@dataclass
class IngestInputs:
    """What a run reads: export files (``paths``, parsed lazily by ``run``) and conversations
    given as objects; ``started`` is when the run's clock started (its ``duration_s``)."""

    paths: list[Path]
    given: list[Conversation]
    run: ParseRun | None
    started: float

    @classmethod
    def read(
        cls, sources: Source | Sequence[Source], *, format: str | None, options: Any
    ) -> IngestInputs:
        """Open the sources: a missing path or an unknown format is an :class:`InputError`
        at once; other input errors surface while the run iterates."""
        from contextos.ingest import ParseOptions, read_conversations

        started = time.monotonic()
        items = [sources] if isinstance(sources, str | Path | Conversation) else list(sources)
        paths = [Path(s) for s in items if not isinstance(s, Conversation)]
        given = [c for c in items if isinstance(c, Conversation)]
        run = (
            read_conversations(paths, format=format, options=options or ParseOptions())
            if paths
            else None
        )
        return cls(paths, given, run, started)


class IngestRun:
    """Ingest with ``extractor`` (registered as ``name``, or None for one given as an object:
    the worker process builds it by name) into ``store``, embedding with ``embed``;
    ``settings`` configure the worker's extractor."""

    def __init__(
        self,
        store: GraphStore,
        extractor: Extractor,
        name: str | None,
        embed: Callable[[list[str]], np.ndarray],
        settings: Settings | None,
        on_written: Callable[[ConversationWrite], None] | None = None,
    ) -> None:
        self.store = store
        #: called with each conversation once its transaction is committed (the context
        #: stage's lexical index keeps in step with the graph this way)
        self.on_written = on_written
        self.extractor = extractor
        self.name = name
        self.embed = embed
        self.settings = settings

    def run(
        self,
        inputs: IngestInputs,
        *,
        user: str,
        user_name: str | None = None,
        progress: Callable[[IngestProgress], None] | None = None,
        parallel: bool | None = None,
        allow_partial: bool = False,
    ) -> IngestReport:
        """The run :meth:`contextos.ContextOS.ingest` documents, for a checked ``user``."""
        from contextos.ingest import windows

        chosen, name, run, given = self.extractor, self.name, inputs.run, inputs.given
        report = IngestReport(user_id=user)
        if isinstance(chosen, Metered):
            chosen.reset_metrics()  # the report counts this run's calls and tokens
        pipeline = ConversationPipeline(self.store, chosen, self.embed, windows)
        # what the user's earlier conversations named carries on into this run's: from where
        # the last conversation stored left it
        carrier = chosen if isinstance(chosen, CarriesOver) else None
        carried = _Carried(None)
        if carrier is not None:
            carried.text = self.store.carryover(user)
            carrier.restore(user, carried.text, partial(self._stored_turns, user))
        if parallel is None:
            big = (run.bytes_total if run else 0) >= PARALLEL_MIN_BYTES
            parallel = big and name is not None and registry.entry(name).cpu_bound
        if parallel and name is None:
            raise ConfigError(
                "parallel ingestion needs a registered extractor (the worker builds it by name)"
            )
        pool = None
        if parallel:
            from contextos.pipeline.workers import WORKER_TURN_SHARE, ExtractionPool

            assert name is not None
            share = WORKER_TURN_SHARE if self._offline_embedder() else 0.0
            pool = ExtractionPool(name, self.settings, turn_share=share)
            if carrier is not None:
                pool.restore(user, carrier.snapshot(user))
        todo = self._to_process(_chain(given, run if run is not None else []), user, user_name)
        stream = pool.imap(todo) if pool is not None else ((*item, None) for item in todo)
        # Ingestion keeps both cores busy on its own (extraction beside embedding and writing);
        # BLAS threads on top only busy-wait for a core: one thread measured 40 % less CPU.
        blas = threadpool_limits(limits=1, user_api="blas")
        in_a_row = 0
        problem = ""
        try:
            for conv, ref, needed, extracted in stream:
                try:
                    self._ingest_one(
                        conv, ref, needed, extracted, pipeline, report, carrier, carried
                    )
                    in_a_row = 0
                except WindowUnfinished as exc:
                    _log.warning("ingest of %s: %s; left for the next run", user, exc)
                    report.conversations_unfinished.append(conv.id)
                    problem = exc.problem
                    in_a_row += 1
                    if in_a_row >= MAX_UNFINISHED_IN_A_ROW:
                        problem += f"; stopped after {in_a_row} in a row"
                        break
                if progress is not None:
                    progress(
                        IngestProgress(
                            conversations=report.conversations,
                            turns=report.turns,
                            facts_stored=report.facts_stored,
                            bytes_done=getattr(run, "bytes_done", None),
                            bytes_total=getattr(run, "bytes_total", None),
                            title=conv.title,
                        )
                    )
        finally:
            blas.restore_original_limits()
            if pool is not None:
                pool.close()
        if given:
            stats_given = report.by_format.setdefault("objects", FormatStats())
            stats_given.conversations += len(given)
            stats_given.turns += sum(len(c.turns) for c in given)
        if run is not None:
            report.warnings.extend(run.warnings)
            report.partial.extend(run.partial)
            report.by_format.update(run.stats)
            report.files = sum(s.files for s in run.stats.values())
        report.duration_s = round(time.monotonic() - inputs.started, 3)
        if isinstance(chosen, Metered):
            for metrics in chosen.run_metrics():
                part = metrics.extractor
                if part in report.facts_stored_by_extractor or part != chosen.name:
                    # one part of the run: what it proposed
                    metrics.facts_stored = report.facts_stored_by_extractor.get(part, 0)
                    metrics.facts_rejected = dict(report.facts_rejected_by_extractor.get(part, {}))
                else:  # the extractor (or strategy) the run used: all of it
                    metrics.facts_stored = report.facts_stored
                    metrics.facts_rejected = dict(report.facts_rejected)
                report.extractors.append(metrics.model_copy(deep=True))
        self._record_run(report, chosen)
        if report.conversations_unfinished:
            raise IngestUnfinished(report.conversations_unfinished, problem, report)
        if report.conversations == 0:
            detail = "; ".join(f"{w.path}: {w.problem}" for w in report.warnings[:3])
            raise InputError(
                ", ".join(str(p) for p in inputs.paths) or None,
                "no conversation could be read" + (f" ({detail})" if detail else ""),
            )
        if report.partial and not allow_partial:
            raise PartialInputError(report.partial, report)
        return report

    def _record_run(self, report: IngestReport, extractor: Extractor) -> None:
        """Persist the run's record (issue #39: metrics per run and extractor) once its report
        is complete, before the run's outcome is raised: what a partial or unfinished run
        wrote is in the graph. A run that read no conversation wrote nothing and leaves none."""
        if report.conversations:
            self.store.write_run(RunRecord.from_report(report, extractor=extractor.name))

    def _stored_turns(self, user: str, refs: list[tuple[str, str]]) -> set[str]:
        return {turn_ref(t.conversation_id, t.id) for _key, t in self.store.turns(user, refs)}

    def _offline_embedder(self) -> bool:
        """Whether this run embeds with the offline MiniLM (a worker process can load the
        same model and embed turns beside the main process; any other model stays here)."""
        from contextos.embeddings.minilm import MiniLM

        return isinstance(getattr(self.embed, "__self__", None), MiniLM)

    def _to_process(
        self, convs: Iterable[Conversation], user: str, user_name: str | None
    ) -> Iterator[tuple[Conversation, UserRef, bool]]:
        """Each conversation with the user it belongs to and whether it needs processing
        (False when it is stored already, unchanged: the resume checkpoint)."""
        ref = UserRef.from_id(user, user_name)
        for conv in convs:
            if user_name is None and conv.user_name and ref.name != conv.user_name:
                ref = UserRef.from_id(user, conv.user_name)  # the export knows the name
            key = conversation_key(user, conv)
            yield conv, ref, self.store.checkpoint(key) != conv.content_hash()

    def _ingest_one(
        self,
        conv: Conversation,
        ref: UserRef,
        needed: bool,
        extracted: Extracted | None,
        pipeline: ConversationPipeline,
        report: IngestReport,
        carrier: CarriesOver | None,
        carried: _Carried,
    ) -> None:
        """Process and write one conversation (``needed`` is False when its checkpoint says
        it is stored unchanged); ``extracted`` is its extraction when a worker did it.

        What the extractor remembers of the user once the conversation is read is written in
        the same transaction (when it changed): a run cut short at any point, resumed, reads
        on from the last conversation stored exactly as an uninterrupted run did."""
        report.conversations += 1
        report.turns += len(conv.turns)
        if not needed:
            report.conversations_skipped_unchanged += 1
            return
        write, stats = pipeline.process(
            conv,
            ref,
            extracted.result if extracted else None,
            extracted.turn_vectors if extracted else None,
        )
        if carrier is not None:
            now = extracted.carryover if extracted is not None else carrier.snapshot(ref.id)
            if now != carried.text:
                write.carryover = now
        try:
            self.store.write_conversation(write)
        except BaseException:
            pipeline.forget_state(ref.id)  # its caches assumed this write would land
            raise
        if write.carryover is not None:
            carried.text = write.carryover
        if self.on_written is not None:
            self.on_written(write)
        report.facts_stored += stats.facts_new
        report.facts_merged += stats.facts_merged
        report.facts_superseded += stats.facts_superseded
        report.facts_ended += stats.facts_ended
        report.entities_stored += len(write.entities)
        report.count_rejections(stats.rejected)
        report.count_by_extractor(stats.stored_by, stats.rejected_by)


def _chain(first: list[Conversation], rest: Iterable[Conversation]) -> Iterable[Conversation]:
    yield from first
    yield from rest
