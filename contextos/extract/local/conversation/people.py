"""Who the people in a conversation are: their names as written, the person a pronoun stands
for, and the full name a person was introduced by.

People are introduced once in full ("my manager Oswin Brannock", "Thaddeus Fenwick is my second
mentor") and called by their first name after that ("Oswin is retiring"). A fact should
stand on its own, so :class:`FullNames` remembers the full name each first name was given
with in the history being read, and writes it where a later sentence uses the first name
alone. A first name given with two different surnames is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.conversation.genders import Genders, pronoun_gender
from contextos.extract.local.dates import is_calendar_word
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import (
    name_tagged_noun,
    person_name,
    person_text,
    relation_named,
    said_to_be_mine,
    written,
)

__all__ = [
    "FullNames",
    "acted_on_others",
    "called_names",
    "dislocated_subject",
    "gendered_referents",
    "introduced_as_theirs",
    "kin_fits",
    "kin_referent",
    "named_after",
    "named_before",
    "object_referent",
    "people",
    "plural_kin",
    "plain_possessives",
    "possessor_referent",
    "pronoun_referent",
    "subject_possessor",
    "unnamed_relation",
]

#: Words in a full name: a given name and a surname, or with a middle name.
_FULL_NAME_WORDS = (2, 3)


def people(doc: Any) -> list[str]:
    """People named in ``doc``, in order: PERSON entities, and proper nouns that name a relation
    ("my partner Jo") or are a clause subject, which the small model's NER often misses or
    labels an organisation ("Hortense has accepted a post")."""
    return [name for _i, name in _named(doc)]


def _named(doc: Any, gendered: bool = False) -> list[tuple[int, str]]:
    """(token index, name) of the people :func:`people` finds, in order. ``gendered``: for a
    "he" or "she", which can only be a person, also the names :func:`_could_be_someone`."""
    found: list[tuple[int, str]] = [
        (e.start, person_name(written(e))) for e in doc.ents if e.label_ == "PERSON"
    ]
    for tok in doc:
        if tok.pos_ != "PROPN" or tok.ent_type_ in ("PERSON", "DATE", "TIME"):
            continue  # "Mum and Dad's 35th is 12 March": a date, not whom "Mum" is
        if _JOINED_WORDS.search(tok.text):
            continue  # "Quillhost didn't call me": a company's name (not "DeShawn", "MacLeod")
        if (
            relation_named(tok)
            or (
                tok.dep_ in ("nsubj", "nsubjpass")
                and tok.ent_type_ in lx.NAME_ENT_TYPES
                and not (tok.text.isupper() and len(tok.text) > 1)  # "UX is saturated"
            )
            or (gendered and _could_be_someone(tok))
            or _talked_to(tok)
        ):
            found.append((tok.i, person_text(tok)))
    return sorted(found)


#: Prepositions whose object is a place, never a person ("in Utah", "near Bilbao").
_PLACE_PREPOSITIONS = frozenset(
    {"in", "near", "around", "across", "outside", "inside", "throughout", "within"}
)


#: A capital after three small letters: words joined into a product's or company's name
#: ("Quillhost", "Ledgerly"); a person's ("DeShawn", "McKenzie", "MacLeod") has it sooner.
_JOINED_WORDS = re.compile(r"[a-z]{3}[A-Z]")


def _could_be_someone(tok: Any) -> bool:
    """A name a "he" or "she" can point back to though NER gave it no person label: a clause
    subject whatever its label (the small model calls many names it does not know places:
    "Imelda is leaving. She ..."), one it gave no label at all in a noun's place ("lunch with
    Ana"), or one it took for a place opening the sentence ("Imelda, my cook, she ...")."""
    if tok.dep_ == "compound" or (tok.text.isupper() and len(tok.text) > 1):
        return False  # "Ana" of "Ana Lopez" (read from its last word); "UX is saturated"
    if is_calendar_word(tok.text) or (tok.is_lower and tok.dep_ in ("pobj", "dobj")):
        return False  # "she leaves at end of may", "laughed on skype": no one's name
    if tok.dep_ == "pobj" and tok.head.lower_ in _PLACE_PREPOSITIONS:
        return False  # "a goat farmer in Utah" (no NER ran on a daydream)
    if _destination(tok):
        return False  # "take them to Valletta one day, and he's already got a budget"
    if tok.dep_ in ("nsubj", "nsubjpass") or said_to_be_mine(tok) or _lone_name(tok):
        return True
    if tok.ent_type_ == "":
        return tok.dep_ in _UNLABELLED_NAME_ROLES
    return tok.dep_ == "npadvmod" and tok.i == tok.sent.start


