"""How a sentence opens, and what an opening with no subject says: its lead-in of discourse
words and punctuation, its first word, and the subjectless openings that are the speaker's own
("switched to Quillhost last week", "can't stand fennel", "been using Zettlr for three years",
"on nights all next week", "were closed on mondays" typed for "we're").
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.clauses.subjects import SUBJECT_DEPS
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.sentences import is_question

__all__ = [
    "bare_past",
    "lead_in_length",
    "opening_auxiliary",
    "opens_sentence",
    "own_adverbs",
    "subjectless_kind",
    "typed_we_are",
    "verbless_state",
]


def _active_participle(head: Any) -> bool:
    """A sentence-opening verb tagged a past participle that is the speaker's own past act
    ("Switched to Quillhost last week", "Signed up with a tutor", "Finished the draft"), not a
    passive ("Hosted on Stripewell"): it has an object or particle, or it is a verb of changing
    place, tool or state, which is done, not undergone."""
    if head.tag_ != "VBN" or any(c.dep_ in ("aux", "auxpass") for c in head.children):
        return False
    if head.lower_ == head.lemma_.lower():
        return False  # "cut crash rate": a bare verb as well, a to-do item as likely
    return (
        any(c.dep_ in ("dobj", "prt", "xcomp") for c in head.children)  # "Stopped using X"
        or head.lemma_.lower() in lx.SELF_CHANGE_VERBS
        or head.lemma_.lower() in lx.SPEAKING_TO_VERBS
        and any(c.dep_ == "prep" and c.lower_ == "to" for c in head.children)
    )


#: Auxiliaries that open a statement whose subject chat leaves out ("can't stand X", "didn't
#: sleep", "won't make it"); not "do"/"don't", which open an imperative.
_SUBJECTLESS_AUXILIARIES = frozenset({"ca", "can", "could", "wo", "will", "would", "did"})
_BEEN = frozenset({"been"})


def _modal_opening(head: Any) -> bool:
    """A sentence that opens with a negated auxiliary of ``head`` and has no subject: the
    speaker's ("can't stand fennel"; "can do Thursday" answers a question, it states none)."""
    return (
        head.tag_ == "VB"
        and opening_auxiliary(head, _SUBJECTLESS_AUXILIARIES) is not None
        and any(c.dep_ == "neg" for c in head.children)  # not "can do Thursday at 4"
        and not is_question(head.sent.text)
    )


def _opening_word(sent: Any) -> Any | None:
    """The first word of ``sent`` after its lead-in (see :func:`lead_in_length`), if any."""
    k = sent.start + lead_in_length(sent)
    return sent.doc[k] if k < sent.end else None


def typed_we_are(tok: Any) -> bool:
    """A sentence-opening "were" with no subject ("so were a nut free bakery", "were closed
    on mondays now"): "we're" typed without its apostrophe."""
    first = _opening_word(tok.sent) if tok.text == "were" else None
    if first is None or first.i != tok.i:
        return False
    verb = tok if tok.dep_ not in ("aux", "auxpass") else tok.head
    return not any(c.dep_ in (*SUBJECT_DEPS, "expl") for c in verb.children)


def opening_auxiliary(head: Any, words: frozenset[str]) -> Any | None:
    """The auxiliary of ``head`` that opens its sentence, when it is one of ``words``."""
    first = _opening_word(head.sent)
    if (
        first is None
        or first.head.i != head.i
        or first.dep_ not in ("aux", "auxpass")
        or first.lower_ not in words
    ):
        return None
    return first


def _state_opening(head: Any) -> bool:
    """A sentence opening with a participle of a state the speaker is in ("blocked on the
    security review until Friday", "based in Quebec")."""
    return (
        head.tag_ in ("VBN", "VBD")
        and head.lower_ in lx.STATE_PARTICIPLES
        and not any(c.dep_ in ("aux", "auxpass") for c in head.children)
        and opens_sentence(head)
    )


