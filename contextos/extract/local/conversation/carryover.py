"""What the local extractor remembers of a user's earlier conversations.

Ingestion reads a user's conversations one at a time, in the order of the export (a long one in
windows). A later conversation often continues an earlier one: "the new beta date" is the beta
of the project named last week, "Imelda" is the Imelda Fenwick introduced before, "on lunch
again" is the third chat started on a lunch break. A :class:`Carryover` is that
memory, one per user, updated as each window is read:

- the discourse: the projects named and the one talked about last, the employer (not that a
  "we" is the family: that guess ends with the conversation it was read in);
- the full names people were introduced with (first name -> full names);
- whether a "he" or a "she" stands for a person, where the user said ("my sister Hortense");
- the short name the user goes by, once another speaker has used it;
- the names the conversations write with a capital, for where the user types them in lower
  case ("bev said no");
- the USER_PATTERN signals seen so far (for each pattern, the first turns it was seen in, as
  many as a pattern quotes), so a request repeated across three conversations becomes a pattern
  when the third one is read. The pattern's evidence then points into the earlier
  conversations; the turns it quotes travel with the result (``ExtractionResult.cited_turns``)
  while the extractor still holds them, and are looked up in the store otherwise.

It is kept in the graph with the user (``to_json`` / ``from_json``), written with each
conversation, in the same transaction, as it stands once that conversation is read: the next
export, the next chat sent on its own, or a run resumed after being cut short at any point
(even by ``kill -9``) reads on exactly from the last conversation stored. A carry-over saved
ahead of the store (by versions that saved it when a run stopped) is cut to the turns the store
has when it is read (:func:`keep_stored`).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from contextos.extract.local.conversation.discourse import Discourse, ProjectNames
from contextos.extract.local.conversation.patterns import (
    MAX_EVIDENCE_TURNS,
    FormatSignal,
    signal_group,
)
from contextos.extract.local.conversation.we_groups import GroupsNamed, WeGroup
from contextos.models.facts import Evidence
from contextos.models.transcript import Turn

__all__ = ["Carryover", "Carryovers", "keep_stored"]

#: Pattern signals remembered per user (the oldest are dropped first).
MAX_SIGNALS = 600
#: Capitalised words remembered per user (the longest unseen are dropped first).
MAX_CAPITALISED = 2000
#: Users remembered per extractor (the least recently read is dropped first).
MAX_USERS = 64
_FORMAT = 1


@dataclass
class Carryover:
    discourse: Discourse = field(default_factory=Discourse)
    #: the group or partner each speaker last named, for a later conversation's "we"
    groups: GroupsNamed = field(default_factory=GroupsNamed)
    #: first name -> the full names it was introduced with
    introduced: dict[str, set[str]] = field(default_factory=dict)
    #: first name (lower case) -> "he"/"she"
    #: (see :class:`~contextos.extract.local.conversation.genders.Genders`)
    genders: dict[str, str] = field(default_factory=dict)
    #: the user's full name -> the short name others call them
    short_names: dict[str, str] = field(default_factory=dict)
    #: words the user's conversations write with a capital, by lower-case form ("bev" ->
    #: "Bev"; see :mod:`~contextos.extract.local.text.casing`), the most recently found last
    capitalised: dict[str, str] = field(default_factory=dict)
    signals: list[FormatSignal] = field(default_factory=list)
    #: the turns the remembered signals quote, those read by this extractor, by
    #: :func:`~contextos.models.facts.turn_ref` (turn ids may repeat across conversations)
    signal_turns: dict[str, Turn] = field(default_factory=dict)

    def remember_capitalised(self, found: dict[str, str]) -> None:
        """Add the words of ``found`` to :attr:`capitalised`, keeping the
        :data:`MAX_CAPITALISED` found last."""
        for low, name in found.items():
            self.capitalised.pop(low, None)
            self.capitalised[low] = name
        while len(self.capitalised) > MAX_CAPITALISED:
            del self.capitalised[next(iter(self.capitalised))]

    def signal_turn_refs(self) -> set[str]:
        return {s.evidence.turn_ref for s in self.signals}

    def remember_signals(self, signals: list[FormatSignal], turns: dict[str, Turn]) -> None:
        """Add ``signals`` (their turns looked up in ``turns``, by turn ref), each once, and
        for each pattern only from as many turns as a pattern quotes."""
        have = {_signal_key(s) for s in self.signals}
        per_group: dict[tuple[str, str, str], set[str]] = {}
        for s in self.signals:
            per_group.setdefault(signal_group(s), set()).add(s.evidence.turn_ref)
        for sig in signals:
            key = _signal_key(sig)
            ref = sig.evidence.turn_ref
            turn = turns.get(ref)
            seen = per_group.setdefault(signal_group(sig), set())
            if key in have or turn is None:
                continue
            if ref not in seen and len(seen) >= MAX_EVIDENCE_TURNS:
                continue  # the pattern quotes its first turns only: later ones add nothing
            have.add(key)
            seen.add(ref)
            self.signals.append(sig)
            self.signal_turns[ref] = turn
        if len(self.signals) > MAX_SIGNALS:
            self.signals = self.signals[-MAX_SIGNALS:]
            quoted = self.signal_turn_refs()
            self.signal_turns = {k: t for k, t in self.signal_turns.items() if k in quoted}

    # -- kept in the store -----------------------------------------------------------

    def to_json(self) -> str:
        """Everything but the turns' texts (the store has those)."""
        d = self.discourse
        return json.dumps(
            {
                "format": _FORMAT,
                "discourse": {
                    "organisation": d.organisation,
                    "business": d.business,
                    "project": d.project,
                    "project_turn": d.project_turn,
                    "names": list(d.names.by_words.values()),
                    "household": d.household,
                    "conversation": d.conversation,
                },
                "introduced": {k: sorted(v) for k, v in self.introduced.items()},
                "groups": {k: [g.text, g.plural, g.named] for k, g in self.groups.last.items()},
                "genders": self.genders,
                "short_names": self.short_names,
                "capitalised": self.capitalised,
                "signals": [
                    {
                        "speaker": s.speaker,
                        "key": s.key,
                        "surface": s.surface,
                        "kind": s.kind,
                        "evidence": s.evidence.model_dump(),
                    }
                    for s in self.signals
                ],
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Carryover:
        """The carry-over :meth:`to_json` wrote; an empty one for any other text (one written
        by a later version, or damaged), since nothing read depends on it being there."""
        try:
            data: Any = json.loads(text)
            if not isinstance(data, dict) or data.get("format") != _FORMAT:
                return cls()
            d = data["discourse"]
            names = ProjectNames()
            for name in d["names"]:
                names = names.with_name(name)
            discourse = Discourse(
                organisation=d["organisation"],
                business=bool(d.get("business", False)),  # not in carry-overs before it
                household=d["household"],
                project=d["project"],
                project_turn=d["project_turn"],
                names=names,
                conversation=d["conversation"],
            )
            signals = [
                FormatSignal(
                    s["speaker"], s["key"], s["surface"], Evidence(**s["evidence"]), s["kind"]
                )
                for s in data["signals"]
            ]
            groups = GroupsNamed(
                {
                    k: WeGroup(str(t), bool(pl), str(n))
                    for k, (t, pl, n) in data.get("groups", {}).items()
                }
            )  # not in carry-overs before it
            return cls(
                discourse=discourse,
                groups=groups,
                introduced={k: set(v) for k, v in data["introduced"].items()},
                genders=dict(data.get("genders", {})),  # not in carry-overs before it
                short_names=dict(data["short_names"]),
                capitalised=dict(data.get("capitalised", {})),  # not in carry-overs before it
                signals=signals,
            )
        except (ValueError, KeyError, TypeError, AttributeError):
            return cls()


def keep_stored(
    snapshot: str | None, stored: Callable[[list[tuple[str, str]]], set[str]]
) -> str | None:
    """``snapshot`` without the pattern signals of turns the store does not have.

    Versions that saved the carry-over when a run was cut short saved what the extractor had
    read, which can be ahead of what was written (a conversation extracted but not yet stored,
    the worker's read-ahead); such a snapshot may still be in a store. Those turns are read
    again when the run is resumed; remembered as seen already, the pattern they complete
    would not be put forward again and would be lost. ``stored``: which of (conversation id,
    turn id) the store has, as :func:`~contextos.models.facts.turn_ref` keys."""
    if snapshot is None:
        return None
    carry = Carryover.from_json(snapshot)
    refs = sorted({(s.evidence.conversation_id, s.evidence.turn_id) for s in carry.signals})
    have = stored(refs) if refs else set()
    if len(have) == len(refs):
        return snapshot
    carry.signals = [s for s in carry.signals if s.evidence.turn_ref in have]
    return carry.to_json()


def _signal_key(sig: FormatSignal) -> tuple[str, str, str, int]:
    return sig.evidence.turn_ref, sig.key, sig.kind, sig.evidence.start


class Carryovers:
    """One :class:`Carryover` per user id, the :data:`MAX_USERS` most recently read."""

    def __init__(self, max_users: int = MAX_USERS) -> None:
        self._by_user: OrderedDict[str, Carryover] = OrderedDict()
        self._max = max_users

    def of(self, user_id: str) -> Carryover:
        found = self._by_user.get(user_id)
        if found is None:
            found = self._by_user[user_id] = Carryover()
            while len(self._by_user) > self._max:
                self._by_user.popitem(last=False)
        else:
            self._by_user.move_to_end(user_id)
        return found

    def put(self, user_id: str, carry: Carryover) -> None:
        self._by_user.pop(user_id, None)
        self._by_user[user_id] = carry
        while len(self._by_user) > self._max:
            self._by_user.popitem(last=False)

    def forget(self, user_id: str | None = None) -> None:
        """Drop what was remembered of ``user_id`` (of every user when None)."""
        if user_id is None:
            self._by_user.clear()
        else:
            self._by_user.pop(user_id, None)
