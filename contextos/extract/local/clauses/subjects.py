"""A clause's subject: the dependency labels of one, the token the small parser took for it
(and the parses it gets wrong: "Marta's our head chef", "my brother just got married"), and the
subject of a fragment chat says without its "is" ("Menu refresh, planned for Q3", "vet
records done", "the launch date, it's the 14th") or of an existential ("there's a bug in the
export").
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.local.text import lexicon as lx

__all__ = [
    "SPEAKER_SUBJECTS",
    "SUBJECT_DEPS",
    "bare_body_part",
    "bare_predicate_adjective",
    "bare_status_participle",
    "comma_after_subject",
    "dislocated",
    "existential",
    "first_person_subject",
    "fragment_predicate",
    "left_out_copula",
    "misparsed_copula",
    "subject_of",
]


SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj"})
#: Subject kinds that are the speaker: "I", "we", and a subject left out ("moved here in May").
SPEAKER_SUBJECTS = frozenset({"self", "group", "implied"})


#: Dependents that make up a noun phrase to the left of its noun.
_NP_DEPS = frozenset({"det", "poss", "compound", "amod", "nummod", "case"})
#: A file path ("venv/bin/activate"): two slashes in one run of characters.
_PATH = re.compile(r"[^\s/]*/[^\s/]+/\S*")


def _nominal_root(head: Any) -> bool:
    """A noun or name at the root of its sentence, the sentence not pasted console output with
    a file path ("bash: venv/bin/activate: No such file")."""
    return (
        head.pos_ in ("NOUN", "PROPN") and head.dep_ == "ROOT" and not _PATH.search(head.sent.text)
    )


def misparsed_copula(head: Any) -> Any | None:
    """The subject of "Marta's our head chef" that the small parser reads as a
    possessive ("Marta's" + "our head chef"): a possessive 's right before a determiner
    cannot be one, so it is "is". Returns the subject token, or None."""
    if not _nominal_root(head):
        return None
    doc = head.doc
    for child in head.children:
        if child.dep_ != "poss" or child.pos_ not in ("PROPN", "NOUN"):
            continue
        case = next((c for c in child.children if c.tag_ == "POS"), None)
        if case is None:
            continue
        k = case.i + 1
        while k < len(doc) and doc[k].tag_ == "RB":  # "Marta's officially our chef"
            k += 1
        if k < len(doc) and doc[k].tag_ in ("DT", "PRP$"):
            return child
    return None


def subject_of(head: Any) -> Any | None:
    fake = misparsed_copula(head)
    if fake is not None:
        return fake
    subjects = [c for c in head.children if c.dep_ in SUBJECT_DEPS]
    if len(subjects) > 1 and _called_before_asking(subjects[0], subjects[1]):
        return subjects[1]
    if subjects:
        return None if _object_read_as_subject(head, subjects[0]) else subjects[0]
    if head.dep_ in ("conj", "xcomp") and head.head.i != head.i:
        return subject_of(head.head)
    return _possessed_adverbial(head)


def _called_before_asking(first: Any, second: Any) -> bool:
    """ "assistant can you remind her", "Sam could you send it": the listener called out before
    a question with no comma, which the parser takes for a second subject. The real one stands
    right after the auxiliary that follows the word called out."""
    between = first.doc[first.i + 1 : second.i]
    return len(between) == 1 and between[0].dep_ == "aux" and second.lower_ in lx.SECOND_PERSON


def _object_read_as_subject(head: Any, subj: Any) -> bool:
    """ "(I've been running for years,) did my first marathon last October": with its subject
    left out, the small parser makes the object of a past-tense verb its subject. A subject
    of the speaker's own ("my", "our") after a plain past verb in a statement is that; not
    after a verb of saying ("said my boss")."""
    return (
        subj.i > head.i
        and head.tag_ == "VBD"
        and head.lemma_ != "be"
        and head.lemma_ not in lx.OPINION_VERBS
        and any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in subj.children)
        and not any(c.dep_ in ("aux", "auxpass", "expl") for c in head.children)
        and not head.sent.text.rstrip().endswith("?")
    )


def _possessed_adverbial(head: Any) -> Any | None:
    """The subject the small parser reads as an adverbial noun: in "my brother just got
    married" it hangs "brother" on the verb as a npadvmod. A possessed noun before a verb
    that has no subject can only be that verb's subject."""
    if head.pos_ not in ("VERB", "AUX"):
        return None
    for child in head.children:
        if child.i > head.i:
            break
        if (
            child.dep_ == "npadvmod"
            and child.pos_ in ("NOUN", "PROPN")
            and any(c.dep_ == "poss" for c in child.children)
        ):
            return child
    return None