def verbless_state(sent: Any) -> Any | None:
    """The preposition of a sentence with no verb that opens with a state the speaker is in
    ("on lates all next week", "in Bilbao till Friday", "off work with a cold since tues"), or
    None: its object is a noun with no "of" after it ("on top of it all", "on the topic of
    pricing"), no comma comes right after the phrase ("in short, ...", "at the moment,
    nothing"), and a number or time word says how long or how much ("on lunch again" is a
    moment)."""
    if any(t.pos_ in ("VERB", "AUX") for t in sent) or is_question(sent.text):
        return None
    if sum(not t.is_punct for t in sent) < 3:
        return None  # "On pricing.": a heading
    if not any(_measures_the_state(t) for t in sent):
        return None  # "on lunch again": a moment, not a state worth keeping
    start = sent.start + lead_in_length(sent)
    if start >= sent.end:
        return None
    first = sent.doc[start]
    if first.lower_ not in lx.STATE_PREPOSITIONS or first.tag_ not in ("IN", "RP"):
        return None
    obj = next((c for c in first.children if c.dep_ == "pobj"), None)
    if (
        obj is None
        or obj.pos_ not in ("NOUN", "PROPN")
        or obj.lower_ in lx.TIME_NOUNS
        or any(c.dep_ == "prep" and c.lower_ == "of" for c in obj.children)
    ):
        return None
    after = obj.right_edge.i + 1
    if after < sent.end and sent.doc[after].text == ",":
        return None
    return first


#: Words that give a verbless state its extent ("since tues", "till Friday").
_EXTENT_WORDS = frozenset({"since", "till", "til", "until"})


def _measures_the_state(tok: Any) -> bool:
    """A number, a time word or a "since/till" that gives a verbless state its extent or
    dose ("500mg twice a day", "all next week", "till Friday", "since tues")."""
    return (
        tok.like_num
        or tok.text[:1].isdigit()
        or tok.lower_ in lx.TIME_NOUNS
        or tok.lower_ in _EXTENT_WORDS
    )


def _verbless_state(head: Any) -> bool:
    return head.i == head.sent.root.i and verbless_state(head.sent) is not None


def _been_opening(head: Any) -> bool:
    """A sentence opening with "been" and no "have" or subject ("been using Obsidian for two
    years", "been learning Spanish since January")."""
    return (
        head.tag_ in ("VBG", "VBN")
        and opening_auxiliary(head, _BEEN) is not None
        and not is_question(head.sent.text)
    )


def _passive_opening(head: Any) -> bool:
    """A sentence opening with the passive's "got"/"was" and no subject ("got diagnosed w
    carpal tunnel last wk", "was told to wait till Monday"): what happened to the speaker."""
    return (
        head.tag_ == "VBN"
        and opening_auxiliary(head, _PASSIVE_OPENERS) is not None
        and not is_question(head.sent.text)
    )


_PASSIVE_OPENERS = frozenset({"got", "was"})


def bare_past(head: Any) -> bool:
    """A sentence-opening bare verb form with a past time of its own ("quit smoking 3 months
    ago", "put the deposit down yesterday"): a past tense whose form is the bare verb's (the
    tag may have been set to VBD since)."""
    if head.tag_ not in ("VB", "VBD", "VBN") or any(
        c.dep_ in ("aux", "auxpass") for c in head.children
    ):
        return False
    if head.tag_ == "VBN" and head.lower_ != head.lemma_.lower():
        return False  # a participle of its own ("hosted on Stripewell last year"), not "cut", "put"
    if not opens_sentence(head):
        return False
    return any(
        t.lower_ in ("ago", "yesterday") or (t.lower_ == "last" and t.head.lower_ in lx.TIME_NOUNS)
        for t in head.subtree
    )


def _extraposed(head: Any) -> bool:
    """A subjectless "felt odd to refuse", "was hard to say no": the left-out subject is an
    "it" standing for the infinitive (what felt scary was deciding), not the speaker; a
    feeling the speaker has ("felt nervous to ask") is the speaker's."""
    if head.lemma_.lower() not in ("feel", "be", "seem", "look", "sound"):
        return False
    adj = next((c for c in head.children if c.dep_ == "acomp" and c.pos_ == "ADJ"), None)
    return (
        adj is not None
        and adj.lemma_.lower() not in lx.MOOD_ADJECTIVES
        and any(
            c.dep_ == "xcomp" and any(a.tag_ == "TO" for a in c.children)
            for c in (*adj.children, *head.children)
        )
    )


