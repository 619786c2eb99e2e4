"""What the conversation so far has established, so that a later sentence's fact says it.

A person says once where they work and what their project is called, then talks in shorthand:
"I'm a PM at Quillhost" ... "our clients hate late fees"; "calling it Ledgerly" ... "the beta
is next week". Read piece by piece in order, :class:`Discourse` keeps

* the speaker's **organisation**, from "I work at X" / "I'm a <role> at X", so that "our" in
  front of a work noun becomes "X's" (never in front of a private one: "our dog" stays theirs);
* whether the speaker has a **household**: once they speak of "my wife" or "our kids" (and
  have named no employer), a "we" with nothing about work in its clause is "<name>'s family"
  ("we need to be unpacked before term begins"), not the speaker alone;
* the **current project**: a proper name given to a piece of work ("calling it X", "it's called
  X"), written in front of a project part ("the X beta", "X v1", "the demo for X"), and then
  mentioned again in any case ("hit a wall on x"). A bare project part in a later clause ("the
  beta", "design", "our demo build") gets the name written in ("the X beta").

Both only add words the user said earlier in the same history; the evidence span stays the
clause's own words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from contextos.extract.local.clauses.subjects import first_person_subject
from contextos.extract.local.dates import is_calendar_word
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.nlp import doc_text

__all__ = ["Discourse", "ProjectNames", "bare_work_subject"]

#: Entity labels that are never an organisation or a project name.
_NOT_NAMES = frozenset(
    {"PERSON", "GPE", "LOC", "NORP", "DATE", "TIME", "MONEY", "PERCENT", "QUANTITY", "CARDINAL"}
)
_NAME_OBJECTS = frozenset({"oprd", "attr", "xcomp", "ccomp", "dobj", "npadvmod", "appos"})
_THIS = frozenset({"it", "this", "that"})
_WHEN = frozenset({"DATE", "TIME"})
_OWN = frozenset({"our", "my"})
#: Head nouns a name is given to: "the demo for X", "calling the app X".
_PROJECT_PARTS = lx.PROJECT_NOUNS | lx.FACET_NOUNS
#: Work items a bare subject belongs to the speaker for ("Portfolio is due").
#: What chat names without "my" at the start of a sentence ("Goal is a 10k by September").
_OWN_ITEMS = frozenset("goal budget commute rent salary mortgage".split())
_WORK_ITEMS = lx.PROJECT_NOUNS | lx.DOCUMENT_NOUNS | lx.EVENT_NOUNS | _OWN_ITEMS | lx.BODY_PARTS
#: What a document does when it reaches the speaker ("Letter came today").
_ARRIVAL_VERBS = frozenset({"come", "arrive", "land"})


#: Project names remembered (of a conversation, and carried over from a user's earlier ones):
#: a user's thousandth chat does not need every name ever given, and each new name copies them.
MAX_PROJECT_NAMES = 200


@dataclass(frozen=True)
class ProjectNames:
    """The project names a conversation has given by some moment, by their lower-case words,
    each as first written with capitals (("sendlog",): "SendLog"). Never changed in place: a
    new name gives a new value, so what a clause saw stays what it saw."""

    by_words: Mapping[tuple[str, ...], str] = field(default_factory=dict)
    #: the names by their first word, in the order they were given
    by_first: Mapping[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)

    def with_name(self, name: str) -> ProjectNames:
        """These names and ``name`` (a later lower-case "autopay" keeps "Autopay")."""
        words = tuple(name.casefold().split())
        if words in self.by_words and name == name.lower():
            return self
        by_first = dict(self.by_first)
        by_words = {**self.by_words, words: name}
        if words not in self.by_words:
            by_first[words[0]] = (*by_first.get(words[0], ()), words)
        while len(by_words) > MAX_PROJECT_NAMES:  # the longest ago named goes first
            oldest = next(iter(by_words))
            del by_words[oldest]
            left = tuple(w for w in by_first[oldest[0]] if w != oldest)
            if left:
                by_first[oldest[0]] = left
            else:
                del by_first[oldest[0]]
        return ProjectNames(by_words, by_first)

    def mentions(self, toks: Sequence[Any]) -> Iterator[tuple[int, tuple[str, ...]]]:
        """(position in ``toks``, words) of every name said in ``toks``, in any case."""
        lows = [t.lower_ for t in toks]
        for k, low in enumerate(lows):
            for words in self.by_first.get(low, ()):
                if tuple(lows[k : k + len(words)]) == words:
                    yield k, words

    def first_mention(self, toks: Sequence[Any]) -> tuple[str, int, int] | None:
        """The first name said in ``toks``, as written, with its character span in their
        doc: "Autopay" in "the autopay beta went live"."""
        for k, words in self.mentions(toks):
            last = toks[k + len(words) - 1]
            return self.by_words[words], toks[k].idx, last.idx + len(last.text)
        return None

    def named(self, text: str) -> bool:
        """Whether ``text`` is one of the names, in any case."""
        return tuple(text.casefold().split(" ")) in self.by_words


@dataclass
class Discourse:
    organisation: str | None = None
    #: the speaker said they run a business ("I run a small florist"), named or not
    business: bool = False
    #: a household was mentioned in this conversation (a "we" may then be the family)
    household: bool = False
    project: str | None = None
    #: the turn the current project was last named in
    project_turn: str | None = None
    #: every project name read so far
    names: ProjectNames = field(default_factory=ProjectNames)
    #: the conversation being read
    conversation: str | None = None

    def enter(self, conversation_id: str) -> None:
        """Read on in ``conversation_id``. The employer and the projects named carry into a
        new conversation; that "we" is the family does not: it is a guess from the
        conversation's own words ("my wife ... we're moving"), and a later chat's "we decided
        to use Django" is more likely the team."""
        if conversation_id != self.conversation:
            self.conversation = conversation_id
            self.household = False

    def observe(self, doc: Any, turn_id: str = "", first_person_org: bool = True) -> None:
        """Update from one parsed piece (read pieces in conversation order)."""
        toks = list(doc)  # one pass of token objects for every check below
        if first_person_org:
            org = _employer(toks)
            if org:
                self.organisation = org
            self.business = self.business or _runs_business(toks)
            self.household = self.household or _mentions_household(doc_text(doc), toks)
        seen: list[tuple[int, str]] = []
        for i, name in _named_projects(toks):
            if name.casefold() != (self.organisation or "").casefold():
                self.names = self.names.with_name(name)
                seen.append((i, name))
        seen.extend((k, self.names.by_words[words]) for k, words in self.names.mentions(toks))
        if seen:
            self.project = max(seen)[1]
            self.project_turn = turn_id

    def it_referent(self, clause_subject: Any, named_before: bool) -> str | None:
        """The project a subject "it" stands for: only right after the project was named, in an
        earlier sentence of the same turn (``named_before``: "calling it Ledgerly. right now
        it's plain Kotlin")."""
        if clause_subject is None or clause_subject.lower_ != "it" or not named_before:
            return None
        return self.project

    def project_insertions(self, tokens: list[Any]) -> tuple[dict[int, str], dict[int, str]]:
        """Where the current project's name goes in ``tokens``: (text to put before token i,
        text to put instead of token i — "our"/"my" become "the")."""
        before: dict[int, str] = {}
        instead: dict[int, str] = {}
        name = self.project
        if not name or not tokens or name.casefold() in tokens[0].sent.text.casefold():
            return before, instead
        ids = {t.i for t in tokens}
        for noun in tokens:
            if not _bare_facet(noun):
                continue
            compounds = _facet_modifiers(noun)
            first = min([noun, *compounds], key=lambda t: t.i)
            dets = [c for c in noun.children if c.dep_ in ("det", "poss") and c.i < noun.i]
            left = min(first, _leftmost(noun), key=lambda t: t.i)
            if left.i not in ids or (left.i > 0 and left.nbor(-1).pos_ in ("PROPN", "NOUN")):
                continue  # a misparsed modifier in front ("fighting Gradle builds")
            if not dets:
                before[left.i] = "the" + (f" {name}" if left.i == first.i else "")
                if left.i != first.i:
                    before[first.i] = name
            else:
                det = dets[0]
                if det.lower_ in _OWN:
                    instead[det.i] = "the"
                elif det.lower_ not in ("the", "this", "that"):
                    continue
                before[first.i] = name
        return before, instead

    def we_means_family(self, tokens: list[Any]) -> bool:
        """Whether a "we" in ``tokens`` is the speaker's family: a household was mentioned, no
        employer or business of the speaker's was (with one, a "we" may as well be the team:
        "we open at 7"), and nothing in the clause is about work (a project, a document, a
        work event, a named thing other than a place) and it is not a couple's ("we had been
        married forty-six years")."""
        if not self.household or self.organisation is not None or self.business:
            return False
        if any(t.lemma_.lower() in lx.COUPLE_WORDS for t in tokens):
            return False  # "we had been married thirty-nine years": two of them, not the family
        for t in tokens:
            if t.lemma_.lower() in _WORK_ITEMS or t.lemma_.lower() in lx.FACET_NOUNS:
                return False
            if t.pos_ == "PROPN" and t.ent_type_ not in ("GPE", "LOC", "FAC", "DATE", "PERSON"):
                return False
            if t.ent_type_ in ("ORG", "PRODUCT") or _product_name(t.text):
                return False  # "we're switching from Postgres to MySQL"
        return True

    def possessive_owner(self, tok: Any) -> str | None:
        """The organisation an "our" in front of a work noun stands for, if known."""
        if self.organisation is None or tok.lower_ != "our":
            return None
        noun = tok.head
        lemma = noun.lemma_.lower()
        if lemma in lx.PERSONAL_NOUNS or lemma in lx.RELATION_NOUNS or noun.pos_ == "PROPN":
            return None
        return self.organisation


