"""Who is speaking, and how facts name them.

- :func:`speaker_name`: the user's full name for the user's turns, the speaker as written
  otherwise;
- :func:`display_names`: the short name the user goes by in fact text ("Thad" for Thaddeus),
  from an alias or from how others address them;
- :func:`addressee`: who "you" is in a meeting turn;
- :func:`self_introduction`: "I'm Ulrike, editor" read as the speaker's name and role.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from contextos.extract.local.clauses.render import addressed_name
from contextos.extract.local.clauses.statements import Clause
from contextos.models.extraction import UserRef, display_name
from contextos.models.transcript import Conversation, Turn

__all__ = [
    "Window",
    "addressee",
    "display_names",
    "self_introduction",
    "speaker_name",
    "stated_age",
]

#: Turns to extract from, with the conversation they belong to.
Window = tuple[Sequence[Turn], Conversation]


def display_names(windows: Sequence[Window], user: UserRef) -> dict[str, str]:
    """{the user's full name: the short name they go by}: an alias (or the user id, which
    also names them) that shortens their given name ("thad" for Thaddeus), else the one the
    assistant or another speaker addresses them by ("Congratulations, Thad!"); else empty."""
    given = display_name(user.name)
    alias = min(
        (
            a[0].upper() + a[1:]
            for a in (*user.aliases, user.id)
            if len(a) >= 3
            and a.casefold() != given.casefold()
            and given.casefold().startswith(a.casefold())
            and a.isalpha()
        ),
        key=len,
        default=None,
    )
    if alias is not None:
        return {user.name: alias}
    seen: set[str] = set()
    others: list[str] = []
    for turns, conv in windows:
        for t in (*conv.turns, *turns):
            if t.id not in seen and not user.is_user_speaker(t.speaker):
                seen.add(t.id)
                others.append(t.text)
    short = addressed_name(user.name, others)
    return {user.name: short} if short else {}


def speaker_name(turn: Turn, user: UserRef) -> str:
    return user.name if user.is_user_speaker(turn.speaker) else turn.speaker


def addressee(text: str, speaker: str, previous: str | None, humans: set[str]) -> str | None:
    """Who "you" means in a meeting turn: the person named at its start ("Sam, can you ..."),
    else whoever spoke just before — a reply addresses the last speaker."""
    lead = text.lstrip().split(",", 1)[0].strip().casefold()
    for name in humans:
        if name != speaker and lead and lead in (name.casefold(), display_name(name).casefold()):
            return name
    return previous if previous is not None and previous != speaker else None


def _ends_phrase(tok: Any) -> bool:
    """A comma or the end of the sentence follows ``tok``."""
    return tok.i + 1 >= tok.sent.end or tok.nbor().text == ","


def stated_age(name: Any) -> Any | None:
    """The age said right after the speaker's own name ("I'm Walt, 68, retired"), or None."""
    for c in name.children:
        if c.dep_ == "appos" and c.like_num and c.text.isdigit() and 5 <= int(c.text) <= 120:
            return c
    return None


def self_introduction(clause: Clause, speaker: str) -> tuple[Any, Any | None] | None:
    """ "I'm Ulrike, editor": the speaker's own name as the attribute of a self clause, and
    the role in apposition to it (None when there is none); None for any other clause."""
    if clause.subject_kind != "self":
        return None
    names = {w.casefold() for w in speaker.split()}
    attr = next(
        (
            c
            for c in clause.head.children
            if c.dep_ == "attr"
            and c.text.casefold() in names
            # "I'm Grace": tagged a noun; "im walt, 68": typed in lower case, tagged anything
            and (c.pos_ == "PROPN" or c.text[:1].isupper() or _ends_phrase(c))
        ),
        None,
    )
    if attr is None:  # "I'm Marco, freelance illustrator": the name parsed as the role's nmod
        role = next(
            (c for c in clause.head.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None
        )
        name = next(
            (
                c
                for c in (role.children if role is not None else ())
                if c.dep_ in ("nmod", "compound")
                and c.pos_ == "PROPN"
                and c.text.casefold() in names
                and c.i + 1 < len(c.doc)
                and c.nbor().text == ","
            ),
            None,
        )
        return (name, role) if name is not None else None
    # "I'm Ulrike, editor"; "i'm oswin, freelance sound engineer" (parsed as a conjunct)
    role = next(
        (c for c in attr.children if c.dep_ in ("appos", "conj") and c.pos_ == "NOUN"), None
    )
    return attr, role
