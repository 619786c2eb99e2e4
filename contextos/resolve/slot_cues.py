"""What a fact's words say about a change, read from its parse (``resolve/slots.py``).

Every cue is a small closed class of English, not vocabulary of the data:

* a **change** — an adverb of change (:data:`CHANGE_ADVERBS`: "now", "no longer", "instead",
  "anymore") or a verb of change (:data:`CHANGE_VERBS`: "moved", "switched", "slipped to");
* a **correction** — a contrastive negation of a value (", not 900") or a discourse marker of
  correction (:data:`CORRECTION_MARKERS`: "actually", "correction");
* a **replaced value** — a value the clause says is no longer so: a contrastive negation
  ("350ms, **not 900**"), the source of a verb of change ("switched **from Evernote** to
  Obsidian"), "**instead of** coffee", "**rather than** Google Classroom", the object of a
  verb of replacement ("**replacing** Flutter"). It names the value of the older
  statement the clause replaces;
* a **problem** — a state that blocks something (:data:`PROBLEM_WORDS`: "stuck", "blocked",
  "broken", "pending", "failed", "expired"), or a thing that does not do what it should ("the
  authorization language doesn't meet the rules");
* a **resolution** — a verb that ends a problem (:data:`RESOLUTION_VERBS`: "fixed", "approved",
  "unblocked", "signed", "went through"), not negated.
"""

from __future__ import annotations

from typing import Any

from contextos.resolve.slot_values import value_kind

__all__ = [
    "CHANGE_ADVERBS",
    "CHANGE_VERBS",
    "CONSIDERING_VERBS",
    "CORRECTION_MARKERS",
    "PROBLEM_WORDS",
    "RESOLUTION_PARTICLES",
    "RESOLUTION_VERBS",
    "change_and_correction",
    "is_problem",
    "is_resolution",
    "replaced_values",
]

#: adverbs that say a value changed (closed class)
CHANGE_ADVERBS = frozenset({"now", "anymore", "instead", "longer"})
#: verbs of change (lemmas): the clause says a value moved from one to another
CHANGE_VERBS = frozenset(
    {
        "move",
        "switch",
        "change",
        "slip",
        "shift",
        "push",
        "replace",
        "become",
        "postpone",
        "delay",
        "extend",
        "reschedule",
        "transfer",
        "promote",
        "relocate",
        # a quantity's change ("raised the rate to $95", "upped the dose to 1000")
        "raise",
        "increase",
        "bump",
        "up",
        "cut",
        "lower",
        "reduce",
    }
)
#: discourse markers of a correction (closed class)
CORRECTION_MARKERS = frozenset({"actually", "correction", "corrected"})
#: verbs under which a change is only thought of (closed class): "thinking about switching"
CONSIDERING_VERBS = frozenset(
    {"think", "consider", "plan", "want", "hope", "wonder", "debate", "propose", "suggest"}
)
#: the two-word markers of an alternative replaced ("instead of coffee")
_INSTEAD_OF = frozenset({("instead", "of"), ("rather", "than")})
#: modals of possibility: "might switch from Jira" is no change yet
_MAYBE_MODALS = frozenset({"might", "may", "could", "would", "should"})
#: verbs of replacement whose object is the value replaced ("replaced Derek")
_REPLACING_VERBS = frozenset({"replace", "supersede", "drop", "ditch", "retire"})
#: the prepositions that name where a verb of change starts from
_SOURCE_PREPOSITIONS = frozenset({"from", "off"})
#: words (lemmas or forms) of a state that blocks something (closed class)
PROBLEM_WORDS = frozenset(
    {
        "stuck",
        "stick",
        "block",
        "blocked",
        "blocker",
        "broken",
        "break",
        "fail",
        "failure",
        "pending",
        "expire",
        "reject",
        "crash",
        "bug",
        "unsigned",
        "problem",
        "outage",
    }
)
#: verbs (lemmas) that end a problem (closed class)
RESOLUTION_VERBS = frozenset(
    {
        "fix",
        "resolve",
        "solve",
        "approve",
        "unblock",
        "clear",
        "sign",
        "grant",
        "renew",
        "repair",
        "restore",
        "settle",
        "unstick",
    }
)
#: verb + particle that end a problem ("went through", "sorted out")
RESOLUTION_PARTICLES = frozenset({("go", "through"), ("come", "through"), ("sort", "out")})
_NEGATIONS = frozenset({"neg"})


