"""Repairs of what the small model's tagger, parser and NER get wrong in chat text, made on the
parsed doc: a past form read as a base form ("Ran 18k on Sunday"), a lower-case name read as
a verb ("cosmo said no") or missed by NER ("my cousin wendell"), a capitalised opening name read as
a common noun, a word with digits read as a pronoun ("a1c"), emoji read as words, a noun in
"-est" read as a superlative, a clausal subject beside a subject, a request read as one, a
verb read as the object of a contact clause ("the warranty she bought only covers ..."), and a
sentence cut after a word no sentence ends on.
"""

from __future__ import annotations

import re
from typing import Any

from contextos.extract.local.text.casing import RELATION_POSSESSIVES
from contextos.extract.local.text.lexicon import EMOJI_CHARS, RELATION_NOUNS, SYMBOL_CHARS

__all__ = [
    "DIGIT",
    "EMOJI",
    "cut_mid_phrase",
    "name_lower_case_relations",
    "repair_clausal_subject_beside_a_subject",
    "repair_name_read_as_verb",
    "repair_request_read_as_clausal_subject",
    "repair_verb_read_as_object_of_contact_clause",
    "retag_false_superlatives",
    "retag_opening_names",
    "retag_past",
    "retag_pronouns_with_digits",
    "tag_emoji",
]


def retag_past(doc: Any, past: frozenset[str]) -> None:
    """A verb the tagger calls a base or present form that can only be a past form: a
    sentence-opening one read as an imperative ("Ran 18k on Sunday", "Went to the dentist"),
    one after its subject read as a present ("I rang Mum", "we swam there"). Tagged as the
    past it is; one with an auxiliary ("didn't went") is left as typed."""
    for tok in doc:
        if (
            tok.tag_ in ("VB", "VBP")
            and tok.pos_ != "AUX"  # "am", "is": be-forms are no base either
            and not tok.lower_.endswith("s")  # "quizzes": a present the table lists too
            and tok.lower_ in past
            and not any(c.dep_ in ("aux", "auxpass") for c in tok.children)
        ):
            tok.tag_ = "VBD"


#: Tags of pronouns and determiners, none of which is written with a digit.
_CLOSED_PRONOUN_TAGS = frozenset({"PRP", "PRP$", "DT", "PDT", "WDT", "WP", "WP$", "EX"})


def retag_pronouns_with_digits(doc: Any) -> None:
    """A word with letters and digits the tagger calls a pronoun or a determiner ("next a1c
    is on the 17th", "a1c was 7.1"): none has a digit; it is a noun, so the statement has a
    subject to say something of rather than a vague "it" or "that"."""
    for tok in doc:
        if tok.tag_ in _CLOSED_PRONOUN_TAGS and DIGIT.search(tok.text) and not tok.is_digit:
            tok.pos_, tok.tag_ = "NOUN", "NN"


def repair_name_read_as_verb(doc: Any, stop_words: frozenset[str]) -> None:
    """ "also biscuit ate a whole glove", "cosmo said no": a lower-case name opening a sentence
    that the tagger took for a verb, its real verb then hung on it as a complement. Two
    finite verbs in a row cannot both be; the first is the subject (a name), the second the
    root, and what hung on the first (an "also" before it, the final stop) now hangs on it."""
    for sent in doc.sents:
        root = sent.root
        if root.tag_ not in ("VB", "VBP") or not root.is_lower or not root.is_alpha:
            continue
        if len(root) < 3 or root.i + 1 >= sent.end or root.lower_ in stop_words:
            continue
        verb = doc[root.i + 1]
        before = [t for t in sent if t.i < root.i]
        if (
            verb.tag_ not in ("VBD", "VBZ")
            or verb.head.i != root.i
            or any(
                c.dep_ in ("nsubj", "nsubjpass", "aux") for c in (*root.children, *verb.children)
            )
            or not all(t.dep_ in ("advmod", "cc", "intj", "punct") for t in before)
        ):
            continue
        moved = [c for c in root.children if c.i != verb.i]
        verb.head, verb.dep_ = verb, "ROOT"
        root.head, root.dep_ = verb, "nsubj"
        root.tag_, root.pos_ = "NNP", "PROPN"
        root.norm_ = root.text.capitalize()  # how fact texts write it: names.as_written
        for tok in moved:
            tok.head = verb


