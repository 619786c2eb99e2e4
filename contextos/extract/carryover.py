"""What the local extractor remembers of a user's earlier conversations.

Ingestion reads a user's conversations one at a time, in the order of the export (a long one in
windows). A later conversation often continues an earlier one: "the new beta date" is the beta
of the project named last week, "Sandra" is the Sandra Okafor introduced before, "on break
again" is the third chat started on a break. A :class:`Carryover` is that memory, one per user,
updated as each window is read:

- the discourse: the projects named and the one talked about last, the employer (not that a
  "we" is the family: that guess ends with the conversation it was read in);
- the full names people were introduced with (first name -> full names);
- the short name the user goes by, once another speaker has used it;
- the USER_PATTERN signals seen so far, with the turns they quote, so a request repeated across
  three conversations becomes a pattern when the third one is read. The pattern's evidence then
  points into the earlier conversations; those turns travel with the result
  (``ExtractionResult.cited_turns``) so validation can check the quotes.

It lives in the process that extracts (the ingestion worker keeps it across conversations) and
is not stored: a later ingestion run starts from an empty one.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from contextos.extract.discourse import Discourse
from contextos.extract.patterns import FormatSignal
from contextos.models.transcript import Turn

__all__ = ["Carryover", "Carryovers"]

#: Pattern signals remembered per user (the oldest are dropped first).
MAX_SIGNALS = 2000
#: Users remembered per extractor (the least recently read is dropped first).
MAX_USERS = 64


@dataclass
class Carryover:
    discourse: Discourse = field(default_factory=Discourse)
    #: first name -> the full names it was introduced with
    introduced: dict[str, set[str]] = field(default_factory=dict)
    #: the user's full name -> the short name others call them
    short_names: dict[str, str] = field(default_factory=dict)
    signals: list[FormatSignal] = field(default_factory=list)
    #: the turns the remembered signals quote
    signal_turns: dict[str, Turn] = field(default_factory=dict)

    def remember_signals(self, signals: list[FormatSignal], turns: dict[str, Turn]) -> None:
        """Add ``signals`` (their turns looked up in ``turns``), each once."""
        have = {_signal_key(s) for s in self.signals}
        for sig in signals:
            key = _signal_key(sig)
            turn = turns.get(sig.evidence.turn_id)
            if key in have or turn is None:
                continue
            have.add(key)
            self.signals.append(sig)
            self.signal_turns[turn.id] = turn
        if len(self.signals) > MAX_SIGNALS:
            self.signals = self.signals[-MAX_SIGNALS:]
            quoted = {s.evidence.turn_id for s in self.signals}
            self.signal_turns = {k: t for k, t in self.signal_turns.items() if k in quoted}


def _signal_key(sig: FormatSignal) -> tuple[str, str, str, int]:
    return sig.evidence.turn_id, sig.key, sig.kind, sig.evidence.start


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

    def forget(self, user_id: str | None = None) -> None:
        """Drop what was remembered of ``user_id`` (of every user when None)."""
        if user_id is None:
            self._by_user.clear()
        else:
            self._by_user.pop(user_id, None)
