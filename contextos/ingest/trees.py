"""Message trees (edits and regenerations): pick the canonical branch, find the others.

ChatGPT, Claude, Open WebUI and LibreChat store messages as a tree through parent pointers.
The canonical branch is the path from the root to the leaf the user last saw (the export's
"current" pointer when it has one, else the most recent leaf). Everything here is iterative and
cycle-safe: hostile input cannot recurse or loop forever.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

__all__ = [
    "BranchPath",
    "TreeCycleError",
    "branch_layout",
    "canonical_path",
    "depths",
    "latest_leaf",
]


class TreeCycleError(ValueError):
    """The parent pointers loop back on themselves."""

    def __init__(self, node: str) -> None:
        super().__init__(f"the message tree has a cycle through node {node!r}")
        self.node = node


class BranchPath:
    """The canonical branch: node ids root-first, and a parent id that was missing, if any."""

    __slots__ = ("dangling_parent", "ids")

    def __init__(self, ids: list[str], dangling_parent: str | None) -> None:
        self.ids = ids
        self.dangling_parent = dangling_parent


def canonical_path(parent_of: Mapping[str, str | None], leaf: str) -> BranchPath:
    """Walk from ``leaf`` up to the root. A parent id that is not a known node ends the walk
    (``dangling_parent`` says which), as if that node were the root."""
    ids: list[str] = []
    seen: set[str] = set()
    node: str | None = leaf
    dangling: str | None = None
    while node is not None:
        if node in seen:
            raise TreeCycleError(node)
        seen.add(node)
        ids.append(node)
        parent = parent_of.get(node)
        if parent is not None and parent not in parent_of:
            dangling = parent
            break
        node = parent
    ids.reverse()
    return BranchPath(ids, dangling)


def latest_leaf(
    order: Iterable[str],
    parent_of: Mapping[str, str | None],
    time_of: Mapping[str, datetime | None],
) -> str | None:
    """The most recent leaf (no node names it as parent); ties go to the later one in order."""
    order = list(order)
    parents = {p for p in parent_of.values() if p is not None}
    best: str | None = None
    best_key: tuple[int, float, int] | None = None
    for position, node in enumerate(order):
        if node in parents:
            continue
        stamp = time_of.get(node)
        key = (1, stamp.timestamp(), position) if stamp is not None else (0, 0.0, position)
        if best_key is None or key > best_key:
            best, best_key = node, key
    return best


def depths(parent_of: Mapping[str, str | None]) -> dict[str, int]:
    """Depth of every node (roots and nodes with a missing parent are 0). Raises on a cycle."""
    depth: dict[str, int] = {}
    for start in parent_of:
        if start in depth:
            continue
        chain: list[str] = []
        on_chain: set[str] = set()
        node: str | None = start
        base = -1
        while node is not None:
            if node in depth:
                base = depth[node]
                break
            if node in on_chain:
                raise TreeCycleError(node)
            on_chain.add(node)
            chain.append(node)
            parent = parent_of.get(node)
            node = parent if parent is not None and parent in parent_of else None
        for offset, item in enumerate(reversed(chain), start=1):
            depth[item] = base + offset
    return depth


def branch_layout(
    parent_of: Mapping[str, str | None], leaf: str | None, *, with_depths: bool
) -> tuple[BranchPath | None, dict[str, int]]:
    """The canonical path to ``leaf`` (None without a leaf) and, when ``with_depths``, the depth
    of every node (else an empty dict). Raises :class:`TreeCycleError` on a cycle."""
    path = canonical_path(parent_of, leaf) if leaf else None
    return path, depths(parent_of) if with_depths else {}
