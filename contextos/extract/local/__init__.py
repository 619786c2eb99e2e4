"""The local extractor: spaCy parse + rules as data + MiniLM prototypes, no key, no network.

Everything under this package is private to it; the rest of contextos reads only
:class:`LocalExtractor` (through ``contextos.extract``). Its sub-packages follow the import
order, each importing only from those listed before it:

* ``text``: the words and their parse: rule tables (``lexicon``), the shared spaCy pipeline
  (``nlp``), segmentation before parsing, casing, language, names;
* ``dates``: relative dates resolved against the turn's timestamp;
* ``clauses``: one sentence's clauses: their subject, modality, requests, opinions, jokes, and
  whether each is a statement (``statements``), and a clause written as third-person fact text
  (``render``);
* ``conversation``: what the turns around a clause and the user's earlier conversations say:
  who speaks when, people and their names, what pronouns and answers refer to, the discourse so
  far, patterns, retractions, the carry-over;
* ``facts``: a turn's parsed pieces made candidate facts: fact texts, categories, durability,
  entities, lists, phrase facts;
* ``extractor``: :class:`LocalExtractor`, which runs them.
"""

from contextos.extract.local.extractor import LocalExtractor

__all__ = ["LocalExtractor"]
