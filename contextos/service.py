"""The ``ContextOS`` facade: the one object every surface (CLI, API, notebooks, pipelines)
talks to. It wires the stages together; the stages themselves live in their packages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from contextos.brief import BriefConfig, diff_facts, history, rank, states_of, summarise
from contextos.context import pack, retrieve
from contextos.embeddings.embedder import Embedder
from contextos.errors import ConfigError, UnknownEntityError
from contextos.extract import registry
from contextos.extract.base import Extractor
from contextos.graph.store import GraphStore
from contextos.models.brief import Brief
from contextos.models.context import ContextResult
from contextos.models.entities import Entity, EntityState
from contextos.models.facts import Fact
from contextos.models.report import IngestReport
from contextos.models.stats import RejectionSummary, UserStats
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
from contextos.settings import Settings, default_data_dir
from contextos.stats import summarise_rejections, user_stats

__all__ = ["MAX_UNFINISHED_IN_A_ROW", "PARALLEL_MIN_BYTES", "ContextOS", "IngestProgress"]


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
        user = check_user_id(user)
        inputs = IngestInputs.read(sources, format=format, options=options)
        name: str | None
        if isinstance(extractor, str):
            chosen, name = self._named(extractor), extractor
        elif extractor is not None:
            chosen, name = extractor, None
        else:
            chosen, name = self.extractor, self._extractor_name
        return IngestRun(self.store, chosen, name, self.embed, self.settings).run(
            inputs,
            user=user,
            user_name=user_name,
            progress=progress,
            parallel=parallel,
            allow_partial=allow_partial,
        )

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
