"""Briefs rendered for people: the summary sentence, plain text, Markdown and JSON.

The summary is built from one template per change kind ("the Atlas launch moved from blocked
to live", "Priya's manager changed from Greg to Sandra", "the start date is 19 March, not
17 March"), joined into sentences that start "Since Tuesday 3 March, ..." and end with the
count of facts left out of the list. The HTML page is in ``html.py``.
"""

from __future__ import annotations

import json
from datetime import datetime

from contextos.models.brief import Brief, Change

__all__ = ["FORMATS", "change_sentence", "render", "render_markdown", "render_text", "summarise"]

FORMATS = ("text", "markdown", "json", "html")
_CLAUSES_IN_SUMMARY = 4


def _owner(c: Change) -> str:
    return f"{c.entity_name}'s" if c.entity_name else "its"


def change_sentence(c: Change) -> str:
    """One change as a clause, from its kind's template."""
    who = c.entity_name or "something"
    if c.kind == "status_changed":
        if c.from_ and c.to:
            return f"{who} moved from {c.from_} to {c.to}"
        return f"{who} is now {c.to}" if c.to else c.text
    if c.kind == "corrected" and c.to and c.from_:
        return f"{_owner(c)} {c.field or 'value'} is {c.to}, not {c.from_}"
    if c.kind == "value_changed" and c.to:
        if c.from_:
            return f"{_owner(c)} {c.field or 'value'} changed from {c.from_} to {c.to}"
        return f"{_owner(c)} {c.field or 'value'} is now {c.to}"
    if c.kind == "ended":
        if c.field and c.from_:  # an attribute left the state
            return f"{_owner(c)} {c.field} is no longer {c.from_}"
        return f"no longer so: {c.text}"
    return c.text


def _day(t: datetime) -> str:
    return f"{t:%A} {t.day} {t:%B}"


def summarise(brief: Brief, user_name: str) -> str:
    """ "Since Tuesday 3 March, X moved from A to B; Y; and 9 more facts." — or that nothing
    changed."""
    if not brief.changes and not brief.more:
        return (
            f"Nothing changed for {user_name} between {brief.since:%Y-%m-%d %H:%M} and "
            f"{brief.until:%Y-%m-%d %H:%M}."
        )
    clauses = [change_sentence(c) for c in brief.changes[:_CLAUSES_IN_SUMMARY]]
    rest = len(brief.changes) - len(clauses) + brief.more
    if rest:
        clauses.append(f"and {rest} more {'fact' if rest == 1 else 'facts'}")
    return f"Since {_day(brief.since)}, for {user_name}: " + "; ".join(clauses) + "."


def _when(c: Change) -> str:
    return c.changed_at.strftime("%Y-%m-%d") if c.changed_at else "?"


def render_text(brief: Brief) -> str:
    lines = [brief.summary]
    if brief.changes:
        lines.append("")
    for c in brief.changes:
        lines.append(f"  • [{c.kind}] {change_sentence(c)} ({_when(c)})")
        if c.quote:
            lines.append(f'      "{c.quote}"')
    if brief.more:
        lines.append(f"  … and {brief.more} more facts")
    return "\n".join(lines)


def render_markdown(brief: Brief) -> str:
    lines = [
        f"# Brief: {brief.since:%Y-%m-%d} → {brief.until:%Y-%m-%d}",
        "",
        brief.summary,
        "",
    ]
    if brief.changes:
        lines += ["| when | kind | entity | field | from | to |", "|---|---|---|---|---|---|"]
        for c in brief.changes:
            cells = [_when(c), c.kind, c.entity_name, c.field, c.from_, c.to]
            lines.append("| " + " | ".join((v or "").replace("|", "\\|") for v in cells) + " |")
        lines.append("")
        for c in brief.changes:
            if c.quote:
                lines.append(f"> {c.quote}  \n> — {', '.join(c.turn_ids)}")
                lines.append("")
    if brief.more:
        lines.append(f"…and {brief.more} more facts.")
    return "\n".join(lines).rstrip() + "\n"


def render(brief: Brief, fmt: str) -> str:
    """``brief`` in one of :data:`FORMATS`."""
    if fmt == "text":
        return render_text(brief)
    if fmt == "markdown":
        return render_markdown(brief)
    if fmt == "json":
        return json.dumps(brief.diff(), indent=2, ensure_ascii=False)
    if fmt == "html":
        from contextos.brief.html import render_html

        return render_html(brief)
    raise ValueError(f"unknown brief format {fmt!r}: use one of {', '.join(FORMATS)}")
