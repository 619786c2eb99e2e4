"""LlamaIndex ``MetadataFilters`` over a fact's properties (``vector_query(filters=...)``)."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from llama_index.core.vector_stores.types import FilterCondition, FilterOperator, MetadataFilters

from contextos.errors import ConfigError

__all__ = ["passes"]

_COMPARE: dict[FilterOperator, Callable[[Any, Any], bool]] = {
    FilterOperator.EQ: operator.eq,
    FilterOperator.NE: operator.ne,
    FilterOperator.GT: operator.gt,
    FilterOperator.GTE: operator.ge,
    FilterOperator.LT: operator.lt,
    FilterOperator.LTE: operator.le,
    FilterOperator.IN: lambda have, want: have in (want or []),
    FilterOperator.NIN: lambda have, want: have not in (want or []),
    FilterOperator.CONTAINS: lambda have, want: isinstance(have, list) and want in have,
}


def passes(properties: dict[str, Any], filters: MetadataFilters | None) -> bool:
    """Whether ``properties`` pass ``filters`` (nested filters too; AND or OR). A comparison
    of values that cannot be compared (a missing property with ``>``) fails."""
    if filters is None or not filters.filters:
        return True
    results = []
    for f in filters.filters:
        if isinstance(f, MetadataFilters):
            results.append(passes(properties, f))
            continue
        compare = _COMPARE.get(f.operator)
        if compare is None:
            raise ConfigError(f"filter operator {f.operator.value!r} is not supported here")
        try:
            results.append(bool(compare(properties.get(f.key), f.value)))
        except TypeError:
            results.append(False)
    if filters.condition == FilterCondition.OR:
        return any(results)
    if filters.condition == FilterCondition.NOT:
        return not any(results)
    return all(results)
