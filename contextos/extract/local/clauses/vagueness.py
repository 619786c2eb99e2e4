"""Whether a clause names anything: its content words, and what leaves it vague though it has
a subject: only a pronoun for what it is about ("Oswin didn't sign that"), a "this" that a
colon introduces, a "so" or a bare auxiliary standing for what was said ("I'm hoping so", "yes
we do"), a verb of talking with nothing said ("Florian told Maelis"), "people" in general.
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.dates import date_spans
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.nlp import doc_text

__all__ = [
    "acronym",
    "bare_exchange",
    "content_tokens",
    "described",
    "elliptical",
    "filler_phrase_tokens",
    "in_spans",
    "only_pronoun_object",
    "people_in_general",
    "points_ahead",
    "says_so",
    "stated_state",
]


_CONTENT_POS = frozenset({"NOUN", "PROPN", "NUM", "ADJ", "VERB"})


def content_tokens(tokens: list[Any], exclude: Any = None) -> list[Any]:
    return [
        t
        for t in tokens
        if (
            t.pos_ in _CONTENT_POS
            and (not t.is_stop or _capitalised_name(t))
            or t.lower_ in _STOP_WORDS_OF_CONTENT
            or acronym(t)
        )
        and (exclude is None or t.i != exclude.i)
    ]


#: Stop words of the parser's list that still say how someone lives ("he lives alone").
_STOP_WORDS_OF_CONTENT = frozenset({"alone"})


def _capitalised_name(tok: Any) -> bool:
    """A proper noun written with its capital that is also a stop word ("we ship in May")."""
    return tok.pos_ == "PROPN" and tok.text[:1].isupper() and not tok.is_sent_start


def acronym(tok: Any) -> bool:
    """ "IT", "HR", "QA": capitals the tagger may read as a pronoun or a stop word."""
    return len(tok.text) >= 2 and tok.text.isupper() and tok.text.isalpha()


def _subject_tokens(subject: Any | None) -> set[int]:
    """Indices of the subject's phrase, which the object checks below look past."""
    return {t.i for t in subject.subtree} if subject is not None else set()


def points_ahead(toks: list[Any]) -> str | None:
    """The "this" of "a supplier sent this to my school address, can you summarise it:" (or
    of "this email"), in a sentence ending with a colon: what it introduces, which is not part
    of the clause."""
    for t in toks:
        if t.dep_ not in ("dobj", "nsubj", "nsubjpass", "pobj"):
            continue
        if t.lower_ in ("this", "these", "following"):
            return t.lower_
        det = next((c for c in t.children if c.dep_ == "det"), None)
        if det is not None and det.lower_ in ("this", "these", "following"):
            return f"{det.text} {t.text}"
    return None


def only_pronoun_object(toks: list[Any], subject: Any | None) -> str | None:
    """The pronoun a clause is about when nothing else in it names anything: "Oswin didn't
    sign that", "Delphine wants it done by Monday" (the subject and time words aside)."""
    pronoun = next(
        (
            t
            for t in toks
            if t.lower_ in lx.VAGUE_OBJECTS
            and not (t.tag_ == "WDT" and t.head.dep_ == "relcl")  # "the report that he sent"
            and not acronym(t)  # "I work in IT": the department, not the pronoun
            and not described(t)  # "sweet things", "old stuff"
            and t.dep_ in ("dobj", "pobj", "nsubj", "nsubjpass")
            and (subject is None or t.i != subject.i)
        ),
        None,
    )
    if pronoun is None:
        return None
    own = _subject_tokens(subject)
    dated = date_spans(doc_text(pronoun.doc))
    for t in toks:
        if t.i in own or t.lower_ in lx.VAGUE_OBJECTS:
            continue
        if t.lower_ in lx.TIME_NOUNS or t.lemma_.lower() in lx.TIME_NOUNS or t.lower_ == "home":
            continue  # "sorted it that evening once I was back", "been driving it for ages"
        if in_spans(t, dated):
            continue  # "wants it done by May 31": when, not what
        if t.pos_ in ("NOUN", "PROPN", "NUM") or t.like_num:
            return None
    return str(pronoun.lower_)


def says_so(head: Any) -> bool:
    """ "I'm hoping so too", "I'm afraid so": a verb of thinking or saying whose "so" stands
    for what the other person said."""
    nxt = head.doc[head.i + 1] if head.i + 1 < len(head.doc) else None
    return (
        nxt is not None
        and nxt.lower_ == "so"
        and (head.lemma_.lower() in lx.SO_VERBS or head.lower_ in lx.SO_VERBS)
    )


