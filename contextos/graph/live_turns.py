"""The store side of live turns: a live session is a ``Conversation`` (source ``live``) whose
turns are written as they arrive, before anything is extracted from them, and which records
how far its extraction has read (``live_extracted``, ``live_debriefed``) in the same
transaction as what that extraction found (the progress is its seal, written only once every
statement of what was found succeeded: ``CypherGraphStore.run_sealed``). A process that dies
between the two loses nothing: the next start reads the progress back and extracts what is
pending."""

from __future__ import annotations

from typing import Any

from contextos.errors import ConfigError
from contextos.graph import cypher
from contextos.graph.cypher_store import CypherGraphStore
from contextos.graph.records import conversation_params, from_epoch
from contextos.graph.store import ConversationWrite, GraphStore
from contextos.models.live import LiveSession
from contextos.models.transcript import Turn

__all__ = ["LiveTurnLog"]

_APPEND = ("upsert_user", "upsert_conversation", "upsert_turns")


class LiveTurnLog:
    """Live sessions in a Cypher graph store."""

    def __init__(self, store: GraphStore) -> None:
        if not isinstance(store, CypherGraphStore):
            raise ConfigError(f"live turns need a Cypher graph store, not {type(store).__name__}")
        self.store = store

    def _q(self, name: str) -> str:
        return cypher.load(name, self.store.dialect)

    def append(self, write: ConversationWrite, turn_count: int, last_at: float | None) -> None:
        """Store the new turns of ``write`` (its conversation holds only them) in one
        transaction; ``turn_count`` is the session's count with them."""
        params = conversation_params(write)
        params["upsert_conversation"]["turn_count"] = turn_count
        stmts: list[tuple[str, dict[str, Any]]] = [(self._q(n), params[n]) for n in _APPEND]
        touch = {"key": write.conversation_key, "turn_count": turn_count, "last_at": last_at}
        self.store.run_sealed(stmts, [(self._q("live_touch_session"), touch)])

    def write_extraction(self, write: ConversationWrite, extracted: int, debriefed: int) -> None:
        """What an extraction of the session found, and how far it read, in one transaction."""
        progress = {"key": write.conversation_key, "extracted": extracted, "debriefed": debriefed}
        seal = [*self.store.conversation_seal(write), (self._q("live_set_progress"), progress)]
        self.store.run_sealed(self.store.conversation_statements(write), seal)

    def sessions(
        self, user_id: str | None = None, session_id: str | None = None
    ) -> list[LiveSession]:
        rows = self.store.run(
            self._q("live_sessions"), {"user_id": user_id, "session_id": session_id}
        )
        return [
            LiveSession(
                user_id=str(u),
                session_id=str(s),
                turns=int(n or 0),
                extracted=int(e or 0),
                debriefed=int(d or 0),
                last_at=float(last) if last is not None else None,
            )
            for u, s, n, e, d, last, _started in rows
        ]

    def turns(self, conversation_key: str, session_id: str) -> list[Turn]:
        rows = self.store.run(self._q("live_session_turns"), {"key": conversation_key})
        return [
            Turn(
                id=r[0],
                conversation_id=session_id,
                index=r[1],
                role=r[2],
                speaker=r[3],
                kind=r[4],
                text=r[5],
                timestamp=from_epoch(r[6]),
            )
            for r in rows
        ]
