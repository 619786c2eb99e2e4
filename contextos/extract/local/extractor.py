"""The local extractor: spaCy parse + rules as data + MiniLM prototypes, no key, no network.

Per batch of windows:

1. cut every extractable turn into sentence pieces (``sentences.py``, ``pieces.py``), run-on
   sentences at a new first-person clause; greetings, thanks, confirmations and questions never
   reach the parser; pasted text is only checked for instructions aimed at an AI
   (``injection``); a sentence in another language is rejected as ``not_english``
   (``language.py``);
2. parse the remaining pieces in one ``nlp.pipe`` batch (tagger, parser, lemmatiser), as
   the speaker meant them: a self-correction's words taken back blanked (``repairs.py``), a
   verb label read as a verb (``verb_labels.py``), lower-case names given their capital
   (``casing.py``), all keeping the text's length;
3. split into clauses and decide each (``statements.py``): a fact candidate, a rejection with
   a reason (hypothetical, joke, third-party opinion or advice), or a skip (request, fragment);
4. run NER only on the pieces that hold a candidate, read each clause in the context of its
   turn (``fact_texts.py``: what its pronouns stand for, ``referents.py``; what a verbless
   sentence says, ``fragments.py``), resolve dates against the turn's timestamp (``dates``),
   drop what is only true of the moment (``durability.py``), split listed preferences
   (``lists.py``), add "<name> is <role>" from appositions (``appositions.py``,
   ``phrase_facts.py``), and rewrite each clause as a compact third-person fact
   (``render.py``);
5. categorise (lexical cues, then one MiniLM batch for the rest), score confidence and
   importance, extract entities and relations (``candidates.py``, ``entities.py``);
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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import numpy as np

from contextos.categorise import PrototypeClassifier
from contextos.extract.base import StoredTurns
from contextos.extract.local.conversation.carryover import Carryover, Carryovers, keep_stored
from contextos.extract.local.conversation.confirmed import confirmation_span, confirmed_candidates
from contextos.extract.local.conversation.conversation_turns import (
    first_spoken,
    meeting_edges,
    previous_turns,
    someone_elses,
    speakers_by_first_name,
    the_other,
)
from contextos.extract.local.conversation.echoes import echo_span, echoed_facts, resolved_pro_forms
from contextos.extract.local.conversation.genders import Genders
from contextos.extract.local.conversation.patterns import (
    FormatSignal,
    format_signals,
    instruction_signals,
    patterns_from_signals,
    ritual_signal,
    setting_signals,
)
from contextos.extract.local.conversation.people import FullNames, people
from contextos.extract.local.conversation.repeats import corroborate, merge_repeats
from contextos.extract.local.conversation.retractions import (
    Corrected,
    TakenBack,
    corrected_in_turn,
    flag_retracted,
    taken_back,
)
from contextos.extract.local.conversation.speakers import (
    Window,
    addressee,
    display_names,
    speaker_name,
)
from contextos.extract.local.dates import load as load_dates
from contextos.extract.local.facts.candidates import emit_candidates
from contextos.extract.local.facts.categories import Classification
from contextos.extract.local.facts.entities import name_kinds
from contextos.extract.local.facts.fact_texts import render_pieces
from contextos.extract.local.facts.fragments import describes_someone
from contextos.extract.local.facts.pieces import Pending, Piece, analyse
from contextos.extract.local.facts.referents import named_topic, topic_referent
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.casing import names_written_capitalised
from contextos.extract.local.text.language import EnglishWords
from contextos.extract.local.text.nlp import DEFAULT_MODEL, Pipeline, load_pipeline
from contextos.extract.local.text.sentences import (
    Segment,
    injection_cue,
    is_phatic,
    is_question,
    names_someone,
    segment_turn,
)
from contextos.models.extraction import ExtractionResult, UserRef, display_name
from contextos.models.facts import CandidateFact, Rejection, turn_ref
from contextos.models.transcript import Conversation, Turn

__all__ = ["LocalExtractor", "Window"]


#: How many sets of conversations the short names the user goes by, and how many conversations
#: what is read from them whole, are remembered for.
_SHOWN_CACHE = 256


@dataclass(frozen=True)
class _WholeConversation:
    """What is read once from a whole conversation, for all its windows."""

    #: the names its turns write with a capital (see casing.names_written_capitalised)
    capitalised: dict[str, str]
    #: the turns its speakers' next turns take back (see retractions.taken_back)
    taken_back: TakenBack
    #: the sentences a later sentence of the same turn corrects (retractions.corrected_in_turn)
    corrected: Corrected


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

    #: what strategies ask of an extractor: a window takes a few ms per turn here, costs
    #: nothing, and needs no server
    estimated_latency_ms = 50.0
    cost_per_1k_tokens = 0.0

    def is_available(self) -> bool:
        return True

    def warm_up(self) -> None:
        """Load what the first turns would (dateparser's locale data; spaCy loads on the first
        parse), so a timed run measures reading, not loading."""
        load_dates()

    def forget(self, user_id: str | None = None) -> None:
        """Forget what earlier calls read of ``user_id``'s conversations (of everyone's when
        None): the next call for them reads as a first conversation."""
        self._carry.forget(user_id)

    def snapshot(self, user_id: str) -> str:
        """What is remembered of ``user_id``'s conversations, to :meth:`restore` later (in
        another process or run)."""
        return self._carry.of(user_id).to_json()

    def restore(
        self, user_id: str, snapshot: str | None, stored_turns: StoredTurns | None = None
    ) -> None:
        """Read on from a :meth:`snapshot` (from nothing remembered when None); with
        ``stored_turns``, without the pattern signals of turns the store lacks
        (:func:`~contextos.extract.carryover.keep_stored`)."""
        if stored_turns is not None:
            snapshot = keep_stored(snapshot, stored_turns)
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
            before: Piece | None = None
            for piece, doc in zip(
                pieces, nlp.parse((p.parsed_text for p in pieces), self.batch_size), strict=True
            ):
                analyse(piece, doc)
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
            pending = render_pieces(pieces, names, genders, carry.discourse, nlp, carry.groups)
            self._categorise(pending)
            speaking = speakers_by_first_name(
                speaker_name(t, user)
                for turns, conv in windows
                for t in (*conv.turns, *turns)
                if t.role != "assistant"
            )
            kinds = name_kinds(p.doc for p in pieces)
            kinds = replace(kinds, people=kinds.people | set(speaking))  # "Casimir owns X"
            emit_candidates(pending, results, names, kinds, speaking, extractor=self.name)
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
        """:func:`casing.names_written_capitalised` of a window's turns and its conversation's
        (a window that is the whole conversation, as most are, is read once)."""
        found = self._read_whole(conv, english).capitalised
        if len(turns) == len(conv.turns) and all(
            a is b for a, b in zip(turns, conv.turns, strict=True)
        ):
            return dict(found)
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
    ) -> tuple[list[Piece], list[FormatSignal]]:
        pieces: list[Piece] = []
        signals: list[FormatSignal] = []
        english = self._nlp().english
        for w, (turns, conv) in enumerate(windows):
            in_assistant_chat = any(t.role == "assistant" for t in conv.turns) or any(
                t.role == "assistant" for t in turns
            )
            humans = {t.speaker for t in (*conv.turns, *turns) if t.role != "assistant"}
            in_meeting = not in_assistant_chat and len(humans) >= lx.MEETING_MIN_SPEAKERS
            edges = meeting_edges(conv) if in_meeting else {}
            opening = first_spoken(conv) if in_assistant_chat else None
            carry.remember_capitalised(self._written_capitalised(turns, conv, english))
            names = dict(carry.capitalised)
            previous: str | None = None
            turns_before = previous_turns(conv)
            for turn in turns:
                before = turns_before.get(turn.id)
                speaker = speaker_name(turn, user)
                you = None
                if in_meeting:
                    you = addressee(turn.text, speaker, previous, humans)
                elif in_assistant_chat:
                    you = the_other(turn.speaker, humans)
                previous = speaker
                if not turn.extractable or is_phatic(turn.text):
                    continue
                conv_id = turn.conversation_id or conv.id
                if turn.id == opening:
                    signals.extend(setting_signals(turn.text, speaker, conv_id, turn.id))
                asked: list[FormatSignal] = []  # "can you draw me a timetable for ...?"
                new_piece = partial(
                    Piece,
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
                    turn_before=someone_elses(before, turn),
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

    def _relabel(self, pieces: list[Piece], nlp: Pipeline) -> None:
        """Pieces cut after a topic label that left nothing but a fragment ("Deadline:" +
        "Tuesday the 9th") are parsed again with the label: it is the subject of a verbless
        statement, not a topic. Not one whose "it" or "they" the topic names ("Jira update:" +
        "it keeps crashing")."""
        redo = [
            p
            for p in pieces
            if p.segment.label_start is not None
            and not p.segment.context_only
            and all(c.skip for c in p.clauses)
            and not (
                (topic := named_topic(p.segment.topic, nlp.english)) is not None
                and any(topic_referent(c, topic) for c in p.clauses)
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
            analyse(piece, doc)
            if piece.segment.about_speaker and not describes_someone(piece):
                for clause in piece.clauses:  # "Context: vendor audit, due Friday"
                    clause.skip = clause.skip or "a situation, not the speaker"

    def _categorise(self, pending: list[Pending]) -> None:
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
                turns_before = turns_before or previous_turns(conv)
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
            turns_before = previous_turns(conv)
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


#: A pronoun that stands for a person, which a piece before may name.
_GENDERED_PRONOUN = re.compile(r"\b(?:he|she|him|her|his)\b", re.I)


_SO_THAT = re.compile(r"\W*(?:so|so that|so then)\W*", re.I)


def _serves_request(piece: Piece, before: Piece | None) -> bool:
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


def _with_label(seg: Segment, text: str) -> str:
    """The segment's text with the lead-in label the segmenter cut from it put back
    ("Aficiones: vela y ajedrez"): a foreign label is part of what tells the language."""
    return text[seg.label[0] : seg.end] if seg.label is not None else seg.text
