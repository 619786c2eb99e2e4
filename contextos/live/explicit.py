"""Facts a user states on purpose ("remember that ..."), as the MCP ``add_fact`` tool and
``ContextOS.add_explicit_fact`` take them: the text goes through the normal extractor and
validation like any turn (a fact must be grounded in the words given and pass every check),
and what is kept is flagged explicit: its ``extractor`` is ``explicit`` and its confidence
at least :data:`EXPLICIT_CONFIDENCE`."""

from __future__ import annotations

from collections.abc import Sequence

from contextos.extract.base import Extractor
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.transcript import Conversation, Turn

__all__ = ["EXPLICIT", "EXPLICIT_CONFIDENCE", "Explicit"]

#: The ``extractor`` of a fact the user stated on purpose.
EXPLICIT = "explicit"
#: The confidence a stated fact has at least (the seed's default for manual preferences).
EXPLICIT_CONFIDENCE = 0.9


class Explicit:
    """``inner``'s candidates, flagged explicit."""

    name = EXPLICIT

    def __init__(self, inner: Extractor) -> None:
        self.inner = inner

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult:
        result = self.inner.extract(turns, conversation, user)
        result.facts = [
            f.model_copy(
                update={
                    "extractor": EXPLICIT,
                    "confidence": max(f.confidence, EXPLICIT_CONFIDENCE),
                }
            )
            for f in result.facts
        ]
        return result