def bare_work_subject(clause_tokens: list[Any], subject: Any | None) -> Any | None:
    """The first token of a determiner-less work-item subject that opens a clause — chat drops
    "my": "Portfolio is due in May", "Final report is out", "Knee is killing me" — or None. Its
    owner is the speaker.
    Not a letter or an email that came ("Letter came today": one sent to the speaker)."""
    if subject is None or subject.pos_ != "NOUN" or not clause_tokens:
        return None
    if subject.lemma_.lower() not in _WORK_ITEMS:
        return None
    if subject.lemma_.lower() in lx.DOCUMENT_NOUNS and subject.head.lemma_ in _ARRIVAL_VERBS:
        return None
    if any(c.dep_ in ("det", "poss", "nummod") or c.pos_ == "PROPN" for c in subject.children):
        return None
    left = _leftmost(subject)
    opening = next((t for t in clause_tokens if not (t.is_punct or t.is_space)), None)
    return left if opening is not None and left.i == opening.i else None


def _leftmost(tok: Any) -> Any:
    """``tok`` or its leftmost direct dependent, whichever comes first."""
    return min([tok, *[c for c in tok.children if c.i < tok.i]], key=lambda t: t.i)


def _facet_modifiers(noun: Any) -> list[Any]:
    """The nouns in front of ``noun`` that make it a project part: "release target", and "beta
    target", where the small model parses "beta" as an adjective."""
    return [
        c
        for c in noun.children
        if c.i < noun.i
        and (c.dep_ == "compound" or (c.dep_ == "amod" and c.lower_ in lx.FACET_NOUNS))
    ]


