"""Verb labels: "Decided: Quillhost, not Fly.", "Booked: flights to Oaxaca for Oct 28."

Terse status notes put the verb first, as a label with a colon. The tagger reads the label as a
noun ("Booked/NN"), so the fact became "Booked is flights to Oaxaca" — a label is-statement,
the speaker's act lost. :func:`read_as_verbs` gives the parser the label in lower case and its
colon as a space ("booked  flights to Oaxaca"), which it reads as the subjectless past of chat
the extractor already knows ("Dana booked flights to Oaxaca"; capitalised, the small model
reads "Booked flights" as flights that are booked). The text keeps its length, so evidence
offsets hold.

A verb label opens the text or a sentence, is one capitalised word ending in "-ed" that
English knows as a word (a regular past: "Booked", "Decided", "Shipped", "Fixed"), and is
followed by a colon and a space. Words in "-eed" ("Need:", "Speed:") and adjectives that head
topic labels ("Related:", "Detailed:") are not verbs here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["read_as_verbs"]

_VERB_LABEL = re.compile(r"(?:^|(?<=[.!?]\s)|(?<=\n))\W{0,3}([A-Z][a-z]+[a-df-z]ed):(?=\s)")
#: "-ed" words that label a topic rather than say what the speaker did.
_TOPIC_ADJECTIVES = frozenset(
    "related unrelated detailed advanced sacred wicked naked beloved rugged crooked "
    "blessed cursed dogged ragged".split()
)


def read_as_verbs(text: str, is_english: Callable[[str], bool]) -> str:
    """``text`` with each verb label in lower case and its colon read as a space."""
    if ":" not in text:
        return text
    out = text
    for m in _VERB_LABEL.finditer(text):
        word = m.group(1).lower()
        if word in _TOPIC_ADJECTIVES or not is_english(word):
            continue
        start, colon = m.start(1), m.end(1)
        out = out[:start] + out[start].lower() + out[start + 1 : colon] + " " + out[colon + 1 :]
    return out
