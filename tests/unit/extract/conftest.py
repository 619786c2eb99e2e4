from __future__ import annotations

from datetime import datetime

import pytest

from contextos.extract.local import LocalExtractor
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.validate import ValidatedResult, validate

USER = UserRef(id="dana", name="Dana Whitfield", aliases=["Dana"])


@pytest.fixture(scope="session")
def extractor() -> LocalExtractor:
    return LocalExtractor()


@pytest.fixture(autouse=True)
def _first_conversation(extractor: LocalExtractor) -> None:
    """Every test reads as the user's first conversation: nothing carried over from another
    test's (the extractor is shared for speed)."""
    extractor.forget()


@pytest.fixture(scope="session")
def run(extractor: LocalExtractor, make_conv):
    def _run(turns, when: datetime | None = None, user: UserRef = USER):
        conv = make_conv(turns) if when is None else make_conv(turns, when)
        raw: ExtractionResult = extractor.extract(conv.turns, conv, user)
        checked: ValidatedResult = validate(raw, {t.id: t for t in conv.turns})
        return conv, raw, checked

    return _run


@pytest.fixture(scope="session")
def all_texts():
    """The texts of a validated result's facts, then of its rejections: what a test asserts
    was said or not said either way."""

    def _all_texts(checked: ValidatedResult) -> list[str]:
        return [f.text for f in checked.facts] + [r.text for r in checked.rejections]

    return _all_texts
