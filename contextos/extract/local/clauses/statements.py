"""Clause analysis on a dependency parse: who a clause is about, and whether it is a statement.

A parsed sentence is split into clauses (the root, plus conjoined verbs with their own subject).
Each clause gets its subject kind (the speaker, their group, something of theirs, a named person,
a thing, or something too vague), its polarity (a ``neg`` dependent), its modality (modal
auxiliary, conditional marker, wishful verb or adverb), whether it is a request to the assistant,
a hedge ("I think ..."), somebody else's opinion ("my brother thinks ..."), or a joke. Rules read
lemmas and dependency labels, with the word lists in ``lexicon.py``.

This module holds the :class:`Clause`, :func:`analyze_sentence`, which puts the rules together
clause by clause, and the statements read from relative clauses. The rules live beside it, one
question to a module: where a sentence splits into clauses (``clause_heads.py``) and which words
each keeps (``clause_tokens.py``); its subject (``subjects.py``, ``subject_kinds.py``, and
``openings.py`` for one left out); the listener ("you", a name called out: ``listeners.py``);
requests (``requests.py``); tense, negation, hypotheticals, conditions and hedges
(``modality.py``); someone else's opinion and the frames around a statement (``opinions.py``);
reactions and talk about the talk (``reactions.py``); jokes (``jokes.py``); a clause that names
nothing (``vagueness.py``); a role said without a verb (``roles.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from contextos.extract.local.clauses.clause_heads import clause_heads, requests_after
from contextos.extract.local.clauses.clause_tokens import clause_tokens
from contextos.extract.local.clauses.jokes import (
    called_untrue,
    feeling_likened,
    hyperbole,
    joke_marker,
    laugh_at_the_end,
    tells_what_happened,
)
from contextos.extract.local.clauses.listeners import second_person
from contextos.extract.local.clauses.modality import (
    alternatives,
    bare_condition,
    condition_apart,
    contrast,
    has_condition,
    hedges,
    hypothetical,
    no_way,
    past_in_present_form,
    tense,
)
from contextos.extract.local.clauses.opinions import (
    framed,
    held_belief,
    i_meant,
    kept_saying,
    news_announced,
    note_this,
    opinion_label,
    reported_information,
    said_to_do,
    someone_elses_advice,
    someone_elses_view,
    that_view,
    turns_out,
)
from contextos.extract.local.clauses.reactions import (
    announcement,
    is_reaction,
    is_verdict,
    talk_about_the_talk,
)
from contextos.extract.local.clauses.requests import (
    WORDING_REQUEST,
    inverted_question,
    is_request,
    said_how,
    standing_request,
    wh_clause_said,
)
from contextos.extract.local.clauses.roles import as_a_role, role_fragment
from contextos.extract.local.clauses.sarcasm import sarcasm
from contextos.extract.local.clauses.subject_kinds import subject_kind, subject_left_out
from contextos.extract.local.clauses.subjects import (
    SPEAKER_SUBJECTS,
    bare_predicate_adjective,
    bare_status_participle,
    comma_after_subject,
    dislocated,
    existential,
    fragment_predicate,
    left_out_copula,
    misparsed_copula,
    subject_of,
)
from contextos.extract.local.clauses.vagueness import (
    bare_exchange,
    content_tokens,
    elliptical,
    in_spans,
    only_pronoun_object,
    points_ahead,
    says_so,
    stated_state,
)
from contextos.extract.local.dates import date_spans
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import person_text
from contextos.extract.local.text.nlp import doc_text

__all__ = ["Clause", "analyze_sentence"]


@dataclass
class Clause:
    """One clause of a sentence, with what the extractor needs to know about it."""

    sent: Any  # spaCy Span (the sentence)
    head: Any  # spaCy Token (clause head)
    tokens: list[Any]  # clause tokens, in order
    subject: Any | None  # spaCy Token or None
    subject_kind: str  # self | group | self_possessive | implied | person | thing
    #                                | vague | second | third_pronoun | none
    copula: bool = False
    negated: bool = False
    tense: str = "present"  # past | present | future
    hedged: bool = False
    #: said under a condition ("... if Thaddeus signs off"); the text keeps the condition
    conditional: bool = False
    habitual: bool = False
    mentions_assistant: bool = False
    #: Why this clause is not a fact (a RejectReason), or "" when it may be one.
    reject: str = ""
    reject_detail: str = ""
    #: Why the clause was skipped without a rejection record (request, question, fragment ...).
    skip: str = ""
    cues: dict[str, str] = field(default_factory=dict)
    #: a statement read from a phrase inside the sentence (a relative clause), kept as a fact
    #: of its own rather than merged with the sentence's other statements
    standalone: bool = False
    #: words the renderer writes before a token (index -> text): the "is" a nominal fragment
    #: leaves out ("Menu refresh, planned for Q3")
    insert_before: dict[int, str] = field(default_factory=dict)

    @property
    def start_char(self) -> int:
        return int(self.tokens[0].idx)

    @property
    def end_char(self) -> int:
        last = self.tokens[-1]
        return int(last.idx + len(last.text))


def _reject_pronoun_only(clause: Clause, pronoun: str) -> None:
    clause.reject = "vague"
    clause.reject_detail = f"only a pronoun ('{pronoun}') says what it is about"


def _deny(clause: Clause, head: Any, denial: list[Any]) -> None:
    """Make the clause say "not" where its "no way" stood: after its auxiliary or its "be"
    ("we're not running", "it's not happening"); one with neither is left out."""
    cut = {t.i for t in denial}
    clause.tokens = [t for t in clause.tokens if t.i not in cut]
    clause.negated = True
    if any(c.dep_ in ("aux", "auxpass") for c in head.children):
        clause.cues["not_before"] = str(head.i)
    elif head.lemma_ == "be" and head.i + 1 < len(head.doc):
        clause.cues["not_before"] = str(head.i + 1)
    else:
        clause.skip = "denied without an auxiliary"


def _said_as_role(clause: Clause, said_before: str) -> bool:
    """Make a verbless fragment that is a role say the speaker is one (``roles.py``): "As a
    nurse working nights" -> "<speaker> is a nurse working nights", "Backend dev at Quillhost."
    -> "<speaker> is a backend dev at Quillhost". False, and the clause untouched, for anything
    else."""
    role = as_a_role(clause.tokens)
    if role is not None:
        toks, words = role, "is"
    else:
        fragment = role_fragment(clause.sent, clause.head, clause.tokens, said_before)
        if fragment is None:
            return False
        toks, words = fragment
    clause.tokens = toks
    clause.insert_before[toks[0].i] = words
    clause.subject_kind = "implied"
    clause.copula = True
    return True


def _add_opinion(
    clauses: list[Clause], sent: Any, head: Any, heads: Any, subj: Any, kind: str, detail: str
) -> None:
    """Keep someone else's opinion or advice as a clause rejected with its reason."""
    toks = clause_tokens(head, heads)
    if toks:
        clauses.append(
            Clause(sent, head, toks, subj, kind, reject="third_party_opinion", reject_detail=detail)
        )


