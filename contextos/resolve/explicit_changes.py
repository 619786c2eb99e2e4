"""Changes a new fact says outright, found without a shared slot (``resolve/slots.py``).

Two kinds, both read from the parse by the closed classes of ``resolve/slot_cues.py``:

* **a replaced value named** — "switched from **Evernote** to Obsidian", "tea instead of
  **coffee**", "350ms, not **900**": the older current fact that states that value is the one
  replaced, whatever attribute words either uses, when a clause of it holds every word of the
  named value (not as a value it too says was replaced) and the two clauses are about one
  entity or their masked texts are at least :data:`REPLACED_FLOOR` alike. This is an explicit
  negation of the old value, so it ends a multi-valued fact too ("I switched from Windows").
* **a problem resolved** — "the renewal is stuck" ... "the renewal went through": a fact that
  says a problem ended (a resolution verb, not negated) replaces an older current fact that
  states a problem (a blocking state, a ``challenge``) and shares a noun with it that is not a
  person's name (:data:`MIN_SHARED_NOUNS`). The problem's status moved from open to resolved.

Both only look back: the fact replaced is not newer than the one that replaces it.
"""

from __future__ import annotations

from contextos.resolve.slots import Clause, SlotReading, same_entity

__all__ = ["MIN_SHARED_NOUNS", "REPLACED_FLOOR", "names_replaced_value", "resolves_problem"]

#: a replaced value's old clause about another entity needs masked texts this alike
REPLACED_FLOOR = 0.55
#: the nouns a resolution and the problem it ends must share at least
MIN_SHARED_NOUNS = 1
#: words that carry no value of their own (a value's share of a clause leaves them out)
_FUNCTION_WORDS = frozenset(
    "a an the of in on at to for with and or by from is are was were be been has have had "
    "do does did will would it its their his her they he she this that".split()
)
#: nouns that say a problem is one, not what it is about: never the shared noun
_PROBLEM_NOUNS = frozenset({"problem", "issue", "bug", "blocker", "error", "thing", "stuff"})


def _holds(old: Clause, run: tuple[str, ...], names: frozenset[str]) -> bool:
    """Whether ``old`` states the value ``run`` — its names and numbers (``names``), or every
    word when it has none ("Google Classroom" of "rather than Google Classroom topics";
    "nights") — and does not itself say it was replaced."""
    needed = names or set(run)
    if not run or not needed <= old.words:
        return False
    return not any(needed <= set(r) for r in old.replaced)


def names_replaced_value(new: SlotReading, old: SlotReading) -> float | None:
    """How much a clause of ``old`` is about a value ``new`` names as replaced (module doc):
    the share of its words the value is, so "Gabriel likes nights" is the fact "instead of
    nights" replaces rather than a long one that mentions nights among much else; None when
    ``new`` names no value of ``old``."""
    sims = new.vectors @ old.vectors.T
    best: float | None = None
    for i, cn in enumerate(new.clauses):
        for run, names in zip(cn.replaced, cn.replaced_names, strict=True):
            for j, co in enumerate(old.clauses):
                if not _holds(co, run, names):
                    continue
                if same_entity(cn, co) or float(sims[i, j]) >= REPLACED_FLOOR:
                    share = len(set(run)) / max(1, len(co.words - _FUNCTION_WORDS))
                    best = share if best is None else max(best, share)
    return best


def resolves_problem(new: SlotReading, old: SlotReading) -> bool:
    """Whether ``new`` says the problem ``old`` states ended (module doc)."""
    if not (new.resolution and old.problem) or old.resolution or new.problem:
        return False
    shared = (new.nouns & old.nouns) - _PROBLEM_NOUNS
    return len(shared) >= MIN_SHARED_NOUNS
