"""How the pipeline reads text into tokens before the tagger sees it: chat shorthand read as the
word it stands for ("bc" as "because"), a dotted name from code and an inline code span kept
whole, a "wed" the tokenizer split kept the weekday, an "its" typed for "it's" split in two,
and a word typed without its final "g" marked ("mornin", "doin").
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.local.text.lexicon import DAY_NAMES, DAY_SHORTHAND, PARSE_NORMS
from contextos.extract.local.text.nlp.lemma_tables import dictionary_words, lemma_table

__all__ = [
    "DROPPED_G",
    "INLINE_CODE",
    "ITS",
    "WEDNESDAY",
    "doc_text",
    "keep_dotted_names",
    "read_shorthand",
    "register_dropped_g",
    "register_retokenizers",
]


#: A dotted name from code ("sqlalchemy.exc.OperationalError", "React.Component"): one token,
#: not a sentence end before the capital. A lower-case word and one dot ("it.Then") is a
#: missing space, not code. The model has no token_match of its own.
_DOTTED_NAME = re.compile(
    r"^(?:[A-Za-z_]\w*\.[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*|[A-Z_]\w*|\w*[\d_]\w*)\.[A-Z]\w*[a-z]\w*$"
)


#: Where :func:`doc_text` keeps a doc's text.
_TEXT_KEY = "contextos.text"


def doc_text(doc: Any) -> str:
    """``doc.text``, joined from the tokens once per doc: spaCy joins every token's text again
    at each ``doc.text``, and the components and checks below ask for it a dozen times a doc
    (a tenth of the rule layer's time over a long export). Retokenizing keeps the text (a
    merged or split token's text is its parts'), so the first join holds for the doc's life."""
    data = getattr(doc, "user_data", None)  # a Span has none: its text is joined each time
    if data is None:
        return str(doc.text)
    text = data.get(_TEXT_KEY)
    if text is None:
        text = data[_TEXT_KEY] = doc.text
    return str(text)


INLINE_CODE = "contextos_inline_code"
_CODE_SPAN = re.compile(r"`[^`\n]+`")


def _merge_inline_code(doc: Any) -> Any:
    """Make each inline code span (`` `...` `` on one line) one token, so an error message or
    a command inside it is a name in the sentence, not words the parser reads ("could not
    connect" in a pasted error is no hypothetical)."""
    text = doc_text(doc)
    if "`" not in text:
        return doc
    with doc.retokenize() as retokenizer:
        for m in _CODE_SPAN.finditer(text):
            span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
            if span is not None and len(span) > 1:
                retokenizer.merge(span)
    return doc


WEDNESDAY = "contextos_wednesday"
#: Words before a weekday that make a following "wed" the day ("on wed", "every wed").
_BEFORE_A_DAY = frozenset({"on", "every", "next", "last", "this", "till", "until", "by"})


_WED_WORD = re.compile(r"\bwed\b", re.IGNORECASE)


def _join_wednesday(doc: Any) -> Any:
    """Make a "wed" the tokenizer split into "we" + "d" (as if "we'd") one token, the day,
    when it stands among other weekdays, after "on"/"every"/... or at the end of a clause
    (where no "we'd" stands): "mon wed fri 9am" had become "mon Walt'd fri" in fact text.
    "wed love to come" stays "we'd"."""
    if not _WED_WORD.search(doc_text(doc)):
        return doc
    spans = []
    for tok in doc[:-1]:
        nxt = doc[tok.i + 1]
        if tok.lower_ != "we" or nxt.lower_ != "d" or tok.whitespace_:
            continue
        around = [doc[k].lower_ for k in (tok.i - 1, tok.i + 2) if 0 <= k < len(doc)]
        ends = tok.i + 2 == len(doc) or doc[tok.i + 2].is_punct  # "lessons resume wed."
        if ends or any(w in DAY_SHORTHAND or w in DAY_NAMES or w in _BEFORE_A_DAY for w in around):
            spans.append(doc[tok.i : tok.i + 2])
    if spans:
        with doc.retokenize() as retokenizer:
            for span in spans:
                retokenizer.merge(span, attrs={"NORM": "wednesday"})
    return doc