def _destination(tok: Any) -> bool:
    """Where someone goes, is taken or moves to ("go to Valletta", "moved to Bruges"): a place."""
    prep = tok.head
    return (
        tok.dep_ == "pobj"
        and prep.lower_ == "to"
        and prep.head.pos_ in ("VERB", "AUX")
        and prep.head.lemma_.lower() in _GOING_VERBS
    )


#: Verbs whose "to" says where to ("fly to Bergen", "take them to Valletta").
_GOING_VERBS = (
    lx.TRAVEL_VERBS
    | lx.MOVE_VERBS
    | frozenset({"go", "come", "get", "return", "emigrate", "take", "walk", "sail", "run", "trip"})
)


def _lone_name(tok: Any) -> bool:
    """A name that is its sentence, said before what is said of them ("Oswin. Ugh. He rang
    Tuesday ..."); not a sound the parser took for one ("Ugh.")."""
    return (
        tok.dep_ == "ROOT"
        and tok.ent_type_ == ""  # "Paris. He loved it": a place the NER knows
        and tok.lower_ not in lx.INTERJECTIONS
        and tok.lower_ not in lx.DISCOURSE_WORDS
        and tok.lower_ not in lx.PHATIC_WORDS
        and all(
            t.i == tok.i or t.is_punct or t.head.i == tok.i and t.dep_ == "compound"
            for t in tok.sent
        )
    )


#: Where a name the NER gave no label can be someone's: a noun's place in the clause, or
#: whose something is ("Perpetua's choir got to the final, she's over the moon"), or to whom
#: ("gives Tavish more room. He's sent 4 of the 9 drafts").
_UNLABELLED_NAME_ROLES = frozenset(
    {"nsubj", "nsubjpass", "dobj", "pobj", "appos", "conj", "npadvmod", "poss", "dative"}
)


def gendered_referents(doc: Any, genders: Genders) -> dict[str, str | None]:
    """For "he" and for "she", the last person in ``doc`` (see :func:`_named`) a later one
    could be: not someone the user gave the other gender ("my sister Hortense" is no "he", see
    :class:`~contextos.extract.local.conversation.genders.Genders`), and None for one who did
    something to a "him"/"her" (a "he" after "Dr. Fenwick started him on X" is the "him", not
    Dr. Fenwick). A pronoun no one in ``doc`` can be has no entry: it still stands for whom it
    did before."""
    named = _preferred_antecedents(doc, _named(doc, gendered=True))
    out: dict[str, str | None] = {}
    for pronoun in ("he", "she"):
        for i, name in reversed(named):
            if genders.fits(name, pronoun) and not _aside_after_the_pronoun(doc[i], pronoun):
                out[pronoun] = None if _acted_on_another(doc[i], pronoun, len(doc)) else name
                break
    return out


