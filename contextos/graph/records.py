"""Conversions between the write records / models and Cypher parameters and result rows.

Shared by every backend: both speak the same Cypher with the same parameters. Property values
are primitives or lists of primitives (what both FalkorDB and Neo4j accept); maps are stored
as JSON strings.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import numpy as np

from contextos.graph.store import ConversationWrite
from contextos.models.entities import Entity
from contextos.models.facts import Evidence, Fact
from contextos.models.metrics import ExtractorMetrics
from contextos.models.stats import RunRecord, StoredRejection

__all__ = [
    "conversation_params",
    "entity_from_row",
    "fact_from_row",
    "from_epoch",
    "rejection_from_row",
    "run_from_row",
    "run_params",
    "seal_params",
    "to_epoch",
]

FACT_COLUMNS = (
    "id",
    "text",
    "type",
    "category",
    "confidence",
    "importance",
    "subject",
    "turn_ids",
    "evidence",
    "spans",
    "conversation_ids",
    "valid_from",
    "valid_to",
    "superseded_by",
    "recorded_at",
    "entities",
    "extractor",
    "project",
    "status",
)


def to_epoch(value: datetime | None) -> float | None:
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.timestamp()


def from_epoch(value: Any) -> datetime | None:
    if value is None:
        return None
    return datetime.fromtimestamp(float(value), tz=UTC)


def _latest(*stamps: float | None) -> float | None:
    """The latest of the known times (None when none is known)."""
    known = [s for s in stamps if s is not None]
    return max(known) if known else None


def span_to_str(e: Evidence) -> str:
    return json.dumps(e.model_dump(), sort_keys=True, ensure_ascii=False)


def fact_from_row(row: list[Any], user_id: str = "") -> Fact:
    r = dict(zip(FACT_COLUMNS, row, strict=True))
    spans = [Evidence.model_validate(json.loads(s)) for s in (r["spans"] or [])]
    return Fact(
        id=r["id"],
        user_id=user_id,
        text=r["text"],
        type=r["type"],
        category=r["category"],
        confidence=float(r["confidence"]),
        importance=float(r["importance"] if r["importance"] is not None else 0.5),
        subject=r["subject"] or "",
        turn_ids=list(r["turn_ids"] or []),
        evidence=r["evidence"] or "",
        evidence_spans=spans,
        conversation_ids=list(r["conversation_ids"] or []),
        valid_from=from_epoch(r["valid_from"]),
        valid_to=from_epoch(r["valid_to"]),
        superseded_by=r["superseded_by"],
        recorded_at=from_epoch(r["recorded_at"]),
        entities=list(r["entities"] or []),
        extractor=r["extractor"] or "local",
        project=r["project"],
        status=r["status"],
    )


def entity_from_row(row: list[Any], user_id: str) -> Entity:
    key, name, etype, aliases, props, turn_ids, first_seen, last_seen = row[:8]
    return Entity(
        id=key,
        user_id=user_id,
        name=name,
        type=etype,
        aliases=list(aliases or []),
        properties=json.loads(props) if props else {},
        turn_ids=list(turn_ids or []),
        first_seen=from_epoch(first_seen),
        last_seen=from_epoch(last_seen),
    )


def conversation_params(w: ConversationWrite) -> dict[str, dict[str, Any]]:
    """Parameters for every statement of one conversation write, by statement name."""
    conv = w.conversation
    started = to_epoch(conv.started_at)
    params: dict[str, dict[str, Any]] = {
        "create_user": {"key": w.user_key, "ts": started},
        "upsert_user": {
            "key": w.user_key,
            "user_id": w.user_id,
            "name": w.user_name,
            "ts": started,
        },
        "upsert_conversation": {
            "user_key": w.user_key,
            "key": w.conversation_key,
            "id": conv.id,
            "user_id": w.user_id,
            "source": conv.source,
            "title": conv.title,
            "source_file": conv.source_file,
            "started_at": started,
            "turn_count": len(conv.turns),
        },
        "upsert_turns": {
            "conversation_key": w.conversation_key,
            "user_id": w.user_id,
            "turns": [
                {
                    "key": w.turn_keys[t.id],
                    "id": t.id,
                    "conversation_id": t.conversation_id,
                    "idx": t.index,
                    "role": t.role,
                    "speaker": t.speaker,
                    "kind": t.kind,
                    "text": t.text,
                    "ts": to_epoch(t.timestamp),
                }
                for t in w.turns
            ],
        },
        "upsert_entities": {
            "user_id": w.user_id,
            "entities": [
                {
                    "key": e.key,
                    "name": e.name,
                    "type": e.type,
                    "aliases": e.aliases,
                    "props_json": json.dumps(e.properties, sort_keys=True, default=str),
                    "turn_ids": e.turn_ids,
                    "ts": e.seen_at,
                }
                for e in w.entities
            ],
        },
        "upsert_facts": {
            "user_id": w.user_id,
            "facts": [
                {
                    "id": f.fact.id,
                    "text": f.fact.text,
                    "type": f.fact.type.value,
                    "category": f.fact.category,
                    "subject": f.fact.subject,
                    "evidence": f.fact.evidence,
                    "valid_from": to_epoch(f.fact.valid_from),
                    "recorded_at": to_epoch(f.fact.recorded_at),
                    "extractor": f.fact.extractor,
                    "embedding": np.round(np.asarray(f.embedding, np.float64), 6).tolist(),
                    "confidence": f.fact.confidence,
                    "importance": f.fact.importance,
                    "turn_ids": f.fact.turn_ids,
                    "conversation_ids": f.fact.conversation_ids,
                    "spans": [span_to_str(s) for s in f.fact.evidence_spans],
                    "entities": f.fact.entities,
                    "project": f.fact.project,
                    "status": f.fact.status,
                    "subject_key": f.subject_key,
                    "turn_keys": f.turn_keys,
                    "said_at": _latest(to_epoch(f.fact.valid_from), started),
                }
                for f in w.facts
            ],
        },
        "set_turn_embeddings": {
            "items": [
                {"key": key, "embedding": np.round(np.asarray(v, np.float64), 6).tolist()}
                for key, v in w.turn_vectors.items()
            ],
        },
        "link_fact_mentions": {
            "user_id": w.user_id,
            "links": [
                {"fact_id": f.fact.id, "entity_key": k} for f in w.facts for k in f.entity_keys
            ],
        },
        "supersede_facts": {
            "user_id": w.user_id,
            "items": [
                {
                    "old_id": s.old_id,
                    "new_id": s.new_id,
                    "at": s.at,
                    "reason": s.reason,
                    "penalty": s.penalty,
                }
                for s in w.supersessions
            ],
        },
        "end_facts": {
            "user_id": w.user_id,
            "items": [{"id": e.fact_id, "at": e.at} for e in w.endings],
        },
        "set_entity_state": {
            "user_id": w.user_id,
            "items": [
                {
                    "key": s.key,
                    "props": s.properties,
                    "state_json": s.state_json,
                    "fields": s.fields,
                }
                for s in w.states
            ],
        },
        "insert_rejections": {
            "user_id": w.user_id,
            "rejections": [
                {
                    "id": rid,
                    "text": r.text,
                    "reason": r.reason,
                    "detail": r.detail,
                    "conversation_id": r.conversation_id,
                    "turn_id": r.turn_id,
                    "confidence": r.confidence,
                    "type": r.type.value if r.type else None,
                    "category": r.category,
                    "extractor": r.extractor,
                }
                for rid, r in w.rejections
            ],
        },
    }
    return params


def seal_params(w: ConversationWrite) -> dict[str, Any]:
    """The parameters of ``seal_conversation``: the checkpoint and the user's carry-over."""
    return {
        "key": w.conversation_key,
        "user_id": w.user_id,
        "carryover": w.carryover,
        "content_hash": w.content_hash,
        "now": datetime.now(UTC).timestamp(),
    }


