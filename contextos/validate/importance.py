"""Importance: is a fact worth keeping a week later, or only small talk of the moment?

Every candidate that stands on its own (``standalone.py``), from any extractor, gets an
importance score in [0, 1] from its parsed *text* (the same spaCy doc the stand-alone check
read) and its typed fields. The score starts at :data:`BASE` and each general signal adds or
takes away a fixed weight; every weight that applied is kept, so a score explains itself
(``Importance.explain()``: "0.15 = 0.50 momentary state ('tired' today) -0.35").

Signals that take away (what a person would not keep):

- **speech act** (:data:`SPEECH_ACT`) — the fact is the speaker thanking, greeting, signing
  off or wishing the listener something: the main verb is one of thanking or greeting ("Dana
  thanks the assistant"), "say" with a greeting or thanks for its object ("Ana says thanks"),
  a wish whose clause is about the listener ("Ana hopes you have a good day"), talking again
  after this conversation about nothing named ("Dana will talk to you later", "hopes they can
  chat again soon"), leaving with no destination ("has to go now"), or being glad to hear,
  meet or see ("Dana is glad to hear that").
- **momentary state** (:data:`MOMENTARY`) — the main clause is a person's state or activity
  of this moment: a present copula ("is", "am", "are") with an adjective or a particular
  place ("Dana is tired today", "Leo is at the airport right now"), or a present progressive
  ("Dana is driving home at the moment"), anchored to the moment of speaking by "now", "right
  now", "today", "tonight", "at the moment", "this morning"... A present progressive of a
  verb of motion or of a momentary activity (going, driving, waiting, eating) with no object
  takes the same weight without an anchor, unless a time or a named place of its own makes it
  a plan ("Leo is flying to Oslo on Friday"). A passing mood adjective ("Dana is exhausted")
  with no anchor takes :data:`PASSING_MOOD`. Not momentary: a perfect with "since" ("Dana has
  been tired since the surgery" is a lasting condition and is kept), a lasting status ("Dana
  is pregnant right now"), an identity ("is a nurse"), the result of an event ("is settled in
  Leith now"), a thing's status ("the migration is now blocked"), a measure ("at 9,800
  sign-ups now"), a phase or a regime ("in college", "on a diet"), a habit said as of now
  ("walks every morning now"), a future ("is going to ..."), a refusal ("isn't going"), a
  present simple ("Dana lives in Pilsen right now" is a standing arrangement).
- **platitude** (:data:`PLATITUDE`) — a generic subject ("life", "people", "everyone",
  "nobody", "things", generic "you" or "one"), with nothing that restricts it ("everyone in
  Dana's family" is specific), in the present simple or with a modal: "Life is too short",
  "You only live once", also as what the person thinks or says ("Ana believes life is too
  short").

Signals that add (what makes a fact worth keeping):

- **specificity** (:data:`SPECIFIC`, at most :data:`SPECIFIC_CAP`) — a name other than the
  fact's subject, a number or a digit, a possessed noun ("her sister", "Dana's bike"): one
  weight per kind.
- **durability** (:data:`DURABLE`) — a habit or a lasting state: a frequency word ("every",
  "usually", "always", "never"...), a "since" or "for years", or a present simple of a
  lexical verb ("Dana runs", "Dana lives in Leeds").
- **type and category** — a USER_PATTERN (a recurring habit) adds :data:`PATTERN`; a
  category that is about the person's life (work, relationship, location, goal, plan,
  decision, expertise) adds :data:`LIFE_CATEGORY`.

A score below :data:`THRESHOLD` is a ``trivial`` rejection (kept in the rejection log); a
stored fact keeps its score as its ``importance``. The weights are round numbers chosen so
that one taking-away signal alone puts a fact below the threshold and one specific anchor
does not lift it back (a momentary state with a name, 0.5 - 0.35 + 0.1 = 0.25), while two
do (0.35: "Walt walks 40 minutes at Lakewood park now" is no small talk). The threshold was
chosen on the dev scenarios, the read held-out halves and SPC rows 0-200 with
``bench/trivial_sweep.py`` (every fact that passes the other checks scored once, the
threshold swept): 0.3 is the highest at which no rejected text matches a gold fact; at 0.35
and above the first gold facts go (a momentary state with two specific anchors).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from contextos.models.facts import CandidateFact, FactType

__all__ = [
    "BASE",
    "THRESHOLD",
    "Importance",
    "importance",
    "trivial_problem",
]

#: the score of a fact no signal speaks about
BASE = 0.5
#: below this a fact is ``trivial``
THRESHOLD = 0.3

SPEECH_ACT = -0.45
MOMENTARY = -0.35
PASSING_MOOD = -0.15
PLATITUDE = -0.35
SPECIFIC = 0.1
SPECIFIC_CAP = 0.2
DURABLE = 0.1
PATTERN = 0.1
LIFE_CATEGORY = 0.05

# -- word classes (grammar, not phrases of any data set) ---------------------------------------

#: verbs (and their nouns) of thanking and greeting: the act itself is the whole statement
_GREETING_VERBS = frozenset({"thank", "thanks", "greet", "welcome", "apologize", "apologise"})
#: what one says as a greeting, a thanks or a farewell
_GREETING_WORDS = frozenset(
    "thanks thank hello hi hey goodbye bye cheers goodnight farewell congratulations congrats "
    "sorry".split()
)
#: verbs of wishing: about the listener, a pleasantry ("hopes you have a good day")
_WISH_VERBS = frozenset({"hope", "wish"})
#: verbs of conversing: with the listener, and later, a sign-off ("will talk to you later")
_CONVERSE_VERBS = frozenset({"talk", "speak", "chat", "see", "catch", "hang"})
#: when a farewell says the next conversation will be
_AGAIN = frozenset({"again", "later", "soon", "sometime"})
#: verbs of leaving the conversation: with no destination and "now", a sign-off
_LEAVE_VERBS = frozenset({"go", "leave", "run", "dash", "sign"})
#: what one is glad to do in a pleasantry ("glad to hear that", "nice to meet you")
_PLEASANTRY_VERBS = frozenset({"hear", "meet", "see", "know", "help", "chat", "talk"})
#: determiners of a particular place ("the station", "my desk")
_DEFINITE = frozenset({"the", "this", "that", "my", "his", "her", "their", "our"})
#: prepositions of where a momentary activity goes or what it is for ("driving to", "waiting
#: for"); others make a different verb of it ("going through", "going with", "driving at")
_ACTIVITY_PREPS = frozenset({"to", "for", "at", "in", "into", "home", "out", "back"})
#: words that put a state at the moment of speaking
_MOMENT_WORDS = frozenset({"now", "today", "tonight", "tonite", "rn", "atm"})
#: nouns that, with "this" or "the", name the moment of speaking ("this morning", "at the
#: moment")
_MOMENT_NOUNS = frozenset({"moment", "morning", "afternoon", "evening", "minute", "second"})
#: verbs of motion and of momentary activities: in the present progressive, this moment
_MOMENT_ACTIVITIES = frozenset(
    """go head drive walk fly ride sit stand wait eat drink sleep nap lie rest cook shower
    watch queue commute wander""".split()
)
#: adjectives of a passing mood or bodily state
_PASSING_MOODS = frozenset(
    """tired exhausted sleepy hungry thirsty bored annoyed grumpy cranky cold hot busy confused
    stressed overwhelmed knackered drained shattered sore jetlagged hungover relieved
    excited nervous frustrated upset""".split()
)
#: states that last whatever moment they are said at ("pregnant right now")
_LASTING_STATES = frozenset(
    """married single engaged divorced widowed pregnant retired unemployed employed vegan
    vegetarian sober allergic remote enrolled licensed certified diabetic disabled""".split()
)
#: subjects that name nobody in particular
_GENERIC_SUBJECTS = frozenset(
    "life people everyone everybody everything nobody anyone anybody nothing things one "
    "you folks".split()
)
#: names of days and months: a time of a clause's own
_CALENDAR = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday january february march april
    may june july august september october november december""".split()
)
#: words of a habit or a lasting state
_FREQUENCY = frozenset(
    """every each always usually often never rarely sometimes generally normally regularly
    daily weekly monthly yearly nightly frequently typically""".split()
)
#: verbs whose complement is what the subject thinks or says: a platitude inside one is still
#: a platitude
_REPORT_VERBS = frozenset({"think", "believe", "say", "feel", "reckon", "know", "figure"})
_LIFE_CATEGORIES = frozenset(
    {"work", "relationship", "location", "goal", "plan", "decision", "expertise"}
)
_PRESENT = frozenset({"VBZ", "VBP"})


