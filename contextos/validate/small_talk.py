"""Small talk in a fact text: speech acts, momentary states and platitudes, from its parse.

The three detectors :mod:`contextos.validate.importance` takes its score down with, each on
the spaCy doc of a fact's text (see that module for the weights and the threshold):

- :func:`speech_act` — the fact is the speaker thanking, greeting, signing off or wishing
  the listener something: the main verb is one of thanking or greeting ("Dana thanks the
  assistant"), "say" with a greeting or thanks for its object ("Ana says thanks"), a wish
  whose clause is about the listener ("Ana hopes you have a good day"), talking again after
  this conversation about nothing named ("Dana will talk to you later", "hopes they can chat
  again soon"), leaving with no destination ("has to go now"), or being glad to hear, meet
  or see ("Dana is glad to hear that").
- :func:`momentary` — the main clause is a person's state or activity of this moment: a
  present copula ("is", "am", "are") with an adjective or a particular place ("Dana is tired
  today", "Leo is at the airport right now"), or a present progressive ("Dana is driving home
  at the moment"), anchored to the moment of speaking by "now", "right now", "today",
  "tonight", "at the moment", "this morning"... A present progressive of a verb of motion or
  of a momentary activity (going, driving, waiting, eating) with no object is momentary
  without an anchor too, unless a time or a named place of its own makes it a plan ("Leo is
  flying to Oslo on Friday"). A passing mood adjective ("Dana is exhausted") with no anchor
  is a weaker signal (``"mood"``). Not momentary: a perfect with "since" ("Dana has been
  tired since the surgery" is a lasting condition and is kept), a lasting status ("Dana is
  pregnant right now"), an identity ("is a nurse"), the result of an event ("is settled in
  Leith now"), a thing's status ("the migration is now blocked"), a measure ("at 9,800
  sign-ups now"), a phase or a regime ("in college", "on a diet"), a habit said as of now
  ("walks every morning now"), a future ("is going to ..."), a refusal ("isn't going"), a
  present simple ("Dana lives in Pilsen right now" is a standing arrangement).
- :func:`platitude` — a generic subject ("life", "people", "everyone", "nobody", "things",
  generic "you" or "one"), with nothing that restricts it ("everyone in Dana's family" is
  specific, "the new one" is a thing), in the present simple or with a modal: "Life is too
  short", "You only live once", also as what the person thinks or says ("Ana believes life is
  too short").

The word classes below are grammar (verbs of greeting, of motion, adjectives of mood, generic
pronouns), not phrases of any data set.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "FREQUENCY",
    "PRESENT",
    "forms",
    "listener",
    "momentary",
    "platitude",
    "root_of",
    "speech_act",
]

#: present-tense verb tags
PRESENT = frozenset({"VBZ", "VBP"})

# -- word classes ------------------------------------------------------------------------------

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
FREQUENCY = frozenset(
    """every each always usually often never rarely sometimes generally normally regularly
    daily weekly monthly yearly nightly frequently typically""".split()
)
#: verbs whose complement is what the subject thinks or says: a platitude inside one is still
#: a platitude
_REPORT_VERBS = frozenset({"think", "believe", "say", "feel", "reckon", "know", "figure"})

# -- speech acts --------------------------------------------------------------------------------


def root_of(doc: Any) -> Any:
    return next(iter(doc.sents)).root


def forms(tok: Any) -> set[str]:
    """The lemma of ``tok`` and its word with an inflection taken off: the small model's
    lemmatizer misses some ("hopes" -> "hop")."""
    low = tok.lower_
    out = {tok.lemma_.lower(), low}
    for end in ("s", "es", "ed", "d", "ing"):
        if low.endswith(end) and len(low) > len(end) + 2:
            out.add(low[: -len(end)])
    return out


def listener(tok: Any) -> bool:
    return tok.lower_ in ("you", "your", "yours") or tok.lower_ == "assistant"


def speech_act(doc: Any) -> str | None:
    """What kind of conversational act the fact is, or None (see the module docstring)."""
    root = root_of(doc)
    root_forms = forms(root)
    if root_forms & _GREETING_VERBS:
        return f"thanks or greeting ('{root.text}')"
    kids = list(root.children)
    if "say" in root_forms and any(
        c.dep_ not in ("nsubj", "nsubjpass") and c.lower_ in _GREETING_WORDS for c in kids
    ):
        return "says a greeting or thanks"
    if root_forms & _WISH_VERBS and any(
        listener(t) and t.dep_ in ("nsubj", "dative", "dobj", "poss") for t in root.subtree
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
            g.dep_ == "xcomp" and forms(g) & _PLEASANTRY_VERBS and _about_nothing(g)
            for g in [*c.children, *kids]
        ):
            return f"a pleasantry ('{c.text}')"
    # "has to go now": leaving, with no destination, as the statement itself
    for leaving in [root, *(c for c in kids if c.dep_ == "xcomp")]:
        if forms(leaving) & _LEAVE_VERBS and _about_nothing(leaving) and _moment_anchor(doc):
            return f"a sign-off ('{leaving.text}' now)"
    return None


def _future_conversation(verb: Any) -> bool:
    """Talking (again) after this conversation, about nothing named: "will talk to you later",
    "hopes they can chat again soon"; not "chats with you on her break" (a habit), not "will
    see her sister again soon" (someone named), not "can talk about books later"."""
    if not forms(verb) & _CONVERSE_VERBS or not _about_nothing(verb):
        return False
    kids = list(verb.children)
    if any(c.lower_ in _AGAIN for c in kids):
        return True
    modal = any(c.dep_ == "aux" and c.tag_ == "MD" for c in kids)
    return modal and any(listener(t) for t in verb.subtree)


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
            and helpers[0].tag_ in PRESENT
            and (forms(root) | {root.lower_}) & _PASSING_MOODS
        ):
            return root
        return None
    if root.lemma_ != "be" or root.tag_ not in PRESENT:
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
        c.dep_ == "aux" and c.lemma_ == "be" and c.tag_ in PRESENT for c in root.children
    )


