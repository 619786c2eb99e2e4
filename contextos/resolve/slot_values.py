"""The values a clause states (``resolve/slots.py``).

A **value** is a word that fills a slot: a proper noun (a person, place, organisation, month,
day), a number or an amount (any token with a digit: "900", "$6.2k", "Q3", "4th"). Masking
turns the slot's entity into ``X``, other proper nouns into ``Y`` and numbers into ``N``, so
two statements of one attribute with different values read alike.

A value the clause says was replaced ("350ms, not **900**") is not one it holds: see
``resolve/slot_cues.py``.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["clause_words", "mask", "value_kind", "word_forms"]

_CURRENCY = "$\u20ac\u00a3\u00a5"
_DIGITS = re.compile(r"\d[\d.,]*")


def value_kind(token: Any, entity_words: set[str]) -> str | None:
    """``X`` (a word of the slot's entity), ``Y`` (a proper noun), ``N`` (a number, an amount,
    any word with a digit) or None."""
    text = token.text
    if text.casefold() in entity_words:
        return "X"
    if token.tag_ in ("CD", "$") or text[:1] in _CURRENCY or any(ch.isdigit() for ch in text):
        return "N"
    if token.pos_ == "PROPN":
        return "Y"
    return None


def mask(
    tokens: Any, entity: str, keep: frozenset[str] = frozenset()
) -> tuple[str, frozenset[str]]:
    """The text of ``tokens`` (a doc or span) with its values masked (``X`` the entity, ``Y``
    proper nouns, ``N`` numbers and amounts; a run of one kind is one placeholder), and the
    masked values. Words in ``keep`` (a thing's own name: "the Onboarding revamp") are left
    as they are, in lower case."""
    entity_words = {w.casefold() for w in entity.split()}
    out: list[str] = []
    values: list[str] = []
    prev: str | None = None
    for t in tokens:
        if t.lower_ in keep:
            out.append(t.lower_ + t.whitespace_)
            prev = None
            continue
        kind = value_kind(t, entity_words)
        if kind is None:
            out.append(t.text_with_ws)
            prev = None
            continue
        if kind == prev and kind != "X":
            values[-1] += " " + t.lower_
            out[-1] = kind + t.whitespace_
            continue
        out.append(kind + t.whitespace_)
        if kind != "X":
            values.append(t.lower_)
        prev = kind
    return "".join(out).strip(), frozenset(values)


def word_forms(token: Any) -> set[str]:
    """A token's forms compared between clauses: its lower text, its lemma, and for a word
    with digits the number in it ("900ms" -> "900")."""
    forms = {token.lower_, token.lemma_.lower()}
    forms.update(m.group().rstrip(".,") for m in _DIGITS.finditer(token.text))
    return forms


def clause_words(tokens: Any) -> frozenset[str]:
    """Every form of every word of a clause (:func:`word_forms`), punctuation left out."""
    out: set[str] = set()
    for t in tokens:
        if not t.is_punct:
            out |= word_forms(t)
    return frozenset(out)
