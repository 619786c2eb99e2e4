"""The lines an agent type's template asks for (``agent_templates.py``), and the ones every
type gets: active blockers and the corrections of the last ``always_in_days``."""

from __future__ import annotations

import heapq
from collections.abc import Callable

from contextos.context.agent_templates import AgentTemplate, TemplateSection
from contextos.context.config import RetrievalConfig
from contextos.context.decay import decayed_confidence, relationship_strength
from contextos.context.describe import describe_entity
from contextos.context.query import ContextQuery
from contextos.context.user_state import PREFERENCE_CATEGORIES, UserState
from contextos.graph.records import to_epoch
from contextos.models.context import ContextItem, ContextSource
from contextos.models.entities import Entity
from contextos.models.facts import Fact

__all__ = ["TemplateItems"]

_DAY = 86400.0


class TemplateItems:
    def __init__(
        self, state: UserState, query: ContextQuery, config: RetrievalConfig, now: float
    ) -> None:
        self.state = state
        self.query = query
        self.config = config
        self.now = now

    def items(self, template: AgentTemplate) -> list[ContextItem]:
        """Always-in lines first (blockers, corrections), then the template's, in its order."""
        out = self._blockers() + self._corrections()
        for section in template.sections:
            out += self._section(section)
        seen: set[tuple[str, str]] = set()
        unique = []
        for it in out:
            if (it.source.type, it.source.id) not in seen:
                seen.add((it.source.type, it.source.id))
                unique.append(it)
        return unique

    # -- sources ------------------------------------------------------------------------

    def _section(self, spec: TemplateSection) -> list[ContextItem]:
        st, n = self.state, spec.limit
        if spec.source == "active_projects":
            return self._projects(st.projects(), "active_projects", n)
        if spec.source == "current_project":
            return self._projects(self._current_projects(), "active_projects", n)
        if spec.source == "preferences":
            prefs = self._best("preferences", lambda f: f.category in PREFERENCE_CATEGORIES, n)
            return self._facts(prefs, "user_preferences", n)
        if spec.source == "tech_preferences":
            tools = self._best("tech", lambda f: f.category == "tool", n)
            return self._facts(tools, "user_preferences", n)
        if spec.source == "decisions":
            decisions = [f for f in st.facts if f.category == "decision" and self._allowed(f)]
            decisions.sort(key=lambda f: -(to_epoch(f.valid_from) or 0.0))
            return self._facts(decisions, "recent_decisions", n)
        if spec.source == "people":
            return self._people(n)
        # project_blockers: every blocker statement of an open project
        open_names = {p.name.casefold() for p in st.projects()}
        blocked = [f for f in st.blockers() if (f.project or "").casefold() in open_names]
        return self._facts(blocked, "active_blockers", n)

    def _blockers(self) -> list[ContextItem]:
        return self._facts(
            [f for f in self.state.blockers() if self._allowed(f)], "active_blockers", 20
        )

    def _corrections(self) -> list[ContextItem]:
        since = self.now - self.config.always_in_days * _DAY
        recent = [
            f
            for f in self.state.corrections
            if (to_epoch(f.valid_from) or 0.0) >= since and self._allowed(f)
        ]
        return self._facts(recent, "recent_corrections", 10)

    # -- helpers ------------------------------------------------------------------------

    def _allowed(self, f: Fact) -> bool:
        q = self.query
        if f.confidence < q.min_confidence:
            return False
        if q.project_filter:
            p = q.project_filter.casefold()
            return (f.project or "").casefold() == p or p in f.text.casefold()
        return True

    def _best(self, kind: str, keep: Callable[[Fact], bool], n: int) -> list[Fact]:
        """The ``n`` best facts ``keep`` accepts, by decayed confidence times importance;
        kept with the state for the hour (decay moves slowly) and the query's filters."""
        q = self.query
        key = (kind, int(self.now // 3600), q.min_confidence, q.project_filter or "", n)
        cached = self.state.ranked.get(key)
        if cached is not None:
            return cached

        def worth(f: Fact) -> float:
            conf = decayed_confidence(
                f.confidence, f.type.value, to_epoch(f.valid_from), self.now, self.config
            )
            return conf * (0.5 + f.importance)

        facts = [f for f in self.state.facts if keep(f) and self._allowed(f)]
        best = heapq.nsmallest(n, facts, key=lambda f: (-worth(f), f.id))
        self.state.ranked[key] = best
        return best

    def _current_projects(self) -> list[Entity]:
        projects = self.state.projects()
        if self.query.project_filter:
            p = self.query.project_filter.casefold()
            named = [
                e
                for e in projects
                if e.name.casefold() == p or p in (a.casefold() for a in e.aliases)
            ]
            return named or projects[:0]
        return projects

    def _projects(self, projects: list[Entity], section: str, n: int) -> list[ContextItem]:
        if self.query.project_filter:
            p = self.query.project_filter.casefold()
            projects = [
                e
                for e in projects
                if e.name.casefold() == p or p in (a.casefold() for a in e.aliases)
            ]
        out = []
        for e in projects:
            text = describe_entity(e) or e.name
            out.append(
                ContextItem(
                    section=section,
                    text=text,
                    source=ContextSource(
                        type="entity", id=e.id, relevance=1.0, turn_ids=e.turn_ids
                    ),
                )
            )
        return out[:n]

    def _people(self, n: int) -> list[ContextItem]:
        named = (
            set(self.state.names.named_in(self.query.text)) if not self.query.proactive else set()
        )
        people = self.state.people()

        def strength(e: Entity) -> float:
            base = relationship_strength(to_epoch(e.last_seen), self.now, self.config)
            return base + (1.0 if e.id in named else 0.0)

        out = []
        for e in sorted(people, key=lambda e: (-strength(e), e.name)):
            text = describe_entity(e)
            if text:
                out.append(
                    ContextItem(
                        section="relevant_people",
                        text=text,
                        source=ContextSource(
                            type="entity",
                            id=e.id,
                            relevance=round(strength(e), 4),
                            turn_ids=e.turn_ids,
                        ),
                    )
                )
        return out[:n]

    @staticmethod
    def _facts(facts: list[Fact], section: str, n: int) -> list[ContextItem]:
        return [
            ContextItem(
                section=section,
                text=f.text,
                source=ContextSource(
                    type="fact", id=f.id, relevance=f.confidence, turn_ids=f.turn_ids
                ),
            )
            for f in facts[:n]
        ]