def relation_params(w: ConversationWrite) -> dict[str, list[dict[str, Any]]]:
    """Relation rows grouped by relationship type (each type is its own statement)."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for r in w.relations:
        grouped.setdefault(r.type, []).append(
            {
                "source_key": r.source_key,
                "target_key": r.target_key,
                "turn_ids": r.turn_ids,
                "valid_from": r.valid_from,
                "props_json": json.dumps(r.properties, sort_keys=True, default=str),
            }
        )
    return grouped


def entities_by_type(w: ConversationWrite) -> dict[str, list[dict[str, Any]]]:
    """(key, first seen) of the conversation's entities grouped by type: ``create_entities``
    makes the new ones with their type label."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for e in w.entities:
        grouped.setdefault(e.type, []).append({"key": e.key, "ts": e.seen_at})
    return grouped


def labels_by_type(w: ConversationWrite) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for e in w.entities:
        grouped.setdefault(e.type, []).append(e.key)
    return grouped


#: the columns of ``list_runs`` (the scalar fields of RunRecord; the last two are JSON)
RUN_COLUMNS = (
    "id",
    "user_id",
    "extractor",
    "started_at",
    "finished_at",
    "outcome",
    "files",
    "conversations",
    "conversations_skipped_unchanged",
    "conversations_unfinished",
    "turns",
    "facts_stored",
    "facts_merged",
    "facts_superseded",
    "facts_ended",
    "facts_rejected",
    "entities_stored",
    "duration_s",
    "extractors",
)


def run_params(run: RunRecord) -> dict[str, Any]:
    """The parameters of ``insert_run``: times as epoch seconds, maps and lists as JSON."""
    params = run.model_dump(mode="python", exclude={"facts_rejected", "extractors"})
    params["started_at"] = to_epoch(run.started_at)
    params["finished_at"] = to_epoch(run.finished_at)
    params["facts_rejected"] = json.dumps(run.facts_rejected, sort_keys=True)
    params["extractors"] = json.dumps([m.model_dump(mode="json") for m in run.extractors])
    assert set(params) == set(RUN_COLUMNS)
    return params


def run_from_row(row: list[Any]) -> RunRecord:
    r = dict(zip(RUN_COLUMNS, row, strict=True))
    r["started_at"] = from_epoch(r["started_at"])
    r["finished_at"] = from_epoch(r["finished_at"])
    r["facts_rejected"] = json.loads(r["facts_rejected"] or "{}")
    r["extractors"] = [
        ExtractorMetrics.model_validate(m) for m in json.loads(r["extractors"] or "[]")
    ]
    return RunRecord.model_validate({k: v for k, v in r.items() if v is not None})


#: the columns of ``list_rejections``
REJECTION_COLUMNS = (
    "id",
    "text",
    "reason",
    "detail",
    "conversation_id",
    "turn_id",
    "confidence",
    "type",
    "category",
    "extractor",
)


def rejection_from_row(row: list[Any], said_at: float | None = None) -> StoredRejection:
    r = dict(zip(REJECTION_COLUMNS, row, strict=True))
    return StoredRejection(
        id=r["id"],
        text=r["text"] or "",
        reason=r["reason"] or "",
        detail=r["detail"] or "",
        conversation_id=r["conversation_id"],
        turn_id=r["turn_id"],
        confidence=float(r["confidence"]) if r["confidence"] is not None else None,
        type=r["type"],
        category=r["category"],
        extractor=r["extractor"] or "local",  # rejections stored before it was recorded
        said_at=from_epoch(said_at),
    )
