"""Which section of the injection template each retrieved item belongs to."""

from __future__ import annotations

from contextos.models.facts import Fact

__all__ = ["SECTION_ORDER", "section_for_fact"]

#: Template sections, in the order they appear in the injection.
SECTION_ORDER = (
    "active_blockers",
    "recent_corrections",
    "active_projects",
    "recent_decisions",
    "user_preferences",
    "relevant_people",
    "relevant_facts",
    "relevant_excerpts",
)

_PROJECT_CATEGORIES = frozenset({"decision", "work", "plan", "goal", "challenge"})
_BY_CATEGORY = {
    "decision": "recent_decisions",
    "like": "user_preferences",
    "dislike": "user_preferences",
    "tool": "user_preferences",
    "trait": "user_preferences",
    "learning_interest": "user_preferences",
    "relationship": "relevant_people",
    "work": "active_projects",
    "plan": "active_projects",
    "goal": "active_projects",
    "challenge": "active_projects",
}


def section_for_fact(fact: Fact, user_name: str) -> str:
    """Decisions, preferences and project work by category; facts about another person go to
    ``relevant_people``; everything else to ``relevant_facts``."""
    about_someone_else = bool(fact.subject) and fact.subject.casefold() != user_name.casefold()
    if about_someone_else and fact.category not in _PROJECT_CATEGORIES:
        return "relevant_people"
    return _BY_CATEGORY.get(fact.category, "relevant_facts")
