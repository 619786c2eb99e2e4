"""Durability: is a statement worth remembering, or only true of the moment it was said?

Memory keeps what stays true for a while: who people are, their roles, places, relationships,
preferences, tools, goals, plans with dates, decisions, the status of their projects. Chat is
full of the rest: reactions and evaluations of the moment ("the soup was delicious", "the
new intern seems nice"), pointers into the conversation ("here is the agenda"), what someone is
doing right now ("on the train rn"). :func:`transient_reason` names which of those a clause is,
from its parse and the small word lists in ``lexicon.py``; a clause it names becomes a ``vague``
rejection instead of a fact.
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.local.clauses.reactions import names_something
from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.clauses.subjects import SPEAKER_SUBJECTS
from contextos.extract.local.facts.categories import Classification, requirement
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import name_tagged_noun
from contextos.extract.local.text.nlp import doc_text

__all__ = ["has_anchor", "transient_reason"]

_NAMED_ENTS = frozenset(
    {
        "PERSON",
        "ORG",
        "GPE",
        "LOC",
        "PRODUCT",
        "FAC",
        "NORP",
        "EVENT",
        "WORK_OF_ART",
        "LANGUAGE",
        "MONEY",
        "PERCENT",
        "QUANTITY",
        "CARDINAL",
    }
)

#: A stretch of hours something has gone on for ("at my desk for nine hours", "for the last
#: two hours"): true of today, not of the speaker's life.
_FOR_HOURS = re.compile(
    r"\bfor\s+(?:the\s+(?:last|past)\s+)?(?:(?:an?|half\s+an|\w+|\d+(?:\.\d+)?)\s+)?"
    r"(?:hours?|hrs?|minutes?|mins?)\b",
    re.IGNORECASE,
)

#: A time earlier today something has gone on since ("sneezing since breakfast", "at the
#: hospital since 6am", "since this morning"): true of today, not of the speaker's life.
_SINCE_TODAY = re.compile(
    r"\bsince\s+(?:(?:early\s+)?this\s+(?:morning|afternoon)|lunch(?:time)?|breakfast|noon|"
    r"midday|dawn|\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.))(?!\w)",
    re.IGNORECASE,
)

#: How someone says they are doing ("I'm doing great", "doing well"): a greeting's answer.
_DOING_WELL = lx.REACTION_ADJECTIVES | {"well"}


def has_anchor(tokens: list[Any], dates: dict[int, str]) -> bool:
    """A name, a number or a date: something specific the statement is about."""
    if dates:
        return True
    for t in tokens:
        if t.pos_ == "PROPN" or t.like_num or t.ent_type_ in _NAMED_ENTS:
            return True
        if name_tagged_noun(t):
            return True  # "my tutor Aurelio"
        if any(ch.isdigit() for ch in t.text):
            return True
    return False


#: "the wine list is yours": whose a thing is, said with a pronoun that names its owner.
_OWNER_PRONOUNS = frozenset({"mine", "yours", "his", "hers", "ours", "theirs"})


def _owned(clause: Clause) -> bool:
    """The clause says whose something is ("the wine list is yours") or what it is to the
    speaker ("pizza is my go-to comfort food"), or its subject is the speaker's ("the main
    action item, which I own, is ...")."""
    subj = clause.subject
    if subj is not None and any(
        c.dep_ == "relcl"
        and any(g.dep_ in ("nsubj", "nsubjpass") and g.lower_ in ("i", "we") for g in c.children)
        for c in subj.children
    ):
        return True
    return any(
        c.dep_ in ("attr", "acomp")
        and (
            c.lower_ in _OWNER_PRONOUNS
            or (c.dep_ == "attr" and any(g.dep_ == "poss" and g.lower_ == "my" for g in c.children))
        )
        for c in clause.head.children
    )


def _names_who(clause: Clause) -> bool:
    """An identity statement naming who or what ("my biggest client right now is Lumen
    Press"): true for a while, "right now" or not."""
    return clause.copula and any(
        c.dep_ == "attr" and c.pos_ == "PROPN" for c in clause.head.children
    )