#: What the tagger may call an unknown capitalised word opening a sentence as its subject.
_OPENING_NAME_MISTAGS = frozenset({"NN", "RB", "JJ"})  # a plural is never listed


def retag_opening_names(doc: Any, dictionary: frozenset[str]) -> None:
    """A capitalised word opening a sentence as its subject that the tagger calls a common
    noun, an adverb or an adjective though the dictionary does not know it ("Álvaro also says
    ...", "Brannock are bringing the design in-house"): a proper noun, as it would have been read
    anywhere else in the sentence."""
    for sent in doc.sents:
        tok = sent[0]
        if (
            tok.tag_ in _OPENING_NAME_MISTAGS
            and tok.dep_ in ("nsubj", "nsubjpass")
            and tok.is_title
            and tok.is_alpha
            and len(tok.text) > 1
            and tok.lower_ not in dictionary
        ):
            tok.pos_, tok.tag_ = "PROPN", "NNP"


def name_lower_case_relations(doc: Any, dictionary: frozenset[str]) -> None:
    """Mark as a person the lower-case name typed after a relation noun ("my cousin wendell
    covers the evenings", "my husband florian"), which NER misses without its capital: a word
    the dictionary does not know, right after "my/our/his/her <relation>"."""
    found = []
    for tok in doc:
        if (
            tok.i >= 2
            and tok.is_lower
            and tok.is_alpha
            and len(tok.text) > 1
            and not tok.is_stop
            and tok.tag_ in ("NN", "NNS", "NNP")
            and not tok.ent_type_
            and tok.lower_ not in dictionary
            and doc[tok.i - 1].lower_ in RELATION_NOUNS
            and doc[tok.i - 2].lower_ in RELATION_POSSESSIVES
        ):
            found.append(tok)
    if not found:
        return
    ents = list(doc.ents)
    for tok in found:
        tok.pos_, tok.tag_ = "PROPN", "NNP"
        tok.norm_ = tok.text.capitalize()  # how fact texts write it: names.as_written
        relation = doc[tok.i - 1]
        if relation.head.i == tok.i and relation.dep_ == "compound" and tok.head.i != tok.i:
            # parsed as a compound ("sister" modifying "bree"): hang it as the capitalised
            # name would be, in apposition to the relation noun ("my cousin Wendell")
            head, dep = tok.head, tok.dep_
            relation.head, relation.dep_ = head, dep
            tok.head, tok.dep_ = relation, "appos"
        ents.append(doc[tok.i : tok.i + 1].char_span(0, len(tok.text), label="PERSON"))
    doc.ents = sorted(ents, key=lambda e: e.start)


DIGIT = re.compile(r"\d")
#: Emoji and the symbols around them: the small model tags them as words.
EMOJI = re.compile(f"[{EMOJI_CHARS}{SYMBOL_CHARS}]")


def repair_request_read_as_clausal_subject(doc: Any) -> None:
    """ "Please answer me always with short sentences, is more easy for me": a request cut off
    by a comma from a verb with no subject of its own (the "it" left out, as speakers of
    languages that drop it do) was read as that verb's clausal subject. The request is the
    sentence's root; what follows the comma is a comment tacked on to it."""
    for tok in doc:
        if tok.dep_ != "csubj" or tok.tag_ != "VB" or tok.i > tok.head.i:
            continue
        verb = tok.head
        end = max(t.i for t in tok.subtree)
        if end >= verb.i or doc[end].text != "," or verb.dep_ != "ROOT":
            continue
        if not any(c.lower_ == "please" for c in tok.children) and tok.i != tok.sent.start:
            continue
        tok.head, tok.dep_ = tok, "ROOT"
        verb.head, verb.dep_ = tok, "parataxis"


def repair_clausal_subject_beside_a_subject(doc: Any) -> None:
    """A clause has one subject: a verb phrase parsed as the clausal subject of a verb that
    has a noun subject too is an adverbial ("going forward Brannock has to do yearly audits":
    "going" was the subject and "Brannock" lost)."""
    for tok in doc:
        if tok.dep_ == "csubj" and any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.head.children):
            tok.dep_ = "advcl"


#: Relative pronouns: a relative clause whose subject is one may have an object of its own
#: ("the shop that sells covers").
_RELATIVE_SUBJECTS = frozenset({"who", "which", "that"})
#: What the parser makes of a verb it read as a noun after a relative clause.
_NOUN_SLOTS = frozenset({"dobj", "dative", "npadvmod", "attr", "oprd"})


