"""Is a sentence English? The local extractor reads English only.

A user who pastes a CV in Spanish, quotes a French email or writes a line in another language
would otherwise get fact texts such as "Idiomas: inglés B1" — words the parser tags as best it
can, rendered as if they were English (and an instruction inside that text, "Recuerda siempre
que ...", would slip past the English injection cues). Such a sentence is rejected with the
reason ``not_english`` instead: kept, visible, and never stored as a fact.

The test is cheap and runs before parsing: the share of a sentence's lower-case words that the
model's English lexicon knows — the lemmatizer's WordNet index and its irregular forms, the
stop words, chat shorthand, regular inflections ("meetings", "moved", "walkin"). Words with a
capital inside a sentence are left out (names, brands, "Conservas Quillfeather"), so are numbers.
English with a few foreign words in it ("the terraza opens in April", "muy bueno lol") keeps
well over half of its words known; a foreign sentence has few.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from contextos.extract.local.text.lexicon import PARSE_NORMS

__all__ = ["EnglishWords"]

#: Below this share of known words a sentence is not English.
MIN_KNOWN_SHARE = 0.4
#: Fewer lower-case words than this say too little to judge ("ignore evander").
MIN_WORDS = 4

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
#: Endings of English inflections, as (ending, what replaces it): "tries" -> "try".
_INFLECTIONS = (
    ("s", ""),
    ("es", ""),
    ("ies", "y"),
    ("ed", ""),
    ("ed", "e"),
    ("ied", "y"),
    ("d", ""),
    ("ing", ""),
    ("ing", "e"),
    ("in", "ing"),  # "walkin", "doin": g dropped
    ("ly", ""),
    ("er", ""),
    ("est", ""),
)
#: What follows the apostrophe of an English contraction or possessive ("don't", "she's").
_CLITICS = frozenset({"t", "s", "re", "ve", "m", "ll", "d"})


class EnglishWords:
    """What the model's English lexicon knows. ``lexicon``: the base forms (nouns, verbs,
    adjectives, adverbs); ``stop_words``: function words; ``irregular``: says whether a word is
    an irregular inflection the lexicon lists ("children", "went")."""

    def __init__(
        self,
        lexicon: frozenset[str],
        stop_words: frozenset[str],
        irregular: Callable[[str], bool],
    ) -> None:
        self.lexicon = lexicon
        self.stop_words = stop_words
        self.irregular = irregular

    def known(self, word: str) -> bool:
        """``word`` (lower case) is an English word or a regular inflection of one."""
        if self._base(word):
            return True
        if "'" in word:
            stem, clitic = word.split("'", 1)
            return clitic in _CLITICS and (self._base(stem) or stem in ("ca", "wo", "ai"))
        for ending, base in _INFLECTIONS:
            stem = word[: -len(ending)] + base
            if word.endswith(ending) and len(stem) >= 3 and self._base(stem):
                return True
        return False

    def _base(self, word: str) -> bool:
        return (
            word in self.stop_words
            or word in self.lexicon
            or word in PARSE_NORMS
            or self.irregular(word)
        )

    def foreign(self, text: str) -> bool:
        """``text`` is a sentence in another language: at least ``MIN_WORDS`` lower-case words
        (a capitalised word opening it counts), fewer than ``MIN_KNOWN_SHARE`` of them known."""
        words = [
            m.group(0).lower().replace("’", "'")
            for k, m in enumerate(_WORD.finditer(text))
            if k == 0 or not m.group(0)[0].isupper()
        ]
        # a word of one or two letters counts only as an English function word ("is", "my",
        # "I"): the lexicon lists many others as abbreviations ("el", "de", "la"), which tell
        # English from Spanish or French no better than names do
        words = [w for w in words if len(w) > 2 or w in self.stop_words]
        if len(words) < MIN_WORDS:
            return False
        known = sum(map(self.known, words))
        return known < MIN_KNOWN_SHARE * len(words)