@dataclass(frozen=True)
class Importance:
    """A fact's importance and the signals it is made of (description, weight)."""

    score: float
    signals: tuple[tuple[str, float], ...]

    def explain(self) -> str:
        parts = " ".join(f"{why} {w:+.2f}" for why, w in self.signals)
        return f"{self.score:.2f} = {BASE:.2f} {parts}".rstrip()


# -- speech acts --------------------------------------------------------------------------------


def _root(doc: Any) -> Any:
    return next(iter(doc.sents)).root


def _forms(tok: Any) -> set[str]:
    """The lemma of ``tok`` and its word with an inflection taken off: the small model's
    lemmatizer misses some ("hopes" -> "hop")."""
    low = tok.lower_
    out = {tok.lemma_.lower(), low}
    for end in ("s", "es", "ed", "d", "ing"):
        if low.endswith(end) and len(low) > len(end) + 2:
            out.add(low[: -len(end)])
    return out


def _listener(tok: Any) -> bool:
    return tok.lower_ in ("you", "your", "yours") or tok.lower_ == "assistant"


def speech_act(doc: Any) -> str | None:
    """What kind of conversational act the fact is, or None (see the module docstring)."""
    root = _root(doc)
    forms = _forms(root)
    if forms & _GREETING_VERBS:
        return f"thanks or greeting ('{root.text}')"
    kids = list(root.children)
    if "say" in forms and any(
        c.dep_ not in ("nsubj", "nsubjpass") and c.lower_ in _GREETING_WORDS for c in kids
    ):
        return "says a greeting or thanks"
    if forms & _WISH_VERBS and any(
        _listener(t) and t.dep_ in ("nsubj", "dative", "dobj", "poss") for t in root.subtree
    ):
        return f"a wish for the listener ('{root.text}')"
    for verb in [root, *(c for c in kids if c.dep_ in ("ccomp", "xcomp"))]:
        if _future_conversation(verb):
            return f"a sign-off ('{verb.text}')"
    for c in kids:  # "glad to hear that", "nice to meet you"; not "glad to help her sister"
        if c.dep_ not in ("acomp", "attr"):
            continue
        # the infinitive hangs off the adjective, or (as the parser may read it) off the verb
        if any(
            g.dep_ == "xcomp" and _forms(g) & _PLEASANTRY_VERBS and _about_nothing(g)
            for g in [*c.children, *kids]
        ):
            return f"a pleasantry ('{c.text}')"
    # "has to go now": leaving, with no destination, as the statement itself
    for leaving in [root, *(c for c in kids if c.dep_ == "xcomp")]:
        if _forms(leaving) & _LEAVE_VERBS and _about_nothing(leaving) and _moment_anchor(doc):
            return f"a sign-off ('{leaving.text}' now)"
    return None


