"""The injection template and token-budget packing."""

from __future__ import annotations

from html import escape

from contextos.context.sections import SECTION_ORDER
from contextos.embeddings.tokens import count_tokens
from contextos.models.context import ContextItem

__all__ = ["pack", "render"]


def render(items_by_section: dict[str, list[ContextItem]], user_name: str, query: str) -> str:
    """``<context_injection>`` with one element per non-empty section."""
    lines = [f'<context_injection user="{escape(user_name)}">']
    for section in SECTION_ORDER:
        items = items_by_section.get(section) or []
        if not items:
            continue
        lines.append(f"  <{section}>")
        lines.extend(f"    - {escape(it.text, quote=False)}" for it in items)
        lines.append(f"  </{section}>")
    lines.append("</context_injection>")
    return "\n".join(lines)


def pack(
    ranked: list[ContextItem], user_name: str, query: str, max_tokens: int
) -> tuple[str, list[ContextItem], int]:
    """Add items best-first while the rendered injection stays within ``max_tokens``.

    Returns the injection, the items it holds and its token count. An item that does not fit
    is skipped (a shorter one further down may still fit). When not even the empty frame fits
    the budget, the injection is empty.
    """
    chosen: dict[str, list[ContextItem]] = {}
    kept: list[ContextItem] = []
    text = render(chosen, user_name, query)
    tokens = count_tokens(text)
    if tokens > max_tokens:
        return "", [], 0
    for item in ranked:
        chosen.setdefault(item.section, []).append(item)
        candidate = render(chosen, user_name, query)
        n = count_tokens(candidate)
        if n <= max_tokens:
            text, tokens = candidate, n
            kept.append(item)
        else:
            chosen[item.section].pop()
    return text, kept, tokens