def _bare_facet(noun: Any) -> bool:
    """A project part with nothing saying whose it is: "the beta", "design", "our build"."""
    if noun.pos_ != "NOUN" or noun.dep_ == "compound":
        return False
    compounds = _facet_modifiers(noun)
    if noun.lemma_.lower() not in lx.FACET_NOUNS and not any(
        c.lower_ in lx.FACET_NOUNS for c in compounds
    ):
        return False
    for c in noun.children:
        if c.ent_type_ in _WHEN:
            continue  # "release target: next Tuesday" says when, not whose
        if c.pos_ == "PROPN" or (c.dep_ == "poss" and c.lower_ not in _OWN):
            return False
        if c.dep_ == "prep" and any(g.pos_ == "PROPN" for g in c.children):
            return False  # "the demo for Ledgerly" already says whose
    return True


def _name_chunk(tok: Any) -> str | None:
    """The proper name ``tok`` is part of, unless it names a person, place, date, ..."""
    if tok.pos_ != "PROPN" or tok.ent_type_ in _NOT_NAMES or is_calendar_word(tok.text):
        return None
    if len(tok.text) <= 3 and tok.text.isupper():
        return None  # "PC", "QA": platforms and departments, not names given to work
    for ent in tok.doc.ents:
        if ent.start <= tok.i < ent.end:
            words = [t for t in ent if t.pos_ != "DET"]  # "the Trailmix" -> "Trailmix"
            return str(tok.doc[words[0].i : words[-1].i + 1].text) if words else None
    parts = sorted(
        [t for t in tok.children if t.dep_ == "compound" and t.pos_ == "PROPN"] + [tok],
        key=lambda t: t.i,
    )
    return " ".join(t.text for t in parts)