def _future_conversation(verb: Any) -> bool:
    """Talking (again) after this conversation, about nothing named: "will talk to you later",
    "hopes they can chat again soon"; not "chats with you on her break" (a habit), not "will
    see her sister again soon" (someone named), not "can talk about books later"."""
    if not _forms(verb) & _CONVERSE_VERBS or not _about_nothing(verb):
        return False
    kids = list(verb.children)
    if any(c.lower_ in _AGAIN for c in kids):
        return True
    modal = any(c.dep_ == "aux" and c.tag_ == "MD" for c in kids)
    return modal and any(_listener(t) for t in verb.subtree)


def _about_nothing(verb: Any) -> bool:
    """``verb`` has no object, place or clause of its own but pronouns ("to hear that", "to
    go"; not "to know that she made a difference", "going to school")."""
    if any(c.dep_ in ("xcomp", "ccomp", "advcl", "conj") for c in verb.children):
        return False
    return not any(
        t.pos_ in ("NOUN", "PROPN", "NUM")
        for c in verb.children
        if c.dep_ in ("dobj", "prep", "dative", "attr")
        for t in c.subtree
    )


# -- momentary states ----------------------------------------------------------------------------


def _moment_anchor(doc: Any) -> str | None:
    """The words that put the fact at the moment of speaking, or None."""
    for t in doc:
        if t.lower_ in _MOMENT_WORDS and t.dep_ in ("advmod", "npadvmod", "pobj"):
            return t.text if t.lower_ != "now" or t.i == 0 else doc[max(0, t.i - 1) : t.i + 1].text
        if (
            t.lower_ in _MOMENT_NOUNS
            and any(c.dep_ == "det" and c.lower_ in ("this", "the") for c in t.children)
            and (t.lower_ == "moment" or t.dep_ == "npadvmod")
        ):
            return doc[t.left_edge.i : t.i + 1].text
    return None


