"""The injection template and token-budget packing: ``<context_injection>`` with one element
per non-empty section, items added in the order given while the injection fits."""

from __future__ import annotations

from functools import lru_cache
from html import escape

from contextos.context.sections import SECTION_ORDER
from contextos.context.turn_cover import TurnCover
from contextos.embeddings.tokens import count_tokens
from contextos.models.context import ContextItem

__all__ = ["pack", "render"]


def _line(item: ContextItem) -> str:
    return f"    - {escape(item.text, quote=False)}"


@lru_cache(maxsize=16384)
def _tokens(text: str) -> int:
    """Cached: the same lines come back query after query."""
    return count_tokens(text)


def render(items_by_section: dict[str, list[ContextItem]], user_name: str, query: str = "") -> str:
    """``<context_injection>`` with one element per non-empty section, in section order."""
    lines = [f'<context_injection user="{escape(user_name)}">']
    for section in SECTION_ORDER:
        items = items_by_section.get(section) or []
        if not items:
            continue
        lines.append(f"  <{section}>")
        lines.extend(_line(it) for it in items)
        lines.append(f"  </{section}>")
    lines.append("</context_injection>")
    return "\n".join(lines)


def pack(
    ranked: list[ContextItem],
    user_name: str,
    query: str,
    max_tokens: int,
    caps: list[int | None] | None = None,
    turns: list[frozenset[tuple[str, str]]] | None = None,
) -> tuple[str, list[ContextItem], int]:
    """Add items in order while the rendered injection stays within ``max_tokens``; an item
    that does not fit is skipped (a shorter one further down may still fit). ``caps``, one per
    item, is the most tokens the injection may hold once that item is in (None: the budget):
    what keeps the template to its share of the budget. ``turns``, one per item, are the turns
    it carries: an item repeating one already in is skipped (:class:`TurnCover`: a fact and
    the turn it came from never both spend budget), as is a second item of one source (a
    template line that did not fit the template's share may come in at its ranked place).

    Line costs are counted once each and summed (the frame and each section's tags once); the
    final injection is counted whole and trimmed from the end if the sum was short. When not
    even the empty frame fits the budget, the injection is empty."""
    frame = count_tokens(render({}, user_name, query))
    if frame > max_tokens:
        return "", [], 0
    chosen: dict[str, list[ContextItem]] = {}
    kept: list[ContextItem] = []
    used = frame
    covered = TurnCover()
    sources: set[tuple[str, str]] = set()
    for pos, item in enumerate(ranked):
        carried = turns[pos] if turns is not None else frozenset()
        if (item.source.type, item.source.id) in sources or covered.blocks(item.source, carried):
            continue
        cap = caps[pos] if caps is not None else None
        limit = max_tokens if cap is None else min(cap, max_tokens)
        cost = _tokens(_line(item)) + 1
        if item.section not in chosen:
            cost += _tokens(f"  <{item.section}>\n  </{item.section}>") + 1
        if used + cost > limit:
            continue
        chosen.setdefault(item.section, []).append(item)
        kept.append(item)
        sources.add((item.source.type, item.source.id))
        covered.add(item.source, carried)
        used += cost
    text = render(chosen, user_name, query)
    tokens = count_tokens(text)
    while kept and tokens > max_tokens:
        last = kept.pop()
        chosen[last.section].remove(last)
        text = render(chosen, user_name, query)
        tokens = count_tokens(text)
    return text, kept, tokens
