"""A verbless fragment that says what the speaker is: "As a nurse working nights, ..." (a role
asked from) and "Backend dev at Quillhost.", "Retired welder, 71, living in Bergen." (a role noun
opening the sentence), to be read as "<speaker> is a ...".
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.local.dates import is_calendar_word
from contextos.extract.local.text import lexicon as lx

__all__ = ["as_a_role", "role_fragment"]


#: Nouns of "as a ..." phrases that link what is said, not a role ("as a result").
_AS_A_IDIOMS = frozenset(
    "result example aside reminder rule whole alternative consequence matter bonus precaution "
    "compromise side note courtesy gesture token favour favor backup test heads-up".split()
)


def as_a_role(tokens: list[Any]) -> list[Any] | None:
    """The fragment "As a nurse working nights" (a role the speaker asks from, cut off the
    question after it) said as a role: its words from the "a" on, which an "is" before them
    makes say so ("<speaker> is a nurse working nights"); None for anything else."""
    toks = tokens
    if len(toks) < 3 or toks[0].lower_ != "as" or toks[0].dep_ != "ROOT":
        return None
    role = next((c for c in toks[0].children if c.dep_ == "pobj"), None)
    if role is None or role.pos_ != "NOUN" or toks[1].lower_ not in ("a", "an"):
        return None
    if role.lemma_.lower() in _AS_A_IDIOMS:
        return None  # "As a result, ...", "As an example, ..."
    if any(t.pos_ in ("VERB", "AUX") and t.dep_ not in ("acl", "compound", "amod") for t in toks):
        return None
    return toks[1:]


#: Words before a role noun that keep a fragment a description of the speaker ("a retired
#: nurse", "sole trader", "2nd-year law student"); "my", "the", "our" make it someone's.
_ROLE_MODIFIER_DEPS = frozenset({"amod", "compound", "nummod", "npadvmod", "nmod", "punct"})
#: A capitalised word after a lower-case word or a comma: a name said before ("Met Sarah").
_NAMED_MID_SENTENCE = re.compile(r"(?<=[a-z,] )[A-Z][a-z]")
#: Letters whose names start with a vowel sound: "an A&E nurse", "an RN", "an SRE".
_VOWEL_SOUND_LETTERS = frozenset("AEFHILMNORSX")


def role_fragment(
    sent: Any, head: Any, tokens: list[Any], said_before: str
) -> tuple[list[Any], str] | None:
    """A verbless fragment of ``sent`` that is a role ("Backend dev at Quillhost.", "Retired welder,
    71, living in Bergen.", "Context: sole trader, Quillfeather."), said as the speaker being one:
    its words and what goes before them ("is a": "<speaker> is a backend dev at Quillhost"). Only a
    singular role noun (``ROLE_NOUNS``, "dev" for "developer") opening the sentence with nothing
    but modifiers before it, with no verb of its own, not a question, and with no one else named
    before it in the turn ("Met Sarah. Product designer at Brannock." describes Sarah). None
    otherwise."""
    toks = tokens
    if head.pos_ != "NOUN" or head.tag_ != "NN" or not _is_role_noun(head):
        return None
    label = head.head
    if head.dep_ == "appos" and label.i == sent.root.i and label.lower_ in lx.LABEL_WORDS:
        # "Context: sole trader, Quillfeather": the role after the label and its colon
        toks = [t for t in toks if t.i > label.i and not (t.i == label.i + 1 and t.is_punct)]
    elif head.i != sent.root.i:
        return None
    if not toks or "?" in sent.text:
        return None
    if any(t.pos_ in ("VERB", "AUX") and t.dep_ not in ("acl", "amod") for t in sent):
        return None
    before = [t for t in toks if t.i < head.i]
    if any(t.dep_ not in _ROLE_MODIFIER_DEPS and t.lower_ not in ("a", "an") for t in before):
        return None
    if any(t.ent_type_ in ("DATE", "TIME") or is_calendar_word(t.text) for t in before):
        return None  # "Monday laundry.": a chore of the day, no role
    if _NAMED_MID_SENTENCE.search(said_before + sent.doc[: sent.start].text):
        return None  # someone named before: the fragment may describe them
    first = toks[0]
    if first.lower_ in ("a", "an"):
        return toks, "is"
    letter = first.text[:1]
    vowel = letter.lower() in "aeiou" if not first.is_upper else letter in _VOWEL_SOUND_LETTERS
    return toks, "is an" if vowel else "is a"


def _is_role_noun(tok: Any) -> bool:
    low = tok.lower_
    return (
        low in lx.ROLE_NOUNS
        or tok.lemma_.lower() in lx.ROLE_NOUNS
        or lx.SHORTHAND.get(low, "") in lx.ROLE_NOUNS
    )