def analyze_sentence(
    sent: Any,
    in_assistant_chat: bool,
    introduces: bool = False,
    lead: str = "",
    instructions: bool = False,
    said_before: str = "",
    said_after: str = "",
) -> list[Clause]:
    """Clauses of one parsed sentence, each marked as a fact candidate, rejection or skip.
    ``introduces``: the sentence ends with a colon (what it calls "this" comes after it);
    ``lead``: the words of the written sentence before this piece of it (a lead-in label, the
    clauses the segmenter cut off), if any; ``instructions``: the sentence is from the user's
    custom instructions to the assistant, whose requests all hold from now on;
    ``said_before``: the turn's text before the written sentence (what sarcasm answers);
    ``said_after``: the turn's text after this piece (a deadpan "Yay." that mocks it)."""
    sent_low = sent.text.lower()
    markers = [t for t in sent if t.lower_ in lx.JOKE_MARKERS or laugh_at_the_end(t)]
    heads = clause_heads(sent)
    # what the written sentence said before this piece: "how to say ...", "Her take: ..."
    words_asked_for = WORDING_REQUEST.search(lead) is not None
    holder = opinion_label(lead)
    clauses: list[Clause] = []
    for head in heads:
        hedged = False
        real_head = head
        subj = subject_of(head)
        kind = subject_kind(subj, head)
        if head.i != sent.root.i and requests_after(head):
            subj, kind = None, "imperative"  # "I've begun X, so from now on format Y"
        if subj is None and (there := existential(head)) is not None:
            subj, kind = there, "thing"  # "there's only my own sample set"
        # "I think X" / "my brother thinks X": the content is the complement
        advice = someone_elses_advice(head, kind)
        if advice:
            _add_opinion(
                clauses, sent, head, heads, subj, kind, f"'{advice}' reports someone else's advice"
            )
            continue
        if subj is not None and someone_elses_view(head, subj):
            detail = f"'{subj.text}' is someone else's view"
            _add_opinion(clauses, sent, head, heads, subj, kind, detail)
            if clauses and clauses[-1].head.i == head.i:
                clauses[-1].cues["view"] = subj.text
            continue
        if held_belief(head) and kind not in SPEAKER_SUBJECTS:
            # "Oswin is convinced that Dad should move in", "my boss is worried that ..."
            _add_opinion(clauses, sent, head, heads, subj, kind, "a belief someone else holds")
            continue
        comp = next((c for c in head.children if c.dep_ in ("ccomp",)), None)
        comp = comp or said_to_do(head)
        sayer = head
        if comp is None and (kept := kept_saying(head)) is not None:
            sayer, comp = kept  # "Sasha keeps saying Logan Square is for ..."
        if comp is not None and sayer.lemma_ in lx.OPINION_VERBS:
            if kind in ("self", "group") and head.lemma_ in lx.HEDGE_VERBS:
                hedged = True
                real_head = comp
                subj = subject_of(comp)
                kind = subject_kind(subj, comp)
            elif (
                kind in ("person", "third_pronoun", "thing", "self_possessive")
                or (kind == "group" and subj is not None and subj.lower_ not in lx.FIRST_PLURAL)
            ) and (sayer is not head or not reported_information(head, comp)):
                # "my editor says the ending feels rushed" is somebody else's view; what
                # someone keeps saying is their line, not news passed on
                _add_opinion(
                    clauses,
                    sent,
                    head,
                    heads,
                    subj,
                    kind,
                    f"'{subj.text if subj else ''} {head.text}"
                    + (f" {sayer.text}" if sayer is not head else "")
                    + "' is an opinion",
                )
                continue
        news = news_announced(head) if kind in ("self", "group", "none") else None
        if news is not None:  # "I'm delighted to report that the course is moving again"
            real_head = news
            subj = subject_of(news)
            kind = subject_kind(subj, news)
        elif comp is not None and (
            (kind == "imperative" and note_this(head))
            or turns_out(head, subj)
            or i_meant(head, kind)
            or framed(head, subj, comp)
        ):
            real_head = comp  # "remember that I'm vegan", "turns out I have carpal tunnel"
            subj = subject_of(comp)
            kind = subject_kind(subj, comp)
        toks = clause_tokens(real_head, heads)
        if not toks:
            continue
        insert: dict[int, str] = {}
        shared = subject_left_out(real_head, toks) if kind == "none" else None
        if shared is not None and shared.lower_ == "i":
            kind = "implied"  # "I'm no longer vegetarian, started eating fish again"
        elif shared is not None:  # "Carlos accepted, starts Dec 1": Carlos starts
            subj, kind = shared, "person"
            insert[toks[0].i] = person_text(shared)
        if past_in_present_form(real_head, toks):
            real_head.tag_ = "VBD"  # "I hurt my knee last winter": past, not "hurts"
        predicate = fragment_predicate(real_head) if kind == "none" else None
        if predicate is not None:  # "Menu refresh, planned for Q3"; "Deadline: Friday"
            subj, real_head = real_head, predicate
            kind = subject_kind(subj, predicate)
            toks = [t for t in toks if not (t.is_punct and subj.i < t.i < predicate.left_edge.i)]
            past = any(t.lower_ in lx.PAST_MARKERS for t in predicate.subtree) or (
                predicate.lemma_.lower() in lx.DONE_VERBS
                and any(c.dep_ in ("npadvmod", "tmod") for c in predicate.children)
            )  # "the dashboard shipped Tuesday": it was shipped
            insert[predicate.left_edge.i] = left_out_copula(subj, past)
        elif subj is not None and comma_after_subject(subj, real_head):
            toks = [t for t in toks if t.i != subj.i + 1]  # "test, started Monday"
        elif kind == "vague" and subj is not None and (phrase := dislocated(subj)):
            toks = [*phrase, *(t for t in toks if t.i > subj.i)]  # "the launch date, it's the 14th"
            subj = phrase[-1]
            kind = subject_kind(subj, real_head)
        left_out: int | None = None  # where a bare status leaves out its "is"
        if subj is not None and bare_status_participle(subj, real_head):
            left_out = real_head.i  # "vet records done"
        elif subj is not None and bare_predicate_adjective(subj, real_head):
            left_out = subj.right_edge.i + 1  # "printer still broken": before the adverb
        if left_out is not None:
            insert[left_out] = left_out_copula(subj, past=False)
        clause = Clause(sent, real_head, toks, subj, kind, hedged=hedged, insert_before=insert)
        if left_out is not None:
            clause.cues["left_out_copula"] = str(left_out)
        low = " ".join(t.lower_ for t in toks)
        clause.copula = (
            real_head.lemma_ == "be"
            and any(c.dep_ in ("attr", "acomp") for c in real_head.children)
            or misparsed_copula(real_head) is not None
        )
        clause.negated = any(
            c.dep_ == "neg" and not contrast(c, real_head) for c in real_head.children
        ) or any(  # "I'm no longer vegetarian": the "no" hangs off "longer"
            g.dep_ == "neg" and c.lower_ in ("longer", "more")
            for c in real_head.children
            if c.dep_ == "advmod"
            for g in c.children
        )
        if (denial := no_way(real_head, clause.subject)) is not None:
            _deny(clause, real_head, denial)  # "no way we're hosting our own mail"
        clause.tense = tense(real_head)
        clause.habitual = (
            any(t.lower_ in lx.HABIT_ADVERBS for t in toks) or real_head.lemma_ == "tend"
        )
        clause.hedged = clause.hedged or any(hedges(t) for t in toks)
        clause.mentions_assistant = in_assistant_chat and any(second_person(t) for t in toks)
        if words_asked_for or said_how(real_head):
            clause.skip = "words asked for, not said"  # "how to say i need my medicine"
        elif holder:  # "His take: hiring can wait"
            clause.reject = "third_party_opinion"
            clause.reject_detail = f"'{holder}' labels someone else's view"
        elif (in_assistant_chat or instructions) and (
            standing := standing_request(sent, real_head, kind, lead, instructions)
        ):
            # "from now on, format the units as folders": a preference, not a task
            clause.cues["standing"] = standing
            if kind in ("imperative", "none"):
                clause.subject_kind = "standing"
            if (pronoun := only_pronoun_object(toks, clause.subject)) is not None:
                _reject_pronoun_only(clause, pronoun)  # "never do that again"
                clause.cues["pronoun_object"] = pronoun  # unless it names what was said
        elif is_request(sent, low, real_head, kind) and not wh_clause_said(toks):
            clause.skip = "request"
        elif inverted_question(real_head, subj):
            clause.skip = "question"  # "do i go back to northfield or find someone else"
        elif kind == "none" and _said_as_role(clause, said_before):
            pass  # "As a nurse working nights, what's ...?", "Backend dev at Quillhost."
        elif kind in ("none", "imperative"):
            clause.skip = "fragment"
        elif kind == "second" and not clause.mentions_assistant:
            clause.skip = "addressed to a listener"
        elif kind == "second":
            clause.skip = "about the assistant"
        elif denied := called_untrue(toks):
            clause.reject = "negated"
            clause.reject_detail = f"the speaker calls it untrue: '{denied}'"
        else:
            hypo = (
                hypothetical(sent_low, toks, real_head, kind)
                or alternatives(real_head)
                or bare_condition(real_head)
            )
            if hypo:
                clause.reject, clause.reject_detail = "hypothetical", hypo
            elif not tells_what_happened(real_head) and (joke := joke_marker(toks, heads, markers)):
                clause.reject, clause.reject_detail = "joke", f"joke marker '{joke}'"
            elif irony := sarcasm(real_head, toks, lead, said_before, said_after):
                clause.reject, clause.reject_detail = "joke", f"sarcasm: {irony}"
            elif overstated := hyperbole(toks):
                clause.reject, clause.reject_detail = "joke", f"hyperbole '{overstated}'"
            elif likened := feeling_likened(toks):
                clause.reject = "vague"
                clause.reject_detail = f"a feeling likened to something: '{likened}'"
            elif kind == "vague":
                clause.skip = "vague subject"
            elif (view := that_view(toks)) is not None:
                clause.reject = "vague"
                clause.reject_detail = f"'{view}' stands for what was said before"
            elif introduces and (ahead := points_ahead(toks)) is not None:
                clause.reject = "vague"
                clause.reject_detail = f"'{ahead}' is what the colon introduces"
            elif (pronoun := only_pronoun_object(toks, clause.subject)) is not None:
                _reject_pronoun_only(clause, pronoun)
                clause.cues["pronoun_object"] = pronoun
            elif says_so(real_head):
                clause.reject = "vague"
                clause.reject_detail = "'so' stands for what was said before"
            elif bare_exchange(toks, real_head, clause.subject):
                clause.reject = "vague"
                clause.reject_detail = f"'{real_head.text}' with nothing said"
            elif elliptical(real_head):
                clause.reject = "vague"
                clause.reject_detail = f"'{real_head.text}' with nothing after it"
            elif is_reaction(real_head):
                clause.skip = "conversational reaction"
            elif kind == "self" and talk_about_the_talk(real_head):
                clause.skip = "talk about the conversation"
            elif announced := announcement(real_head):
                clause.skip = announced  # what follows it is the statement
            elif is_verdict(real_head):
                clause.skip = "confirmation"
            elif not content_tokens(toks, exclude=real_head) and not stated_state(real_head, kind):
                clause.skip = "no content"
            elif has_condition(toks) or condition_apart(real_head, toks):
                clause.conditional = True  # hedged unless it is a dated plan (see local)
        clauses.append(clause)
    _same_report(clauses)
    clauses = _outcomes_joined(clauses)
    if not any(c.reject in ("hypothetical", "joke") for c in clauses):
        clauses.extend(_dated_relatives(sent))
        clauses.extend(_relatives_of_unkept(sent, clauses))
    return clauses


