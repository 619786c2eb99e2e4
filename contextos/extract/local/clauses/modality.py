"""Whether a clause says that something is so: its tense; a "not" that only corrects a detail
and a "no way" that denies it; a hypothetical (a modal, a wishful verb or adverb, a
counterfactual "if"); alternatives neither said to be so ("either I quit or I get promoted"); a
condition it hangs on ("if Thaddeus signs off"); a hedge ("probably").
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.dates import is_calendar_word
from contextos.extract.local.text import lexicon as lx

__all__ = [
    "TIME_OPENERS",
    "alternatives",
    "bare_condition",
    "condition_apart",
    "contrast",
    "has_condition",
    "hedges",
    "hypothetical",
    "no_way",
    "past_in_present_form",
    "relevance_clause",
    "tense",
]


def tense(head: Any) -> str:
    auxes = [c for c in head.children if c.dep_ in ("aux", "auxpass")]
    lemmas = {a.lemma_.lower() for a in auxes} | {a.lower_ for a in auxes}
    if lemmas & {"will", "'ll", "shall", "gon"}:
        return "future"
    xcomp = any(c.dep_ == "xcomp" for c in head.children)
    if head.lemma_ == "go" and head.tag_ == "VBG" and xcomp:
        return "future"  # "I'm going to ..."
    if any(a.tag_ == "VBG" for a in auxes) and any(a.lemma_ == "go" for a in auxes):
        return "future"
    if head.tag_ == "VBD" or any(a.tag_ == "VBD" for a in auxes):
        return "past"
    if head.tag_ == "VBN" and any(a.lemma_ == "have" for a in auxes):
        # "I've got the van Sat morning", "she's got an exam Friday": "have", not a past
        return "present" if head.lower_ == "got" else "past"
    return "present"


#: Verbs whose past is spelled as their present ("I hurt", "we quit").
_SAME_FORM_PAST = frozenset(
    "hurt put cut set quit hit let shut cost spread split burst bet cast read".split()
)


def past_in_present_form(head: Any, toks: list[Any]) -> bool:
    """A verb such as "hurt" tagged present in a clause that says when in the past ("last
    winter", "two years ago", "yesterday")."""
    return (
        head.tag_ in ("VBP", "VB")
        and head.lower_ in _SAME_FORM_PAST
        and not any(c.dep_ in ("aux", "auxpass") for c in head.children)
        and any(t.lower_ in lx.PAST_MARKERS for t in toks)
    )


def contrast(neg: Any, head: Any) -> bool:
    """ "starts Wednesday the 21st, not Monday": a "not" after a comma and past the verb
    corrects a detail; the statement itself is positive."""
    doc = neg.doc
    return neg.i > head.i and neg.i > 0 and doc[neg.i - 1].text == ","


def no_way(head: Any, subj: Any | None) -> list[Any] | None:
    """The words of a "no way" in front of the subject ("no way we're running our own
    cluster"), which deny the clause; None when there is none."""
    if subj is None:
        return None
    for c in head.children:
        if c.dep_ == "npadvmod" and c.lower_ == "way" and c.i < subj.i:
            no = next((d for d in c.children if d.dep_ == "det" and d.lower_ == "no"), None)
            if no is not None:
                return [no, c]
    return None


def hypothetical(sent_low: str, tokens: list[Any], head: Any, kind: str) -> str:
    aux = {c.lemma_.lower() for c in head.children if c.dep_ == "aux"}
    aux |= {c.lower_ for c in head.children if c.dep_ == "aux"}
    if _would_rather(head, aux):
        pass  # "I'd rather do interviews", "I would prefer a window seat": a preference
    elif aux & lx.HYPOTHETICAL_MODALS or "'d" in aux and head.tag_ == "VB":
        return "modal " + ",".join(sorted(aux & (lx.HYPOTHETICAL_MODALS | {"'d"})))
    for t in tokens:
        if t.lower_ in lx.HYPOTHETICAL_ADVERBS and not _hedges_a_detail(t):
            return f"adverb '{t.text}'"
    if head.lemma_ in lx.HYPOTHETICAL_VERBS and kind in ("self", "group"):
        return f"verb '{head.lemma_}'"
    if head.lemma_ in ("like", "love") and aux & {"would", "'d"}:
        return "would like"
    for phrase in lx.HYPOTHETICAL_PHRASES:
        if phrase in sent_low:
            return f"phrase '{phrase}'"
    marks = [c for c in head.children if c.dep_ == "mark"]  # "If we had ...": cut from tokens
    for t in [*tokens, *marks]:
        if t.dep_ == "mark" and t.lower_ in lx.CONDITIONAL_MARKERS:
            cond_verb = t.head
            if cond_verb.tag_ == "VBD" or any(c.tag_ == "VBD" for c in cond_verb.children):
                return f"counterfactual '{t.text}'"
    return ""


def _would_rather(head: Any, aux: set[str]) -> bool:
    """ "would rather X", "would prefer X", "would never X": a preference stated, not a
    hypothetical."""
    if not aux & {"would", "'d"}:
        return False
    return head.lemma_.lower() == "prefer" or any(
        c.dep_ in ("advmod", "neg") and c.lower_ in ("rather", "never") for c in head.children
    )


def _hedges_a_detail(tok: Any) -> bool:
    """ "my choir (maybe 14-16 people)", "perhaps 25 minutes": the adverb hedges a quantity or
    an aside, not whether the statement holds."""
    if tok.head.pos_ in ("NUM", "NOUN", "PROPN") or tok.head.like_num:
        return True
    after = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if after is not None and after.like_num:  # "is maybe 20 minutes"
        return True
    opened = closed = 0
    for t in tok.doc[tok.sent.start : tok.i]:
        opened += t.text == "("
        closed += t.text == ")"
    return opened > closed


def alternatives(head: Any) -> str | None:
    """ "Either I quit or I get promoted", "I'll either move to Bergen or stay": one of two
    things that may be, neither said to be so. (Present alternatives in one clause are a
    habit: "I either walk or cycle to work".)"""
    first = head
    if head.dep_ == "conj" and any(c.lower_ == "or" for c in head.head.children):
        first = head.head
    if not any(c.dep_ == "preconj" and c.lower_ == "either" for c in first.children):
        return None
    apart = any(  # a second alternative with a subject of its own: two clauses
        c.dep_ == "conj" and any(g.dep_ in ("nsubj", "nsubjpass") for g in c.children)
        for c in first.children
    )
    if apart or tense(first) == "future":
        return "either ... or: alternatives, neither said to be so"
    return None


def bare_condition(head: Any) -> str | None:
    """ "if we don't get the shed," cut off from its main clause by the splitter: a condition
    holding nothing, no statement."""
    if head.dep_ == "ROOT" and _states_a_condition(head):
        return "a condition with no statement it holds"
    if head.dep_ == "ROOT" and _bare_time_to_come(head):
        return "a time to come with no statement it holds"
    return None


#: Words opening a clause that says when the rest holds.
TIME_OPENERS = frozenset({"when", "whenever", "once", "while", "until", "till", "before", "after"})


def _bare_time_to_come(verb: Any) -> bool:
    """ "When I have a quieter job and a larger garden." said alone, after what it is the
    time of ("We might one day go to Valletta."): a present-tense clause opened by "when"/"once"
    with no main clause, so nothing in it is so yet ("When I was a kid." is a past, and stays)."""
    first = verb.doc[verb.left_edge.i]
    return (
        first.lower_ in TIME_OPENERS
        and first.head.i == verb.i
        and first.dep_ in ("advmod", "mark")
        and verb.tag_ in ("VBP", "VBZ")
        and any(c.dep_ in ("nsubj", "nsubjpass") and c.i < verb.i for c in verb.children)
    )  # ("When is the meeting": a question, its subject after the verb)


def has_condition(tokens: list[Any]) -> bool:
    return any(
        t.dep_ == "mark" and t.lower_ in lx.CONDITIONAL_MARKERS and not _only_relevance(t.head)
        for t in tokens
    )


def relevance_clause(tok: Any) -> bool:
    """``tok`` heads an "if" clause tacked on to say why the listener is told ("I'm 34 if
    you're curious"): no part of the statement."""
    return tok.dep_ == "advcl" and _only_relevance(tok) and _has_condition_mark(tok)


def _has_condition_mark(verb: Any) -> bool:
    return any(c.dep_ == "mark" and c.lower_ in lx.CONDITIONAL_MARKERS for c in verb.children)


def _states_a_condition(verb: Any) -> bool:
    """``verb`` heads an "if"/"unless" clause that a statement hangs on (not "if that helps")."""
    return _has_condition_mark(verb) and not _only_relevance(verb)


def _only_relevance(verb: Any) -> bool:
    """The "if" clause of ``verb`` says why the listener is told, not what the statement
    hangs on: "if that matters", "if that helps", "if you're curious"."""
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.lower_ not in ("that", "this", "it", "you"):
        return False
    if verb.lemma_.lower() in lx.RELEVANCE_VERBS:
        return True
    return any(c.dep_ == "acomp" and c.lower_ in lx.RELEVANCE_ADJECTIVES for c in verb.children)


def condition_apart(head: Any, tokens: list[Any]) -> bool:
    """``head`` has a condition the clause splitter left in a clause of its own ("if we don't
    win it, we're back to renting vans"): the clause still holds only on it."""
    ids = {t.i for t in tokens}
    return any(
        c.dep_ == "advcl" and c.i not in ids and _states_a_condition(c) for c in head.children
    )


def hedges(tok: Any) -> bool:
    """``tok`` hedges its clause ("probably", "apparently"); a softener on an adjective only
    says how much ("kinda burnt out"), one on a date or a number how sure that is."""
    if tok.lower_ not in lx.HEDGE_ADVERBS:
        return False
    head = tok.head
    if _hedges_a_date(tok):
        return False  # "I'll go after the audit, probably early March": the date is the guess
    on_adjective = head.pos_ == "ADJ" or (head.pos_ == "VERB" and head.tag_ == "VBN")
    return tok.lower_ not in lx.DEGREE_SOFTENERS or not on_adjective


def _hedges_a_date(tok: Any) -> bool:
    """A hedge on the date or number right after it ("probably early March", "roughly 35"),
    not on a verb."""
    if tok.head.pos_ in ("VERB", "AUX"):
        return False
    for t in tok.doc[tok.i + 1 : tok.i + 5]:
        if t.is_punct and t.text not in ("-", "–"):
            return False
        if t.like_num or t.lemma_.lower() in lx.TIME_NOUNS or is_calendar_word(t.text):
            return True
    return False
