"""What a fact says about whom, read from its parse: (entity, field, value).

An entity's state (``state.py``) and a brief say "Priya's manager went from Greg to Sandra",
not "a new fact was stored". The three parts come from the dependency parse of the fact text
(the spaCy model validation parses with), by the shape of the clause:

* a copula with a possessive — "Sandra is Priya's manager" / "Priya's manager is Sandra":
  the possessor is the entity, the possessed noun the field, the other side the value;
* a copula without one — "the audit is closed", "Priya is a senior analyst": the subject is
  the entity; an adjective or participle complement is its ``status``, a noun its ``role``;
* any other verb — "Priya moved the tracking into AuditBoard": the subject is the entity, the
  verb (with its particle) the field, its object (or the object of its first preposition, or
  its clausal complement) the value.

For two facts where the newer replaced the older (:func:`compare`), the value is the part of
each text the other does not share, and the field the word that governs the new part.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from contextos.validate.standalone import parse_texts

__all__ = ["Reading", "compare", "read", "read_clauses", "read_texts"]

_SUBJECT = frozenset({"nsubj", "nsubjpass"})
_COMPLEMENT = frozenset({"attr", "acomp", "oprd"})
_OBJECT = frozenset({"dobj", "obj"})
_CLAUSE = frozenset({"xcomp", "ccomp"})
_PRONOUN_TAGS = frozenset({"PRP", "PRP$"})
#: a value is cut at the first of these: what follows is another clause
_CLAUSE_BREAK = frozenset({";", ":", "(", "—", "–"})


@dataclass(frozen=True)
class Reading:
    """What one fact text says: ``field`` of ``entity`` is ``value`` (any part may be None).
    ``slot`` is True for a copula naming an attribute ("X's manager is Y", "X is blocked",
    "X is a nurse"): one value at a time, so an earlier different value is what it replaced;
    a verb's object ("likes jazz") may be one of many."""

    entity: str | None
    field: str | None
    value: str | None
    slot: bool = False
    #: the value it had before, when the clause says both ("switched from A to B")
    before: str | None = None
    #: the clause puts a value right against another ("March 19, not March 17")
    corrects: bool = False


def _span(tok: Any) -> str:
    """The words under ``tok``, up to a clause break, without a leading determiner."""
    doc = tok.doc
    start, end = tok.left_edge.i, tok.right_edge.i + 1
    while start < end and doc[start].dep_ == "det":
        start += 1
    for i in range(tok.i, end):
        if doc[i].text in _CLAUSE_BREAK:
            end = i
            break
    return doc[start:end].text.strip(" ,.")


def _named(tok: Any | None) -> str | None:
    """The entity a subject or possessor names, or None for a pronoun (the fact's subject
    stands in)."""
    if tok is None or tok.tag_ in _PRONOUN_TAGS:
        return None
    head = tok
    # "Priya's final report": the entity of a possessed noun's clause is the possessor
    doc = tok.doc
    start = head.left_edge.i
    while start <= head.i and doc[start].dep_ in ("det", "poss", "case", "amod"):
        start += 1
    words = doc[start : head.i + 1].text.strip()
    return words or None


def _child(tok: Any, deps: frozenset[str]) -> Any | None:
    return next((c for c in tok.children if c.dep_ in deps), None)


def _possessor(tok: Any | None) -> Any | None:
    if tok is None:
        return None
    return next((c for c in tok.children if c.dep_ == "poss" and c.tag_ not in _PRONOUN_TAGS), None)


def _possessor_name(p: Any) -> str:
    return p.doc[p.left_edge.i : p.i + 1].text.strip()


def _attribute(noun: Any) -> tuple[str | None, str]:
    """A common noun's phrase read as an attribute: the proper nouns compounded into it are
    the entity, the rest the field ("the new Autopay beta date" -> Autopay, "beta date")."""
    mods = [c for c in noun.children if c.dep_ == "compound" and c.i < noun.i]
    names = [c for c in mods if c.pos_ == "PROPN" or c.text[:1].isupper()]
    field = " ".join([*(c.lower_ for c in mods if c not in names), noun.lemma_.lower()])
    entity = " ".join(c.text for c in names) if names else None
    return entity, field