def _outcomes_joined(clauses: list[Clause]) -> list[Clause]:
    """ "The audition was on Friday and I got in", "the assessment got brought forward and I
    passed": a bare past verb of the speaker's joined by "and" to the clause before says how
    that went, its object being what the clause before was about. Alone it says nothing
    ("Dana passed"); it joins the clause before, which then tells both."""
    out: list[Clause] = []
    for clause in clauses:
        head = clause.head
        before = out[-1] if out else None
        if (
            before is None
            or clause.skip != "no content"
            or clause.subject_kind != "self"
            or head.dep_ != "conj"
            or head.head.i != before.head.i
            or head.tag_ != "VBD"
            or before.skip
            or before.reject
            or any(c.dep_ not in _BARE_OUTCOME_DEPS for c in head.children)
        ):
            out.append(clause)
            continue
        doc = head.doc
        end = max(t.i for t in clause.tokens) + 1
        between = doc[before.tokens[-1].i + 1 : end]
        before.tokens = [*before.tokens, *(t for t in between if t not in before.tokens)]
    return out


#: What may hang on a bare past verb that only says how the thing before went ("and I got in").
_BARE_OUTCOME_DEPS = frozenset({"nsubj", "cc", "punct", "advmod"})


def _same_report(clauses: list[Clause]) -> None:
    """A clause joined by "and" to what an opinion reports is reported by the same verb:
    "Ottoline reckons law is saturated and that I'm mad to switch", "his take is that Mom is
    just getting older and I'm overreacting" are their opinion twice. Without "that", the
    parse says whether the second clause is inside the report (a conjunct of the reported
    clause) or said beside it."""
    for clause in clauses:
        head = clause.head
        if clause.reject or head.dep_ != "conj":
            continue
        that = any(c.dep_ == "mark" and c.lower_ == "that" for c in head.children)
        reporter = next(
            (
                c
                for c in clauses
                if c.reject == "third_party_opinion"
                and (
                    c.head.i == head.head.head.i
                    and (that or head.head.dep_ == "ccomp")
                    or c.head.i == head.head.i
                    and (that or _goes_on_with_view(c, head))
                )
            ),
            None,
        )
        if reporter is not None:
            clause.reject, clause.reject_detail = reporter.reject, reporter.reject_detail