def _status_word(clause: Clause) -> bool:
    """The clause reports a state change or status ("is done", "got signed", "is blocked")."""
    head = clause.head
    lemmas = {head.lemma_.lower(), head.lower_} | {
        c.lemma_.lower() for c in head.children if c.dep_ in ("acomp", "attr", "prt", "advmod")
    }
    lemmas |= {c.lower_ for c in head.children if c.dep_ in ("acomp", "advmod", "prt")}
    return bool(lemmas & lx.STATUS_WORDS) or head.lemma_.lower() in lx.STATUS_CUES


def _predicate_adjective(clause: Clause) -> Any | None:
    head = clause.head
    if head.lemma_ not in lx.LINKING_VERBS:
        return None
    for c in head.children:
        if (c.dep_ == "acomp" and c.pos_ in ("ADJ", "VERB")) or (
            c.dep_ == "attr" and c.pos_ == "ADJ"  # "kids are the best"
        ):
            return c
    return None


def _evaluation(clause: Clause, anchored: bool, changed: bool) -> str:
    """ "The soup was delicious", "the ward is quieter", "the intern seems nice". ``changed``:
    the clause compares now with before something (:func:`_changed_since`)."""
    head = clause.head
    adj = _predicate_adjective(clause)
    if clause.subject_kind == "standing":
        return ""  # "always be blunt": how the speaker wants the assistant to be
    if clause.subject_kind in ("self", "self_possessive", "group", "implied"):
        if adj is None and head.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in head.children):
            adj = head  # "I'm wiped": the participle is the predicate
        if (
            adj is not None
            and (adj.lemma_.lower() in lx.MOOD_ADJECTIVES or adj.lower_ in lx.MOOD_ADJECTIVES)
            and not any(c.dep_ == "xcomp" and names_something(c) for c in adj.children)
        ):
            return f"a passing mood ('{adj.text}')"
        return ""
    if head.lemma_ in lx.APPEARANCE_VERBS:
        return f"an impression ('{head.text}')"
    if head.lemma_ == "make" and _makes_sense(head):
        return f"an evaluation ('{head.text} sense')"  # "ya the new intro makes sense": a verdict
    if adj is None or adj.lemma_.lower() in lx.STATUS_WORDS:
        return ""
    if not anchored:
        return f"an evaluation ('{adj.text}')"
    if adj.tag_ in ("JJR", "JJS") and not changed:
        return f"a comparison ('{adj.text}')"
    return ""  # "the rash is much better since the cream started": a change


def _makes_sense(head: Any) -> bool:
    """ "makes sense", "makes a lot of sense": a verdict on something proposed."""
    return any(t.lower_ == "sense" for c in head.children if c.dep_ == "dobj" for t in c.subtree)


def _changed_since(clause: Clause) -> bool:
    """The clause compares now with before something ("the rash is much better since
    the cream started"): a lasting change, not a passing remark."""
    adj = _predicate_adjective(clause)
    return (
        adj is not None
        and adj.tag_ == "JJR"
        and any(t.lower_ == "since" and t.dep_ in ("mark", "prep") for t in clause.tokens)
    )


def _has_been_done(clause: Clause) -> bool:
    """A thing that has been acted on for good ("the boat's been sold", "the grant has been
    approved"): a present-perfect passive reports a change that holds, not a remark."""
    head = clause.head
    # "'s been let": the small parser often calls the "'s" an auxpass too
    helpers = {c.lower_.replace("’", "'") for c in head.children if c.dep_ in ("aux", "auxpass")}
    return head.tag_ == "VBN" and "been" in helpers and bool(helpers & {"has", "have", "'s", "'ve"})


#: A bracketed slot of a template ("[Your Name]", "(user 1's name)", "<name>"), not a value.
_PLACEHOLDER = re.compile(
    r"[\[(<{](?:\s*your\b|[^\])>}]{0,30}\b(?:name|username|user\s*\d+|insert|placeholder)\b)"
    r"[^\])>}]{0,30}[\])>}]",
    re.IGNORECASE,
)


def _standing_arrangement(head: Any) -> bool:
    """A simple present of what the speaker does or has ("I charge $85/hr rn", "I've got two
    clients rn", "I live in Pilsen rn"): "right now" says currently, not this moment (as in
    "I'm on my phone rn", "I'm working on it rn")."""
    if head.lemma_.lower() in lx.MENTAL_VERBS or head.lemma_ == "be":
        return False
    if head.tag_ in ("VBP", "VBZ"):
        return not any(c.dep_ in ("aux", "auxpass") for c in head.children)
    return head.lower_ == "got" and any(c.lemma_ == "have" for c in head.children)


