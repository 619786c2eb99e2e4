"""Clause analysis on a dependency parse: who a clause is about, and whether it is a statement.

A parsed sentence is split into clauses (the root, plus conjoined verbs with their own subject).
Each clause gets its subject kind (the speaker, their group, something of theirs, a named person,
a thing, or something too vague), its polarity (a ``neg`` dependent), its modality (modal
auxiliary, conditional marker, wishful verb or adverb), whether it is a request to the assistant,
a hedge ("I think ..."), somebody else's opinion ("my brother thinks ..."), or a joke. Rules read
lemmas and dependency labels, with the word lists in ``lexicon.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from contextos.extract import lexicon as lx
from contextos.extract.dates import date_spans, is_calendar_word
from contextos.extract.names import kin_as_name, person_text
from contextos.extract.sarcasm import sarcasm
from contextos.extract.sentences import is_question

__all__ = [
    "SPEAKER_SUBJECTS",
    "SUBJECT_DEPS",
    "Clause",
    "analyze_sentence",
    "content_tokens",
    "filler_phrase_tokens",
    "first_person_subject",
    "in_hyphenated_word",
    "listeners_kin",
    "plural_you",
    "misparsed_copula",
    "names_something",
    "second_person",
    "typed_we_are",
    "verbless_state",
]

SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj"})
#: Subject kinds that are the speaker: "I", "we", and a subject left out ("moved here in May").
SPEAKER_SUBJECTS = frozenset({"self", "group", "implied"})
_CONTENT_POS = frozenset({"NOUN", "PROPN", "NUM", "ADJ", "VERB"})
#: Dependents that make up a noun phrase to the left of its noun.
_NP_DEPS = frozenset({"det", "poss", "compound", "amod", "nummod", "case"})
#: A file path ("venv/bin/activate"): two slashes in one run of characters.
_PATH = re.compile(r"[^\s/]*/[^\s/]+/\S*")
#: Words that join a comment or an instruction onto a statement ("so hopefully that helps").
_TACKING_WORDS = frozenset({"so", "hopefully", "and"})


@dataclass
class Clause:
    """One clause of a sentence, with what the extractor needs to know about it."""

    sent: Any  # spaCy Span (the sentence)
    head: Any  # spaCy Token (clause head)
    tokens: list[Any]  # clause tokens, in order
    subject: Any | None  # spaCy Token or None
    subject_kind: str  # self | group | self_possessive | implied | person | thing
    #                                | vague | second | third_pronoun | none
    copula: bool = False
    negated: bool = False
    tense: str = "present"  # past | present | future
    hedged: bool = False
    #: said under a condition ("... if Kwame signs off"); the text keeps the condition
    conditional: bool = False
    habitual: bool = False
    mentions_assistant: bool = False
    #: Why this clause is not a fact (a RejectReason), or "" when it may be one.
    reject: str = ""
    reject_detail: str = ""
    #: Why the clause was skipped without a rejection record (request, question, fragment ...).
    skip: str = ""
    cues: dict[str, str] = field(default_factory=dict)
    #: a statement read from a phrase inside the sentence (a relative clause), kept as a fact
    #: of its own rather than merged with the sentence's other statements
    standalone: bool = False
    #: words the renderer writes before a token (index -> text): the "is" a nominal fragment
    #: leaves out ("Onboarding revamp, planned for Q2")
    insert_before: dict[int, str] = field(default_factory=dict)

    @property
    def start_char(self) -> int:
        return int(self.tokens[0].idx)

    @property
    def end_char(self) -> int:
        last = self.tokens[-1]
        return int(last.idx + len(last.text))


def in_hyphenated_word(tok: Any) -> bool:
    """``tok`` is joined by a hyphen to the word before it ("thank-you", "see-you-later")."""
    if tok.i < 2:
        return False
    dash = tok.doc[tok.i - 1]
    return dash.text in ("-", "‐") and not dash.whitespace_ and not tok.doc[tok.i - 2].whitespace_


def second_person(tok: Any) -> bool:
    """``tok`` is "you"/"your" ... as a word of its own, not inside "thank-you"."""
    return tok.lower_ in lx.SECOND_PERSON and not in_hyphenated_word(tok)


#: Words after "you" that make it many listeners: "see you all", "you guys", "you two".
_PLURAL_YOU_AFTER = frozenset({"all", "guys", "lot", "two", "three", "both", "folks", "lads"})


def plural_you(tok: Any) -> bool:
    """``tok`` is a "you" said to several listeners ("see you all at midnight", "you guys")."""
    if tok.lower_ in ("y'all", "yall", "youse"):
        return True
    after = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return tok.lower_ == "you" and after is not None and after.lower_ in _PLURAL_YOU_AFTER


def listeners_kin(tok: Any) -> bool:
    """ "your mother", "your boss": a person of the listener's. An assistant has none, so in a
    chat with one it is another human's ("your mother can bring up the church", said to a
    partner while both talk to the assistant)."""
    return (
        tok.lower_ == "your"
        and tok.dep_ == "poss"
        and tok.head.pos_ == "NOUN"
        and tok.head.lemma_.lower() in lx.RELATION_NOUNS
    )


def content_tokens(tokens: list[Any], exclude: Any = None) -> list[Any]:
    return [
        t
        for t in tokens
        if (
            t.pos_ in _CONTENT_POS
            and (not t.is_stop or _capitalised_name(t))
            or t.lower_ in _STOP_WORDS_OF_CONTENT
            or _acronym(t)
        )
        and (exclude is None or t.i != exclude.i)
    ]


#: Stop words of the parser's list that still say how someone lives ("he lives alone").
_STOP_WORDS_OF_CONTENT = frozenset({"alone"})


def _capitalised_name(tok: Any) -> bool:
    """A proper noun written with its capital that is also a stop word ("we ship in May")."""
    return tok.pos_ == "PROPN" and tok.text[:1].isupper() and not tok.is_sent_start


def _acronym(tok: Any) -> bool:
    """ "IT", "HR", "QA": capitals the tagger may read as a pronoun or a stop word."""
    return len(tok.text) >= 2 and tok.text.isupper() and tok.text.isalpha()


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


def _subject_of(head: Any) -> Any | None:
    fake = misparsed_copula(head)
    if fake is not None:
        return fake
    subjects = [c for c in head.children if c.dep_ in SUBJECT_DEPS]
    if len(subjects) > 1 and _called_before_asking(subjects[0], subjects[1]):
        return subjects[1]
    if subjects:
        return None if _object_read_as_subject(head, subjects[0]) else subjects[0]
    if head.dep_ in ("conj", "xcomp") and head.head.i != head.i:
        return _subject_of(head.head)
    return _possessed_adverbial(head)


def _called_before_asking(first: Any, second: Any) -> bool:
    """ "assistant can you help him", "Sam could you send it": the listener called out before
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


def _active_participle(head: Any) -> bool:
    """A sentence-opening verb tagged a past participle that is the speaker's own past act
    ("Switched to Sentry last week", "Signed up with a tutor", "Finished the draft"), not a
    passive ("Hosted on Heroku"): it has an object or particle, or it is a verb of changing
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
    speaker's ("can't stand cilantro"; "can do Tuesday" answers a question, it states none)."""
    return (
        head.tag_ == "VB"
        and _opening_auxiliary(head, _SUBJECTLESS_AUXILIARIES) is not None
        and any(c.dep_ == "neg" for c in head.children)  # not "can do Tuesday at 3"
        and not is_question(head.sent.text)
    )


def _opening_word(sent: Any) -> Any | None:
    """The first word of ``sent`` after its lead-in (see :func:`_lead`), if any."""
    k = sent.start + _lead(sent)
    return sent.doc[k] if k < sent.end else None


def typed_we_are(tok: Any) -> bool:
    """A sentence-opening "were" with no subject ("so were a nut free bakery", "were closed
    on mondays now"): "we're" typed without its apostrophe."""
    first = _opening_word(tok.sent) if tok.text == "were" else None
    if first is None or first.i != tok.i:
        return False
    verb = tok if tok.dep_ not in ("aux", "auxpass") else tok.head
    return not any(c.dep_ in (*SUBJECT_DEPS, "expl") for c in verb.children)


def _opening_auxiliary(head: Any, words: frozenset[str]) -> Any | None:
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
    security review until Friday", "based in Toronto")."""
    return (
        head.tag_ in ("VBN", "VBD")
        and head.lower_ in lx.STATE_PARTICIPLES
        and not any(c.dep_ in ("aux", "auxpass") for c in head.children)
        and _opens_sentence(head)
    )


def verbless_state(sent: Any) -> Any | None:
    """The preposition of a sentence with no verb that opens with a state the speaker is in
    ("on nights all next week", "in Leeds till Friday", "off work with flu since monday"), or
    None: its object is a noun with no "of" after it ("on top of things", "on the topic of
    pricing"), no comma comes right after the phrase ("in short, ...", "at the moment,
    nothing"), and a number or time word says how long or how much ("on break again" is a
    moment)."""
    if any(t.pos_ in ("VERB", "AUX") for t in sent) or is_question(sent.text):
        return None
    if sum(not t.is_punct for t in sent) < 3:
        return None  # "On pricing.": a heading
    if not any(_measures_the_state(t) for t in sent):
        return None  # "on break again": a moment, not a state worth keeping
    start = sent.start + _lead(sent)
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


#: Words that give a verbless state its extent ("since monday", "till Friday").
_EXTENT_WORDS = frozenset({"since", "till", "til", "until"})


def _measures_the_state(tok: Any) -> bool:
    """A number, a time word or a "since/till" that gives a verbless state its extent or
    dose ("500mg twice a day", "all next week", "till Friday", "since monday")."""
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
        and _opening_auxiliary(head, _BEEN) is not None
        and not is_question(head.sent.text)
    )


def _passive_opening(head: Any) -> bool:
    """A sentence opening with the passive's "got"/"was" and no subject ("got diagnosed w
    carpal tunnel last wk", "was told to wait till Monday"): what happened to the speaker."""
    return (
        head.tag_ == "VBN"
        and _opening_auxiliary(head, _PASSIVE_OPENERS) is not None
        and not is_question(head.sent.text)
    )


_PASSIVE_OPENERS = frozenset({"got", "was"})


def _bare_past(head: Any) -> bool:
    """A sentence-opening bare verb form with a past time of its own ("quit smoking 3 months
    ago", "put the deposit down yesterday"): a past tense whose form is the bare verb's (the
    tag may have been set to VBD since)."""
    if head.tag_ not in ("VB", "VBD", "VBN") or any(
        c.dep_ in ("aux", "auxpass") for c in head.children
    ):
        return False
    if head.tag_ == "VBN" and head.lower_ != head.lemma_.lower():
        return False  # a participle of its own ("hosted on Heroku last year"), not "cut", "put"
    if not _opens_sentence(head):
        return False
    return any(
        t.lower_ in ("ago", "yesterday") or (t.lower_ == "last" and t.head.lower_ in lx.TIME_NOUNS)
        for t in head.subtree
    )


