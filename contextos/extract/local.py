"""The local extractor: spaCy parse + rules as data + MiniLM prototypes, no key, no network.

Per batch of windows:

1. cut every extractable turn into sentence pieces (``sentences.py``), run-on sentences at a
   new first-person clause; greetings, thanks, confirmations and questions never reach the
   parser; pasted text is only checked for instructions aimed at an AI (``injection``);
   a sentence in another language is rejected as ``not_english`` (``language.py``);
2. parse the remaining pieces in one ``nlp.pipe`` batch (tagger, parser, lemmatiser), as
   the speaker meant them: a self-correction's words taken back blanked (``repairs.py``), a
   verb label read as a verb (``verb_labels.py``), lower-case names given their capital
   (``casing.py``), all keeping the text's length;
3. split into clauses and decide each (``statements.py``): a fact candidate, a rejection with
   a reason (hypothetical, joke, third-party opinion or advice), or a skip (request, fragment);
4. run NER only on the pieces that hold a candidate, resolve dates against the turn's
   timestamp (``dates.py``), drop what is only true of the moment (``durability.py``), split
   listed preferences (``lists.py``), add "<name> is <role>" from appositions
   (``appositions.py``), and rewrite each clause as a compact third-person fact
   (``render.py``);
5. categorise (lexical cues, then one MiniLM batch for the rest), score confidence and
   importance, extract entities and relations (``entities.py``);
6. flag what the speaker's next turn takes back ("scrap that": ``retractions.py``), merge
   repeats, raise preferences other turns agree with (``repeats.py``), and detect
   USER_PATTERNs across the batch and the user's earlier conversations.

What a user's earlier conversations named (projects, people's full names, the short name the
user goes by, pattern signals) is carried into the next call for the same user
(``carryover.py``): give a user's conversations in order, one call each as ingestion does or
several per call. ``forget()`` starts a user afresh.

Every candidate carries its exact evidence span; ``validate()`` checks it again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial
from itertools import pairwise
from typing import Any

import numpy as np

from contextos.extract import lexicon as lx
from contextos.extract.answers import AskedAbout, asked_about, stands_for
from contextos.extract.appositions import (
    affiliation_clauses,
    agent_clauses,
    apposition_clauses,
    role_phrase_text,
    role_possessor,
)
from contextos.extract.carryover import Carryover, Carryovers
from contextos.extract.casing import names_written_capitalised, recase
from contextos.extract.categories import (
    Classification,
    PrototypeClassifier,
    base_confidence,
    importance,
    lexical_category,
)
from contextos.extract.confirmed import confirmation_span, confirmed_candidates
from contextos.extract.consolidate import merge_sentence_facts
from contextos.extract.dates import clause_dates, doc_date_spans
from contextos.extract.discourse import Discourse, ProjectNames, bare_work_subject
from contextos.extract.durability import has_anchor, transient_reason
from contextos.extract.echoes import echo_span, echoed_facts, resolved_pro_forms
from contextos.extract.entities import NameKinds, clause_graph, name_kinds
from contextos.extract.genders import Genders, pronoun_gender
from contextos.extract.language import EnglishWords
from contextos.extract.lists import list_variants
from contextos.extract.names import person_text
from contextos.extract.nlp import DEFAULT_MODEL, Pipeline, load_pipeline
from contextos.extract.patterns import (
    FormatSignal,
    format_signals,
    instruction_signals,
    patterns_from_signals,
    ritual_signal,
    setting_signals,
)
from contextos.extract.people import (
    FullNames,
    acted_on_others,
    called_names,
    dislocated_subject,
    gendered_referents,
    introduced_as_theirs,
    kin_fits,
    kin_referent,
    named_after,
    named_before,
    named_pair,
    object_referent,
    people,
    plain_possessives,
    plural_kin,
    plural_pair,
    possessor_referent,
    pronoun_referent,
    subject_possessor,
    unnamed_relation,
)
from contextos.extract.pronouns import (
    named_thing,
    owned_thing,
    person_noun,
    place_referent,
    refers_back,
    thing_pronoun,
)
from contextos.extract.render import (
    RenderContext,
    display_name,
    lowered_first,
    render_clause,
    third_person_verbs,
)
from contextos.extract.repairs import repaired
from contextos.extract.repeats import corroborate, merge_repeats
from contextos.extract.retractions import (
    FROM_PHRASE,
    Corrected,
    TakenBack,
    corrected_in_turn,
    flag_retracted,
    taken_back,
)
from contextos.extract.sentences import (
    Segment,
    injection_cue,
    is_phatic,
    is_question,
    names_someone,
    segment_turn,
    speaker_label_read,
)
from contextos.extract.speakers import (
    Window,
    addressee,
    display_names,
    self_introduction,
    speaker_name,
    stated_age,
)
from contextos.extract.statements import (
    Clause,
    analyze_sentence,
    called_out_before,
    content_tokens,
    listeners_kin,
    plural_you,
    second_person,
)
from contextos.extract.verb_labels import read_as_verbs
from contextos.extract.whereabouts import place_text, speaker_places
from contextos.models.extraction import ExtractionResult, UserRef
from contextos.models.facts import CandidateFact, Evidence, FactType, Rejection, turn_ref
from contextos.models.transcript import Conversation, Turn

__all__ = ["LocalExtractor", "Window"]

#: How many sets of conversations the short names the user goes by, and how many conversations
#: what is read from them whole, are remembered for.
_SHOWN_CACHE = 256
#: How much of a turn before a sentence is handed to clause analysis as what was said before
#: it (sarcasm reads the last few sentences of it for the bad news a gush answers).
_CONTEXT_CHARS = 600


@dataclass
class _Piece:
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


@dataclass(frozen=True)
class _WholeConversation:
    """What is read once from a whole conversation, for all its windows."""

    #: the names its turns write with a capital (see casing.names_written_capitalised)
    capitalised: dict[str, str]
    #: the turns its speakers' next turns take back (see retractions.taken_back)
    taken_back: TakenBack
    #: the sentences a later sentence of the same turn corrects (retractions.corrected_in_turn)
    corrected: Corrected


@dataclass
class _Pending:
    """A clause on its way to becoming a candidate."""

    piece: _Piece
    clause: Clause
    text: str
    cue: Classification | None
    dates: dict[int, str]
    #: names the conversation supplied (the project, the organisation): entities of the fact
    supplied: tuple[str, ...] = ()
    #: kept as a fact of its own, not merged with the other statements of its sentence: one
    #: item of a list the clause was split into, or a fact read from a phrase ("my son Mateo")
    alone: bool = False
    #: who a pronoun subject stands for ("she" -> "Helen", named in an earlier sentence)
    referent: str | None = None
    #: the referent is a relation of the speaker's named by its noun ("Dana's sister")
    kin: bool = False
    #: words of the fact text the extractor wrote, not the speaker ("is based in")
    own_words: str = ""
    #: the sentence key of the statement a verbless follow-up sentence elaborates
    joins: tuple[str, int] | None = None
    #: the project names the conversation had given by then
    projects: ProjectNames = field(default_factory=ProjectNames)
    #: read from a phrase that introduces someone ("my old boss Gary"), not from what the
    #: sentence states
    from_phrase: bool = False
    #: words of another turn the fact quotes too: a question's words for what its "it" is
    cited: tuple[Evidence, ...] = ()


class LocalExtractor:
    """Grounded fact, entity and relation extraction that runs offline.

    ``embed`` is a function from a list of texts to unit vectors (default: the shared MiniLM
    embedder); pass ``use_embeddings=False`` to categorise with lexical cues only (faster,
    uncued clauses become ``other``). Models load on first use, never in the constructor.
    """

    name = "local"

    def __init__(
        self,
        model: str = DEFAULT_MODEL,
        use_embeddings: bool = False,
        embed: Callable[[list[str]], np.ndarray] | None = None,
        batch_size: int = 128,
        detect_patterns: bool = True,
    ) -> None:
        self.model = model
        self.use_embeddings = use_embeddings
        self.batch_size = batch_size
        self.detect_patterns = detect_patterns
        self._embed = embed
        self._classifier: PrototypeClassifier | None = None
        self._shown: dict[tuple[Any, ...], dict[str, str]] = {}
        self._whole: dict[tuple[int, str, int, int], _WholeConversation] = {}
        self._carry = Carryovers()

    # -- public API ----------------------------------------------------------------------

    def extract(
        self, turns: Sequence[Turn], conversation: Conversation, user: UserRef
    ) -> ExtractionResult:
        """Candidates from one window of ``conversation``."""
        return self.extract_many([(turns, conversation)], user)[0]

    def forget(self, user_id: str | None = None) -> None:
        """Forget what earlier calls read of ``user_id``'s conversations (of everyone's when
        None): the next call for them reads as a first conversation."""
        self._carry.forget(user_id)

    def snapshot(self, user_id: str) -> str:
        """What is remembered of ``user_id``'s conversations, to :meth:`restore` later (in
        another process or run)."""
        return self._carry.of(user_id).to_json()

    def restore(self, user_id: str, snapshot: str | None) -> None:
        """Read on from a :meth:`snapshot` (from nothing remembered when None)."""
        if snapshot is None:
            self._carry.forget(user_id)
        else:
            self._carry.put(user_id, Carryover.from_json(snapshot))

    def extract_many(self, windows: Sequence[Window], user: UserRef) -> list[ExtractionResult]:
        """Candidates from many windows in one parse / embedding batch (one result each), read
        in order as one user's conversations, after what earlier calls read of that user.

        USER_PATTERNs are detected across the given windows and the user's earlier ones; a
        pattern's evidence may then span several of them: validate it against the union of
        their turns and the result's ``cited_turns``.
        """
        results = [ExtractionResult() for _ in windows]
        carry = self._carry.of(user.id)
        shown = self._display_names(windows, user, carry)
        pieces, signals = self._segment(windows, user, results, shown, carry)
        if pieces:
            nlp = self._nlp()
            before: _Piece | None = None
            for piece, doc in zip(
                pieces, nlp.parse((p.parsed_text for p in pieces), self.batch_size), strict=True
            ):
                _analyse(piece, doc)
                if piece.segment.context_only:
                    continue
                if _serves_request(piece, before):
                    for clause in piece.clauses:
                        clause.skip = clause.skip or "what a request is for"
                before = piece
                if piece.in_assistant_chat:
                    turn = piece.turn
                    signals.extend(
                        instruction_signals(
                            doc,
                            piece.segment.start,
                            piece.speaker,
                            piece.conversation_id,
                            turn.id,
                            turn.text,
                        )
                    )
            self._relabel(pieces, nlp)
            # NER only where a clause may become a fact: not on pieces that are all requests,
            # questions' remains, hypotheticals, jokes or others' opinions
            live = [
                p
                for p in pieces
                if p.segment.context_only or any(not c.skip and not c.reject for c in p.clauses)
            ]
            nlp.add_entities([p.doc for p in live], self.batch_size)
            for piece in pieces:
                piece.people = people(piece.doc)
            known = {user.name, *user.aliases, *(p.speaker for p in pieces)}
            names = FullNames((p.people for p in pieces), known, carry.introduced)
            genders = Genders(carry.genders)
            genders.learn(p.doc for p in pieces)
            pending = self._render(pieces, names, genders, carry.discourse)
            self._categorise(pending)
            speaking = _speakers_by_first_name(
                speaker_name(t, user)
                for turns, conv in windows
                for t in (*conv.turns, *turns)
                if t.role != "assistant"
            )
            kinds = name_kinds(p.doc for p in pieces)
            kinds = replace(kinds, people=kinds.people | set(speaking))  # "Marcus owns X"
            self._emit(pending, user, results, names, kinds, speaking)
        self._add_confirmed(windows, user, results, shown)
        self._add_echoes(windows, user, results, shown)
        english = self._nlp().english
        for (_turns, conv), res in zip(windows, results, strict=True):
            whole = self._read_whole(conv, english)
            flag_retracted(res.facts, whole.taken_back, whole.corrected)
            merge_repeats(res)
        corroborate(results)
        if self.detect_patterns and signals:
            self._add_patterns(signals, windows, results, shown, carry)
        return results

    # -- stages --------------------------------------------------------------------------

    def _display_names(
        self, windows: Sequence[Window], user: UserRef, carry: Carryover
    ) -> dict[str, str]:
        """:func:`speakers.display_names`, remembered per set of conversations: an ingestion calls
        this once per window, and every window of a conversation sees the same turns. A short
        name found in an earlier conversation holds until another is found."""
        key = (
            user.id,
            user.name,
            tuple(user.aliases),
            tuple(sorted({(conv.id, len(conv.turns)) for _t, conv in windows})),
        )
        found = self._shown.get(key)
        if found is None:
            if len(self._shown) >= _SHOWN_CACHE:
                self._shown.clear()
            found = self._shown[key] = display_names(windows, user)
        carry.short_names.update(found)
        return found or dict(carry.short_names)

    def _read_whole(self, conv: Conversation, english: EnglishWords) -> _WholeConversation:
        """What is read from all of ``conv``'s turns, once for all its windows (each window
        sees the whole conversation): a long conversation is extracted window by window."""
        key = (id(conv), conv.id, len(conv.turns), sum(len(t.text) for t in conv.turns))
        found = self._whole.get(key)
        if found is None:
            if len(self._whole) >= _SHOWN_CACHE:
                self._whole.clear()
            capitalised = names_written_capitalised((t.text for t in conv.turns), english.known)
            found = self._whole[key] = _WholeConversation(
                capitalised, taken_back(conv), corrected_in_turn(conv)
            )
        return found

    def _written_capitalised(
        self, turns: Sequence[Turn], conv: Conversation, english: EnglishWords
    ) -> dict[str, str]:
        """:func:`casing.names_written_capitalised` of a window's turns and its conversation's."""
        found = self._read_whole(conv, english).capitalised
        return {**found, **names_written_capitalised((t.text for t in turns), english.known)}

    def _nlp(self) -> Pipeline:
        return load_pipeline(self.model)

    def _embedder(self) -> Callable[[list[str]], np.ndarray]:
        if self._embed is None:
            from contextos.embeddings import default_embedder

            self._embed = default_embedder().embed_texts
        return self._embed

    def _segment(
        self,
        windows: Sequence[Window],
        user: UserRef,
        results: list[ExtractionResult],
        shown: dict[str, str],
        carry: Carryover,
    ) -> tuple[list[_Piece], list[FormatSignal]]:
        pieces: list[_Piece] = []
        signals: list[FormatSignal] = []
        english = self._nlp().english
        for w, (turns, conv) in enumerate(windows):
            in_assistant_chat = any(t.role == "assistant" for t in conv.turns) or any(
                t.role == "assistant" for t in turns
            )
            humans = {t.speaker for t in (*conv.turns, *turns) if t.role != "assistant"}
            in_meeting = not in_assistant_chat and len(humans) >= lx.MEETING_MIN_SPEAKERS
            edges = _meeting_edges(conv) if in_meeting else {}
            opening = _first_spoken(conv) if in_assistant_chat else None
            carry.remember_capitalised(self._written_capitalised(turns, conv, english))
            names = dict(carry.capitalised)
            previous: str | None = None
            turns_before = _turns_before(conv)
            for turn in turns:
                before = turns_before.get(turn.id)
                speaker = speaker_name(turn, user)
                you = None
                if in_meeting:
                    you = addressee(turn.text, speaker, previous, humans)
                elif in_assistant_chat:
                    you = _the_other(turn.speaker, humans)
                previous = speaker
                if not turn.extractable or is_phatic(turn.text):
                    continue
                conv_id = turn.conversation_id or conv.id
                if turn.id == opening:
                    signals.extend(setting_signals(turn.text, speaker, conv_id, turn.id))
                asked: list[FormatSignal] = []  # "can you make me a checklist for ...?"
                new_piece = partial(
                    _Piece,
                    window=w,
                    turn=turn,
                    speaker=speaker,
                    conversation_id=conv_id,
                    display=shown.get(speaker) or display_name(speaker),
                    in_assistant_chat=in_assistant_chat,
                    in_meeting=in_meeting,
                    addressee=you,
                    names=_others_names(names, speaker),
                    is_english=english.known,
                    turn_before=_someone_elses(before, turn),
                )

                for seg in segment_turn(
                    turn.text, keep_questions=in_assistant_chat, keep_context=True
                ):
                    if in_assistant_chat and not seg.quoted and is_question(seg.text):
                        asked.extend(
                            format_signals(
                                seg.text,
                                seg.start,
                                seg.end,
                                speaker,
                                conv_id,
                                turn.id,
                                turn.text,
                                asked=True,
                            )
                        )
                        if not names_someone(seg.text):
                            continue  # a question states nothing, but may ask for a format
                        seg = replace(seg, context_only=True)
                    if seg.context_only:
                        if _GENDERED_PRONOUN.search(turn.text, seg.end):
                            pieces.append(new_piece(segment=seg))  # whom a "he" after it means
                        continue
                    hit = injection_cue(seg.text)
                    if hit:
                        results[w].rejections.append(
                            Rejection(
                                text=seg.text,
                                reason="injection",
                                detail=f"text addressed to an AI ('{hit}')",
                                conversation_id=conv_id,
                                turn_id=turn.id,
                                extractor=self.name,
                            )
                        )
                        continue
                    if seg.quoted:
                        continue  # someone else's words, pasted
                    if english.foreign(_with_label(seg, turn.text)):
                        results[w].rejections.append(
                            Rejection(
                                text=seg.text,
                                reason="not_english",
                                detail="most of its words are not English; the local extractor "
                                "reads English",
                                conversation_id=conv_id,
                                turn_id=turn.id,
                                extractor=self.name,
                            )
                        )
                        continue
                    if seg.label is not None and turn.id in edges:
                        signals.append(
                            ritual_signal(
                                seg.label, edges[turn.id], speaker, conv_id, turn.id, turn.text
                            )
                        )
                    if in_assistant_chat:
                        signals.extend(
                            format_signals(
                                seg.text, seg.start, seg.end, speaker, conv_id, turn.id, turn.text
                            )
                        )
                    pieces.append(new_piece(segment=seg))
                signals.extend(asked)
        return pieces, signals

    def _relabel(self, pieces: list[_Piece], nlp: Pipeline) -> None:
        """Pieces cut after a topic label that left nothing but a fragment ("Deadline:" +
        "Friday the 13th") are parsed again with the label: it is the subject of a verbless
        statement, not a topic. Not one whose "it" or "they" the topic names ("Jira update:" +
        "it keeps crashing")."""
        redo = [
            p
            for p in pieces
            if p.segment.label_start is not None
            and not p.segment.context_only
            and all(c.skip for c in p.clauses)
            and not (
                (topic := _named_topic(p.segment.topic, nlp.english)) is not None
                and any(_topic_referent(c, topic) for c in p.clauses)
            )
        ]
        if not redo:
            return
        for piece in redo:
            seg = piece.segment
            start = seg.label_start if seg.label_start is not None else seg.start
            piece.segment = replace(
                seg, start=start, text=piece.turn.text[start : seg.end], topic=None
            )
        for piece, doc in zip(
            redo, nlp.parse((p.parsed_text for p in redo), self.batch_size), strict=True
        ):
            _analyse(piece, doc)
            if piece.segment.about_speaker and not _describes_someone(piece):
                for clause in piece.clauses:  # "Context: vendor audit, due Friday"
                    clause.skip = clause.skip or "a situation, not the speaker"

    def _render(
        self, pieces: list[_Piece], names: FullNames, genders: Genders, discourse: Discourse
    ) -> list[_Pending]:
        """``genders``: which pronoun the people named take, where the history says;
        ``discourse``: what the user's conversations named before these pieces (updated)."""
        pending: list[_Pending] = []
        english = self._nlp().english
        referent_by_turn: dict[str, str] = {}
        named_doc_by_turn: dict[str, Any] = {}  # the turn's last doc that named someone
        #: per turn, the last person a "he" and a "she" can be (see gendered_referents)
        gendered_by_turn: dict[str, dict[str, str | None]] = {}
        #: people introduced as someone of "theirs", whom a later "they" does not mean
        theirs: set[str] = set()
        #: per turn, the speaker's relation last named by its noun alone ("my sister")
        kin_by_turn: dict[str, str] = {}
        #: the people each turn named so far, in order
        people_by_turn: dict[str, list[str]] = {}
        #: per turn, (person, "he"/"she") for whoever did something to a "him"/"her"
        acting_by_turn: dict[str, set[tuple[str, str]]] = {}
        #: the first names of everyone named so far (lower case), for "bevs passport"
        seen_people: dict[str, str] = {}
        speakers = frozenset(p.display.split()[0].lower() for p in pieces if p.display)
        #: the turn, sentence and whether it said something, of the piece before
        before: tuple[str, int, bool] | None = None
        previous: _Piece | None = None
        #: the speaker's sentence being read and the one before it in the same turn (tokens)
        this_sentence: tuple[str, int] | None = None
        sentence_tokens: list[Any] = []
        sentence_before: list[Any] | None = None
        further_before: list[Any] | None = None  # and the one before that
        #: per turn, where its sentences read so far start, and what the question before asked
        sentences_by_turn: dict[str, list[int]] = {}
        asked_by_turn: dict[str, AskedAbout | None] = {}
        #: per conversation, whom a "he" and a "she" stood for when its last turn ended; per
        #: turn, what of that a "he"/"she" the turn names no one for may still mean
        #: (whose, relation): ("Laura", "dad")
        left_by_conversation: dict[str, dict[str, tuple[str, str]]] = {}
        carried_by_turn: dict[str, dict[str, tuple[str, str]]] = {}

        def remember_people(piece: _Piece) -> None:
            """Who ``piece`` named, for the pronouns and names of the turn's later pieces."""
            nonlocal theirs
            doc, turn_id = piece.doc, piece.turn.id
            gendered = gendered_referents(doc, genders)
            gendered_by_turn.setdefault(turn_id, {}).update(gendered)
            if piece.people:
                referent_by_turn[turn_id] = piece.people[-1]
                named_doc_by_turn[turn_id] = doc
                theirs |= introduced_as_theirs(doc)
                kin = kin_by_turn.get(turn_id)
                if kin is None or plural_kin(kin) or any(kin_fits(kin, p) for p in gendered):
                    kin_by_turn.pop(turn_id, None)  # a person named since is who "she" is
            if (relation := unnamed_relation(doc)) is not None:
                kin_by_turn[turn_id] = relation
            named_here = [*piece.people, *called_names(doc)]  # and pets ("a dog called Rex")
            if named_here:
                people_by_turn.setdefault(turn_id, []).extend(named_here)
                acting_by_turn.setdefault(turn_id, set()).update(acted_on_others(doc))
                for first in (n.split()[0] for n in named_here if n):
                    seen_people[first.lower()] = first
            left = left_by_conversation.setdefault(piece.conversation_id, {})
            kin = kin_by_turn.get(turn_id)
            for pronoun in ("he", "she"):
                name = gendered_by_turn[turn_id].get(pronoun)
                if kin is not None and kin_fits(kin, pronoun):
                    left[pronoun] = (piece.display, kin)
                elif name is not None and name.lower() in lx.KIN_NAMES:
                    left[pronoun] = (piece.display, name.lower())  # "Dad is 78"
                elif name is not None:
                    left.pop(pronoun, None)  # someone named since, whom no later turn follows

        for piece in pieces:
            if piece.turn.id not in carried_by_turn:
                carried_by_turn[piece.turn.id] = _carried(
                    left_by_conversation.get(piece.conversation_id, {}),
                    piece.turn_before,
                    seen_people,
                    genders,
                )
            if piece.segment.context_only:
                remember_people(piece)  # a question or a lone name: nothing stated
                continue
            doc = piece.doc
            starts = sentences_by_turn.setdefault(piece.turn.id, [])
            if piece.segment.sentence not in starts:
                starts.append(piece.segment.sentence)
            sentence_number = len(starts)

            def ask(_piece: _Piece = piece, _n: int = sentence_number) -> AskedAbout | None:
                return self._asked(_piece, _n, asked_by_turn)  # parsed only when needed

            joins = _elaborated(piece, before)
            said_before = len(pending)
            sentence = (piece.turn.id, piece.segment.sentence)
            same_sentence = sentence == this_sentence  # the piece before is of this sentence
            if not same_sentence:
                same_turn = this_sentence is not None and this_sentence[0] == piece.turn.id
                further_before = sentence_before if same_turn else None
                sentence_before = sentence_tokens if same_turn else None
                this_sentence, sentence_tokens = sentence, []
            sentence_tokens.extend(doc)
            when = _when(piece.turn)
            named_before = discourse.project_turn == piece.turn.id
            discourse.enter(piece.conversation_id)
            discourse.observe(doc, piece.turn.id, first_person_org=piece.in_assistant_chat)
            date_spans: list[tuple[int, int]] | None = None
            topic_name = _named_topic(piece.segment.topic, english)
            for clause in piece.clauses:
                cited: tuple[Evidence, ...] = ()
                it_name = discourse.it_referent(clause.subject, named_before) or _topic_referent(
                    clause, topic_name
                )
                if (
                    it_name is None
                    and clause.subject is not None
                    and clause.subject.lower_ in ("it", "they")
                    and (asked := ask()) is not None
                    and asked.verb is None
                    and stands_for(clause.subject, asked)
                ):
                    it_name = _topic_referent(clause, asked.text)  # "It went great" after
                    cited = (asked.evidence,) if it_name else ()  # "How did the interview go?"
                if (
                    sentence_number == 1
                    and not same_sentence
                    and clause is piece.clauses[0]
                    and (first := _verbless_answer(clause)) is not None
                    and (asked := ask()) is not None  # parsed only for such an answer
                    and asked.value
                ):  # "What's the new monthly cost?" - "About $470."
                    _say_of(clause, first, asked.text)
                    cited = (asked.evidence,)
                if clause.skip == "vague subject" and it_name and clause.subject is not None:
                    clause.skip, clause.subject_kind = "", "thing"  # "it" = the project just named
                elif it_name and clause.subject_kind == "third_pronoun":
                    clause.subject_kind = "thing"  # "Brightwell update: they sent a term sheet"
                mine = _mine_referent(
                    clause, doc, [s for s in (sentence_before, further_before) if s]
                )
                called_thing = _called_referent(
                    clause, [s for s in (sentence_before, further_before) if s]
                )
                _topic_predicate(clause, piece.segment.topic)
                if piece.segment.topic and clause.cues.get("pronoun_object") == "it":
                    clause.reject = clause.reject_detail = ""  # "Ghost: the guard fixed it"
                it_object = _thing_referent(
                    clause,
                    piece,
                    previous if same_sentence else None,
                    [s for s in (sentence_before, further_before) if s],
                )
                if (
                    it_object is None
                    and (pron := _unnamed_object(clause)) is not None
                    and (asked := ask()) is not None
                ):
                    it_object = _answered(clause, pron, asked)  # "HR approved it" after "Did
                    cited = (asked.evidence,) if it_object else cited  # you get anywhere ...?"
                elaborates = (
                    joins
                    if joins is not None and (_elaboration(clause) or _goes_on_about(clause, piece))
                    else None
                )
                if elaborates is not None:
                    clause.skip, clause.subject_kind = "", "thing"  # "3 bed with a yard"
                heading = _heading(clause, piece)  # "My goals:" over "- hire two engineers"
                if heading is not None:
                    clause.skip, clause.subject_kind = "", "thing"
                listener = _named_listener(clause, piece, names)  # "Ines, you own the paperwork"
                if listener is not None:
                    clause.skip, clause.subject_kind = "", "third_pronoun"
                if clause.skip:
                    continue
                kin = kin_referent(clause, kin_by_turn.get(piece.turn.id), genders, theirs)
                kin_owner = piece.display  # whose relation the kin is
                fallback = referent_by_turn.get(piece.turn.id)
                antecedents = gendered_by_turn.get(piece.turn.id, {})
                if clause.subject is not None and clause.subject.lower_ in ("he", "she"):
                    fallback = _antecedent(antecedents, clause.subject.lower_, fallback)
                    carried = carried_by_turn.get(piece.turn.id, {}).get(clause.subject.lower_)
                    if (
                        carried is not None
                        and fallback is None
                        and kin is None
                        and not people_by_turn.get(piece.turn.id)
                        and pronoun_referent(clause, None, genders, theirs) is None
                        and not _someone_unnamed(
                            [*(further_before or ()), *(sentence_before or ()), *sentence_tokens],
                            clause.subject,
                        )
                    ):  # "He's still driving" in the turn after "my dad was diagnosed ..."
                        kin_owner, kin = carried
                elif (
                    clause.subject is not None
                    and clause.subject.lower_ == "they"
                    and (named_doc := named_doc_by_turn.get(piece.turn.id)) is not None
                    and (pair := named_pair(named_doc)) is not None
                ):
                    fallback = pair[1]  # "Tom and Ana came over. They ..."
                referent = listener or pronoun_referent(clause, fallback, genders, theirs)
                dislocated = dislocated_subject(clause)  # "my cook Rubén he is celiac"
                if dislocated is not None and dislocated.lemma_.lower() in lx.RELATION_NOUNS:
                    kin = dislocated.lower_  # as said: "my parents they live" stays plural
                elif dislocated is not None:
                    kin, referent = None, person_text(dislocated)
                if kin is not None:  # "my sister ... she's my best friend"
                    referent = f"{kin_owner}'s {kin}"
                elif referent is not None:
                    referent = _as_named(referent, names)
                if (
                    clause.subject_kind == "third_pronoun"
                    and referent is None
                    and not clause.reject
                ):
                    # "they said ...": who is not known, so no self-contained fact
                    clause.reject = "vague"
                    clause.reject_detail = f"no one named before '{clause.subject}' says who"
                whose = _whose_subject(
                    clause,
                    antecedents,
                    referent_by_turn.get(piece.turn.id),
                    genders,
                    names,
                    kin_by_turn.get(piece.turn.id),
                    piece.display,
                )
                intro = self_introduction(clause, piece.speaker)
                age = stated_age(intro[0]) if intro is not None else None
                if intro is not None and intro[1] is None and age is None:
                    continue  # "I'm Dana": the speaker's own name and nothing more
                if date_spans is None:
                    date_spans = doc_date_spans(doc)
                dates, replacements = clause_dates(
                    doc, clause.tokens, when, clause.tense, date_spans
                )
                if listener is not None and clause.subject is not None:
                    for i, form in third_person_verbs(clause.subject).items():
                        clitic = doc[i].text[:1] in ("'", "’")  # "you're" -> "Ines is"
                        replacements.setdefault(i, (f" {form}" if clitic else form, i + 1))
                name, role = intro if intro is not None else (None, None)
                told_age = None  # "im walt, 68, retired electrician": the age is a fact alone
                if name is not None and role is not None:  # "I'm Nadia, producer"
                    article = not any(c.dep_ in ("det", "poss") for c in role.children)
                    start = role.left_edge.i if role.left_edge.i > name.i else name.i + 2
                    lead = "the" if article else ""  # "Walt is the retired electrician"
                    replacements.setdefault(name.left_edge.i, (lead, start))
                    told_age = age
                elif name is not None and age is not None:  # "im walt, 68"
                    replacements.setdefault(name.left_edge.i, (f"{age.text} years old", age.i + 1))
                if clause.conditional and not dates:
                    clause.hedged = True  # "if it's accepted" with no date: not yet a plan
                insertions, supplied = _discourse_words(discourse, clause, replacements)
                if "not_before" in clause.cues:  # "no way we're running ..." -> "... not ..."
                    insertions.setdefault(int(clause.cues["not_before"]), "not")
                whole = _we_are_a_whole(clause)
                if whole is not None and not (
                    piece.in_meeting
                    or (piece.in_assistant_chat and discourse.we_means_family(clause.tokens))
                ):  # "we're a team of 5": the speaker is part of it ("we" is the speaker here)
                    insertions[whole.left_edge.i] = "part of"
                whom = object_referent(
                    clause,
                    people_by_turn.get(piece.turn.id, ()),
                    (piece.speaker, piece.display),
                    genders,
                    acting_by_turn.get(piece.turn.id, set()),
                )  # "I met Ana. I'm meeting her again" -> Ana
                if whom is not None:
                    whom = whom[0], names.of(whom[1])
                for pronoun in (it_object, whom):  # what a pronoun stands for, written in
                    if pronoun is not None:
                        replacements.setdefault(pronoun[0].i, (pronoun[1], pronoun[0].i + 1))
                        supplied = (*supplied, pronoun[1])
                there = place_referent(clause.tokens, sentence_before)  # "been there"
                if there is not None:  # -> "at Figma"
                    tok, prep, place = there
                    replacements.setdefault(tok.i, (f"{prep} {place}", tok.i + 1))
                    supplied = (*supplied, place)
                for i, (full, end) in names.replacements(clause.tokens).items():
                    if i not in replacements:  # "Greg is leaving" -> "Greg Halloran ..."
                        replacements[i] = (full, end)
                        supplied = (*supplied, full)
                for i, swap in plain_possessives(clause.tokens, seen_people).items():
                    replacements.setdefault(i, swap)  # "bevs passport" -> "Bev's passport"
                for i, word in clause.insert_before.items():
                    insertions[i] = f"{insertions[i]} {word}" if i in insertions else word
                owned = bare_work_subject(clause.tokens, clause.subject)
                if owned is not None and (  # "Launch is May 19": whose launch (not after a
                    not insertions or "left_out_copula" in clause.cues  # label: "Budget: 5k")
                ):
                    own_body = clause.subject is not None and (
                        clause.subject.lemma_.lower() in lx.BODY_PARTS
                    )  # a meeting's "build is done" is the team's; "knee is bad" is not
                    owner = lx.MEETING_GROUP if piece.in_meeting and not own_body else piece.display
                    insertions[owned.i] = f"{owner}'s"
                if dislocated is not None and clause.subject is not None:  # the name says it
                    start = clause.subject.i  # with the comma before it: "my cook, Rubén, he"
                    start -= int(doc[start - 1].text == "," and start - 1 > dislocated.i)
                    replacements.setdefault(start, ("", clause.subject.i + 1))
                if whose is not None:  # "her brother" -> "Ana's brother"
                    replacements.setdefault(whose[0].i, (f"{whose[1]}'s", whose[0].i + 1))
                    supplied = (*supplied, whose[1])
                if mine is not None and clause.subject is not None:  # "mine" -> "Walt's passport"
                    owned = f"{piece.display}'s {mine.text}"
                    replacements.setdefault(clause.subject.i, (owned, clause.subject.i + 1))
                    supplied = (*supplied, mine.text)
                if called_thing is not None and clause.subject is not None:  # "it" -> "the
                    owned = f"{piece.display}'s {called_thing}"  # novel" it was named after
                    replacements.setdefault(clause.subject.i, (owned, clause.subject.i + 1))
                    supplied = (*supplied, called_thing)
                if it_name and clause.subject is not None and clause.subject_kind == "thing":
                    replacements.setdefault(clause.subject.i, (it_name, clause.subject.i + 1))
                    supplied = (*supplied, it_name)
                called = called_out_before(clause.tokens)  # "and Oskar, the build is yours"
                you = _addressee(called, piece, names)
                if called is not None and you is not None:
                    supplied = (*supplied, you)
                ctx = RenderContext(
                    speaker=piece.display,
                    pronoun_referent=referent,
                    plural_referent=(kin is not None and plural_kin(kin))
                    or (clause.subject_kind == "third_pronoun" and plural_pair(referent)),
                    replacements=replacements,
                    in_assistant_chat=piece.in_assistant_chat,
                    in_meeting=piece.in_meeting,
                    addressee=you,
                    insertions=insertions,
                    group=f"{piece.display}'s family"
                    if piece.in_assistant_chat and discourse.we_means_family(clause.tokens)
                    else None,
                    known_names=frozenset(seen_people) | speakers,
                )
                cue = _heading_category(heading) or lexical_category(clause, bool(dates))
                if not clause.reject and heading is None:  # a listed goal is no remark
                    transient = transient_reason(clause, cue, dates, bool(it_name))
                    if transient:
                        clause.reject, clause.reject_detail = "vague", f"transient: {transient}"
                    elif _unresolved_listener(clause, piece, called):
                        clause.reject = "vague"
                        clause.reject_detail = "about the listener, who is not named"
                variants = list_variants(clause)
                topic = piece.segment.topic or _dislocated_topic(
                    clause, piece, previous if same_sentence else None
                )
                if topic is not None and topic.lower() not in lx.PROBLEM_LABEL_WORDS:
                    supplied = (*supplied, topic)  # "Blocker:" heads the text, names nothing
                # the words a standing request's text adds ("Dana asks the assistant: ...")
                asks = f"asks {ctx.assistant_name}" if clause.subject_kind == "standing" else ""
                for toks in variants:
                    part = clause if toks is clause.tokens else replace(clause, tokens=toks)
                    text = render_clause(
                        toks, clause.subject, clause.subject_kind, ctx, clause.head
                    )
                    if topic is not None:
                        text = _with_topic(text, topic, toks)
                    if (elaborates or heading) is not None and toks[0].pos_ != "PROPN":
                        text = lowered_first(text)  # it follows the statement's text
                    if heading is not None:
                        text = f"{heading}: {text}"
                    short = len(text.split()) < 3
                    if short and not part.reject:  # kept, with why
                        part = replace(
                            part,
                            reject="vague",
                            reject_detail=f"too short to stand alone ('{text}')",
                        )
                    if not short or part.reject:
                        pending.append(
                            _Pending(
                                piece,
                                part,
                                text,
                                cue,
                                dates,
                                supplied,
                                alone=len(variants) > 1 or clause.standalone or called is not None,
                                referent=referent,
                                kin=kin is not None,
                                joins=elaborates,
                                own_words=" ".join(w for w in (heading, asks) if w),
                                projects=discourse.names,
                                cited=cited,
                            )
                        )
                if told_age is not None:
                    pending.append(
                        _Pending(
                            piece,
                            replace(clause, tokens=[t for t in clause.tokens if t.i <= told_age.i]),
                            f"{piece.display} is {told_age.text} years old",
                            None,
                            {},
                            alone=True,
                            own_words="years old",
                        )
                    )
            said = _said_as_fact(piece)
            pending.extend(  # "her daughter Kayla": like a "she", one named earlier in the turn
                _appositions(
                    piece,
                    said,
                    gendered_by_turn.get(piece.turn.id, {}),
                    referent_by_turn.get(piece.turn.id),
                    genders,
                    names,
                )
            )
            pending.extend(_places(piece, said))
            remember_people(piece)
            stated = any(not p.clause.reject for p in pending[said_before:])
            before = (piece.turn.id, piece.segment.sentence, stated)
            previous = piece
        return pending

    def _asked(
        self, piece: _Piece, sentence: int, asked_by_turn: dict[str, AskedAbout | None]
    ) -> AskedAbout | None:
        """What the question before ``piece``'s turn asked about (``answers.py``), for a piece
        in the answer's first sentences (``sentence``: its sentence's number in the turn, from
        1); read once per turn, into ``asked_by_turn``."""
        question = piece.turn_before
        if question is None or sentence > _ANSWERING_SENTENCES or "?" not in question.text:
            return None
        if piece.turn.id not in asked_by_turn:
            nlp = self._nlp()
            asked_by_turn[piece.turn.id] = asked_about(
                question, lambda texts: nlp.add_entities(nlp.parse(texts)), piece.display
            )
        return asked_by_turn[piece.turn.id]

    def _categorise(self, pending: list[_Pending]) -> None:
        todo = [p for p in pending if p.cue is None and not p.clause.reject]
        if not todo or not self.use_embeddings:
            return
        if self._classifier is None:
            self._classifier = PrototypeClassifier(self._embedder())
        for p, (cat, score) in zip(
            todo,
            self._classifier.classify([p.text for p in todo], [p.clause.tense for p in todo]),
            strict=True,
        ):
            p.cue = Classification(cat, f"prototype similarity {score:.2f}")

    def _emit(
        self,
        pending: list[_Pending],
        user: UserRef,
        results: list[ExtractionResult],
        full_names: FullNames,
        kinds: NameKinds | None = None,
        speakers: dict[str, str] | None = None,
    ) -> None:
        """Candidates of ``pending`` into ``results``; ``kinds``: what the batch's names are
        (people, products), read across all of its sentences; ``speakers``: first name -> full
        name of the people speaking (see :func:`_speakers_by_first_name`)."""
        speakers = speakers or {}
        emitted: list[list[tuple[tuple[str, int] | None, CandidateFact]]] = [[] for _ in results]
        turn_texts: dict[str, str] = {}
        #: per turn, the sentence key and subject of the last statement about a named person
        last_person: dict[str, tuple[tuple[str, int], str]] = {}
        #: sentence keys whose statements go on about the person of an earlier sentence
        joined: dict[tuple[str, int], tuple[str, int]] = {}
        for p in pending:
            piece, clause = p.piece, p.clause
            turn = piece.turn
            offset = piece.segment.start

            def evidence(start: int, end: int, _t: Turn = turn, _o: int = offset) -> Evidence:
                return Evidence.in_turn(_t, _o + start, _o + end)

            category = p.cue.category if p.cue else "other"
            # a standing request names the assistant but is the user's preference
            shared = (
                clause.mentions_assistant
                and piece.in_assistant_chat
                and "standing" not in clause.cues
            )
            fact_type = FactType.SHARED_NARRATIVE if shared else FactType.USER_FACT
            problem = not shared and _announced_as_a_problem(
                turn.text, offset + clause.tokens[0].idx
            )  # "Blocker: the approval still hasn't come back": a challenge, and no doubt
            if problem:
                category = "challenge"
            confidence = base_confidence(clause, p.cue, announced_problem=problem)
            if shared:
                confidence = min(confidence, lx.SUBJECT_CONFIDENCE["shared"])
                category = "other" if category not in ("decision", "plan") else category
            subject = piece.speaker
            if clause.subject_kind == "person" and clause.subject is not None:
                named = person_text(clause.subject)  # "Marcus owns X": the speaker Marcus Oduya
                subject = speakers.get(named) or full_names.of(named)
            elif clause.subject_kind == "third_pronoun" and p.referent and not p.kin:
                subject = speakers.get(p.referent) or p.referent  # a speaker: by full name
            when = _when(turn)
            referent = None if p.kin else p.referent  # the speaker's sister is no named person
            graph = clause_graph(
                clause,
                piece.speaker,
                evidence,
                when,
                p.dates,
                referent,
                category,
                p.projects,
                kinds,
            )
            names = list(
                dict.fromkeys(
                    e.name
                    for e in graph.entities
                    if e.type in ("Person", "Organization", "Project")
                )
            )
            names.extend(n for n in p.supplied if n not in names)
            if piece.speaker != subject and piece.display in p.text:
                names.append(piece.speaker)  # "Tom is Dana's manager" mentions Dana too
            attributes: dict[str, Any] = {
                "subject_kind": clause.subject_kind,
                "tense": clause.tense,
                "cue": p.cue.cue if p.cue else "",
                "speaker": piece.speaker,
                "speaker_shown_as": piece.display,
            }
            if p.kin and p.referent:  # "He's 86" after "my dad": words the pronoun stood for
                attributes["pronoun_for"] = p.referent
            if clause.negated:
                attributes["polarity"] = "negative"
            else:  # "the migration is blocked on ...": a status statement about a project
                projects = [e for e in graph.entities if e.type == "Project"]
                project = next((e for e in projects if e.properties.get("status")), None)
                if project is not None:
                    attributes["project"] = project.name
                    attributes["status"] = project.properties["status"]
            if category in ("like", "dislike"):
                attributes["object_words"] = sorted(
                    t.lemma_.lower()
                    for t in content_tokens(clause.tokens, exclude=clause.head)
                    if clause.subject is None or t.i != clause.subject.i
                )
                attributes["base_confidence"] = confidence
            if clause.hedged:
                attributes["hedged"] = True
            if clause.conditional:
                attributes["conditional"] = True
            if p.dates:
                attributes["dates"] = sorted(p.dates.values())
            if p.own_words:
                attributes["template"] = p.own_words
            if p.from_phrase:
                attributes[FROM_PHRASE] = True
            fact = CandidateFact(
                text=p.text,
                type=fact_type,
                category=category,  # type: ignore[arg-type]
                subject=subject,
                confidence=confidence,
                importance=importance(category, clause, bool(names), bool(p.dates)),
                evidence=[evidence(clause.start_char, clause.end_char), *p.cited],
                valid_from=when,
                entities=names,
                extractor=self.name,
                attributes=attributes,
                flags=[clause.reject] if clause.reject else [],
            )
            if clause.reject:
                fact.attributes["reject_detail"] = clause.reject_detail
            res = results[piece.window]
            key = None if p.alone else p.joins or (turn.id, piece.segment.sentence)
            if p.joins is not None:
                # verbless detail says nothing without its statement; a clause with a subject
                # of its own going on about it ("HR approved it Friday") still stands alone
                fact.attributes["elaborates"] = clause.subject is None
            elif key is not None and not clause.reject:
                key = joined.get(key, key)
                last = last_person.get(turn.id)
                if last is not None and last[0] != key and _continues(clause, subject, last[1]):
                    joined[key] = last[0]  # "Greg is leaving. His last day is Friday"
                    key = last[0]
                elif clause.subject_kind == "person":
                    last_person[turn.id] = (key, subject)
            emitted[piece.window].append((key, fact))
            turn_texts[turn.id] = turn.text
            if not clause.reject:
                res.entities.extend(graph.entities)
                res.relations.extend(graph.relations)
        for res, items in zip(results, emitted, strict=True):
            items = [(joined.get(k, k) if k is not None else None, f) for k, f in items]
            res.facts.extend(merge_sentence_facts(items, turn_texts))

    def _add_confirmed(
        self,
        windows: Sequence[Window],
        user: UserRef,
        results: list[ExtractionResult],
        shown: dict[str, str],
    ) -> None:
        """Facts the user confirmed: a bare "yes exactly" right after an assistant turn that
        says something of the user (``confirmed.py``)."""
        for w, (turns, conv) in enumerate(windows):
            turns_before: dict[str, Turn] | None = None
            for turn in turns:
                yes = confirmation_span(turn.text) if turn.extractable else None
                if yes is None:
                    continue
                turns_before = turns_before or _turns_before(conv)
                stated = turns_before.get(turn.id)
                if stated is None or stated.role != "assistant":
                    continue
                speaker = speaker_name(turn, user)
                name = shown.get(speaker) or display_name(speaker)
                parse = self._nlp().parse
                for fact in confirmed_candidates(stated, turn, yes, speaker, name, parse):
                    fact.extractor = self.name
                    results[w].facts.append(fact)

    def _add_echoes(
        self,
        windows: Sequence[Window],
        user: UserRef,
        results: list[ExtractionResult],
        shown: dict[str, str],
    ) -> None:
        """Facts a speaker took up from the one before: "Me too!" right after another human's
        "I love bluegrass" (``echoes.py``). Each turn's candidates are looked up by the turn
        they quote first, so a long conversation costs one pass, not one per turn."""
        by_turn: dict[str, list[CandidateFact]] = {}
        for res in results:
            for fact in res.facts:
                by_turn.setdefault(fact.evidence[0].turn_id, []).append(fact)
        for w, (turns, conv) in enumerate(windows):
            turns_before = _turns_before(conv)
            for turn in turns:
                stated = turns_before.get(turn.id)
                if not turn.extractable or stated is None:
                    continue
                if "assistant" in (stated.role, turn.role):
                    continue
                speaker, first = speaker_name(turn, user), speaker_name(stated, user)
                echo = echo_span(turn.text)
                vague = [
                    f
                    for f in by_turn.get(turn.id, ())
                    if f.flags == ["vague"] and f.subject == speaker
                ]
                if speaker == first or (echo is None and not vague):
                    continue
                who = (
                    speaker,
                    shown.get(speaker) or display_name(speaker),
                    shown.get(first) or display_name(first),
                )
                candidates = [f for f in by_turn.get(stated.id, ()) if f.subject == first]
                if echo is not None:
                    results[w].facts.extend(
                        echoed_facts(stated, candidates, turn, echo[0], echo[1], who)
                    )
                for was, now in resolved_pro_forms(stated, candidates, turn, vague, who):
                    at = next(i for i, f in enumerate(results[w].facts) if f is was)
                    results[w].facts[at : at + 1] = now

    def _add_patterns(
        self,
        signals: list[FormatSignal],
        windows: Sequence[Window],
        results: list[ExtractionResult],
        shown: dict[str, str],
        carry: Carryover,
    ) -> None:
        """USER_PATTERN candidates from ``signals`` and the user's earlier ones: each that has
        evidence in these windows goes to the result of the last window it quotes, with the
        earlier turns it quotes in ``cited_turns``."""
        read: dict[str, Turn] = {}
        window_of: dict[str, int] = {}
        for w, (turns, conv) in enumerate(windows):
            for t in turns:
                ref = turn_ref(t.conversation_id or conv.id, t.id)
                read[ref], window_of[ref] = t, w
        earlier = carry.signal_turn_refs()
        new = {s.evidence.turn_ref for s in signals} - earlier
        for fact in patterns_from_signals([*carry.signals, *signals], names=shown):
            quoted = [e.turn_ref for e in fact.evidence]
            if not new.intersection(quoted):
                continue  # put forward before, and a new turn adds no evidence it quotes
            last = max(window_of.get(t, 0) for t in quoted)
            fact.extractor = self.name
            results[last].facts.append(fact)
            # the earlier turns it quotes, those this extractor read (others are in the store)
            results[last].cited_turns.extend(
                carry.signal_turns[t] for t in quoted if t not in read and t in carry.signal_turns
            )
        carry.remember_signals(signals, read)


