from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.extract.local import LocalExtractor
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.transcript import Conversation, Turn
from contextos.validate import ValidatedResult, validate

USER = UserRef(id="dana", name="Dana Whitfield", aliases=["Dana"])
WHEN = datetime(2023, 5, 8, 10, 0, tzinfo=UTC)


def make_conv(
    turns: list[tuple[str, str]] | list[tuple[str, str, str]],
    when: datetime = WHEN,
    conv_id: str = "c1",
) -> Conversation:
    """Turns from (role, text) or (role, speaker, text) tuples."""
    out = []
    for i, spec in enumerate(turns):
        if len(spec) == 2:
            role, text = spec  # type: ignore[misc]
            speaker = "Dana" if role == "user" else "assistant"
        else:
            role, speaker, text = spec  # type: ignore[misc]
        out.append(
            Turn(
                id=f"{conv_id}:{i}",
                conversation_id=conv_id,
                index=i,
                role=role,
                speaker=speaker,
                text=text,
                timestamp=when,
            )
        )
    return Conversation(id=conv_id, source="test", turns=out)


@pytest.fixture(name="make_conv", scope="session")
def make_conv_fixture():
    return make_conv


@pytest.fixture(scope="session")
def extractor() -> LocalExtractor:
    return LocalExtractor()


@pytest.fixture(scope="session")
def run(extractor: LocalExtractor):
    def _run(turns, when: datetime = WHEN, user: UserRef = USER):
        conv = make_conv(turns, when)
        raw: ExtractionResult = extractor.extract(conv.turns, conv, user)
        checked: ValidatedResult = validate(raw, {t.id: t for t in conv.turns})
        return conv, raw, checked

    return _run
