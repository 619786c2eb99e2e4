"""The ``ContextOS`` facade: the one object every surface (CLI, API, notebooks, pipelines)
talks to. It wires the stages together; the stages themselves live in their packages."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from threadpoolctl import threadpool_limits

from contextos.brief import diff_facts, history, render_summary
from contextos.context import pack, retrieve
from contextos.embeddings.embedder import Embedder
from contextos.errors import (
    ConfigError,
    IngestUnfinished,
    InputError,
    PartialInputError,
    WindowUnfinished,
)
from contextos.extract import registry
from contextos.extract.base import CarriesOver, Extractor, Metered
from contextos.graph.store import GraphStore
from contextos.models.brief import Brief
from contextos.models.context import ContextResult
from contextos.models.entities import Entity
from contextos.models.extraction import UserRef
from contextos.models.facts import Fact, turn_ref
from contextos.models.report import FormatStats, IngestReport
from contextos.models.stats import RejectionSummary, RunRecord, UserStats
from contextos.models.transcript import Conversation
from contextos.models.user_id import check_user_id
from contextos.pipeline.conversation import ConversationPipeline, conversation_key
from contextos.settings import Settings, default_data_dir
from contextos.stats import summarise_rejections, user_stats

if TYPE_CHECKING:
    from contextos.pipeline.workers import Extracted

_log = logging.getLogger(__name__)

__all__ = ["MAX_UNFINISHED_IN_A_ROW", "PARALLEL_MIN_BYTES", "ContextOS", "IngestProgress"]

#: Inputs at least this big get extraction in a worker process (its start-up, ~3 s, pays off).
PARALLEL_MIN_BYTES = 4_000_000

#: After this many conversations in a row left unfinished (an LLM server down), a run stops
#: trying the rest: they are left for the next run like the unfinished ones.
MAX_UNFINISHED_IN_A_ROW = 3

Source = str | Path | Conversation


@dataclass
class _Carried:
    """The user's carry-over as the store has it (``extract/carryover.py``), as far as this
    run knows: a conversation's write stores the extractor's only when it differs."""

    text: str | None


@dataclass
class IngestProgress:
    """Sent to the ``progress`` callback after each conversation."""

    conversations: int
    turns: int
    facts_stored: int
    bytes_done: int | None
    bytes_total: int | None
    title: str | None


def _embedded(store: str | GraphStore | None) -> bool:
    return store is None or store == "embedded"


def _holds_graph(data_dir: Path) -> bool:
    from contextos.graph.falkordb_supervisor import ServerFiles

    return ServerFiles(Path(data_dir).expanduser() / "graph").holds_data()


def _open_store(store: str | GraphStore | None, data_dir: Path, dimension: int) -> GraphStore:
    if store is None or store == "embedded":
        from contextos.graph.falkordb_store import FalkorDBStore

        return FalkorDBStore(data_dir / "graph", dimension=dimension)
    if isinstance(store, str):
        if store.startswith(("falkor://", "falkors://", "redis://")):
            from contextos.graph.falkordb_store import FalkorDBStore

            return FalkorDBStore(url=store, dimension=dimension)
        if store.startswith(("neo4j://", "neo4j+s://", "bolt://", "bolt+s://")):
            raise ConfigError(
                f"store {store!r}: the Neo4j backend is not available in this version; "
                "use 'embedded' (the default) or falkor://host:port"
            )
        raise ConfigError(
            f"unknown store {store!r}: use 'embedded', falkor://host:port or neo4j://host:7687"
        )
    return store


class ContextOS:
    """Memory for AI assistants over a graph store.

    Use :meth:`open` (a context manager) rather than the constructor::

        with ContextOS.open() as cx:
            cx.ingest("conversations.json", user="dana")
            print(cx.context("what is blocking my audit?", user="dana").injection)
    """

    def __init__(
        self,
        store: GraphStore,
        *,
        data_dir: Path,
        extractor: Extractor | str | None = None,
        embedder: Embedder | None = None,
        settings: Settings | None = None,
    ) -> None:
        self.store = store
        self.data_dir = data_dir
        self.settings = settings  # what a registered extractor is configured with
        self._extractors: dict[str, Extractor] = {}
        self._extractor: Extractor | None = None
        self._extractor_name: str | None = None
        if isinstance(extractor, str) or extractor is None:
            self._extractor_name = extractor or registry.DEFAULT
        else:
            self._extractor = extractor
        self._embedder = embedder
        self._opened = False

    # -- lifecycle -------------------------------------------------------------

    @classmethod
    def open(
        cls,
        data_dir: str | Path | None = None,
        store: str | GraphStore | None = None,
        *,
        extractor: Extractor | str | None = None,
        embedder: Embedder | None = None,
        create: bool = True,
        settings: Settings | None = None,
    ) -> ContextOS:
        """Open (and start, for the embedded default) the graph store.

        ``data_dir`` defaults to ``~/.local/share/contextos``; ``store`` to the embedded
        FalkorDB in ``data_dir/graph``, or ``falkor://host:port`` for a running FalkorDB.
        ``embedder`` defaults to the offline MiniLM; a graph keeps the model it was built with.
        ``extractor`` is an :class:`Extractor` or the name of a registered one
        (:func:`contextos.extract.registry.names`; ``"local"`` by default), built with
        ``settings``.
        ``create=False`` opens only a graph that exists: an embedded ``data_dir`` that holds
        none is a :class:`ConfigError`, and nothing is created or started.
        """
        directory = Path(data_dir) if data_dir is not None else default_data_dir()
        if not create and _embedded(store) and not _holds_graph(directory):
            raise ConfigError(
                f"{directory} holds no contextos graph "
                "(run `contextos ingest` first, or check --data-dir)"
            )
        if embedder is None:
            from contextos.embeddings.minilm import default_embedder

            embedder = default_embedder()  # the model file loads on first use, not here
        cx = cls(
            _open_store(store, directory, embedder.dimension),
            data_dir=directory,
            extractor=extractor,
            embedder=embedder,
            settings=settings,
        )
        cx.store.open()
        cx._opened = True
        try:
            model, dimension = cx.store.embedding_meta(embedder.model_name, embedder.dimension)
            if (model, dimension) != (embedder.model_name, embedder.dimension):
                raise ConfigError(
                    f"this graph's facts were embedded with {model} ({dimension} dimensions), "
                    f"not {embedder.model_name} ({embedder.dimension}); open it with the same "
                    "embedding setting, or use another data directory"
                )
        except BaseException:
            cx.close()
            raise
        return cx

    @classmethod
    def from_settings(cls, settings: Settings, *, create: bool = True) -> ContextOS:
        """Open with the store and embedding model the settings name (``create``: see
        :meth:`open`)."""
        embedder: Embedder | None = None
        if settings.embedding == "openai":
            from contextos.embeddings.embedder import openai_embedder

            key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else ""
            embedder = openai_embedder(
                key, settings.openai_embedding_model, settings.openai_embedding_dimension
            )
        elif settings.embedding != "local":
            raise ConfigError(f"unknown embedding {settings.embedding!r}: use 'local' or 'openai'")
        return cls.open(
            settings.data_dir,
            settings.store,
            extractor=settings.extractor,
            embedder=embedder,
            create=create,
            settings=settings,
        )

    def close(self) -> None:
        if self._opened:
            self._opened = False
            self.store.close()

    def __enter__(self) -> ContextOS:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- components (lazy: nothing heavy loads until it is needed) --------------

    @property
    def extractor(self) -> Extractor:
        """The extractor ingestion uses unless a call names another."""
        if self._extractor is None:
            assert self._extractor_name is not None
            self._extractor = self._named(self._extractor_name)
        return self._extractor

    def _named(self, name: str) -> Extractor:
        """The registered extractor ``name``, built once per facade."""
        if name not in self._extractors:
            self._extractors[name] = registry.create(name, self.settings)
        return self._extractors[name]

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            from contextos.embeddings.minilm import default_embedder

            self._embedder = default_embedder()
        return self._embedder

    @property
    def embed(self) -> Callable[[list[str]], np.ndarray]:
        return self.embedder.embed_texts

    # -- ingest ----------------------------------------------------------------

    def ingest(
        self,
        sources: Source | Sequence[Source],
        *,
        user: str,
        user_name: str | None = None,
        format: str | None = None,
        options: Any = None,
        progress: Callable[[IngestProgress], None] | None = None,
        parallel: bool | None = None,
        allow_partial: bool = False,
        extractor: Extractor | str | None = None,
    ) -> IngestReport:
        """Parse, extract, validate, resolve and write. Safe to re-run: conversations already
        stored unchanged are skipped, so an interrupted run resumes where it stopped, and writes
        exactly the graph an uninterrupted run writes (each conversation is stored in one
        transaction with what the extractor carries over from it to the next).

        A file that breaks part-way (truncated or invalid JSON after its first record, JSON
        nested deeper than ``ParseOptions.max_json_depth``, a corrupt zip member) is
        *partial*: the conversations before the damage are written (they are complete, and
        re-running is safe), the rest of the file is not read, the other inputs are still read,
        and then :class:`PartialInputError` is raised, its ``report`` saying what was written
        and ``partial`` where each file broke. With ``allow_partial=True`` the report is
        returned instead, ``report.partial`` listing the damage. Input refused before anything
        was written raises :class:`InputError`.

        ``extractor`` (an :class:`Extractor` or a registered name) replaces the facade's for
        this call. ``parallel`` runs extraction in a worker process beside the rest (same
        result, two cores): for a registered extractor only (the worker builds it by name); by
        default on for a CPU-bound one when the input is over ``PARALLEL_MIN_BYTES``.

        A conversation whose extraction is left unfinished (:class:`WindowUnfinished`: an LLM
        server that timed out or went away) is not stored and gets no checkpoint; the rest of
        the run goes on (it stops after ``MAX_UNFINISHED_IN_A_ROW`` in a row) and then
        :class:`IngestUnfinished` names those conversations (its ``report`` is the run's
        report): running ``ingest`` again does them.
        """
        from contextos.ingest import ParseOptions, read_conversations, windows

        user = check_user_id(user)
        started = time.monotonic()
        items = [sources] if isinstance(sources, str | Path | Conversation) else list(sources)
        paths = [Path(s) for s in items if not isinstance(s, Conversation)]
        given = [c for c in items if isinstance(c, Conversation)]
        report = IngestReport(user_id=user)
        run = (
            read_conversations(paths, format=format, options=options or ParseOptions())
            if paths
            else None
        )
        name: str | None
        if isinstance(extractor, str):
            chosen, name = self._named(extractor), extractor
        elif extractor is not None:
            chosen, name = extractor, None
        else:
            chosen, name = self.extractor, self._extractor_name
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
            from contextos.pipeline.workers import ExtractionPool

            assert name is not None
            pool = ExtractionPool(name, self.settings)
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
        report.duration_s = round(time.monotonic() - started, 3)
        if isinstance(chosen, Metered):
            for metrics in chosen.run_metrics():
                name = metrics.extractor
                if name in report.facts_stored_by_extractor or name != chosen.name:
                    # one part of the run: what it proposed
                    metrics.facts_stored = report.facts_stored_by_extractor.get(name, 0)
                    metrics.facts_rejected = dict(report.facts_rejected_by_extractor.get(name, {}))
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
                ", ".join(str(p) for p in paths) or None,
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
        write, stats = pipeline.process(conv, ref, extracted.result if extracted else None)
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
        report.facts_stored += stats.facts_new
        report.facts_merged += stats.facts_merged
        report.facts_superseded += stats.facts_superseded
        report.facts_ended += stats.facts_ended
        report.entities_stored += len(write.entities)
        report.count_rejections(stats.rejected)
        report.count_by_extractor(stats.stored_by, stats.rejected_by)

    # -- read --------------------------------------------------------------------

    def facts(
        self, user: str, as_of: datetime | None = None, include_superseded: bool = False
    ) -> list[Fact]:
        """The user's facts: current ones, or those valid at ``as_of``."""
        from contextos.graph.records import to_epoch

        user = check_user_id(user)
        return self.store.facts(user, as_of=to_epoch(as_of), include_superseded=include_superseded)

    def entities(self, user: str) -> list[Entity]:
        return self.store.entities(check_user_id(user))

    def context(
        self,
        query: str,
        *,
        user: str,
        agent_type: str = "general",
        max_tokens: int = 500,
    ) -> ContextResult:
        """A token-budgeted ``<context_injection>`` of what is relevant to ``query``."""
        user = check_user_id(user)
        if max_tokens < 1:
            raise ConfigError("max_tokens must be positive")
        name = self._user_name(user)
        items = retrieve(self.store, self.embed, user, name, query)
        injection, kept, tokens = pack(items, name, query, max_tokens)
        return ContextResult(
            query=query,
            user_id=user,
            agent_type=agent_type,
            injection=injection,
            token_count=tokens,
            max_tokens=max_tokens,
            sources=[i.source for i in kept],
            dropped=len(items) - len(kept),
        )

    def brief(self, user: str, since: datetime, until: datetime | None = None) -> Brief:
        """What changed for ``user`` between ``since`` and ``until`` (default: now)."""
        user = check_user_id(user)
        until = until or datetime.now(UTC)
        changes = diff_facts(history(self.store, user), since, until)
        brief = Brief(user_id=user, since=since, until=until, changes=changes)
        brief.summary = render_summary(brief, self._user_name(user))
        return brief

    def stats(self, user: str) -> UserStats:
        """The user's facts (current / superseded) and rejections by extractor, and per
        extractor the totals of its ingest runs' metrics (calls, tokens, seconds, cost, facts
        proposed...), the number of runs and the last one."""
        user = check_user_id(user)
        s = self.store
        return user_stats(user, s.fact_counts(user), s.rejection_counts(user), s.runs(user))

    def rejection_summary(self, user: str, *, listed: int | None = 0) -> RejectionSummary:
        """Why the user's candidates were refused: per reason its count, share of all
        rejections, most common fact type and category, and example texts; with ``listed``
        the individual rejections too, newest first (``None``: all of them)."""
        user = check_user_id(user)
        return summarise_rejections(user, self.store.rejections(user), listed=listed)

    def forget(self, user: str) -> int:
        """Delete everything stored for ``user``; returns the number of nodes removed."""
        return self.store.delete_user(check_user_id(user))

    def users(self) -> list[str]:
        """The ids of the users the graph holds data for."""
        return [u for u, _ in self.store.users()]

    def status(self) -> dict[str, Any]:
        return {
            "store": getattr(self.store, "name", type(self.store).__name__),
            "data_dir": str(self.data_dir),
            "users": self.users(),
            "counts": self.store.stats(),
        }

    def _user_name(self, user: str) -> str:
        """The name stored for ``user``; for a user the graph does not know, the id as given
        (a name made up from it would read as if the graph knew them)."""
        for uid, name in self.store.users():
            if uid == user and name:
                return str(name)
        return user


def _chain(first: list[Conversation], rest: Iterable[Conversation]) -> Iterable[Conversation]:
    yield from first
    yield from rest