def momentary(doc: Any) -> tuple[str, str] | None:
    """Why the fact is only true of the moment it was said, and how strongly ("moment", or
    "mood" for a passing mood with no anchor), or None."""
    root = root_of(doc)
    if any(t.lower_ in FREQUENCY for t in doc):
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
        return f"momentary state ('{state.text}' {anchor})", "moment"
    # a person's activity; a thing's progressive is its status ("the patch is working now")
    if _progressive(root) and _person_subject(root) and _activity_of_the_moment(root):
        activity = bool(forms(root) & _MOMENT_ACTIVITIES)
        has_object = any(c.dep_ in ("dobj", "attr") for c in root.children)
        if anchor and (activity or not has_object):
            return f"momentary activity ('{root.text}' {anchor})", "moment"
        if activity and not has_object and not _own_time(doc):
            return f"momentary activity ('{root.text}')", "moment"
    if state is not None and (forms(state) | {state.lower_}) & _PASSING_MOODS:
        return f"passing mood ('{state.text}')", "mood"
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
    present = verb.tag_ in PRESENT or any(
        c.dep_ == "aux" and (c.tag_ == "MD" or c.tag_ in PRESENT) for c in verb.children
    )
    if not present or _progressive(verb):
        return None
    return f"platitude ('{subj.text} {verb.text}')"


def platitude(doc: Any) -> str | None:
    """A generic statement of the kind "life is too short", also as what the subject thinks."""
    root = root_of(doc)
    why = _generic_clause(root)
    if why or root.lemma_.lower() not in _REPORT_VERBS:
        return why
    for c in root.children:
        if c.dep_ == "ccomp":
            why = _generic_clause(c)
            if why:
                return why
    return None
