"""What a user id may be. The id scopes everything stored for a user and is printed back by
every command, so it is checked once where it enters (the facade, the CLI, a batch file)."""

from __future__ import annotations

import unicodedata

from contextos.errors import InputError

__all__ = ["MAX_USER_ID_LENGTH", "check_user_id"]

#: Long enough for an e-mail address or any uuid-like key, short enough to print on a line.
MAX_USER_ID_LENGTH = 256

#: Characters that break or hide a printed line: controls (newline, tab, escape, DEL, C1),
#: invisible formatting (zero-width, bidi overrides), line and paragraph separators, lone
#: surrogates.
_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def check_user_id(value: object) -> str:
    """``value`` when it is a valid user id; otherwise an :class:`InputError` naming it (as
    ``repr``, so a newline shows as ``\\n``) and what is wrong with it."""
    if not isinstance(value, str):
        raise InputError(f"user id {value!r}", "must be a string")
    problem = _problem(value)
    if problem:
        shown = repr(value) if len(value) <= 60 else f"{value[:40]!r}…"
        raise InputError(f"user id {shown}", problem)
    return value


def _problem(value: str) -> str | None:
    if not value:
        return "must not be empty"
    if len(value) > MAX_USER_ID_LENGTH:
        return f"is {len(value)} characters long, more than {MAX_USER_ID_LENGTH}"
    bad = next((c for c in value if unicodedata.category(c) in _UNPRINTABLE), None)
    if bad is not None:
        return f"contains the control character {bad!r} (U+{ord(bad):04X})"
    if value != value.strip():
        return "must not start or end with whitespace"
    return None