def in_spans(tok: Any, spans: list[tuple[int, int]]) -> bool:
    """Whether ``tok`` starts inside one of the character ``spans`` (date phrases)."""
    return any(a <= tok.idx < b for a, b in spans)


def people_in_general(tok: Any) -> bool:
    """ "people", "most folks", "everyone": no one in particular ("the people at work", "my
    people", "people who run" say who)."""
    if tok.lower_ not in lx.GENERIC_PEOPLE:
        return False
    return all(
        c.dep_ not in ("poss", "prep", "relcl", "acl", "compound", "amod", "det")
        or c.lower_ in lx.GENERIC_QUANTIFIERS
        for c in tok.children
    )


def described(tok: Any) -> bool:
    """ "thing(s)"/"stuff" with a word that says what kind ("sweet things", "the bank
    thing") or a verb that does ("building things"); "new things", "doing those things" say
    nothing."""
    if tok.lower_ not in ("thing", "things", "stuff"):
        return False
    if any(
        c.dep_ in ("amod", "compound") and c.lower_ not in lx.EMPTY_ADJECTIVES for c in tok.children
    ):
        return True
    head = tok.head
    return (
        tok.dep_ == "dobj"
        and head.pos_ == "VERB"
        and head.lemma_.lower() not in lx.LIGHT_VERBS
        and not any(c.lower_ in lx.VAGUE_OBJECTS for c in tok.children)  # "those things"
    )


def filler_phrase_tokens(tokens: list[Any]) -> set[int]:
    """Token indices of filler phrases ("by the way", "for the record") in ``tokens``."""
    out: set[int] = set()
    lows = [t.lower_ for t in tokens]
    for phrase in lx.FILLER_PHRASES:
        n = len(phrase)
        for k in range(len(lows) - n + 1):
            if tuple(lows[k : k + n]) == phrase:
                out.update(t.i for t in tokens[k : k + n])
    return out


def bare_exchange(toks: list[Any], head: Any, subject: Any | None) -> bool:
    """A verb of talking or agreeing with nothing said: "Florian told Maelis", "Delphine doesn't
    agree", "Hortense rang me yesterday" (people, pronouns and time words only)."""
    if head.lemma_.lower() not in lx.EXCHANGE_VERBS:
        return False
    own = _subject_tokens(subject)
    own |= filler_phrase_tokens(toks)
    for t in toks:
        if t.i in own or t.i == head.i or t.lower_ in lx.TIME_NOUNS:
            continue
        if t.ent_type_ in ("PERSON", "DATE", "TIME"):
            continue
        if t.pos_ in ("NOUN", "NUM", "VERB") or t.like_num:
            return False
        if t.pos_ == "PROPN" and (
            t.dep_ not in ("dobj", "dative", "pobj", "compound")
            or t.ent_type_ in ("NORP", "LANGUAGE")  # "I speak fluent Portuguese"
            or any(c.dep_ == "amod" for c in t.children)
        ):
            return False
        if t.dep_ in ("ccomp", "xcomp", "acomp", "attr"):
            return False
        if t.pos_ == "ADJ" and t.dep_ in ("dobj", "pobj"):
            return False  # an adjective said as a noun: "sent in the complete" (set)
    return True


def elliptical(head: Any) -> bool:
    """ "numpy and pandas are", "yes we do": an auxiliary standing for a verb phrase said
    before, nothing after it."""
    return (
        head.pos_ == "AUX"
        and head.dep_ == "ROOT"
        and not any(c.i > head.i and not c.is_punct for c in head.children)
    )


def stated_state(head: Any, kind: str) -> bool:
    """A clause about the speaker whose head alone says something lasting: a participle
    predicate ("I am homeschooled", "I do bodybuilding") or a like or dislike of a state
    ("I hate being still")."""
    if kind != "self":
        return False
    if head.lemma_.lower() in lx.PREFERENCE_VERBS:
        return any(
            c.dep_ == "xcomp" and any(g.dep_ in ("acomp", "advmod", "attr") for g in c.children)
            for c in head.children
        )
    if any(c.dep_ in ("dobj", "neg") for c in head.children):
        return False  # "I haven't approved anything": about something left unsaid
    return (
        head.tag_ in ("VBN", "VBG")
        and not head.is_stop
        and head.lemma_.lower() not in lx.GENERIC_PREDICATES
        and head.lower_ not in lx.GENERIC_PREDICATES
    )
