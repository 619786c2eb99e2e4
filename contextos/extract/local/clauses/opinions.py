"""Someone else's view, advice or report ("my brother thinks ...", "my aunt keeps telling me to
sell the car", "her take is that ...", "Her take: ..."), a stance on what was said before ("I
don't share that view"), and the frames whose statement is the clause inside them ("I'm
delighted to report that X", "remember that X", "turns out X", "the thing is X", "I meant X").
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.local.clauses.modality import has_condition
from contextos.extract.local.clauses.requests import bare_order
from contextos.extract.local.clauses.subjects import SUBJECT_DEPS
from contextos.extract.local.text import lexicon as lx

__all__ = [
    "framed",
    "held_belief",
    "i_meant",
    "kept_saying",
    "news_announced",
    "note_this",
    "opinion_label",
    "reported_information",
    "said_to_do",
    "someone_elses_advice",
    "someone_elses_view",
    "that_view",
    "turns_out",
]


#: "Her take: ...", "Tom's view: ...": a label saying whose opinion follows.
_OPINION_LABEL = re.compile(
    r"\b((?:her|his|their|[A-Z][\w-]*['’]s)\s+(?:take|view|opinion|advice|verdict|"
    r"suggestion|recommendation|thinking|feedback))\s*:\s*$",
    re.I,
)


def opinion_label(lead: str) -> str:
    """The label of someone else's view right before the clause ("Her take: ..."), or ""."""
    m = _OPINION_LABEL.search(lead)
    return m.group(1) if m else ""


def someone_elses_advice(head: Any, kind: str) -> str:
    """ "My aunt keeps telling me to sell the car": another person's advice, not a fact; news
    told in a clause of its own ("Dr. Fenwick told me it has been signed off") is information."""
    if kind in ("self", "group", "implied", "imperative"):
        return ""  # "tell me where it goes wrong" asks; it reports no one's advice
    verb = head
    for _ in range(3):
        if verb.lemma_.lower() in lx.ADVICE_VERBS:
            told = [c for c in verb.children if c.dep_ in ("xcomp", "ccomp")]
            if told and not (  # the first clause told is what was told; later ones are their own
                told[0].dep_ == "ccomp" and reported_information(verb, told[0])
            ):
                return verb.text
        verb = next((c for c in verb.children if c.dep_ == "xcomp"), None)
        if verb is None:
            break
    return ""


def reported_information(head: Any, comp: Any) -> bool:
    """ "Legal says the terms don't meet the rules", "the bank said the loan was refused": words
    reported as information, not a judgement. A judgement is a comparison ("the pools there are
    cleaner"), advice or a guess ("I should chill"), an impression ("the brakes feel soft"), a
    quality ("forums are hostile"; a status such as "ready" or "broken" is information), or
    anything conditional."""
    if head.lemma_ not in lx.REPORT_VERBS or bare_order(comp):
        return False
    toks = list(comp.subtree)
    if has_condition(toks) or comp.lemma_ in lx.APPEARANCE_VERBS:
        return False
    for t in toks:
        if t.tag_ in ("JJR", "JJS", "RBR", "RBS") or t.lower_ in lx.JUDGEMENT_MODALS:
            return False
        if t.lower_ == "too" and t.head.pos_ == "ADJ":
            return False
    verbs = [comp, *(c for c in comp.children if c.dep_ == "conj")]  # "X is Y and Z is dead"
    for c in (c for v in verbs for c in v.children):
        if c.dep_ == "acomp" and c.lemma_.lower() not in lx.STATUS_WORDS:
            return False
    return True


def said_to_do(head: Any) -> Any | None:
    """ "my doctor says keep walking": the order a verb of saying reports, which the parser
    hangs on it as an open complement (None when there is none). Advice, like "says I
    should"."""
    if head.lemma_ not in lx.REPORT_VERBS:
        return None
    return next((c for c in head.children if c.dep_ == "xcomp" and bare_order(c)), None)


#: Verbs of going on or starting to do something ("keeps saying", "started saying").
_ASPECT_VERBS = frozenset("keep start begin continue".split())


def kept_saying(head: Any) -> tuple[Any, Any] | None:
    """ "Sasha keeps saying X", "Mum started saying X": the verb of opinion an aspect verb
    leads to (``lexicon.OPINION_VERBS``; "started telling everyone X" is no opinion), and what
    it says (its complement), or None."""
    if head.lemma_.lower() not in _ASPECT_VERBS:
        return None
    for c in head.children:
        if c.dep_ == "xcomp" and c.lemma_ in lx.OPINION_VERBS:
            comp = next((g for g in c.children if g.dep_ == "ccomp"), None)
            if comp is not None:
                return c, comp
    return None


def _with_complements(head: Any) -> list[Any]:
    """``head`` and the adjectives completing it ("am" -> "am", "thrilled" in "I am thrilled
    to announce ..."): where a clause's stance is said."""
    return [head, *(c for c in head.children if c.dep_ == "acomp")]


