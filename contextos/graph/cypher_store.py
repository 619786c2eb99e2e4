"""The backend-independent half of a Cypher graph store.

A backend supplies three primitives — run one statement, run a list of statements in one
transaction, and its dialect name — and inherits every read and write the service needs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from contextos.errors import StoreError
from contextos.graph import cypher
from contextos.graph.records import (
    FACT_COLUMNS,
    conversation_params,
    entities_by_type,
    entity_from_row,
    fact_from_row,
    from_epoch,
    labels_by_type,
    rejection_from_row,
    relation_params,
    run_from_row,
    run_params,
    seal_params,
)
from contextos.graph.store import ConversationWrite
from contextos.models.entities import Entity, EntityState
from contextos.models.facts import Fact
from contextos.models.stats import FactCount, RejectionCount, RunRecord, StoredRejection
from contextos.models.transcript import Turn

__all__ = ["CypherGraphStore"]

_WRITE_ORDER = (
    "create_user",
    "upsert_user",
    "upsert_conversation",
    "upsert_turns",
    "set_turn_embeddings",
    "upsert_entities",
    "upsert_facts",
    "link_fact_mentions",
    "supersede_facts",
    "end_facts",
    "set_entity_state",
    "insert_rejections",
)
_LIST_PARAM = {
    "upsert_turns": "turns",
    "set_turn_embeddings": "items",
    "upsert_entities": "entities",
    "upsert_facts": "facts",
    "link_fact_mentions": "links",
    "supersede_facts": "items",
    "end_facts": "items",
    "set_entity_state": "items",
    "insert_rejections": "rejections",
}


class CypherGraphStore(ABC):
    name = "cypher"
    dialect: str | None = None

    # -- primitives a backend implements ------------------------------------

    @abstractmethod
    def open(self) -> None: ...

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def run(self, query: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
        """Run one statement; return its rows."""

    @abstractmethod
    def run_transaction(self, statements: list[tuple[str, dict[str, Any]]]) -> None:
        """Run statements atomically: all of them are applied, or none."""

    def run_read_only(
        self, query: str, params: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """Run one statement the database itself refuses to let write (a user's own Cypher,
        ``contextos.llamaindex``); its rows as dicts by column name. A backend that cannot
        enforce read-only execution server-side keeps this default: it refuses."""
        raise StoreError(f"the {self.name} backend cannot run read-only queries")

    # -- helpers -----------------------------------------------------------

    def _q(self, name: str) -> str:
        return cypher.load(name, self.dialect)

    # -- writes ------------------------------------------------------------

    def conversation_statements(self, w: ConversationWrite) -> list[tuple[str, dict[str, Any]]]:
        params = conversation_params(w)
        stmts: list[tuple[str, dict[str, Any]]] = []
        for name in _WRITE_ORDER:
            list_key = _LIST_PARAM.get(name)
            if list_key and not params[name][list_key]:
                continue
            if name == "upsert_entities":
                for label, rows in entities_by_type(w).items():
                    q = cypher.render("create_entities", self.dialect, label=label)
                    stmts.append((q, {"entities": rows}))
            stmts.append((self._q(name), params[name]))
            if name == "upsert_entities":
                for label, keys in labels_by_type(w).items():
                    q = cypher.render("set_entity_label", self.dialect, label=label)
                    stmts.append((q, {"keys": keys, "user_id": w.user_id}))
        for rel_type, rows in relation_params(w).items():
            q = cypher.render("upsert_relations", self.dialect, rel_type=rel_type)
            stmts.append((q, {"relations": rows, "user_id": w.user_id}))
        return stmts

    def conversation_seal(self, w: ConversationWrite) -> list[tuple[str, dict[str, Any]]]:
        """What marks the conversation's write done (its checkpoint, with the extractor's
        carry-over of the user): :meth:`run_sealed`'s seal, after its data statements."""
        return [(self._q("seal_conversation"), seal_params(w))]

    def write_conversation(self, write: ConversationWrite) -> None:
        self.run_sealed(self.conversation_statements(write), self.conversation_seal(write))

    def run_sealed(
        self,
        statements: list[tuple[str, dict[str, Any]]],
        seal: list[tuple[str, dict[str, Any]]],
    ) -> None:
        """Run ``statements`` as one transaction and ``seal`` (what marks them done: a
        checkpoint, a progress mark) only once every one of them succeeded, so work that failed
        part-way is never marked done and the next run does it again. A backend whose
        transactions are all-or-nothing (this default) runs both in one transaction; one whose
        transaction keeps the statements before a failed one (FalkorDB's MULTI/EXEC) runs the
        seal in a second step after checking every reply."""
        self.run_transaction([*statements, *seal])

    # -- reads -------------------------------------------------------------

    def embedding_meta(self, model: str, dimension: int) -> tuple[str, int]:
        """Record the embedding model on first use; return the one the graph was built with."""
        rows = self.run(self._q("ensure_embedding_meta"), {"model": model, "dimension": dimension})
        return str(rows[0][0]), int(rows[0][1])

    def checkpoint(self, conversation_key: str) -> str | None:
        rows = self.run(self._q("get_checkpoint"), {"key": conversation_key})
        return rows[0][0] if rows else None

    def facts(
        self, user_id: str, *, as_of: float | None = None, include_superseded: bool = False
    ) -> list[Fact]:
        rows = self.run(
            self._q("list_facts"),
            {"user_id": user_id, "as_of": as_of, "include_superseded": include_superseded},
        )
        return [fact_from_row(r[: len(FACT_COLUMNS)], user_id) for r in rows]

    def state_facts(
        self,
        user_id: str,
        categories: list[str],
        ids: list[str],
        *,
        as_of: float | None = None,
    ) -> list[Fact]:
        """The user's current facts (at ``as_of`` when given) of ``categories``, every blocker
        statement, and the facts ``ids``: what :class:`UserState` keeps, read without the
        rest of a large graph."""
        rows = self.run(
            self._q("list_state_facts"),
            {"user_id": user_id, "categories": categories, "ids": ids, "as_of": as_of},
        )
        return [fact_from_row(r[: len(FACT_COLUMNS)], user_id) for r in rows]

    def supersessions(self, user_id: str) -> list[tuple[str, str, str | None]]:
        """(newer fact id, replaced fact id, reason) of every ``SUPERSEDES`` edge of the user's
        facts; the reason is None where the edge carries none."""
        rows = self.run(self._q("list_supersessions"), {"user_id": user_id})
        return [(str(n), str(o), str(r) if r else None) for n, o, r in rows]

    def get_facts(self, ids: list[str], user_id: str = "") -> list[Fact]:
        if not ids:
            return []
        rows = self.run(self._q("get_facts"), {"ids": ids, "user_id": user_id})
        by_id = {r[0]: fact_from_row(r[: len(FACT_COLUMNS)], user_id) for r in rows}
        return [by_id[i] for i in ids if i in by_id]

    def fact_vectors(self, user_id: str) -> tuple[list[Fact], list[list[float]]]:
        """Every fact of the user (superseded ones too) with its embedding."""
        rows = self.run(self._q("list_fact_vectors"), {"user_id": user_id})
        n = len(FACT_COLUMNS)
        return [fact_from_row(r[:n], user_id) for r in rows], [list(r[n]) for r in rows]

    def similar_facts(
        self, user_id: str, embedding: list[float], k: int = 10
    ) -> list[tuple[str, float]]:
        # The index is shared by all users: over-fetch, then keep this user's facts.
        rows = self.run(
            self._q("vector_search_facts"),
            {"user_id": user_id, "embedding": [float(x) for x in embedding], "k": k * 4},
        )
        return [(r[0], float(r[1])) for r in rows][:k]

    def entities(self, user_id: str) -> list[Entity]:
        rows = self.run(self._q("list_entities"), {"user_id": user_id})
        out = []
        for r in rows:
            if r[8]:
                continue
            e = entity_from_row(r, user_id)
            if len(r) > 9 and r[9]:
                e.state = EntityState.model_validate_json(r[9])
            out.append(e)
        return out

    def entity_states(self, user_id: str) -> dict[str, list[str]]:
        """Per entity node of the user (theirs included), the state properties written on it."""
        rows = self.run(self._q("list_entity_states"), {"user_id": user_id})
        return {str(k): [str(f) for f in fields or []] for k, fields in rows}

    def fact_entities(self, fact_ids: list[str], user_id: str = "") -> dict[str, list[Entity]]:
        out: dict[str, list[Entity]] = {}
        if not fact_ids:
            return out
        for fid, key, name, etype, props in self.run(
            self._q("fact_entities"), {"ids": fact_ids, "user_id": user_id}
        ):
            out.setdefault(fid, []).append(
                entity_from_row([key, name, etype, [], props, [], None, None], user_id)
            )
        return out

    def stats(self, user_id: str | None = None) -> dict[str, int]:
        return {str(label): int(n) for label, n in self.run(self._q("stats"), {"user_id": user_id})}

    def users(self) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self.run(self._q("list_users"))]

    def turns(self, user_id: str, refs: list[tuple[str, str]]) -> list[tuple[str, Turn]]:
        """(key, turn) of the user's turns named by (conversation id, turn id)."""
        if not refs:
            return []
        rows = self.run(self._q("get_turns"), {"user_id": user_id, "refs": [list(r) for r in refs]})
        return [(r[0], _turn_from_row(r[1:])) for r in rows]

    # -- retrieval (context/, issue #42) ------------------------------------

    def similar_turns(
        self, user_id: str, embedding: list[float], k: int = 10, as_of: float | None = None
    ) -> list[tuple[str, float]]:
        """(turn key, cosine similarity) of the user's turns nearest ``embedding``, said at or
        before ``as_of`` when it is given."""
        rows = self.run(
            self._q("vector_search_turns"),
            {
                "user_id": user_id,
                "embedding": [float(x) for x in embedding],
                "k": k * 4,
                "as_of": as_of,
            },
        )
        return [(r[0], float(r[1])) for r in rows][:k]

    def turn_windows(
        self, user_id: str, keys: list[str], radius: int = 1
    ) -> dict[str, list[tuple[str, Turn]]]:
        """For each turn key, the (key, turn) pairs within ``radius`` turns of it in its
        conversation, in order."""
        if not keys:
            return {}
        rows = self.run(
            self._q("turn_windows"), {"user_id": user_id, "keys": keys, "radius": radius}
        )
        out: dict[str, list[tuple[str, Turn]]] = {}
        for r in rows:
            out.setdefault(r[0], []).append((r[1], _turn_from_row(r[2:])))
        for window in out.values():
            window.sort(key=lambda kt: kt[1].index)
        return out

    def user_turn_texts(self, user_id: str) -> list[tuple[str, str, str, float | None]]:
        """(key, text, speaker, epoch time) of every turn of the user."""
        return [
            (r[0], r[1] or "", r[2] or "", r[3])
            for r in self.run(self._q("list_user_turns"), {"user_id": user_id})
        ]

    def entity_neighbourhood(
        self, user_id: str, keys: list[str], hops: int = 2
    ) -> list[tuple[str, Entity, int]]:
        """(named entity key, neighbour, hops) for the entities within ``hops`` (1 or 2)
        relations of the named ones."""
        if not keys:
            return []
        rows = self.run(
            self._q("entity_neighbourhood"), {"user_id": user_id, "keys": keys, "hops": hops}
        )
        return [
            (
                r[0],
                entity_from_row([r[1], r[2], r[3], [], r[4], [], None, None], user_id),
                int(r[5]),
            )
            for r in rows
            if r[1] is not None
        ]

    def entity_fact_ids(self, user_id: str, keys: list[str]) -> dict[str, list[str]]:
        """fact id -> the given entities it mentions or is about."""
        out: dict[str, list[str]] = {}
        if keys:
            for fid, key in self.run(self._q("entity_facts"), {"user_id": user_id, "keys": keys}):
                out.setdefault(fid, []).append(key)
        return out

    def facts_with_last_said(
        self, ids: list[str], user_id: str = ""
    ) -> list[tuple[Fact, float | None]]:
        """The facts ``ids`` (in that order) with when each was last said (epoch s; a repeat
        renews it), what query-time decay reads."""
        if not ids:
            return []
        n = len(FACT_COLUMNS)
        rows = self.run(self._q("context_facts"), {"ids": ids})
        by_id = {r[0]: (fact_from_row(r[:n], user_id), r[n]) for r in rows}
        return [by_id[i] for i in ids if i in by_id]

    def touch_facts(self, ids: list[str], at: float) -> None:
        """Record that the facts ``ids`` were injected at ``at`` (their ``last_used``)."""
        if ids:
            self.run(self._q("touch_facts"), {"ids": ids, "at": at})

    def carryover(self, user_id: str) -> str | None:
        """What the extractor remembered of the user at the end of their last run."""
        rows = self.run(self._q("get_carryover"), {"user_id": user_id})
        return rows[0][0] if rows and rows[0][0] else None

    def set_carryover(self, user_id: str, carryover: str) -> None:
        self.run(self._q("set_carryover"), {"user_id": user_id, "carryover": carryover})

    # -- runs and their statistics (issue #39) ------------------------------

    def write_run(self, run: RunRecord) -> None:
        self.run(self._q("insert_run"), run_params(run))

    def runs(self, user_id: str) -> list[RunRecord]:
        """The user's ingest runs, oldest first."""
        return [run_from_row(r) for r in self.run(self._q("list_runs"), {"user_id": user_id})]

    def fact_counts(self, user_id: str) -> list[FactCount]:
        rows = self.run(self._q("count_facts"), {"user_id": user_id})
        return [
            FactCount(extractor=e or "local", current=bool(c), count=int(n)) for e, c, n in rows
        ]

    def rejection_counts(self, user_id: str) -> list[RejectionCount]:
        rows = self.run(self._q("count_rejections"), {"user_id": user_id})
        return [
            RejectionCount(extractor=e or "local", reason=r or "", count=int(n)) for e, r, n in rows
        ]

    def rejections(self, user_id: str) -> list[StoredRejection]:
        """The user's rejections, each with the time of the turn it came from."""
        rows = self.run(self._q("list_rejections"), {"user_id": user_id})
        if not rows:
            return []
        said = {
            (c, t): ts for c, t, ts in self.run(self._q("list_turn_times"), {"user_id": user_id})
        }
        return [rejection_from_row(r, said.get((r[4], r[5]))) for r in rows]

    # -- the property-graph view (contextos.llamaindex) ------------------------

    def relations(self, user_id: str) -> list[list[Any]]:
        """Rows of ``list_relations.cypher``: every typed relation between the user's entities."""
        return self.run(self._q("list_relations"), {"user_id": user_id})

    def fact_links(self, user_id: str) -> list[list[Any]]:
        """Rows of ``list_fact_links.cypher``: (fact id, ABOUT|MENTIONS, entity...)."""
        return self.run(self._q("list_fact_links"), {"user_id": user_id})

    def fact_turns(self, user_id: str) -> list[Turn]:
        """The turns the user's facts are grounded in."""
        return [
            _turn_from_row(r[1:])
            for r in self.run(self._q("list_fact_turns"), {"user_id": user_id})
        ]

    def graph_version(self, user_id: str) -> tuple[Any, ...]:
        """A value that changes whenever anything is written for the user (a cache key)."""
        rows = self.run(self._q("graph_version"), {"user_id": user_id})
        return tuple(rows[0]) if rows else ()

    def delete_user(self, user_id: str) -> int:
        before = sum(self.stats(user_id).values())
        self.run(self._q("delete_user"), {"user_id": user_id})
        return before


def _turn_from_row(r: list[Any]) -> Turn:
    """A turn from (id, conversation id, idx, role, speaker, kind, text, epoch time)."""
    return Turn(
        id=r[0],
        conversation_id=r[1],
        index=r[2],
        role=r[3],
        speaker=r[4],
        kind=r[5],
        text=r[6],
        timestamp=from_epoch(r[7]),
    )
