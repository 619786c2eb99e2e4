"""A batch file of context queries (``contextos context --batch FILE``): JSON lines, each a
query string or ``{"query": ..., "user"?, "agent_type"?, "max_tokens"?, "id"?}``.

The whole file is read and checked before any query is answered, so a bad line stops the
batch before it has printed anything, with an :class:`InputError` naming the file and line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contextos.errors import InputError
from contextos.models.user_id import check_user_id

__all__ = ["BATCH_KEYS", "BatchQuery", "read_batch"]

#: The keys a line may have; any other is a mistake (a misspelt key would be ignored silently).
BATCH_KEYS = ("query", "user", "agent_type", "max_tokens", "id")


@dataclass(frozen=True)
class BatchQuery:
    """One line of a batch file; the fields it leaves out (None) take the command's values."""

    line: int
    query: str
    user: str | None = None
    agent_type: str | None = None
    max_tokens: int | None = None
    id: str | int | None = None


def read_batch(path: Path) -> list[BatchQuery]:
    """Every query of the batch file ``path``, checked; blank lines are skipped."""
    if not path.is_file():
        raise InputError(str(path), "no such file")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(str(path), f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror or exc}") from None
    queries = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                queries.append(_query(line, n))
            except _LineError as exc:
                raise InputError(str(path), str(exc), f"line {n}") from None
    return queries


class _LineError(Exception):
    """What is wrong with one line (made into an InputError naming the file and line)."""


def _query(line: str, n: int) -> BatchQuery:
    try:
        obj: Any = json.loads(line)
    except json.JSONDecodeError as exc:
        raise _LineError(f"invalid JSON: {exc.msg}") from None
    except RecursionError:
        raise _LineError("JSON nested too deeply") from None
    if isinstance(obj, str):
        obj = {"query": obj}
    if not isinstance(obj, dict):
        raise _LineError('each line needs {"query": "..."} or a JSON string')
    unknown = sorted(set(obj) - set(BATCH_KEYS))
    if unknown:
        raise _LineError(
            f"unknown key {', '.join(map(repr, unknown))} (a line may have "
            + ", ".join(BATCH_KEYS)
            + ")"
        )
    query = obj.get("query")
    if not isinstance(query, str) or not query.strip():
        raise _LineError('each line needs {"query": "..."} with a non-empty query')
    user = obj.get("user")
    if user is not None:
        try:
            user = check_user_id(user)
        except InputError as exc:
            raise _LineError(str(exc)) from None
    agent_type = obj.get("agent_type")
    if agent_type is not None and not isinstance(agent_type, str):
        raise _LineError(f"agent_type must be a string, not {agent_type!r}")
    budget = obj.get("max_tokens")
    if budget is not None and (type(budget) is not int or budget < 1):
        raise _LineError(f"max_tokens must be a positive integer, not {budget!r}")
    ident = obj.get("id")
    if ident is not None and type(ident) not in (str, int):
        raise _LineError(f"id must be a string or an integer, not {ident!r}")
    return BatchQuery(n, query, user, agent_type, budget, ident)