def _own_time(doc: Any) -> bool:
    """A time of the clause's own ("on Friday", "next week", a date), or a named place."""
    for t in doc:
        if t.ent_type_ in ("DATE", "TIME") or t.like_num:
            return True
        if t.lower_ in _CALENDAR and t.tag_ != "MD":
            return True
        if t.pos_ == "PROPN" and t.dep_ == "pobj":
            return True  # "to Iceland": a trip somewhere named is a plan, not a moment
        if t.dep_ in ("npadvmod", "pobj", "advmod") and (
            t.lower_ in ("tomorrow", "tonight", "weekend", "soon", "later", "week", "month", "year")
            or t.text.istitle()
            and t.lower_.endswith("day")
        ):
            return True
    return False


def _copula_state(root: Any) -> Any | None:
    """The predicate of a present copula with a person for its subject ("is tired", "is at the
    airport"; "is exhausted" as the parser reads it, a passive), or None. A thing's state now
    ("the migration is now blocked") is its status, not a moment."""
    if not _person_subject(root):
        return None
    if root.tag_ == "VBN":
        # a participle is the result of an event ("is settled in Leith", "is hired"), which
        # lasts; only a passing mood read as one ("is exhausted") is a state of the moment
        helpers = [c for c in root.children if c.dep_ in ("aux", "auxpass")]
        if (
            len(helpers) == 1
            and helpers[0].lemma_ == "be"
            and helpers[0].tag_ in _PRESENT
            and (_forms(root) | {root.lower_}) & _PASSING_MOODS
        ):
            return root
        return None
    if root.lemma_ != "be" or root.tag_ not in _PRESENT:
        return None
    if any(c.dep_ == "aux" for c in root.children):
        return None  # "has been tired since ...": a perfect, not this moment
    for c in root.children:
        if c.dep_ in ("acomp", "attr", "prep", "advmod") and c.lower_ not in _MOMENT_WORDS:
            return c
    return None


def _person_subject(verb: Any) -> bool:
    """The verb's subject names someone: a name or a personal pronoun."""
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return subj is not None and (
        subj.pos_ == "PROPN" or subj.lower_ in ("i", "he", "she", "they", "we", "you")
    )


