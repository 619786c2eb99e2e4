"""People, projects, events and documents in a clause, and the relations between them.

Read from the parse and NER of one clause: PERSON entities and proper-noun subjects with a
relation noun ("my manager Tom", "he's my landlord"); ORG after a work role ("analyst at X");
noun chunks headed by a project noun with a status cue ("the migration is blocked on ...");
dated event nouns; documents the speaker writes or edits; decisions ("went with Postgres").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.clauses.subjects import SPEAKER_SUBJECTS
from contextos.extract.local.clauses.vagueness import filler_phrase_tokens
from contextos.extract.local.conversation.discourse import ProjectNames
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import (
    kin_as_name,
    person_name,
    person_text,
    relation_named,
    written,
)
from contextos.extract.local.text.nlp import doc_text
from contextos.models.entities import CandidateEntity, CandidateRelation
from contextos.models.facts import Evidence

__all__ = ["ClauseGraph", "NameKinds", "clause_graph", "name_kinds"]

EvidenceFn = Callable[[int, int], Evidence]
_WORK_VERBS = frozenset(
    {
        "work",
        "run",
        "lead",
        "own",
        "manage",
        "build",
        "start",
        "join",
        "launch",
        "develop",
        "write",
        "plan",
        "finish",
        "complete",
        "ship",
    }
)


def _worked_on(tok: Any, head: Any) -> bool:
    """Whether ``tok``, hanging on the clause's ``head``, is a piece of the speaker's work: not
    what they read, play or love ("I love that game"), nor a favourite ("my favourite book")."""
    head_lemma = head.lemma_.lower()
    return bool(
        tok.head.i == head.i
        and head_lemma not in lx.CONSUMING_VERBS
        and head_lemma not in lx.PREFERENCE_VERBS
        and not any(c.lower_ in lx.LIKING_MODIFIERS for c in tok.children)
    )


@dataclass
class ClauseGraph:
    entities: list[CandidateEntity] = field(default_factory=list)
    relations: list[CandidateRelation] = field(default_factory=list)


def _phrase(tok: Any) -> tuple[str, int, int]:
    """Text and char span of ``tok``'s noun phrase without determiners and possessives."""
    toks = [
        t
        for t in tok.subtree
        if t.dep_
        not in ("det", "poss", "case", "punct", "relcl", "prep", "acl", "cc", "conj", "appos")
        or t.i == tok.i
    ]
    toks = [t for t in toks if t.i <= tok.i or t.head.i == tok.i and t.dep_ in ("compound",)]
    start = min(t.idx for t in toks)
    end = max(t.idx + len(t.text) for t in toks)
    return doc_text(tok.doc)[start:end], start, end


def _unbracketed(text: str) -> str:
    """A name without a bracket NER swept in and did not close ("Leo (4" -> "Leo")."""
    head, bracket, rest = text.partition("(")
    return head.strip() if bracket and ")" not in rest and head.strip() else text


def _person_name(tok: Any) -> tuple[str, int, int] | None:
    """The PERSON entity or proper-noun chain ``tok`` belongs to."""
    if tok.ent_type_ == "PERSON":
        for ent in tok.doc.ents:
            if ent.start <= tok.i < ent.end:
                return person_name(written(ent)), ent.start_char, ent.end_char
    if tok.pos_ == "PROPN":
        toks = [
            t
            for t in tok.subtree
            if t.pos_ == "PROPN" and (t.i == tok.i or t.dep_ == "compound" or t.head.i == tok.i)
        ]
        while len(toks) > 1 and not toks[0].text[:1].isupper():
            toks = toks[1:]  # "cc Tom Baker": the small model tags "cc" a proper noun
        start = min(t.idx for t in toks)
        end = max(t.idx + len(t.text) for t in toks)
        return doc_text(tok.doc)[start:end], start, end
    return None


def _relation_people(clause: Clause, referent: str | None) -> list[tuple[str, str, Any, str]]:
    """(person name, relation noun, name token or None, role) found around relation nouns."""
    out: list[tuple[str, str, Any, str]] = []
    for tok in clause.tokens:
        noun = tok.lemma_.lower()
        if noun not in lx.RELATION_NOUNS or tok.pos_ != "NOUN":
            continue
        poss = [c.lower_ for c in tok.children if c.dep_ == "poss"]
        if not poss or poss[0] not in ("my", "our"):
            continue
        name = None
        # the role's own name first ("my friend Ludmila"), then the name it stands in apposition
        # to ("Tom, my manager"): "in Trieste, my friend Ludmila" is Ludmila, not Trieste
        for cand in [*tok.children, tok.head]:
            if (
                cand.dep_ in ("appos", "compound", "npadvmod")
                or cand.i == tok.head.i
                and tok.dep_ == "appos"
            ):
                found = _person_name(cand)
                if found:
                    name = found[0]
                    break
        if name is None and tok.dep_ == "attr":
            subj = clause.subject
            if subj is not None and clause.subject_kind == "person":
                found = _person_name(subj)
                name = found[0] if found else None
            elif clause.subject_kind == "third_pronoun" and referent:
                name = referent
        if name is None and tok.dep_ in ("nsubj",) and clause.copula:
            for c in clause.head.children:
                if c.dep_ == "attr":
                    found = _person_name(c)
                    name = found[0] if found else None
        role = ""
        for c in tok.children:
            if c.dep_ == "appos" and c.pos_ == "NOUN":
                sub = list(c.subtree)
                role = doc_text(c.doc)[sub[0].idx : sub[-1].idx + len(sub[-1].text)]
        if name:
            out.append((name, noun, None, role))
    return out