def _goes_on_with_view(reporter: Clause, head: Any) -> bool:
    """ "Greg's take is that Dad is just getting older and I'm overreacting": after a view
    named as a subject, a clause joined by a bare "and" (no comma) goes on with the view,
    whichever head the parser hangs it on."""
    if "view" not in reporter.cues:
        return False
    cc = next((c for c in head.children if c.dep_ == "cc"), None)
    if cc is None:
        cc = next((c for c in head.head.children if c.dep_ == "cc" and c.i < head.i), None)
    return (
        cc is not None
        and cc.lower_ == "and"
        and cc.i > 0
        and cc.doc[cc.i - 1].text not in (",", ";")
    )


def _relatives_of_unkept(sent: Any, clauses: list[Clause]) -> list[Clause]:
    """ "My son Casimir, who lives in Gdansk, thinks I should stay put": where someone lives or
    what they are, said in a relative clause inside a clause that is no fact (his opinion), as
    a statement of its own ("Mirabel's son Casimir lives in Gdansk")."""
    out: list[Clause] = []
    for verb in sent:
        if verb.dep_ != "relcl" or not _tells_where_or_what(verb):
            continue
        who = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if who is None or who.lower_ != "who" or any(c.dep_ == "neg" for c in verb.children):
            continue
        holder = next((c for c in clauses if verb in c.tokens), None)
        if holder is None or not (holder.reject or holder.skip):
            continue  # a kept clause tells it already
        person = verb.head
        whole = person.head if person.dep_ == "appos" else person  # "my son, Casimir, who"
        phrase = [t for t in sent if whole.left_edge.i <= t.i <= person.i and t.text != ","]
        told = [t for t in verb.subtree if t.i > verb.i]
        while told and (told[-1].is_punct or told[-1].dep_ == "cc"):
            told.pop()
        if not phrase or not told:
            continue
        kind = subject_kind(whole, verb)
        if kind not in ("self_possessive", "person"):
            continue
        out.append(Clause(sent, verb, [*phrase, verb, *told], whole, kind, standalone=True))
    return out


