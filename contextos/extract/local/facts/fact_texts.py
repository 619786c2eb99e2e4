"""The fact texts of the parsed pieces' clauses (:func:`render_pieces`), each clause read in the
context of its turn and the conversation so far: whom and what its pronouns stand for, its
dates, the names the conversation supplies (the project, the organisation, a full name), the
question it answers; then written as a compact third-person fact (``render.py``), split into
list items, with phrase facts (``phrase_facts.py``) beside it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from contextos.extract.local.clauses.left_out_subjects import thing_left_out
from contextos.extract.local.clauses.listeners import called_out_before
from contextos.extract.local.clauses.render import (
    RenderContext,
    lowered_first,
    render_clause,
    third_person_verbs,
)
from contextos.extract.local.clauses.statements import Clause
from contextos.extract.local.conversation.answers import AskedAbout, asked_about, stands_for
from contextos.extract.local.conversation.discourse import Discourse, bare_work_subject
from contextos.extract.local.conversation.genders import Genders
from contextos.extract.local.conversation.people import (
    FullNames,
    acted_on_others,
    called_names,
    dislocated_subject,
    gendered_referents,
    introduced_as_theirs,
    kin_fits,
    kin_referent,
    named_pair,
    object_referent,
    plain_possessives,
    plural_kin,
    plural_pair,
    pronoun_referent,
    unnamed_relation,
)
from contextos.extract.local.conversation.pronouns import place_referent
from contextos.extract.local.conversation.speakers import self_introduction, stated_age
from contextos.extract.local.conversation.we_groups import GroupsNamed, WeGroup, who_we_are
from contextos.extract.local.dates import clause_dates, doc_date_spans
from contextos.extract.local.facts.categories import lexical_category
from contextos.extract.local.facts.durability import transient_reason
from contextos.extract.local.facts.fragments import (
    elaborated,
    elaboration,
    goes_on_about,
    heading_category,
    list_heading,
    say_of,
    topic_predicate,
    verbless_answer,
    with_topic,
)
from contextos.extract.local.facts.lists import list_variants
from contextos.extract.local.facts.phrase_facts import apposition_facts, place_facts, said_as_fact
from contextos.extract.local.facts.pieces import Pending, Piece, turn_time
from contextos.extract.local.facts.referents import (
    addressed_person,
    answered,
    antecedent,
    as_named,
    called_referent,
    carried_referents,
    dislocated_topic,
    mine_referent,
    named_listener,
    named_topic,
    someone_unnamed,
    thing_referent,
    topic_referent,
    unnamed_object,
    unresolved_listener,
    whose_subject,
)
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import person_text
from contextos.extract.local.text.nlp import Pipeline
from contextos.models.facts import Evidence

__all__ = ["render_pieces"]


def render_pieces(
    pieces: list[Piece],
    names: FullNames,
    genders: Genders,
    discourse: Discourse,
    nlp: Pipeline,
    groups: GroupsNamed | None = None,
) -> list[Pending]:
    """The clauses of ``pieces`` on their way to becoming candidates, each read in the context
    of its turn and the conversation so far and written as a fact text.

    ``genders``: which pronoun the people named take, where the history says;
    ``discourse``: what the user's conversations named before these pieces (updated);
    ``nlp``: the loaded pipeline, which also parses a question an answer's "it" may refer to;
    ``groups``: the group or partner each speaker named before, for a "we" (updated)."""
    groups = GroupsNamed() if groups is None else groups
    pending: list[Pending] = []
    english = nlp.english
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
    #: the first names of everyone named so far (lower case), for "ambroses passport"
    seen_people: dict[str, str] = {}
    speakers = frozenset(p.display.split()[0].lower() for p in pieces if p.display)
    #: the turn, sentence and whether it said something, of the piece before
    before: tuple[str, int, bool] | None = None
    previous: Piece | None = None
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
    #: (whose, relation): ("Perpetua", "dad")
    left_by_conversation: dict[str, dict[str, tuple[str, str]]] = {}
    carried_by_turn: dict[str, dict[str, tuple[str, str]]] = {}

    def remember_people(piece: Piece) -> None:
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
            carried_by_turn[piece.turn.id] = carried_referents(
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

        def ask(_piece: Piece = piece, _n: int = sentence_number) -> AskedAbout | None:
            return _asked(_piece, _n, asked_by_turn, nlp)  # parsed only when needed

        joins = elaborated(piece, before)
        said_before = len(pending)
        sentence = (piece.turn.id, piece.segment.sentence)
        same_sentence = sentence == this_sentence  # the piece before is of this sentence
        if not same_sentence:
            same_turn = this_sentence is not None and this_sentence[0] == piece.turn.id
            further_before = sentence_before if same_turn else None
            sentence_before = sentence_tokens if same_turn else None
            this_sentence, sentence_tokens = sentence, []
        sentence_tokens.extend(doc)
        when = turn_time(piece.turn)
        named_before = discourse.project_turn == piece.turn.id
        discourse.enter(piece.conversation_id)
        discourse.observe(doc, piece.turn.id, first_person_org=piece.in_assistant_chat)
        date_spans: list[tuple[int, int]] | None = None
        topic_name = named_topic(piece.segment.topic, english)
        for clause in piece.clauses:
            cited: tuple[Evidence, ...] = ()
            it_name = discourse.it_referent(clause.subject, named_before) or topic_referent(
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
                it_name = topic_referent(clause, asked.text)  # "It went great" after
                cited = (asked.evidence,) if it_name else ()  # "How did the interview go?"
            if (
                sentence_number == 1
                and not same_sentence
                and clause is piece.clauses[0]
                and (first := verbless_answer(clause)) is not None
                and (asked := ask()) is not None  # parsed only for such an answer
                and asked.value
            ):  # "What's the new yearly fee?" - "About $615."
                say_of(clause, first, asked.text)
                cited = (asked.evidence,)
            if clause.skip == "vague subject" and it_name and clause.subject is not None:
                clause.skip, clause.subject_kind = "", "thing"  # "it" = the project just named
            elif it_name and clause.subject_kind == "third_pronoun":
                clause.subject_kind = "thing"  # "Ravensworth update: they sent a contract"
            mine = mine_referent(clause, doc, [s for s in (sentence_before, further_before) if s])
            called_thing = called_referent(
                clause, [s for s in (sentence_before, further_before) if s]
            )
            topic_predicate(clause, piece.segment.topic)
            if piece.segment.topic and clause.cues.get("pronoun_object") == "it":
                clause.reject = clause.reject_detail = ""  # "Ghost: the guard fixed it"
            it_object = thing_referent(
                clause,
                piece,
                previous if same_sentence else None,
                [s for s in (sentence_before, further_before) if s],
            )
            if (
                it_object is None
                and (pron := unnamed_object(clause)) is not None
                and (asked := ask()) is not None
            ):
                it_object = answered(clause, pron, asked)  # "HQ approved it" after "Did
                cited = (asked.evidence,) if it_object else cited  # you get anywhere ...?"
            elaborates = (
                joins
                if joins is not None and (elaboration(clause) or goes_on_about(clause, piece))
                else None
            )
            if elaborates is not None:
                clause.skip, clause.subject_kind = "", "thing"  # "3 bed with a yard"
            heading = list_heading(clause, piece)  # "My goals:" over "- hire two engineers"
            if heading is not None:
                clause.skip, clause.subject_kind = "", "thing"
            listener = named_listener(clause, piece, names)  # "Ines, you own the paperwork"
            if listener is not None:
                clause.skip, clause.subject_kind = "", "third_pronoun"
            if clause.skip:
                continue
            kin = kin_referent(clause, kin_by_turn.get(piece.turn.id), genders, theirs)
            kin_owner = piece.display  # whose relation the kin is
            fallback = referent_by_turn.get(piece.turn.id)
            antecedents = gendered_by_turn.get(piece.turn.id, {})
            if clause.subject is not None and clause.subject.lower_ in ("he", "she"):
                fallback = antecedent(antecedents, clause.subject.lower_, fallback)
                carried = carried_by_turn.get(piece.turn.id, {}).get(clause.subject.lower_)
                if (
                    carried is not None
                    and fallback is None
                    and kin is None
                    and not people_by_turn.get(piece.turn.id)
                    and pronoun_referent(clause, None, genders, theirs) is None
                    and not someone_unnamed(
                        [*(further_before or ()), *(sentence_before or ()), *sentence_tokens],
                        clause.subject,
                    )
                ):  # "He's still gardening" in the turn after "my uncle had surgery ..."
                    kin_owner, kin = carried
            elif (
                clause.subject is not None
                and clause.subject.lower_ == "they"
                and (named_doc := named_doc_by_turn.get(piece.turn.id)) is not None
                and (pair := named_pair(named_doc)) is not None
            ):
                fallback = pair[1]  # "Tom and Ana came over. They ..."
            referent = listener or pronoun_referent(clause, fallback, genders, theirs)
            dislocated = dislocated_subject(clause)  # "my tenant Casimir he is vegan"
            if dislocated is not None and dislocated.lemma_.lower() in lx.RELATION_NOUNS:
                kin = dislocated.lower_  # as said: "my parents they live" stays plural
            elif dislocated is not None:
                kin, referent = None, person_text(dislocated)
            if kin is not None:  # "my sister ... she's my best friend"
                referent = f"{kin_owner}'s {kin}"
            elif referent is not None:
                referent = as_named(referent, names)
            if clause.subject_kind == "third_pronoun" and referent is None and not clause.reject:
                # "they said ...": who is not known, so no self-contained fact
                clause.reject = "vague"
                clause.reject_detail = f"no one named before '{clause.subject}' says who"
            whose = whose_subject(
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
            dates, replacements = clause_dates(doc, clause.tokens, when, clause.tense, date_spans)
            if listener is not None and clause.subject is not None:
                for i, form in third_person_verbs(clause.subject).items():
                    clitic = doc[i].text[:1] in ("'", "’")  # "you're" -> "Ines is"
                    replacements.setdefault(i, (f" {form}" if clitic else form, i + 1))
            name, role = intro if intro is not None else (None, None)
            told_age = None  # "im barnaby, 71, retired plumber": the age is a fact alone
            if name is not None and role is not None:  # "I'm Ottoline, curator"
                article = not any(c.dep_ in ("det", "poss") for c in role.children)
                start = role.left_edge.i if role.left_edge.i > name.i else name.i + 2
                lead = "the" if article else ""  # "Walt is the retired electrician"
                replacements.setdefault(name.left_edge.i, (lead, start))
                told_age = age
            elif name is not None and age is not None:  # "im walt, 68"
                replacements.setdefault(name.left_edge.i, (f"{age.text} years old", age.i + 1))
            if clause.conditional and not dates:
                clause.hedged = True  # "if it gets approved" with no date: not yet a plan
            insertions, supplied = _discourse_words(discourse, clause, replacements)
            if "not_before" in clause.cues:  # "no way we're hiring ..." -> "... not ..."
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
            if there is not None:  # -> "at Ledgerly"
                tok, prep, place = there
                replacements.setdefault(tok.i, (f"{prep} {place}", tok.i + 1))
                supplied = (*supplied, place)
            for i, (full, end) in names.replacements(clause.tokens).items():
                if i not in replacements:  # "Wystan is leaving" -> "Wystan Hesketh ..."
                    replacements[i] = (full, end)
                    supplied = (*supplied, full)
            for i, swap in plain_possessives(clause.tokens, seen_people).items():
                replacements.setdefault(i, swap)  # "ambroses passport" -> "Ambrose's passport"
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
            called = called_out_before(clause.tokens)  # "and Leopold, the build is yours"
            you = addressed_person(called, piece, names)
            if called is not None and you is not None:
                supplied = (*supplied, you)
            said_before_clause = _said_before(
                clause, doc, (further_before, sentence_before, sentence_tokens)
            )
            we = (
                None
                if piece.in_meeting or whole is not None
                else who_we_are(
                    clause.tokens,
                    [*_rest_of_sentence(clause)[::-1], *clause.tokens[::-1], *said_before_clause],
                    piece.display,
                    piece.in_assistant_chat and discourse.we_means_family(clause.tokens),
                    groups.of(piece.speaker),
                    "team"
                    if discourse.organisation
                    else "business"
                    if discourse.business
                    else None,
                )
            )
            if (
                we is None
                and whole is None
                and not piece.in_meeting
                and not clause.reject
                and clause.subject is not None
                and clause.subject.lower_ == "we"
            ):  # "we repainted the shed": not the speaker alone, and nothing says who else
                clause.reject = "group_as_speaker"
                clause.reject_detail = "'we' with no group named: not the speaker's alone"
            if we is not None and we.named:
                supplied = (*supplied, we.named)
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
                group=we.text if we is not None else None,
                plural_group=we is not None and we.plural,
                known_names=frozenset(seen_people) | speakers,
            )
            cue = heading_category(heading) or lexical_category(clause, bool(dates))
            if not clause.reject and heading is None:  # a listed goal is no remark
                transient = transient_reason(clause, cue, dates, bool(it_name))
                if transient:
                    clause.reject, clause.reject_detail = "vague", f"transient: {transient}"
                elif unresolved_listener(clause, piece, called):
                    clause.reject = "vague"
                    clause.reject_detail = "about the listener, who is not named"
                elif clause.subject_kind == "implied" and (
                    (thing := thing_left_out(clause.head, said_before_clause)) is not None
                ):  # "I ordered a parcel. Arrived on Friday!": the parcel arrived
                    clause.reject = "vague"
                    clause.reject_detail = (
                        f"no subject: '{clause.head.text}' takes up the {thing.text} said "
                        "before, not the speaker"
                    )
            variants = list_variants(clause)
            topic = piece.segment.topic or dislocated_topic(
                clause, piece, previous if same_sentence else None
            )
            if topic is not None and topic.lower() not in lx.PROBLEM_LABEL_WORDS:
                supplied = (*supplied, topic)  # "Blocker:" heads the text, names nothing
            # the words a standing request's text adds ("Dana asks the assistant: ...")
            asks = f"asks {ctx.assistant_name}" if clause.subject_kind == "standing" else ""
            for toks in variants:
                part = clause if toks is clause.tokens else replace(clause, tokens=toks)
                text = render_clause(toks, clause.subject, clause.subject_kind, ctx, clause.head)
                if topic is not None:
                    text = with_topic(text, topic, toks)
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
                        Pending(
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
                            group=_group_words(we, whole),
                        )
                    )
            if told_age is not None:
                pending.append(
                    Pending(
                        piece,
                        replace(clause, tokens=[t for t in clause.tokens if t.i <= told_age.i]),
                        f"{piece.display} is {told_age.text} years old",
                        None,
                        {},
                        alone=True,
                        own_words="years old",
                    )
                )
        said = said_as_fact(piece)
        pending.extend(  # "her daughter Clemency": like a "she", one named earlier in the turn
            apposition_facts(
                piece,
                said,
                gendered_by_turn.get(piece.turn.id, {}),
                referent_by_turn.get(piece.turn.id),
                genders,
                names,
            )
        )
        pending.extend(place_facts(piece, said))
        remember_people(piece)
        groups.observe(piece.speaker, list(doc), piece.display)
        stated = any(not p.clause.reject for p in pending[said_before:])
        before = (piece.turn.id, piece.segment.sentence, stated)
        previous = piece
    return pending


def _asked(
    piece: Piece, sentence: int, asked_by_turn: dict[str, AskedAbout | None], nlp: Pipeline
) -> AskedAbout | None:
    """What the question before ``piece``'s turn asked about (``answers.py``), for a piece
    in the answer's first sentences (``sentence``: its sentence's number in the turn, from
    1); read once per turn, into ``asked_by_turn``."""
    question = piece.turn_before
    if question is None or sentence > _ANSWERING_SENTENCES or "?" not in question.text:
        return None
    if piece.turn.id not in asked_by_turn:
        asked_by_turn[piece.turn.id] = asked_about(
            question, lambda texts: nlp.add_entities(nlp.parse(texts)), piece.display
        )
    return asked_by_turn[piece.turn.id]


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


#: The first sentences of an answer, whose unnamed "it" may be what the question asked about.
_ANSWERING_SENTENCES = 2


def _said_before(clause: Clause, doc: Any, sentences: tuple[list[Any] | None, ...]) -> list[Any]:
    """The tokens of the turn said before ``clause``: the sentences before it (as read so far,
    in order) and the words of its own sentence before its first token."""
    first = clause.tokens[0].i if clause.tokens else 0
    out: list[Any] = []
    for toks in sentences:
        out.extend(t for t in toks or () if t.doc is not doc or t.i < first)
    return out


def _rest_of_sentence(clause: Clause) -> list[Any]:
    """The tokens of ``clause``'s sentence after it ("we're leaning towards Leeds since my
    husband's brother is there": the husband is named after the "we")."""
    if not clause.tokens:
        return []
    last = clause.tokens[-1]
    return list(last.doc[last.i + 1 : last.sent.end])


def _group_words(we: WeGroup | None, whole: Any | None) -> str | None:
    """The words of a fact text that say who its "we" is: the group's name, or the whole
    the speaker is said to be part of ("we're a team of 5")."""
    if we is not None:
        return we.text
    return whole.lower_ if whole is not None else None


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