#: Nouns for a view held ("holds the view that ...", "is of the opinion that ...").
_VIEW_NOUNS = frozenset("view opinion position belief impression feeling stance".split())
#: Nouns naming a view as the subject of "is that ...": "his take is that ...".
_STATED_VIEW_NOUNS = _VIEW_NOUNS | frozenset("take theory argument verdict thinking".split())


def someone_elses_view(head: Any, subj: Any) -> bool:
    """ "My brother's whole take is that Mom is fine", "her theory is that the printer hates
    him": a view someone else holds, named as the subject of "is" with the view after it.
    The speaker's own ("my view is that ...") is theirs to state."""
    if head.lemma_ != "be" or subj.lemma_.lower() not in _STATED_VIEW_NOUNS:
        return False
    if not any(c.dep_ == "ccomp" for c in head.children):
        return False
    owner = next((c for c in subj.children if c.dep_ == "poss"), None)
    return owner is not None and owner.lower_ not in lx.FIRST_SINGULAR | lx.FIRST_PLURAL


def held_belief(head: Any) -> bool:
    """ "is convinced / sure / worried that ...", "holds the view that ...", "is of the
    opinion that ...": a state of mind about the clause after it."""
    if any(
        h.lower_ in lx.BELIEF_PREDICATES and any(c.dep_ == "ccomp" for c in h.children)
        for h in _with_complements(head)
    ):
        return True
    views = [c for c in head.children if c.dep_ == "dobj"]
    views += [g for c in head.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"]
    return any(
        v.lemma_.lower() in _VIEW_NOUNS and any(c.dep_ in ("acl", "ccomp") for c in v.children)
        for v in views
    )


def that_view(toks: list[Any]) -> str | None:
    """ "I don't share that view", "I agree with this opinion", "I approved nothing of the
    sort": a stance on what was said before, which the clause does not say."""
    for t in toks:
        det = next((c for c in t.children if c.dep_ == "det"), None)
        if (
            t.lower_ in ("sort", "kind")
            and det is not None
            and det.lower_ == "the"
            and t.head.lower_ == "of"
            and t.head.head.lower_ in ("nothing", "anything", "something")
        ):  # "I approved nothing of the sort"
            return f"{t.head.head.text} of the {t.text}"
        if (
            t.lemma_.lower() in _VIEW_NOUNS
            and det is not None
            and det.lower_ in ("that", "this", "those", "these")
            and not any(c.dep_ in ("acl", "ccomp", "prep") for c in t.children)
        ):
            return f"{det.text} {t.text}"
    return None


#: Verbs that hand over news ("pleased to report that ...", "sad to say ...").
_NEWS_VERBS = frozenset("report say announce tell share confirm inform".split())


def news_announced(head: Any) -> Any | None:
    """The news of "I'm delighted to report that X" / "Happy to say X": the clause X, which
    is the statement; the feeling about telling it is not."""
    for holder in _with_complements(head):
        for verb in holder.children:
            if verb.dep_ == "xcomp" and verb.lemma_.lower() in _NEWS_VERBS:
                news = next((c for c in verb.children if c.dep_ == "ccomp"), None)
                if news is not None:
                    return news
    return None


def note_this(head: Any) -> bool:
    """ "remember (that) ...", "note that ...", "keep in mind that ...": the speaker hands the
    listener a statement to keep."""
    lemma = head.lemma_.lower()
    if lemma in ("remember", "note"):
        return True
    return lemma in ("keep", "bear") and any(
        c.dep_ == "prep" and any(g.lower_ == "mind" for g in c.children) for c in head.children
    )


def i_meant(head: Any, kind: str) -> bool:
    """ "I meant my sister is 32, not 30": a correction; the statement is what was meant."""
    return kind in ("self", "implied") and head.lower_ == "meant"


def turns_out(head: Any, subj: Any | None) -> bool:
    """ "(it) turns out ...": a frame around the statement in its complement."""
    if subj is not None and subj.lower_ != "it":
        return False
    lemma = head.lemma_.lower()
    return lemma == "turn" and any(c.dep_ == "prt" and c.lower_ == "out" for c in head.children)


#: Nouns that, as the subject of "is", frame the clause after it as the statement ("the
#: thing with Oswin is he's been late again", "good news is we got the grant").
_FRAMING_NOUNS = frozenset("thing problem issue news update point truth catch upshot".split())


def framed(head: Any, subj: Any | None, comp: Any) -> bool:
    """ "(the) thing/problem/news is <clause>": a frame around the statement in ``comp``."""
    return (
        subj is not None
        and head.lemma_ == "be"
        and subj.lemma_.lower() in _FRAMING_NOUNS
        and comp.i > head.i
        and any(c.dep_ in SUBJECT_DEPS for c in comp.children)
    )