ITS = "contextos_its"
#: Words that cannot follow the possessive "its" but do follow "it's" ("its a mess", "its not
#: ok", "its cos he's out skating"): after them a typed "its" is "it's".
_AFTER_IT_IS = frozenset(
    """a an the my your our their his her not been so just really cos because ok okay gonna
    all too never always already""".split()
)


_ITS_WORD = re.compile(r"\bits\b", re.IGNORECASE)


def _split_its(doc: Any) -> Any:
    """Read an "its" typed for "it's" (phone typing, dictation) as "it" + "'s" where a
    possessive cannot stand (:data:`_AFTER_IT_IS`): "his mum reckons its cos he's out skating"
    had the possessive as the object of "reckons", so no one's opinion was seen. The parts
    keep the typed text ("it", "s"); only their norms say "it is"."""
    if not _ITS_WORD.search(doc_text(doc)):
        return doc
    found = [
        tok
        for tok in doc[:-1]
        if tok.lower_ == "its" and tok.whitespace_ and doc[tok.i + 1].lower_ in _AFTER_IT_IS
    ]
    if found:
        with doc.retokenize() as retokenizer:
            for tok in found:
                first = tok.text[:2]
                retokenizer.split(
                    tok,
                    [first, tok.text[2:]],
                    heads=[(tok, 1), (tok, 1)],
                    attrs={"NORM": ["it", "'s"]},
                )
    return doc


def register_retokenizers() -> None:
    from spacy.language import Language

    if not Language.has_factory(INLINE_CODE):
        Language.component(INLINE_CODE, func=_merge_inline_code)
    if not Language.has_factory(WEDNESDAY):
        Language.component(WEDNESDAY, func=_join_wednesday)
    if not Language.has_factory(ITS):
        Language.component(ITS, func=_split_its)


DROPPED_G = "contextos_dropped_g"


class _DroppedG:
    """Marks a word typed without its final "g" (``Token._.dropped_g``), for fact text to write
    it in full: a word the dictionary does not know that is a known word with the "g"
    ("mornin", "nothin": ``"word"``), or whose stem is a verb it knows ("doin", "learnin",
    "runnin": ``"verb"``; "begin", "cabin" and "Turin" are neither). The parse is left alone:
    the tagger reads word endings, so a new norm would not change it."""

    def __init__(self, words: frozenset[str], verbs: frozenset[str]) -> None:
        self.words, self.verbs = words, verbs

    def __call__(self, doc: Any) -> Any:
        if not self.verbs:
            return doc
        for tok in doc:
            low = tok.lower_
            if len(low) < 4 or not low.endswith("in") or not tok.text[:1].islower():
                continue
            if low in self.words or not low.isalpha():
                continue
            stem = low[:-2]
            doubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""
            if low + "g" in self.words:
                tok._.dropped_g = "word"
            elif stem in self.verbs or stem + "e" in self.verbs or doubled in self.verbs:
                tok._.dropped_g = "verb"
        return doc


def register_dropped_g() -> None:
    from spacy.language import Language
    from spacy.tokens import Token

    if not Token.has_extension("dropped_g"):
        Token.set_extension("dropped_g", default="")
    if not Language.has_factory(DROPPED_G):

        def make(nlp: Any, name: str) -> _DroppedG:
            index = lemma_table(nlp, "lemma_index")
            verbs = frozenset(index.get("verb", ())) if index is not None else frozenset()
            return _DroppedG(dictionary_words(nlp), verbs)

        Language.factory(DROPPED_G, func=make)


def keep_dotted_names(nlp: Any) -> None:
    """Make the tokenizer keep a dotted name from code whole (see ``_DOTTED_NAME``)."""
    nlp.tokenizer.token_match = _DOTTED_NAME.match


def read_shorthand(nlp: Any) -> None:
    """Make the parser read chat shorthand as the word it stands for ("bc" as "because"):
    tokenizer special cases that keep the text and set the norm the model's features use."""
    from spacy.attrs import NORM, ORTH

    for short, full in PARSE_NORMS.items():
        forms = {short} if len(short) == 1 else {short, short.capitalize(), short.upper()}
        for form in forms:
            nlp.tokenizer.add_special_case(form, [{ORTH: form, NORM: full}])
