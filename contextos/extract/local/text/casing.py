"""Names typed in lower case, given back the capital the conversation writes them with.

People chatting on a phone or dictating seldom capitalise: "wendeline said no", "cosmo (hes 15)
wrote this", "moved billing off stripewell". The tagger and NER read such a name as a common noun
or a verb, so the statement loses its subject ("no one named before 'he'") or its fact text
its name. The same conversation usually writes the name properly somewhere — the assistant
echoes "Wendeline", the user capitalises it once — and that is the evidence used here.

:func:`names_written_capitalised` collects the words a conversation writes with a capital in
the middle of a sentence (so not a sentence's first word) that English does not know as a word
or that are common first names ("Wendeline", "Stripewell", "Carol", "Cosmo") — not "Safety" from
a title-cased heading, nor "Will" or "Summer", which as lower-case words are English and stay as
typed — and the names typed in lower case after a relation noun ("my aunt ottoline").
:func:`recase` gives a text's lower-case occurrences of those words their capital, a first name
that is also a word only where the words around it do not make it the word ("the bill"). It
keeps the text's length, so evidence offsets into the original turn hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from contextos.extract.local.text import lexicon as lx

__all__ = ["RELATION_LEAD", "RELATION_POSSESSIVES", "names_written_capitalised", "recase"]

#: A capitalised word in the middle of a sentence: after a lower-case word, a digit, a comma,
#: a semicolon, a colon or a closing bracket and one space, or after a title ("Dr. Okoye").
_MID_SENTENCE_CAPITAL = re.compile(
    # the look-ahead first: without it every position of a long assistant reply is tried
    # against the four look-behinds (four times slower over a conversation's turns)
    r"(?=[A-Z])"
    r"(?:(?<=[a-z0-9,;:)] )|(?<=\b[DM][rs]\. )|(?<=\bMrs\. )|(?<=\bProf\. ))[A-Z][^\W\d_A-Z]+\b"
)
_LOWER_WORD = re.compile(r"\b[^\W\d_A-Z]+\b")
#: Whose relation the word after it is a name of ("my aunt ottoline").
RELATION_POSSESSIVES = ("my", "our", "his", "her", "their")
#: A possessive and a relation noun, as written before a name ("my mom ", "her husband ").
RELATION_LEAD = (
    rf"\b(?:{'|'.join(RELATION_POSSESSIVES)})\s+(?:"
    + "|".join(sorted(map(re.escape, lx.RELATION_NOUNS), key=len, reverse=True))
    + r")\s+"
)
#: A name typed in lower case after a relation noun ("my aunt ottoline", "her husband florian").
_RELATION_THEN_NAME = re.compile(RELATION_LEAD + r"([^\W\d_A-Z]{2,})\b(?!['’]\w)")
#: Words before an English word that make it that word, not a name: an article, a possessive
#: or a pronoun ("the bill", "I hope", "to mark"); and after it ("mark it", "bill them").
_WORD_BEFORE = lx.words(
    "a an the this that my your his her our their i we you they to will would can"
)
_WORD_AFTER = lx.words("it the a an my your his her our their this that them me us up so")


def names_written_capitalised(
    texts: Iterable[str], is_english: Callable[[str], bool]
) -> dict[str, str]:
    """Lower-case form -> capitalised form of the words ``texts`` capitalise mid-sentence
    that ``is_english`` (given the lower-case word) does not know or that are common first
    names (``lexicon.NAMES_ALSO_WORDS``: "Carol", "Tyler"), and of those typed in lower case
    after a relation noun ("my aunt ottoline", "my cousin wendell")."""
    found: dict[str, str] = {}
    for text in texts:
        for m in _MID_SENTENCE_CAPITAL.finditer(text):
            word = m.group(0)
            low = word.lower()
            if low not in found and len(word) == len(low) and _a_name(low, is_english):
                found[low] = word
        for m in _RELATION_THEN_NAME.finditer(text.lower()):
            low = m.group(1)
            if low not in found and _a_name(low, is_english):
                found[low] = low.capitalize()
    return found


def _a_name(low: str, is_english: Callable[[str], bool]) -> bool:
    return low in lx.NAMES_ALSO_WORDS or not is_english(low)


def recase(text: str, names: Mapping[str, str]) -> str:
    """``text`` with each lower-case word that is a key of ``names`` written as its value;
    a name that is also an English word only where the words around it do not make it that
    word ("carol cant make it", not "the bill", "I hope", "mark it")."""
    if not names:
        return text

    def named(m: re.Match[str]) -> str:
        word = m.group(0)
        name = names.get(word)
        if name is None:
            return word
        if word in lx.NAMES_ALSO_WORDS and _used_as_word(text, m.start(), m.end()):
            return word
        return name

    return _LOWER_WORD.sub(named, text)


def _used_as_word(text: str, start: int, end: int) -> bool:
    """The word at ``text[start:end]`` is said as the English word: after an article, a
    possessive or a pronoun, before an object or a particle, or inside a contraction."""
    before = text[:start].rsplit(None, 1)  # the word before, not every word of the text
    after = text[end:].split(None, 1)
    if text[end : end + 1] in ("'", "’") and text[end + 1 : end + 2].isalpha():
        return text[end + 1 : end + 2].lower() != "s"  # "don't"; "carol's" is hers
    return (bool(before) and before[-1].lower() in _WORD_BEFORE) or (
        bool(after) and after[0].lower().strip(".,;:!?") in _WORD_AFTER
    )
