"""The ``ContextOS`` facade: the one object every surface (CLI, API, notebooks, pipelines)
talks to. It wires the stages together; the stages themselves live in their packages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from contextos.brief import BriefConfig, diff_facts, history, rank, states_of, summarise
from contextos.context import ContextEngine, ContextQuery, RetrievalConfig, load_templates
from contextos.embeddings.embedder import Embedder
from contextos.errors import ConfigError, UnknownEntityError
from contextos.extract import registry
from contextos.extract.base import Extractor
from contextos.graph.store import ConversationWrite, GraphStore
from contextos.models.brief import Brief
from contextos.models.context import ContextResult
from contextos.models.entities import Entity, EntityState
from contextos.models.facts import Fact
from contextos.models.report import IngestReport, Warning_
from contextos.models.stats import RejectionSummary, UserStats
from contextos.models.times import as_utc
from contextos.models.user_id import check_user_id
from contextos.pipeline.ingest_run import (
    MAX_UNFINISHED_IN_A_ROW,
    PARALLEL_MIN_BYTES,
    IngestInputs,
    IngestProgress,
    IngestRun,
    Source,
)
from contextos.resolve.entities import normalize_name
from contextos.resolve.state import StateReader
from contextos.service_people import PeopleFacade
from contextos.settings import Settings, default_data_dir
from contextos.stats import summarise_rejections, user_stats

if TYPE_CHECKING:
    from contextos.live import LiveConfig, LiveTurns
    from contextos.models.live import LiveStats, ManualExtraction, TurnReceipt

__all__ = ["MAX_UNFINISHED_IN_A_ROW", "PARALLEL_MIN_BYTES", "ContextOS", "IngestProgress"]


#: The warning of an ingest for a user who opted out of extraction.
_OPTED_OUT = Warning_(path="<privacy>", problem="the user opted out of extraction: nothing read")


def _embedded(store: str | GraphStore | None) -> bool:
    return store is None or store == "embedded"


def _holds_graph(data_dir: Path) -> bool:
    from contextos.graph.falkordb_supervisor import ServerFiles

    return ServerFiles(Path(data_dir).expanduser() / "graph").holds_data()


def _open_store(
    store: str | GraphStore | None,
    data_dir: Path,
    dimension: int,
    settings: Settings | None = None,
) -> GraphStore:
    if store is None or store == "embedded":
        from contextos.graph.falkordb_store import FalkorDBStore

        return FalkorDBStore(data_dir / "graph", dimension=dimension)
    if isinstance(store, str):
        if store.startswith(("falkor://", "falkors://", "redis://")):
            from contextos.graph.falkordb_store import FalkorDBStore

            return FalkorDBStore(url=store, dimension=dimension)
        from contextos.graph.neo4j_store import SCHEMES, Neo4jStore

        if store.split("://", 1)[0] in SCHEMES and "://" in store:
            password = settings.neo4j_password if settings is not None else None
            return Neo4jStore(
                store,
                user=settings.neo4j_user if settings is not None else None,
                password=password.get_secret_value() if password is not None else None,
                database=settings.neo4j_database if settings is not None else None,
                dimension=dimension,
            )
        raise ConfigError(
            f"unknown store {store!r}: use 'embedded', falkor://host:port or "
            "neo4j://user:pass@host:7687 (bolt://, neo4j+s://, bolt+s://)"
        )
    return store


class ContextOS(PeopleFacade):
    """Memory for AI assistants over a graph store (preferences and privacy: the methods of
    :class:`~contextos.service_people.PeopleFacade`).

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
        self._engine: ContextEngine | None = None
        self._names: dict[str, str] = {}
        self._state_reader: StateReader | None = None
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
        FalkorDB in ``data_dir/graph``, ``falkor://host:port`` for a running FalkorDB, or
        ``neo4j://user:pass@host:7687`` (``bolt://``, ``neo4j+s://``, ``bolt+s://``) for a Neo4j
        server (user, password and database also from ``settings``).
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
            _open_store(store, directory, embedder.dimension, settings),
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
        self._close_live()
        if self._opened:
            try:
                if self._engine is not None:
                    self._engine.flush()  # the last_used times not written yet
            finally:
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
        user = check_user_id(user)
        if not self.extraction_allowed(user):  # the user opted out: nothing is read
            return IngestReport(user_id=user, warnings=[_OPTED_OUT])
        self._names.pop(user, None)
        inputs = IngestInputs.read(sources, format=format, options=options)
        name: str | None
        if isinstance(extractor, str):
            chosen, name = self._named(extractor), extractor
        elif extractor is not None:
            chosen, name = extractor, None
        else:
            chosen, name = self.extractor, self._extractor_name
        try:
            return IngestRun(
                self.store, chosen, name, self.embed, self.settings, self.engine.on_written
            ).run(
                inputs,
                user=user,
                user_name=user_name,
                progress=progress,
                parallel=parallel,
                allow_partial=allow_partial,
            )
        finally:  # what was written, also by a run that ended partial or unfinished
            self.apply_turn_policy(user)

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

    @property
    def engine(self) -> ContextEngine:
        """Retrieval over this store: lexical indexes in ``data_dir/index``, settings from
        :meth:`configure_retrieval`."""
        if self._engine is None:
            self._engine = ContextEngine(self.store, self.embed, self.data_dir / "index")
        return self._engine

    def _graph_changed(self, user: str) -> None:
        """Something other than an ingest changed the user's facts: retrieval re-reads them."""
        if self._engine is not None:
            self._engine.changed(user)

    def _written(self, write: ConversationWrite) -> None:
        """A conversation (a live session's extraction, an explicit fact) was written outside
        an ingest run: indexed now, even before this process's first query (the persisted
        index would miss it otherwise)."""
        self.engine.on_written(write)

    def _facts_added(self, user: str, facts: list[tuple[str, str]]) -> None:
        """Facts ``(id, text)`` written outside the pipeline (a preference set by hand):
        indexed now, like an ingested conversation's."""
        self.engine.facts_added(user, facts)

    def configure_retrieval(
        self,
        config: RetrievalConfig | None = None,
        templates: str | Path | None = None,
    ) -> None:
        """Retrieval weights and thresholds (:class:`RetrievalConfig`), and custom agent-type
        templates from a JSON file (``contextos/context/agent_templates.py``)."""
        if config is not None:
            self.engine.config = config
        if templates is not None:
            self.engine.templates = load_templates(templates)

    def _reader(self) -> StateReader:
        if self._state_reader is None:
            from contextos.resolve.slots import SlotReader

            self._state_reader = StateReader(SlotReader(self.embed))
        return self._state_reader

    def states(self, user: str, as_of: datetime | None = None) -> list[EntityState]:
        """Every entity's state at ``as_of`` (default: now) — per entity, its single-valued
        attributes (status, manager, role, employer, location, dates, values...) from the
        facts valid then (``resolve/state.py``) — by entity name."""
        user = check_user_id(user)
        h = history(self.store, user, self._user_name(user))
        found = states_of(h, as_of, self._reader())
        return sorted(found.values(), key=lambda s: (s.entity_name.casefold(), s.entity_id or ""))

    def entity_state(self, user: str, entity: str, as_of: datetime | None = None) -> EntityState:
        """One entity's state at ``as_of`` (default: now): ``entity`` is its node id, its
        name or an alias (a person's first name will do). An entity with no attribute at
        that time has an empty state; a name no entity or fact has is an
        :class:`UnknownEntityError`."""
        user = check_user_id(user)
        h = history(self.store, user, self._user_name(user))
        names = h.names()
        who = names.resolve(entity, entity)
        key = entity if any(e.id == entity for e in h.entities) else who.key
        states = states_of(h, as_of, self._reader())
        if key in states:
            return states[key]
        if who.entity_id is None and not any(
            normalize_name(e.name) == normalize_name(entity) for e in h.entities
        ):
            known = sorted({s.entity_name for s in states.values()})[:8]
            raise UnknownEntityError(
                f"no entity {entity!r} for user {user!r}"
                + (f" (entities with a state: {', '.join(known)})" if known else "")
            )
        return EntityState(
            entity_name=who.name, entity_type=who.type, entity_id=who.entity_id, as_of=as_of
        )

    def context(
        self,
        query: str = "",
        *,
        user: str,
        agent_type: str = "general",
        max_tokens: int = 500,
        project_filter: str | None = None,
        min_confidence: float = 0.7,
        as_of: datetime | None = None,
    ) -> ContextResult:
        """A token-budgeted ``<context_injection>`` of what is relevant to ``query``: facts,
        entities and quoted excerpts of what was said, fused, with the ``agent_type``'s
        template (general, code, meeting, task, or a custom one); an empty query is the
        proactive mode (the template alone). ``project_filter`` keeps one project's items,
        ``min_confidence`` drops less certain facts, ``as_of`` answers from the graph as it was
        then. The facts injected get their ``last_used`` set."""
        user = check_user_id(user)
        if max_tokens < 1:
            raise ConfigError("max_tokens must be positive")
        if not 0.0 <= min_confidence <= 1.0:
            raise ConfigError("min_confidence must be between 0 and 1")
        q = ContextQuery(
            text=query,
            user_id=user,
            user_name=self._user_name(user),
            agent_type=agent_type,
            as_of=as_utc(as_of),
            project_filter=project_filter,
            min_confidence=min_confidence,
        )
        return self.engine.context(q, max_tokens)

    def brief(
        self,
        user: str,
        since: datetime,
        until: datetime | None = None,
        config: BriefConfig | None = None,
    ) -> Brief:
        """What changed for ``user`` between ``since`` and ``until`` (default: now): typed
        changes ranked by what matters, the trivial new facts counted (``more``), and a
        summary in sentences. Render it with :func:`contextos.brief.render`."""
        user = check_user_id(user)
        until = until or datetime.now(UTC)
        h = history(self.store, user, self._user_name(user))
        changes = diff_facts(h, since, until, self._reader())
        listed, more = rank(changes, config)
        brief = Brief(user_id=user, since=since, until=until, changes=listed, more=more)
        brief.summary = summarise(brief, self._user_name(user))
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
        user = check_user_id(user)
        if self._live is not None:
            self._live.forget_user(user)  # its live sessions start afresh
        self._names.pop(user, None)
        removed = self.store.delete_user(user)
        self.engine.forget(user)
        return removed

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
        (a name made up from it would read as if the graph knew them). Known names are kept
        (an ingest may rename: it clears them)."""
        if user not in self._names:
            name = self._stored_user_name(user)
            if name is None:
                return user
            self._names[user] = name
        return self._names[user]

    # -- live turns (contextos/live/; issue #44) ---------------------------------
    # Everything below delegates to contextos.live.LiveTurns, made on first use.

    _live: LiveTurns | None = None
    _live_config: LiveConfig | None = None
    _live_clock: Callable[[], float] | None = None

    def configure_live(
        self, config: LiveConfig | None = None, *, clock: Callable[[], float] | None = None
    ) -> None:
        """Set how live turns are extracted (:class:`contextos.live.LiveConfig`; defaults
        otherwise) and, for tests, the clock of the idle debrief (epoch seconds). Only before
        the first live call: a :class:`ConfigError` after it."""
        if self._live is not None:
            raise ConfigError("live turns are running: configure them before the first turn")
        self._live_config, self._live_clock = config, clock

    @property
    def live(self) -> LiveTurns:
        """The live-turn service (its worker thread starts with the first extraction)."""
        if self._live is None:
            import time

            from contextos.live import LiveTurns

            self._live = LiveTurns(
                self.store,
                self.embed,
                extractor_for=self._live_extractor,
                user_name=self._stored_user_name,
                on_written=self._written,
                config=self._live_config,
                clock=self._live_clock or time.time,
            )
        return self._live

    def process_turn(
        self,
        user_message: str,
        agent_response: str,
        user_id: str,
        *,
        session_id: str | None = None,
        timestamp: datetime | None = None,
        extractor: Extractor | str | None = None,
    ) -> TurnReceipt:
        """Store one exchange of a live chat and schedule its extraction; returns in
        milliseconds (:class:`~contextos.models.live.TurnReceipt`), before anything is
        extracted.

        The user message (and the agent response, unless empty) are written at once as turns
        of the session's conversation (``session_id``; by default the user's open session, a
        new one after ``LiveConfig.session_gap_minutes`` of silence), so nothing is lost if
        the process dies. A worker thread then runs them through the ingest pipeline
        (extract -> validate -> resolve -> write) once the session has
        ``extraction_interval`` unread user messages, giving the extractor up to
        ``max_history_tokens`` of the earlier turns as context; a session idle for
        ``idle_minutes`` is debriefed whole. ``extractor`` (an :class:`Extractor` or a
        registered name) replaces the default for this session's extractions. An anonymous
        ``user_id`` (:func:`contextos.live.is_anonymous`) is neither stored nor extracted
        (``skipped="anonymous"``), nor is a user's who opted out of extraction
        (``skipped="opted_out"``, :meth:`set_opt_out`). ``timestamp`` is when the turn was
        said (default now).
        """
        from contextos.live import is_anonymous
        from contextos.models.live import TurnReceipt

        if not is_anonymous(user_id) and not self.extraction_allowed(user_id):
            return TurnReceipt(
                user_id=check_user_id(user_id),
                session_id=None,
                turn_id=None,
                stored=False,
                queued=False,
                extraction_scheduled=False,
                skipped="opted_out",
                elapsed_ms=0.0,
            )
        return self.live.process_turn(
            user_message,
            agent_response,
            user_id,
            session_id=session_id,
            timestamp=timestamp,
            extractor=extractor,
        )

    def extract_user_context(
        self,
        history: Sequence[Any],
        user_id: str,
        threshold: float | None = None,
        *,
        extractor: Extractor | str | None = None,
    ) -> ManualExtraction:
        """Extract, now and in this thread, what ``history`` (messages: dicts with ``role``
        and ``content``, :class:`Turn` objects, or strings for user messages) says about the
        user, through the same pipeline, and store it as one conversation (the same history
        twice is stored once); facts under ``threshold`` (default
        ``LiveConfig.confidence_threshold``) are rejected ``below_threshold``."""
        return self.live.extract_user_context(history, user_id, threshold, extractor=extractor)

    def get_extraction_stats(self, user_id: str) -> LiveStats:
        """The user's live extraction: sessions, stored and unread turns (from the store),
        and the extractions, debriefs, facts and errors of this process."""
        return self.live.stats(user_id)

    def flush(self, timeout: float | None = None, *, pending: bool = False) -> bool:
        """Wait until the queued live extractions have run (False if ``timeout`` seconds
        passed first); with ``pending``, first queue every session with unread turns (those
        waiting for the interval or the idle debrief)."""
        return self.live.flush(timeout, pending=pending)

    def add_explicit_fact(
        self, text: str, user_id: str, *, extractor: Extractor | str | None = None
    ) -> ManualExtraction:
        """Store what the user states on purpose in ``text`` ("I moved to Porto"): read by the
        extractor and checked by validation like any turn (what is not grounded in ``text``,
        or fails a check, is rejected, listed in ``facts_rejected``), the facts kept flagged
        explicit (:mod:`contextos.live.explicit`). The same text twice is stored once."""
        from contextos.live.explicit import EXPLICIT, Explicit

        inner = self._live_extractor(extractor)
        cache: dict[str, Extractor] = self.__dict__.setdefault("_live_extractors", {})
        key = f"{EXPLICIT}:{id(inner)}"
        if key not in cache:
            cache[key] = Explicit(inner)
        return self.live.extract_user_context([text], user_id, 0.0, extractor=cache[key])

    def forget_fact(self, fact_id: str, user_id: str, *, delete: bool = False) -> bool:
        """End one current fact of ``user_id`` now (``delete``: remove it and its edges);
        False when the user has no such fact (another user's fact is never matched)."""
        from contextos.graph.fact_edits import delete_fact, end_fact

        user_id = check_user_id(user_id)
        if delete:
            done = delete_fact(self.store, user_id, fact_id)
        else:
            done = end_fact(self.store, user_id, fact_id, datetime.now(UTC).timestamp(), "user")
        self._graph_changed(user_id)
        return done

    def search_facts(
        self, query: str, user_id: str, *, limit: int = 10, include_superseded: bool = False
    ) -> list[tuple[Fact, float]]:
        """The user's facts best matching ``query`` through context retrieval's own
        retrievers (BM25, the Fact vector index, the graph of the entities it names) fused by
        reciprocal rank (:mod:`contextos.live.search`), best first, with their fused scores;
        an empty query lists the most recent facts."""
        from contextos.live.search import search_facts

        user_id = check_user_id(user_id)
        if limit < 1:
            raise ConfigError("limit must be positive")
        return search_facts(
            self.engine, query, user_id, limit, include_superseded, self._user_name(user_id)
        )

    def _close_live(self) -> None:
        if self._live is not None:
            live, self._live = self._live, None
            live.close()

    def _live_extractor(self, choice: Extractor | str | None) -> Extractor:
        """The extractor of a live job: the worker builds its own instance of a registered
        one (ingestion in the caller's thread keeps the facade's)."""
        if choice is None:
            choice = self._extractor_name or self.extractor  # a name, or the object given
        if not isinstance(choice, str):
            return choice
        cache: dict[str, Extractor] = self.__dict__.setdefault("_live_extractors", {})
        if choice not in cache:
            cache[choice] = registry.create(choice, self.settings)
        return cache[choice]

    def _stored_user_name(self, user: str) -> str | None:
        """The name the graph holds for ``user`` (read now), None for a user it does not know."""
        for uid, name in self.store.users():
            if uid == user and name:
                return str(name)
        return None