# -- helpers -------------------------------------------------------------------------------


def _others_names(names: Mapping[str, str], speaker: str) -> Mapping[str, str]:
    """``names`` (see :func:`casing.names_written_capitalised`) without the speaker's own: a
    speaker's own name typed in lower case is read where it says who they are ("im walt, 68")."""
    own = {w.casefold() for w in speaker.split()}
    return (
        {low: name for low, name in names.items() if low not in own}
        if own & names.keys()
        else names
    )


def _first_spoken(conv: Conversation) -> str | None:
    """The id of the first turn the user wrote in ``conv``."""
    return next((t.id for t in conv.turns if t.extractable), None)


def _meeting_edges(conv: Conversation) -> dict[str, str]:
    """{turn id: "opening" | "closing"} for the first and last spoken turns of a meeting."""
    spoken = [t for t in conv.turns if t.extractable]
    if len(spoken) < 2:
        return {}
    return {spoken[0].id: "opening", spoken[-1].id: "closing"}


def _discourse_words(
    discourse: Discourse, clause: Clause, replacements: dict[int, tuple[str, int]]
) -> tuple[dict[int, str], tuple[str, ...]]:
    """Words the conversation so far supplies to ``clause``: the project's name in front of a
    bare project part, the organisation for a work "our". Adds the word swaps to
    ``replacements`` (never over a date's); returns the insertions and the names used."""
    taken = {i for start, (_text, end) in replacements.items() for i in range(start, end)}
    before, instead = discourse.project_insertions(clause.tokens)
    before = {i: text for i, text in before.items() if i not in taken}
    names = [discourse.project] if before and discourse.project else []
    for tok in clause.tokens:
        owner = discourse.possessive_owner(tok)
        if owner and tok.i not in instead and tok.i not in taken:
            instead[tok.i] = f"{owner}'s"
            names.append(owner)
    for i, text in instead.items():
        if i not in taken:
            replacements[i] = (text, i + 1)
    return before, tuple(dict.fromkeys(names))


