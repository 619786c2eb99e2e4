"""A piece of a turn on its way through the local extractor: the parsed segment with where it
belongs (:class:`Piece`), given its parse and clauses by :func:`analyse`, and a clause of it on
its way to becoming a candidate (:class:`Pending`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from contextos.extract.local.clauses.repairs import repaired
from contextos.extract.local.clauses.statements import Clause, analyze_sentence
from contextos.extract.local.conversation.discourse import ProjectNames
from contextos.extract.local.facts.categories import Classification
from contextos.extract.local.text.casing import recase
from contextos.extract.local.text.sentences import Segment, speaker_label_read
from contextos.extract.local.text.verb_labels import read_as_verbs
from contextos.models.facts import Evidence
from contextos.models.transcript import Turn

__all__ = ["Pending", "Piece", "analyse", "turn_time"]


#: How much of a turn before a sentence is handed to clause analysis as what was said before
#: it (sarcasm reads the last few sentences of it for the bad news a gush answers).
_CONTEXT_CHARS = 600


@dataclass
class Piece:
    """One parsed segment of one turn, with where it belongs."""

    window: int
    turn: Turn
    segment: Segment
    speaker: str
    conversation_id: str
    display: str  # how fact text names the speaker ("Dana", or the short name they go by)
    in_assistant_chat: bool
    in_meeting: bool = False
    #: in a meeting, who "you" is; in a chat two people have with an assistant, the other one
    addressee: str | None = None
    doc: Any = None
    sents: list[Any] = field(default_factory=list)  # the doc's sentences, listed once
    people: list[str] = field(default_factory=list)  # people named in the doc, in order
    clauses: list[Clause] = field(default_factory=list)
    #: names the conversation writes with a capital, by their lower-case form (see casing)
    names: Mapping[str, str] = field(default_factory=dict)
    #: whether a lower-case word is English (the model's lexicon), for reading the text
    is_english: Callable[[str], bool] = field(default=lambda _word: True)
    #: the turn before, when someone else said it (what an answer's "it" may stand for)
    turn_before: Turn | None = None

    @property
    def parsed_text(self) -> str:
        """The segment as the parser reads it: what a self-correction took back blanked out
        (see repairs), a verb label's colon read as a space (see verb_labels), names typed in
        lower case given their capital."""
        text = read_as_verbs(repaired(self.segment.text), self.is_english)
        if self.segment.about_speaker and self.segment.label_start == self.segment.start:
            text = speaker_label_read(text)  # re-read with its label (see _relabel)
        return recase(text, self.names)


@dataclass
class Pending:
    """A clause on its way to becoming a candidate."""

    piece: Piece
    clause: Clause
    text: str
    cue: Classification | None
    dates: dict[int, str]
    #: names the conversation supplied (the project, the organisation): entities of the fact
    supplied: tuple[str, ...] = ()
    #: kept as a fact of its own, not merged with the other statements of its sentence: one
    #: item of a list the clause was split into, or a fact read from a phrase ("my son Ferdia")
    alone: bool = False
    #: who a pronoun subject stands for ("she" -> "Astrid", named in an earlier sentence)
    referent: str | None = None
    #: the referent is a relation of the speaker's named by its noun ("Dana's sister")
    kin: bool = False
    #: words of the fact text the extractor wrote, not the speaker ("is based in")
    own_words: str = ""
    #: the sentence key of the statement a verbless follow-up sentence elaborates
    joins: tuple[str, int] | None = None
    #: the project names the conversation had given by then
    projects: ProjectNames = field(default_factory=ProjectNames)
    #: read from a phrase that introduces someone ("my old boss Godfrey"), not from what the
    #: sentence states
    from_phrase: bool = False
    #: words of another turn the fact quotes too: a question's words for what its "it" is
    cited: tuple[Evidence, ...] = ()
    #: how the text names the group a "we" of the clause is ("Dana and Sam", "Dana's team")
    group: str | None = None


def analyse(piece: Piece, doc: Any) -> None:
    """Give ``piece`` its parse: the doc, its sentences (listed once) and their clauses."""
    piece.doc = doc
    piece.sents = list(doc.sents)
    if piece.segment.context_only:
        return  # read only for whom it names
    ahead = _introduces(piece)
    lead = piece.turn.text[piece.segment.sentence : piece.segment.start]
    instructions = piece.turn.kind == "custom_instructions"
    before = piece.turn.text[
        max(0, piece.segment.sentence - _CONTEXT_CHARS) : piece.segment.sentence
    ]
    after = piece.turn.text[piece.segment.end : piece.segment.end + _CONTEXT_CHARS]
    piece.clauses = [
        c
        for s in piece.sents
        for c in analyze_sentence(
            s, piece.in_assistant_chat, ahead, lead, instructions, before, after
        )
    ]


def _introduces(piece: Piece) -> bool:
    """Whether the sentence ``piece`` is (part of) ends with a colon: it introduces what
    follows ("a supplier sent this to my school address, can you summarise it:")."""
    rest = piece.turn.text[piece.segment.end :].split("\n", 1)[0]
    if piece.segment.text.rstrip().endswith(":"):
        return True
    return rest.rstrip().endswith(":") and not any(c in rest for c in ".!?")


def turn_time(turn: Turn) -> datetime | None:
    return turn.timestamp
