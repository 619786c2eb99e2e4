"""Pending clauses made candidate facts (:func:`emit_candidates`): type, category, subject,
confidence and importance, entities and relations, attributes; the statements of one sentence,
or of the sentences that go on about one person, merged into one fact (``consolidate.py``).
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.clauses.vagueness import content_tokens
from contextos.extract.local.conversation.people import FullNames
from contextos.extract.local.conversation.retractions import FROM_PHRASE
from contextos.extract.local.facts.categories import base_confidence, importance
from contextos.extract.local.facts.consolidate import merge_sentence_facts
from contextos.extract.local.facts.entities import NameKinds, clause_graph
from contextos.extract.local.facts.pieces import Pending, turn_time
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import person_text
from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact, CandidateFlag, Evidence, FactType, Rendering
from contextos.models.transcript import Turn

__all__ = ["emit_candidates"]


def emit_candidates(
    pending: list[Pending],
    results: list[ExtractionResult],
    full_names: FullNames,
    kinds: NameKinds | None = None,
    speakers: dict[str, str] | None = None,
    *,
    extractor: str,
) -> None:
    """Candidates of ``pending`` into ``results``; ``kinds``: what the batch's names are
    (people, products), read across all of its sentences; ``speakers``: first name -> full
    name of the people speaking (see :func:`conversation_turns.speakers_by_first_name`);
    ``extractor``: the name of the extractor that makes them."""
    speakers = speakers or {}
    emitted: list[list[tuple[tuple[str, int] | None, CandidateFact]]] = [[] for _ in results]
    turn_texts: dict[str, str] = {}
    #: per turn, the sentence key and subject of the last statement about a named person
    last_person: dict[str, tuple[tuple[str, int], str]] = {}
    #: sentence keys whose statements go on about the person of an earlier sentence
    joined: dict[tuple[str, int], tuple[str, int]] = {}
    for p in pending:
        piece, clause = p.piece, p.clause
        turn = piece.turn
        offset = piece.segment.start

        def evidence(start: int, end: int, _t: Turn = turn, _o: int = offset) -> Evidence:
            return Evidence.in_turn(_t, _o + start, _o + end)

        category = p.cue.category if p.cue else "other"
        # a standing request names the assistant but is the user's preference
        shared = (
            clause.mentions_assistant and piece.in_assistant_chat and "standing" not in clause.cues
        )
        fact_type = FactType.SHARED_NARRATIVE if shared else FactType.USER_FACT
        problem = not shared and _announced_as_a_problem(
            turn.text, offset + clause.tokens[0].idx
        )  # "Blocker: the approval still hasn't come back": a challenge, and no doubt
        if problem:
            category = "challenge"
        confidence = base_confidence(clause, p.cue, announced_problem=problem)
        if shared:
            confidence = min(confidence, lx.SUBJECT_CONFIDENCE["shared"])
            category = "other" if category not in ("decision", "plan") else category
        subject = piece.speaker
        if clause.subject_kind == "person" and clause.subject is not None:
            named = person_text(clause.subject)  # "Aldous owns X": the speaker Aldous Wendel
            subject = speakers.get(named) or full_names.of(named)
        elif clause.subject_kind == "third_pronoun" and p.referent and not p.kin:
            subject = speakers.get(p.referent) or p.referent  # a speaker: by full name
        when = turn_time(turn)
        referent = None if p.kin else p.referent  # the speaker's sister is no named person
        graph = clause_graph(
            clause,
            piece.speaker,
            evidence,
            when,
            p.dates,
            referent,
            category,
            p.projects,
            kinds,
        )
        names = list(
            dict.fromkeys(
                e.name for e in graph.entities if e.type in ("Person", "Organization", "Project")
            )
        )
        names.extend(n for n in p.supplied if n not in names)
        if piece.speaker != subject and piece.display in p.text:
            names.append(piece.speaker)  # "Tom is Dana's manager" mentions Dana too
        attributes: dict[str, Any] = {
            "subject_kind": clause.subject_kind,
            "speaker": piece.speaker,
        }
        rendering = Rendering(speaker_shown_as=piece.display, group=p.group)
        if p.kin and p.referent:  # "He's 86" after "my dad": words the pronoun stood for
            rendering.pronoun_for = p.referent
        status_of: Any = None
        if not clause.negated:  # "the migration is blocked on ...": a project's status
            projects = [e for e in graph.entities if e.type == "Project"]
            status_of = next((e for e in projects if e.properties.get("status")), None)
        if category in ("like", "dislike"):
            attributes["object_words"] = sorted(
                t.lemma_.lower()
                for t in content_tokens(clause.tokens, exclude=clause.head)
                if clause.subject is None or t.i != clause.subject.i
            )
            attributes["base_confidence"] = confidence
        if clause.hedged:
            attributes["hedged"] = True
        if clause.conditional:
            attributes["conditional"] = True
        if p.dates:
            attributes["dates"] = sorted(p.dates.values())
        if p.own_words:
            rendering.template = p.own_words
        if p.from_phrase:
            attributes[FROM_PHRASE] = True
        fact = CandidateFact(
            text=p.text,
            type=fact_type,
            category=category,  # type: ignore[arg-type]
            subject=subject,
            confidence=confidence,
            importance=importance(category, clause, bool(names), bool(p.dates)),
            evidence=[evidence(clause.start_char, clause.end_char), *p.cited],
            valid_from=when,
            entities=names,
            extractor=extractor,
            polarity="negative" if clause.negated else "positive",
            project=status_of.name if status_of is not None else None,
            status=status_of.properties["status"] if status_of is not None else None,
            tense=clause.tense,
            cue=p.cue.cue if p.cue else "",
            rendering=rendering,
            attributes=attributes,
            flags=[CandidateFlag(clause.reject)] if clause.reject else [],
            reject_detail=clause.reject_detail if clause.reject else "",
        )
        res = results[piece.window]
        key = None if p.alone else p.joins or (turn.id, piece.segment.sentence)
        if p.joins is not None:
            # verbless detail says nothing without its statement; a clause with a subject
            # of its own going on about it ("HQ approved it Friday") still stands alone
            fact.attributes["elaborates"] = clause.subject is None
        elif key is not None and not clause.reject:
            key = joined.get(key, key)
            last = last_person.get(turn.id)
            if last is not None and last[0] != key and _continues(clause, subject, last[1]):
                joined[key] = last[0]  # "Wystan is leaving. His last day is Friday"
                key = last[0]
            elif clause.subject_kind == "person":
                last_person[turn.id] = (key, subject)
        emitted[piece.window].append((key, fact))
        turn_texts[turn.id] = turn.text
        if not clause.reject:
            res.entities.extend(graph.entities)
            res.relations.extend(graph.relations)
    for res, items in zip(results, emitted, strict=True):
        items = [(joined.get(k, k) if k is not None else None, f) for k, f in items]
        res.facts.extend(merge_sentence_facts(items, turn_texts))


#: Pronouns that stand for one person (not "they", often a company or people in general).
_PERSON_PRONOUNS = frozenset({"he", "him", "his", "she", "her", "hers"})


def _continues(clause: Clause, subject: str, last_subject: str) -> bool:
    """A statement that goes on about ``last_subject``, the person the statement before was
    about: its subject is a pronoun standing for them ("he") or what a pronoun owns ("his
    last day")."""
    subj = clause.subject
    if clause.subject_kind == "third_pronoun":
        return subj is not None and subject == last_subject
    if subj is not None and any(
        c.dep_ == "poss" and c.lower_ in lx.THIRD_POSSESSIVES for c in subj.children
    ):
        return True
    return _refers_back(clause)


def _refers_back(clause: Clause) -> bool:
    """A "he" or "her" inside the clause ("We decided he keeps the piano") with no
    person named before it in its piece of text (which the parser may have cut into more
    than one sentence: "Tiernan's news while I'm at it: he's decided ..."): it stands for
    someone named earlier."""
    for t in clause.tokens:
        if t.lower_ in _PERSON_PRONOUNS and t.pos_ == "PRON":
            return not any(w.ent_type_ == "PERSON" or w.pos_ == "PROPN" for w in t.doc[: t.i])
    return False


#: The last few words before a colon, which may announce what follows it as a problem.
_BEFORE_A_COLON = re.compile(r"((?:[\w'’-]+\W+){0,6}?[\w'’-]+)\s*:\s*$")


def _announced_as_a_problem(text: str, start: int) -> bool:
    """Whether the words of ``text`` just before ``start`` announce what starts there as a
    problem, after a colon ("Blocker: ...", "and this is the actual blocker: ..."): it says what
    the problem is, its "not" ("the approval still hasn't come back") being no doubt but the
    problem itself."""
    m = _BEFORE_A_COLON.search(text, max(0, start - 80), start)
    return m is not None and any(
        w.lower() in lx.PROBLEM_LABEL_WORDS for w in re.findall(r"[\w-]+", m.group(1))
    )