def bare_body_part(subj: Any) -> bool:
    """A part of the body with no determiner ("knee is killing me"): chat leaves out the "my"."""
    return (
        subj.pos_ == "NOUN"
        and subj.lemma_.lower() in lx.BODY_PARTS
        and not any(c.dep_ in ("det", "poss", "compound") for c in subj.children)
    )


def fragment_predicate(head: Any) -> Any | None:
    """What a nominal fragment says of its noun, the "is" left out: the participle of
    "<noun phrase>, <participle> ..." ("Menu refresh, planned for Q3", "pricing test,
    started last Monday") or the verbless phrase after a colon ("Deadline: Friday", "new opening
    date: next Tuesday"); None for anything else."""
    if not _nominal_root(head):
        return None
    doc = head.doc
    for child in head.rights:
        between = doc[head.i + 1 : child.i]
        if (
            child.dep_ == "acl"
            and child.tag_ in ("VBN", "VBD")
            and all(t.is_punct for t in between)
        ):  # "Menu refresh, planned for Q3"; "Three invoices lost in transit"
            return child
    if head.i + 1 < len(doc) and doc[head.i + 1].text == ":":
        after = [c for c in head.rights if c.i > head.i + 1 and not c.is_punct]
        rest = doc[head.i + 2 : head.sent.end]
        if after and not any(t.pos_ in ("VERB", "AUX") for t in rest):
            return after[0]
    return None


def comma_after_subject(subj: Any, head: Any) -> bool:
    """A lone comma between a noun subject and its verb ("pricing test, started Monday")."""
    return (
        subj.pos_ in ("NOUN", "PROPN") and subj.i + 2 == head.i and subj.doc[subj.i + 1].text == ","
    )


def existential(head: Any) -> Any | None:
    """The "there" of "there's only my own sample set", "there is a bug in the export": an
    existential with a thing named after it (not "there's heaps", "there's no way")."""
    if head.lemma_ != "be":
        return None
    there = next((c for c in head.children if c.dep_ == "expl" and c.lower_ == "there"), None)
    attr = next((c for c in head.children if c.dep_ in ("attr", "nsubj")), None)
    if there is None or attr is None or attr.pos_ not in ("NOUN", "PROPN"):
        return None
    if attr.lemma_.lower() in lx.EMPTY_EXISTENTIALS or any(c.dep_ == "neg" for c in head.children):
        return None
    return there


def left_out_copula(subj: Any, past: bool) -> str:
    """The "is" chat leaves out after ``subj``, agreeing with it: is, are, was or were."""
    plural = subj.tag_ in ("NNS", "NNPS")
    if past:
        return "were" if plural else "was"
    return "are" if plural else "is"


def bare_status_participle(subj: Any, head: Any) -> bool:
    """ "vet records done", "migration finished": a status participle with a noun subject and
    no "is" (chat leaves it out)."""
    return (
        head.tag_ == "VBN"
        and head.lower_ in lx.STATUS_WORDS
        and subj.dep_ == "nsubj"
        and subj.pos_ in ("NOUN", "PROPN")
        and not any(c.dep_ in ("aux", "auxpass", "npadvmod", "tmod") for c in head.children)
    )  # but "the dashboard shipped Tuesday" says when: a past verb, not a status


def bare_predicate_adjective(subj: Any, head: Any) -> bool:
    """ "office printer still broken", "staging env flaky again": an adjective said of a noun
    subject with no "is" (chat leaves it out)."""
    return (
        head.tag_ == "JJ"
        and head.dep_ == "ROOT"
        and subj.dep_ == "nsubj"
        and subj.pos_ in ("NOUN", "PROPN")
        and subj.right_edge.i < head.i
        and not any(c.dep_ in ("aux", "auxpass", "cop") for c in head.children)
    )


def dislocated(subj: Any) -> list[Any] | None:
    """The noun phrase an "it" subject takes up right after a comma ("update on the kickoff
    date, it's the 4th"): its tokens, or None."""
    doc = subj.doc
    if subj.lower_ != "it" or subj.i < 2 or doc[subj.i - 1].text != ",":
        return None
    noun = doc[subj.i - 2]
    if noun.pos_ != "NOUN" or noun.dep_ in SUBJECT_DEPS or noun.lower_ in lx.DISCOURSE_WORDS:
        return None  # not "idk, it would mean ..."
    start = noun.i
    while start - 1 >= 0 and doc[start - 1].head.i == noun.i and doc[start - 1].dep_ in _NP_DEPS:
        start -= 1
    return [doc[i] for i in range(start, noun.i + 1)]


def first_person_subject(verb: Any) -> bool:
    """``verb`` has "I" or "we" as its subject ("I run a bakery", "we decided")."""
    return any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in verb.children)