def _prep_object(tok: Any, preps: frozenset[str], depth: int = 2) -> Any | None:
    """The object of the first of ``preps`` under ``tok`` (or under its objects and their
    prepositions, ``depth`` levels down: "moved the blog off Netlify to Pages")."""
    for c in tok.children:
        if c.dep_ == "prep" and c.lower_ in preps:
            obj = _child(c, frozenset({"pobj"}))
            if obj is not None:
                return obj
    if depth > 0:
        for c in tok.children:
            if c.dep_ in ("prep", "pobj", "dobj", "obj"):
                found = _prep_object(c, preps, depth - 1)
                if found is not None:
                    return found
    return None


_TO = frozenset({"to", "into"})
_FROM = frozenset({"from", "off"})


def _copula(root: Any, subj: Any | None) -> Reading:
    comp = _child(root, _COMPLEMENT) or _prep_object(root, frozenset({"on", "in", "at", "for"}))
    if comp is None:
        return Reading(_named(subj), None, None)
    owner = _possessor(subj)
    if owner is not None and subj is not None:  # "Priya's manager is Sandra"
        _, field = _attribute(subj)
        return Reading(_possessor_name(owner), field, _span(comp), slot=True)
    owner = _possessor(comp)
    if owner is not None and subj is not None:  # "Sandra is Priya's manager"
        return Reading(_possessor_name(owner), comp.lemma_, _span(subj), slot=True)
    if (
        subj is not None
        and subj.pos_ == "NOUN"
        and comp.pos_ not in ("ADJ", "VERB")
        and any(c.dep_ == "compound" for c in subj.children)
    ):
        # "the new launch target is Feb 7": the subject names the attribute
        entity, field = _attribute(subj)
        return Reading(entity, field, _span(comp), slot=True)
    field = "status" if comp.pos_ in ("ADJ", "VERB") else "role"
    return Reading(_named(subj), field, _span(comp), slot=True)


def _change(root: Any, subj: Any | None) -> Reading | None:
    """ "X moved the hosting from A to B", "the launch moves to February": a clause that
    says where a value went (and where from). The field is the object, else a common-noun
    subject, else the verb."""
    to = _prep_object(root, _TO)
    if to is None:
        return None
    before = _prep_object(root, _FROM)
    obj = _child(root, _OBJECT)
    if obj is not None and obj.tag_ not in _PRONOUN_TAGS:
        before = before or _prep_object(obj, _FROM)
        entity, field = _named(subj), obj.doc[obj.left_edge.i : obj.i + 1].text
        field = field.split(" ", 1)[1] if obj.left_edge.dep_ in ("det", "poss") else field
    elif subj is not None and subj.pos_ == "NOUN":
        entity, field = _attribute(subj)
    else:
        entity, field = _named(subj), root.lemma_
    return Reading(
        entity, field, _span(to), slot=True, before=_span(before) if before is not None else None
    )


def _verb(root: Any, subj: Any | None) -> Reading:
    if _child(root, frozenset({"auxpass"})) is not None and _child(root, _OBJECT) is None:
        # "the workbook is retired": a passive with nothing after it says a state
        return Reading(_span(subj) if subj is not None else None, "status", root.text, slot=True)
    change = _change(root, subj)
    if change is not None:
        return change
    prt = _child(root, frozenset({"prt"}))
    field = root.lemma_ + (f" {prt.text.lower()}" if prt is not None else "")
    value_tok = _child(root, _OBJECT)
    if value_tok is None:
        prep = _child(root, frozenset({"prep", "agent", "dative"}))
        if prep is not None:
            value_tok = _child(prep, frozenset({"pobj"}))
            field = f"{field} {prep.text.lower()}"
    if value_tok is None:
        value_tok = _child(root, _CLAUSE) or _child(root, _COMPLEMENT)
    owner = _possessor(subj)
    entity = _possessor_name(owner) if owner is not None else _named(subj)
    return Reading(entity, field, _span(value_tok) if value_tok is not None else None)


_NOT_BUT = re.compile(r",?\s+not\s+(?=\S)", re.I)


def _corrected(r: Reading) -> Reading:
    """ "starts on March 19, not March 17": a value said against another is a correction of
    it — the value is what comes before "not", the replaced value what follows."""
    if not r.value or r.before:
        return r
    parts = _NOT_BUT.split(r.value, maxsplit=1)
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        return r
    return replace(r, value=parts[0].strip(" ,"), before=parts[1].strip(" ,."), corrects=True)


def _read_root(root: Any) -> Reading:
    subj = _child(root, _SUBJECT)
    if root.lemma_ == "be":
        return _corrected(_copula(root, subj))
    return _corrected(_verb(root, subj))


