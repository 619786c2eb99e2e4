"""Names typed in lower case, given back the capital the conversation writes them with.

People chatting on a phone or dictating seldom capitalise: "bev said no", "tyler (hes 16)
typed this", "moved hosting off vercel". The tagger and NER read such a name as a common noun
or a verb, so the statement loses its subject ("no one named before 'he'") or its fact text
its name. The same conversation usually writes the name properly somewhere — the assistant
echoes "Bev", the user capitalises it once — and that is the evidence used here.

:func:`names_written_capitalised` collects the words a conversation writes with a capital in
the middle of a sentence (so not a sentence's first word) that English does not know as a word:
"Bev", "Tyler", "Supabase" — not "Safety" from a title-cased heading, nor "Will" or "Carol",
which as lower-case words are English and stay as typed. :func:`recase` gives a text's
lower-case occurrences of those words their capital. It keeps the text's length, so evidence
offsets into the original turn hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

__all__ = ["names_written_capitalised", "recase"]

#: A capitalised word in the middle of a sentence: after a lower-case word, a digit, a comma,
#: a semicolon, a colon or a closing bracket and one space, or after a title ("Dr. Okoye").
_MID_SENTENCE_CAPITAL = re.compile(
    r"(?:(?<=[a-z0-9,;:)] )|(?<=\b[DM][rs]\. )|(?<=\bMrs\. )|(?<=\bProf\. ))[A-Z][^\W\d_A-Z]+\b"
)
_LOWER_WORD = re.compile(r"\b[^\W\d_A-Z]+\b")


def names_written_capitalised(
    texts: Iterable[str], is_english: Callable[[str], bool]
) -> dict[str, str]:
    """Lower-case form -> capitalised form of the words ``texts`` capitalise mid-sentence and
    ``is_english`` (given the lower-case word) does not know."""
    found: dict[str, str] = {}
    for text in texts:
        for m in _MID_SENTENCE_CAPITAL.finditer(text):
            word = m.group(0)
            low = word.lower()
            if low not in found and len(word) == len(low) and not is_english(low):
                found[low] = word
    return found


def recase(text: str, names: Mapping[str, str]) -> str:
    """``text`` with each lower-case word that is a key of ``names`` written as its value."""
    if not names:
        return text
    return _LOWER_WORD.sub(lambda m: names.get(m.group(0), m.group(0)), text)
