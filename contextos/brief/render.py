"""Briefs rendered for people."""

from __future__ import annotations

from contextos.models.brief import Brief, Change

__all__ = ["render_summary"]

_HEADINGS = {
    "decision": "Decisions",
    "work": "Work and projects",
    "plan": "Plans",
    "goal": "Goals",
    "challenge": "Challenges and blockers",
    "relationship": "People",
}


def _heading(c: Change) -> str:
    return _HEADINGS.get(c.category or "", "About you")


def render_summary(brief: Brief, user_name: str) -> str:
    since = brief.since.strftime("%Y-%m-%d %H:%M")
    until = brief.until.strftime("%Y-%m-%d %H:%M")
    if not brief.changes:
        return f"Nothing changed for {user_name} between {since} and {until}."
    added = [c for c in brief.changes if c.kind == "added"]
    ended = [c for c in brief.changes if c.kind in ("superseded", "ended")]
    lines = [
        f"Brief for {user_name}: {since} → {until} ({len(added)} new, {len(ended)} no longer true)"
    ]
    if ended:
        lines.append("")
        lines.append("Changed:")
        for c in ended:
            arrow = f" → now: {c.after}" if c.after else " (ended)"
            lines.append(f"  • {c.before}{arrow}")
    groups: dict[str, list[Change]] = {}
    for c in added:
        if any(e.after == c.text for e in ended):
            continue  # already shown as the new value of a change
        groups.setdefault(_heading(c), []).append(c)
    for heading, items in groups.items():
        lines.append("")
        lines.append(f"{heading}:")
        for c in items:
            day = c.at.strftime("%Y-%m-%d") if c.at else "?"
            lines.append(f"  • {c.text} ({day})")
    return "\n".join(lines)
