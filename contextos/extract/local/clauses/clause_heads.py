"""Where a sentence splits into clauses: the root, every verb with its own subject joined on by
"and", a comma, a semicolon or a dash, and the clauses that are a statement or a request of
their own though the parser hangs them on another word ("..., so from now on please format X",
"they announced a restructure: our team is being merged", "..., since I'm vegetarian", "it
means quillbooks work is going to stall for a bit").
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.clauses.openings import lead_in_length, opens_sentence
from contextos.extract.local.clauses.requests import bare_order, standing_request, tacked_on_request
from contextos.extract.local.clauses.subjects import SUBJECT_DEPS
from contextos.extract.local.text import lexicon as lx

__all__ = ["clause_heads", "requests_after", "set_off", "what_it_means"]


_SPLIT_DEPS = frozenset({"conj", "parataxis", "ccomp", "advcl"})
#: How the parser may hang an imperative after a colon on the noun before it ("One request:
#: whenever you ..., tell me ...").
_AFTER_COLON_DEPS = frozenset({"acl", "appos", "dep", "relcl"})
_SEPARATORS = frozenset({",", ";", "-", "–", "—", ":"})


def clause_heads(sent: Any) -> list[Any]:
    """The root plus every verb with its own subject joined by "and"/a comma/a semicolon."""
    heads = [sent.root]
    for tok in sent:
        if tok.i == sent.root.i:
            continue
        if requests_after(tok) and standing_request(sent, tok, "imperative"):
            heads.append(tok)  # "..., so from now on please format the units as folders"
            continue
        if _stated_after_colon(tok):
            heads.append(tok)  # "they announced a restructure: our team is being merged"
            continue
        if _lasting_reason_of_self(tok):
            heads.append(tok)  # "..., since I'm vegetarian": what the speaker is, said as a reason
            continue
        if what_it_means(tok):
            heads.append(tok)  # "it means quillbooks work is going to stall for a bit"
            continue
        if tok.dep_ not in _SPLIT_DEPS:
            continue
        if _opening_participle(tok):
            heads.append(tok)
            continue
        if tok.pos_ not in ("VERB", "AUX") and not _copular_noun(tok):
            continue
        if not any(c.dep_ in SUBJECT_DEPS for c in tok.children):
            continue
        if _object_of_dangling_preposition(tok):
            continue
        if tok.dep_ != "conj":
            # only a clause spliced on with a comma, semicolon or dash, not "I think X"
            span = [t.i for t in tok.subtree]
            prev = tok.doc[min(span) - 1] if min(span) > sent.start else None
            nxt = tok.doc[max(span) + 1] if max(span) + 1 < sent.end else None
            joined = prev if tok.i > tok.head.i else nxt  # the clause's side facing its head
            inner = tok.doc[min(span) if tok.i > tok.head.i else max(span)]
            # an aside in brackets with its own subject ("drove up (she didn't mind)")
            aside = inner.text == "(" and tok.i > tok.head.i
            if inner.text in _SEPARATORS or aside:
                joined = inner  # the parser gave the comma to the clause ("I'm X, started Y")
            skipped = False  # "I charge $85 and ngl it feels low": "and" before a filler
            while (
                joined is not None
                and tok.i > tok.head.i
                and joined.lower_ in lx.CHAT_FILLERS
                and joined.i > sent.start
            ):
                joined, skipped = joined.doc[joined.i - 1], True
            coordinated = (
                (tok.i < tok.head.i or skipped)
                and joined is not None
                and joined.lower_ in ("and", "but")
            )  # "The council says X and it's been 5 weeks": the second clause made the root
            if joined is None or (joined.text not in _SEPARATORS and not (coordinated or aside)):
                continue
            if any(c.dep_ == "mark" or c.tag_ == "WRB" for c in tok.children):
                continue  # "..., because X": a subordinate clause stays with its head
        heads.append(tok)
    return heads


#: Subjects of "means" that point back at what was said ("it means", "which means").
_CONSEQUENCE_SUBJECTS = frozenset({"it", "that", "this", "which"})


def what_it_means(tok: Any) -> bool:
    """The clause with a subject of its own that "it/that/which means" introduces: the
    consequence stated ("but it means quillbooks work is going to stall for a bit"), while the
    "it means" around it says nothing of its own."""
    head = tok.head
    subject = next((c for c in head.children if c.dep_ in SUBJECT_DEPS), None)
    return (
        tok.dep_ == "ccomp"
        and head.lemma_.lower() == "mean"
        and tok.i > head.i
        and (  # "it means ...", or chat's "Means I lose a month of savings"
            subject.lower_ in _CONSEQUENCE_SUBJECTS
            if subject is not None
            else head.tag_ == "VBZ" and opens_sentence(head)
        )
        and any(c.dep_ in SUBJECT_DEPS for c in tok.children)
        and not any(c.dep_ == "aux" for c in head.children)  # not "it could mean ..."
    )


def _object_of_dangling_preposition(tok: Any) -> bool:
    """A "clause" the parser made of a preposition's object ("doing X for | a paper clinicians
    need to read"): the word before it is a preposition with no object of its own."""
    start = tok.left_edge.i
    if start == 0:
        return False
    before = tok.doc[start - 1]
    return before.dep_ == "prep" and before.n_lefts + before.n_rights == 0