def _tells_where_or_what(verb: Any) -> bool:
    """A relative clause saying where someone lives or is ("who lives in Gdansk", "who is in
    Bilbao") or what they are ("who is a nurse")."""
    lemma = verb.lemma_.lower()
    places = any(c.dep_ == "prep" and c.lower_ in ("in", "at", "from") for c in verb.children)
    if lemma in ("live", "work"):
        return places
    return lemma == "be" and (places or any(c.dep_ == "attr" for c in verb.children))


def _dated_relatives(sent: Any) -> list[Clause]:
    """ "... ahead of my design review, which is on the 8th": when an event is, said in a
    relative clause, as a statement of its own ("my design review is on the 8th")."""
    out: list[Clause] = []
    spans: list[tuple[int, int]] | None = None
    for verb in sent:
        if verb.dep_ != "relcl" or verb.lemma_ != "be" or verb.head.pos_ != "NOUN":
            continue
        noun = verb.head
        which = next(
            (c for c in verb.children if c.dep_ == "nsubj" and c.lower_ in ("which", "that")),
            None,
        )
        if which is None or noun.lemma_.lower() not in lx.EVENT_NOUNS:
            continue
        if any(c.dep_ == "neg" for c in verb.children):
            continue
        if spans is None:
            doc = sent.doc
            spans = date_spans(doc_text(doc))
        told = [t for t in verb.subtree if t.i > verb.i]
        if not any(in_spans(t, spans) for t in told):
            continue
        phrase = [t for t in noun.subtree if noun.left_edge.i <= t.i <= noun.i]
        tokens = [*phrase, verb, *told]
        out.append(
            Clause(sent, verb, tokens, noun, subject_kind(noun, verb), copula=True, standalone=True)
        )
    return out