def change_and_correction(doc: Any) -> tuple[bool, bool]:
    """(change, correction) cues of one parsed text."""
    change = correction = False
    tokens = list(doc)
    for i, t in enumerate(tokens):
        low = t.lower_
        if low in CORRECTION_MARKERS:
            correction = True
        if low in CHANGE_ADVERBS and (low != "longer" or (i and tokens[i - 1].lower_ == "no")):
            change = True
        if t.pos_ == "VERB" and t.lemma_.lower() in CHANGE_VERBS:
            change = True
        # a contrastive negation of a value: "350ms, not 900"
        after_comma = low == "not" and i and tokens[i - 1].text == ","
        if after_comma and i + 1 < len(tokens) and value_kind(tokens[i + 1], set()):
            correction = True
    return change, correction


def _run_after(tokens: list[Any], start: int) -> tuple[str, ...]:
    """The value words from ``start``: proper nouns, numbers, nouns and adjectives, skipping
    the commas and determiners between them, up to the first other word ("from Evernote
    **to**", "not Thursday, February 19, 2026")."""
    words: list[str] = []
    for t in tokens[start:]:
        if t.text == "," or t.pos_ == "DET" or (words and t.tag_ == "POS"):
            continue  # "not Leah's boss": the value is the boss, not Leah
        if t.pos_ in ("PROPN", "NOUN", "NUM", "ADJ") or value_kind(t, set()):
            words.append(t.lower_)
            continue
        break
    return tuple(words)


def replaced_values(tokens: Any) -> tuple[tuple[str, ...], ...]:
    """The values a clause says were replaced (module doc), each as its words."""
    toks = list(tokens)
    if not toks:
        return ()
    first = toks[0].i
    out: list[tuple[str, ...]] = []
    for i, t in enumerate(toks):
        low = t.lower_
        run: tuple[str, ...] = ()
        if low == "not" and i and toks[i - 1].lower_ in (",", "but"):
            run = _run_after(toks, i + 1)  # "350ms, not 900"
        elif i + 1 < len(toks) and (low, toks[i + 1].lower_) in _INSTEAD_OF:
            run = _run_after(toks, i + 2)  # "instead of coffee", "rather than Google"
        elif low in _SOURCE_PREPOSITIONS and t.head.lemma_.lower() in CHANGE_VERBS:
            run = _run_after(toks, i + 1)  # "switched from Evernote to Obsidian"
        elif t.pos_ == "VERB" and t.lemma_.lower() in _REPLACING_VERBS and not _considered(t):
            objects = [c for c in t.children if c.dep_ == "dobj"]
            if objects:  # "replacing Flutter", "replaced Derek Simms"
                run = _run_after(toks, max(0, objects[0].left_edge.i - first))
        if run and not _considered(t.head):
            out.append(run)
    return tuple(out)


def _considered(token: Any) -> bool:
    """Whether ``token`` is only thought of, not done: under a verb of consideration ("is
    thinking about ditching Flutter"), or a modal of possibility ("might switch from
    Jira")."""
    at, seen = token, 0
    while seen < 8:
        if any(c.dep_ == "aux" and c.lower_ in _MAYBE_MODALS for c in at.children):
            return True
        active = at.tag_ != "VBN"  # "is planned for June" is a date, not a plan to change
        if at.lemma_.lower() in CONSIDERING_VERBS and active and at is not token:
            return True
        if at.head is at:
            return False
        at, seen = at.head, seen + 1
    return False


def _negated(token: Any) -> bool:
    return any(c.dep_ in _NEGATIONS for c in token.children)


def is_problem(doc: Any, category: str) -> bool:
    """Whether a fact states a problem (module doc); a ``challenge`` fact does."""
    if category == "challenge":
        return True
    for t in doc:
        if t.lower_ in PROBLEM_WORDS or t.lemma_.lower() in PROBLEM_WORDS:
            return True
        subjects = [c for c in t.children if c.dep_ in ("nsubj", "nsubjpass")]
        things = [s for s in subjects if s.pos_ == "NOUN"]
        stated = t.dep_ != "advcl"  # not a reason or condition ("because they can't afford")
        if t.pos_ in ("VERB", "AUX") and things and stated and _negated(t):
            return True  # "the authorization language doesn't meet the rules"
    return False


def is_resolution(doc: Any) -> bool:
    """Whether a fact says a problem ended (module doc)."""
    for t in doc:
        if t.pos_ not in ("VERB", "ADJ", "AUX") or _negated(t):
            continue
        lemma = t.lemma_.lower()
        if lemma in RESOLUTION_VERBS or t.lower_ == "unblocked":
            return True
        particles = {c.lower_ for c in t.children if c.dep_ in ("prt", "prep", "advmod")}
        if any((lemma, p) in RESOLUTION_PARTICLES for p in particles):
            return True
    return False
