"""Who speaks when in a conversation: the turn right before each turn (and whether someone
else said it), the first turn the user wrote, a meeting's opening and closing turns, the other
human of a chat two people have with an assistant, and speakers by their first name.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from contextos.models.transcript import Conversation, Turn

__all__ = [
    "first_spoken",
    "meeting_edges",
    "previous_turns",
    "someone_elses",
    "speakers_by_first_name",
    "the_other",
]


def first_spoken(conv: Conversation) -> str | None:
    """The id of the first turn the user wrote in ``conv``."""
    return next((t.id for t in conv.turns if t.extractable), None)


def meeting_edges(conv: Conversation) -> dict[str, str]:
    """{turn id: "opening" | "closing"} for the first and last spoken turns of a meeting."""
    spoken = [t for t in conv.turns if t.extractable]
    if len(spoken) < 2:
        return {}
    return {spoken[0].id: "opening", spoken[-1].id: "closing"}


def someone_elses(before: Turn | None, turn: Turn) -> Turn | None:
    """``before`` (the turn before ``turn``) when someone else said it, else None."""
    return before if before is not None and before.speaker != turn.speaker else None


def previous_turns(conv: Conversation) -> dict[str, Turn]:
    """The turn right before each turn of ``conv``, by turn id (what a question, a "yes" or a
    "me too" answers); the first turn has none."""
    return {t.id: before for before, t in pairwise(conv.turns)}


def speakers_by_first_name(speakers: Iterable[str]) -> dict[str, str]:
    """First name -> full name of the speakers with a full name whose first name no other
    speaker shares ("Casimir" -> "Casimir Brannock")."""
    by_first: dict[str, set[str]] = {}
    for name in set(speakers):
        if " " in name:
            by_first.setdefault(name.split()[0], set()).add(name)
    return {first: next(iter(names)) for first, names in by_first.items() if len(names) == 1}


def the_other(speaker: str, humans: set[str]) -> str | None:
    """The one other human of a chat two people have with an assistant (a couple planning a
    wedding): whose "your mother" is meant. None when the speaker is alone or one of many."""
    others = humans - {speaker}
    return next(iter(others)) if len(others) == 1 else None