def _named_projects(toks: list[Any]) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for tok in toks:
        if tok.pos_ == "VERB" and tok.lemma_.lower() in lx.NAMING_VERBS:
            named = [
                c
                for c in tok.children
                if c.dep_ in ("dobj", "nsubjpass")
                and (c.lower_ in _THIS or c.lemma_.lower() in _PROJECT_PARTS)
            ]
            if named:
                for c in tok.children:
                    chunk = _name_chunk(c) if c.dep_ in _NAME_OBJECTS and c not in named else None
                    if chunk:
                        out.append((c.i, chunk))
        elif _names_a_project_part(tok) and not tok.is_lower:
            # "spec sheet v3": a lower-case word the tagger calls a name is a common noun
            chunk = _name_chunk(tok)
            if chunk:
                out.append((tok.i, chunk))
    return out


def _names_a_project_part(tok: Any) -> bool:
    """``tok`` in "the Trailmix beta", "Trailmix v1" or "the demo for Trailmix"."""
    if tok.dep_ == "compound":
        return bool(tok.head.lemma_.lower() in lx.NAMING_FACETS)
    return bool(
        tok.dep_ == "pobj"
        and tok.head.lower_ in ("for", "of")
        and tok.head.head.lemma_.lower() in _PROJECT_PARTS
    )


_HOUSEHOLD_HINT = re.compile(r"\b(?:my|our)\s", re.I)


def _mentions_household(text: str, toks: list[Any]) -> bool:
    """ "my wife", "our kids", "my family": the speaker lives with a family."""
    if _HOUSEHOLD_HINT.search(text) is None:  # the cheap test first
        return False
    return any(
        t.lemma_.lower() in lx.HOUSEHOLD_NOUNS
        and any(c.dep_ == "poss" and c.lower_ in _OWN for c in t.children)
        for t in toks
    )


#: Verbs of having a business ("I run a bakery", "we own a small farm").
_RUNNING_VERBS = frozenset({"run", "own", "have", "open", "start", "manage"})
#: Collective nouns that are no business ("my family", "our band").
_NOT_BUSINESS = frozenset({"team", "family", "couple", "household", "group", "band", "club"})


def _runs_business(toks: list[Any]) -> bool:
    """The speaker runs a business: "I run a small florist", "we own a cafe"."""
    for tok in toks:
        lemma = tok.lemma_.lower()
        if (
            tok.dep_ == "dobj"
            and lemma in lx.COLLECTIVE_NOUNS
            and lemma not in _NOT_BUSINESS
            and tok.head.lemma_.lower() in _RUNNING_VERBS
            and first_person_subject(tok.head)
        ):
            return True
    return False


def _employer(toks: list[Any]) -> str | None:
    """X in "I work at X", "I'm a senior PM at X", "I work for X", "I've worked at X for six
    years"; not "I taught at X for thirty years" (a past employer: "our" is no longer X's)."""
    for tok in toks:
        if tok.dep_ != "pobj" or tok.head.lower_ not in ("at", "for"):
            continue
        holder = tok.head.head
        verb = holder.head if holder.dep_ == "attr" else holder
        if holder is not verb and holder.lemma_.lower() not in lx.ROLE_NOUNS:
            continue
        if verb.lemma_.lower() not in lx.EMPLOYMENT_VERBS:
            continue
        if verb.tag_ == "VBD":
            continue  # "I taught history at X for thirty-six years": a past employer
        if not any(c.dep_ == "nsubj" and c.lower_ == "i" for c in verb.children):
            continue
        chunk = _name_chunk(tok)
        if chunk:
            return chunk
    return None


def _product_name(word: str) -> bool:
    """A name with a capital inside it ("MySQL", "GitHub", "iOS"): a product, not a place or a
    person of the household."""
    return any(c.isupper() for c in word[1:]) and any(c.islower() for c in word)
