"""One window of numbered turns, and the grounding every LLM item goes through.

Whatever the model proposes — a fact, an entity, a relation, a status, a decision — names a
turn (``T2``) and quotes it. :meth:`Window.locate` is the one place that checks both: the turn
must be a human turn of the window (a user, or any human speaker of a meeting transcript); an
assistant turn is ``assistant_sourced``, an unknown id or a quote not found in the turn
(:func:`contextos.validate.quotes.locate_quote`) ``not_grounded``. The span found is in the
turn's own text, so the evidence stored is always what was said.

Names (of entities, of the ends of a relation, of a project) are looked for the same way, as
whole words (case, accents and quote marks folded), by :meth:`Window.find_name`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from contextos.models.extraction import UserRef
from contextos.models.facts import Evidence, Rejection, RejectReason
from contextos.models.metrics import ExtractorMetrics
from contextos.models.transcript import Turn
from contextos.validate.quotes import FUZZY_THRESHOLD, QuoteMatch, locate_quote, normalise

__all__ = ["GENERIC_SUBJECTS", "Located", "Window"]

#: What a model writes for "the speaker" instead of a name.
GENERIC_SUBJECTS = frozenset(
    {"", "user", "the user", "i", "me", "myself", "my", "speaker", "the speaker", "you", "we"}
)


@dataclass(frozen=True)
class Located:
    """A quote found: the turn and the span of its text."""

    turn: Turn
    match: QuoteMatch

    @property
    def evidence(self) -> Evidence:
        return Evidence.in_turn(self.turn, self.match.start, self.match.end)


@dataclass
class Window:
    """The turns of one request by label (``T1``…), and what grounding needs besides."""

    labels: dict[str, Turn]
    user: UserRef
    extractor: str
    metrics: ExtractorMetrics
    fuzzy_threshold: float = FUZZY_THRESHOLD
    first: Turn | None = field(default=None)

    def __post_init__(self) -> None:
        if self.first is None:
            self.first = next((t for t in self.labels.values() if t.role == "user"), None)

    @property
    def human_turns(self) -> list[Turn]:
        return [t for t in self.labels.values() if t.role == "user"]

    def reject(
        self, text: str, reason: RejectReason, detail: str, turn: Turn | None = None
    ) -> Rejection:
        """A rejection of the extractor's own, counted."""
        turn = turn or self.first
        self.metrics.count_rejection(reason)
        return Rejection(
            text=text,
            reason=reason,
            detail=detail,
            conversation_id=turn.conversation_id if turn else None,
            turn_id=turn.id if turn else None,
            extractor=self.extractor,
        )

    def locate(self, label: str, quote: str, text: str) -> Located | Rejection:
        """``quote`` in the human turn ``label`` names, or the rejection of the item shown as
        ``text``."""
        turn = self.labels.get(label)
        if turn is None:
            known = ", ".join(self.labels)
            return self.reject(text, "not_grounded", f"the model named turn {label!r} (of {known})")
        if turn.role != "user":
            return self.reject(
                text,
                "assistant_sourced",
                f"the model quoted the assistant's turn {label}: {quote[:120]!r}",
                turn,
            )
        found = locate_quote(quote, turn.text, threshold=self.fuzzy_threshold)
        if found is None:
            return self.reject(
                text, "not_grounded", f"quote not found in turn {label}: {quote[:160]!r}", turn
            )
        return Located(turn, found)

    def speaker(self, turn: Turn) -> str:
        """Who said ``turn``: the user's name for the user, else the transcript's speaker."""
        return self.user.name if self.user.is_user_speaker(turn.speaker) else turn.speaker

    def is_speaker(self, name: str) -> bool:
        """Whether ``name`` stands for whoever speaks ("I", "the user", the user's name)."""
        s = name.strip().casefold()
        return s in GENERIC_SUBJECTS or self.user.is_user_speaker(name)

    def find_name(self, name: str, at: Located) -> Evidence | None:
        """Where ``name`` is said: in the quote, else elsewhere in its turn, else in another
        human turn of the window; as whole words. None when it is not said at all."""
        turn, match = at.turn, at.match
        inside = find_words(name, turn.text[match.start : match.end])
        if inside is not None:
            return Evidence.in_turn(turn, match.start + inside[0], match.start + inside[1])
        for other in [turn, *(t for t in self.human_turns if t is not turn)]:
            span = find_words(name, other.text)
            if span is not None:
                return Evidence.in_turn(other, *span)
        return None


def find_words(name: str, text: str) -> tuple[int, int] | None:
    """The span of ``text`` that is ``name`` as whole words (case, accents, quote marks and
    whitespace folded): "Ana" is in "my sister Ana's", not in "banana"."""
    name = name.strip()
    if not name or not text:
        return None
    m = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE)
    if m:
        return m.start(), m.end()
    nn, _ = normalise(name)
    nt, where = normalise(text)
    if not nn:
        return None
    m = re.search(rf"(?<!\w){re.escape(nn)}(?!\w)", nt)
    if not m:
        return None
    return where[m.start()], where[m.end() - 1] + 1