def _reported_then(tokens: list[Any], marker: str) -> bool:
    """``marker`` ("right now") is in words someone said at a past time ("Wystan called and
    said he can't help financially right now"): a dated report, not the speaker's moment."""
    first = marker.split()[0]
    for tok in tokens:
        if tok.lower_ != first:
            continue
        for above in tok.ancestors:
            if (
                above.dep_ == "ccomp"
                and above.head.lemma_.lower() in lx.REPORT_VERBS
                and above.head.tag_ == "VBD"
            ):
                return True
    return False


def transient_reason(
    clause: Clause, cue: Classification | None, dates: dict[int, str], subject_named: bool = False
) -> str:
    """Why ``clause`` is not durable information, or "" when it is. ``subject_named``: its
    "it" subject stands for a name said before it ("Jira update: it keeps crashing")."""
    toks = clause.tokens
    lows = [t.lower_ for t in toks]
    if (
        toks
        and lows[0] in ("here", "there")
        and clause.head.lemma_ == "be"
        and (clause.subject_kind in ("thing", "vague", "person"))
        and not _existential_statement(clause)
    ):
        return "points into the conversation ('here is ...')"
    news = _announcement(clause)
    if news:
        return f"announces what follows ('{news}')"
    said = doc_text(toks[0].doc)[clause.start_char : clause.end_char] if toks else ""
    slot = _PLACEHOLDER.search(said)
    if slot:
        return f"a template placeholder ('{slot.group(0)}')"
    phase = any(t.lemma_.lower() in lx.LIFE_PHASE_NOUNS for t in toks) or _names_who(clause)
    phase = phase or _standing_arrangement(clause.head)
    for marker in lx.MOMENT_MARKERS:  # as written: "rn" is "right now", "RN" a nurse
        # "I want children badly but not right now": the moment is excepted, not the want
        if (
            not phase
            and re.search(rf"(?<![\w'])(?<!not ){re.escape(marker)}(?![\w'])", said)
            and not _reported_then(toks, marker)
        ):
            return f"true of the moment ('{marker}')"
    if (  # "I laughed a lil", "I'm crying"; "I cry at every wedding" is a habit
        clause.head.lemma_.lower() in lx.MOMENT_REACTIONS
        and clause.head.tag_ in ("VBD", "VBG")
        and not clause.habitual
    ):
        return f"a reaction of the moment ('{clause.head.text}')"
    leaving = _leaving_for(clause)
    if leaving and not has_anchor(toks, dates):
        return f"leaving for the moment ('{leaving}')"
    # "I've been at my desk for nine hours" / "sneezing since breakfast" goes on still ("we
    # talked for hours" happened)
    hours = _FOR_HOURS.search(said) or _SINCE_TODAY.search(said)
    if hours and not phase and ("been" in lows or clause.head.tag_ == "VBG"):
        return f"true of the moment ('{hours.group(0)}')"
    if any(  # "this chat", "the thread above"; a "conversation starter" is no conversation
        t.lemma_.lower() in lx.CONVERSATION_NOUNS
        and t.pos_ == "NOUN"
        and t.dep_ != "compound"
        and t.head.lower_ != "per"  # "billing per minute": a unit, not this chat
        for t in toks
    ):
        return "about the conversation itself"
    if _hands_over(clause):
        return f"hands something over in the chat ('{clause.head.text}')"
    if (
        clause.subject_kind in SPEAKER_SUBJECTS
        and clause.head.lemma_.lower() in lx.MENTAL_VERBS
        and not _know_how(clause.head)
    ):
        return f"a passing thought ('{clause.head.text}')"
    if clause.head.lemma_.lower() == "do" and not any(
        c.dep_ == "dobj" for c in clause.head.children
    ):
        how = next(
            (
                c
                for c in clause.head.children
                if c.dep_ in ("advmod", "acomp") and c.lower_ in _DOING_WELL
            ),
            None,
        )
        if how is not None:
            return f"how they are doing ('{how.text}')"
    changed = _changed_since(clause) or _has_been_done(clause)
    owned = _owned(clause) or changed
    anchored = owned or subject_named or has_anchor(toks, dates)
    # "the weather is nice today": the day of speaking does not make an evaluation last
    today = {i for i in dates if toks and toks[0].doc[i].lower_ in lx.SAME_DAY_WORDS}
    lasting = anchored
    if today:
        other_dates = {i: d for i, d in dates.items() if i not in today}
        lasting = owned or has_anchor([t for t in toks if t.i not in today], other_dates)
    evaluation = _evaluation(clause, lasting, changed)
    if evaluation:
        return evaluation
    if (
        clause.subject_kind in ("thing", "vague")
        and not anchored
        and not _status_word(clause)
        and not requirement(clause)
        and (cue is None or cue.category == "other")
        and not _defined(clause)
    ):
        return "a remark about an unnamed thing"
    return ""


