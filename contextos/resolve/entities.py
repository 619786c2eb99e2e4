"""Entity resolution: map entity mentions onto the user's existing entities.

Pure functions over names: exact (case- and punctuation-insensitive), alias, and first-name
match for people ("Tom" → "Tom Reyes" when exactly one known person is called Tom). A new
entity gets a deterministic key, so re-ingesting the same mention lands on the same node.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from contextos.models.entities import Entity
from contextos.models.extraction import UserRef
from contextos.models.transcript import stable_id

__all__ = ["EntityIndex", "ResolvedEntity", "normalize_name", "user_key"]

_ARTICLES = re.compile(r"^(the|a|an|my|our)\s+", re.IGNORECASE)
_GENERIC_SUFFIX = re.compile(r"\s+(project|initiative|workstream)$")


def normalize_name(name: str) -> str:
    text = unicodedata.normalize("NFKC", name).casefold().strip()
    text = _ARTICLES.sub("", text)
    text = re.sub(r"[^\w\s]", " ", text)
    text = re.sub(r"\s+", " ", text).strip()
    # "the billing migration project" is the billing migration
    return _GENERIC_SUFFIX.sub("", text) or text


def user_key(user_id: str) -> str:
    return f"user:{user_id}"


@dataclass
class ResolvedEntity:
    key: str
    name: str
    type: str
    aliases: list[str] = field(default_factory=list)
    is_user: bool = False


class EntityIndex:
    """The user's known entities, indexed by normalized names and aliases."""

    def __init__(self, user: UserRef, entities: list[Entity]) -> None:
        self.user = user
        self._by_name: dict[tuple[str, str], ResolvedEntity] = {}
        self._by_first: dict[str, list[ResolvedEntity]] = {}
        self._user = ResolvedEntity(user_key(user.id), user.name, "Person", [], is_user=True)
        for e in entities:
            self._add(ResolvedEntity(e.id, e.name, e.type, list(e.aliases)))

    def _add(self, r: ResolvedEntity) -> None:
        for n in [r.name, *r.aliases]:
            norm = normalize_name(n)
            if norm:
                self._by_name[(r.type, norm)] = r
        if r.type == "Person":
            first = normalize_name(r.name).split(" ")[0] if normalize_name(r.name) else ""
            if first and r not in self._by_first.setdefault(first, []):
                self._by_first[first].append(r)

    def resolve(self, name: str, etype: str, aliases: list[str] | None = None) -> ResolvedEntity:
        """The entity this mention refers to; registers a new one when there is none."""
        norm = normalize_name(name)
        is_user = self.user.is_user_speaker(name) or norm == normalize_name(self.user.name)
        if etype == "Person" and is_user:
            return self._user
        for n in [name, *(aliases or [])]:
            hit = self._by_name.get((etype, normalize_name(n)))
            if hit is not None:
                return hit
        if etype == "Person" and norm:
            parts = norm.split(" ")
            candidates = self._by_first.get(parts[0], [])
            if len(candidates) == 1:
                hit = candidates[0]
                if len(parts) == 1:  # "Tom" -> the one known "Tom ..."
                    return hit
                if len(normalize_name(hit.name).split(" ")) == 1:  # known "Tom", now "Tom Reyes"
                    hit.aliases.append(hit.name)
                    hit.name = name  # upgrade to the fuller name; the key stays
                    self._add(hit)
                    return hit
        new = ResolvedEntity(
            key=stable_id(self.user.id, etype, norm or name),
            name=name,
            type=etype,
            aliases=[a for a in (aliases or []) if a != name],
        )
        self._add(new)
        return new

    @property
    def user_entity(self) -> ResolvedEntity:
        return self._user
