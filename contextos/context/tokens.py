"""Words for lexical retrieval: lower-cased, stop words out, a light suffix stemmer (plural,
-ing, -ed, -ly) so that "climbing" finds "climb" and "sisters" finds "sister"."""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["STOP_WORDS", "content_words", "stem"]

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
STOP_WORDS = frozenset(
    (
        "a an the i me my mine we our ours you your yours he him his she her hers they them "
        "their it its is are was were be been being am to of in on for with and or but if "
        "what who whom whose which when where why how do does did doing done have has had "
        "this that these those at by from about as so any some all can could should would will "
        "shall may might must there here than then too very just also not no yes into out up "
        "down over under again more most such only own same other each both few s t d ll re ve "
        "m o y don't i'm it's that's what's i've i'll i'd you're"
    ).split()
)


def stem(word: str) -> str:
    """A light, deterministic stem: enough to meet inflections of the same word."""
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, keep in (("ies", "y"), ("ing", ""), ("edly", ""), ("ed", ""), ("ly", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)] + keep
            if len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]  # running -> run, planned -> plan
            return base
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def content_words(text: str) -> list[str]:
    """The stemmed content words of ``text``, in order (repeats kept: BM25 counts them)."""
    return list(_content_words(text))


@lru_cache(maxsize=65536)
def _content_words(text: str) -> tuple[str, ...]:
    """Cached: the same turns and facts are read by query after query."""
    out = []
    for w in _WORD.findall(text.casefold()):
        w = w.split("'")[0] if "'" in w and w not in STOP_WORDS else w
        if w and w not in STOP_WORDS and (len(w) > 1 or w.isdigit()):
            out.append(stem(w))
    return tuple(out)
