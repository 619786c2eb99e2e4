"""What the model's lemmatizer knows: its WordNet index of nouns, verbs, adjectives and
adverbs (the dictionary of English words) and its table of irregular forms ("children",
"went"), read once per loaded pipeline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = [
    "dictionary_words",
    "irregular_forms",
    "irregular_past_forms",
    "lemma_table",
    "lemma_words",
]


def lemma_table(nlp: Any, name: str) -> Any | None:
    """The lemmatizer's lookup table ``name`` ("lemma_index", "lemma_exc"), if the model has it."""
    if "lemmatizer" not in nlp.pipe_names:
        return None
    lookups = getattr(nlp.get_pipe("lemmatizer"), "lookups", None)
    if lookups is None or name not in lookups.tables:
        return None
    return lookups.get_table(name)


def dictionary_words(nlp: Any) -> frozenset[str]:
    """The English words the model's lemmatizer knows (its WordNet index of nouns, verbs,
    adjectives and adverbs); empty when the model has no such table."""
    return frozenset().union(*(lemma_words(nlp, pos) for pos in ("noun", "verb", "adj", "adv")))


def irregular_forms(nlp: Any) -> Callable[[str], bool]:
    """Says whether a word is an irregular form the lemmatizer lists ("children", "went")."""
    exceptions = lemma_table(nlp, "lemma_exc")
    if exceptions is None:
        return lambda word: False
    tables = [exceptions.get(pos, {}) for pos in ("noun", "verb", "adj", "adv")]
    return lambda word: any(word in table for table in tables)


def lemma_words(nlp: Any, pos: str) -> frozenset[str]:
    """The words the lemmatizer knows as ``pos`` ("adj", "noun", ...); empty without them."""
    index = lemma_table(nlp, "lemma_index")
    return frozenset(index.get(pos, ())) if index is not None else frozenset()


def irregular_past_forms(nlp: Any) -> frozenset[str]:
    """Irregular past forms of verbs that are no verb's base form ("ran", "went", "took"; not
    "saw" or "found"), from the model's lemmatizer exceptions; empty without them."""
    exc, index = lemma_table(nlp, "lemma_exc"), lemma_table(nlp, "lemma_index")
    if exc is None or index is None:
        return frozenset()
    exceptions = exc.get("verb", {})
    bases = set(index.get("verb", ()))
    return frozenset(
        form
        for form, lemmas in exceptions.items()
        if form not in lemmas and form not in bases and not form.endswith("ing")
    )