def _named_topic(topic: str | None, english: EnglishWords) -> str | None:
    """``topic`` (see :attr:`Segment.topic`) when it is a name ("Brightwell", "Northlight
    Indie Showcase", "HPC"), not a common noun that opens a heading ("Course news:")."""
    if topic is None:
        return None
    words = topic.split()
    if len(words) > 1 or topic.isupper() or not english.known(topic.lower()):
        return topic
    return None


def _topic_referent(clause: Clause, topic_name: str | None) -> str | None:
    """The named topic a subject "it" or "they" stands for when its own sentence names
    nothing before it ("Jira update: it keeps crashing", "Brightwell: they sent a term
    sheet")."""
    subject = clause.subject
    if topic_name is None or subject is None or subject.lower_ not in ("it", "they"):
        return None
    if subject.lower_ == "it" and _time_passed(clause.head):
        return None  # "HPC update: still nothing, it has been over two weeks"
    if any(t.pos_ in ("PROPN", "NOUN") for t in subject.sent if t.i < subject.i):
        return None
    return topic_name


def _time_passed(head: Any) -> bool:
    """ "it has been two weeks", "it's been a while": an "it" that stands for nothing."""
    return head.lemma_ == "be" and any(
        c.dep_ in ("attr", "prep", "npadvmod")
        and any(t.lemma_.lower() in _SPANS_OF_TIME for t in c.subtree)
        for c in head.children
    )


