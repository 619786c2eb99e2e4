"""One line for an entity in the injection (a Project with its status, a Person with how the
user knows them); a bare name tells the agent nothing, so such entities get no line."""

from __future__ import annotations

from contextos.models.entities import Entity

__all__ = ["describe_entity"]


def describe_entity(e: Entity) -> str | None:
    props = e.properties
    if e.type == "Project":
        details = [
            f"status: {props['status']}" if props.get("status") else None,
            f"deadline: {props['deadline']}" if props.get("deadline") else None,
            f"priority: {props['priority']}" if props.get("priority") else None,
        ]
        extra = ", ".join(d for d in details if d)
        return f"{e.name} ({extra})" if extra else None
    details = [props.get(k) for k in ("relationship", "role", "company") if props.get(k)]
    if not details:
        return None
    return f"{e.name}: " + ", ".join(str(d) for d in details)
