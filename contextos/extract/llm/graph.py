"""The graph@1 reply as candidates, every item grounded by contextos first.

For each item the quote is located in the turn it names (:meth:`Window.locate`: human turns
only, else ``assistant_sourced``; not found, ``not_grounded``). Then:

- **entity** — its type must be allowed (``ENTITY_TYPES``, else ``schema``) and its name said,
  as whole words, in that turn (else ``not_grounded``); the evidence is the span that names it.
  Aliases not said in the window are dropped (an alias merges entities). Properties are kept
  only when its type allows them (``ENTITY_PROPERTIES``), a Project's ``status`` only when it
  is an allowed status, and free-text values only when their words are in the turn.
- **relation** — its type must be on the allow-list (``RELATION_TYPES``, else ``schema``); each
  end is the speaker ("I", the user's name, ...) or a name said in the window (else
  ``not_grounded``). The evidence is the quote.
- **status** — an allowed status (else ``schema``) of a project named in the window becomes a
  :class:`CandidateFact` with ``project`` and ``status`` set, so that resolution replaces the
  project's older status statement, and the Project entity gets the status property. A status
  read out of a condition ("if the audit is blocked…") is flagged ``hypothetical``.
- **decision** — a :class:`CandidateFact` of category ``decision`` in the model's words,
  checked like any fact afterwards (content support by its quote, flags for a condition or a
  negation it dropped).

Everything rejected here is a :class:`Rejection` with its reason; validation checks the rest
again (span, schema, content, type rules, confidence) like the local extractor's candidates.
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.llm.checks import flags_for
from contextos.extract.llm.window import Located, Window, find_words
from contextos.extract.prompts import Prompt
from contextos.extract.prompts.graph_v1 import (
    DecisionItem,
    EntityItem,
    GraphReply,
    RelationItem,
    StatusItem,
    entity_type,
    project_status,
    relation_type,
)
from contextos.models.entities import (
    ENTITY_PROPERTIES,
    ENTITY_TYPES,
    PROJECT_STATUSES,
    RELATION_TYPES,
    CandidateEntity,
    CandidateRelation,
)
from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact, CandidateFlag, FactType, Rejection, Rendering
from contextos.validate.grounding import content_support

__all__ = ["STATUS_CONFIDENCE", "graph_candidates"]

#: Confidence of a status or decision fact: its quote is found in a human turn, the status is
#: an allowed one (graph@1 asks for no score: the prompt is kept short). Above USER_FACT's 0.80.
STATUS_CONFIDENCE = 0.85

#: How a status fact reads (the project's name first).
_STATUS_TEXT = {
    "planning": "is being planned",
    "active": "is under way",
    "blocked": "is blocked",
    "completed": "is completed",
    "abandoned": "was abandoned",
}
#: Properties whose values are labels (a kind of event) or checked against an allowed list,
#: not words the speaker must have said.
_LABELS = frozenset({"kind", "status"})
_LISTS = frozenset({"participants"})
_SPLIT = re.compile(r"\s*(?:,|;|\band\b|&)\s*")


def graph_candidates(reply: GraphReply, window: Window, prompt: Prompt[Any]) -> ExtractionResult:
    """The candidates of one window's graph reply (see the module doc)."""
    out = ExtractionResult()
    m = window.metrics
    for entity in reply.entities:
        m.entities_proposed += 1
        _add(out, _entity(entity, window, prompt))
    for relation in reply.relations:
        m.relations_proposed += 1
        _add(out, _relation(relation, window, prompt))
    for status in reply.statuses:
        m.statuses_proposed += 1
        m.facts_proposed += 1
        _add(out, _status(status, window, prompt))
    for decision in reply.decisions:
        m.decisions_proposed += 1
        m.facts_proposed += 1
        _add(out, _decision(decision, window, prompt))
    return out


def _add(out: ExtractionResult, items: list[Any]) -> None:
    for item in items:
        if isinstance(item, Rejection):
            out.rejections.append(item)
        elif isinstance(item, CandidateEntity):
            out.entities.append(item)
        elif isinstance(item, CandidateRelation):
            out.relations.append(item)
        else:
            out.facts.append(item)


def _entity(item: EntityItem, window: Window, prompt: Prompt[Any]) -> list[Any]:
    kind = entity_type(item.type)
    shown = f"{kind}: {item.name.strip()}"
    if kind not in ENTITY_TYPES:
        detail = f"{prompt.id}: entity type {item.type!r} is not allowed"
        return [window.reject(shown, "schema", detail)]
    at = window.locate(item.turn, item.quote, shown)
    if not isinstance(at, Located):
        return [at]
    name = item.name.strip()
    named = window.find_name(name, at)
    if named is None or named.turn_id != at.turn.id:
        detail = f"the name {name!r} is not said in turn {item.turn}"
        return [window.reject(shown, "not_grounded", detail, at.turn)]
    said = " ".join(t.text for t in window.human_turns)
    aliases = [
        a.strip()
        for a in item.aliases
        if a.strip() and a.strip().casefold() != name.casefold() and find_words(a, said)
    ]
    return [
        CandidateEntity(
            name=name,
            type=kind,  # type: ignore[arg-type]
            aliases=aliases,
            properties=_properties(kind, item.properties, at, window),
            evidence=named,
            observed_at=at.turn.timestamp,
        )
    ]


