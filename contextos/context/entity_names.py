"""Which of a user's entities a query names: exactly, by an alias, or fuzzily (a misspelt
word close to a name word)."""

from __future__ import annotations

import difflib
import re

from contextos.models.entities import Entity

__all__ = ["EntityNames"]

_WORD = re.compile(r"[a-z0-9][a-z0-9'\-]*")


def _norm(text: str) -> str:
    return " ".join(_WORD.findall(text.casefold()))


class EntityNames:
    """A lookup of a user's entity names and aliases (built once per graph state)."""

    def __init__(self, entities: list[Entity], fuzzy_ratio: float = 0.86) -> None:
        self.entities = {e.id: e for e in entities}
        self.fuzzy_ratio = fuzzy_ratio
        self._phrases: dict[str, set[str]] = {}  # normalised name/alias -> entity keys
        self._words: dict[str, set[str]] = {}  # a distinctive name word -> entity keys
        for e in entities:
            for name in [e.name, *e.aliases]:
                phrase = _norm(name)
                if len(phrase) < 2:
                    continue
                self._phrases.setdefault(phrase, set()).add(e.id)
                for w in phrase.split():
                    if len(w) >= 4 and w[0].isalpha():
                        self._words.setdefault(w, set()).add(e.id)

    def named_in(self, query: str) -> dict[str, str]:
        """entity key -> how the query names it (``exact``, ``alias`` or ``fuzzy``)."""
        text = f" {_norm(query)} "
        found: dict[str, str] = {}
        for phrase, keys in self._phrases.items():
            if f" {phrase} " in text:
                for key in keys:
                    e = self.entities[key]
                    found[key] = "exact" if _norm(e.name) == phrase else "alias"
        words = [w for w in text.split() if len(w) >= 4]
        for w in words:
            if w in self._words:
                for key in self._words[w]:
                    found.setdefault(key, "alias")
                continue
            for close in difflib.get_close_matches(w, self._words, n=2, cutoff=self.fuzzy_ratio):
                for key in self._words[close]:
                    found.setdefault(key, "fuzzy")
        return found