_SPANS_OF_TIME = lx.TIME_NOUNS | {"while", "age", "hour", "minute", "forever"}


def _verbless_answer(clause: Clause) -> Any | None:
    """The first word of a verbless fragment that may answer a question asking what something
    is ("What's the stack?" - "Rails 7 monolith."), which then says what the thing asked about
    is: "The stack is Rails 7 monolith" (the question quoted as evidence). None for anything
    else, a yes, a no or a don't-know among them."""
    if clause.skip != "fragment" or clause.subject is not None:
        return None
    words = [t for t in clause.tokens if not t.is_punct]
    if not words or any(t.pos_ in ("VERB", "AUX") or t.dep_ == "neg" for t in words):
        return None
    first = words[0]
    if (
        first.lower_ in lx.DISCOURSE_WORDS
        or first.lower_ in lx.INTERJECTIONS
        or first.lower_ in lx.PHATIC_WORDS
        or first.lower_ in ("no", "not", "none", "nothing", "unsure", "dunno")
    ):
        return None
    if not any(t.pos_ in ("NUM", "PROPN", "NOUN") or t.like_num for t in words):
        return None
    return first


def _topic_predicate(clause: Clause, topic: str | None) -> None:
    """A subjectless fragment in a list item headed by a topic ("(1) Autopay: ... still in
    discovery, aiming to launch end of Q2") says something of the topic: it becomes "Autopay
    is still in discovery, ..."."""
    if topic is None or clause.skip != "fragment" or clause.subject is not None:
        return
    first = next((t for t in clause.tokens if not t.is_punct), None)
    if first is None or not (first.pos_ in ("ADV", "ADP", "ADJ") or first.tag_ in ("VBG", "VBN")):
        return
    if first.lower_ in lx.DISCOURSE_WORDS or any(
        t.lower_ in lx.FIRST_SINGULAR for t in clause.tokens
    ):
        return
    _say_of(clause, first, topic)