def _extraposed(head: Any) -> bool:
    """A subjectless "felt scary to decide", "was hard to say no": the left-out subject is an
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


def _subject_kind(subj: Any | None, head: Any) -> str:
    if subj is None:
        if _extraposed(head) and _opens_sentence(head):
            return "vague"  # "felt scary to decide but ok"
        if (
            (head.tag_ in ("VBD", "VBG") or _active_participle(head))
            and _opens_sentence(head)
            and not any(c.lower_ in ("me", "us") for c in head.children)
            and not _it_took(head)
        ):  # "took me two tries", "took 3 years": something else did the taking
            return "implied"
        if _bare_past(head):  # "quit smoking 3 months ago": no imperative is done in the past
            return "implied"
        if _modal_opening(head):  # "can't stand cilantro", "didn't sleep much"
            return "implied"
        if _state_opening(head) or _been_opening(head):  # "blocked on X", "been using Y"
            return "implied"
        if _passive_opening(head):  # "got diagnosed w carpal tunnel last wk"
            return "implied"
        if _verbless_state(head):  # "on nights all next week", "in Leeds till Friday"
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
    if _vocative(subj, head):
        return "imperative"
    low = subj.lower_
    if low == "i" or (low == "me" and any(c.dep_ == "conj" for c in subj.children)):
        return "self"  # also "me and my brother run a bakery"
    if low in lx.INDEPENDENT_POSSESSIVES:
        return "vague"  # "mine is good til 2029": whose what, only a noun before can say
    if low in lx.FIRST_PLURAL:
        return "group"
    if low in lx.SECOND_PERSON:
        return "second"
    if low in lx.THIRD_PERSONAL:
        return "third_pronoun"
    whole = _partitive_whole(subj)
    if whole is not None:  # "the last of the 142 DAGs was cut over": said of the DAGs
        return _subject_kind(whole, head)
    if _some_of_us(subj):
        return "thing"  # "all of us work remotely": the speaker's group, as a whole
    if (low in lx.VAGUE_SUBJECTS and not _described(subj) and not _acronym(subj)) or subj.tag_ in (
        "WDT",
        "WP",
        "EX",
    ):
        return "vague"  # but "the google thing" says which thing
    if any(c.dep_ == "case" for c in subj.children) and _plural_verb(head):
        return "vague"  # "Ravi's are usually solid": Ravi's what is not said
    if _people_in_general(subj):
        return "vague"  # "people want a free quote": no one in particular
    poss = [c for c in subj.children if c.dep_ == "poss"]
    if (poss and poss[0].lower_ in ("my",)) or kin_as_name(subj) or _bare_body_part(subj):
        return "self_possessive"  # "my mum", "Mum" said by her child, "knee" for "my knee"
    if poss and poss[0].lower_ in ("our",):
        return "group"
    if subj.pos_ == "PROPN" or subj.ent_type_ == "PERSON":
        return "person"
    if subj.pos_ in ("NOUN", "NUM") or _acronym(subj):  # "IT finally gave us licenses"
        return "thing"
    if subj.tag_ == "VBG" and not list(subj.children):  # "fundraising paused until January"
        return "thing"
    return "vague"


def _bare_body_part(subj: Any) -> bool:
    """A part of the body with no determiner ("knee is killing me"): chat leaves out the "my"."""
    return (
        subj.pos_ == "NOUN"
        and subj.lemma_.lower() in lx.BODY_PARTS
        and not any(c.dep_ in ("det", "poss", "compound") for c in subj.children)
    )


def _partitive_whole(subj: Any) -> Any | None:
    """The noun of "the last of the DAGs", "most of my friends", "half of the team": the whole
    a part-word subject takes from (None for anything else, or a pronoun: "some of them")."""
    whole = _taken_from(subj)
    return whole if whole is not None and whole.pos_ in ("NOUN", "PROPN") else None


def _some_of_us(subj: Any) -> bool:
    """ "all of us", "both of us", "most of us": a part-word subject taking from "us" (not
    "some of us", which is as often a veiled "I": "Some of us turned out with a crossbite")."""
    whole = _taken_from(subj)
    return whole is not None and whole.lower_ == "us" and subj.lower_ != "some"


def _taken_from(subj: Any) -> Any | None:
    """The object of the "of" after a part-word subject ("most of my friends", "all of us")."""
    if subj.lower_ not in lx.PARTITIVE_WORDS:
        return None
    of = next((c for c in subj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    return next((c for c in of.children if c.dep_ == "pobj"), None) if of else None


def _plural_verb(head: Any) -> bool:
    """A verb agreeing with a plural subject ("are", "were", "have"): after a lone possessive
    ("Ravi's are solid") it says the possessed noun was left out ("McDonald's is" names a
    place)."""
    verb = next((c for c in head.children if c.dep_ in ("aux", "auxpass")), head)
    return verb.tag_ == "VBP" or verb.lower_ == "were"


def _fragment_predicate(head: Any) -> Any | None:
    """What a nominal fragment says of its noun, the "is" left out: the participle of
    "<noun phrase>, <participle> ..." ("Onboarding revamp, planned for Q2", "pricing test,
    started last Monday") or the verbless phrase after a colon ("Deadline: Friday", "new launch
    target: next Saturday"); None for anything else."""
    if not _nominal_root(head):
        return None
    doc = head.doc
    for child in head.rights:
        between = doc[head.i + 1 : child.i]
        if (
            child.dep_ == "acl"
            and child.tag_ in ("VBN", "VBD")
            and all(t.is_punct for t in between)
        ):  # "Onboarding revamp, planned for Q2"; "Two save files corrupted in testing"
            return child
    if head.i + 1 < len(doc) and doc[head.i + 1].text == ":":
        after = [c for c in head.rights if c.i > head.i + 1 and not c.is_punct]
        rest = doc[head.i + 2 : head.sent.end]
        if after and not any(t.pos_ in ("VERB", "AUX") for t in rest):
            return after[0]
    return None


def _comma_after_subject(subj: Any, head: Any) -> bool:
    """A lone comma between a noun subject and its verb ("pricing test, started Monday")."""
    return (
        subj.pos_ in ("NOUN", "PROPN") and subj.i + 2 == head.i and subj.doc[subj.i + 1].text == ","
    )


def _vocative(subj: Any, head: Any) -> bool:
    """ "Femi, just send me the storyboard": the parser takes the name called out before a
    comma for the subject of a base-form verb; it is an imperative addressed to Femi. So is a
    noun it takes for the verb ("Oskar, patch prep before you leave"): a task handed out. A
    present-tense verb that does not agree with the one name before it is one too ("Deshawn,
    get both quotes in writing")."""
    doc = subj.doc
    disagrees = (  # not "Noelia, my waitress, she leave at end of march": a statement
        head.tag_ == "VBP"
        and subj.tag_ == "NNP"
        and not any(c.dep_ in ("conj", "cc", "appos") for c in subj.children)
        and not any(c.dep_ == "nsubj" and c.i != subj.i for c in head.children)
    )
    return (
        (head.tag_ == "VB" or head.pos_ == "NOUN" or disagrees)
        and subj.i < head.i
        and subj.i + 1 < len(doc)
        and doc[subj.i + 1].text == ","
        and not any(c.dep_ in ("aux", "auxpass") for c in head.children)
    )


def called_out(tok: Any) -> bool:
    """ "Femi owns the trailer, and Oskar, the demo build is yours": a name between "and" and a
    comma that the parser joined to the verb before it is someone called out by name, the
    clause after the comma addressed to them."""
    doc = tok.doc
    return (
        tok.dep_ == "conj"
        and tok.pos_ == "PROPN"
        and tok.head.pos_ in ("VERB", "AUX")
        and not list(tok.children)
        and tok.i + 2 < len(doc)
        and doc[tok.i + 1].text == ","
        and doc[tok.i - 1].lower_ in ("and", ",")
    )


#: How many tokens the end of an aside opening a clause may have.
_ASIDE_TAIL = 3


def _without_asides_tail(toks: list[Any], head: Any) -> list[Any]:
    """``toks`` without the end of a bracketed aside the sentence before opened ("(or did
    you? whatever): I write from 10pm": the parser ended a sentence at the aside's "?"):
    a few words and a closing bracket, with no opening one, before the clause's verb."""
    close = next((k for k, t in enumerate(toks[: _ASIDE_TAIL + 1]) if ")" in t.text), None)
    if close is None or any("(" in t.text for t in toks[:close]):
        return toks
    rest = toks[close + 1 :]
    if not rest or head.i <= toks[close].i:
        return toks
    while rest and rest[0].is_punct:
        rest = rest[1:]
    return rest or toks


def _trailing_vocative(tok: Any) -> bool:
    """ "His birthday is in October Dan.", "it's fine Rachel!": a name closing a sentence with no
    comma before it, which the parser hangs on the verb or a noun as an adverbial noun, is the
    person spoken to, not part of the statement (a weekday or month there is its date)."""
    doc = tok.doc
    return (
        tok.dep_ == "npadvmod"
        and tok.tag_ == "NNP"
        and tok.is_title
        and tok.is_alpha
        and not list(tok.children)
        and (tok.i + 1 == len(doc) or doc[tok.i + 1].text in (".", "!", "?", ",", "..."))
        and tok.i > 0
        and doc[tok.i - 1].is_alpha
        and not is_calendar_word(tok.text)
    )


def called_out_before(tokens: list[Any]) -> Any | None:
    """The name called out just before the clause ``tokens`` (see :func:`called_out`)."""
    if not tokens:
        return None
    first = tokens[0]
    i = first.i - 1
    doc = first.doc
    if i > 0 and doc[i].text == "," and called_out(doc[i - 1]):
        return doc[i - 1]
    return None


def _subject_tokens(subject: Any | None) -> set[int]:
    """Indices of the subject's phrase, which the object checks below look past."""
    return {t.i for t in subject.subtree} if subject is not None else set()


def _points_ahead(toks: list[Any]) -> str | None:
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


def _only_pronoun_object(toks: list[Any], subject: Any | None) -> str | None:
    """The pronoun a clause is about when nothing else in it names anything: "Kenji didn't
    approve that", "Femi wants it done by Sunday" (the subject and time words aside)."""
    pronoun = next(
        (
            t
            for t in toks
            if t.lower_ in lx.VAGUE_OBJECTS
            and not (t.tag_ == "WDT" and t.head.dep_ == "relcl")  # "the report that he sent"
            and not _acronym(t)  # "I work in IT": the department, not the pronoun
            and not _described(t)  # "sweet things", "old stuff"
            and t.dep_ in ("dobj", "pobj", "nsubj", "nsubjpass")
            and (subject is None or t.i != subject.i)
        ),
        None,
    )
    if pronoun is None:
        return None
    own = _subject_tokens(subject)
    dated = date_spans(pronoun.doc.text)
    for t in toks:
        if t.i in own or t.lower_ in lx.VAGUE_OBJECTS:
            continue
        if t.lower_ in lx.TIME_NOUNS or t.lemma_.lower() in lx.TIME_NOUNS or t.lower_ == "home":
            continue  # "fixed it that night when I got home", "been running it for years"
        if _in_spans(t, dated):
            continue  # "wants it done by May 31": when, not what
        if t.pos_ in ("NOUN", "PROPN", "NUM") or t.like_num:
            return None
    return str(pronoun.lower_)


def _says_so(head: Any) -> bool:
    """ "I'm hoping so too", "I'm afraid so": a verb of thinking or saying whose "so" stands
    for what the other person said."""
    nxt = head.doc[head.i + 1] if head.i + 1 < len(head.doc) else None
    return (
        nxt is not None
        and nxt.lower_ == "so"
        and (head.lemma_.lower() in lx.SO_VERBS or head.lower_ in lx.SO_VERBS)
    )


def _in_spans(tok: Any, spans: list[tuple[int, int]]) -> bool:
    """Whether ``tok`` starts inside one of the character ``spans`` (date phrases)."""
    return any(a <= tok.idx < b for a, b in spans)


def _people_in_general(tok: Any) -> bool:
    """ "people", "most folks", "everyone": no one in particular ("the people at work", "my
    people", "people who run" say who)."""
    if tok.lower_ not in lx.GENERIC_PEOPLE:
        return False
    return all(
        c.dep_ not in ("poss", "prep", "relcl", "acl", "compound", "amod", "det")
        or c.lower_ in lx.GENERIC_QUANTIFIERS
        for c in tok.children
    )


def _described(tok: Any) -> bool:
    """ "thing(s)"/"stuff" with a word that says what kind ("sweet things", "the google
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


def _bare_exchange(toks: list[Any], head: Any, subject: Any | None) -> bool:
    """A verb of talking or agreeing with nothing said: "Gabriel told Lucía", "Femi doesn't
    agree", "Alicia called me yesterday" (people, pronouns and time words only)."""
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
            return False  # an adjective said as a noun: "asked for the full" (manuscript)
    return True


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


def _own_adverbs(tokens: Any, head: Any) -> bool:
    """Every one of ``tokens`` is an adverb of ``head`` ("just", "finally")."""
    return all(t.dep_ in ("advmod", "neg") and t.head.i == head.i for t in tokens)


def _opens_sentence(head: Any) -> bool:
    """``head`` is the sentence's first word after its lead-in, or after adverbs of its own
    ("just found out ...", "finally finished ..."), or after a subjectless clause of its own
    and a comma ("been learning Spanish for 3 months, got a 94 day streak", "walking to work,
    got soaked"): that clause has no one else as its subject either."""
    start = head.sent.start + _lead(head.sent)
    if start > head.i:
        return False
    before = head.doc[start : head.i]
    if _own_adverbs(before, head):
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


def _negating_determiner(tok: Any) -> bool:
    """ "No" as the determiner of a noun ("No AWS console spelunking"): it negates what
    follows, unlike the answer "No, ..." that opens a sentence."""
    return tok.lower_ == "no" and tok.dep_ == "det" and tok.head.i > tok.i


def _lead(sent: Any) -> int:
    """How many leading tokens of ``sent`` are discourse words or punctuation."""
    n = 0
    for t in sent:
        if t.lower_ in lx.DISCOURSE_WORDS or t.is_punct or t.pos_ in ("INTJ", "CCONJ"):
            n += 1
        else:
            break
    return n


_SPLIT_DEPS = frozenset({"conj", "parataxis", "ccomp", "advcl"})
#: How the parser may hang an imperative after a colon on the noun before it ("One request:
#: whenever you ..., tell me ...").
_AFTER_COLON_DEPS = frozenset({"acl", "appos", "dep", "relcl"})
_SEPARATORS = frozenset({",", ";", "-", "–", "—", ":"})


def _clause_heads(sent: Any) -> list[Any]:
    """The root plus every verb with its own subject joined by "and"/a comma/a semicolon."""
    heads = [sent.root]
    for tok in sent:
        if tok.i == sent.root.i:
            continue
        if _requests_after(tok) and _standing_request(sent, tok, "imperative"):
            heads.append(tok)  # "..., so from now on please format the units as folders"
            continue
        if _stated_after_colon(tok):
            heads.append(tok)  # "they announced a restructure: our team is being merged"
            continue
        if _lasting_reason_of_self(tok):
            heads.append(tok)  # "..., since I'm vegetarian": what the speaker is, said as a reason
            continue
        if _what_it_means(tok):
            heads.append(tok)  # "it means sendlog dev is going to slow way down"
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
            )  # "OSBN says X and it's been 3 weeks": the parser made the second clause the root
            if joined is None or (joined.text not in _SEPARATORS and not (coordinated or aside)):
                continue
            if any(c.dep_ == "mark" or c.tag_ == "WRB" for c in tok.children):
                continue  # "..., because X": a subordinate clause stays with its head
        heads.append(tok)
    return heads