def subjectless_kind(head: Any) -> str:
    """The subject kind of a clause with no subject: "implied" when its form says the speaker
    left themself out ("switched to Quillhost last week", "can't stand fennel", "been using
    Zettlr", "on lates all next week"), "vague" for a left-out "it" ("felt odd to
    refuse"), "imperative" for a bare verb ("Don't be sycophantic"), otherwise "none"."""
    if _extraposed(head) and opens_sentence(head):
        return "vague"  # "felt odd to refuse but fine"
    if (
        (head.tag_ in ("VBD", "VBG") or _active_participle(head))
        and opens_sentence(head)
        and not any(c.lower_ in ("me", "us") for c in head.children)
        and not _it_took(head)
    ):  # "took me two tries", "took 3 years": something else did the taking
        return "implied"
    if bare_past(head):  # "quit smoking 3 months ago": no imperative is done in the past
        return "implied"
    if _modal_opening(head):  # "can't stand cilantro", "didn't sleep much"
        return "implied"
    if _state_opening(head) or _been_opening(head):  # "blocked on X", "been using Y"
        return "implied"
    if _passive_opening(head):  # "got diagnosed w tennis elbow last mo"
        return "implied"
    if _verbless_state(head):  # "on lates all next week", "in Bilbao till Friday"
        return "implied"
    first = _opening_word(head.sent)
    if first is not None and first.head.i == head.i and typed_we_are(first):
        return "implied"  # "were closed on mondays now", "so were a bakery"
    if head.tag_ == "VB" and all(
        c.tag_ == "VB" and c.lower_ == "do" and c.i < head.i  # "Don't be sycophantic"
        for c in head.children
        if c.dep_ == "aux"
    ):
        return "imperative"
    return "none"


#: What "it took" / "it cost" measures ("took 3 years", "cost 200 bucks").
_MEASURES = frozenset(
    "second minute hour day week month year decade try attempt time dollar buck euro".split()
)


def _it_took(head: Any) -> bool:
    """ "took 3 years", "cost 40 bucks": said of "it", not of the speaker."""
    return head.lemma_.lower() in ("take", "cost", "last") and any(
        c.dep_ in ("dobj", "npadvmod", "attr") and c.lemma_.lower() in _MEASURES
        for c in head.children
    )


def own_adverbs(tokens: Any, head: Any) -> bool:
    """Every one of ``tokens`` is an adverb of ``head`` ("just", "finally")."""
    return all(t.dep_ in ("advmod", "neg") and t.head.i == head.i for t in tokens)


def opens_sentence(head: Any) -> bool:
    """``head`` is the sentence's first word after its lead-in, or after adverbs of its own
    ("just found out ...", "finally finished ..."), or after a subjectless clause of its own
    and a comma ("been learning Spanish for 3 months, got a 94 day streak", "walking to work,
    got soaked"): that clause has no one else as its subject either."""
    start = head.sent.start + lead_in_length(head.sent)
    if start > head.i:
        return False
    before = head.doc[start : head.i]
    if own_adverbs(before, head):
        return True
    if len(before) < 2 or before[-1].text != ",":
        return False
    opening = next((c for c in head.lefts if c.dep_ == "advcl"), None)
    return (
        opening is not None
        and opening.tag_.startswith("VB")
        and not any(c.dep_ in SUBJECT_DEPS or c.dep_ == "mark" for c in opening.children)
        and opening.left_edge.i == before[0].i
        and opening.right_edge.i == before[-2].i
    )


def lead_in_length(sent: Any) -> int:
    """How many leading tokens of ``sent`` are discourse words or punctuation."""
    n = 0
    for t in sent:
        if t.lower_ in lx.DISCOURSE_WORDS or t.is_punct or t.pos_ in ("INTJ", "CCONJ"):
            n += 1
        else:
            break
    return n