def _say_of(clause: Clause, first: Any, what: str) -> None:
    """Make the subjectless fragment ``clause`` a statement of ``what``: "<what> is" written
    before its first word ``first`` (the renderer gives the fact its capital)."""
    clause.skip, clause.subject_kind = "", "thing"
    clause.insert_before[first.i] = f"{what} is"


#: Possessives that a name said before the statement can stand for (a company's, a team's).
_NAME_POSSESSIVES = frozenset({"their", "its"})


def _dislocated_topic(clause: Clause, piece: _Piece, previous: _Piece | None) -> str | None:
    """A name said on its own ahead of the statement, in the same sentence, that the
    statement's "their" or "its" stands for: "Pennine Trail Outfitters, an outdoor gear
    company, I'm doing product descriptions for their website", "Tom and Ana, our neighbours,
    we're minding their dog" heads the statement as a topic does after a label ("Pennine Trail
    Outfitters, an outdoor gear company: ..."), rather than leave "their website" no one's.
    ``previous``: the piece before in the sentence, which has no verb and opens with a name."""
    if previous is None or not previous.clauses:
        return None
    if not all(c.skip == "fragment" for c in previous.clauses):
        return None
    if not any(t.lower_ in _NAME_POSSESSIVES and t.dep_ == "poss" for t in clause.tokens):
        return None
    words = [t for t in previous.doc if not (t.is_punct or t.is_space)]
    if not words or words[0].pos_ != "PROPN" or any(t.pos_ in ("VERB", "AUX") for t in words):
        return None
    return previous.segment.text.strip().rstrip(",;:").strip()


