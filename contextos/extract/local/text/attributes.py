"""A faster stand-in for spaCy's ``attribute_ruler`` with the same rules and the same result.

The small English model's attribute ruler maps tags to coarse POS and morphology and fixes a few
lemmas with ~180 token patterns, run through spaCy's general ``Matcher``. On chat-sized docs that
matcher was a quarter of the parse time. This component reads the very same patterns from the
loaded ruler, indexes them by the first token's ``LOWER`` / ``TAG`` value, and applies every
match in pattern order (later patterns win, as in the original). ``tests/unit/extract`` checks
that it annotates a text exactly like the original ruler.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

__all__ = ["FastAttributeRuler", "install"]

_Spec = dict[str, Any]


@dataclass(frozen=True)
class _Rule:
    order: int
    specs: tuple[_Spec, ...]
    attrs: dict[str, str]
    index: int


_KEYS = frozenset({"LOWER", "TAG", "DEP", "ORTH", "POS", "IS_SPACE"})
_PREDICATES = frozenset({"IN", "REGEX", "NOT_IN"})
_ATTRS = frozenset({"POS", "MORPH", "LEMMA", "TAG", "DEP"})


def _check(spec: _Spec) -> None:
    for key, want in spec.items():
        if key not in _KEYS:
            raise ValueError(f"unsupported attribute-ruler key {key!r}")
        if isinstance(want, dict) and (len(want) != 1 or next(iter(want)) not in _PREDICATES):
            raise ValueError(f"unsupported attribute-ruler predicate {want!r}")


def _value_ok(actual: str, want: Any) -> bool:
    if isinstance(want, str):
        return actual == want
    if isinstance(want, dict):
        if "IN" in want:
            return actual in want["IN"]
        if "REGEX" in want:
            return re.search(want["REGEX"], actual) is not None
        if "NOT_IN" in want:
            return actual not in want["NOT_IN"]
    raise ValueError(f"unsupported attribute-ruler predicate {want!r}")


def _token_ok(tok: Any, spec: _Spec) -> bool:
    for key, want in spec.items():
        if key == "LOWER":
            actual: Any = tok.lower_
        elif key == "TAG":
            actual = tok.tag_
        elif key == "DEP":
            actual = tok.dep_
        elif key == "ORTH":
            actual = tok.text
        elif key == "POS":
            actual = tok.pos_
        elif key == "IS_SPACE":
            if bool(tok.is_space) != bool(want):
                return False
            continue
        else:
            raise ValueError(f"unsupported attribute-ruler key {key!r}")
        if not _value_ok(actual, want):
            return False
    return True


def _set(tok: Any, attrs: dict[str, str]) -> None:
    for key, value in attrs.items():
        if key == "POS":
            tok.pos_ = value
        elif key == "MORPH":
            tok.set_morph(value)
        elif key == "LEMMA":
            tok.lemma_ = value
        elif key == "TAG":
            tok.tag_ = value
        elif key == "DEP":
            tok.dep_ = value
        else:
            raise ValueError(f"unsupported attribute-ruler attribute {key!r}")


class _RuleIndex:
    """Rules by the ``LOWER`` or ``TAG`` value their first token needs."""

    def __init__(self) -> None:
        self.by_lower: dict[str, list[_Rule]] = defaultdict(list)
        self.by_tag: dict[str, list[_Rule]] = defaultdict(list)
        self.other: list[_Rule] = []
        self._candidates: dict[tuple[str, str], list[_Rule]] = {}

    def add(self, rule: _Rule) -> None:
        self._candidates.clear()
        first = rule.specs[0]
        for key, table in (("LOWER", self.by_lower), ("TAG", self.by_tag)):
            want = first.get(key)
            if isinstance(want, str):
                table[want].append(rule)
                return
            if isinstance(want, dict) and "IN" in want:
                for value in want["IN"]:
                    table[value].append(rule)
                return
        self.other.append(rule)

    def candidates(self, tok: Any) -> list[_Rule]:
        """Rules that may match at ``tok``, in pattern order, each once (cached per
        lower-case text and tag, the only things the index looks at)."""
        key = (tok.lower_, tok.tag_)
        found = self._candidates.get(key)
        if found is None:
            found = self.by_lower.get(key[0], []) + self.by_tag.get(key[1], []) + self.other
            if len(found) > 1:
                found = sorted({id(r): r for r in found}.values(), key=lambda r: r.order)
            self._candidates[key] = found
        return found


class FastAttributeRuler:
    """Callable pipeline component: ``doc -> doc`` with the ruler's attributes set.

    Single-token rules depend only on the token's own text, tag, dependency label and POS, so
    their combined result is cached per such key; the few multi-token rules are indexed by their
    first token's ``LOWER`` / ``TAG`` value."""

    def __init__(self, patterns: list[dict[str, Any]]) -> None:
        self._single = _RuleIndex()
        self._multi = _RuleIndex()
        self._cache: dict[
            tuple[str, str, str, str],
            tuple[tuple[tuple[int, dict[str, str]], ...], tuple[_Rule, ...]],
        ] = {}
        for order, entry in enumerate(patterns):
            for pattern in entry["patterns"]:
                rule = _Rule(
                    order, tuple(pattern), dict(entry["attrs"]), int(entry.get("index", 0))
                )
                for spec in rule.specs:
                    _check(spec)
                for key in rule.attrs:
                    if key not in _ATTRS:
                        raise ValueError(f"unsupported attribute-ruler attribute {key!r}")
                (self._single if len(rule.specs) == 1 else self._multi).add(rule)

    def _hits_at(
        self, tok: Any
    ) -> tuple[tuple[tuple[int, dict[str, str]], ...], tuple[_Rule, ...]]:
        """The single-token rules matching ``tok``, and the multi-token rules whose first token
        it matches (both depend on nothing but the key, so they are cached)."""
        key = (tok.text, tok.tag_, tok.dep_, tok.pos_)
        found = self._cache.get(key)
        if found is None:
            single = tuple(
                (r.order, r.attrs)
                for r in self._single.candidates(tok)
                if _token_ok(tok, r.specs[0])
            )
            multi = tuple(r for r in self._multi.candidates(tok) if _token_ok(tok, r.specs[0]))
            found = (single, multi)
            self._cache[key] = found
        return found

    def __call__(self, doc: Any) -> Any:
        hits: list[tuple[int, int, dict[str, str]]] = []
        toks = list(doc)
        n = len(toks)
        for i, tok in enumerate(toks):
            single, multi = self._hits_at(tok)
            hits.extend((order, i, attrs) for order, attrs in single)
            for rule in multi:
                end = i + len(rule.specs)
                if end > n or not all(
                    _token_ok(toks[i + k], spec) for k, spec in enumerate(rule.specs) if k
                ):
                    continue
                target = (end if rule.index < 0 else i) + rule.index
                hits.append((rule.order, target, rule.attrs))
        if not hits:
            return doc
        seen: set[tuple[int, int]] = set()
        for order, target, attrs in sorted(hits, key=lambda h: (h[0], h[1])):
            if (order, target) in seen:  # a rule listed under two index keys
                continue
            seen.add((order, target))
            _set(doc[target], attrs)
        return doc


def install(nlp: Any) -> bool:
    """Replace ``nlp``'s ``attribute_ruler`` with :class:`FastAttributeRuler` (same rules).
    Returns False (and leaves the pipeline alone) when there is no ruler or its patterns use
    something this component does not read."""
    if "attribute_ruler" not in nlp.pipe_names:
        return False
    ruler = nlp.get_pipe("attribute_ruler")
    try:
        fast = FastAttributeRuler(list(ruler.patterns))
    except (KeyError, TypeError, ValueError):
        return False
    for name, _proc in nlp.pipeline:
        if name == "attribute_ruler":
            from spacy.language import Language

            factory = "contextos_attribute_ruler"
            if not Language.has_factory(factory):
                Language.factory(factory, func=lambda nlp, name: _Holder())
            holder = nlp.replace_pipe("attribute_ruler", factory)
            holder.rules = fast
            return True
    return False


class _Holder:
    """The registered component: delegates to the ruler set after creation."""

    rules: FastAttributeRuler | None = None

    def __call__(self, doc: Any) -> Any:
        return self.rules(doc) if self.rules is not None else doc