def _place_of_the_moment(pred: Any) -> bool:
    """A place a person is at, as a particular place: "at the airport", "at Heathrow", "home";
    not a phase or a regime ("in college", "on a diet")."""
    if pred.lower_ == "home":
        return True
    if pred.dep_ != "prep":
        return True  # an adjective: "tired", "exhausted"
    obj = next((c for c in pred.children if c.dep_ == "pobj"), None)
    return obj is not None and (
        obj.pos_ == "PROPN"
        or any(c.dep_ in ("det", "poss") and c.lower_ in _DEFINITE for c in obj.children)
    )


def _measured(pred: Any) -> bool:
    """The predicate gives a number: a measured status, not a condition of the moment."""
    return any(t.like_num or any(ch.isdigit() for ch in t.text) for t in pred.subtree)


def _activity_of_the_moment(verb: Any) -> bool:
    """A progressive that may be this moment's: not a future ("is going to slow down"), not
    negated ("isn't going anywhere" is a refusal), not ongoing ("still waiting"), not a
    phrasal sense ("going through the chapters", "going with the cheaper plan")."""
    for c in verb.children:
        if c.dep_ in ("xcomp", "ccomp", "neg") or c.lower_ == "still":
            return False
        if c.dep_ in ("prep", "prt") and c.lower_ not in _ACTIVITY_PREPS:
            return False
    return True


def _progressive(root: Any) -> bool:
    """A present progressive: "is driving", "am waiting"."""
    return root.tag_ == "VBG" and any(
        c.dep_ == "aux" and c.lemma_ == "be" and c.tag_ in _PRESENT for c in root.children
    )


def momentary(doc: Any) -> tuple[str, float] | None:
    """Why the fact is only true of the moment it was said, with its weight, or None."""
    root = _root(doc)
    if any(t.lower_ in _FREQUENCY for t in doc):
        return None  # "is now walking to work every morning": a habit, said as of now
    anchor = _moment_anchor(doc)
    state = _copula_state(root)
    if state is not None and (
        state.lower_ in _LASTING_STATES
        or state.pos_ == "NOUN"
        or _measured(state)
        or any(c.dep_ in ("xcomp", "ccomp") for c in state.children)
    ):
        # a status, an identity ("is a nurse"), a measure ("at 9,800 sign-ups"), something
        # the state is about ("ready to retire")
        return None
    if state is not None and anchor and _place_of_the_moment(state):
        return f"momentary state ('{state.text}' {anchor})", MOMENTARY
    if _progressive(root) and _activity_of_the_moment(root):
        activity = bool(_forms(root) & _MOMENT_ACTIVITIES)
        has_object = any(c.dep_ in ("dobj", "attr") for c in root.children)
        if anchor and (activity or not has_object):
            return f"momentary activity ('{root.text}' {anchor})", MOMENTARY
        if activity and not has_object and not _own_time(doc):
            return f"momentary activity ('{root.text}')", MOMENTARY
    if state is not None and (_forms(state) | {state.lower_}) & _PASSING_MOODS:
        return f"passing mood ('{state.text}')", PASSING_MOOD
    return None


# -- platitudes ---------------------------------------------------------------------------------

_RESTRICTORS = frozenset({"prep", "relcl", "acl", "poss", "compound", "appos"})
#: what may stand before a generic subject and leave it generic ("most people")
_QUANTIFIERS = frozenset({"all", "most", "some", "many", "no", "every", "any", "few"})


def _generic_clause(verb: Any) -> str | None:
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None or subj.lower_ not in _GENERIC_SUBJECTS:
        return None
    if any(
        c.dep_ in _RESTRICTORS
        or (c.dep_ in ("amod", "det", "nummod") and c.lower_ not in _QUANTIFIERS)
        for c in subj.children
    ):
        return None  # "everyone in Dana's family", "the new one"
    present = verb.tag_ in _PRESENT or any(
        c.dep_ == "aux" and (c.tag_ == "MD" or c.tag_ in _PRESENT) for c in verb.children
    )
    if not present or _progressive(verb):
        return None
    return f"platitude ('{subj.text} {verb.text}')"