def _with_topic(text: str, topic: str, tokens: list[Any]) -> str:
    """``text`` of a statement made under a topic label, led by the topic ("Autopay:
    customers pay by card") unless it already names it."""
    if topic.casefold() in text.casefold():
        return text
    first = min(tokens, key=lambda t: t.i)
    if text.split(" ", 1)[0].lower() == first.lower_ and first.pos_ != "PROPN":
        text = lowered_first(text)
    return f"{topic}: {text}"


#: Pronouns that stand for one person (not "they", often a company or people in general).
_PERSON_PRONOUNS = frozenset({"he", "him", "his", "she", "her", "hers"})


def _continues(clause: Clause, subject: str, last_subject: str) -> bool:
    """A statement that goes on about ``last_subject``, the person the statement before was
    about: its subject is a pronoun standing for them ("he") or what a pronoun owns ("his
    last day")."""
    subj = clause.subject
    if clause.subject_kind == "third_pronoun":
        return subj is not None and subject == last_subject
    if subj is not None and any(
        c.dep_ == "poss" and c.lower_ in lx.THIRD_POSSESSIVES for c in subj.children
    ):
        return True
    return _refers_back(clause)


def _refers_back(clause: Clause) -> bool:
    """A "he" or "her" inside the clause ("We agreed he keeps the album rights") with no
    person named before it in its piece of text (which the parser may have cut into more
    than one sentence: "Callum's news while I'm at it: he's decided ..."): it stands for
    someone named earlier."""
    for t in clause.tokens:
        if t.lower_ in _PERSON_PRONOUNS and t.pos_ == "PRON":
            return not any(w.ent_type_ == "PERSON" or w.pos_ == "PROPN" for w in t.doc[: t.i])
    return False


