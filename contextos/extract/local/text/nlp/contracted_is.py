"""A "'s" the small parser read as a possessive that is the verb "is": "my mum's in hospital",
"Oswin's alright", "Hartwig's my partner", "Evander's 14". The "'s" is made the verb, the word
before it its subject and what followed hung on it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["repair_noun_s_predicates", "repair_owned_number", "repair_owned_twice"]


#: Tags that open a predicate after "'s" = "is" ("in hospital", "due in May", "full").
_PREDICATE_STARTS = frozenset({"IN", "RB", "JJ", "JJR", "VBN"})


def repair_noun_s_predicates(doc: Any, adjectives: frozenset[str]) -> None:
    """Reparse "my mum's in hospital again", "the deposit's due in January": a sentence with
    no verb whose root noun has its own "'s" right after it, followed by a predicate, which the
    small parser reads as a possessive. The "'s" is "is": made the root, the noun its subject,
    and what followed hung on it. Also "Oswin's alright": an adjective (one of
    ``adjectives``) the parser made a noun owned by the name before the "'s"."""
    for sent in doc.sents:
        root = sent.root
        if root.pos_ not in ("NOUN", "PROPN", "ADJ"):
            continue
        if (root.pos_ == "ADJ" or root.lower_ in adjectives) and root.i >= 2:
            _owned_adjective_is_predicate(doc, root)
            continue
        if root.i + 2 >= sent.end:
            continue
        clitic, after = doc[root.i + 1], doc[root.i + 2]
        if (
            clitic.lower_ not in ("'s", "’s")
            or clitic.head.i != root.i
            or after.tag_ not in _PREDICATE_STARTS
        ):
            continue
        # no verb but the participle the "'s" opens ("catering's booked with Thyme & Quill")
        if any(t.pos_ in ("VERB", "AUX") and t.i != after.i for t in sent):
            continue
        moved = [c for c in root.children if c.i > clitic.i]
        _clitic_as_is(clitic, root, moved)
        for child in moved:
            if child.dep_ == "amod":
                child.dep_ = "acomp"


#: Possessives a noun already owned by a name before a "'s" cannot also have.
_SECOND_OWNERS = frozenset({"my", "our", "your", "his", "her", "their"})


def repair_owned_twice(doc: Any) -> None:
    """ "Hartwig's my partner, he teaches physics", "Barnaby's our son": read as a possessive,
    the noun would have two owners ("Hartwig's" and "my"), which no noun has: the "'s" is "is",
    the name its subject and the noun what it is. The "'s" takes the noun's place in the
    sentence (a clause spliced on before a comma is one the clause splitter finds)."""
    for clitic in doc:
        if clitic.lower_ not in ("'s", "’s") or clitic.tag_ != "POS":
            continue
        owner = clitic.head
        noun = owner.head
        if (
            owner.dep_ != "poss"
            or owner.pos_ != "PROPN"
            or noun.i <= clitic.i
            or noun.pos_ != "NOUN"
            or not any(
                c.dep_ == "poss" and c.lower_ in _SECOND_OWNERS and c.i > clitic.i
                for c in noun.children
            )
        ):
            continue
        stops = [c for c in noun.children if c.dep_ == "punct"]
        root = noun.head.i == noun.i  # then the sentence's closing stop hangs on its new root
        _clitic_as_is(clitic, owner, stops if root else [], replaces=noun)
        noun.head, noun.dep_ = clitic, "attr"


def repair_owned_number(doc: Any) -> None:
    """ "Evander's 14 so he's in the top set", "my son's 9", "Perpetua's only 9": a number right
    after a name's or noun's "'s" (an adverb such as "only" between) that counts nothing after
    it is an age or an amount the "'s" ("is") gives, not a thing owned; the parser read a
    possessive. The "'s" takes the place in the sentence of whichever of the two the parser
    made the head, the owner its subject and the number what it is."""
    for clitic in doc:
        if clitic.lower_ not in ("'s", "’s") or clitic.tag_ != "POS":
            continue
        owner = clitic.head
        k = clitic.i + 1
        if k < len(doc) and doc[k].tag_ == "RB" and doc[k].head.i != owner.i:
            k += 1
        if k >= len(doc) or owner.i != clitic.i - 1 or owner.pos_ not in ("PROPN", "NOUN"):
            continue
        number = doc[k]
        if number.tag_ != "CD" or (number.head.i > number.i and number.head.pos_ == "NOUN"):
            continue
        if number.head.i == owner.i:  # "Theo's 13": the owner heads
            top, rest = owner, [c for c in owner.children if c.i > number.i]
        elif owner.head.i == number.i:  # "Perpetua's only 9": the number heads
            top, rest = number, [c for c in number.children if c.i > number.i]
        else:
            continue
        _clitic_as_is(clitic, owner, rest, replaces=top)
        number.head, number.dep_ = clitic, "attr"


def _owned_adjective_is_predicate(doc: Any, root: Any) -> None:
    """ "Oswin's alright" read as a possessive: the "'s" made the root "is", the owner its
    subject and the adjective its complement, with what else hung on the adjective."""
    clitic, owner = doc[root.i - 1], doc[root.i - 2]
    if clitic.lower_ not in ("'s", "’s") or owner.dep_ != "poss" or owner.head.i != root.i:
        return
    children = [c for c in root.children if c.i not in (clitic.i, owner.i)]
    _clitic_as_is(clitic, owner, [root, *children])
    root.dep_, root.pos_, root.tag_ = "acomp", "ADJ", "JJ"


def _clitic_as_is(clitic: Any, subject: Any, moved: list[Any], replaces: Any | None = None) -> None:
    """Make a "'s" the parser read as a possessive the verb "is", with ``subject`` its subject
    and the ``moved`` tokens hung on it: the root, or where the token it ``replaces`` stood
    (a clause of that token's head when it was not the root)."""
    if replaces is None or replaces.head.i == replaces.i:
        clitic.head, clitic.dep_ = clitic, "ROOT"
    else:
        clitic.head, clitic.dep_ = replaces.head, "ccomp"
    clitic.pos_, clitic.tag_, clitic.lemma_ = "AUX", "VBZ", "be"
    subject.head, subject.dep_ = clitic, "nsubj"
    for tok in moved:
        tok.head = clitic