def _readings(doc: Any) -> list[Reading]:
    roots = []
    for sent in doc.sents:
        roots.append(sent.root)
        roots.extend(c for c in sent.root.children if c.dep_ in ("conj", "parataxis"))
    return [_read_root(r) for r in sorted(roots, key=lambda t: t.i)]


def _pick(readings: list[Reading]) -> Reading:
    full = [r for r in readings if r.entity and r.field and r.value]
    return full[0] if full else (readings[0] if readings else Reading(None, None, None))


def read(doc: Any) -> Reading:
    """The (entity, field, value) of a parsed fact text: of its first clause that yields all
    three (clauses: the sentences, and the conjuncts of a root), else of the first clause."""
    if not doc.has_annotation("DEP"):
        return Reading(None, None, None)
    return _pick(_readings(doc))


def read_clauses(texts: Sequence[str]) -> list[list[Reading]]:
    """Every clause's reading of each text, in order: its parts between semicolons parsed
    apart, each part's sentences and the conjuncts of their roots."""
    parts = [[p.strip() for p in t.split(";") if p.strip()] or [t] for t in texts]
    docs = iter(parse_texts([p for ps in parts for p in ps]))
    out = []
    for ps in parts:
        readings = []
        for _ in ps:
            doc = next(docs)
            if doc.has_annotation("DEP"):
                readings.extend(_readings(doc))
        out.append(readings)
    return out


def read_texts(texts: Sequence[str]) -> list[Reading]:
    """:func:`read` of each text, its parts between semicolons parsed apart (a fact that
    joins two statements with ";" is read clause by clause, in order)."""
    return [_pick(readings) for readings in read_clauses(texts)]


def _words(doc: Any) -> list[Any]:
    return [t for t in doc if not t.is_punct and not t.is_space]


def _changed_span(doc: Any, other: set[str]) -> tuple[str | None, Any | None]:
    """The longest run of consecutive words of ``doc`` that ``other`` lacks (the first of
    equal ones), and its first word; (None, None) when every word is shared."""
    runs: list[list[Any]] = []
    current: list[Any] = []
    for t in doc:
        if t.is_space:
            continue
        if t.lower_ in other or (t.is_punct and not current):
            if current:
                runs.append(current)
            current = []
        else:
            current.append(t)
    if current:
        runs.append(current)
    runs = [[t for t in r if not t.is_punct] or r for r in runs]
    runs = [r for r in runs if any(not t.is_punct for t in r)]
    if not runs:
        return None, None
    best = max(runs, key=len)
    first, last = best[0], best[-1]
    return doc[first.i : last.i + 1].text.strip(" ,."), first


def _governor(tok: Any, span_start: int, span_end: int) -> str | None:
    """The noun or verb outside the changed stretch that governs it: the field."""
    cur = tok
    for _ in range(8):
        if cur.head is cur:
            break
        cur = cur.head
        if span_start <= cur.i <= span_end:
            continue
        if cur.pos_ in ("NOUN", "PROPN", "VERB") or (cur.lemma_ == "be" and cur.dep_ == "ROOT"):
            return cur.lemma_
    return None


def compare(old_text: str, new_text: str) -> tuple[Reading, str | None]:
    """The reading of a replacement: entity and field of the new text, the value each text
    holds that the other does not (``Reading.value`` is the new one), and the old value.
    A new text of several statements joined by ";" is compared by the one that reads as the
    old text's field ("Carla is Dana's manager now; Ben moved to Austin" replacing "Dana's
    manager is Ben": the manager clause)."""
    parts = [p.strip() for p in new_text.split(";") if p.strip()]
    if len(parts) > 1:
        old_reading, *readings = read_texts([old_text, *parts])
        same = [
            p
            for p, r in zip(parts, readings, strict=True)
            if old_reading.field and r.field and r.field.lower() == old_reading.field.lower()
        ]
        new_text = same[0] if same else new_text
    old_doc, new_doc = parse_texts([old_text, new_text])
    base = read(new_doc)
    old_words = {t.lower_ for t in _words(old_doc)}
    new_words = {t.lower_ for t in _words(new_doc)}
    to, first = _changed_span(new_doc, old_words)
    before, _ = _changed_span(old_doc, new_words)
    if to is None or first is None:
        return base, read(old_doc).value
    last = first.i + len(new_doc.text[first.idx :].split(maxsplit=len(to.split()))) - 1
    field = _governor(first, first.i, max(first.i, last))
    if field == "be" or field is None:
        field = base.field
    return Reading(base.entity, field, to), before