def _properties(
    kind: str, given: dict[str, str | list[str]], at: Located, window: Window
) -> dict[str, Any]:
    """The properties ``kind`` allows, with values contextos can stand behind."""
    allowed = ENTITY_PROPERTIES.get(kind, ())
    kept: dict[str, Any] = {}
    for key, value in given.items():
        k = key.strip().casefold()
        if k not in allowed:
            window.metrics.properties_dropped += 1
            continue
        if k in _LISTS:
            items = value if isinstance(value, list) else _SPLIT.split(value)
            said = [v.strip() for v in items if v.strip() and window.find_name(v.strip(), at)]
            if said:
                kept[k] = said
            else:
                window.metrics.properties_dropped += 1
            continue
        text = ", ".join(value) if isinstance(value, list) else value
        if k == "status":
            text = project_status(text)
            ok = text in PROJECT_STATUSES
        elif k in _LABELS:
            ok = bool(text.strip())
        else:  # a role, a company, a date: its words must be in the turn
            ok = content_support(text, [at.turn.text]) >= 1.0
        if ok:
            kept[k] = text
        else:
            window.metrics.properties_dropped += 1
    return kept


def _end(name: str, at: Located, window: Window) -> str | None:
    """A relation's end as stored: the speaker's name, or a name said in the window."""
    if window.is_speaker(name):
        return window.speaker(at.turn)
    return name.strip() if window.find_name(name, at) is not None else None


def _relation(item: RelationItem, window: Window, prompt: Prompt[Any]) -> list[Any]:
    kind = relation_type(item.type)
    shown = f"{item.source.strip()} {kind} {item.target.strip()}"
    if kind not in RELATION_TYPES:
        detail = f"{prompt.id}: relation type {item.type!r} is not allowed"
        return [window.reject(shown, "schema", detail)]
    at = window.locate(item.turn, item.quote, shown)
    if not isinstance(at, Located):
        return [at]
    source, target = _end(item.source, at, window), _end(item.target, at, window)
    if source is None or target is None:
        missing = item.source if source is None else item.target
        detail = f"{missing.strip()!r} is not said in the window"
        return [window.reject(shown, "not_grounded", detail, at.turn)]
    return [
        CandidateRelation(
            source=source,
            type=kind,
            target=target,
            evidence=at.evidence,
            valid_from=at.turn.timestamp,
        )
    ]


def _status(item: StatusItem, window: Window, prompt: Prompt[Any]) -> list[Any]:
    project, status = item.project.strip(), project_status(item.status)
    shown = f"{project}: {item.status.strip()}"
    if status not in PROJECT_STATUSES:
        detail = f"{prompt.id}: project status {item.status!r} is not allowed"
        return [window.reject(shown, "schema", detail)]
    at = window.locate(item.turn, item.quote, shown)
    if not isinstance(at, Located):
        return [at]
    named = window.find_name(project, at)
    if named is None:
        detail = f"the project {project!r} is not named in the window"
        return [window.reject(shown, "not_grounded", detail, at.turn)]
    wording = _STATUS_TEXT[status]
    flags: list[CandidateFlag] = [
        f
        for f in flags_for(wording, at.turn.text, at.match.start, at.match.end)
        if f == CandidateFlag.HYPOTHETICAL  # "no longer blocked" is a status, not a negation
    ]
    fact = CandidateFact(
        text=f"{project[:1].upper()}{project[1:]} {wording}",  # "Security audit is blocked"
        type=FactType.USER_FACT,
        category="work",
        subject=window.speaker(at.turn),
        confidence=STATUS_CONFIDENCE,
        importance=0.6,
        evidence=[at.evidence],
        valid_from=at.turn.timestamp,
        entities=[project],
        extractor=window.extractor,
        project=project,
        status=status,
        cue=f"{prompt.id} status",
        rendering=Rendering(template=wording),
        flags=flags,
        reject_detail="the status is read out of a condition" if flags else "",
    )
    entity = CandidateEntity(
        name=project,
        type="Project",
        properties={"status": status},
        evidence=named,
        observed_at=at.turn.timestamp,
    )
    return [fact] if flags else [fact, entity]


def _decision(item: DecisionItem, window: Window, prompt: Prompt[Any]) -> list[Any]:
    text = item.text.strip()
    at = window.locate(item.turn, item.quote, text)
    if not isinstance(at, Located):
        return [at]
    return [
        CandidateFact(
            text=text,
            type=FactType.USER_FACT,
            category="decision",
            subject=window.speaker(at.turn),
            confidence=STATUS_CONFIDENCE,
            importance=0.7,
            evidence=[at.evidence],
            valid_from=at.turn.timestamp,
            extractor=window.extractor,
            cue=f"{prompt.id} decision",
            flags=flags_for(text, at.turn.text, at.match.start, at.match.end),
        )
    ]
