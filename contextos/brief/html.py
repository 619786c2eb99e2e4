"""A brief as one self-contained HTML page: no external asset (no script, font or image).

A timeline of the listed changes in time order; each carries a status chip (its kind, and for
a status the new status) and a link to the quote it was read from, the quotes being listed
below with the turns they come from. Every value is HTML-escaped.
"""

from __future__ import annotations

from html import escape

from contextos.brief.render import change_sentence
from contextos.models.brief import Brief, Change

__all__ = ["render_html"]

_STYLE = """
body{font:15px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;color:#222}
h1{font-size:1.3rem}.summary{background:#f5f5f0;padding:.8rem 1rem;border-radius:6px}
ol.timeline{list-style:none;padding:0;border-left:3px solid #ccd;margin-left:.5rem}
ol.timeline li{margin:0 0 1rem 0;padding-left:1rem;position:relative}
ol.timeline li::before{content:"";position:absolute;left:-.5rem;top:.45rem;width:.7rem;
height:.7rem;border-radius:50%;background:#889}
time{color:#666;font-size:.85rem;margin-right:.4rem}
.chip{display:inline-block;font-size:.75rem;padding:0 .5rem;border-radius:1rem;
background:#e6e6ee;margin-right:.3rem}
.chip.status_changed{background:#dbeafe}.chip.corrected{background:#fde68a}
.chip.decision{background:#dcfce7}.chip.ended{background:#eee;color:#666}
.chip.status-blocked{background:#fecaca}.chip.status-completed{background:#bbf7d0}
blockquote{margin:.3rem 0 1rem;padding:.2rem .8rem;border-left:3px solid #ddd;color:#444}
.more{color:#666}
"""


def _chips(c: Change) -> str:
    chips = [f'<span class="chip {escape(c.kind)}">{escape(c.kind.replace("_", " "))}</span>']
    if c.kind == "status_changed" and c.to:
        slug = "".join(ch if ch.isalnum() else "-" for ch in c.to.lower())
        chips.append(f'<span class="chip status status-{escape(slug)}">{escape(c.to)}</span>')
    return "".join(chips)


def _item(i: int, c: Change) -> str:
    when = c.changed_at.strftime("%Y-%m-%d") if c.changed_at else ""
    iso = c.changed_at.isoformat() if c.changed_at else ""
    link = f' <a class="quote-link" href="#quote-{i}">quote</a>' if c.quote else ""
    return (
        f'<li class="change" data-kind="{escape(c.kind)}" id="change-{i}">'
        f'<time datetime="{escape(iso)}">{escape(when)}</time>{_chips(c)}'
        f'<span class="what">{escape(change_sentence(c))}</span>{link}</li>'
    )


def _quote(i: int, c: Change) -> str:
    turns = ", ".join(c.turn_ids)
    return (
        f'<blockquote id="quote-{i}" class="quote">{escape(c.quote)}'
        f'<footer><a href="#change-{i}">↑</a> {escape(turns)}</footer></blockquote>'
    )


def render_html(brief: Brief) -> str:
    """The page (see the module docstring)."""
    timeline = sorted(
        enumerate(brief.changes),
        key=lambda p: (p[1].changed_at is None, p[1].changed_at or brief.since),
    )
    items = "\n".join(_item(i, c) for i, c in timeline)
    quotes = "\n".join(_quote(i, c) for i, c in enumerate(brief.changes) if c.quote)
    more = f'<p class="more">…and {brief.more} more facts.</p>' if brief.more else ""
    title = f"Brief for {brief.user_id}: {brief.since:%Y-%m-%d} → {brief.until:%Y-%m-%d}"
    return (
        "<!doctype html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{_STYLE}</style></head><body>\n"
        f"<h1>{escape(title)}</h1>\n"
        f'<p class="summary">{escape(brief.summary)}</p>\n'
        f'<ol class="timeline">\n{items}\n</ol>\n{more}\n'
        f'<section class="quotes"><h2>Quotes</h2>\n{quotes}\n</section>\n'
        "</body></html>\n"
    )