def _without_abbreviation(ent: Any) -> Any | None:
    """``ent`` without a chat abbreviation the NER took in ("FYI Acme Corp" is Acme Corp);
    None when that is all it is ("by EOD Thursday")."""
    k = 0
    while k < len(ent) and ent[k].text.upper() in lx.CHAT_ABBREVIATIONS:
        k += 1
    if k == len(ent):
        return None
    if k == 0:
        return ent
    from spacy.tokens import Span

    return Span(ent.doc, ent.start + k, ent.end, label=ent.label_)


def clause_graph(
    clause: Clause,
    speaker: str,
    evidence: EvidenceFn,
    when: datetime | None,
    dates: dict[int, str],
    referent: str | None,
    category: str,
    projects: ProjectNames | None = None,
    kinds: NameKinds | None = None,
) -> ClauseGraph:
    """Entities and relations of one clause (offsets in ``evidence`` are doc offsets).

    ``projects``: the names the conversation gave its projects, which are projects whatever
    the NER calls them ("Autopay" is no organisation).
    ``kinds``: what the batch's names are, whatever the NER labels them here ("Greta" is a
    person after "my wife Greta", "Jira" a product after "everything's in Jira")."""
    kinds = kinds or NameKinds()
    projects = projects or ProjectNames()
    g = ClauseGraph()
    span_ev = evidence(clause.start_char, clause.end_char)
    tok_ids = {t.i for t in clause.tokens}
    fillers = filler_phrase_tokens(clause.tokens)  # "shut tues thank god": no one called God
    doc = clause.sent.doc
    persons: list[str] = []
    head = clause.head
    status = _status(head)
    named = projects.first_mention(clause.tokens)
    if named is not None:
        name, s, e = named
        subject_of_status = status is not None and _is_subject_side(clause, s)
        g.entities.append(
            CandidateEntity(
                name=name,
                type="Project",
                properties={"status": status} if subject_of_status else {},
                evidence=evidence(s, e),
                observed_at=when,
            )
        )
    for ent in map(_without_abbreviation, doc.ents):
        if ent is None or ent.start not in tok_ids or projects.named(ent.text):
            continue
        if any(t.i in fillers for t in ent):
            continue
        if len(ent) == 1 and kin_as_name(ent[0]):
            continue  # "Mum": the speaker's mum, no one's name (as "my mum" is none)
        if ent.text.islower() and all(t.tag_.startswith("VB") for t in ent):
            continue  # "gon" of "gonna", which NER calls an organisation: a verb, no name
        name = person_name(written(ent))
        if ent.label_ == "PERSON":
            person = name not in kinds.things or name in kinds.people
        else:
            person = ent.label_ == "ORG" and name in kinds.people
        if person and not _where_things_are(ent):
            persons.append(name)
            g.entities.append(
                CandidateEntity(
                    name=name,
                    type="Person",
                    evidence=evidence(ent.start_char, ent.end_char),
                    observed_at=when,
                )
            )
        elif ent.label_ in ("ORG", "PERSON"):  # "tracks everything in Jira": a product
            org = _unbracketed(ent.text)
            g.entities.append(
                CandidateEntity(
                    name=org,
                    type="Organization",
                    evidence=evidence(ent.start_char, ent.end_char),
                    observed_at=when,
                )
            )
            if (
                clause.subject_kind in ("self", "implied")
                and ent.root.head.lower_ in ("at", "for")
                and category == "work"
            ):
                g.relations.append(
                    CandidateRelation(
                        source=speaker,
                        type="WORKS_AT",
                        target=org,
                        evidence=span_ev,
                        valid_from=when,
                    )
                )
    for name, noun, _tok, role in _relation_people(clause, referent):
        props: dict[str, Any] = {"relationship": noun}
        if role:
            props["role"] = role
        g.entities.append(
            CandidateEntity(
                name=name, type="Person", properties=props, evidence=span_ev, observed_at=when
            )
        )
        g.relations.append(
            CandidateRelation(
                source=speaker,
                type=lx.RELATION_NOUNS[noun],
                target=name,
                evidence=span_ev,
                valid_from=when,
                properties={"relationship": noun},
            )
        )
    head_lemma = head.lemma_.lower()
    speaker_subject = clause.subject_kind in SPEAKER_SUBJECTS
    for tok in clause.tokens:
        lemma = tok.lemma_.lower()
        if tok.pos_ != "NOUN":
            continue
        is_subject = clause.subject is not None and tok.i == clause.subject.i
        if lemma in lx.PROJECT_NOUNS and (is_subject or _worked_on(tok, head)):
            name, s, e = _phrase(tok)
            props = {"status": status} if status else {}
            g.entities.append(
                CandidateEntity(
                    name=name,
                    type="Project",
                    properties=props,
                    evidence=evidence(s, e),
                    observed_at=when,
                )
            )
            if speaker_subject and head_lemma in _WORK_VERBS:
                g.relations.append(
                    CandidateRelation(
                        source=speaker,
                        type="WORKS_ON",
                        target=name,
                        evidence=span_ev,
                        valid_from=when,
                    )
                )
            if status == "blocked":
                blocker = _blocker(head)
                if blocker:
                    g.relations.append(
                        CandidateRelation(
                            source=name,
                            type="BLOCKED_BY",
                            target=blocker,
                            evidence=span_ev,
                            valid_from=when,
                        )
                    )
        elif lemma in lx.EVENT_NOUNS and dates:
            name, s, e = _phrase(tok)
            g.entities.append(
                CandidateEntity(
                    name=name,
                    type="Event",
                    properties={
                        "kind": "deadline"
                        if lemma == "deadline"
                        else "meeting"
                        if lemma in ("meeting", "sync", "call", "standup")
                        else "event",
                        "date": next(iter(dates.values())),
                        "participants": persons,
                    },
                    evidence=evidence(s, e),
                    observed_at=when,
                )
            )
        elif (
            lemma in lx.DOCUMENT_NOUNS
            and tok.head.i == head.i
            and tok.dep_ == "dobj"
            and speaker_subject
            and head_lemma in lx.DOCUMENT_VERBS
        ):
            name, s, e = _phrase(tok)
            g.entities.append(
                CandidateEntity(
                    name=name, type="Document", evidence=evidence(s, e), observed_at=when
                )
            )
            g.relations.append(
                CandidateRelation(
                    source=speaker,
                    type=lx.DOCUMENT_VERBS[head_lemma],
                    target=name,
                    evidence=span_ev,
                    valid_from=when,
                )
            )
    if status == "blocked" and not any(r.type == "BLOCKED_BY" for r in g.relations):
        blocker = _blocker(head)
        subj = clause.subject
        if blocker and subj is not None and clause.subject_kind in ("thing", "group", "self"):
            source = speaker if clause.subject_kind in ("self", "group") else _phrase(subj)[0]
            g.relations.append(
                CandidateRelation(
                    source=source,
                    type="BLOCKED_BY",
                    target=blocker,
                    evidence=span_ev,
                    valid_from=when,
                )
            )
    if category == "decision" and head_lemma in lx.DECISION_VERBS and speaker_subject:
        target = _decision_object(head)
        if target:
            g.entities.append(
                CandidateEntity(
                    name=f"decision: {target}",
                    type="Event",
                    properties={
                        "kind": "decision",
                        "outcome": target,
                        "date": when.date().isoformat() if when else None,
                    },
                    evidence=span_ev,
                    observed_at=when,
                )
            )
            g.relations.append(
                CandidateRelation(
                    source=speaker,
                    type="DECIDED_ON",
                    target=target,
                    evidence=span_ev,
                    valid_from=when,
                )
            )
    if category == "goal" and speaker_subject:
        target = _goal_object(head)
        if target:
            g.relations.append(
                CandidateRelation(
                    source=speaker,
                    type="HAS_GOAL",
                    target=target,
                    evidence=span_ev,
                    valid_from=when,
                )
            )
    merged: dict[tuple[str, str], CandidateEntity] = {}
    for ent in g.entities:
        twin = merged.get((ent.type, ent.name))
        if twin is None:
            merged[(ent.type, ent.name)] = ent
        else:
            twin.properties.update({k: v for k, v in ent.properties.items() if v})
    g.entities = list(merged.values())
    return g


