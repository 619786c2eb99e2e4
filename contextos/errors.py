"""The one error root of contextos and its direct subclasses.

Third-party errors are wrapped where they enter (parsing, the graph store, model loading) so
callers only ever need to catch :class:`ContextOSError`.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "ContextOSError",
    "ExtractionError",
    "InputError",
    "StoreError",
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


class StoreError(ContextOSError):
    """The graph store could not be started, reached or written."""


class ConfigError(ContextOSError):
    """A setting is missing or invalid."""


class ExtractionError(ContextOSError):
    """An extractor failed in a way that is not about the input (a missing model, say)."""
