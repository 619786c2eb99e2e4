"""A user's contextos graph in LlamaIndex's terms: entities as ``EntityNode``s, facts and the
turns they quote as ``ChunkNode``s, and the edges between them as ``Relation``s.

* an entity is an ``EntityNode`` (label: its type; id: its name, as LlamaIndex names
  entities); the user is one too (``is_user``);
* a fact is a ``ChunkNode`` (label ``Fact``, id: the contextos fact id, text: the fact) whose
  properties carry its evidence (conversation, turn, character span, quote), its validity and
  its ``triplet_source_id``: the turn it was said in, so LlamaIndex's ``include_text`` adds the
  words the fact came from;
* a turn is a ``ChunkNode`` (label ``Turn``, id: ``conversation id \\x1f turn id``);
* edges: the typed relations between entities (``WORKS_ON``, ``HAS_MANAGER``...), ``ABOUT`` and
  ``MENTIONS`` from a fact to an entity, ``SUPERSEDES`` from a newer fact to the one it
  replaced, ``GROUNDED_IN`` from a fact to its turns.

Which facts are in it: the current ones, or those valid at ``as_of``, and the superseded ones
too with ``include_superseded``. A view is one read of the user's whole graph (a handful of
queries); the store keeps it until anything is written for the user.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from llama_index.core.graph_stores.types import (
    TRIPLET_SOURCE_KEY,
    ChunkNode,
    EntityNode,
    LabelledNode,
    Relation,
    Triplet,
)

from contextos.graph.records import from_epoch
from contextos.models.entities import Entity
from contextos.models.facts import Fact, turn_ref
from contextos.models.transcript import Turn

__all__ = ["GraphView", "entity_node", "fact_node", "split_turn_ref", "turn_node"]

FACT_LABEL = "Fact"
TURN_LABEL = "Turn"


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def split_turn_ref(node_id: str) -> tuple[str, str] | None:
    """(conversation id, turn id) of a turn node's id; None for any other id."""
    conv, sep, turn = node_id.partition("\x1f")
    return (conv, turn) if sep and conv and turn else None


def entity_node(name: str, type_: str, key: str, **properties: Any) -> EntityNode:
    props = {"key": key, **{k: v for k, v in properties.items() if v not in (None, [], {})}}
    return EntityNode(name=name, label=type_, properties=props)


def _entity(e: Entity) -> EntityNode:
    return entity_node(
        e.name,
        e.type,
        e.id,
        aliases=e.aliases,
        turn_ids=e.turn_ids,
        first_seen=_iso(e.first_seen),
        last_seen=_iso(e.last_seen),
        **e.properties,
    )


def evidence_of(f: Fact) -> list[dict[str, Any]]:
    """A fact's evidence spans as plain dicts (node properties and metadata)."""
    return [
        {
            "conversation_id": s.conversation_id,
            "turn_id": s.turn_id,
            "start": s.start,
            "end": s.end,
            "quote": s.quote,
        }
        for s in f.evidence_spans
    ]


def fact_node(f: Fact) -> ChunkNode:
    evidence = evidence_of(f)
    props: dict[str, Any] = {
        "fact_type": f.type.value,
        "category": f.category,
        "subject": f.subject,
        "confidence": f.confidence,
        "importance": f.importance,
        "current": f.is_current,
        "evidence": evidence,
        "quote": f.evidence,
        "turn_ids": f.turn_ids,
        "conversation_ids": f.conversation_ids,
        "entities": f.entities,
        "valid_from": _iso(f.valid_from),
        "valid_to": _iso(f.valid_to),
        "superseded_by": f.superseded_by,
        "recorded_at": _iso(f.recorded_at),
        "extractor": f.extractor,
        "project": f.project,
        "status": f.status,
    }
    if f.evidence_spans:
        first = f.evidence_spans[0]
        props[TRIPLET_SOURCE_KEY] = turn_ref(first.conversation_id, first.turn_id)
    return ChunkNode(text=f.text, id_=f.id, label=FACT_LABEL, properties=props)


def turn_node(t: Turn) -> ChunkNode:
    return ChunkNode(
        text=t.text,
        id_=turn_ref(t.conversation_id, t.id),
        label=TURN_LABEL,
        properties={
            "conversation_id": t.conversation_id,
            "turn_id": t.id,
            "role": t.role,
            "speaker": t.speaker,
            "timestamp": _iso(t.timestamp),
        },
    )