@dataclass(frozen=True)
class NameKinds:
    """What the names of a batch are, read across all its sentences: the small model's NER
    labels the same name PERSON in one sentence and ORG in the next."""

    #: named with a relation ("my wife Greta") or labelled PERSON and never a place of things
    people: frozenset[str] = frozenset()
    #: somewhere things are kept ("everything's in Jira", "hosted on Netlify"): a product
    things: frozenset[str] = frozenset()


def name_kinds(docs: Iterable[Any]) -> NameKinds:
    """The :class:`NameKinds` of the names in ``docs``."""
    related: set[str] = set()
    labelled: set[str] = set()
    things: set[str] = set()
    for doc in docs:
        for e in doc.ents:
            if _where_things_are(e):
                things.add(e.text)
            elif e.label_ == "PERSON":
                labelled.add(person_name(written(e)))
        for tok in doc:
            if tok.pos_ == "PROPN" and _related(tok):
                full = person_text(tok)  # "Hortense Marlowe": "Hortense" alone is her too
                related.update((tok.text, full, full.split()[0]))
    return NameKinds(frozenset(related | (labelled - things)), frozenset(things - related))


def _related(tok: Any) -> bool:
    """ "my wife Greta" (either way the parser hangs it), "Greta, my wife"."""
    return relation_named(tok) or any(
        c.dep_ in ("compound", "appos") and c.lemma_.lower() in lx.RELATION_NOUNS
        for c in tok.children
    )


