"""The one error root of contextos and its direct subclasses.

Third-party errors are wrapped where they enter (parsing, the graph store, model loading) so
callers only ever need to catch :class:`ContextOSError`.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ConfigError",
    "ContextOSError",
    "ExtractionError",
    "IngestUnfinished",
    "InputError",
    "NotFoundError",
    "PartialInputError",
    "StoreError",
    "UnknownEntityError",
    "WindowUnfinished",
]


class ContextOSError(Exception):
    """Root of every error contextos raises on purpose."""


class InputError(ContextOSError):
    """An input file or record cannot be read.

    ``path`` names the file and ``where`` the place inside it (a record index, a zip member,
    a line number) so the message can point the user at the exact problem.
    """

    def __init__(self, path: str | None, problem: str, where: str | None = None) -> None:
        self.path = path
        self.problem = problem
        self.where = where
        location = path or "<input>"
        if where:
            location = f"{location} ({where})"
        super().__init__(f"{location}: {problem}")


class PartialInputError(InputError):
    """An input broke part-way: what came before the damage was read (and, from
    ``ContextOS.ingest``, written), the rest was not.

    ``partial`` lists the damaged files (``contextos.models.report.PartialFile``); ``report``
    is the ingest report of the run, when there is one. Pass ``allow_partial=True``
    (``--allow-partial``) to accept such input instead.
    """

    def __init__(self, partial: list[Any], report: Any = None) -> None:
        first = partial[0]
        more = len(partial) - 1
        problem = f"{first.problem} after {first.records} record" + (
            "" if first.records == 1 else "s"
        )
        problem += "; the rest of the file was not read"
        if more:
            problem += f" (and {more} more damaged file{'' if more == 1 else 's'})"
        super().__init__(first.path, problem, first.where)
        self.partial = partial
        self.report = report


class StoreError(ContextOSError):
    """The graph store could not be started, reached or written."""


class ConfigError(ContextOSError):
    """A setting is missing or invalid."""


class UnknownEntityError(ConfigError):
    """A name or id that matches none of the user's entities (``ContextOS.entity_state``)."""


class ExtractionError(ContextOSError):
    """An extractor failed in a way that is not about the input (a missing model, say)."""


class WindowUnfinished(ExtractionError):
    """A window of a conversation could not be extracted for a reason that may pass (the LLM
    server timed out, went away or kept rate-limiting, after retries). Ingestion stores none of
    the conversation and writes no checkpoint for it, so the next run picks it up."""

    def __init__(self, problem: str, conversation_id: str | None = None) -> None:
        self.problem = problem
        self.conversation_id = conversation_id
        where = f"conversation {conversation_id!r}: " if conversation_id else ""
        super().__init__(f"{where}{problem}")


class IngestUnfinished(ContextOSError):
    """An ingest run ended with conversations left unfinished (:class:`WindowUnfinished`);
    the others were stored. ``report`` is the run's report; re-running picks the rest up."""

    def __init__(self, unfinished: list[str], problem: str, report: object = None) -> None:
        self.unfinished = unfinished
        self.report = report
        names = ", ".join(repr(c) for c in unfinished[:5])
        more = f" and {len(unfinished) - 5} more" if len(unfinished) > 5 else ""
        super().__init__(
            f"extraction unfinished for {len(unfinished)} conversation(s): {names}{more} "
            f"({problem}); the rest was stored — run ingest again to finish them"
        )


class NotFoundError(ContextOSError):
    """A thing asked for by id (a preference, an ingest job) does not exist for this user.
    ``what`` names its kind (``preference``, ``job``) for the surfaces' error codes."""

    def __init__(self, what: str, ident: str) -> None:
        self.what = what
        self.ident = ident
        super().__init__(f"no {what} {ident!r} for this user")
