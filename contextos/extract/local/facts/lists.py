"""Lists inside the speaker's preference or possession become one fact per item.

"I like to hike, bake bread, and play chess" says three things; stored as one fact, a later "I
don't play chess anymore" could only supersede all three. The items are read from the surface
(commas, the final "and"/"or") when there is a comma, because the small parser often hangs list
items off the verb as xcomp / advcl / appos; otherwise from ``conj`` links in the parse. Bare
two-noun pairs ("rock and roll", "friends and family") stay one thing, and so does a list in
what someone else speaks, likes or has: it describes them.
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.clauses.subjects import SPEAKER_SUBJECTS, SUBJECT_DEPS
from contextos.extract.local.text import lexicon as lx

__all__ = ["list_variants"]


#: Words opening a part after a comma that contrast or narrow, not list ("X, not Y").
_NOT_ITEMS = frozenset(
    {"not", "but", "especially", "particularly", "mainly", "mostly", "including"}
)


def _conjuncts(first: Any) -> list[Any]:
    out = [first]
    k = 0
    while k < len(out):
        out.extend(c for c in out[k].children if c.dep_ == "conj")
        k += 1
    return sorted(out, key=lambda t: t.i)


def _comma_list(clause: Clause) -> list[list[Any]]:
    """Items of a comma-separated list after the clause's head verb, as token lists ([] when
    there is none): "like to code, listen to music, and drink tea" -> [to code], [listen to
    music], [drink tea]. Read from the surface because the small parser often hangs list items
    off the verb as xcomp / advcl / appos instead of conj."""
    head = clause.head
    after = [t for t in clause.tokens if t.i > head.i]
    depth = 0
    bracketed: set[int] = set()  # "3 kids (8, 5 and 2)": what is in brackets lists nothing
    for k, t in enumerate(after):
        depth += (t.text in "([") - (t.text in ")]")
        if depth > 0 or t.text in ")]":
            bracketed.add(k)
    commas = [k for k, t in enumerate(after) if t.text == "," and k not in bracketed]
    if not commas or any(t.dep_ in SUBJECT_DEPS for t in after):
        return []
    cuts: list[tuple[int, int]] = []  # (start of separator, start of next item) in ``after``
    for k in commas:
        nxt = k + 1
        if nxt < len(after) and after[nxt].lower_ in ("and", "or"):
            nxt += 1
        cuts.append((k, nxt))
    last = cuts[-1][1]
    if after[last - 1].text == ",":  # "A, B and C": the last "and" separates too
        conj = next(
            (
                k
                for k in range(last, len(after))
                if after[k].lower_ in ("and", "or") and k not in bracketed
            ),
            None,
        )
        if conj is not None:
            cuts.append((conj, conj + 1))
    items: list[list[Any]] = []
    start = 0
    for sep, nxt in cuts:
        items.append(after[start:sep])
        start = nxt
    items.append(after[start:])
    items = [it for it in items if it and not all(t.is_punct for t in it)]
    if any(it[0].lower_ in _NOT_ITEMS or it[0].pos_ in ("ADV", "ADP") for it in items[1:]):
        return []  # "in Go, not Python", "baking, especially sourdough", "..., currently at X"
    if all(_time_words(it) for it in items[1:]) and _time_words(items[0][-1:]):
        return []  # "classes on Monday, Wednesday and Friday nights": one time of the week
    if any(t.dep_ == "appos" and t.head.i < it[0].i for it in items[1:] for t in it):
        return []  # "we have a son, Eli": the son is Eli
    if any(it[0].tag_ in ("VBZ", "VBD") and it[0].head.i == head.i for it in items[1:]):
        return []  # "Edwin liked 3 of the 4, wants the fourth reshot": a second predicate
    return items if len(items) >= 2 else []


def _time_words(words: list[Any]) -> bool:
    """Whether ``words`` are all a date or time ("Friday nights")."""
    return all(t.ent_type_ in ("DATE", "TIME") or t.is_punct for t in words)


def _verb_part(item: list[Any]) -> list[Any]:
    """ "to make" of "to make jewelry", "to go" of "to go hiking", "to go to" of "to go to
    concerts": an item's words up to what its verb acts on (the whole item when nothing)."""
    for k, tok in enumerate(item[1:], start=1):
        if tok.pos_ in _OBJECT_START or (k > 1 and tok.tag_ == "VBG"):
            return item[:k]
    return item


