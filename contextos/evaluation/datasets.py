"""Dev datasets as Conversation objects: gold-labelled scenarios and Synthetic-Persona-Chat.

Scenario JSON (see the scenarios' FORMAT.md): one Conversation per session, turn ids kept as
in the file ("s1:3"), the session timestamp on every turn (relative dates resolve against it).
SPC CSV: each row is a conversation between two humans, "User 1: ..." / "User 2: ..." lines,
both speakers with role ``user``; persona lines are first-person gold facts about each speaker.
Lines that are not "User N:" turns (stage directions such as "(The next day)") are skipped.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from contextos.errors import InputError
from contextos.models.extraction import UserRef
from contextos.models.transcript import Conversation, Turn

__all__ = [
    "GoldBrief",
    "GoldChange",
    "GoldItem",
    "Scenario",
    "SpcDialogue",
    "load_scenario",
    "load_scenarios",
    "load_spc",
]

_SPC_LINE = re.compile(r"^\s*(User [12])\s*:\s*(.*\S)\s*$")


@dataclass(frozen=True)
class GoldItem:
    text: str
    turn_ids: tuple[str, ...]
    type: str = ""
    category: str = ""
    reason: str = ""
    id: str = ""
    #: the id of the gold fact that replaced this one (``superseded_by``), if any
    superseded_by: str = ""


@dataclass(frozen=True)
class GoldChange:
    """One change a gold brief expects: ``entity``'s ``field`` went ``from`` -> ``to``."""

    entity: str
    field: str
    from_: str | None
    to: str


@dataclass(frozen=True)
class GoldBrief:
    """The changes expected between two sessions (their ids), and when each session was."""

    since: str
    until: str
    since_at: datetime | None
    until_at: datetime | None
    changes: tuple[GoldChange, ...]


@dataclass
class Scenario:
    id: str
    kind: str
    user: UserRef
    conversations: list[Conversation]
    facts: list[GoldItem]
    traps: list[GoldItem]
    briefs: list[GoldBrief] = field(default_factory=list)
    #: gold entity name -> its aliases
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def turns(self) -> list[Turn]:
        return [t for c in self.conversations for t in c.turns]


@dataclass
class SpcDialogue:
    row: int
    conversation: Conversation
    user: UserRef
    personas: dict[str, list[str]] = field(default_factory=dict)


def _ts(value: str | None) -> datetime | None:
    if not value:
        return None
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def load_scenario(path: Path) -> Scenario:
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        sid = data["id"]
        user = UserRef(id=data["user"]["id"], name=data["user"]["name"])
        convs: list[Conversation] = []
        session_at: dict[str, datetime | None] = {}
        for session in data["sessions"]:
            cid = f"{sid}:{session['session_id']}"
            when = _ts(session.get("timestamp"))
            session_at[session["session_id"]] = when
            turns = [
                Turn(
                    id=m["turn_id"],
                    conversation_id=cid,
                    index=i,
                    role=m["role"],
                    speaker=m.get("speaker") or m["role"],
                    text=m["text"],
                    timestamp=when,
                )
                for i, m in enumerate(session["messages"])
            ]
            convs.append(
                Conversation(
                    id=cid,
                    source=session.get("platform") or "scenario",
                    created_at=when,
                    turns=turns,
                )
            )
        gold = data.get("gold", {})
        facts = [
            GoldItem(
                f["text"],
                tuple(f.get("turn_ids", [])),
                f.get("type", ""),
                f.get("category", ""),
                id=f.get("id", ""),
                superseded_by=f.get("superseded_by") or "",
            )
            for f in gold.get("facts", [])
        ]
        traps = [
            GoldItem(t["text"], tuple(t.get("turn_ids", [])), reason=t.get("reason", ""))
            for t in gold.get("must_not_extract", [])
        ]
        briefs = [
            GoldBrief(
                b["since"],
                b["until"],
                session_at.get(b["since"]),
                session_at.get(b["until"]),
                tuple(
                    GoldChange(
                        str(c["entity"]),
                        str(c["field"]),
                        None if c.get("from") is None else str(c["from"]),
                        str(c["to"]),
                    )
                    for c in b.get("changes", [])
                    if c.get("to") is not None
                ),
            )
            for b in gold.get("brief", [])
        ]
        aliases = {
            e["name"]: tuple(e.get("aliases", [])) for e in gold.get("entities", []) if "name" in e
        }
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise InputError(str(path), f"not a readable scenario file: {exc}") from exc
    return Scenario(sid, data.get("kind", "assistant"), user, convs, facts, traps, briefs, aliases)


def load_scenarios(paths: Path | Sequence[Path]) -> list[Scenario]:
    """The scenarios of each path: a folder's ``*.json`` files (sorted), or one file."""
    out: list[Scenario] = []
    for path in [paths] if isinstance(paths, Path) else paths:
        if path.is_file():
            out.append(load_scenario(path))
            continue
        files = sorted(path.glob("*.json"))
        if not files:
            raise InputError(str(path), "no scenario *.json files here")
        out.extend(load_scenario(p) for p in files)
    return out


def load_spc(path: Path, rows: int = 200, offset: int = 0) -> list[SpcDialogue]:
    """The first ``rows`` rows (from ``offset``) of an SPC CSV, as conversations."""
    out: list[SpcDialogue] = []
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            for i, rec in enumerate(csv.DictReader(fh)):
                if i < offset:
                    continue
                if len(out) >= rows:
                    break
                cid = f"spc-{path.stem}-{i}"
                turns: list[Turn] = []
                for line in (rec.get("Best Generated Conversation") or "").splitlines():
                    m = _SPC_LINE.match(line)
                    if not m:
                        continue
                    turns.append(
                        Turn(
                            id=f"{cid}:{len(turns)}",
                            conversation_id=cid,
                            index=len(turns),
                            role="user",
                            speaker=m.group(1),
                            text=m.group(2),
                        )
                    )
                if not turns:
                    continue
                personas = {
                    "User 1": [
                        p.strip()
                        for p in (rec.get("user 1 personas") or "").splitlines()
                        if p.strip()
                    ],
                    "User 2": [
                        p.strip()
                        for p in (rec.get("user 2 personas") or "").splitlines()
                        if p.strip()
                    ],
                }
                out.append(
                    SpcDialogue(
                        i,
                        Conversation(id=cid, source="spc", turns=turns),
                        UserRef(id="user-1", name="User 1"),
                        personas,
                    )
                )
    except (OSError, csv.Error) as exc:
        raise InputError(str(path), f"not a readable SPC CSV: {exc}") from exc
    return out