def _defined(clause: Clause) -> bool:
    """ "scope = add a lesson, notes, progress": a note that sets what something is, with
    an equals sign for its verb, is no passing remark."""
    return any(t.text == "=" and t.i > clause.tokens[0].i for t in clause.tokens)


def _announcement(clause: Clause) -> str:
    """ "I have news about the flat", "there is an update on my father": a clause that only
    says news follows (the news is the next statement); the noun, or ""."""
    head = clause.head
    if head.lemma_.lower() not in ("have", "be", "get") or any(
        c.dep_ in ("ccomp", "xcomp") for c in head.children
    ):
        return ""  # "the news is that Tom got the job" says it
    for c in head.children:
        if (
            c.dep_ in ("dobj", "attr", "nsubj")
            and c.lemma_.lower() in lx.NEWS_NOUNS
            and not any(g.dep_ in ("ccomp", "acl", "relcl") for g in c.children)
        ):
            return c.text
    return ""


def _leaving_for(clause: Clause) -> str:
    """ "I'm off to sleep", "heading to the gym", "going to bed": the speaker leaving now for a
    place of their day; the place, or "". Not a habit ("I've been going to the gym", "I go to
    work by bike") and not a plan ("I'm going to Iceland")."""
    head = clause.head
    if clause.subject_kind not in SPEAKER_SUBJECTS or clause.habitual:
        return ""
    lemma = head.lemma_.lower()
    auxes = {c.lower_ for c in head.children if c.dep_ == "aux"}
    if lemma in ("go", "head") and head.tag_ == "VBG" and "been" not in auxes:
        movers = [head]
    elif lemma == "be" and head.tag_ in ("VBP", "VBZ"):
        movers = [c for c in head.children if c.lower_ == "off"]  # "I'm off to sleep"
    else:
        return ""
    for mover in movers:
        for prep in mover.children:
            if prep.dep_ != "prep" or prep.lower_ != "to":
                continue
            for tok in prep.subtree:
                if tok.pos_ == "NOUN" and tok.lemma_.lower() in lx.ROUTINE_DESTINATIONS:
                    return f"{mover.text} to {tok.text}"
    return ""


def _hands_over(clause: Clause) -> bool:
    """ "I send you the menu of the day", "I'll paste you the error": the speaker handing the
    assistant something in the chat, which is then in the chat, not a fact of their life.
    ("I sent the assistant's draft to Oswin" happened: past, and not to the assistant.)"""
    head = clause.head
    return (
        clause.mentions_assistant
        and clause.subject_kind in SPEAKER_SUBJECTS
        and head.lemma_.lower() in lx.HANDOVER_VERBS
        and clause.tense != "past"
        and not clause.habitual
        and any(
            t.lower_ == "you" and (t.head.i == head.i or t.head.head.i == head.i)
            for t in head.subtree
            if t.dep_ in ("dative", "dobj", "pobj")
        )
    )


def _know_how(head: Any) -> bool:
    """ "I know how to ice fish": a skill, not a passing thought."""
    doc = head.doc
    return (
        head.lemma_.lower() == "know"
        and head.i + 2 < len(doc)
        and doc[head.i + 1].lower_ == "how"
        and doc[head.i + 2].lower_ == "to"
    )


def _existential_statement(clause: Clause) -> bool:
    """ "there's a bug in the export", "there's only my own sample set": "there" saying that
    something exists, not pointing at a thing in the conversation ("there's the draft")."""
    subj = clause.subject
    if subj is None or subj.dep_ != "expl":
        return False
    attr = next((c for c in clause.head.children if c.dep_ in ("attr", "nsubj")), None)
    return attr is not None and not any(
        c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in attr.children
    )