#: Subjects of "means" that point back at what was said ("it means", "which means").
_CONSEQUENCE_SUBJECTS = frozenset({"it", "that", "this", "which"})


def _what_it_means(tok: Any) -> bool:
    """The clause with a subject of its own that "it/that/which means" introduces: the
    consequence stated ("but it means sendlog dev is going to slow way down"), while the
    "it means" around it says nothing of its own."""
    head = tok.head
    subject = next((c for c in head.children if c.dep_ in SUBJECT_DEPS), None)
    return (
        tok.dep_ == "ccomp"
        and head.lemma_.lower() == "mean"
        and tok.i > head.i
        and (  # "it means ...", or chat's "Means I lose a week of work"
            subject.lower_ in _CONSEQUENCE_SUBJECTS
            if subject is not None
            else head.tag_ == "VBZ" and _opens_sentence(head)
        )
        and any(c.dep_ in SUBJECT_DEPS for c in tok.children)
        and not any(c.dep_ == "aux" for c in head.children)  # not "it could mean ..."
    )


def _elliptical(head: Any) -> bool:
    """ "cmprsk and survival are", "yes we do": an auxiliary standing for a verb phrase said
    before, nothing after it."""
    return (
        head.pos_ == "AUX"
        and head.dep_ == "ROOT"
        and not any(c.i > head.i and not c.is_punct for c in head.children)
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


def _requests_after(tok: Any) -> bool:
    """ "..., so please format X", "One request: tell me Y": a request to the listener joined
    on after a statement or a label."""
    if tok.dep_ in _SPLIT_DEPS and _tacked_on_request(tok, tok.head):
        return True
    return (
        tok.dep_ in _AFTER_COLON_DEPS
        and tok.i > tok.head.i
        and _bare_order(tok)
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
        and _set_off(tok, (":",))
    )


def _opening_participle(tok: Any) -> bool:
    """ "Moving to Denver in April, my partner got a job there", "Hired a bookkeeper, starts
    Monday": a participle phrase (or a past verb with its object) opening
    the sentence, cut off by a comma, with no subject of its own; in chat it is the speaker's
    doing, whatever the main clause is about, so a clause of its own."""
    if tok.dep_ != "advcl" or tok.i > tok.head.i:
        return False
    if tok.tag_ != "VBG" and not (  # "Hired a bookkeeper, starts Monday": a past act
        tok.tag_ in ("VBN", "VBD") and any(c.dep_ == "dobj" for c in tok.children)
    ):
        return False
    if tok.i != tok.sent.start + _lead(tok.sent) or tok.lemma_.lower() in _COMMENTING_PARTICIPLES:
        return False
    after = tok.doc[tok.right_edge.i + 1] if tok.right_edge.i + 1 < tok.sent.end else None
    return (
        after is not None
        and after.text == ","
        and not any(c.dep_ in (*SUBJECT_DEPS, "mark", "aux") for c in tok.children)
        and any(c.dep_ in ("dobj", "prep") for c in tok.children)
    )


#: Verbs whose past is spelled as their present ("I hurt", "we quit").
_SAME_FORM_PAST = frozenset(
    "hurt put cut set quit hit let shut cost spread split burst bet cast read".split()
)


def _past_in_present_form(head: Any, toks: list[Any]) -> bool:
    """A verb such as "hurt" tagged present in a clause that says when in the past ("last
    winter", "two years ago", "yesterday")."""
    return (
        head.tag_ in ("VBP", "VB")
        and head.lower_ in _SAME_FORM_PAST
        and not any(c.dep_ in ("aux", "auxpass") for c in head.children)
        and any(t.lower_ in lx.PAST_MARKERS for t in toks)
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
        return False  # "Nils is convinced Dad should move in, since I have a spare room": his
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


def _clause_tokens(head: Any, other_heads: list[Any]) -> list[Any]:
    excluded: set[int] = set()
    for other in other_heads:
        if other.i == head.i or other in head.ancestors:
            continue
        if other in head.subtree or other.head.i == head.i:
            excluded.update(t.i for t in other.subtree)
            excluded.update(c.i for c in head.children if c.dep_ == "cc" and c.i < other.i)
            if _what_it_means(other) and other.head.i != head.i:  # ", which means" around it
                excluded.update(t.i for t in other.head.subtree)
                comma = other.head.left_edge.i - 1  # none before a sentence's first word
                if comma >= 0 and other.doc[comma].is_punct:
                    excluded.add(comma)
    # sorted: a non-projective parse ("X yesterday so that helps") yields subtrees out of order
    for c in head.children:
        if called_out(c):
            excluded.add(c.i)
        if _so_fragment(c, head):  # "I'm lactose intolerant, so nothing with dairy"
            excluded.update(t.i for t in c.subtree)
            excluded.add(c.left_edge.i - 1)
        if _tacked_on_request(c, head) or _tacked_on_comment(c, head) or _relevance_clause(c):
            excluded.update(t.i for t in c.subtree)
            before = c.left_edge.i - 1
            if before > head.i and c.doc[before].lower_ in _TACKING_WORDS:
                excluded.add(before)  # "... on the 24th so keep that week light"
    for c in head.subtree:
        if _trailing_vocative(c):  # "His birthday is in October Dan."
            excluded.add(c.i)
        if c.dep_ == "relcl" and _comment_relative(c):
            excluded.update(t.i for t in c.subtree)
            after = c.right_edge.i + 1  # "..., which is amusing given her earlier position"
            if after < len(c.doc) and c.doc[after].lower_ in ("given", "considering"):
                excluded.update(t.i for t in c.doc[after].subtree)
            excluded.update(
                t.i for t in c.head.children if t.i < c.i and t.lower_ in _TACKING_WORDS
            )
    toks = sorted((t for t in head.subtree if t.i not in excluded), key=lambda t: t.i)
    # drop discourse openers and trailing punctuation / markers
    while (
        toks
        and (
            toks[0].lower_ in lx.DISCOURSE_WORDS
            or toks[0].is_punct
            or toks[0].pos_ in ("INTJ", "CCONJ", "SCONJ")
        )
        and toks[0].i != head.i
        and not _negating_determiner(toks[0])
        and not _opens_condition(toks[0], head)
        and not _opens_inner_clause(toks[0], head)
    ):
        toks.pop(0)
    toks = _strip_preamble(toks, head)
    toks = _without_fronted_pronoun_phrase(toks, head)
    toks = _without_asides_tail(toks, head)
    while toks and (
        (toks[-1].is_punct and toks[-1].text not in ")]%" and not _closes_quote(toks))
        or toks[-1].lower_ in lx.JOKE_MARKERS
        or (toks[-1].lower_ in lx.TRAILING_WORDS and toks[-1].i != head.i)
        or toks[-1].pos_ in ("CCONJ", "SYM")
        or toks[-1].is_space
    ):
        toks.pop()
    return toks


#: Words opening a clause that says when the rest holds.
_TIME_OPENERS = frozenset({"when", "whenever", "once", "while", "until", "till", "before", "after"})


def _opens_inner_clause(tok: Any, head: Any) -> bool:
    """ "When" of "When I get home I cook dinner": it opens a clause hung on the head, which
    says when the rest holds; dropped it would read "I get home I cook dinner". (A reason
    said first, "Since I'm stuck on R I need ...", is a statement of its own.)"""
    return (
        tok.lower_ in _TIME_OPENERS
        and tok.dep_ in ("advmod", "mark")
        and tok.head.i != head.i
        and tok.head.dep_ == "advcl"
        and tok.head.head.i == head.i
    )


def _without_fronted_pronoun_phrase(toks: list[Any], head: Any) -> list[Any]:
    """ "With it I finished the curriculum", "after that we moved": a phrase before the
    subject that only points back adds nothing the statement needs; left out, so its pronoun
    does not make the statement vague."""
    if not toks:
        return toks
    lead = next((c for c in head.children if c.dep_ == "prep" and c.i == toks[0].i), None)
    if lead is None or not any(
        g.dep_ == "pobj" and g.lower_ in ("it", "that", "this", "them") for g in lead.children
    ):
        return toks
    if not any(c.dep_ in SUBJECT_DEPS and c.i > lead.i for c in head.children):
        return toks
    cut = {t.i for t in lead.subtree}
    rest = [t for t in toks if t.i not in cut]
    while rest and rest[0].is_punct:
        rest = rest[1:]
    return rest


def _so_fragment(tok: Any, head: Any) -> bool:
    """A verbless phrase after ", so" that the parser hung on the head as a second object
    ("..., so nothing with dairy"): a consequence for the listener, not part of the fact."""
    left = tok.left_edge.i
    doc = tok.doc
    return (
        tok.i > head.i
        and tok.dep_ in ("attr", "dobj", "npadvmod", "dep")
        and left >= 2
        and doc[left - 1].lower_ == "so"
        and doc[left - 2].text == ","
        and not any(t.pos_ in ("VERB", "AUX") for t in tok.subtree)
    )


def _opens_condition(tok: Any, head: Any) -> bool:
    """ "if" opening a condition inside the clause ("if I ever win the lottery I'm buying a
    boat"): part of what the clause says, not a word to drop."""
    if tok.lower_ == "whenever" and tok.dep_ in ("mark", "advmod"):
        return tok.head.head.i == head.i  # "whenever you give me X, tell me Y"
    if tok.dep_ != "mark" or tok.lower_ not in lx.CONDITIONAL_MARKERS:
        return False
    if tok.head.i == head.i:
        # "If I get the job I'll move": the parser made the condition the root and hung what
        # follows on it; the "if" is all that says the rest is not so yet
        return head.dep_ == "ROOT"
    return tok.head.head.i == head.i


def _tacked_on_request(tok: Any, head: Any) -> bool:
    """ "..., put that in too": a subjectless base-form verb comma-joined after the clause is an
    instruction to the listener, not part of the statement."""
    if tok.i < head.i or tok.dep_ not in ("advcl", "parataxis", "dep", "ccomp", "conj"):
        return False
    if tok.pos_ != "VERB" or tok.lower_ != tok.lemma_.lower() or tok.tag_ in ("VBG", "VBN"):
        return False
    if tok.text[:1].isupper() and tok.i > tok.sent.start:
        return False  # "..., mostly Go and Postgres": a capitalised "verb" inside is a name
    if any(c.dep_ in SUBJECT_DEPS or c.dep_ in ("aux", "auxpass", "mark") for c in tok.children):
        return False
    if _lists_infinitives(tok, head):
        return False
    left = min(t.i for t in tok.subtree)
    if tok.dep_ == "conj":  # "we haven't told them yet so keep that between us"
        if tok.doc[left].lower_ == "so" and tok.doc[left].head.i == tok.i:
            return True
        if tok.doc[left - 1].lower_ == "so" and tok.doc[left - 1].head.i == head.i:
            return True  # "..., so from now on please format ...": "so" hangs on the head
        # "I need to fix the build, send me the logs": asks the listener for something
        return (
            left > 0
            and tok.doc[left - 1].text == ","
            and tok.tag_ == "VB"
            and any(c.dep_ in ("dative", "dobj") and c.lower_ in ("me", "us") for c in tok.children)
        )
    return left > 0 and (
        tok.doc[left - 1].text in (",", ";", "-", "–", "—") or tok.doc[left - 1].lower_ == "so"
    )


def _lists_infinitives(tok: Any, head: Any) -> bool:
    """ "I like to dance, run a dog school, and eat sweets": a bare verb after the head's
    "to" infinitive, itself going on with "and ...", is the next item of a list the parser
    hung off the head, not an instruction."""
    return any(
        c.dep_ == "xcomp" and c.i < tok.i and any(a.lower_ == "to" for a in c.children)
        for c in head.children
    ) and any(c.dep_ == "cc" for c in tok.children)


def _tacked_on_comment(tok: Any, head: Any) -> bool:
    """ "... during the day so this is just a hobby": a clause after the head whose subject is
    a bare demonstrative comments on the statement and adds nothing to the fact."""
    if tok.i < head.i or tok.dep_ not in ("advcl", "parataxis"):
        return False
    subj = next((c for c in tok.children if c.dep_ in SUBJECT_DEPS), None)
    return subj is not None and subj.lower_ in lx.COMMENT_SUBJECTS and not list(subj.children)


def _contrast(neg: Any, head: Any) -> bool:
    """ "starts Thursday the 19th, not Tuesday": a "not" after a comma and past the verb
    corrects a detail; the statement itself is positive."""
    doc = neg.doc
    return neg.i > head.i and neg.i > 0 and doc[neg.i - 1].text == ","


def _existential(head: Any) -> Any | None:
    """The "there" of "there's only my own test data", "there is a bug in the export": an
    existential with a thing named after it (not "there's a lot", "there's no way")."""
    if head.lemma_ != "be":
        return None
    there = next((c for c in head.children if c.dep_ == "expl" and c.lower_ == "there"), None)
    attr = next((c for c in head.children if c.dep_ in ("attr", "nsubj")), None)
    if there is None or attr is None or attr.pos_ not in ("NOUN", "PROPN"):
        return None
    if attr.lemma_.lower() in lx.EMPTY_EXISTENTIALS or any(c.dep_ == "neg" for c in head.children):
        return None
    return there


def _left_out_copula(subj: Any, past: bool) -> str:
    """The "is" chat leaves out after ``subj``, agreeing with it: is, are, was or were."""
    plural = subj.tag_ in ("NNS", "NNPS")
    if past:
        return "were" if plural else "was"
    return "are" if plural else "is"


def _bare_status_participle(subj: Any, head: Any) -> bool:
    """ "vet records done", "migration finished": a status participle with a noun subject and
    no "is" (chat leaves it out)."""
    return (
        head.tag_ == "VBN"
        and head.lower_ in lx.STATUS_WORDS
        and subj.dep_ == "nsubj"
        and subj.pos_ in ("NOUN", "PROPN")
        and not any(c.dep_ in ("aux", "auxpass", "npadvmod", "tmod") for c in head.children)
    )  # but "the dashboard shipped Tuesday" says when: a past verb, not a status


def _bare_predicate_adjective(subj: Any, head: Any) -> bool:
    """ "platform ticket still dead", "staging env flaky again": an adjective said of a noun
    subject with no "is" (chat leaves it out)."""
    return (
        head.tag_ == "JJ"
        and head.dep_ == "ROOT"
        and subj.dep_ == "nsubj"
        and subj.pos_ in ("NOUN", "PROPN")
        and subj.right_edge.i < head.i
        and not any(c.dep_ in ("aux", "auxpass", "cop") for c in head.children)
    )


def _dislocated(subj: Any) -> list[Any] | None:
    """The noun phrase an "it" subject takes up right after a comma ("correction on the move
    date, it's the 27th"): its tokens, or None."""
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


def _closes_quote(toks: list[Any]) -> bool:
    """Whether the last token closes a quotation opened earlier in ``toks`` ("still
    'pending FBI results'")."""
    last = toks[-1]
    if last.text not in ("'", '"', "”", "’"):
        return False
    opening = {"'": "'`", '"': '"`', "”": "“", "’": "‘"}[last.text]
    return any(t.text[:1] in opening for t in toks[:-1] if t.is_punct)


def _comment_relative(tok: Any) -> bool:
    """ "... emailed research computing yesterday so hopefully that helps": the parser hangs
    the comment on the last noun as a relative clause; a real one ("the tool that helps") has
    its "that" right after the noun."""
    subj = next((c for c in tok.children if c.dep_ in SUBJECT_DEPS), None)
    if subj is None or list(subj.children):
        return False
    if subj.lower_ == "which" and _verdict_on_what_was_said(tok, subj):
        return True
    if subj.lower_ not in lx.COMMENT_SUBJECTS:
        return False
    return any(t.lower_ in _TACKING_WORDS for t in tok.doc[tok.head.i + 1 : subj.i])


def _verdict_on_what_was_said(tok: Any, which: Any) -> bool:
    """ ", which is somewhat amusing given her earlier position", ", which was great": after
    a comma, "which" + "is" + an adjective that judges (``COMMENT_ADJECTIVES``; not ", which is
    blue") — the speaker's comment on the whole statement, not a detail of the noun before it."""
    before = tok.doc[which.i - 1] if which.i > 0 else None
    if before is None or before.text != "," or tok.lemma_ != "be":
        return False
    adj = next((c for c in tok.children if c.dep_ == "acomp" and c.pos_ == "ADJ"), None)
    return adj is not None and adj.lower_ in lx.COMMENT_ADJECTIVES


def _word_hyphen(tok: Any) -> bool:
    """A hyphen inside a word ("40-tab"), not a dash between phrases."""
    return tok.text == "-" and tok.i > 0 and not tok.doc[tok.i - 1].whitespace_


def _strip_preamble(toks: list[Any], head: Any) -> list[Any]:
    """Drop a short lead-in ending in ',' or ':' that holds neither head nor subject
    ("Life update: I start ...", "Big news, Tom is leaving")."""
    for k, t in enumerate(toks[:5]):
        if t.text in (",", ":", "-", "–", "—") and k > 0 and not _word_hyphen(t):
            lead = toks[:k]
            if all(x.i != head.i and x.dep_ not in SUBJECT_DEPS for x in lead) and not any(
                x.dep_ == "mark" or x.pos_ == "ADP" for x in lead
            ):
                return toks[k + 1 :]
            break
    return _strip_imperative_lead(toks, head)


#: At most this many words in an imperative lead-in dropped before a statement.
_MAX_IMPERATIVE_LEAD = 8


def _strip_imperative_lead(toks: list[Any], head: Any) -> list[Any]:
    """Drop an imperative lead-in addressed to the listener before a comma ("dont let me
    forget, my mom is taking the kids", "remind me, my sister visits on Friday")."""
    for k, t in enumerate(toks[: _MAX_IMPERATIVE_LEAD + 1]):
        if t.text != ",":
            continue
        lead = toks[:k]
        inside = {x.i for x in lead}
        tops = [x for x in lead if x.head.i not in inside or x.head.i == x.i]
        if (
            len(tops) == 1
            and tops[0].tag_ == "VB"
            and tops[0].head.i == head.i
            and tops[0].i != head.i
            and not any(c.dep_ in SUBJECT_DEPS for c in tops[0].children)
        ):
            return toks[k + 1 :]
        break
    return toks


def _tense(head: Any) -> str:
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


def _inverted_question(head: Any, subj: Any | None) -> bool:
    """A question typed without its question mark: the sentence opens with an auxiliary of
    ``head`` that stands before the subject ("do i go back to them or find someone else",
    "should we switch suppliers"), or right after an "or" ("are you coming or shall I send
    notes")."""
    if subj is None:
        return False
    first = _opening_auxiliary(head, lx.QUESTION_AUXILIARIES)
    if first is None and head.dep_ == "conj":  # "are you coming or shall I send notes"
        first = next(
            (
                c
                for c in head.children
                if c.dep_ in ("aux", "auxpass")
                and c.lower_ in lx.QUESTION_AUXILIARIES
                and c.i > 0
                and c.doc[c.i - 1].lower_ == "or"
            ),
            None,
        )
    return first is not None and first.i < subj.i < head.i


def _is_request(sent: Any, clause_text_low: str, head: Any, kind: str) -> bool:
    if kind == "imperative":
        return True
    if kind == "implied" and _bare_past(head):
        return False  # "put the deposit down yesterday": done, not asked for
    if kind == "second":
        modals = {c.lower_ for c in head.children if c.dep_ == "aux"}
        if modals & {"can", "could", "would", "will"}:
            return True
    if kind == "self" and _asks_for_help(head):
        return True
    low = clause_text_low.lstrip()
    if lx.REQUEST_MARKERS.intersection(low.split()):
        return True
    return any(low.startswith(op + " ") or low == op for op in lx.REQUEST_OPENERS)


#: Question words that also open a clause said as a statement ("when I get home I cook").
_WH_OPENERS = frozenset({"when", "what", "how", "where", "why", "whenever"})


def _wh_clause_said(toks: list[Any]) -> bool:
    """The clause opens with a question word and its subject right after ("When I get home I
    cook dinner", "What I need is a break"): statement word order, no question."""
    if len(toks) < 3 or toks[0].lower_ not in _WH_OPENERS or toks[-1].text.endswith("?"):
        return False
    verb = toks[0].head
    return any(  # the subject right after the question word: no "do"/"is" before it
        c.dep_ in ("nsubj", "nsubjpass") and c.left_edge.i == toks[0].i + 1 and c.i < verb.i
        for c in verb.children
    )


def _asks_for_help(head: Any) -> bool:
    """ "I need help getting organised", "I need a hand": asking the listener for help, not a
    need to remember. Help with something named ("help with my supplier of fish, Pescados
    Cantábrico") says what the trouble is, and stays."""
    if head.lemma_.lower() != "need":
        return False
    wanted = next((c for c in head.children if c.dep_ == "dobj"), None)
    if wanted is None or wanted.lemma_.lower() not in ("help", "hand", "advice"):
        return False
    return not any(c.dep_ == "prep" for c in (*wanted.children, *head.children))


def _standing_request(
    sent: Any, head: Any, kind: str, lead: str = "", instructions: bool = False
) -> str:
    """What makes the clause at ``head`` a standing request to the listener (the marker, or ""
    when it is none): an imperative or an "I (would) ask that you ..." with a standing marker in
    it ("from now on please format ...", "never use emojis"), a scope marker in the ``lead``
    of the sentence before it ("whenever you give me X, please tell me Y", "One request that
    applies to everything: ..."), or a sentence that calls itself a general request
    ("A general request: ..."). In ``instructions`` (the user's custom instructions to the
    assistant) every request holds for all conversations."""
    if kind == "imperative" or (  # "always list ...": the parser's VBP is an imperative too
        kind == "none" and head.pos_ == "VERB" and head.tag_ in ("VB", "VBP")
    ):
        if head.lemma_.lower() == "mind":
            return ""  # "never mind"
    elif not (
        kind == "self" and head.lemma_.lower() in lx.ASKING_VERBS and _asks_the_listener(head)
    ):
        return ""
    if instructions:
        return "custom instructions"
    # not a marker in a clause of its own hung on it: "let me introduce myself, as I always
    # told my pupils to do" asks nothing always
    theirs = {
        t.i
        for c in head.subtree
        if c.dep_ in ("advcl", "relcl") and any(g.dep_ in SUBJECT_DEPS for g in c.children)
        for t in c.subtree
    }
    own = " ".join(t.lower_ for t in head.subtree if t.i not in theirs)
    before = lead.lower()
    for marker in lx.STANDING_REQUEST_MARKERS:
        if re.search(rf"\b{marker}\b", own) or (
            marker in lx.STANDING_SCOPE_MARKERS and re.search(rf"\b{marker}\b", before)
        ):
            return marker
    said = f"{before} {sent.text.lower()}"
    for scope in lx.STANDING_REQUEST_SCOPES:
        for noun in lx.STANDING_REQUEST_NOUNS:
            if re.search(rf"\b{scope} {noun}\b", said):
                return f"{scope} {noun}"
    return ""


#: "how to say ...", "how do I say ...": what follows is words the speaker wants, not
#: something they say of themselves.
_WORDING_REQUEST = re.compile(
    r"\bhow\s+(?:to|do\s+(?:i|you|u)|would\s+(?:i|you|u)|can\s+(?:i|you|u)|d'?you)"
    r"\s+(?:say|write|spell|translate)\b",
    re.I,
)
#: "Her take: ...", "Kate's view: ...": a label saying whose opinion follows.
_OPINION_LABEL = re.compile(
    r"\b((?:her|his|their|[A-Z][\w-]*['’]s)\s+(?:take|view|opinion|advice|verdict|"
    r"suggestion|recommendation|thinking|feedback))\s*:\s*$",
    re.I,
)


def _said_how(head: Any) -> bool:
    """The clause is the words a request asks for, its "say" above it: "how do I say I'm
    allergic" (one earlier in the written sentence is found in the sentence's lead: "like how
    to say i have diabetes, i need my medicine")."""
    return any(
        a.lemma_.lower() in ("say", "write", "translate")
        and any(c.lower_ == "how" for c in a.children)
        for a in head.ancestors
    )


def _reject_pronoun_only(clause: Clause, pronoun: str) -> None:
    clause.reject = "vague"
    clause.reject_detail = f"only a pronoun ('{pronoun}') says what it is about"


def _opinion_label(lead: str) -> str:
    """The label of someone else's view right before the clause ("Her take: ..."), or ""."""
    m = _OPINION_LABEL.search(lead)
    return m.group(1) if m else ""


def _asks_the_listener(head: Any) -> bool:
    """ "ask that you not use emojis", "ask you to keep it short": the listener is to act."""
    for c in head.children:
        if c.dep_ == "ccomp" and any(
            g.dep_ == "nsubj" and g.lower_ in lx.SECOND_PERSON for g in c.children
        ):
            return True
        if c.dep_ == "dobj" and c.lower_ in lx.SECOND_PERSON:
            return True
    return False


def _hypothetical(sent_low: str, tokens: list[Any], head: Any, kind: str) -> str:
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


def _no_way(head: Any, subj: Any | None) -> list[Any] | None:
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


def _deny(clause: Clause, head: Any, denial: list[Any]) -> None:
    """Make the clause say "not" where its "no way" stood: after its auxiliary or its "be"
    ("we're not running", "it's not happening"); one with neither is left out."""
    cut = {t.i for t in denial}
    clause.tokens = [t for t in clause.tokens if t.i not in cut]
    clause.negated = True
    if any(c.dep_ in ("aux", "auxpass") for c in head.children):
        clause.cues["not_before"] = str(head.i)
    elif head.lemma_ == "be" and head.i + 1 < len(head.doc):
        clause.cues["not_before"] = str(head.i + 1)
    else:
        clause.skip = "denied without an auxiliary"


#: Nouns of "as a ..." phrases that link what is said, not a role ("as a result").
_AS_A_IDIOMS = frozenset(
    "result example aside reminder rule whole alternative consequence matter bonus precaution "
    "compromise side note courtesy gesture token favour favor backup test heads-up".split()
)


def _as_a_role(clause: Clause) -> bool:
    """Make the fragment "As a nurse working nights" (a role the speaker asks from, cut off
    the question after it) say so: "<speaker> is a nurse working nights". False, and the
    clause untouched, for anything else."""
    toks = clause.tokens
    if len(toks) < 3 or toks[0].lower_ != "as" or toks[0].dep_ != "ROOT":
        return False
    role = next((c for c in toks[0].children if c.dep_ == "pobj"), None)
    if role is None or role.pos_ != "NOUN" or toks[1].lower_ not in ("a", "an"):
        return False
    if role.lemma_.lower() in _AS_A_IDIOMS:
        return False  # "As a result, ...", "As an example, ..."
    if any(t.pos_ in ("VERB", "AUX") and t.dep_ not in ("acl", "compound", "amod") for t in toks):
        return False
    clause.tokens = toks[1:]
    clause.insert_before[toks[1].i] = "is"
    clause.subject_kind = "implied"
    clause.copula = True
    return True


#: Words before a role noun that keep a fragment a description of the speaker ("a retired
#: nurse", "solo founder", "4th-year PhD student"); "my", "the", "our" make it someone's.
_ROLE_MODIFIER_DEPS = frozenset({"amod", "compound", "nummod", "npadvmod", "nmod", "punct"})
#: A capitalised word after a lower-case word or a comma: a name said before ("Met Sarah").
_NAMED_MID_SENTENCE = re.compile(r"(?<=[a-z,] )[A-Z][a-z]")
#: Letters whose names start with a vowel sound: "an ICU nurse", "an RN", "an SRE".
_VOWEL_SOUND_LETTERS = frozenset("AEFHILMNORSX")


def _role_fragment(clause: Clause, said_before: str) -> bool:
    """Make a verbless fragment that is a role ("Backend dev at Stripe.", "Retired nurse, 68,
    living in Leeds.", "Context: solo founder, Quotewell.") say the speaker is one: "<speaker>
    is a backend dev at Stripe". Only a singular role noun (``ROLE_NOUNS``, "dev" for
    "developer") opening the sentence with nothing but modifiers before it, with no verb of its
    own, not a question, and with no one else named before it in the turn ("Met Sarah.
    Product designer at Figma." describes Sarah). False, and the clause untouched, otherwise."""
    head, toks = clause.head, clause.tokens
    if head.pos_ != "NOUN" or head.tag_ != "NN" or not _is_role_noun(head):
        return False
    sent = clause.sent
    label = head.head
    if head.dep_ == "appos" and label.i == sent.root.i and label.lower_ in lx.LABEL_WORDS:
        # "Context: solo founder, Quotewell": the role after the label and its colon
        toks = [t for t in toks if t.i > label.i and not (t.i == label.i + 1 and t.is_punct)]
    elif head.i != sent.root.i:
        return False
    if not toks or "?" in sent.text:
        return False
    if any(t.pos_ in ("VERB", "AUX") and t.dep_ not in ("acl", "amod") for t in sent):
        return False
    before = [t for t in toks if t.i < head.i]
    if any(t.dep_ not in _ROLE_MODIFIER_DEPS and t.lower_ not in ("a", "an") for t in before):
        return False
    if any(t.ent_type_ in ("DATE", "TIME") or is_calendar_word(t.text) for t in before):
        return False  # "Sunday admin.": a chore of the day, no role
    if _NAMED_MID_SENTENCE.search(said_before + sent.doc[: sent.start].text):
        return False  # someone named before: the fragment may describe them
    first = toks[0]
    clause.tokens = toks
    if first.lower_ in ("a", "an"):
        clause.insert_before[first.i] = "is"
    else:
        letter = first.text[:1]
        vowel = letter.lower() in "aeiou" if not first.is_upper else letter in _VOWEL_SOUND_LETTERS
        clause.insert_before[first.i] = "is an" if vowel else "is a"
    clause.subject_kind = "implied"
    clause.copula = True
    return True


def _is_role_noun(tok: Any) -> bool:
    low = tok.lower_
    return (
        low in lx.ROLE_NOUNS
        or tok.lemma_.lower() in lx.ROLE_NOUNS
        or lx.SHORTHAND.get(low, "") in lx.ROLE_NOUNS
    )


def _would_rather(head: Any, aux: set[str]) -> bool:
    """ "would rather X", "would prefer X", "would never X": a preference stated, not a
    hypothetical."""
    if not aux & {"would", "'d"}:
        return False
    return head.lemma_.lower() == "prefer" or any(
        c.dep_ in ("advmod", "neg") and c.lower_ in ("rather", "never") for c in head.children
    )


def _hedges_a_detail(tok: Any) -> bool:
    """ "my crew (maybe 10-12 people)", "perhaps 20 minutes": the adverb hedges a quantity or
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


def _stated_state(head: Any, kind: str) -> bool:
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


def _announcement(head: Any) -> str | None:
    """What a clause announces when it only announces what follows it and states nothing:
    "I must correct myself (on one point)", "let me correct myself" (the correction,
    retractions.py); "I have made up my mind: I shall sell" (the decision, said next; "made up
    my mind to sell" or "about the job" says it)."""
    lemma = head.lemma_.lower()
    objects = [c.lower_ for c in head.children if c.dep_ == "dobj"]
    if lemma == "correct" and any(o in ("myself", "ourselves") for o in objects):
        return "a correction announced"
    if (
        lemma == "make"
        and "mind" in objects
        and any(c.dep_ == "prt" and c.lower_ == "up" for c in head.children)
        and not any(
            c.dep_ in ("advcl", "xcomp", "prep")
            or (c.dep_ == "ccomp" and not _set_off(c, (":", "-", "–", "—")))
            for c in head.children
        )
    ):
        return "a decision announced"
    return None


def _set_off(clause_head: Any, marks: tuple[str, ...]) -> bool:
    """Whether the clause of ``clause_head`` is set off by one of ``marks`` from the words
    before it ("my mind: we're selling", "a restructure: our team is being merged")."""
    start = clause_head.left_edge.i
    return start > 0 and clause_head.doc[start - 1].text in marks


#: Verbs a speaker owns up with to what they said before ("I know I said five").
_KNOWING = frozenset({"know", "realise", "realize", "admit"})


def _owning_up(head: Any) -> str | None:
    """ "I know I said five", "I realise I mentioned this": the speaker's own earlier words
    owned up to (the parser hangs the "know" on the "said", or the "said" on the "know")."""
    pairs = [(head, c) for c in head.children if c.dep_ == "ccomp"]
    pairs += [(c, head) for c in head.children if c.dep_ == "parataxis"]
    for knowing, said in pairs:
        if (
            knowing.lemma_.lower() in _KNOWING
            and said.lemma_.lower() in lx.EXCHANGE_VERBS
            and all(first_person_subject(v) for v in (knowing, said))
        ):
            return f"{knowing.text} ... {said.text}"
    return None


def first_person_subject(verb: Any) -> bool:
    """``verb`` has "I" or "we" as its subject ("I run a bakery", "we decided")."""
    return any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in verb.children)


def _talk_about_the_talk(head: Any) -> str | None:
    """What the speaker says of the conversation itself, not of their life: "I need to vent",
    "let me rant" (a verb of the talking), "I want to be clear", "I'm going to be honest" (how
    they mean to talk; "I'm honest" is a trait), "I just wanted to say thanks", "I have a quick
    question (about X)", "I know I said five" (what they said before). The word that makes it
    so, or None."""
    if (owned := _owning_up(head)) is not None:
        return owned  # "I know I said five": of what they said before
    chain = [head]
    while (nxt := next((c for c in chain[-1].children if c.dep_ == "xcomp"), None)) is not None:
        chain.append(nxt)
    for k, verb in enumerate(chain):
        lemma = verb.lemma_.lower()
        objects = [c for c in verb.children if c.dep_ in ("dobj", "acomp")]
        if lemma in lx.TALK_VERBS:
            return verb.text
        if k and lemma == "be" and any(o.lower_ in lx.CANDOUR_ADJECTIVES for o in objects):
            return f"be {objects[0].text}"
        if k and lemma in ("say", "add") and objects and objects[0].lower_ in lx.COURTESIES:
            return f"{verb.text} {objects[0].text}"
        if not k and lemma == "have" and any(o.lemma_.lower() in lx.TALK_NOUNS for o in objects):
            return objects[0].text
    return None


def _is_reaction(head: Any) -> bool:
    """ "I'm sorry to hear that", "I'm glad we met", "I'm sure it is": a reaction, not a fact."""
    if head.lemma_ != "be" or _speakers_own_thing(head):
        return False
    acomp = next((c for c in head.children if c.dep_ == "acomp"), None)
    if acomp is None or acomp.lemma_.lower() not in lx.REACTION_ADJECTIVES:
        return False
    others = [c for c in acomp.children if c.dep_ not in ("advmod", "xcomp", "ccomp", "punct")]
    if any(c.dep_ == "xcomp" and names_something(c) for c in acomp.children):
        return False  # "I'm excited to start my career as a nurse": a plan, glad or not
    if any(c.dep_ == "xcomp" and c.tag_ == "VBG" and list(c.children) for c in acomp.children):
        return False  # "I'm happy being single": a state the speaker lives in, not a reply
    return not others and not any(c.dep_ in ("attr", "prep") for c in head.children)


def _hedges_a_date(tok: Any) -> bool:
    """A hedge on the date or number right after it ("probably late June", "roughly 40"),
    not on a verb."""
    if tok.head.pos_ in ("VERB", "AUX"):
        return False
    for t in tok.doc[tok.i + 1 : tok.i + 5]:
        if t.is_punct and t.text not in ("-", "–"):
            return False
        if t.like_num or t.lemma_.lower() in lx.TIME_NOUNS or is_calendar_word(t.text):
            return True
    return False


def _hedges(tok: Any) -> bool:
    """``tok`` hedges its clause ("probably", "apparently"); a softener on an adjective only
    says how much ("kinda burnt out"), one on a date or a number how sure that is."""
    if tok.lower_ not in lx.HEDGE_ADVERBS:
        return False
    head = tok.head
    if _hedges_a_date(tok):
        return False  # "I'll go after the launch, probably late June": the date is the guess
    on_adjective = head.pos_ == "ADJ" or (head.pos_ == "VERB" and head.tag_ == "VBN")
    return tok.lower_ not in lx.DEGREE_SOFTENERS or not on_adjective


def _speakers_own_thing(head: Any) -> bool:
    """Whether the subject of ``head`` is a thing of the speaker's ("my wrist", "our dog", a
    bare "wrist"): "my wrist is fine now" reports its state, "I'm fine" only answers."""
    subject = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.pos_ != "NOUN":
        return False
    if _bare_body_part(subject):
        return True  # "wrist is basically fine now": chat leaves out the "my"
    return any(
        c.dep_ == "poss" and c.lower_ in lx.FIRST_SINGULAR | lx.FIRST_PLURAL
        for c in subject.children
    )


def _is_verdict(head: Any) -> bool:
    """ "20 customers is right", "the date is correct": says only that something said was so
    (a confirmation of the listener's words), nothing of its own."""
    if head.lemma_ != "be":
        return False
    acomp = next((c for c in head.children if c.dep_ == "acomp"), None)
    return (
        acomp is not None
        and acomp.lower_ in lx.VERDICT_ADJECTIVES
        and not any(c.dep_ not in ("advmod", "punct") for c in acomp.children)
        and not any(c.dep_ in ("attr", "prep", "ccomp", "xcomp") for c in head.children)
    )


def names_something(verb: Any) -> bool:
    """Whether the phrase under ``verb`` names a thing of the speaker's (a content noun, and
    nothing of the listener's): "to start my career as a nurse", not "to hear that" or "to
    help with your project"."""
    sub = list(verb.subtree)
    if verb.lemma_.lower() in lx.REACTION_VERBS or any(t.lower_ in lx.SECOND_PERSON for t in sub):
        return False
    return any(t.pos_ in ("NOUN", "PROPN") and not t.is_stop for t in sub)


def _advice(head: Any, kind: str) -> str:
    """ "My aunt keeps telling me to sell the car": another person's advice, not a fact; news
    told in a clause of its own ("Dr. Pettis told me it has been approved") is information."""
    if kind in ("self", "group", "implied", "imperative"):
        return ""  # "tell me where it comes from" asks; it reports no one's advice
    verb = head
    for _ in range(3):
        if verb.lemma_.lower() in lx.ADVICE_VERBS:
            told = [c for c in verb.children if c.dep_ in ("xcomp", "ccomp")]
            if told and not (  # the first clause told is what was told; later ones are their own
                told[0].dep_ == "ccomp" and _reported_information(verb, told[0])
            ):
                return verb.text
        verb = next((c for c in verb.children if c.dep_ == "xcomp"), None)
        if verb is None:
            break
    return ""


def _reported_information(head: Any, comp: Any) -> bool:
    """ "Legal says the terms don't meet the rules", "OSBN said the card was rejected": words
    reported as information, not a judgement. A judgement is a comparison ("the gyms there are
    better"), advice or a guess ("I should chill"), an impression ("the jump feels floaty"), a
    quality ("leaderboards are toxic"; a status such as "ready" or "broken" is information), or
    anything conditional."""
    if head.lemma_ not in lx.REPORT_VERBS or _bare_order(comp):
        return False
    toks = list(comp.subtree)
    if _has_condition(toks) or comp.lemma_ in lx.APPEARANCE_VERBS:
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


def _bare_order(verb: Any) -> bool:
    """A base-form verb with no subject or auxiliary of its own: an order ("keep walking")."""
    return verb.tag_ == "VB" and not any(
        c.dep_ in SUBJECT_DEPS or c.dep_ in ("aux", "mark") for c in verb.children
    )


def _said_to_do(head: Any) -> Any | None:
    """ "my doctor says keep walking": the order a verb of saying reports, which the parser
    hangs on it as an open complement (None when there is none). Advice, like "says I
    should"."""
    if head.lemma_ not in lx.REPORT_VERBS:
        return None
    return next((c for c in head.children if c.dep_ == "xcomp" and _bare_order(c)), None)


#: Verbs of going on or starting to do something ("keeps saying", "started saying").
_ASPECT_VERBS = frozenset("keep start begin continue".split())


def _kept_saying(head: Any) -> tuple[Any, Any] | None:
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


def _alternatives(head: Any) -> str | None:
    """ "Either I quit or I get promoted", "I'll either move to Leeds or stay": one of two
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
    if apart or _tense(first) == "future":
        return "either ... or: alternatives, neither said to be so"
    return None


def _bare_condition(head: Any) -> str | None:
    """ "if we don't get the shed," cut off from its main clause by the splitter: a condition
    holding nothing, no statement."""
    if head.dep_ == "ROOT" and _states_a_condition(head):
        return "a condition with no statement it holds"
    if head.dep_ == "ROOT" and _bare_time_to_come(head):
        return "a time to come with no statement it holds"
    return None


def _bare_time_to_come(verb: Any) -> bool:
    """ "When I have a different father and a bigger budget." said alone, after what it is the
    time of ("We might one day go to Vienna."): a present-tense clause opened by "when"/"once"
    with no main clause, so nothing in it is so yet ("When I was a kid." is a past, and stays)."""
    first = verb.doc[verb.left_edge.i]
    return (
        first.lower_ in _TIME_OPENERS
        and first.head.i == verb.i
        and first.dep_ in ("advmod", "mark")
        and verb.tag_ in ("VBP", "VBZ")
        and any(c.dep_ in ("nsubj", "nsubjpass") and c.i < verb.i for c in verb.children)
    )  # ("When is the meeting": a question, its subject after the verb)


def _has_condition(tokens: list[Any]) -> bool:
    return any(
        t.dep_ == "mark" and t.lower_ in lx.CONDITIONAL_MARKERS and not _only_relevance(t.head)
        for t in tokens
    )


def _relevance_clause(tok: Any) -> bool:
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


def _condition_apart(head: Any, tokens: list[Any]) -> bool:
    """``head`` has a condition the clause splitter left in a clause of its own ("if we don't
    get it, we're back to dragging hoses"): the clause still holds only on it."""
    ids = {t.i for t in tokens}
    return any(
        c.dep_ == "advcl" and c.i not in ids and _states_a_condition(c) for c in head.children
    )


def _with_complements(head: Any) -> list[Any]:
    """``head`` and the adjectives completing it ("am" -> "am", "delighted" in "I am delighted
    to report ..."): where a clause's stance is said."""
    return [head, *(c for c in head.children if c.dep_ == "acomp")]


#: Nouns for a view held ("holds the view that ...", "is of the opinion that ...").
_VIEW_NOUNS = frozenset("view opinion position belief impression feeling stance".split())
#: Nouns naming a view as the subject of "is that ...": "his take is that ...".
_STATED_VIEW_NOUNS = _VIEW_NOUNS | frozenset("take theory argument verdict thinking".split())


def _someone_elses_view(head: Any, subj: Any) -> bool:
    """ "My brother's whole take is that Mom is fine", "her theory is that the printer hates
    him": a view someone else holds, named as the subject of "is" with the view after it.
    The speaker's own ("my view is that ...") is theirs to state."""
    if head.lemma_ != "be" or subj.lemma_.lower() not in _STATED_VIEW_NOUNS:
        return False
    if not any(c.dep_ == "ccomp" for c in head.children):
        return False
    owner = next((c for c in subj.children if c.dep_ == "poss"), None)
    return owner is not None and owner.lower_ not in lx.FIRST_SINGULAR | lx.FIRST_PLURAL


def _held_belief(head: Any) -> bool:
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


def _that_view(toks: list[Any]) -> str | None:
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


def _add_opinion(
    clauses: list[Clause], sent: Any, head: Any, heads: Any, subj: Any, kind: str, detail: str
) -> None:
    """Keep someone else's opinion or advice as a clause rejected with its reason."""
    toks = _clause_tokens(head, heads)
    if toks:
        clauses.append(
            Clause(sent, head, toks, subj, kind, reject="third_party_opinion", reject_detail=detail)
        )


#: Verbs that hand over news ("pleased to report that ...", "sad to say ...").
_NEWS_VERBS = frozenset("report say announce tell share confirm inform".split())


def _announced(head: Any) -> Any | None:
    """The news of "I'm delighted to report that X" / "Happy to say X": the clause X, which
    is the statement; the feeling about telling it is not."""
    for holder in _with_complements(head):
        for verb in holder.children:
            if verb.dep_ == "xcomp" and verb.lemma_.lower() in _NEWS_VERBS:
                news = next((c for c in verb.children if c.dep_ == "ccomp"), None)
                if news is not None:
                    return news
    return None


def _note_this(head: Any) -> bool:
    """ "remember (that) ...", "note that ...", "keep in mind that ...": the speaker hands the
    listener a statement to keep."""
    lemma = head.lemma_.lower()
    if lemma in ("remember", "note"):
        return True
    return lemma in ("keep", "bear") and any(
        c.dep_ == "prep" and any(g.lower_ == "mind" for g in c.children) for c in head.children
    )


def _subject_left_out(head: Any, toks: list[Any]) -> Any | None:
    """The subject a verb right after a comma shares with the clause before it, or None:
    "I'm no longer vegetarian, started eating fish" ("I"), "Carlos accepted, starts Dec 1"
    (Carlos), "my sister Mia got the job, starts Monday" (Mia). Only "I" and a proper name,
    the last subject before the comma."""
    if head.tag_ not in ("VBD", "VBG", "VBZ") or not _own_adverbs(
        [t for t in toks if t.i < head.i], head
    ):
        return None  # "..., just got back from ...": adverbs of the verb may come first
    first = toks[0]
    if first.i == 0 or first.doc[first.i - 1].text != ",":
        return None
    doc = first.doc
    subjects = [t for t in doc[first.sent.start : first.i] if t.dep_ in SUBJECT_DEPS]
    if not subjects:
        return None
    last = subjects[-1]
    if last.lower_ == "i" and head.tag_ != "VBZ":
        return last
    named = next((c for c in last.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
    if last.pos_ == "NOUN" and named is not None:
        last = named  # "my sister Mia got the job, starts Monday": Mia starts
    if last.pos_ == "PROPN" and last.ent_type_ in ("", "PERSON") and head.tag_ != "VBG":
        return last
    return None


def _i_meant(head: Any, kind: str) -> bool:
    """ "I meant my sister is 32, not 30": a correction; the statement is what was meant."""
    return kind in ("self", "implied") and head.lower_ == "meant"


def _turns_out(head: Any, subj: Any | None) -> bool:
    """ "(it) turns out ...": a frame around the statement in its complement."""
    if subj is not None and subj.lower_ != "it":
        return False
    lemma = head.lemma_.lower()
    return lemma == "turn" and any(c.dep_ == "prt" and c.lower_ == "out" for c in head.children)


#: Nouns that, as the subject of "is", frame the clause after it as the statement ("the
#: thing with Kieran is he's been late again", "good news is we got the grant").
_FRAMING_NOUNS = frozenset("thing problem issue news update point truth catch upshot".split())


def _framed(head: Any, subj: Any | None, comp: Any) -> bool:
    """ "(the) thing/problem/news is <clause>": a frame around the statement in ``comp``."""
    return (
        subj is not None
        and head.lemma_ == "be"
        and subj.lemma_.lower() in _FRAMING_NOUNS
        and comp.i > head.i
        and any(c.dep_ in SUBJECT_DEPS for c in comp.children)
    )


#: A laugh typed as a word, a joke marker only where it ends the sentence ("my wife's not the
#: one crawling in lofts ha"): elsewhere "ha" is also hectares ("40 ha of barley").
_LAUGHS = frozenset({"ha", "hah", "heh"})


def _laugh_at_the_end(tok: Any) -> bool:
    sent = tok.sent
    if tok.lower_ not in _LAUGHS:
        return False
    after = [t for t in sent[tok.i - sent.start + 1 :] if not t.is_punct]
    before = tok.doc[tok.i - 1] if tok.i > sent.start else None
    return not after and not (before is not None and before.like_num)


def _joke_marker(toks: list[Any], heads: list[Any], markers: list[Any]) -> str:
    """The joke marker ("lol", "😅") that goes with the clause ``toks``: one with no other
    clause of the sentence between it and the clause. "I'm allergic to shellfish, so skip the
    paella lol" laughs at the request, not the allergy."""
    if not toks:
        return ""
    first, last = toks[0].i, toks[-1].i
    for m in markers:
        aside = _bracketed(m)
        if aside is not None and not aside[0] < first <= aside[1] and _says_something(aside, m):
            continue  # "in portland (maine not oregon lol)": a laugh at the aside only
        lo, hi = (last, m.i) if m.i > last else (m.i, first)
        if not any(lo < h.i < hi for h in heads):
            return m.text
    return ""


def _called_untrue(toks: list[Any]) -> str:
    """The words of a relative clause that calls the statement untrue ("..., which is NOT
    true", "which is a lie", "which is rubbish"), or "": what someone else claims about
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


def _feeling_likened(toks: list[Any]) -> str:
    """The words of a "feel like a <noun>" in the clause ``toks`` ("I felt like a cyborg",
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


def _hyperbole(toks: list[Any]) -> str:
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
    """The bracketed ``aside`` has words of its own besides the ``marker`` ("maine not
    oregon lol", "finally lol"), not only a comment on whether it is meant ("no really lol")."""
    inside = marker.doc[aside[0] + 1 : aside[1]]
    return any(
        t.i != marker.i
        and not t.is_punct
        and t.lower_ not in lx.JOKE_MARKERS
        and t.lower_ not in _JOKE_ASIDE_WORDS
        for t in inside
    )


def _tells_what_happened(head: Any) -> bool:
    """A past event told plainly ("I lost my keys again lol", "drove up on the 27th like
    planned lol"): a laugh there is at a mishap, not a sign the statement is a joke, which
    in chat is a plan or claim no one means ("I'm quitting to open a bakery lol")."""
    if head.tag_ == "VBD" and head.lemma_ != "be":
        return not any(c.dep_ == "aux" for c in head.children)
    return (
        head.tag_ == "VBN"
        and any(c.dep_ == "aux" and c.lemma_ == "have" and c.tag_ != "MD" for c in head.children)
        and not any(c.tag_ == "MD" for c in head.children)
    )


def analyze_sentence(
    sent: Any,
    in_assistant_chat: bool,
    introduces: bool = False,
    lead: str = "",
    instructions: bool = False,
    said_before: str = "",
) -> list[Clause]:
    """Clauses of one parsed sentence, each marked as a fact candidate, rejection or skip.
    ``introduces``: the sentence ends with a colon (what it calls "this" comes after it);
    ``lead``: the words of the written sentence before this piece of it (a lead-in label, the
    clauses the segmenter cut off), if any; ``instructions``: the sentence is from the user's
    custom instructions to the assistant, whose requests all hold from now on;
    ``said_before``: the turn's text before the written sentence (what sarcasm answers)."""
    sent_low = sent.text.lower()
    markers = [t for t in sent if t.lower_ in lx.JOKE_MARKERS or _laugh_at_the_end(t)]
    heads = _clause_heads(sent)
    # what the written sentence said before this piece: "how to say ...", "Her take: ..."
    words_asked_for = _WORDING_REQUEST.search(lead) is not None
    holder = _opinion_label(lead)
    clauses: list[Clause] = []
    for head in heads:
        hedged = False
        real_head = head
        subj = _subject_of(head)
        kind = _subject_kind(subj, head)
        if head.i != sent.root.i and _requests_after(head):
            subj, kind = None, "imperative"  # "I've begun X, so from now on format Y"
        if subj is None and (there := _existential(head)) is not None:
            subj, kind = there, "thing"  # "there's only my own test data"
        # "I think X" / "my brother thinks X": the content is the complement
        advice = _advice(head, kind)
        if advice:
            _add_opinion(
                clauses, sent, head, heads, subj, kind, f"'{advice}' reports someone else's advice"
            )
            continue
        if subj is not None and _someone_elses_view(head, subj):
            detail = f"'{subj.text}' is someone else's view"
            _add_opinion(clauses, sent, head, heads, subj, kind, detail)
            if clauses and clauses[-1].head.i == head.i:
                clauses[-1].cues["view"] = subj.text
            continue
        if _held_belief(head) and kind not in SPEAKER_SUBJECTS:
            # "Nils is convinced that Dad should move in", "my boss is worried that ..."
            _add_opinion(clauses, sent, head, heads, subj, kind, "a belief someone else holds")
            continue
        comp = next((c for c in head.children if c.dep_ in ("ccomp",)), None)
        comp = comp or _said_to_do(head)
        sayer = head
        if comp is None and (kept := _kept_saying(head)) is not None:
            sayer, comp = kept  # "Sasha keeps saying Logan Square is for ..."
        if comp is not None and sayer.lemma_ in lx.OPINION_VERBS:
            if kind in ("self", "group") and head.lemma_ in lx.HEDGE_VERBS:
                hedged = True
                real_head = comp
                subj = _subject_of(comp)
                kind = _subject_kind(subj, comp)
            elif (
                kind in ("person", "third_pronoun", "thing", "self_possessive")
                or (kind == "group" and subj is not None and subj.lower_ not in lx.FIRST_PLURAL)
            ) and (sayer is not head or not _reported_information(head, comp)):
                # "our playtester says the jump feels floaty" is somebody else's view; what
                # someone keeps saying is their line, not news passed on
                _add_opinion(
                    clauses,
                    sent,
                    head,
                    heads,
                    subj,
                    kind,
                    f"'{subj.text if subj else ''} {head.text}"
                    + (f" {sayer.text}" if sayer is not head else "")
                    + "' is an opinion",
                )
                continue
        news = _announced(head) if kind in ("self", "group", "none") else None
        if news is not None:  # "I'm delighted to report that the course is moving again"
            real_head = news
            subj = _subject_of(news)
            kind = _subject_kind(subj, news)
        elif comp is not None and (
            (kind == "imperative" and _note_this(head))
            or _turns_out(head, subj)
            or _i_meant(head, kind)
            or _framed(head, subj, comp)
        ):
            real_head = comp  # "remember that I'm vegan", "turns out I have carpal tunnel"
            subj = _subject_of(comp)
            kind = _subject_kind(subj, comp)
        toks = _clause_tokens(real_head, heads)
        if not toks:
            continue
        insert: dict[int, str] = {}
        shared = _subject_left_out(real_head, toks) if kind == "none" else None
        if shared is not None and shared.lower_ == "i":
            kind = "implied"  # "I'm no longer vegetarian, started eating fish again"
        elif shared is not None:  # "Carlos accepted, starts Dec 1": Carlos starts
            subj, kind = shared, "person"
            insert[toks[0].i] = person_text(shared)
        if _past_in_present_form(real_head, toks):
            real_head.tag_ = "VBD"  # "I hurt my knee last winter": past, not "hurts"
        predicate = _fragment_predicate(real_head) if kind == "none" else None
        if predicate is not None:  # "Onboarding revamp, planned for Q2"; "Deadline: Friday"
            subj, real_head = real_head, predicate
            kind = _subject_kind(subj, predicate)
            toks = [t for t in toks if not (t.is_punct and subj.i < t.i < predicate.left_edge.i)]
            past = any(t.lower_ in lx.PAST_MARKERS for t in predicate.subtree) or (
                predicate.lemma_.lower() in lx.DONE_VERBS
                and any(c.dep_ in ("npadvmod", "tmod") for c in predicate.children)
            )  # "the dashboard shipped Tuesday": it was shipped
            insert[predicate.left_edge.i] = _left_out_copula(subj, past)
        elif subj is not None and _comma_after_subject(subj, real_head):
            toks = [t for t in toks if t.i != subj.i + 1]  # "test, started Monday"
        elif kind == "vague" and subj is not None and (phrase := _dislocated(subj)):
            toks = [*phrase, *(t for t in toks if t.i > subj.i)]  # "the move date, it's the 27th"
            subj = phrase[-1]
            kind = _subject_kind(subj, real_head)
        left_out: int | None = None  # where a bare status leaves out its "is"
        if subj is not None and _bare_status_participle(subj, real_head):
            left_out = real_head.i  # "vet records done"
        elif subj is not None and _bare_predicate_adjective(subj, real_head):
            left_out = subj.right_edge.i + 1  # "ticket still dead": before the adverb
        if left_out is not None:
            insert[left_out] = _left_out_copula(subj, past=False)
        clause = Clause(sent, real_head, toks, subj, kind, hedged=hedged, insert_before=insert)
        if left_out is not None:
            clause.cues["left_out_copula"] = str(left_out)
        low = " ".join(t.lower_ for t in toks)
        clause.copula = (
            real_head.lemma_ == "be"
            and any(c.dep_ in ("attr", "acomp") for c in real_head.children)
            or misparsed_copula(real_head) is not None
        )
        clause.negated = any(
            c.dep_ == "neg" and not _contrast(c, real_head) for c in real_head.children
        ) or any(  # "I'm no longer vegetarian": the "no" hangs off "longer"
            g.dep_ == "neg" and c.lower_ in ("longer", "more")
            for c in real_head.children
            if c.dep_ == "advmod"
            for g in c.children
        )
        if (denial := _no_way(real_head, clause.subject)) is not None:
            _deny(clause, real_head, denial)  # "no way we're running our own cluster"
        clause.tense = _tense(real_head)
        clause.habitual = (
            any(t.lower_ in lx.HABIT_ADVERBS for t in toks) or real_head.lemma_ == "tend"
        )
        clause.hedged = clause.hedged or any(_hedges(t) for t in toks)
        clause.mentions_assistant = in_assistant_chat and any(second_person(t) for t in toks)
        if words_asked_for or _said_how(real_head):
            clause.skip = "words asked for, not said"  # "how to say i need my medicine"
        elif holder:  # "Her take: support can wait"
            clause.reject = "third_party_opinion"
            clause.reject_detail = f"'{holder}' labels someone else's view"
        elif (in_assistant_chat or instructions) and (
            standing := _standing_request(sent, real_head, kind, lead, instructions)
        ):
            # "from now on, format the units as folders": a preference, not a task
            clause.cues["standing"] = standing
            if kind in ("imperative", "none"):
                clause.subject_kind = "standing"
            if (pronoun := _only_pronoun_object(toks, clause.subject)) is not None:
                _reject_pronoun_only(clause, pronoun)  # "never do that again"
                clause.cues["pronoun_object"] = pronoun  # unless it names what was said
        elif _is_request(sent, low, real_head, kind) and not _wh_clause_said(toks):
            clause.skip = "request"
        elif _inverted_question(real_head, subj):
            clause.skip = "question"  # "do i go back to northfield or find someone else"
        elif kind == "none" and (_as_a_role(clause) or _role_fragment(clause, said_before)):
            pass  # "As a nurse working nights, what's ...?", "Backend dev at Stripe."
        elif kind in ("none", "imperative"):
            clause.skip = "fragment"
        elif kind == "second" and not clause.mentions_assistant:
            clause.skip = "addressed to a listener"
        elif kind == "second":
            clause.skip = "about the assistant"
        elif denied := _called_untrue(toks):
            clause.reject = "negated"
            clause.reject_detail = f"the speaker calls it untrue: '{denied}'"
        else:
            hypo = (
                _hypothetical(sent_low, toks, real_head, kind)
                or _alternatives(real_head)
                or _bare_condition(real_head)
            )
            if hypo:
                clause.reject, clause.reject_detail = "hypothetical", hypo
            elif not _tells_what_happened(real_head) and (
                joke := _joke_marker(toks, heads, markers)
            ):
                clause.reject, clause.reject_detail = "joke", f"joke marker '{joke}'"
            elif irony := sarcasm(real_head, toks, lead, said_before):
                clause.reject, clause.reject_detail = "joke", f"sarcasm: {irony}"
            elif overstated := _hyperbole(toks):
                clause.reject, clause.reject_detail = "joke", f"hyperbole '{overstated}'"
            elif likened := _feeling_likened(toks):
                clause.reject = "vague"
                clause.reject_detail = f"a feeling likened to something: '{likened}'"
            elif kind == "vague":
                clause.skip = "vague subject"
            elif (view := _that_view(toks)) is not None:
                clause.reject = "vague"
                clause.reject_detail = f"'{view}' stands for what was said before"
            elif introduces and (ahead := _points_ahead(toks)) is not None:
                clause.reject = "vague"
                clause.reject_detail = f"'{ahead}' is what the colon introduces"
            elif (pronoun := _only_pronoun_object(toks, clause.subject)) is not None:
                _reject_pronoun_only(clause, pronoun)
                clause.cues["pronoun_object"] = pronoun
            elif _says_so(real_head):
                clause.reject = "vague"
                clause.reject_detail = "'so' stands for what was said before"
            elif _bare_exchange(toks, real_head, clause.subject):
                clause.reject = "vague"
                clause.reject_detail = f"'{real_head.text}' with nothing said"
            elif _elliptical(real_head):
                clause.reject = "vague"
                clause.reject_detail = f"'{real_head.text}' with nothing after it"
            elif _is_reaction(real_head):
                clause.skip = "conversational reaction"
            elif kind == "self" and _talk_about_the_talk(real_head):
                clause.skip = "talk about the conversation"
            elif announced := _announcement(real_head):
                clause.skip = announced  # what follows it is the statement
            elif _is_verdict(real_head):
                clause.skip = "confirmation"
            elif not content_tokens(toks, exclude=real_head) and not _stated_state(real_head, kind):
                clause.skip = "no content"
            elif _has_condition(toks) or _condition_apart(real_head, toks):
                clause.conditional = True  # hedged unless it is a dated plan (see local)
        clauses.append(clause)
    _same_report(clauses)
    clauses = _outcomes_joined(clauses)
    if not any(c.reject in ("hypothetical", "joke") for c in clauses):
        clauses.extend(_dated_relatives(sent))
        clauses.extend(_relatives_of_unkept(sent, clauses))
    return clauses


def _outcomes_joined(clauses: list[Clause]) -> list[Clause]:
    """ "The exam was on Friday and I passed", "the assessment got brought forward and I
    passed": a bare past verb of the speaker's joined by "and" to the clause before says how
    that went, its object being what the clause before was about. Alone it says nothing
    ("Dana passed"); it joins the clause before, which then tells both."""
    out: list[Clause] = []
    for clause in clauses:
        head = clause.head
        before = out[-1] if out else None
        if (
            before is None
            or clause.skip != "no content"
            or clause.subject_kind != "self"
            or head.dep_ != "conj"
            or head.head.i != before.head.i
            or head.tag_ != "VBD"
            or before.skip
            or before.reject
            or any(c.dep_ not in _BARE_OUTCOME_DEPS for c in head.children)
        ):
            out.append(clause)
            continue
        doc = head.doc
        end = max(t.i for t in clause.tokens) + 1
        between = doc[before.tokens[-1].i + 1 : end]
        before.tokens = [*before.tokens, *(t for t in between if t not in before.tokens)]
    return out


#: What may hang on a bare past verb that only says how the thing before went ("and I passed").
_BARE_OUTCOME_DEPS = frozenset({"nsubj", "cc", "punct", "advmod"})


def _same_report(clauses: list[Clause]) -> None:
    """A clause joined by "and" to what an opinion reports is reported by the same verb:
    "Kayleigh reckons UX is saturated and that I'm mad to leave", "his take is that Mom is
    just getting older and I'm overreacting" are their opinion twice. Without "that", the
    parse says whether the second clause is inside the report (a conjunct of the reported
    clause) or said beside it."""
    for clause in clauses:
        head = clause.head
        if clause.reject or head.dep_ != "conj":
            continue
        that = any(c.dep_ == "mark" and c.lower_ == "that" for c in head.children)
        reporter = next(
            (
                c
                for c in clauses
                if c.reject == "third_party_opinion"
                and (
                    c.head.i == head.head.head.i
                    and (that or head.head.dep_ == "ccomp")
                    or c.head.i == head.head.i
                    and (that or _goes_on_with_view(c, head))
                )
            ),
            None,
        )
        if reporter is not None:
            clause.reject, clause.reject_detail = reporter.reject, reporter.reject_detail


def _goes_on_with_view(reporter: Clause, head: Any) -> bool:
    """ "Greg's take is that Dad is just getting older and I'm overreacting": after a view
    named as a subject, a clause joined by a bare "and" (no comma) goes on with the view,
    whichever head the parser hangs it on."""
    if "view" not in reporter.cues:
        return False
    cc = next((c for c in head.children if c.dep_ == "cc"), None)
    if cc is None:
        cc = next((c for c in head.head.children if c.dep_ == "cc" and c.i < head.i), None)
    return (
        cc is not None
        and cc.lower_ == "and"
        and cc.i > 0
        and cc.doc[cc.i - 1].text not in (",", ";")
    )


def _relatives_of_unkept(sent: Any, clauses: list[Clause]) -> list[Clause]:
    """ "My son Dafydd, who lives in Calgary, thinks I should stay put": where someone lives or
    what they are, said in a relative clause inside a clause that is no fact (his opinion), as
    a statement of its own ("Dana's son Dafydd lives in Calgary")."""
    out: list[Clause] = []
    for verb in sent:
        if verb.dep_ != "relcl" or not _tells_where_or_what(verb):
            continue
        who = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if who is None or who.lower_ != "who" or any(c.dep_ == "neg" for c in verb.children):
            continue
        holder = next((c for c in clauses if verb in c.tokens), None)
        if holder is None or not (holder.reject or holder.skip):
            continue  # a kept clause tells it already
        person = verb.head
        whole = person.head if person.dep_ == "appos" else person  # "my son, Dafydd, who"
        phrase = [t for t in sent if whole.left_edge.i <= t.i <= person.i and t.text != ","]
        told = [t for t in verb.subtree if t.i > verb.i]
        while told and (told[-1].is_punct or told[-1].dep_ == "cc"):
            told.pop()
        if not phrase or not told:
            continue
        kind = _subject_kind(whole, verb)
        if kind not in ("self_possessive", "person"):
            continue
        out.append(Clause(sent, verb, [*phrase, verb, *told], whole, kind, standalone=True))
    return out


def _tells_where_or_what(verb: Any) -> bool:
    """A relative clause saying where someone lives or is ("who lives in Calgary", "who is in
    Leeds") or what they are ("who is a nurse")."""
    lemma = verb.lemma_.lower()
    places = any(c.dep_ == "prep" and c.lower_ in ("in", "at", "from") for c in verb.children)
    if lemma in ("live", "work"):
        return places
    return lemma == "be" and (places or any(c.dep_ == "attr" for c in verb.children))


def _dated_relatives(sent: Any) -> list[Clause]:
    """ "... before my committee meeting, which is on the 19th": when an event is, said in a
    relative clause, as a statement of its own ("my committee meeting is on the 19th")."""
    out: list[Clause] = []
    spans: list[tuple[int, int]] | None = None
    for verb in sent:
        if verb.dep_ != "relcl" or verb.lemma_ != "be" or verb.head.pos_ != "NOUN":
            continue
        noun = verb.head
        which = next(
            (c for c in verb.children if c.dep_ == "nsubj" and c.lower_ in ("which", "that")),
            None,
        )
        if which is None or noun.lemma_.lower() not in lx.EVENT_NOUNS:
            continue
        if any(c.dep_ == "neg" for c in verb.children):
            continue
        if spans is None:
            doc = sent.doc
            spans = date_spans(doc.text)
        told = [t for t in verb.subtree if t.i > verb.i]
        if not any(_in_spans(t, spans) for t in told):
            continue
        phrase = [t for t in noun.subtree if noun.left_edge.i <= t.i <= noun.i]
        tokens = [*phrase, verb, *told]
        out.append(
            Clause(
                sent, verb, tokens, noun, _subject_kind(noun, verb), copula=True, standalone=True
            )
        )
    return out
