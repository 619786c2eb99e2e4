"""One conversation through the stages: extract → validate → resolve → a ``ConversationWrite``.

The ingest run (``ingest_run.py``) calls :meth:`ConversationPipeline.process` for each parsed
conversation and hands the result to the graph store, which writes it in one transaction
(checkpoint included).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TypeVar

import numpy as np

from contextos.categorise import PrototypeClassifier, categorise_uncued
from contextos.extract.base import Extractor
from contextos.graph.records import to_epoch
from contextos.graph.store import (
    ConversationWrite,
    Ending,
    EntityWrite,
    FactWrite,
    GraphStore,
    RelationWrite,
    Supersession,
)
from contextos.models.entities import (
    PERSON_RELATIONS,
    RELATION_TYPES,
    CandidateEntity,
    CandidateRelation,
)
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.facts import CandidateFact, CandidateFlag, Fact, turn_ref
from contextos.models.transcript import Conversation, Turn, stable_id
from contextos.pipeline.entity_state import StateTracker
from contextos.resolve.apply import FactResolution, Resolved
from contextos.resolve.entities import EntityIndex, normalize_name
from contextos.resolve.fact_memory import FactMemory
from contextos.resolve.slots import SlotReader
from contextos.validate import index_turns, validate

__all__ = [
    "ConversationPipeline",
    "PipelineStats",
    "conversation_key",
    "extract_conversation",
    "fact_id",
]

T = TypeVar("T")
WindowFn = Callable[[Conversation], list[list[Turn]]]


def conversation_key(user_id: str, conv: Conversation) -> str:
    return stable_id(user_id, conv.source, conv.id)


def _norm_text(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", text.casefold())).strip()


def fact_id(user_id: str, subject: str, text: str) -> str:
    return stable_id(user_id, _norm_text(subject), _norm_text(text))


@dataclass
class PipelineStats:
    facts_new: int = 0
    facts_merged: int = 0
    facts_superseded: int = 0
    facts_ended: int = 0  # stored facts a later turn took back
    rejected: Counter[str] = field(default_factory=Counter)
    #: new facts and rejections by the extractor that proposed them
    stored_by: Counter[str] = field(default_factory=Counter)
    rejected_by: Counter[tuple[str, str]] = field(default_factory=Counter)


def _unique(items: list[T], key: Callable[[T], tuple[object, ...]]) -> list[T]:
    seen: set[tuple[object, ...]] = set()
    out = []
    for item in items:
        k = key(item)
        if k not in seen:
            seen.add(k)
            out.append(item)
    return out


def _dedupe(result: ExtractionResult) -> ExtractionResult:
    """Overlapping windows see some turns twice: keep one copy of each candidate."""

    def turn(c: CandidateEntity | CandidateRelation) -> str | None:
        return c.evidence.turn_id if c.evidence else None

    return ExtractionResult(
        facts=_unique(
            result.facts, lambda f: (f.text, *((e.turn_id, e.start, e.end) for e in f.evidence))
        ),
        entities=_unique(result.entities, lambda e: (e.type, e.name, turn(e))),
        relations=_unique(result.relations, lambda r: (r.source, r.type, r.target, turn(r))),
        rejections=_unique(result.rejections, lambda j: (j.text, j.reason, j.turn_id)),
        cited_turns=result.cited_turns,
    )


def extract_conversation(
    extractor: Extractor, windows: WindowFn, conv: Conversation, user: UserRef
) -> ExtractionResult:
    """Run the extractor over each window of the conversation that has extractable turns."""
    result = ExtractionResult()
    for window in windows(conv):
        if any(t.extractable for t in window):
            result.extend(extractor.extract(window, conv, user))
    return _dedupe(result)


def _grounding_keys(fact: Fact, turn_keys: dict[str, str]) -> list[str]:
    """The keys of the turns ``fact`` is grounded in, found by conversation and turn id (turn
    ids may repeat across conversations), by turn id for a fact without spans."""
    refs = [e.turn_ref for e in fact.evidence_spans] or list(fact.turn_ids)
    return list(dict.fromkeys(turn_keys[r] for r in refs if r in turn_keys))


#: characters of a turn's text that are embedded for turn retrieval
TURN_EMBED_CHARS = 600

#: a fenced block (```…```, or one left open to the end of the text): pasted code or logs
_FENCED = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)


def turn_embed_text(text: str) -> str:
    """What of a turn's text is embedded for turn retrieval: its prose without fenced blocks
    (pasted code, logs, stack traces — many word pieces each, little a memory is asked
    about, and still searchable by BM25, which indexes the whole text), cut at
    :data:`TURN_EMBED_CHARS`. A turn that is nothing but a fenced block keeps its text."""
    if "```" not in text:
        return text[:TURN_EMBED_CHARS]
    prose = " ".join(_FENCED.sub(" ", text).split())
    return (prose or text)[:TURN_EMBED_CHARS]


def turns_to_embed(turns: Sequence[Turn]) -> list[Turn]:
    """The turns whose vectors episodes search: each message turn of a person with text (the
    first of a repeated id, as :meth:`ConversationPipeline.process` keeps it). Assistant turns
    are not embedded — long, costly, and rarely what a memory is asked about — they stay
    searchable by BM25."""
    seen: set[str] = set()
    out = []
    for t in turns:
        if t.id in seen:
            continue
        seen.add(t.id)
        if t.kind == "message" and t.role == "user" and t.text.strip():
            out.append(t)
    return out


def embed_turns(
    embed: Callable[[list[str]], np.ndarray], turns: Sequence[Turn]
) -> dict[str, np.ndarray]:
    """turn id -> vector of :func:`turns_to_embed` of ``turns``, each of its
    :func:`turn_embed_text` (the model reads 128 tokens at most anyway)."""
    said = turns_to_embed(turns)
    if not said:
        return {}
    vectors = embed([turn_embed_text(t.text) for t in said])
    return {t.id: v for t, v in zip(said, vectors, strict=True)}


class ConversationPipeline:
    """Stateful across one ingestion run: it keeps the user's entity index and fact vectors
    in memory, updated as each conversation is processed."""

    def __init__(
        self,
        store: GraphStore,
        extractor: Extractor,
        embed: Callable[[list[str]], np.ndarray],
        windows: WindowFn,
    ) -> None:
        self.store = store
        self.extractor = extractor
        self.embed = embed
        self.windows = windows
        self._entity_index: dict[str, EntityIndex] = {}
        self._fact_memory: dict[str, FactMemory] = {}
        self._prototypes: PrototypeClassifier | None = None
        self._slot_reader: SlotReader | None = None
        self._current: FactResolution | None = None  # the conversation being processed
        self._state = StateTracker(store, embed)

    def _classifier(self) -> PrototypeClassifier:
        """Categories for facts no lexical cue placed, from the vectors embedded for them anyway
        (the prototype sentences are embedded once per run)."""
        if self._prototypes is None:
            self._prototypes = PrototypeClassifier(self.embed)
        return self._prototypes

    def _index(self, user: UserRef) -> EntityIndex:
        if user.id not in self._entity_index:
            self._entity_index[user.id] = EntityIndex(user, self.store.entities(user.id))
        return self._entity_index[user.id]

    # -- the stages ----------------------------------------------------------

    def extract(self, conv: Conversation, user: UserRef) -> ExtractionResult:
        return extract_conversation(self.extractor, self.windows, conv, user)

    def process(
        self,
        conv: Conversation,
        user: UserRef,
        extracted: ExtractionResult | None = None,
        turn_vectors: dict[str, np.ndarray] | None = None,
    ) -> tuple[ConversationWrite, PipelineStats]:
        """Everything one conversation adds to the graph. ``extracted`` is this conversation's
        extraction when it was done elsewhere (a worker process); otherwise it is done here.
        ``turn_vectors`` (turn id -> vector, :func:`embed_turns` with this pipeline's model)
        likewise: the turns it lacks are embedded here."""
        stats = PipelineStats()
        self._current = None
        ckey = conversation_key(user.id, conv)
        turns: list[Turn] = []
        turn_keys: dict[str, str] = {}
        for t in conv.turns:
            if t.id not in turn_keys:  # a source repeating an id keeps its first turn
                turn_keys[t.id] = turn_keys[turn_ref(t.conversation_id, t.id)] = stable_id(
                    ckey, t.id
                )
                turns.append(t)
        index = self._index(user)
        write = ConversationWrite(
            user_id=user.id,
            user_name=user.name,
            user_key=index.user_entity.key,
            conversation_key=ckey,
            conversation=conv,
            turns=turns,
            turn_keys=turn_keys,
            content_hash=conv.content_hash(),
        )
        if extracted is None:
            extracted = self.extract(conv, user)
        self._end_retracted(write, extracted.facts, user, stats)
        cited = self._cited_turns(extracted, user.id, turn_keys)
        validated = validate(extracted, index_turns([*turns, *cited]))
        self._entities(write, validated.entities, validated.relations, index, conv)
        self._facts(write, validated.facts, user, index, stats)
        write.turn_vectors = self._turn_vectors(turns, turn_keys, turn_vectors or {})
        for rej in validated.rejections:
            stats.rejected[rej.reason] += 1
            stats.rejected_by[rej.extractor, rej.reason] += 1
            rid = stable_id(ckey, rej.turn_id, rej.reason, rej.text)
            write.rejections.append((rid, rej))
        self._state.write(write, user, self._memory(user), self._current, self._slot_reader)
        return write, stats

    def _turn_vectors(
        self, turns: list[Turn], turn_keys: dict[str, str], given: dict[str, np.ndarray]
    ) -> dict[str, list[float]]:
        """One vector per turn :func:`turns_to_embed` keeps (the episodes context/ searches),
        embedded once: taken from ``given`` (a worker embedded them), else here."""
        missing = [t for t in turns_to_embed(turns) if t.id not in given]
        vectors = {**given, **embed_turns(self.embed, missing)} if missing else given
        return {
            turn_keys[t.id]: vectors[t.id].tolist()
            for t in turns_to_embed(turns)
            if t.id in vectors
        }

    def _entities(
        self,
        write: ConversationWrite,
        entities: Sequence,
        relations: Sequence,
        index: EntityIndex,
        conv: Conversation,
    ) -> None:
        by_key: dict[str, EntityWrite] = {}
        types_by_name: dict[str, str] = {}
        for ce in entities:
            r = index.resolve(ce.name, ce.type, ce.aliases)
            types_by_name[normalize_name(ce.name)] = ce.type
            if r.is_user:
                continue
            seen = to_epoch(ce.observed_at) or to_epoch(conv.started_at)
            ew = by_key.get(r.key)
            if ew is None:
                ew = by_key[r.key] = EntityWrite(
                    key=r.key, name=r.name, type=r.type, aliases=list(r.aliases), seen_at=seen
                )
            ew.properties.update({k: v for k, v in ce.properties.items() if v is not None})
            if ce.evidence and ce.evidence.turn_id not in ew.turn_ids:
                ew.turn_ids.append(ce.evidence.turn_id)
        for cr in relations:
            if cr.type not in RELATION_TYPES:
                continue  # validate() already rejects these; never write an unknown type
            src = index.resolve(cr.source, types_by_name.get(normalize_name(cr.source), "Person"))
            default_target = "Person" if cr.type in PERSON_RELATIONS else "Project"
            dst_type = types_by_name.get(normalize_name(cr.target), default_target)
            dst = index.resolve(cr.target, dst_type)
            for r in (src, dst):
                if not r.is_user and r.key not in by_key:
                    by_key[r.key] = EntityWrite(
                        key=r.key, name=r.name, type=r.type, seen_at=to_epoch(conv.started_at)
                    )
            write.relations.append(
                RelationWrite(
                    source_key=src.key,
                    type=cr.type,
                    target_key=dst.key,
                    turn_ids=[cr.evidence.turn_id] if cr.evidence else [],
                    valid_from=to_epoch(cr.valid_from) or to_epoch(conv.started_at),
                    properties=dict(cr.properties),
                )
            )
        write.entities = list(by_key.values())

    def _facts(
        self,
        write: ConversationWrite,
        candidates: list[CandidateFact],
        user: UserRef,
        index: EntityIndex,
        stats: PipelineStats,
    ) -> None:
        if not candidates:
            return
        memory = self._memory(user)
        now = datetime.now(UTC)
        facts = [self._fact(cand, user, write, now) for cand in candidates]
        vectors = self._vectors(facts, memory)
        candidates = categorise_uncued(candidates, vectors, self._classifier())
        facts = [
            f if f.category == c.category else f.model_copy(update={"category": c.category})
            for f, c in zip(facts, candidates, strict=True)
        ]
        prepared = memory.prepare(vectors, [f.subject for f in facts])
        self._read_slots(facts, memory)
        resolution = self._resolution(write, user)

        def absorb(into: Resolved, other: Fact) -> None:
            _absorb(into.fact, other)

        for cand, fact, vec, ready in zip(candidates, facts, vectors, prepared, strict=True):
            negated = CandidateFlag.NEGATED in cand.flags or cand.polarity == "negative"
            resolution.add(fact, vec, ready, negated, absorb)
        stats.facts_new += resolution.new
        stats.stored_by.update(
            r.fact.extractor for r in resolution.created.values() if r.decision.kind != "merge"
        )
        stats.facts_merged += resolution.merged
        stats.facts_superseded += resolution.superseded
        write.supersessions.extend(
            Supersession(r.old_id, r.new_id, to_epoch(r.at), r.reason, r.penalty)
            for r in resolution.replacements
        )
        write.facts = [
            FactWrite(
                fact=r.fact,
                embedding=r.vector.tolist(),
                turn_keys=_grounding_keys(r.fact, write.turn_keys),
                subject_key=self._subject_key(r.fact.subject, index, write),
                entity_keys=[k for k in (self._mention_key(n, write) for n in r.mentions) if k],
            )
            for r in resolution.created.values()
        ]

    def _read_slots(self, facts: list[Fact], memory: FactMemory) -> None:
        """Slot readings (``resolve/slots.py``) of the candidates and of the current facts not
        read yet (loaded from the store), in one batch."""
        todo: dict[str, tuple[str, str, str, str]] = {}
        for f in facts:
            todo[f.id] = (f.text, f.evidence, f.subject, f.category)
        for known in memory.unread():
            todo.setdefault(known.id, (known.text, known.text, known.subject, known.category))
        if self._slot_reader is None:
            self._slot_reader = SlotReader(self.embed)
        for fid, reading in zip(todo, self._slot_reader.read(list(todo.values())), strict=True):
            memory.set_slot(fid, reading)

    def _resolution(self, write: ConversationWrite, user: UserRef) -> FactResolution:
        """This conversation's resolution against the user's facts (made on first use)."""
        if self._current is None:
            self._current = FactResolution(self._memory(user), write.conversation_key)
        return self._current

    def _vectors(self, facts: list[Fact], memory: FactMemory) -> list[np.ndarray]:
        """One vector per fact: a known fact's stored vector, else its text embedded (each
        distinct text once)."""
        known = {f.id: v for f in facts if (v := memory.vector(f.id)) is not None}
        texts = list(dict.fromkeys(f.text for f in facts if f.id not in known))
        fresh = dict(zip(texts, self.embed(texts), strict=True)) if texts else {}
        return [known[f.id] if f.id in known else fresh[f.text] for f in facts]

    def _end_retracted(
        self,
        write: ConversationWrite,
        candidates: list[CandidateFact],
        user: UserRef,
        stats: PipelineStats,
    ) -> None:
        """End the stored facts this conversation's later turns took back: one stored when the
        conversation was shorter, before "scrap that" arrived (see extract/retractions)."""
        for cand in candidates:
            if CandidateFlag.RETRACTED not in cand.flags:
                continue
            at = cand.retracted_at or datetime.now(UTC)
            stored = fact_id(user.id, _stored_subject(cand, user), cand.text)
            if self._resolution(write, user).end(stored, at):
                write.endings.append(Ending(stored, to_epoch(at)))
                stats.facts_ended += 1

    @staticmethod
    def _fact(cand: CandidateFact, user: UserRef, write: ConversationWrite, now: datetime) -> Fact:
        subject = _stored_subject(cand, user)
        turn_ids = list(dict.fromkeys(e.turn_id for e in cand.evidence))
        stamps = [t.timestamp for t in write.turns if t.id in turn_ids and t.timestamp]
        return Fact(
            id=fact_id(user.id, subject, cand.text),
            user_id=user.id,
            text=cand.text,
            type=cand.type,
            category=cand.category,
            confidence=cand.confidence,
            importance=cand.importance,
            subject=subject,
            turn_ids=turn_ids,
            evidence=cand.evidence[0].quote,
            evidence_spans=list(cand.evidence),
            # a pattern seen across conversations quotes each of them
            conversation_ids=list(
                dict.fromkeys([write.conversation.id, *(e.conversation_id for e in cand.evidence)])
            ),
            valid_from=cand.valid_from or min(stamps, default=write.conversation.started_at),
            recorded_at=now,
            entities=list(cand.entities),
            extractor=cand.extractor,
            project=cand.project,
            status=cand.status,
        )

    # -- helpers -------------------------------------------------------------

    def _cited_turns(
        self, extracted: ExtractionResult, user_id: str, turn_keys: dict[str, str]
    ) -> list[Turn]:
        """The turns of earlier conversations the candidates quote (a pattern seen across
        conversations), from the store, where every earlier conversation was written before
        this one is processed; their keys are added to ``turn_keys`` so the facts are linked
        to them."""
        missing = {
            (e.conversation_id, e.turn_id)
            for f in extracted.facts
            for e in f.evidence
            if e.turn_ref not in turn_keys
        }
        if not missing:
            return []
        cited = self.store.turns(user_id, sorted(missing))
        for key, turn in cited:
            turn_keys[turn_ref(turn.conversation_id, turn.id)] = key
            turn_keys.setdefault(turn.id, key)
        return [turn for _key, turn in cited]

    def _memory(self, user: UserRef) -> FactMemory:
        if user.id not in self._fact_memory:
            facts, vectors = self.store.fact_vectors(user.id)
            self._state.loaded(user.id, facts)
            matrix = np.asarray(vectors, dtype=np.float32) if facts else None
            self._fact_memory[user.id] = FactMemory(facts, matrix)
        return self._fact_memory[user.id]

    def forget_state(self, user_id: str) -> None:
        """Drop cached state after a failed write: it is reloaded from the store next time."""
        self._fact_memory.pop(user_id, None)
        self._entity_index.pop(user_id, None)
        self._state.forget(user_id)

    @staticmethod
    def _subject_key(subject: str, index: EntityIndex, write: ConversationWrite) -> str:
        """The subject's entity key, adding the person to this write when they are new."""
        r = index.resolve(subject, "Person")
        if not r.is_user and all(e.key != r.key for e in write.entities):
            write.entities.append(
                EntityWrite(
                    key=r.key,
                    name=r.name,
                    type=r.type,
                    aliases=list(r.aliases),
                    seen_at=to_epoch(write.conversation.started_at),
                )
            )
        return r.key

    @staticmethod
    def _mention_key(name: str, write: ConversationWrite) -> str | None:
        for ew in write.entities:
            if normalize_name(ew.name) == normalize_name(name) or name in ew.aliases:
                return ew.key
        return None


def _stored_subject(cand: CandidateFact, user: UserRef) -> str:
    """Who a candidate is stored about: the user by their name, anyone else as said."""
    return user.name if user.is_user_speaker(cand.subject) else cand.subject


def _absorb(into: Fact, other: Fact) -> None:
    """Fold another sighting of the same fact into the fact that creates it."""
    into.turn_ids = list(dict.fromkeys([*into.turn_ids, *other.turn_ids]))
    into.evidence_spans = [
        *into.evidence_spans,
        *(s for s in other.evidence_spans if s not in into.evidence_spans),
    ]
    into.confidence = max(into.confidence, other.confidence)
    into.entities = list(dict.fromkeys([*into.entities, *other.entities]))
