"""The graph store interface, and the records the service hands it to write.

One interface, two real backends, both :class:`~contextos.graph.cypher_store.CypherGraphStore`
subclasses running the same ``cypher/*.cypher`` statements:

- FalkorDB (``falkordb_store.py``): the embedded server in the data directory (the default),
  or a running one (``falkor://host:port``);
- Neo4j over Bolt (``neo4j_store.py``): ``neo4j://``, ``bolt://``, ``neo4j+s://``,
  ``bolt+s://`` URLs, for Neo4j 5 (server, cluster, AuraDB) or any Neo4j-compatible Bolt server
  (the tests run ArcadeDB's, ``arcadedb_server.py``); what the server lacks is detected when
  the store opens (``BoltCapabilities``), and no APOC is needed.

``graph/`` is the only package that talks to a database; everything above it uses
:class:`GraphStore`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from contextos.models.entities import Entity
from contextos.models.facts import Fact, Rejection
from contextos.models.stats import FactCount, RejectionCount, RunRecord, StoredRejection
from contextos.models.transcript import Conversation, Turn

__all__ = [
    "ConversationWrite",
    "Ending",
    "EntityWrite",
    "FactWrite",
    "GraphStore",
    "RelationWrite",
    "StateWrite",
    "Supersession",
]


@dataclass
class FactWrite:
    fact: Fact
    embedding: list[float]
    turn_keys: list[str]
    subject_key: str | None = None
    entity_keys: list[str] = field(default_factory=list)


@dataclass
class EntityWrite:
    key: str
    name: str
    type: str
    aliases: list[str] = field(default_factory=list)
    properties: dict[str, Any] = field(default_factory=dict)
    turn_ids: list[str] = field(default_factory=list)
    seen_at: float | None = None


@dataclass
class RelationWrite:
    source_key: str
    type: str
    target_key: str
    turn_ids: list[str] = field(default_factory=list)
    valid_from: float | None = None
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass
class Supersession:
    """``new_id`` replaces ``old_id`` from ``at``; the edge ``(new)-[:SUPERSEDES {reason}]->(old)``
    says why: ``updated`` (a newer value of the same slot or statement), ``corrected`` (an
    explicit correction: the old fact also loses ``penalty`` confidence) or ``negated`` (a
    statement that it is no longer so)."""

    old_id: str
    new_id: str
    at: float | None
    reason: str = "updated"
    penalty: float = 0.0


@dataclass
class StateWrite:
    """An entity node's current state (``resolve/state_book.py``): ``properties`` are set on
    the node (a None removes that property), ``state_json`` is the typed
    :class:`~contextos.models.entities.EntityState`, ``fields`` the state's property names."""

    key: str
    properties: dict[str, str | None]
    state_json: str
    fields: list[str] = field(default_factory=list)


@dataclass
class Ending:
    """A stored fact that ends with nothing replacing it: its speaker took it back."""

    fact_id: str
    at: float | None


@dataclass
class ConversationWrite:
    """Everything one conversation adds to the graph, written in a single transaction."""

    user_id: str
    user_name: str
    user_key: str
    conversation_key: str
    conversation: Conversation
    turns: list[Turn]
    #: turn id -> key for ``turns``, and for the earlier conversations' turns a fact cites
    turn_keys: dict[str, str]
    facts: list[FactWrite] = field(default_factory=list)
    entities: list[EntityWrite] = field(default_factory=list)
    relations: list[RelationWrite] = field(default_factory=list)
    supersessions: list[Supersession] = field(default_factory=list)
    endings: list[Ending] = field(default_factory=list)
    #: the current state of the entities this conversation changed, written last
    states: list[StateWrite] = field(default_factory=list)
    rejections: list[tuple[str, Rejection]] = field(default_factory=list)  # (id, rejection)
    content_hash: str = ""
    #: turn key -> its embedding, for the turns retrieval searches by vector (context/)
    turn_vectors: dict[str, list[float]] = field(default_factory=dict)
    #: what the extractor remembers of the user once this conversation is read
    #: (``extract/local/conversation/carryover.py``), stored with it so that a run resumed
    #: after it reads on exactly from there; None when it is what the store has already (or
    #: nothing is carried)
    carryover: str | None = None


class GraphStore(Protocol):
    """What the service needs from a graph database."""

    name: str

    def open(self) -> None: ...

    def close(self) -> None: ...

    def embedding_meta(self, model: str, dimension: int) -> tuple[str, int]: ...

    def checkpoint(self, conversation_key: str) -> str | None: ...

    def write_conversation(self, write: ConversationWrite) -> None: ...

    def facts(
        self, user_id: str, *, as_of: float | None = None, include_superseded: bool = False
    ) -> list[Fact]: ...

    def state_facts(
        self,
        user_id: str,
        categories: list[str],
        ids: list[str],
        *,
        as_of: float | None = None,
    ) -> list[Fact]: ...

    def fact_vectors(self, user_id: str) -> tuple[list[Fact], list[list[float]]]: ...

    def supersessions(self, user_id: str) -> list[tuple[str, str, str | None]]: ...

    def get_facts(self, ids: list[str], user_id: str = "") -> list[Fact]: ...

    def similar_facts(
        self, user_id: str, embedding: list[float], k: int = 10
    ) -> list[tuple[str, float]]: ...

    def entities(self, user_id: str) -> list[Entity]: ...

    def entity_states(self, user_id: str) -> dict[str, list[str]]: ...

    def fact_entities(self, fact_ids: list[str], user_id: str = "") -> dict[str, list[Entity]]: ...

    def stats(self, user_id: str | None = None) -> dict[str, int]: ...

    def users(self) -> list[tuple[str, str]]: ...

    def turns(self, user_id: str, refs: list[tuple[str, str]]) -> list[tuple[str, Turn]]: ...

    # retrieval (context/): turns by vector and as episode windows, the text the lexical
    # index is rebuilt from, the graph around named entities, and the signals decay reads

    def similar_turns(
        self, user_id: str, embedding: list[float], k: int = 10, as_of: float | None = None
    ) -> list[tuple[str, float]]: ...

    def turn_windows(
        self, user_id: str, keys: list[str], radius: int = 1
    ) -> dict[str, list[tuple[str, Turn]]]: ...

    def user_turn_texts(self, user_id: str) -> list[tuple[str, str, str, float | None]]: ...

    def entity_neighbourhood(
        self, user_id: str, keys: list[str], hops: int = 2
    ) -> list[tuple[str, Entity, int]]: ...

    def entity_fact_ids(self, user_id: str, keys: list[str]) -> dict[str, list[str]]: ...

    def facts_with_last_said(
        self, ids: list[str], user_id: str = ""
    ) -> list[tuple[Fact, float | None]]: ...

    def touch_facts(self, ids: list[str], at: float) -> None: ...

    def carryover(self, user_id: str) -> str | None: ...

    def set_carryover(self, user_id: str, carryover: str) -> None: ...

    def write_run(self, run: RunRecord) -> None: ...

    def runs(self, user_id: str) -> list[RunRecord]: ...

    def fact_counts(self, user_id: str) -> list[FactCount]: ...

    def rejection_counts(self, user_id: str) -> list[RejectionCount]: ...

    def rejections(self, user_id: str) -> list[StoredRejection]: ...

    def delete_user(self, user_id: str) -> int: ...
