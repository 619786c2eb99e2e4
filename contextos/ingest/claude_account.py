"""The account files next to a Claude ``conversations.json``: ``users.json``, ``projects.json``.

* ``users.json``: a list (or one object) of ``{uuid, full_name, email_address, ...}``. The first
  ``full_name`` becomes :attr:`Conversation.user_name` for every conversation read from the same
  folder or zip directory.
* ``projects.json``: a list of ``{uuid, name, description, is_private, prompt_template,
  created_at, updated_at, creator, docs[]}``. Each becomes a :class:`ProjectRecord` on
  :attr:`ParseRun.projects <contextos.ingest.run.ParseRun.projects>` once the run has read it;
  project knowledge documents are summarised (file names and sizes), not copied.

Both files are small; they are still read as streams.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from contextos.ingest.filecontext import FileContext
from contextos.ingest.jsonstream import guarded_records, iter_records

__all__ = ["ProjectRecord", "read_projects", "read_user_name"]


class ProjectRecord(BaseModel):
    """A Claude project: a named workspace the user created, with its description.

    ``id`` is the project uuid. ``prompt_template`` holds the project's custom instructions
    (written by the user). ``doc_names`` lists the knowledge files attached to it.
    """

    id: str
    name: str
    description: str = ""
    prompt_template: str = ""
    created_at: datetime | None = None
    updated_at: datetime | None = None
    is_private: bool | None = None
    creator_name: str | None = None
    doc_names: list[str] = Field(default_factory=list)
    source: str = "claude"
    source_file: str | None = None


def read_user_name(ctx: FileContext) -> str | None:
    """The account holder's full name from a ``users.json``, or None."""
    for index, record in iter_records(ctx):
        if not isinstance(record, dict):
            ctx.warn(f"user #{index}", "expected a user object")
            continue
        name = record.get("full_name")
        if isinstance(name, str) and name.strip():
            return name.strip()
    return None


def _opt_str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _project(record: Any, index: int, ctx: FileContext) -> ProjectRecord | None:
    where = f"project #{index}"
    if not isinstance(record, dict):
        ctx.skip(where, f"expected a project object, found {type(record).__name__}")
        return None
    uid, name = record.get("uuid"), record.get("name")
    if not isinstance(uid, str) or not uid or not isinstance(name, str):
        ctx.skip(where, "project without uuid or name; skipped")
        return None
    creator = record.get("creator")
    docs = record.get("docs")
    doc_names = []
    if isinstance(docs, list):
        doc_names = [
            str(d.get("filename")) for d in docs if isinstance(d, dict) and d.get("filename")
        ]
    description = record.get("description")
    template = record.get("prompt_template")
    private = record.get("is_private")
    return ProjectRecord(
        id=uid,
        name=name,
        description=description if isinstance(description, str) else "",
        prompt_template=template if isinstance(template, str) else "",
        created_at=ctx.time(record.get("created_at"), where),
        updated_at=ctx.time(record.get("updated_at"), where),
        is_private=private if isinstance(private, bool) else None,
        creator_name=_opt_str(creator.get("full_name")) if isinstance(creator, dict) else None,
        doc_names=doc_names,
        source_file=ctx.label,
    )


def read_projects(ctx: FileContext) -> Iterator[ProjectRecord]:
    """The projects of a ``projects.json``; malformed entries are warned about and skipped."""
    yield from guarded_records(ctx, _project, noun="project")
