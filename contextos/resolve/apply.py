"""Resolution decided and applied: each new fact of a conversation against what the user's
graph already holds (:class:`~contextos.resolve.fact_memory.FactMemory`), in order.

:mod:`contextos.resolve.facts` decides (pure functions); :class:`FactResolution` applies the
decisions to the run's memory and says what the conversation's write must hold: the facts to
create (a merge becomes the stored fact's id, gaining evidence), the replacements
(``SUPERSEDES``) and the stored facts a later turn took back (ended). The pipeline turns that
into graph writes; nothing here talks to a store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

import numpy as np

from contextos.models.facts import Fact
from contextos.models.transcript import stable_id
from contextos.resolve.explicit_changes import names_replaced_value, resolves_problem
from contextos.resolve.fact_memory import FactMemory, KnownFact, Prepared
from contextos.resolve.facts import Decision, Reason, decide, older, replacement, restatement
from contextos.resolve.slots import SlotReading, same_slot

#: what an explicit correction takes off the confidence of the fact it corrects (seed: -0.4)
CORRECTION_PENALTY = 0.4
#: what a change cue ("now", "moved", "no longer") adds to the confidence of the new value
CHANGE_BONUS = 0.1
#: a newer value loses a real conflict only to an older one more confident by more than this
CONFLICT_TIE = 0.05

__all__ = ["Ended", "FactResolution", "Replacement", "Resolved"]


@dataclass(frozen=True)
class Replacement:
    """``old_id`` was replaced by ``new_id`` at ``at`` (it gets ``valid_to``/``superseded_by``)."""

    old_id: str
    new_id: str
    at: datetime | None
    reason: Reason = "updated"
    #: confidence the old fact loses (an explicit correction)
    penalty: float = 0.0


@dataclass(frozen=True)
class Ended:
    """A stored fact a later turn took back, ended at ``at`` with nothing replacing it."""

    fact_id: str
    at: datetime


@dataclass
class Resolved:
    """One fact of the conversation as it is to be written (for a merge: the stored fact's id
    and validity, the new sighting's evidence) and the decision that made it so."""

    fact: Fact
    vector: np.ndarray
    decision: Decision
    #: the names the first sighting mentions (linked to their entities)
    mentions: list[str] = field(default_factory=list)


@dataclass
class FactResolution:
    """The facts of one conversation, resolved one after another against ``memory`` (which
    each step updates, so later facts see earlier ones). ``stored_id`` gives the id a fact's
    words are stored under, for a retraction to find it."""

    memory: FactMemory
    conversation_key: str
    #: per fact id, the first sighting in this conversation: later ones fold into it
    created: dict[str, Resolved] = field(default_factory=dict)
    replacements: list[Replacement] = field(default_factory=list)
    endings: list[Ended] = field(default_factory=list)
    merged: int = 0
    superseded: int = 0
    new: int = 0
    ended: int = 0

    def end(self, fact_id: str, at: datetime) -> bool:
        """End the current stored fact ``fact_id`` (a later turn took it back); False when no
        such current fact is known."""
        stored = self.memory.get(fact_id)
        if stored is None or not stored.is_current:
            return False
        self.endings.append(Ended(stored.id, at))
        self.memory.update(stored.id, valid_to=at)
        self.ended += 1
        return True

    def add(
        self,
        fact: Fact,
        vector: np.ndarray,
        prepared: Prepared | None,
        negated: bool,
        absorb: Callable[[Resolved, Fact], None],
    ) -> None:
        """Resolve one fact; a fact said again in this conversation is folded by ``absorb``
        into its first sighting."""
        d = self._decide(fact, vector, prepared, negated)
        memory = self.memory
        target = memory.get(d.target_id) if d.target_id else None
        if d.kind == "merge" and target is not None and not target.is_current:
            d = restatement(fact.text, fact.valid_from, target, memory.holder(target.id))
            target = memory.get(d.target_id) if d.target_id else None
            if d.kind != "merge" and memory.get(fact.id) is not None:
                # its words are stored as the fact that was replaced: this sighting, which
                # brings it back, is a fact of its own
                version = stable_id(fact.id, self.conversation_key, *fact.turn_ids)
                fact = fact.model_copy(update={"id": version})
        if d.kind in ("supersedes", "superseded_by") and self._said_together(fact, d.target_id):
            # "moved to Bergen" and "lives in Bergen" from one turn: said together, not a change
            d, target = Decision("new"), None
        if d.kind == "merge" and target is not None:
            # more evidence of the target: the merged copy keeps the target's validity (what
            # the store keeps), so a replaced fact is not made current in memory
            fact = fact.model_copy(
                update={
                    "id": target.id,
                    "valid_from": target.valid_from,
                    "valid_to": target.valid_to,
                    "superseded_by": target.superseded_by,
                }
            )
            self.merged += 1
        elif d.kind == "supersedes" and target is not None:
            fact, penalty = self._cued(fact, d)
            self._replace(target, fact, d.reason, penalty)
            for other in self._other_slots(fact, target.id):
                # a fact of several slots replaces the older value of each ("Kwame is
                # Rafael's primary supervisor": Helen's place, and Kwame's second one)
                self._replace(other, fact, "updated", 0.0)
        elif d.kind == "superseded_by" and target is not None:
            # an older statement arriving later ends where the newer began; a newer one that
            # lost a conflict to a more confident older one ends as soon as it is said
            at = target.valid_from if older(fact.valid_from, target.valid_from) else fact.valid_from
            penalty = CORRECTION_PENALTY if d.reason == "corrected" else 0.0
            self.replacements.append(Replacement(fact.id, target.id, at, d.reason, penalty))
            fact = fact.model_copy(
                update={
                    "valid_to": at,
                    "superseded_by": target.id,
                    "confidence": max(0.0, fact.confidence - penalty),
                }
            )
            self.superseded += 1
        if fact.id in self.created:  # said again in this conversation
            absorb(self.created[fact.id], fact)
            return
        if d.kind != "merge":
            self.new += 1
        if d.kind != "merge" or target is None:
            # a merge keeps the target as stored (its words, category, project: written on
            # creation only), so later decisions read what a resumed run reads from the store
            memory.add(fact, vector)
        self.created[fact.id] = Resolved(fact, vector, d, list(fact.entities))

    def _replace(self, old: KnownFact, new: Fact, reason: Reason, penalty: float) -> None:
        """``new`` replaces the current ``old``: it ends where ``new`` holds from."""
        at = old.valid_from if older(new.valid_from, old.valid_from) else new.valid_from
        self.replacements.append(Replacement(old.id, new.id, at, reason, penalty))
        self.memory.update(
            old.id,
            valid_to=at,
            superseded_by=new.id,
            confidence=max(0.0, old.confidence - penalty),
        )
        self.superseded += 1

    def _decide(
        self, fact: Fact, vector: np.ndarray, prepared: Prepared | None, negated: bool
    ) -> Decision:
        memory = self.memory
        if memory.get(fact.id) is not None:
            # said before in the same words: the same fact again, whatever its neighbours
            return Decision("merge", fact.id, 1.0)
        neighbours = memory.neighbours(vector, fact.subject, prepared=prepared)
        d = decide(fact.text, fact.subject, fact.category, fact.valid_from, negated, neighbours)
        if d.kind == "new":
            d = (
                self._status_update(fact)
                or self._slot_update(fact)
                or self._explicit_change(fact)
                or d
            )
        read = memory.slot(fact.id)
        if d.kind == "supersedes" and d.reason == "updated" and read and read.correction:
            d = Decision(d.kind, d.target_id, d.similarity, "corrected")
        return d

    def _cued(self, fact: Fact, d: Decision) -> tuple[Fact, float]:
        """A fact replacing another: a change cue adds to its confidence; a correction takes
        :data:`CORRECTION_PENALTY` off the corrected one (returned)."""
        read = self.memory.slot(fact.id)
        if read is not None and read.change:
            bonus = min(1.0, fact.confidence + CHANGE_BONUS)
            fact = fact.model_copy(update={"confidence": bonus})
        return fact, CORRECTION_PENALTY if d.reason == "corrected" else 0.0

    def _slot_update(self, fact: Fact) -> Decision | None:
        """A new value of a slot a current fact of the same subject holds (``resolve/slots.py``).
        The newer replaces the older, unless the older is more confident by more than
        :data:`CONFLICT_TIE` (a change cue adds :data:`CHANGE_BONUS` to the newer); an explicit
        correction always wins."""
        reading = self.memory.slot(fact.id)
        candidates = self._slot_candidates(fact)
        if reading is None or not candidates:
            return None
        return self._slot_decision(fact, reading, *candidates[0])

    def _slot_candidates(self, fact: Fact) -> list[tuple[float, KnownFact, SlotReading]]:
        """The current facts in a slot with ``fact``, the most alike first."""
        memory = self.memory
        reading = memory.slot(fact.id)
        if reading is None:
            return []
        out = []
        for other, theirs in memory.slot_facts(reading.entities):
            if other.id == fact.id or self._said_together(fact, other.id):
                continue
            cosine = same_slot(reading, theirs)
            if cosine is not None:
                out.append((cosine, other, theirs))
        return sorted(out, key=lambda c: -c[0])

    def _other_slots(self, fact: Fact, done: str) -> list[KnownFact]:
        """The other current facts ``fact`` replaces by slot besides ``done``: older ones
        whose value it wins."""
        reading = self.memory.slot(fact.id)
        if reading is None:
            return []
        out = []
        for cosine, other, theirs in self._slot_candidates(fact):
            if other.id == done or not other.is_current:
                continue
            d = self._slot_decision(fact, reading, cosine, other, theirs)
            if d.kind == "supersedes" and not older(fact.valid_from, other.valid_from):
                out.append(other)
        return out

    def _slot_decision(
        self, fact: Fact, reading: SlotReading, cosine: float, other: KnownFact, theirs: SlotReading
    ) -> Decision:
        """The decision between ``fact`` and ``other``, in one slot (see :meth:`_slot_update`)."""
        candidate_newer = not older(fact.valid_from, other.valid_from)
        new_read, old_read = (reading, theirs) if candidate_newer else (theirs, reading)
        if new_read.correction:
            return replacement(other, fact.valid_from, cosine, "corrected")
        new_conf = (fact.confidence if candidate_newer else other.confidence) + (
            CHANGE_BONUS if new_read.change else 0.0
        )
        old_conf = other.confidence if candidate_newer else fact.confidence
        if old_conf - new_conf > CONFLICT_TIE and not old_read.correction:
            # the older, more confident value holds: the newer is stored replaced by it
            kind: Literal["supersedes", "superseded_by"] = (
                "superseded_by" if candidate_newer else "supersedes"
            )
            return Decision(kind, other.id, cosine)
        return replacement(other, fact.valid_from, cosine)

    def _explicit_change(self, fact: Fact) -> Decision | None:
        """A change the fact says outright (``resolve/explicit_changes.py``): it names the value
        an older current fact states as replaced ("from Evernote", ", not 900"), or says the
        problem an older current fact states ended. Explicit, so it wins like a correction."""
        reading = self.memory.slot(fact.id)
        if reading is None:
            return None
        names = any(c.replaced for c in reading.clauses)
        if not (names or reading.resolution):
            return None
        best: tuple[float, KnownFact] | None = None
        for other, theirs in self.memory.read_facts():
            if other.id == fact.id or self._said_together(fact, other.id):
                continue
            if older(fact.valid_from, other.valid_from):
                continue  # only looks back: the value named was said before
            cosine = names_replaced_value(reading, theirs) if names else None
            if cosine is None and resolves_problem(reading, theirs):
                cosine = 0.0
            if cosine is not None and (best is None or cosine > best[0]):
                best = (cosine, other)
        if best is None:
            return None
        reason: Reason = "corrected" if reading.correction else "updated"
        return replacement(best[1], fact.valid_from, best[0], reason)

    def _status_update(self, fact: Fact) -> Decision | None:
        """A project's new status ("blocked" -> "active again") replaces the statement of its
        status before, however differently the two are worded; an older one arriving later is
        stored already replaced."""
        if not fact.project or not fact.status:
            return None
        prev = self.memory.status_fact(fact.project)
        if prev is None or prev.id == fact.id:
            return None
        return replacement(prev, fact.valid_from)

    def _said_together(self, fact: Fact, target_id: str | None) -> bool:
        """Whether the target, created earlier in this conversation, comes from a turn
        ``fact`` comes from too."""
        other = self.created.get(target_id or "")
        return other is not None and bool(set(other.fact.turn_ids) & set(fact.turn_ids))