def _preferred_antecedents(doc: Any, named: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``named`` without the names that are only the object of a preposition when another
    is not ("my son Casimir came from Gdansk for Easter, he studies there" is Casimir's), and
    without the objects named after the subject of the last sentence that names anyone (a
    subject goes on being talked about: "Álvaro says I must do TikTok. He is 19") unless
    introduced in apposition after it."""

    def role(i: int) -> str:
        tok = doc[i]
        while tok.dep_ == "compound":
            tok = tok.head
        return tok.dep_

    kept = [(i, name) for i, name in named if role(i) != "pobj"] or named
    if not kept:
        return kept
    last_sentence = doc[kept[-1][0]].sent.start
    subject = next(
        (
            i
            for i, _name in reversed(kept)
            if doc[i].sent.start == last_sentence and role(i) in ("nsubj", "nsubjpass")
        ),
        None,
    )
    if subject is None:
        return kept
    # but a person just introduced beside the thing they are ("sent me to a foot doc, Dr Paul
    # Brannigan, he's a podiatrist") is the one the statement after goes on about
    return [(i, name) for i, name in kept if i <= subject or _beside_a_noun(doc[i])]


def _beside_a_noun(tok: Any) -> bool:
    """A name set beside the noun before it ("a skin doc, Dr Ivo Fenwick"), in apposition
    (or, typed in lower case, hung on the verb: "a skin doc, dr ivo fenwick")."""
    head = tok
    while head.dep_ == "compound":
        head = head.head
    if head.dep_ == "appos":
        return True
    first = head.left_edge.i
    return (
        head.dep_ not in ("nsubj", "nsubjpass")
        and first >= 2
        and tok.doc[first - 1].text == ","
        and tok.doc[first - 2].pos_ == "NOUN"
    )


def _talked_to(tok: Any) -> bool:
    """A name no entity type claims that someone asks, tells or emails ("I'll ask Cosmo
    later"): one talks to a person."""
    return (
        tok.ent_type_ == ""
        and tok.dep_ in ("dobj", "dative")
        and tok.head.lemma_.lower() in lx.EXCHANGE_VERBS
    )


def pronoun_referent(
    clause: Clause, fallback: str | None, genders: Genders, theirs: Collection[str] = ()
) -> str | None:
    """The person a third-person pronoun subject refers to: the last one named before it
    ("we have a son, Eli, he's 9" -> Eli) whom the pronoun can stand for (``genders``), else
    ``fallback``; a "they" is never one of ``theirs`` (people introduced as someone of theirs,
    see :func:`introduced_as_theirs`)."""
    if clause.subject_kind != "third_pronoun" or clause.subject is None:
        return None
    doc = clause.sent.doc
    if clause.subject.lower_ in ("he", "she"):
        pronoun = clause.subject
        named = [
            (i, name)
            for i, name in _named(doc, gendered=True)
            if i < pronoun.i
            and not _acted_on_another(doc[i], pronoun.lower_, pronoun.i)
            and genders.fits(name, pronoun.lower_)
            and not _aside_after_the_pronoun(doc[i], pronoun.lower_)
        ]
        before = [name for _i, name in _preferred_antecedents(doc, named)]
    else:  # "they" is as often a company or a product ("SendLog ..., they loved it")
        before = [
            person_name(written(e))
            for e in doc.ents
            if e.label_ == "PERSON" and e.end <= clause.subject.i and not _one_of_theirs(e)
        ]
        pair = named_pair(doc, clause.subject.i)
        if pair is not None and before and before[-1] in pair[1].split(" and "):
            return pair[1]
    if before:
        return before[-1]
    if clause.subject.lower_ == "they" and fallback in theirs:
        return None
    if fallback is not None and not genders.fits(fallback, clause.subject.lower_):
        return None  # "my sister Hortense came. He ...": someone else
    return fallback


def _aside_after_the_pronoun(name: Any, pronoun: str) -> bool:
    """``name`` is said in a clause hung on another (since ..., who ..., when ...) after
    ``pronoun`` ("he"/"she") was a subject earlier in its sentence: "he's lived alone since
    Sarah died, and he had a fall" goes on about the first "he", not Sarah."""
    sent = name.sent
    before = sent[: name.i - sent.start]
    if not any(t.lower_ == pronoun and t.dep_ in ("nsubj", "nsubjpass") for t in before):
        return False
    tok = name
    while tok.pos_ not in ("VERB", "AUX") and tok.head.i != tok.i:
        tok = tok.head
    return tok.dep_ in ("advcl", "relcl", "acl", "pcomp")


def acted_on_others(doc: Any) -> set[tuple[str, str]]:
    """(name, "he"/"she") for each person ``doc`` says did something to a "him" or "her":
    a later "him" or "her" is that one, not them ("Dr. Fenwick switched him to the spray. I
    put the spray on him" is not Dr. Fenwick)."""
    return {
        (name, p)
        for i, name in _named(doc, gendered=True)
        for p in ("he", "she")
        if _acted_on_another(doc[i], p, len(doc))
    }


def _acted_on_another(name: Any, pronoun: str, until: int) -> bool:
    """Whether the person ``name`` did something to a "him" (for ``pronoun`` "he") or "her"
    (for "she") said before token ``until``: that one was someone else, whom the pronoun goes
    on about ("Dr. Fenwick started him on statins. He also takes ..." is not Dr. Fenwick)."""
    tok = name
    while tok.dep_ in ("compound", "appos") and tok.head.i != tok.i:
        tok = tok.head
    if tok.dep_ not in ("nsubj", "nsubjpass"):
        return False
    other = "him" if pronoun == "he" else "her"
    return any(
        c.lower_ == other and c.tag_ == "PRP" and c.dep_ in _OBJECT_DEPS and c.i < until
        for c in tok.head.children
    )


def named_pair(doc: Any, until: int | None = None) -> tuple[int, str] | None:
    """The last two people ``doc`` names joined by "and" before token ``until`` ("Tom and Ana
    came over", "Mum and Dad's 35th"), as (index of the second, "Tom and Ana"): whom a later
    "they" means. None when the last person named stands alone."""
    named = [(i, name) for i, name in _named(doc) if until is None or i < until]
    if not named:
        return None
    i, first = named[-1]
    if len(named) > 1 and named[-2][0] == i - 2 and doc[i - 1].lower_ in ("and", "&"):
        return i, f"{named[-2][1]} and {first}"  # "Tom and Ana": both named
    end = i + len(first.split())
    if end + 1 < len(doc) and doc[end].lower_ in ("and", "&"):
        other = doc[end + 1]  # "Mum and Dad": the second not taken for a name
        if (
            other.pos_ == "PROPN"
            and other.ent_type_ not in ("DATE", "TIME", "ORG", "GPE")
            and (until is None or other.i < until)
        ):
            return other.i, f"{first} and {person_text(other)}"
    return None


def plural_pair(referent: str | None) -> bool:
    """Whether a "they" was resolved to two people (:func:`named_pair`)."""
    return referent is not None and " and " in referent


#: what may stand in the noun phrase a pronoun subject takes up ("my sister Ana she ...")
_DISLOCATED_POS = frozenset({"DET", "PRON", "NOUN", "PROPN", "ADJ", "PART", "PUNCT"})


def dislocated_subject(clause: Clause) -> Any | None:
    """The person a clause names first and then takes up with a pronoun subject, as speech
    and learners' English do ("my sister Ana she lives in Paris", "Imelda's cook Aurelio he is
    diabetic", "my parents they live in Cádiz"): the name's token, or the relation noun's when
    no name is given; ``None`` when the pronoun is the clause's only subject."""
    subj = clause.subject
    if clause.subject_kind != "third_pronoun" or subj is None:
        return None
    if subj.lower_ not in ("he", "she", "they"):
        return None
    before = [t for t in clause.tokens if t.i < subj.i]
    words = [t for t in before if not t.is_punct]
    if not words or len(words) > 5 or words[0].i != clause.tokens[0].i:
        return None
    if any(
        t.pos_ not in _DISLOCATED_POS
        or t.ent_type_ in ("DATE", "TIME")
        or is_calendar_word(t.text)
        or (t.pos_ == "PRON" and t.tag_ != "PRP$")
        for t in words
    ):
        return None  # "Monday she starts", "then she left", "what she said"
    last = words[-1]
    named = last.ent_type_ == "PERSON" or last.pos_ == "PROPN" or name_tagged_noun(last)
    if named or last.lemma_.lower() in lx.RELATION_NOUNS:
        return last
    return None


def subject_possessor(clause: Clause) -> Any | None:
    """The "his" or "her" that says whose the clause's subject is ("her brother is a chef"),
    or None."""
    subj = clause.subject
    if subj is None or subj.pos_ not in ("NOUN", "PROPN"):
        return None
    return next(
        (c for c in subj.children if c.dep_ == "poss" and c.lower_ in lx.PERSON_POSSESSIVES), None
    )


def possessor_referent(clause: Clause, fallback: str | None, genders: Genders) -> str | None:
    """The person the subject's "his"/"her" (:func:`subject_possessor`) stands for: the last
    one named before it ("I met Ana at the conference. Her brother is a chef" -> Ana), else
    ``fallback`` (the last named earlier in the turn); None when neither."""
    poss = subject_possessor(clause)
    return None if poss is None else named_before(poss, fallback, genders)


def named_before(tok: Any, fallback: str | None, genders: Genders) -> str | None:
    """The person a "his"/"her"/"their" ``tok`` stands for: the last one named before it in
    its doc whom it can stand for (``genders``; see :func:`possessor_referent`), else
    ``fallback``."""
    doc = tok.doc
    named = [
        (i, name)
        for i, name in _named(doc, gendered=True)
        if i < tok.i and genders.fits(name, tok.lower_)
    ]
    before = _preferred_antecedents(doc, named)
    if before:
        return before[-1][1]
    return fallback if fallback is None or genders.fits(fallback, tok.lower_) else None


def named_after(clause: Clause, tok: Any) -> bool:
    """Whether the clause names a person after ``tok`` ("his agent wants Evander to keep the
    rights": the "his" is Evander's, and the statement says so itself). Not the name of whom
    ``tok`` is the possessive of ("her husband Rob is a pilot": whose husband is not said)."""
    inside = {t.i for t in clause.tokens} - {t.i for t in tok.head.subtree}
    return any(tok.i < i and i in inside for i, _name in _named(clause.sent.doc, gendered=True))


def unnamed_relation(doc: Any) -> str | None:
    """The last relation of the speaker's ``doc`` names by its noun alone ("I'm close with my
    sister"; not "my sister Ana", whose name a pronoun takes instead)."""
    found = None
    for tok in doc:
        if (
            tok.pos_ == "NOUN"
            and not _says_who_someone_is(tok)
            and (
                tok.lower_ in lx.RELATION_NOUNS
                or (tok.tag_ == "NNS" and tok.lemma_.lower() in lx.RELATION_NOUNS)  # "my parents"
            )
            and any(c.dep_ == "poss" and c.lower_ == "my" for c in tok.children)
            and not any(c.dep_ in ("appos", "compound") and c.pos_ == "PROPN" for c in tok.children)
            and not (tok.i + 1 < len(doc) and doc[tok.i + 1].pos_ == "PROPN")
        ):
            found = tok.lower_
    return found


def _says_who_someone_is(tok: Any) -> bool:
    """``tok`` is what a person already in view is ("she's my best friend", "Sam is my
    brother"): it names no one new. "The complication is my dad" introduces him."""
    if tok.dep_ != "attr":
        return False
    subject = next((c for c in tok.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return subject is None or subject.pos_ in ("PRON", "PROPN") or subject.ent_type_ == "PERSON"


def plural_kin(kin: str) -> bool:
    """A relation noun of :func:`unnamed_relation` that is plural ("parents"): a "they"."""
    return kin not in lx.RELATION_NOUNS


def kin_referent(
    clause: Clause, kin: str | None, genders: Genders, theirs: Collection[str] = ()
) -> str | None:
    """``kin`` (a relation noun, see :func:`unnamed_relation`) when the clause's "he"/"she"
    subject stands for it: no person is named before the pronoun in its sentence, and the
    noun can be a "she" (sister, mom, friend) or a "he" (brother, dad, friend)."""
    if kin is None or clause.subject_kind != "third_pronoun" or clause.subject is None:
        return None
    low = clause.subject.lower_
    if low not in ("he", "she", "they"):
        return None
    if pronoun_referent(clause, None, genders, theirs) is not None:
        return None
    return kin if kin_fits(kin, low) else None


def kin_fits(kin: str, pronoun: str) -> bool:
    """Whether the relation noun ``kin`` can be what ``pronoun`` (he, she, they, his, her)
    stands for: a plural one only a "they", a "she"/"her" no male relation, a "he"/"his" no
    female one ("friend" can be either)."""
    if (pronoun == "they") != plural_kin(kin):
        return False
    other = lx.MALE_RELATIONS if pronoun in ("she", "her") else lx.FEMALE_RELATIONS
    return kin not in other


def introduced_as_theirs(doc: Any) -> set[str]:
    """People ``doc`` introduces as someone of "theirs" ("their account rep Oswin Brannock")."""
    return {person_name(written(e)) for e in doc.ents if e.label_ == "PERSON" and _one_of_theirs(e)}


def _one_of_theirs(ent: Any) -> bool:
    """A person introduced as someone of "theirs" ("their account rep Oswin Brannock says they
    can't"): the "they" is whoever has that person, not the person."""
    start = max(ent.sent.start, ent.start - 4)
    lead = list(ent.doc[start : ent.start])
    while lead and not lead[0].is_punct and lead[0].lower_ != "their":
        lead.pop(0)
    return bool(lead) and lead[0].lower_ == "their" and not any(t.is_punct for t in lead)


def object_referent(
    clause: Clause,
    named_before: Sequence[str],
    speakers: Iterable[str],
    genders: Genders,
    acted_before: Collection[tuple[str, str]],
) -> tuple[Any, str] | None:
    """A "him"/"her" the statement acts on and the person it stands for, when only one person
    can be meant: the only one named before it in the turn whom the pronoun can stand for
    (``genders``: "my sister Hortense" is no "him"), as in "I met Ana at the conference. I'm
    meeting her again next week" -> Ana. ``named_before``: the people the speaker named in
    earlier sentences of the turn; ``speakers``: the speaker's own names, never meant;
    ``acted_before``: the people who did something to a "him" or "her" in those sentences (see
    :func:`acted_on_others`), whom it is not."""
    pron = next(
        (
            t
            for t in clause.tokens
            if t.lower_ in ("him", "her") and t.tag_ == "PRP" and t.dep_ in _OBJECT_DEPS
        ),
        None,
    )
    if pron is None:
        return None
    doc = clause.sent.doc
    # never the subject of its own verb: "Dr. Fenwick started him on statins" is someone else
    acting = {
        t.i for c in pron.head.children if c.dep_ in ("nsubj", "nsubjpass") for t in c.subtree
    }
    named = _named(doc)
    here = [name for i, name in named if i < pron.i and i not in acting]
    here += [name for name in called_names(doc) if name not in here]
    subjects = {name for i, name in named if i in acting}
    candidates = {n for n in (*named_before, *here)} - set(speakers) - subjects
    wanted = pronoun_gender(pron.lower_)  # "him" -> "he", as acted_before has it
    candidates = {
        n for n in candidates if genders.fits(n, pron.lower_) and (n, wanted) not in acted_before
    }
    if len(candidates) != 1:
        return None
    return pron, next(iter(candidates))


def called_names(doc: Any) -> list[str]:
    """Names given with "called"/"named" to something that is not a piece of work ("a rescue
    whippet called Pudding", "my dog is called Rex"): pets, mostly, whom a later "him" or
    "her" stands for."""
    out = []
    for tok in doc:
        if tok.pos_ != "PROPN" or tok.dep_ != "oprd" or tok.head.lemma_ not in ("call", "name"):
            continue
        verb = tok.head
        named = (
            verb.head
            if verb.dep_ == "acl"
            else next((c for c in verb.children if c.dep_ in ("nsubjpass", "nsubj")), None)
        )
        if named is not None and named.lemma_.lower() not in _WORK_NOUNS:
            out.append(person_text(tok))
    return out


_WORK_NOUNS = lx.PROJECT_NOUNS | lx.DOCUMENT_NOUNS | lx.FACET_NOUNS

#: where a "him"/"her" is someone acted on ("call her", "talk to him", "watch her play")
_OBJECT_DEPS = frozenset({"dobj", "pobj", "dative", "nsubj"})


def _full_name(name: str) -> bool:
    words = name.split()
    return len(words) in _FULL_NAME_WORDS and all(
        w[:1].isupper() and w.isalpha() and not w.isupper() for w in words
    )


class FullNames:
    """First name -> the one full name it was introduced with, in the docs read."""

    def __init__(
        self,
        named: Iterable[list[str]],
        known: Iterable[str] = (),
        introduced: dict[str, set[str]] | None = None,
    ) -> None:
        """``named``: the :func:`people` of each doc read; ``known``: names never expanded
        (the speakers of the conversation, the user); ``introduced``: the full names read
        before (first name -> full names), added to in place."""
        seen: dict[str, set[str]] = {} if introduced is None else introduced
        for names in named:
            for name in names:
                if _full_name(name):
                    seen.setdefault(name.split()[0], set()).add(name)
        skip = {w for name in known for w in name.split()[:1]}
        self._full = {
            first: next(iter(names))
            for first, names in seen.items()
            if len(names) == 1 and first not in skip
        }

    def __len__(self) -> int:
        return len(self._full)

    def of(self, name: str) -> str:
        """``name`` in full if it is a first name introduced with one full name."""
        return self._full.get(name, name)

    def replacements(self, tokens: list[Any]) -> dict[int, tuple[str, int]]:
        """Token swaps (index -> (full name, end index)) for the first names standing alone
        in ``tokens``."""
        out: dict[int, tuple[str, int]] = {}
        if not self._full or not tokens:
            return out
        doc = tokens[0].doc
        for tok in tokens:
            full = self._full.get(tok.text)
            if full is None or tok.pos_ != "PROPN":
                continue
            before = doc[tok.i - 1] if tok.i > 0 else None
            after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
            if (before is not None and before.pos_ == "PROPN") or (
                after is not None and after.pos_ == "PROPN"
            ):
                continue  # already part of a longer name
            out[tok.i] = (full, tok.i + 1)
        return out


def plain_possessives(tokens: list[Any], firsts: Mapping[str, str]) -> dict[int, tuple[str, int]]:
    """Token swaps (index -> (possessive, end index)) for a known person's possessive typed
    without its apostrophe before what they own ("cosmos passport" -> "Cosmo's passport"), when
    ``firsts`` (first names seen so far, lower case -> as written) has the name."""
    out: dict[int, tuple[str, int]] = {}
    if not firsts or not tokens:
        return out
    doc = tokens[0].doc
    for tok in tokens:
        low = tok.lower_
        if len(low) < 4 or not low.endswith("s") or not low.isalpha() or tok.tag_.startswith("V"):
            continue
        name = firsts.get(low[:-1])
        after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
        if name is not None and after is not None and after.pos_ in ("NOUN", "ADJ"):
            out[tok.i] = (f"{name}'s", tok.i + 1)
    return out