@dataclass
class GraphView:
    """The nodes (by LlamaIndex id) and triplets of one user's graph."""

    nodes: dict[str, LabelledNode] = field(default_factory=dict)
    triplets: list[Triplet] = field(default_factory=list)

    @classmethod
    def read(
        cls,
        store: Any,
        user_id: str,
        *,
        as_of: float | None = None,
        include_superseded: bool = False,
    ) -> GraphView:
        """Read the view from a contextos graph store (a ``CypherGraphStore``)."""
        view = cls()
        facts = store.facts(user_id, as_of=as_of, include_superseded=include_superseded)
        fact_nodes = {f.id: view.add(fact_node(f)) for f in facts}
        by_key: dict[str, LabelledNode] = {}
        for e in store.entities(user_id):
            by_key[e.id] = view.add(_entity(e))

        def end(key: str, name: str, type_: str, is_user: Any) -> LabelledNode:
            if key not in by_key:  # the user's own node (entities() leaves it out)
                by_key[key] = view.add(entity_node(name, type_, key, is_user=bool(is_user)))
            return by_key[key]

        for (
            a_key,
            a_name,
            a_type,
            a_user,
            rel,
            b_key,
            b_name,
            b_type,
            b_user,
            *rest,
        ) in store.relations(user_id):
            valid_from, turn_ids, props = rest
            a, b = end(a_key, a_name, a_type, a_user), end(b_key, b_name, b_type, b_user)
            extra = json.loads(props) if props else {}
            view.relate(
                a,
                rel,
                b,
                valid_from=_iso(from_epoch(valid_from)),
                turn_ids=list(turn_ids or []),
                **extra,
            )
        for fact_id, rel, key, name, type_, is_user in store.fact_links(user_id):
            if fact_id in fact_nodes:
                view.relate(fact_nodes[fact_id], rel, end(key, name, type_, is_user))
        for newer, older, reason in store.supersessions(user_id):
            if newer in fact_nodes and older in fact_nodes:
                view.relate(fact_nodes[newer], "SUPERSEDES", fact_nodes[older], reason=reason)
        refs = {turn_ref(s.conversation_id, s.turn_id) for f in facts for s in f.evidence_spans}
        turns = {
            ref: view.add(turn_node(t))
            for t in store.fact_turns(user_id)
            if (ref := turn_ref(t.conversation_id, t.id)) in refs
        }
        for f in facts:
            for s in f.evidence_spans:
                turn = turns.get(turn_ref(s.conversation_id, s.turn_id))
                if turn is not None:
                    view.relate(
                        fact_nodes[f.id],
                        "GROUNDED_IN",
                        turn,
                        start=s.start,
                        end=s.end,
                        quote=s.quote,
                    )
        return view

    def add(self, node: LabelledNode) -> LabelledNode:
        return self.nodes.setdefault(node.id, node)

    def relate(self, a: LabelledNode, label: str, b: LabelledNode, **properties: Any) -> None:
        props = {k: v for k, v in properties.items() if v not in (None, [])}
        self.triplets.append(
            (a, Relation(label=label, source_id=a.id, target_id=b.id, properties=props), b)
        )

    # -- the reads of a PropertyGraphStore, over the view -------------------

    def get(self, properties: dict[str, Any] | None, ids: list[str] | None) -> list[LabelledNode]:
        nodes = list(self.nodes.values())
        if ids:
            wanted = set(ids)
            nodes = [n for n in nodes if n.id in wanted]
        if properties:
            nodes = [n for n in nodes if _matches(n, properties)]
        return nodes

    def get_triplets(
        self,
        entity_names: list[str] | None,
        relation_names: list[str] | None,
        properties: dict[str, Any] | None,
        ids: list[str] | None,
    ) -> list[Triplet]:
        if not (entity_names or relation_names or properties or ids):
            return []  # as LlamaIndex's own stores: no filter, no triplets
        out = self.triplets
        if entity_names:
            names = set(entity_names)
            out = [t for t in out if _named(t[0], names) or _named(t[2], names)]
        if relation_names:
            out = [t for t in out if t[1].label in set(relation_names)]
        if properties:
            out = [t for t in out if any(_matches(x, properties) for x in t)]
        if ids:
            wanted = set(ids)
            out = [t for t in out if t[0].id in wanted or t[2].id in wanted]
        return out

    def rel_map(self, start: list[str], depth: int, limit: int, ignore: set[str]) -> list[Triplet]:
        """Triplets up to ``depth`` edges away from the ``start`` nodes (either direction),
        nearest first, at most ``limit``; ``ignore`` names relations not walked."""
        frontier, seen_nodes = set(start), set(start)
        seen: set[int] = set()
        out: list[Triplet] = []
        for _ in range(max(depth, 0)):
            reached: set[str] = set()
            for i, (a, rel, b) in enumerate(self.triplets):
                if i in seen or rel.label in ignore or not (a.id in frontier or b.id in frontier):
                    continue
                seen.add(i)
                out.append((a, rel, b))
                reached.update({a.id, b.id} - seen_nodes)
                if len(out) >= limit:
                    return out
            seen_nodes |= reached
            frontier = reached
            if not frontier:
                break
        return out


def _named(node: LabelledNode, names: set[str]) -> bool:
    return node.id in names or getattr(node, "name", None) in names


def _matches(item: LabelledNode | Relation, properties: dict[str, Any]) -> bool:
    """Every given property equal (``label`` matches the node's label too)."""
    for k, v in properties.items():
        have = item.label if k == "label" and isinstance(item, LabelledNode) else None
        if have is None:
            have = item.properties.get(k)
        if have != v:
            return False
    return True