def _where_things_are(ent: Any) -> bool:
    """A name after "in"/"on"/"into" ("everything is in Jira", "hosted on Netlify"), one
    switched from or to ("switched from Plankly to Taskmeld") or one used ("I use Strava"): the
    small model's PERSON there is a product or a company; people are not where things are
    kept, nor moved off or installed."""
    root = ent.root
    if root.dep_ == "pobj":
        prep = root.head
        if prep.lower_ in _CONTAINER_PREPOSITIONS:
            return True
        return prep.lower_ in ("from", "to", "off") and prep.head.lemma_.lower() in _SWITCH_VERBS
    return root.dep_ == "dobj" and root.head.lemma_.lower() in _USE_VERBS


_CONTAINER_PREPOSITIONS = frozenset({"in", "on", "into", "onto", "inside", "via"})
#: Verbs that move work from one tool to another ("switched from Plankly to Taskmeld").
_SWITCH_VERBS = frozenset({"switch", "move", "migrate", "port", "upgrade", "downgrade", "convert"})
#: Verbs whose object is a tool, never a person ("I use Strava", "we ditched Jira").
_USE_VERBS = frozenset({"use", "install", "uninstall", "download", "ditch", "adopt"})


def _status(head: Any) -> str | None:
    """The project status the clause's verb or its complement says ("is blocked", "shipped")."""
    status = lx.STATUS_CUES.get(head.lemma_.lower())
    for c in head.children:
        if c.dep_ in ("acomp", "attr") and c.lemma_.lower() in lx.STATUS_CUES:
            status = lx.STATUS_CUES[c.lemma_.lower()]
    return status


def _is_subject_side(clause: Clause, start: int) -> bool:
    """Whether the name at doc offset ``start`` is in the clause's subject ("the Autopay beta
    went live", not "we talked about Autopay and shipped the export")."""
    subj = clause.subject
    return subj is not None and any(t.idx == start for t in subj.subtree)


def _blocker(head: Any) -> str | None:
    for tok in head.subtree:
        if tok.dep_ == "prep" and tok.lower_ in lx.BLOCKER_PREPOSITIONS:
            obj = next((c for c in tok.children if c.dep_ == "pobj"), None)
            if obj is not None:
                return _phrase(obj)[0]
    return None


def _decision_object(head: Any) -> str | None:
    for tok in head.subtree:
        if tok.dep_ == "prep" and tok.lower_ in ("with", "to", "on", "for"):
            obj = next((c for c in tok.children if c.dep_ == "pobj"), None)
            if obj is not None:
                return _named_object(obj)
    for tok in head.subtree:
        if tok.dep_ == "dobj":
            return _named_object(tok)
    return None


def _named_object(tok: Any) -> str | None:
    """The noun phrase of an object, or None for a pronoun ("decided on it", "gave him")."""
    return None if tok.pos_ == "PRON" else _phrase(tok)[0]


#: Dependents that start something else after a goal's verb phrase ("to buy a house, and ...").
_NOT_THE_GOAL = frozenset({"conj", "cc", "advcl", "parataxis", "punct", "mark", "relcl"})


def _goal_object(head: Any) -> str | None:
    """What a goal statement wants: the verb phrase of "want to learn Rust" ("learn Rust"),
    the object of "want a garden"; None for a bare verb ("want to be") or a pronoun."""
    for c in head.children:
        if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX"):
            left_out = {t.i for k in c.children if k.dep_ in _NOT_THE_GOAL for t in k.subtree} | {
                k.i for k in c.children if k.dep_ == "aux" and k.lower_ == "to"
            }
            toks = [t for t in c.subtree if t.i not in left_out]
            if len(toks) < 2:
                return None
            return doc_text(c.doc)[toks[0].idx : toks[-1].idx + len(toks[-1].text)]
        if c.dep_ == "dobj":
            return _named_object(c)
    return None