def _opens_verb(item: list[Any]) -> bool:
    """A listed item that is a verb phrase of its own ("go to concerts", "party"), not an
    activity a shared verb takes ("hiking" after "go hiking")."""
    return item[0].pos_ in ("VERB", "AUX") and item[0].tag_ != "VBG"


_OBJECT_START = frozenset({"NOUN", "PROPN", "DET", "ADJ", "NUM", "PRON"})


def list_variants(clause: Clause) -> list[list[Any]]:
    """One token list per item when the speaker's preference or possession names a list ("I
    like to hike, read, and play chess" -> "I like to hike", "I like to read", "I like to play
    chess"); ``[clause.tokens]`` otherwise. Each liked thing is then its own fact, and a later
    "I don't like chess anymore" can supersede just that one. What someone else speaks or likes
    stays one description of them ("Casimir, 41, from Estonia, speaks Polish, German and
    Finnish"): split, it gave one near-copy of the whole sentence per item."""
    head = clause.head
    if (
        head.lemma_.lower() not in lx.LIST_SPLIT_VERBS
        or clause.subject_kind not in SPEAKER_SUBJECTS
    ):
        return [clause.tokens]
    items = _comma_list(clause)
    if items:
        before = [t for t in clause.tokens if t.i <= head.i]
        marker = items[0][0] if items[0][0].lower_ == "to" else None
        # "like to make jewelry, soaps, and candles": a noun item shares the first item's verb
        shared = _verb_part(items[0]) if marker is not None else []
        share = len(shared) < len(items[0]) and not any(_opens_verb(it) for it in items[1:])
        out = []
        for k, item in enumerate(items):
            lead: list[Any] = []
            if marker is not None and k and item[0].lower_ != "to":
                lead = shared if share else [marker]
            while item and (item[-1].is_punct or item[-1].pos_ == "CCONJ"):
                item = item[:-1]
            if item:
                out.append(before + lead + item)
        return out
    comp = next((c for c in head.children if c.dep_ in ("xcomp", "dobj")), None)
    if comp is None:
        return [clause.tokens]
    conjuncts = _conjuncts(comp)
    if len(conjuncts) < 2 or all(
        t.pos_ in ("NOUN", "PROPN")
        and not any(c.dep_ not in ("cc", "conj", "punct") for c in t.children)
        for t in conjuncts
    ):
        return [clause.tokens]  # "rock and roll", "friends and family": one thing
    own: dict[int, set[int]] = {}
    glue: set[int] = set()
    for item in conjuncts:
        sub = {t.i for t in item.subtree}
        for c in item.children:
            if c.dep_ == "conj":
                sub -= {t.i for t in c.subtree}
            elif c.dep_ in ("cc", "punct") and c.i > item.i:
                glue.add(c.i)
        own[item.i] = sub
    # "like to explore the sea and learn about fish": the first item's "to" is every item's
    marker = next((c for c in conjuncts[0].children if c.dep_ == "aux" and c.lower_ == "to"), None)
    if marker is not None:
        own[conjuncts[0].i].discard(marker.i)
    variants: list[list[Any]] = []
    for item in conjuncts:
        drop = set(glue)
        for other in conjuncts:
            if other.i != item.i:
                drop |= own[other.i]
        toks = [t for t in clause.tokens if t.i not in drop]
        if len(toks) > 1:
            variants.append(toks)
    return variants or [clause.tokens]