def platitude(doc: Any) -> str | None:
    """A generic statement of the kind "life is too short", also as what the subject thinks."""
    root = _root(doc)
    why = _generic_clause(root)
    if why or root.lemma_.lower() not in _REPORT_VERBS:
        return why
    for c in root.children:
        if c.dep_ == "ccomp":
            why = _generic_clause(c)
            if why:
                return why
    return None


# -- what adds ---------------------------------------------------------------------------------


def _subject_words(fact: CandidateFact) -> set[str]:
    names = [fact.subject, fact.rendering.speaker_shown_as or "", *fact.rendering.words()]
    return {w.lower().strip(".,'’s") for n in names for w in n.split()}


def specificity(doc: Any, fact: CandidateFact) -> list[str]:
    """The kinds of specific anchor the fact has: a name, a number, a possessed noun."""
    own = _subject_words(fact)
    kinds: list[str] = []
    name = next((t for t in doc if t.pos_ == "PROPN" and t.lower_.strip(".,'’s") not in own), None)
    if name is not None:
        kinds.append(f"names '{name.text}'")
    num = next(
        (
            t
            for t in doc
            if (t.like_num or any(ch.isdigit() for ch in t.text)) and t.lower_ not in own
        ),
        None,
    )
    if num is not None:
        kinds.append(f"number '{num.text}'")
    owned = next(
        (
            t
            for t in doc
            if t.pos_ == "NOUN" and any(c.dep_ == "poss" and not _listener(c) for c in t.children)
        ),
        None,
    )
    if owned is not None:
        kinds.append(f"possessed '{owned.text}'")
    return kinds


def durability(doc: Any) -> str | None:
    """A habit or a lasting state: a frequency word, "since", "for years", a present simple."""
    for t in doc:
        if t.lower_ in _FREQUENCY:
            return f"habit ('{t.text}')"
        if t.lower_ == "since" or (
            t.lower_ in ("years", "months", "decades")
            and t.head.lower_ == "for"
            or t.lower_ == "ever"
        ):
            return f"lasting ('{t.text}')"
    root = _root(doc)
    if root.pos_ == "VERB" and root.tag_ in _PRESENT:
        return f"present simple ('{root.text}')"
    return None


# -- the score ---------------------------------------------------------------------------------


def importance(doc: Any, fact: CandidateFact) -> Importance:
    """The importance of ``fact`` from its parsed text ``doc`` and its fields."""
    signals: list[tuple[str, float]] = []
    act = speech_act(doc)
    if act:
        signals.append((act, SPEECH_ACT))
    moment = momentary(doc)
    if moment:
        signals.append(moment)
    generic = platitude(doc)
    if generic:
        signals.append((generic, PLATITUDE))
    kinds = specificity(doc, fact)
    for k, kind in enumerate(kinds):
        room = SPECIFIC_CAP - SPECIFIC * k
        if room > 1e-9:
            signals.append((kind, min(SPECIFIC, room)))
    lasting = durability(doc)
    if lasting and not (act or moment or generic):
        signals.append((lasting, DURABLE))
    if fact.type == FactType.USER_PATTERN:
        signals.append(("a recurring pattern", PATTERN))
    if fact.category in _LIFE_CATEGORIES:
        signals.append((f"category {fact.category}", LIFE_CATEGORY))
    score = BASE + sum(w for _, w in signals)
    return Importance(round(min(1.0, max(0.0, score)), 3), tuple(signals))


def trivial_problem(imp: Importance, threshold: float = THRESHOLD) -> str | None:
    """The rejection detail when ``imp`` is below the threshold, or None."""
    if imp.score >= threshold:
        return None
    return f"importance {imp.explain()} is below {threshold}"