def _describes_someone(piece: _Piece) -> bool:
    """Whether a verbless description under a label about the speaker, read as "I'm ...",
    says who they are: the label says "me" ("About me:"), or what it gives is a person's role
    or an age ("Background: retired teacher, 68"), not a situation ("Context: vendor audit,
    due Friday")."""
    label = piece.segment.label[1].lower() if piece.segment.label else ""
    if re.search(r"\b(?:me|myself|bio|i)\b", label):
        return True
    return any(
        (t.dep_ == "attr" and (person_noun(t) or t.like_num or _DOER.search(t.lower_) is not None))
        or t.dep_ == "acomp"
        for c in piece.clauses
        for t in c.head.children
    )


#: The endings of nouns for someone who does something ("developer", "founder", "student").
_DOER = re.compile(r"(?:er|or|ist|ian|ant|ent|ee)s?$")


def _carried(
    left: Mapping[str, tuple[str, str]],
    turn_before: Turn | None,
    seen: Mapping[str, str],
    genders: Genders,
) -> dict[str, tuple[str, str]]:
    """Whom a "he" or "she" of a turn that names no one may stand for: the relation of a
    speaker ("my dad", "Dad": (whose, relation)) it stood for when the conversation's turn
    before ended (``left``), the person such a conversation goes on about; unless someone
    else's turn between names another known person (``seen``: first names) it could be."""
    if not left or turn_before is None:
        return dict(left)  # (the turn between is read only when there is someone to follow)
    words = set(re.findall(r"[A-Z][\w'’-]+", turn_before.text))
    return {
        pronoun: relative
        for pronoun, relative in left.items()
        if not any(
            seen.get(w.lower()) == w
            and w.lower() not in lx.KIN_NAMES  # "How's Dad doing?" is the same dad
            and genders.fits(w, pronoun)
            for w in words
        )
    }


def _someone_unnamed(tokens: Sequence[Any], pronoun: Any) -> bool:
    """Whether ``tokens`` before ``pronoun`` speak of a person they do not name ("the transit
    lad, I messaged him what you said and he went quiet"), whom the pronoun may mean."""
    return any(
        t.i < pronoun.i or t.doc is not pronoun.doc
        for t in tokens
        if t.pos_ == "NOUN" and person_noun(t)
    )


def _antecedent(
    antecedents: Mapping[str, str | None], pronoun: str, last_named: str | None
) -> str | None:
    """Whom a "he"/"his" or "she"/"her" stands for when its own sentence names no one: the
    one of ``antecedents`` (see :func:`people.gendered_referents`) the turn's earlier
    sentences gave, else ``last_named``, the last person the turn named."""
    gender = pronoun_gender(pronoun)
    if gender is not None and gender in antecedents:
        return antecedents[gender]
    return last_named


#: The first sentences of an answer, whose unnamed "it" may be what the question asked about.
_ANSWERING_SENTENCES = 2

#: A pronoun that stands for a person, which a piece before may name.
_GENDERED_PRONOUN = re.compile(r"\b(?:he|she|him|her|his)\b", re.I)


def _unnamed_object(clause: Clause) -> Any | None:
    """The object "it"/"them" of ``clause`` when nothing in the answer named it (the clause is
    rejected as vague for it; one the sentence names is not: "got a laptop, I love it"), else
    None."""
    detail = clause.reject_detail or ""
    unnamed = detail.startswith("only a pronoun") or detail.endswith("for something not said")
    if clause.reject != "vague" or not unnamed:
        return None
    return next(
        (t for t in clause.tokens if t.lower_ in ("it", "them") and t.dep_ in ("dobj", "pobj")),
        None,
    )


def _answered(clause: Clause, pron: Any, asked: AskedAbout) -> tuple[Any, str] | None:
    """``pron`` (see :func:`_unnamed_object`) and what it stands for, when it fits what the
    question before asked about; the clause's rejection as vague for it is taken back."""
    if not stands_for(pron, asked):
        return None
    if asked.verb is not None and clause.head.lemma_.lower() != asked.verb:
        return None  # "Do you have a mechanic?" - "he will look at it": the van
    clause.reject = clause.reject_detail = ""
    return pron, asked.text


def _someone_elses(before: Turn | None, turn: Turn) -> Turn | None:
    """``before`` (the turn before ``turn``) when someone else said it, else None."""
    return before if before is not None and before.speaker != turn.speaker else None


def _turns_before(conv: Conversation) -> dict[str, Turn]:
    """The turn right before each turn of ``conv``, by turn id (what a question, a "yes" or a
    "me too" answers); the first turn has none."""
    return {t.id: before for before, t in pairwise(conv.turns)}


def _thing_referent(
    clause: Clause, piece: _Piece, previous: _Piece | None, sentences_before: list[list[Any]]
) -> tuple[Any, str] | None:
    """The thing pronoun of ``clause`` and the words that stand for it ("I use it": the
    Kindle); a clause whose pronoun nothing said names is rejected as vague here.
    ``previous``: the piece before in the same sentence; ``sentences_before``: the tokens of
    the speaker's sentences before in the same turn, the nearest first."""
    sent = clause.tokens[0].sent
    earlier = list(piece.doc[sent.start : clause.tokens[0].i])
    if not earlier and previous is not None:
        earlier = list(previous.doc)
    if sent.start > 0:  # the piece's parse split it: "Two weeks in. And I'm loving it"
        sentences_before = [list(piece.doc[sent.start - 1].sent), *sentences_before]
    thing = thing_pronoun(clause.tokens, clause.subject_kind, earlier, sentences_before[:2])
    if thing is None:
        return None
    if thing.stands_for is not None:
        if clause.cues.get("pronoun_object") in ("it", "them"):
            clause.reject = clause.reject_detail = ""  # "I use it": the Kindle
        return thing.token, thing.stands_for
    if not (clause.reject or piece.segment.topic):
        clause.reject = "vague"  # "I'll have to give it a try"
        clause.reject_detail = f"'{thing.token.text}' stands for something not said"
    return None


def _whose_subject(
    clause: Clause,
    antecedents: Mapping[str, str | None],
    last_named: str | None,
    genders: Genders,
    names: FullNames,
    kin: str | None,
    display: str,
) -> tuple[Any, str] | None:
    """The "his"/"her" of the clause's subject and the person it stands for (see
    :func:`people.possessor_referent`; one the turn named before, see :func:`_antecedent`
    for ``antecedents`` and ``last_named``), else the speaker's relation named by its noun alone
    (``kin``: "my sister is visiting. her husband ..." -> "Dana's sister", ``display`` being
    how facts name the speaker); a clause whose one no one says is rejected as vague ("her
    surgery got moved"), not stored half-said."""
    poss = subject_possessor(clause)
    if poss is None or clause.reject:
        return None
    person = possessor_referent(clause, _antecedent(antecedents, poss.lower_, last_named), genders)
    if person is None and kin is not None and kin_fits(kin, poss.lower_):
        return poss, f"{display}'s {kin}"
    if person is None and named_after(clause, poss):
        return None  # "His agent wants Lucas to ...": whose is said in the statement
    if person is None:
        clause.reject = "vague"
        clause.reject_detail = f"no one named before '{poss.text}' says whose"
        return None
    return poss, _as_named(person, names)


def _as_named(person: str, names: FullNames) -> str:
    """How a fact names ``person``: in full when introduced so, with a capital when typed in
    lower case ("lucia, shes in guadalajara")."""
    person = names.of(person)
    return person.title() if person.islower() else person


def _mine_referent(clause: Clause, doc: Any, before: list[list[Any]]) -> Any | None:
    """For a statement whose subject is "mine", the noun of the thing it stands for (see
    :func:`pronouns.owned_thing`); the statement then is about that thing. None otherwise."""
    subj = clause.subject
    if clause.skip != "vague subject" or subj is None or subj.lower_ != "mine":
        return None
    thing = owned_thing(list(doc[subj.sent.start : subj.i]), before)
    if thing is not None:
        clause.skip, clause.subject_kind = "", "thing"
    return thing


def _called_referent(clause: Clause, before: list[list[Any]]) -> str | None:
    """For "It's called X" (a subject "it" of a naming verb), the words of the thing the
    speaker brought up as theirs in a sentence before (see :func:`pronouns.named_thing`): the
    statement then says what that thing is called. None otherwise."""
    subj = clause.subject
    if clause.skip != "vague subject" or subj is None or subj.lower_ != "it":
        return None
    thing = named_thing(clause.head, before)
    if thing is not None:
        clause.skip, clause.subject_kind = "", "thing"
    return thing


def _heading(clause: Clause, piece: _Piece) -> str | None:
    """The speaker's heading over a list item said without a subject ("My goals this
    quarter:" over "- ship the onboarding revamp"), in the third person ("Priya's goals this
    quarter"); None for anything else."""
    head = piece.segment.heading
    if head is None or clause.skip not in ("fragment", "request") or clause.subject is not None:
        return None
    first, _sep, rest = head.partition(" ")
    owner = lx.MEETING_GROUP if piece.in_meeting and first.lower() == "our" else piece.display
    return f"{owner}'s {rest}"


def _heading_category(heading: str | None) -> Classification | None:
    """The category a heading's noun names ("goals" -> goal), or None."""
    for word in (heading or "").lower().split():
        singular = word[:-3] + "y" if word.endswith("ies") else word.removesuffix("s")
        cat = lx.CATEGORY_NOUNS.get(word) or lx.CATEGORY_NOUNS.get(singular)
        if cat:
            return Classification(cat, f"heading '{word}'")
    return None


def _elaborated(piece: _Piece, before: tuple[str, int, bool] | None) -> tuple[str, int] | None:
    """The sentence key a verbless sentence of ``piece`` would elaborate: that of the sentence
    just before it in the same turn, when that one said something."""
    if before is None or piece.segment.topic is not None or "?" in piece.segment.text:
        return None
    turn_id, sentence, stated = before
    if turn_id != piece.turn.id or sentence == piece.segment.sentence or not stated:
        return None
    return (turn_id, sentence)


