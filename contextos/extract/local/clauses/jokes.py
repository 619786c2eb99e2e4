"""Whether a clause is not meant: a laugh or joke marker that goes with it ("lol", "😅", a
closing "ha"; a laugh at a mishap told is none), a relative clause that calls it untrue
("which is NOT true"), a feeling likened to something ("I feel like a zombie"), hyperbole
("going to sleep for a week"). Sarcasm is read in ``sarcasm.py``.
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.text import lexicon as lx

__all__ = [
    "called_untrue",
    "feeling_likened",
    "hyperbole",
    "joke_marker",
    "laugh_at_the_end",
    "tells_what_happened",
]


#: A laugh typed as a word, a joke marker only where it ends the sentence ("my wife's not the
#: one crawling in lofts ha"): elsewhere "ha" is also hectares ("40 ha of barley").
_LAUGHS = frozenset({"ha", "hah", "heh"})


def laugh_at_the_end(tok: Any) -> bool:
    if tok.lower_ not in _LAUGHS:
        return False
    sent = tok.sent  # costly (spaCy walks the doc for it): only for the rare laugh
    after = [t for t in sent[tok.i - sent.start + 1 :] if not t.is_punct]
    before = tok.doc[tok.i - 1] if tok.i > sent.start else None
    return not after and not (before is not None and before.like_num)


def joke_marker(toks: list[Any], heads: list[Any], markers: list[Any]) -> str:
    """The joke marker ("lol", "😅") that goes with the clause ``toks``: one with no other
    clause of the sentence between it and the clause. "I'm allergic to shellfish, so skip the
    paella lol" laughs at the request, not the allergy."""
    if not toks:
        return ""
    first, last = toks[0].i, toks[-1].i
    for m in markers:
        aside = _bracketed(m)
        if aside is not None and not aside[0] < first <= aside[1] and _says_something(aside, m):
            continue  # "in perth (scotland not australia lol)": a laugh at the aside only
        lo, hi = (last, m.i) if m.i > last else (m.i, first)
        if not any(lo < h.i < hi for h in heads):
            return m.text
    return ""


def called_untrue(toks: list[Any]) -> str:
    """The words of a relative clause that calls the statement untrue ("..., which is SO
    false", "which is a lie", "which is rubbish"), or "": what someone else claims about
    the speaker, denied in the same breath."""
    inside = {t.i for t in toks}
    for t in toks:
        if t.lower_ not in ("which", "that") or t.dep_ != "nsubj" or t.head.lemma_ != "be":
            continue
        be = t.head
        if be.dep_ != "relcl" or be.i not in inside:
            continue
        negated = any(n.dep_ == "neg" for n in be.children)
        for c in be.children:
            if c.dep_ not in ("acomp", "attr"):
                continue
            if (c.lower_ == "true" and negated) or (c.lower_ in lx.FALSEHOOD_WORDS and not negated):
                return be.doc[t.i : c.i + 1].text
    return ""


def feeling_likened(toks: list[Any]) -> str:
    """The words of a "feel like a <noun>" in the clause ``toks`` ("I felt like a robot",
    "I feel like a zombie today"), or "": a figure of speech for a passing state, not what
    the speaker is."""
    for t in toks:
        if t.lemma_.lower() != "feel" or t.pos_ != "VERB":
            continue
        for prep in t.children:
            if prep.dep_ != "prep" or prep.lower_ != "like":
                continue
            for noun in prep.children:
                if noun.dep_ == "pobj" and any(
                    d.dep_ == "det" and d.lower_ in ("a", "an") for d in noun.children
                ):
                    return t.doc[t.i : noun.i + 1].text
    return ""


def hyperbole(toks: list[Any]) -> str:
    """The exaggeration the clause ``toks`` is said with, or "": a set phrase ("guard the
    repo with my life") or a bodily need stretched over days ("going to sleep for a week",
    "would rather eat noodles for a year than ...")."""
    if not toks:
        return ""
    low = " " + " ".join(t.lower_ for t in toks) + " "
    for phrase in lx.HYPERBOLE_PHRASES:
        if f" {phrase} " in low:
            return phrase
    doc = toks[0].doc
    for t in toks:
        if t.lemma_.lower() not in lx.BODILY_VERBS or t.pos_ != "VERB":
            continue
        start = t.i + 1
        if any(c.dep_ == "advmod" and c.lower_ == "rather" for c in t.children):
            # "would rather eat instant noodles for a year than ...": the span may follow an object
            start = next((c.i for c in t.rights if c.dep_ == "prep" and c.lower_ == "for"), start)
        after = doc[start : start + 4]  # "for a week", "for 3 whole days" (however parsed)
        if len(after) < 2 or after[0].lower_ != "for":
            continue
        for k, w in enumerate(after[1:], start=1):
            if w.lower_ in lx.LONG_SPANS:
                return f"{t.text} {after[: k + 1].text}"
            if not (w.like_num or w.pos_ in ("DET", "ADJ")):
                break
    return ""


def _bracketed(tok: Any) -> tuple[int, int] | None:
    """The indices of the brackets ``tok`` stands between in its sentence, or None."""
    sent = tok.sent
    opening = next((t.i for t in reversed(sent[: tok.i - sent.start]) if t.text in "()"), None)
    closing = next((t.i for t in sent[tok.i - sent.start + 1 :] if t.text in "()"), None)
    if opening is None or closing is None:
        return None
    if tok.doc[opening].text != "(" or tok.doc[closing].text != ")":
        return None
    return opening, closing


#: Words of an aside that only says the sentence is (not) meant ("(no really lol)", "(jk)").
_JOKE_ASIDE_WORDS = frozenset("no not really just kidding joking seriously".split())


def _says_something(aside: tuple[int, int], marker: Any) -> bool:
    """The bracketed ``aside`` has words of its own besides the ``marker`` ("scotland not
    australia lol", "finally lol"), not only a comment on whether it is meant ("no really lol")."""
    inside = marker.doc[aside[0] + 1 : aside[1]]
    return any(
        t.i != marker.i
        and not t.is_punct
        and t.lower_ not in lx.JOKE_MARKERS
        and t.lower_ not in _JOKE_ASIDE_WORDS
        for t in inside
    )


def tells_what_happened(head: Any) -> bool:
    """A past event told plainly ("I lost my keys again lol", "flew back on the 3rd as
    booked lol"): a laugh there is at a mishap, not a sign the statement is a joke, which
    in chat is a plan or claim no one means ("I'm moving to a lighthouse lol")."""
    if head.tag_ == "VBD" and head.lemma_ != "be":
        return not any(c.dep_ == "aux" for c in head.children)
    return (
        head.tag_ == "VBN"
        and any(c.dep_ == "aux" and c.lemma_ == "have" and c.tag_ != "MD" for c in head.children)
        and not any(c.tag_ == "MD" for c in head.children)
    )
