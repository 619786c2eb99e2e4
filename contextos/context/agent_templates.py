"""What each agent type gets before the user speaks (seed table), and custom templates from a
file.

| agent type | sections |
|---|---|
| general | top 3 active projects, top 5 preferences |
| code | the current project, top 5 tech-stack preferences |
| meeting | relevant people (5), recent decisions (5) |
| task | every active project (20), with its blockers |

Every type also gets the active blockers and the corrections of the last 7 days. A custom
template file is JSON: ``{"NAME": {"sections": [{"source": "preferences", "limit": 5}]}}``
with the sources of :data:`SOURCES`; a file's template replaces a seed one of the same name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from contextos.errors import ConfigError, InputError

__all__ = [
    "SEED_TEMPLATES",
    "SOURCES",
    "AgentTemplate",
    "TemplateSection",
    "load_templates",
    "template_for",
]

Source = Literal[
    "active_projects",
    "current_project",
    "preferences",
    "tech_preferences",
    "people",
    "decisions",
    "project_blockers",
]
SOURCES: tuple[str, ...] = Source.__args__  # type: ignore[attr-defined]


class TemplateSection(BaseModel):
    source: Source
    limit: int = Field(default=5, ge=1, le=100)


class AgentTemplate(BaseModel):
    name: str
    sections: list[TemplateSection]


def _seed(name: str, *sections: tuple[str, int]) -> AgentTemplate:
    return AgentTemplate(
        name=name,
        sections=[TemplateSection(source=s, limit=n) for s, n in sections],  # type: ignore[arg-type]
    )


SEED_TEMPLATES: dict[str, AgentTemplate] = {
    t.name: t
    for t in (
        _seed("general", ("active_projects", 3), ("preferences", 5)),
        _seed("code", ("current_project", 1), ("tech_preferences", 5)),
        _seed("meeting", ("people", 5), ("decisions", 5)),
        _seed("task", ("active_projects", 20), ("project_blockers", 20)),
    )
}
#: other names agents use for the seed types
ALIASES = {
    "coding": "code",
    "coder": "code",
    "meetings": "meeting",
    "tasks": "task",
    "default": "general",
    "assistant": "general",
}


def load_templates(path: str | Path) -> dict[str, AgentTemplate]:
    """The templates of a JSON file (see the module doc), checked."""
    file = Path(path)
    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(str(file), f"cannot read: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(str(file), f"not a JSON template file: {exc}") from None
    if not isinstance(raw, dict):
        raise InputError(str(file), 'expected {"agent type": {"sections": [...]}}')
    out = {}
    for name, spec in raw.items():
        try:
            out[name] = AgentTemplate.model_validate({"name": name, **(spec or {})})
        except (ValidationError, TypeError) as exc:
            raise InputError(str(file), f"template {name!r}: {exc}") from None
    return out


def template_for(agent_type: str, custom: dict[str, AgentTemplate] | None = None) -> AgentTemplate:
    """The template of ``agent_type`` (a custom one first); an unknown type is a ConfigError."""
    templates = {**SEED_TEMPLATES, **(custom or {})}
    name = agent_type if agent_type in templates else ALIASES.get(agent_type, agent_type)
    if name not in templates:
        raise ConfigError(
            f"unknown agent_type {agent_type!r}: use one of {', '.join(sorted(templates))}"
        )
    return templates[name]
