"""Who a "we" is: the speaker and the group the turn names, never the speaker alone.

"We shipped the beta" is not something the speaker did by themselves, and a fact that says
"Ana shipped the beta" credits one person with a team's work. A first-person plural clause
is rendered as the speaker *and* a group, found from the parse of what the same turn said
before it (the nearest first):

* a coordination with the speaker in it ("Sam and I went hiking ... we loved it",
  "me and my brother ...") -> "Ana and Sam", "Ana and their brother" (plural verb);
* a group the speaker names as theirs ("my team", "our lab", "my band") -> "Ana's team";
* a person the speaker names as theirs ("my husband", "my flatmate") -> "Ana and their
  husband" (plural verb);
* else, the clause itself is about work (a project, a document, an organisation or product
  name): the speaker's team -> "Ana's team";
* else, a group or partner the speaker named earlier in the conversation ("my wife Bev" ...
  later "we got the insurance") -> "Ana and Bev";
* else, once the speaker named an employer or said they run a business: "Ana's team",
  "Ana's business".

The speaker's family (``Discourse.we_means_family``) and a meeting's team are decided by
their own modules. When nothing names the group, a clause whose subject is "we" is flagged
``group_as_speaker`` (kept in the rejection log): the extractor cannot tell who did it, and
the speaker alone did not. The validate stage (``validate/plural_speaker.py``) checks the
same of every extractor's candidates from their evidence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from contextos.extract.local.text import lexicon as lx

__all__ = ["GroupsNamed", "WeGroup", "group_named_before", "says_we", "who_we_are", "work_group"]

#: The speaker in a coordination ("Sam and I", "me and my brother").
_SELF = frozenset({"i", "me"})
#: Collective nouns that name two people, not a group the speaker belongs to by name.
_NOT_GROUPS = frozenset({"couple", "partnership"})
#: Nouns of a piece of work a household does as well ("the move", "a book", "a plan").
_HOUSEHOLD_WORK = frozenset(
    "move renovation book game course letter plan schedule notes email post study".split()
)
#: Nouns that make a clause about work ("the beta", "the report", "the rollout").
WORK_NOUNS: frozenset[str] = (
    lx.PROJECT_NOUNS | lx.FACET_NOUNS | lx.DOCUMENT_NOUNS
) - _HOUSEHOLD_WORK
#: Entity labels of a name that is no work thing: a person, a place, a time ("we moved to
#: Porto"); any other name is (a product, a tool, an organisation: "we switched to MySQL").
_NOT_WORK_ENTITIES = frozenset({"PERSON", "GPE", "LOC", "FAC", "NORP", "DATE", "TIME", "EVENT"})


@dataclass(frozen=True)
class WeGroup:
    """How a fact names the "we" of its clause."""

    #: the words that take the place of "we"/"us" ("Ana and Sam", "Ana's team")
    text: str
    #: the group is several named people ("Ana and Sam"): the verb stays plural
    plural: bool
    #: the words of ``text`` the turn said before the clause (named, not the speaker's words
    #: in this clause): "Sam", "team"
    named: str


def who_we_are(
    tokens: Sequence[Any],
    before: Sequence[Any],
    display: str,
    family: bool,
    earlier: WeGroup | None = None,
    workplace: str | None = None,
) -> WeGroup | None:
    """Who the "we"/"us" of the clause ``tokens`` is, said by ``display`` after ``before``
    (the turn's earlier tokens, read from the end; the caller may put the clause's own and
    the rest of its sentence in front of them, read last), in this order: a group named
    before in the turn; the
    family (``family``: the conversation says the speaker lives with one and the clause is
    not about work); the team of a clause about work; the group or partner the speaker named
    earlier in the conversation (``earlier``); the speaker's ``workplace`` group ("team" once
    an employer was named, "business" once they said they run one). None when the clause has
    no "we" or nothing names it."""
    if not says_we(tokens):
        return None
    named = group_named_before(before, display)
    if named is not None:
        return named
    if family:
        return WeGroup(f"{display}'s family", plural=False, named="family")
    work = work_group(tokens, display, WORK_NOUNS)
    if work is not None or earlier is not None:
        return work or earlier
    if workplace is not None:
        return WeGroup(f"{display}'s {workplace}", plural=False, named=workplace)
    return None


@dataclass
class GroupsNamed:
    """The last group each speaker named ("my husband Tom", "my partner Sam and I", "our
    choir"), for a "we" of a later turn or a later conversation of theirs: only a
    coordination with the speaker, a group noun or a partner carries over (not "my boss", who
    is no "we" days later). A partner named in a first chat is still the partner weeks on."""

    last: dict[str, WeGroup] = field(default_factory=dict)

    def observe(self, speaker: str, tokens: Sequence[Any], display: str) -> None:
        found = group_named_before(tokens, display, carried=True)
        if found is not None:
            self.last[speaker] = found

    def of(self, speaker: str) -> WeGroup | None:
        return self.last.get(speaker)


def says_we(tokens: Sequence[Any]) -> bool:
    """Whether a clause's own words have a "we" or an "us" in them."""
    return any(t.lower_ in ("we", "us") for t in tokens)


def group_named_before(
    before: Sequence[Any], display: str, carried: bool = False
) -> WeGroup | None:
    """The group the speaker named in ``before`` (tokens said before the clause, in order),
    the nearest one; None when none was named. ``carried``: for a later turn, so only a
    coordination with the speaker, a group noun or a partner."""
    for tok in reversed(before):
        found = _coordinated_with_self(tok, display) or _owned(tok, display, carried)
        if found is not None:
            return found
    return None


def work_group(tokens: Sequence[Any], display: str, work_nouns: frozenset[str]) -> WeGroup | None:
    """The speaker's team, when the clause ``tokens`` is about work (a noun of
    ``work_nouns``, or a name that is no person, place or time: a product, a tool, an
    organisation): "we shipped the beta", "we're switching to MySQL"."""
    for t in tokens:
        if (t.pos_ == "NOUN" and t.lemma_.lower() in work_nouns) or _named_thing(t):
            return WeGroup(f"{display}'s team", plural=False, named="team")
    return None


def _named_thing(tok: Any) -> bool:
    """A name of a thing: capitalised inside its sentence (the tagger may call "Postgres" a
    noun), and no person, place, time or relative ("Mum")."""
    return (
        tok.text[:1].isupper()
        and tok.i > tok.sent.start
        and tok.pos_ in ("PROPN", "NOUN", "DET", "X")
        and tok.ent_type_ not in _NOT_WORK_ENTITIES
        and tok.lower_ not in lx.KIN_NAMES
    )


def _coordinated_with_self(tok: Any, display: str) -> WeGroup | None:
    """ "Sam and I", "me and my brother": the others of a coordination that has the speaker
    in it, with ``tok`` its first member."""
    members = [tok, *(c for c in tok.subtree if c.dep_ == "conj" and _in_chain(c, tok))]
    if len(members) < 2 or not any(m.lower_ in _SELF for m in members):
        return None
    others = [m for m in members if m.lower_ not in _SELF]
    if not others or any(m.pos_ not in ("PROPN", "NOUN") for m in others):
        return None
    names = [_person_words(m) for m in others]
    if any(n is None for n in names):
        return None
    joined = " and ".join(n for n in names if n)
    return WeGroup(f"{display} and {joined}", plural=True, named=joined)


def _in_chain(conj: Any, first: Any) -> bool:
    """``conj`` is a conjunct of ``first`` (directly or through other conjuncts)."""
    head = conj
    while head.dep_ == "conj" and head.head.i != head.i:
        head = head.head
        if head.i == first.i:
            return True
    return False


def _person_words(tok: Any) -> str | None:
    """How a member of the group is named: a name as written ("Sam", "Sam Lee"), or a
    person noun of the speaker's ("my brother" -> "their brother")."""
    if tok.pos_ == "PROPN":
        parts = [c for c in tok.children if c.dep_ == "compound" and c.i < tok.i]
        return " ".join(t.text for t in [*parts, tok])
    if _owned_by_speaker(tok) and _person_noun(tok):
        name = next((c for c in tok.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
        return name.text if name is not None else f"their {tok.lower_}"  # "my partner Sam"
    return None


def _owned(tok: Any, display: str, carried: bool = False) -> WeGroup | None:
    """ "my team", "our lab" -> the speaker's group; "my husband" -> the speaker and them
    ("my husband Tom" -> "Ana and Tom"); with ``carried``, of persons only a partner."""
    if tok.pos_ != "NOUN" or not _owned_by_speaker(tok):
        return None
    lemma = tok.lemma_.lower()
    if lemma in lx.COLLECTIVE_NOUNS and lemma not in _NOT_GROUPS:
        words = [c.lower_ for c in tok.children if c.dep_ == "compound" and c.i < tok.i]
        noun = " ".join([*words, tok.lower_])  # "my design team" -> "Ana's design team"
        return WeGroup(f"{display}'s {noun}", plural=False, named=noun)
    if not _person_noun(tok) or tok.tag_ != "NN":  # one person: "my wife", not "my kids"
        return None
    if carried and lx.RELATION_NOUNS.get(lemma) != "PARTNER_OF":
        return None
    name = next((c for c in tok.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
    if name is not None:  # "my wife Bev"
        return WeGroup(f"{display} and {name.text}", plural=True, named=name.text)
    return WeGroup(f"{display} and their {tok.lower_}", plural=True, named=tok.lower_)


def _owned_by_speaker(tok: Any) -> bool:
    return any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in tok.children)


def _person_noun(tok: Any) -> bool:
    """A noun for a person the speaker is related to ("brother", "wife", "flatmate",
    "boss"): a relation noun of the lexicon, or one the parser's entity tagger calls a
    person."""
    lemma = tok.lemma_.lower()
    return lemma in lx.RELATION_NOUNS or lemma in lx.KIN_NAMES or tok.ent_type_ == "PERSON"