def repair_verb_read_as_object_of_contact_clause(doc: Any, verbs: frozenset[str]) -> None:
    """ "the warranty she bought only covers through march", "the course she
    recommended costs $300": a verb that is also a plural noun ("covers", "costs"), right after
    a relative clause with a subject of its own, read as that clause's object; the sentence is
    then left with a noun for its root. The clause's object is the noun it describes ("the
    warranty [that] she bought"), so it has no room for another: the word is the sentence's
    verb, the noun its subject, and what followed the word hangs on it."""
    for sent in doc.sents:
        noun = sent.root
        if noun.pos_ not in ("NOUN", "PROPN"):
            continue
        clause = next((c for c in noun.children if c.dep_ == "relcl" and c.i > noun.i), None)
        if clause is None:
            continue
        subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
        if subject is None or subject.lower_ in _RELATIVE_SUBJECTS:
            continue
        word = next((c for c in clause.children if c.dep_ in _NOUN_SLOTS and c.i > clause.i), None)
        if word is None or word.tag_ not in ("NNS", "VBZ") or not word.is_lower:
            continue
        between = doc[clause.i + 1 : word.i]
        if any(t.pos_ != "ADV" for t in between):
            continue  # "the film we saw last night ..." has words of its own between
        lemma = _verb_of_s_form(word.lower_, verbs)
        if lemma is None:
            continue
        moved = [c for c in (*clause.children, *noun.children) if c.i > word.i]
        word.tag_, word.pos_, word.lemma_ = "VBZ", "VERB", lemma
        word.head, word.dep_ = word, "ROOT"
        noun.head, noun.dep_ = word, "nsubj"
        for tok in moved:
            tok.head = word
        for tok in word.rights:
            if tok.dep_ in ("appos", "compound", "nmod", "npadvmod") and tok.pos_ != "ADV":
                tok.dep_ = "dobj"  # "costs $300"


def _verb_of_s_form(word: str, verbs: frozenset[str]) -> str | None:
    """The verb ``word`` is the third-person present of ("covers" -> "cover", "fixes" ->
    "fix", "carries" -> "carry"), or None."""
    for stem in (word[:-3] + "y" if word.endswith("ies") else "", word[:-2], word[:-1]):
        if len(stem) > 1 and stem in verbs and (stem == word[:-1] or word.endswith("es")):
            return stem
    return None


def tag_emoji(doc: Any) -> None:
    """Tag emoji as symbols: the small model calls them proper nouns or numbers ("switch it
    off 🎈"), which made them count as named things, entities and content words."""
    for t in doc:
        if EMOJI.fullmatch(t.text[:1]) and not any(c.isalnum() for c in t.text):
            t.pos_ = "SYM"
            t.tag_ = "NFP"


def retag_false_superlatives(doc: Any, adjectives: frozenset[str]) -> None:
    """A noun ending in "-est" that the tagger took for a superlative by its ending ("the
    retest is on Thursday": "retest" JJS, lemma "ret") is a noun: a superlative's base is an
    adjective (one of ``adjectives``: "biggest" -> "big"), and with a determiner in a noun's
    place it is the thing named."""
    for tok in doc:
        if (
            tok.tag_ == "JJS"
            and tok.lower_.endswith("est")
            and tok.lemma_.lower() not in adjectives
            and tok.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj")
            and any(c.dep_ in ("det", "poss") for c in tok.children)
        ):
            tok.tag_, tok.pos_, tok.lemma_ = "NN", "NOUN", tok.lower_


#: Tags of a word no sentence ends on: a preposition, an article, a conjunction, a possessive.
_DANGLING_TAGS = frozenset({"IN", "TO", "DT", "CC", "PRP$", "WDT"})


def cut_mid_phrase(doc: Any) -> list[int]:
    """Where the parser started a sentence right after a word no sentence ends on ("move
    our billing from | Ledgerly 3.1 to Quillbooks"): the first tokens of those
    sentences, unless a line break stands between."""
    starts = [sent.start for sent in doc.sents][1:]
    return [
        i
        for i in starts
        if (prev := doc[i - 1]).tag_ in _DANGLING_TAGS
        and not prev.is_punct
        and "\n" not in prev.whitespace_
    ]
