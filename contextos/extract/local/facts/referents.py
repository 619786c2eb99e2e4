"""Whom and what a clause's pronouns and possessives stand for, from what its turn, the turn
before and the conversation said: a "he"/"she" the turn named or a relation an earlier turn
left ("my dad"), a "his"/"her" of the subject, an "it"/"them" object, "mine", "it's called X",
an "it" a topic label or the question before names, a name said ahead of a "their", and the
person a "you" is (named before it in a meeting, or no one).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from contextos.extract.local.clauses.listeners import listeners_kin, plural_you, second_person
from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.conversation.answers import AskedAbout, stands_for
from contextos.extract.local.conversation.genders import Genders, pronoun_gender
from contextos.extract.local.conversation.people import (
    FullNames,
    kin_fits,
    named_after,
    possessor_referent,
    subject_possessor,
)
from contextos.extract.local.conversation.pronouns import (
    named_thing,
    owned_thing,
    person_noun,
    thing_pronoun,
)
from contextos.extract.local.facts.pieces import Piece
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.language import EnglishWords
from contextos.models.extraction import display_name
from contextos.models.transcript import Turn

__all__ = [
    "addressed_person",
    "answered",
    "antecedent",
    "as_named",
    "called_referent",
    "carried_referents",
    "dislocated_topic",
    "mine_referent",
    "named_listener",
    "named_topic",
    "someone_unnamed",
    "thing_referent",
    "topic_referent",
    "unnamed_object",
    "unresolved_listener",
    "whose_subject",
]


def named_topic(topic: str | None, english: EnglishWords) -> str | None:
    """``topic`` (see :attr:`Segment.topic`) when it is a name ("Ravensworth", "Dunmore
    Craft Fair", "LIMS"), not a common noun that opens a heading ("Course news:")."""
    if topic is None:
        return None
    words = topic.split()
    if len(words) > 1 or topic.isupper() or not english.known(topic.lower()):
        return topic
    return None


def topic_referent(clause: Clause, topic_name: str | None) -> str | None:
    """The named topic a subject "it" or "they" stands for when its own sentence names
    nothing before it ("Jira update: it keeps crashing", "Ravensworth: they sent a
    contract")."""
    subject = clause.subject
    if topic_name is None or subject is None or subject.lower_ not in ("it", "they"):
        return None
    if subject.lower_ == "it" and _time_passed(clause.head):
        return None  # "LIMS update: still nothing, it has been over three weeks"
    if any(t.pos_ in ("PROPN", "NOUN") for t in subject.sent if t.i < subject.i):
        return None
    return topic_name


def _time_passed(head: Any) -> bool:
    """ "it has been two weeks", "it's been a while": an "it" that stands for nothing."""
    return head.lemma_ == "be" and any(
        c.dep_ in ("attr", "prep", "npadvmod")
        and any(t.lemma_.lower() in _SPANS_OF_TIME for t in c.subtree)
        for c in head.children
    )


_SPANS_OF_TIME = lx.TIME_NOUNS | {"while", "age", "hour", "minute", "forever"}


#: Possessives that a name said before the statement can stand for (a company's, a team's).
_NAME_POSSESSIVES = frozenset({"their", "its"})


def dislocated_topic(clause: Clause, piece: Piece, previous: Piece | None) -> str | None:
    """A name said on its own ahead of the statement, in the same sentence, that the
    statement's "their" or "its" stands for: "Hesketh Kite Supplies, a kite
    company, I'm doing product descriptions for their website", "Tom and Ana, our neighbours,
    we're minding their dog" heads the statement as a topic does after a label ("Hesketh Kite
    Supplies, a kite company: ..."), rather than leave "their website" no one's.
    ``previous``: the piece before in the sentence, which has no verb and opens with a name."""
    if previous is None or not previous.clauses:
        return None
    if not all(c.skip == "fragment" for c in previous.clauses):
        return None
    if not any(t.lower_ in _NAME_POSSESSIVES and t.dep_ == "poss" for t in clause.tokens):
        return None
    words = [t for t in previous.doc if not (t.is_punct or t.is_space)]
    if not words or words[0].pos_ != "PROPN" or any(t.pos_ in ("VERB", "AUX") for t in words):
        return None
    return previous.segment.text.strip().rstrip(",;:").strip()


def carried_referents(
    left: Mapping[str, tuple[str, str]],
    turn_before: Turn | None,
    seen: Mapping[str, str],
    genders: Genders,
) -> dict[str, tuple[str, str]]:
    """Whom a "he" or "she" of a turn that names no one may stand for: the relation of a
    speaker ("my dad", "Dad": (whose, relation)) it stood for when the conversation's turn
    before ended (``left``), the person such a conversation goes on about; unless someone
    else's turn between names another known person (``seen``: first names) it could be."""
    if not left or turn_before is None:
        return dict(left)  # (the turn between is read only when there is someone to follow)
    words = set(re.findall(r"[A-Z][\w'’-]+", turn_before.text))
    return {
        pronoun: relative
        for pronoun, relative in left.items()
        if not any(
            seen.get(w.lower()) == w
            and w.lower() not in lx.KIN_NAMES  # "How's Dad doing?" is the same dad
            and genders.fits(w, pronoun)
            for w in words
        )
    }


def someone_unnamed(tokens: Sequence[Any], pronoun: Any) -> bool:
    """Whether ``tokens`` before ``pronoun`` speak of a person they do not name ("the plumber
    bloke, I sent him what you said and he never replied"), whom the pronoun may mean."""
    return any(
        t.i < pronoun.i or t.doc is not pronoun.doc
        for t in tokens
        if t.pos_ == "NOUN" and person_noun(t)
    )


def antecedent(
    antecedents: Mapping[str, str | None], pronoun: str, last_named: str | None
) -> str | None:
    """Whom a "he"/"his" or "she"/"her" stands for when its own sentence names no one: the
    one of ``antecedents`` (see :func:`people.gendered_referents`) the turn's earlier
    sentences gave, else ``last_named``, the last person the turn named."""
    gender = pronoun_gender(pronoun)
    if gender is not None and gender in antecedents:
        return antecedents[gender]
    return last_named


def unnamed_object(clause: Clause) -> Any | None:
    """The object "it"/"them" of ``clause`` when nothing in the answer named it (the clause is
    rejected as vague for it; one the sentence names is not: "got a laptop, I love it"), else
    None."""
    detail = clause.reject_detail or ""
    unnamed = detail.startswith("only a pronoun") or detail.endswith("for something not said")
    if clause.reject != "vague" or not unnamed:
        return None
    return next(
        (t for t in clause.tokens if t.lower_ in ("it", "them") and t.dep_ in ("dobj", "pobj")),
        None,
    )


def answered(clause: Clause, pron: Any, asked: AskedAbout) -> tuple[Any, str] | None:
    """``pron`` (see :func:`unnamed_object`) and what it stands for, when it fits what the
    question before asked about; the clause's rejection as vague for it is taken back."""
    if not stands_for(pron, asked):
        return None
    if asked.verb is not None and clause.head.lemma_.lower() != asked.verb:
        return None  # "Do you have a locksmith?" - "he will look at it": the lock
    clause.reject = clause.reject_detail = ""
    return pron, asked.text


def thing_referent(
    clause: Clause, piece: Piece, previous: Piece | None, sentences_before: list[list[Any]]
) -> tuple[Any, str] | None:
    """The thing pronoun of ``clause`` and the words that stand for it ("I use it": the
    Kindle); a clause whose pronoun nothing said names is rejected as vague here.
    ``previous``: the piece before in the same sentence; ``sentences_before``: the tokens of
    the speaker's sentences before in the same turn, the nearest first."""
    sent = clause.tokens[0].sent
    earlier = list(piece.doc[sent.start : clause.tokens[0].i])
    if not earlier and previous is not None:
        earlier = list(previous.doc)
    if sent.start > 0:  # the piece's parse split it: "Two weeks in. And I'm loving it"
        sentences_before = [list(piece.doc[sent.start - 1].sent), *sentences_before]
    thing = thing_pronoun(clause.tokens, clause.subject_kind, earlier, sentences_before[:2])
    if thing is None:
        return None
    if thing.stands_for is not None:
        if clause.cues.get("pronoun_object") in ("it", "them"):
            clause.reject = clause.reject_detail = ""  # "I use it": the Kindle
        return thing.token, thing.stands_for
    if not (clause.reject or piece.segment.topic):
        clause.reject = "vague"  # "I'll have to give it a try"
        clause.reject_detail = f"'{thing.token.text}' stands for something not said"
    return None


def whose_subject(
    clause: Clause,
    antecedents: Mapping[str, str | None],
    last_named: str | None,
    genders: Genders,
    names: FullNames,
    kin: str | None,
    display: str,
) -> tuple[Any, str] | None:
    """The "his"/"her" of the clause's subject and the person it stands for (see
    :func:`people.possessor_referent`; one the turn named before, see :func:`antecedent`
    for ``antecedents`` and ``last_named``), else the speaker's relation named by its noun alone
    (``kin``: "my sister is visiting. her husband ..." -> "Dana's sister", ``display`` being
    how facts name the speaker); a clause whose one no one says is rejected as vague ("her
    surgery got moved"), not stored half-said."""
    poss = subject_possessor(clause)
    if poss is None or clause.reject:
        return None
    person = possessor_referent(clause, antecedent(antecedents, poss.lower_, last_named), genders)
    if person is None and kin is not None and kin_fits(kin, poss.lower_):
        return poss, f"{display}'s {kin}"
    if person is None and named_after(clause, poss):
        return None  # "His coach wants Quentin to ...": whose is said in the statement
    if person is None:
        clause.reject = "vague"
        clause.reject_detail = f"no one named before '{poss.text}' says whose"
        return None
    return poss, as_named(person, names)


def as_named(person: str, names: FullNames) -> str:
    """How a fact names ``person``: in full when introduced so, with a capital when typed in
    lower case ("ysolde, shes in ljubljana")."""
    person = names.of(person)
    return person.title() if person.islower() else person


def mine_referent(clause: Clause, doc: Any, before: list[list[Any]]) -> Any | None:
    """For a statement whose subject is "mine", the noun of the thing it stands for (see
    :func:`pronouns.owned_thing`); the statement then is about that thing. None otherwise."""
    subj = clause.subject
    if clause.skip != "vague subject" or subj is None or subj.lower_ != "mine":
        return None
    thing = owned_thing(list(doc[subj.sent.start : subj.i]), before)
    if thing is not None:
        clause.skip, clause.subject_kind = "", "thing"
    return thing


def called_referent(clause: Clause, before: list[list[Any]]) -> str | None:
    """For "It's called X" (a subject "it" of a naming verb), the words of the thing the
    speaker brought up as theirs in a sentence before (see :func:`pronouns.named_thing`): the
    statement then says what that thing is called. None otherwise."""
    subj = clause.subject
    if clause.skip != "vague subject" or subj is None or subj.lower_ != "it":
        return None
    thing = named_thing(clause.head, before)
    if thing is not None:
        clause.skip, clause.subject_kind = "", "thing"
    return thing


def named_listener(clause: Clause, piece: Piece, names: FullNames) -> str | None:
    """In a meeting, the person a "you" subject is, when the speaker names them right before it
    ("Ines, you own the name-change paperwork", "Magnus, you're his point of contact"): the
    clause, skipped as addressed to a listener, is a statement about that person."""
    subject = clause.subject
    if not piece.in_meeting or clause.skip != "addressed to a listener" or subject is None:
        return None
    if subject.lower_ != "you" or subject.i < 2 or plural_you(subject):
        return None
    head = clause.head
    if any(c.dep_ == "aux" and c.lower_ in lx.JUDGEMENT_MODALS for c in head.children):
        return None  # "Magnus, you should rest more": advice, not a fact about Magnus
    comma, name = subject.doc[subject.i - 1], subject.doc[subject.i - 2]
    if comma.text != "," or name.i != subject.sent.start or not name.text[:1].isupper():
        return None
    if name.pos_ not in ("PROPN", "NOUN") or piece.is_english(name.lower_):
        return None  # "Guys, you ...", "Team, you ...": no one person
    return names.of(name.text)


def addressed_person(called: Any | None, piece: Piece, names: FullNames) -> str | None:
    """Who "you" is in a clause: the person ``called`` out just before it ("and Leopold, the
    slides are yours"), else who the turn addresses."""
    if called is not None:
        return names.of(called.text)
    return display_name(piece.addressee) if piece.addressee else None


def unresolved_listener(clause: Clause, piece: Piece, called: Any | None) -> bool:
    """The clause speaks of "you" and nothing says who that is: not the assistant, not a
    person addressed in a meeting ("I'll let you know", "nice to meet you")."""
    if not piece.in_assistant_chat and any(plural_you(t) for t in clause.tokens):
        return True  # "see you all at noon": the listeners, whom no one names
    if piece.addressee is not None:
        return False
    if piece.in_assistant_chat:  # "you" is the assistant, but it has no mother
        return any(listeners_kin(t) for t in clause.tokens)
    if called is not None:  # "and Leopold, the build is yours": a person called out
        return False
    return any(second_person(t) for t in clause.tokens)