def _elaboration(clause: Clause) -> bool:
    """A verbless sentence that adds detail to the statement before it: a noun phrase with a
    name or number in it ("3 bed with a fenced yard for Pico", "junior data analyst at
    Lakeshore Health") or an adjective that opens one ("effective March 1"); not a name called
    out ("Femi, capsule art") or an aside ("mild panic")."""
    if clause.skip != "fragment" or clause.subject is not None:
        return False
    words = [t for t in clause.tokens if not t.is_punct]
    adjective_first = bool(words) and clause.head.pos_ == "ADJ" and words[0].i == clause.head.i
    if clause.head.pos_ not in ("NOUN", "PROPN", "NUM") and not adjective_first:
        return False  # but "effective March 1", "due Friday" say when
    if len(words) < 3 or any(t.lower_ in lx.SECOND_PERSON for t in words):
        return False
    first = words[0]
    if first.pos_ == "PROPN" and first.i + 1 < len(first.doc) and first.nbor().text == ",":
        return False
    return has_anchor(words, {})


def _we_are_a_whole(clause: Clause) -> Any | None:
    """The group noun "we" are said to be ("we're a team of 5 engineers", "we're a small
    startup"), of which the speaker is one member: None for anything else."""
    subj = clause.subject
    if subj is None or subj.lower_ != "we" or not clause.copula:
        return None
    attr = next((c for c in clause.head.children if c.dep_ == "attr"), None)
    if attr is None or attr.lemma_.lower() not in lx.COLLECTIVE_NOUNS:
        return None
    return attr


def _goes_on_about(clause: Clause, piece: _Piece) -> bool:
    """A statement about a thing that acts on an "it" nothing in its sentence names, right
    after a sentence that said something ("we decided v1 is ACH only. card fees make it messy"):
    it explains that statement and belongs with it."""
    if clause.skip or clause.reject or clause.subject_kind != "thing":
        return False
    earlier = list(piece.doc[clause.tokens[0].sent.start : clause.tokens[0].i])
    return refers_back(clause.tokens, earlier)


def _speakers_by_first_name(speakers: Iterable[str]) -> dict[str, str]:
    """First name -> full name of the speakers with a full name whose first name no other
    speaker shares ("Marcus" -> "Marcus Oduya")."""
    by_first: dict[str, set[str]] = {}
    for name in set(speakers):
        if " " in name:
            by_first.setdefault(name.split()[0], set()).add(name)
    return {first: next(iter(names)) for first, names in by_first.items() if len(names) == 1}


def _named_listener(clause: Clause, piece: _Piece, names: FullNames) -> str | None:
    """In a meeting, the person a "you" subject is, when the speaker names them right before it
    ("Ines, you own the name-change paperwork", "Jun, you're his point of contact"): the
    clause, skipped as addressed to a listener, is a statement about that person."""
    subject = clause.subject
    if not piece.in_meeting or clause.skip != "addressed to a listener" or subject is None:
        return None
    if subject.lower_ != "you" or subject.i < 2 or plural_you(subject):
        return None
    head = clause.head
    if any(c.dep_ == "aux" and c.lower_ in lx.JUDGEMENT_MODALS for c in head.children):
        return None  # "Jun, you should rest more": advice, not a fact about Jun
    comma, name = subject.doc[subject.i - 1], subject.doc[subject.i - 2]
    if comma.text != "," or name.i != subject.sent.start or not name.text[:1].isupper():
        return None
    if name.pos_ not in ("PROPN", "NOUN") or piece.is_english(name.lower_):
        return None  # "Guys, you ...", "Team, you ...": no one person
    return names.of(name.text)


def _addressee(called: Any | None, piece: _Piece, names: FullNames) -> str | None:
    """Who "you" is in a clause: the person ``called`` out just before it ("and Oskar, the
    demo build is yours"), else who the turn addresses."""
    if called is not None:
        return names.of(called.text)
    return display_name(piece.addressee) if piece.addressee else None


def _the_other(speaker: str, humans: set[str]) -> str | None:
    """The one other human of a chat two people have with an assistant (a couple planning a
    wedding): whose "your mother" is meant. None when the speaker is alone or one of many."""
    others = humans - {speaker}
    return next(iter(others)) if len(others) == 1 else None


def _unresolved_listener(clause: Clause, piece: _Piece, called: Any | None) -> bool:
    """The clause speaks of "you" and nothing says who that is: not the assistant, not a
    person addressed in a meeting ("I'll let you know", "nice to meet you")."""
    if not piece.in_assistant_chat and any(plural_you(t) for t in clause.tokens):
        return True  # "see you all at midnight": the listeners, whom no one names
    if piece.addressee is not None:
        return False
    if piece.in_assistant_chat:  # "you" is the assistant, but it has no mother
        return any(listeners_kin(t) for t in clause.tokens)
    if called is not None:  # "and Oskar, the build is yours": a person called out
        return False
    return any(second_person(t) for t in clause.tokens)


_SO_THAT = re.compile(r"\W*(?:so|so that|so then)\W*", re.I)


def _serves_request(piece: _Piece, before: _Piece | None) -> bool:
    """ "can u help me block out a schedule so i stop dropping balls": the piece after a
    request's "so" says what the request is for, not how things are."""
    if before is None or before.turn.id != piece.turn.id:
        return False
    if before.segment.sentence != piece.segment.sentence:
        return False
    between = piece.turn.text[before.segment.end : piece.segment.start]
    return _SO_THAT.fullmatch(between) is not None and any(
        c.skip == "request" for c in before.clauses
    )


def _analyse(piece: _Piece, doc: Any) -> None:
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
    piece.clauses = [
        c
        for s in piece.sents
        for c in analyze_sentence(s, piece.in_assistant_chat, ahead, lead, instructions, before)
    ]


#: The last few words before a colon, which may announce what follows it as a problem.
_BEFORE_A_COLON = re.compile(r"((?:[\w'’-]+\W+){0,6}?[\w'’-]+)\s*:\s*$")


def _announced_as_a_problem(text: str, start: int) -> bool:
    """Whether the words of ``text`` just before ``start`` announce what starts there as a
    problem, after a colon ("Blocker: ...", "and this is the real blocker: ..."): it says what
    the problem is, its "not" ("the approval still hasn't come back") being no doubt but the
    problem itself."""
    m = _BEFORE_A_COLON.search(text, max(0, start - 80), start)
    return m is not None and any(
        w.lower() in lx.PROBLEM_LABEL_WORDS for w in re.findall(r"[\w-]+", m.group(1))
    )


def _with_label(seg: Segment, text: str) -> str:
    """The segment's text with the lead-in label the segmenter cut from it put back
    ("Idiomas: español nativo"): a foreign label is part of what tells the language."""
    return text[seg.label[0] : seg.end] if seg.label is not None else seg.text


def _introduces(piece: _Piece) -> bool:
    """Whether the sentence ``piece`` is (part of) ends with a colon: it introduces what
    follows ("a supplier sent this to my school address, can you summarise it:")."""
    rest = piece.turn.text[piece.segment.end :].split("\n", 1)[0]
    if piece.segment.text.rstrip().endswith(":"):
        return True
    return rest.rstrip().endswith(":") and not any(c in rest for c in ".!?")


def _when(turn: Turn) -> datetime | None:
    return turn.timestamp


def _said_as_fact(piece: _Piece) -> list[Any]:
    """The sentences of ``piece`` that are not a joke or a hypothetical."""
    return [
        sent
        for sent in piece.sents
        if not any(
            c.reject in ("joke", "hypothetical") and c.sent.start == sent.start
            for c in piece.clauses
        )
    ]


def _places(piece: _Piece, sents: list[Any]) -> list[_Pending]:
    """ "<speaker> is based in <place>" from a place the speaker puts themselves in passing
    ("here in Cleveland"), as a fact of its own."""
    out: list[_Pending] = []
    for sent in sents:
        for found in speaker_places(sent):
            out.append(
                _Pending(
                    piece,
                    found.clause,
                    place_text(found, piece.display),
                    Classification("location", found.relation, lx.PLACE_CONFIDENCE),
                    {},
                    alone=True,
                    own_words=found.relation,
                )
            )
    return out


def _appositions(
    piece: _Piece,
    sents: list[Any],
    antecedents: Mapping[str, str | None],
    last_named: str | None,
    genders: Genders,
    names: FullNames,
) -> list[_Pending]:
    """ "<name> is <role>" clauses from role appositions ("my partner Jo"), unless the sentence
    is a joke or a hypothetical. A "his"/"her" role ("her daughter Kayla") is the last person
    named before it, else one named earlier in the turn (``antecedents``, ``last_named``: see
    :func:`_antecedent`); with no one, the clause is rejected as vague (see
    :func:`appositions.role_possessor`)."""
    out: list[_Pending] = []
    speaker = piece.display
    for sent in sents:
        for clause in apposition_clauses(sent):
            whose = None
            if (poss := role_possessor(clause)) is not None:
                fallback = _antecedent(antecedents, poss.lower_, last_named)
                whose = named_before(poss, fallback, genders)
                if whose is None:
                    clause.reject = "vague"
                    clause.reject_detail = f"no one named before '{poss.text}' says whose"
                else:
                    whose = _as_named(whose, names)
            out.append(
                _Pending(
                    piece,
                    clause,
                    role_phrase_text(clause, speaker, whose),
                    lexical_category(clause),
                    {},
                    alone=True,
                    from_phrase=True,
                )
            )
        for clause, text in agent_clauses(sent, speaker):  # "the team, led by Olumide, ..."
            cue = Classification("work", "leads")
            out.append(_Pending(piece, clause, text, cue, {}, alone=True, from_phrase=True))
        for clause, text, category in affiliation_clauses(sent, speaker):  # "Marta from SRE"
            cue = Classification(category, "affiliation")
            who = (person_text(clause.subject),) if clause.subject is not None else ()
            out.append(_Pending(piece, clause, text, cue, {}, who, alone=True, from_phrase=True))
    return out
