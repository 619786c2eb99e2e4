"""MetadataFilters over a fact's properties (ContextOSGraphStore.vector_query)."""

from __future__ import annotations

import pytest
from llama_index.core.vector_stores.types import (
    FilterCondition,
    FilterOperator,
    MetadataFilter,
    MetadataFilters,
)

from contextos.errors import ConfigError
from contextos.llamaindex.filters import passes

FACT = {"category": "work", "confidence": 0.9, "entities": ["atlas", "Ana"], "project": None}


def _f(key, value, op=FilterOperator.EQ):
    return MetadataFilter(key=key, value=value, operator=op)


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        (None, True),
        ([_f("category", "work")], True),
        ([_f("category", "like")], False),
        ([_f("category", "like", FilterOperator.NE)], True),
        ([_f("confidence", 0.8, FilterOperator.GT)], True),
        ([_f("confidence", 0.9, FilterOperator.LT)], False),
        ([_f("category", ["work", "plan"], FilterOperator.IN)], True),
        ([_f("category", ["plan"], FilterOperator.NIN)], True),
        ([_f("entities", "atlas", FilterOperator.CONTAINS)], True),
        ([_f("project", 1, FilterOperator.GT)], False),  # missing: not comparable
        ([_f("category", "work"), _f("confidence", 0.95, FilterOperator.GTE)], False),
    ],
)
def test_and_filters(filters, expected):
    mf = None if filters is None else MetadataFilters(filters=filters)
    assert passes(FACT, mf) is expected


def test_or_and_nested_filters():
    either = MetadataFilters(
        filters=[_f("category", "like"), _f("confidence", 0.5, FilterOperator.GT)],
        condition=FilterCondition.OR,
    )
    assert passes(FACT, either)
    nested = MetadataFilters(filters=[either, _f("category", "like")])
    assert not passes(FACT, nested)


def test_an_operator_it_cannot_apply_is_an_error():
    with pytest.raises(ConfigError, match="text_match"):
        passes(FACT, MetadataFilters(filters=[_f("category", "w", FilterOperator.TEXT_MATCH)]))