#: Participles that open a sentence as a comment on it, not as something done ("Speaking of
#: the budget, ...", "Looking at the numbers, ...").
_COMMENTING_PARTICIPLES = frozenset(
    "speak talk look consider judge give say put assume base compare count".split()
)


def requests_after(tok: Any) -> bool:
    """ "..., so please format X", "One request: tell me Y": a request to the listener joined
    on after a statement or a label."""
    if tok.dep_ in _SPLIT_DEPS and tacked_on_request(tok, tok.head):
        return True
    return (
        tok.dep_ in _AFTER_COLON_DEPS
        and tok.i > tok.head.i
        and bare_order(tok)
        and any(t.text == ":" for t in tok.doc[tok.head.i : tok.left_edge.i])
    )


def _stated_after_colon(tok: Any) -> bool:
    """ "they announced a restructure: our team is being merged into a new unit": a finite
    clause with its own subject after a colon, which the parser hung on the noun before it as
    a modifier. It says what the noun was; a statement of its own."""
    return (
        tok.dep_ in _AFTER_COLON_DEPS
        and tok.i > tok.head.i
        and tok.pos_ in ("VERB", "AUX")
        and any(c.dep_ in SUBJECT_DEPS for c in tok.children)
        and (
            tok.tag_ in ("VBZ", "VBP", "VBD")
            or any(c.dep_ in ("aux", "auxpass") for c in tok.children)
        )
        and set_off(tok, (":",))
    )


def _opening_participle(tok: Any) -> bool:
    """ "Moving to Grenoble in April, my partner got a post there", "Hired a bookkeeper, starts
    Monday": a participle phrase (or a past verb with its object) opening
    the sentence, cut off by a comma, with no subject of its own; in chat it is the speaker's
    doing, whatever the main clause is about, so a clause of its own."""
    if tok.dep_ != "advcl" or tok.i > tok.head.i:
        return False
    if tok.tag_ != "VBG" and not (  # "Hired a bookkeeper, starts Monday": a past act
        tok.tag_ in ("VBN", "VBD") and any(c.dep_ == "dobj" for c in tok.children)
    ):
        return False
    if (
        tok.i != tok.sent.start + lead_in_length(tok.sent)
        or tok.lemma_.lower() in _COMMENTING_PARTICIPLES
    ):
        return False
    after = tok.doc[tok.right_edge.i + 1] if tok.right_edge.i + 1 < tok.sent.end else None
    return (
        after is not None
        and after.text == ","
        and not any(c.dep_ in (*SUBJECT_DEPS, "mark", "aux") for c in tok.children)
        and any(c.dep_ in ("dobj", "prep") for c in tok.children)
    )


#: Subordinators that give a reason ("because I'm a nurse", "since I work nights").
_REASON_MARKS = frozenset({"because", "since", "as", "cos", "cause", "'cause", "coz", "cuz"})


def _lasting_reason_of_self(tok: Any) -> bool:
    """A reason clause that says what the speaker lastingly is or does: "because I'm a UX
    designer", "since I'm vegetarian", "since I work nights" — a fact of its own, besides the
    statement it explains. Not a passing state ("because I was tired"), not someone else's,
    not a reason inside what someone else thinks."""
    if tok.dep_ != "advcl" or tok.tag_ not in ("VBP", "VBZ") or tok.i < tok.head.i:
        return False  # a reason said first opens its statement (render._fronted_clause_end)
    if tok.head.dep_ in ("ccomp", "xcomp", "advcl", "relcl", "acl"):
        return False  # "Oswin is convinced Dad should move in, since I have a spare room": his
    if not any(c.dep_ == "mark" and c.lower_ in _REASON_MARKS for c in tok.children):
        return False
    subj = next((c for c in tok.children if c.dep_ in SUBJECT_DEPS), None)
    if subj is None or subj.lower_ != "i":
        return False
    if any(c.dep_ in ("aux", "auxpass", "neg") for c in tok.children):
        return False
    if tok.lemma_ == "be":
        return any(c.dep_ in ("attr", "acomp") for c in tok.children)
    return True


def _copular_noun(tok: Any) -> bool:
    """A noun the parser made a clause of its own, with "is" and a subject ("my favorite
    season is fall, the leaves are amazing": "fall" hung off the second clause)."""
    return tok.pos_ in ("NOUN", "PROPN") and any(
        c.dep_ in ("aux", "auxpass") and c.lemma_ == "be" for c in tok.children
    )


def set_off(clause_head: Any, marks: tuple[str, ...]) -> bool:
    """Whether the clause of ``clause_head`` is set off by one of ``marks`` from the words
    before it ("my mind: we're selling", "a restructure: our team is being merged")."""
    start = clause_head.left_edge.i
    return start > 0 and clause_head.doc[start - 1].text in marks
