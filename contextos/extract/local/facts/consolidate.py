"""One fact per sentence: the clauses one sentence says about one subject belong together.

The clause splitter cuts "Noor is moving, she sold the flat and her last week is in June"
into three statements; stored apart, "Noor is moving" has lost why and when, and a
reason ("the safety audit only covers through September") is cut off from what it explains
("so Linnea needs a waiver"). :func:`merge_sentence_facts` joins the accepted candidates
of one sentence that share a subject and type into one fact: the texts in sentence order joined
by "; ", one evidence span over the clauses (and the questions of other turns they quote),
the entities and dates of all of them. A verbless follow-up ("2 bed with a walled garden")
joins the statement its sentence elaborates, whatever that one's type; with no statement to
join it is kept as a rejection.

These stay one fact per clause, because later stages compare them one statement at a time:

- preferences (``like`` / ``dislike``): corroboration and contradiction work per object;
- negated statements: a negation supersedes the positive fact it denies;
- candidates with a rejection flag or below their type's threshold (merged, they would take
  the sentence's other statements below it too), and those the caller gives no sentence key
  (the items of a list the clause was split into on purpose, facts such as "Ferdia is
  Casimir's son" read from an apposition);
- statements of two different projects' status in one sentence (the status tracker keeps one
  status per fact);
- two or more statements with the speaker as subject ("I'm a teacher and I work at PetSmart"):
  each is a fact about the speaker of its own, they only share a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence

from contextos.models.facts import TYPE_THRESHOLDS, CandidateFact, CandidateFlag, Evidence

__all__ = ["SENTENCE_JOINER", "merge_sentence_facts"]

#: How the statements of one sentence are joined in the merged fact's text.
SENTENCE_JOINER = "; "

_SEPARATE_CATEGORIES = frozenset({"like", "dislike"})
#: Capitalised first words written in lower case when a statement is not the first one.
_LOWER_AFTER_JOIN = frozenset(
    "the a an this that these those their his her its our some all every each no there it "
    "in on from at by".split()  # "in"/"on" also open a date put in words ("In 2026 ...")
)


def _mergeable(fact: CandidateFact) -> bool:
    return (
        not fact.flags
        and fact.category not in _SEPARATE_CATEGORIES
        and fact.polarity != "negative"
        # a statement too weak to keep would take the others' confidence down with it
        and fact.confidence >= TYPE_THRESHOLDS[fact.type]
    )


def merge_sentence_facts(
    items: Sequence[tuple[Hashable | None, CandidateFact]],
    turn_texts: Mapping[str, str],
) -> list[CandidateFact]:
    """The candidates of ``items`` with those of one sentence merged (see the module doc).

    ``items`` pairs each candidate with the key of the sentence it came from (``None``: never
    merged); ``turn_texts`` maps turn ids to their text, for the merged evidence quote. The
    output keeps the input order, a merged fact standing where its first member was.
    """
    groups: dict[tuple[Hashable, str], list[CandidateFact]] = {}
    order: list[CandidateFact | tuple[Hashable, str]] = []
    stated_as: dict[Hashable, str] = {}  # the type of the statement a sentence key made
    for key, fact in items:
        if key is None or not _mergeable(fact):
            order.append(fact)
            continue
        if fact.attributes.get("elaborates"):  # detail goes with its statement, whatever
            gkey = (key, stated_as.get(key, fact.type.value))  # type that one has
        else:
            gkey = (key, fact.type.value)
            stated_as.setdefault(key, fact.type.value)
        if gkey not in groups:
            groups[gkey] = []
            order.append(gkey)
        groups[gkey].append(fact)
    out: list[CandidateFact] = []
    for entry in order:
        if isinstance(entry, CandidateFact):
            out.append(entry)
            continue
        members = groups[entry]
        if all(m.attributes.get("elaborates") for m in members):
            for m in members:  # a verbless follow-up whose statement was not kept says
                m.flags.append(CandidateFlag.VAGUE)  # nothing alone: kept as a rejection
                m.reject_detail = "detail to a statement that was not kept"
            out.extend(members)
            continue
        if sum(1 for m in members if m.status) > 1:
            out.extend(members)
            continue
        about_speaker = [m for m in members if m.attributes.get("subject_kind") == "self"]
        if len(about_speaker) > 1:  # "I'm a teacher and I work at PetSmart": two facts
            out.extend(about_speaker)
            members = [m for m in members if all(m is not a for a in about_speaker)]
        if len(members) > 1:
            out.append(_merged(members, turn_texts))
        else:
            out.extend(members)
    return out


def _merged(members: list[CandidateFact], turn_texts: Mapping[str, str]) -> CandidateFact:
    members = sorted(members, key=lambda f: f.evidence[0].start)
    texts: list[str] = []
    for fact in members:
        if not any(fact.text.casefold() in t.casefold() for t in texts):
            texts.append(fact.text)
    first = members[0]
    said_in = first.evidence[0].turn_id  # the sentence's turn; others are quoted questions
    spans = [e for f in members for e in f.evidence if e.turn_id == said_in]
    cited: list[Evidence] = []
    for e in (e for f in members for e in f.evidence if e.turn_id != said_in):
        if e not in cited:
            cited.append(e)
    start = min(e.start for e in spans)
    end = max(e.end for e in spans)
    ev = first.evidence[0]
    quote = turn_texts[ev.turn_id][start:end]
    evidence = Evidence(
        conversation_id=ev.conversation_id, turn_id=ev.turn_id, start=start, end=end, quote=quote
    )
    attributes = dict(first.attributes)
    dates = sorted({d for f in members for d in f.attributes.get("dates", ())})
    if dates:
        attributes["dates"] = dates
    status = next((f for f in members if f.status), None)
    attributes["merged_statements"] = len(members)
    category = next((f.category for f in members if f.category != "other"), "other")
    texts = _one_topic(texts)
    entities = list(dict.fromkeys(n for f in members for n in f.entities))
    named = {w for name in entities for w in name.split()}
    return first.model_copy(
        update={
            **({"project": status.project, "status": status.status} if status else {}),
            "text": SENTENCE_JOINER.join(
                _strip_end(t if k == 0 else _lower_first(t, quote, named))
                for k, t in enumerate(texts)
            ),
            "category": category,
            "confidence": min(f.confidence for f in members),
            "importance": max(f.importance for f in members),
            "evidence": [evidence, *cited],
            "entities": entities,
            "attributes": attributes,
        }
    )


def _one_topic(texts: list[str]) -> list[str]:
    """Statements made under one topic label ("Trailer: ...") name it once, in the first."""
    head, sep, _rest = texts[0].partition(": ")
    prefix = head + sep
    if not sep or " " in head:
        return texts
    return [texts[0], *(t.removeprefix(prefix) for t in texts[1:])]


def _lower_first(text: str, quote: str, named: set[str]) -> str:
    """``text`` with its first word in lower case when it is a function word or the speaker
    wrote it in lower case ("target is end of next month" -> "...; target is ..."), but not
    a word of a name in ``named`` ("ingrid handles my contracts" -> "...; Ingrid handles")."""
    first = text.split(" ", 1)[0]
    low = first.lower()
    if low in _LOWER_AFTER_JOIN or (
        low != first and first not in named and re.search(rf"(?<!\w){re.escape(low)}(?!\w)", quote)
    ):
        return low + text[len(first) :]
    return text


def _strip_end(text: str) -> str:
    return text.rstrip(" .;,")
