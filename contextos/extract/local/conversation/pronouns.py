"""What an "it" or a "them" in the speaker's statement stands for.

A fact must read on its own: "Dana has read hundreds of them" says nothing once the chat is
gone. A thing pronoun the speaker acts on ("I use it every day", "I've read hundreds of them",
"I love the way it makes me feel") takes the thing named last before it with the same number —
an object earlier in the sentence ("I bought a Kindle, I use it every day"), or, when the
sentence names none, the one such thing the speaker's sentence before names ("I love reading
mysteries. I've read hundreds of them."). One that stands for something only the other speaker
named ("I'll have to give it a try") has no referent here; the statement is then rejected as
vague rather than stored half-said. Pronouns that point ahead ("I find it hard to say no",
"I hate it when ...") or are part of a set phrase ("made it to the finals") are left alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from contextos.extract.local.clauses.subjects import first_person_subject
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import relation_named, said_to_be_mine

__all__ = [
    "ThingPronoun",
    "named_thing",
    "object_phrase",
    "owned_thing",
    "person_noun",
    "place_referent",
    "refers_back",
    "thing_pronoun",
]

#: the pronoun, and the fine-grained noun tags of the things it can stand for
_NUMBER = {"it": ("NN", "NNP"), "them": ("NNS", "NNPS"), "they": ("NNS", "NNPS")}
#: where a pronoun is something acted on ("use it", "read on it", "give it a try")
_OBJECT_DEPS = ("dobj", "pobj", "dative")
#: the kinds of subject whose statements are the speaker's own doing, or a named person's
_SPEAKERS = ("self", "implied", "group", "standing", "person")
#: prepositions after which a noun was spoken of rather than used as a place or a measure
_ABOUT = ("about", "on", "with")
#: what a thing named in the sentence before does in it, for a pronoun to stand for it
_BEFORE_DEPS = frozenset({"dobj", "attr", "nsubj", "nsubjpass", "pobj", "poss", "appos"})
#: words that open what an "it" points ahead to ("find it hard to", "hate it when")
_TO_THAT = frozenset({"to", "that"})
_WHEN_IF = frozenset({"when", "if", "whenever"})
#: entities a "there" can stand for
_PLACE_ENTITIES = frozenset({"ORG", "GPE", "LOC", "FAC"})
#: what does the making in "card fees make it messy" (not what "it" can stand for)
_DOERS = frozenset({"nsubj", "nsubjpass"})
#: verbs that make their object so ("make it messy", "keep it simple")
_CAUSATIVE_VERBS = frozenset({"make", "keep", "leave", "render"})
#: a word right after "it" that makes a set phrase ("love it here", "take it easy")
_SET_PHRASE_ADVERBS = frozenset({"here", "there", "all", "easy"})
#: verbs that with "it out" mean solving whatever the matter is ("figure it out")
_SOLVE_VERBS = frozenset({"figure", "sort", "work"})
#: the speaker's own possessives, which read "their" in the third person
_OWN = frozenset({"my", "our"})


@dataclass(frozen=True)
class ThingPronoun:
    """A thing pronoun in a statement and the words it stands for, or ``None`` for words when
    nothing the speaker said names it."""

    token: Any
    stands_for: str | None


def thing_pronoun(
    clause_tokens: list[Any],
    subject_kind: str,
    earlier: list[Any],
    before: list[list[Any]],
) -> ThingPronoun | None:
    """The thing pronoun of a statement of the speaker's and what it stands for; ``None`` when
    the statement has none, or has one whose referent is written next to it in the sentence.

    ``earlier``: the tokens before the statement in its sentence; ``before``: the tokens of the
    speaker's previous sentences in the same turn, the nearest first."""
    if subject_kind not in _SPEAKERS:
        return None
    pron = next((t for t in clause_tokens if _needs_referent(t)), None)
    if pron is None:
        return None
    if any(t.lower_ == pron.lower_ for t in earlier):
        return None  # "keep it short, I'm reading it on my phone": from further back still
    tags = _NUMBER[pron.lower_]
    # not what it hangs on ("hundreds of them") nor what its own verb acts on ("the humor in it")
    verb = next((a for a in pron.ancestors if a.pos_ in ("VERB", "AUX")), None)
    mine = {a.i for a in pron.ancestors} | {c.i for c in verb.children} if verb else set()
    inside = [t for t in clause_tokens if t.i < pron.i and t.i not in mine]
    in_sentence = [t for t in [*earlier, *inside] if _names_thing(t, tags)]
    if in_sentence:
        found = _antecedent(in_sentence)
        # named in the sentence but not as an object: the reader has it next to the pronoun
        return ThingPronoun(pron, object_phrase(found)) if found is not None else None
    # the sentence before: only when it names one such thing ("I love reading mysteries. I've
    # read hundreds of them"); "we track the evidence in a workbook. I hate it" is either. One
    # that names none passes on to the one before it ("the migration is done. cut over
    # Friday, zero incidents. Wen did most of it")
    for sentence in before:
        if any(t.lower_ == pron.lower_ and t.pos_ == "PRON" for t in sentence):
            continue  # "I bought a laptop. It was on sale. I love it": the same "it" again
        named = [t for t in sentence if _names_thing(t, tags) and t.dep_ in _BEFORE_DEPS]
        named = [t for t in named if not _measure(t) and t.lower_ not in lx.VAGUE_OBJECTS]
        if len({t.lemma_.lower() for t in named}) == 1:
            return ThingPronoun(pron, object_phrase(named[-1]))
        if named:
            break
    return ThingPronoun(pron, None)


def owned_thing(earlier: list[Any], before: list[list[Any]]) -> Any | None:
    """The noun a subject "mine" stands for: the nearest thing said before as someone's, in
    its sentence (``earlier``: its tokens before the clause) or the speaker's sentences before
    (``before``, the nearest first) — "Sam's car broke down, mine is fine", "bevs passport
    expired in jan ... mine is good til 2029"; None when none was."""
    for tokens in (earlier, *before):
        for tok in reversed(tokens):
            if (
                tok.pos_ in ("NOUN", "PROPN")
                and tok.dep_ in ("nsubj", "nsubjpass", "dobj")
                and tok.lower_ not in lx.INDEPENDENT_POSSESSIVES
                and any(_someones(c) for c in tok.children)
            ):
                return tok
    return None


def named_thing(head: Any, before: list[list[Any]]) -> str | None:
    """What the "it" of a naming statement ("It's called The Ferryman's Widow", "it's
    named Ledgerly") stands for: the thing the speaker brought up as theirs in the nearest of
    their sentences before that brought one up ("I've been drafting a spy novel", "my new
    app") -> "spy novel"; None when the head is no naming verb or no such thing was said."""
    if head.lemma_.lower() not in lx.NAMING_VERBS or not any(
        c.dep_ == "auxpass" for c in head.children
    ):
        return None
    for sentence in before:
        brought_up = [t for t in sentence if _brought_up_as_theirs(t)]
        if brought_up:
            noun = brought_up[-1]
            mods = [c for c in noun.lefts if c.dep_ in ("compound", "amod") and c.i < noun.i]
            return " ".join([*(m.lower_ for m in mods), noun.lower_])
    return None


def _brought_up_as_theirs(tok: Any) -> bool:
    """A singular noun the speaker introduces as theirs: "my app", or "a novel" that "I" or
    "we" act on ("I've been drafting a spy novel"), not one taken in or liked ("I read a
    book", "I love a podcast")."""
    if tok.tag_ != "NN" or not _names_thing(tok, ("NN",)) or tok.dep_ not in _BEFORE_DEPS:
        return False
    det = next((c for c in tok.children if c.dep_ in ("det", "poss")), None)
    if det is None:
        return False
    if det.lower_ in _OWN:
        return True
    verb = tok.head
    return (
        det.lower_ in ("a", "an")
        and tok.dep_ == "dobj"
        and verb.lemma_.lower() not in lx.CONSUMING_VERBS
        and verb.lemma_.lower() not in lx.PREFERENCE_VERBS
        and first_person_subject(verb)
    )


def _someones(tok: Any) -> bool:
    """``tok`` says whose the noun it hangs on is: a possessive ("Sam's", "her"), or a name
    with a possessive s typed without its apostrophe ("bevs passport")."""
    if tok.dep_ == "poss":
        return tok.lower_ not in _OWN
    return (
        tok.dep_ == "compound"
        and tok.i + 1 == tok.head.i
        and tok.is_lower
        and len(tok.text) > 3
        and tok.lower_.endswith("s")
        and not tok.lower_.endswith("ss")
    )


def place_referent(
    clause_tokens: list[Any], before: list[Any] | None
) -> tuple[Any, str, str] | None:
    """A "there" the statement says something happens at, with the preposition and the place
    it stands for: the one place or organisation named before it in its sentence, else in the
    speaker's sentence before ("I work at Brannock. I've been there since 2019" -> "at",
    "Brannock"); None when there is none, or more than one."""
    there = next(
        (t for t in clause_tokens if t.lower_ == "there" and t.dep_ == "advmod" and t.tag_ == "RB"),
        None,
    )
    if there is None:
        return None
    # the sentence's own words before "there" come first ("Moving to Grenoble in April, my
    # partner got a post there")
    places = _places_named([t for t in there.sent if t.i < there.i]) or _places_named(before or [])
    if len(places) != 1:
        return None
    name, kind = next(iter(places))
    return there, "at" if kind in ("ORG", "FAC") else "in", name


def _places_named(tokens: list[Any]) -> set[tuple[str, str]]:
    """(name, entity type) of each place or organisation ``tokens`` name."""
    return {
        (" ".join(x.text for x in t.doc[t.i : _entity_end(t)]), t.ent_type_)
        for t in tokens
        if t.ent_iob_ == "B"
        and t.ent_type_ in _PLACE_ENTITIES
        and not (relation_named(t) or said_to_be_mine(t))  # "my mentor is Radomir"
    }


def _entity_end(tok: Any) -> int:
    end = tok.i + 1
    while end < len(tok.doc) and tok.doc[end].ent_iob_ == "I":
        end += 1
    return end


def refers_back(clause_tokens: list[Any], earlier: list[Any]) -> bool:
    """Whether a statement about a thing acts on an "it"/"them" that nothing before it in its
    sentence names ("late payment fees make it messy"): it goes on about what the sentence
    before said."""
    pron = next((t for t in clause_tokens if _needs_referent(t) or _made_so(t)), None)
    if pron is None or any(t.lower_ == pron.lower_ for t in earlier):
        return False
    tags = _NUMBER[pron.lower_]
    doer = {t.i for a in pron.ancestors for c in a.children if c.dep_ in _DOERS for t in c.subtree}
    return not any(
        _names_thing(t, tags)
        for t in [*earlier, *clause_tokens]
        if t.i < pron.i and t.i not in doer
    )


def _made_so(tok: Any) -> bool:
    """The "it" of "make it messy", "keep it simple": what the verb makes so, which the small
    parser reads as the subject of the state (not "make it clear that ...")."""
    state = tok.head
    return (
        tok.lower_ == "it"
        and tok.dep_ == "nsubj"
        and state.dep_ in ("ccomp", "xcomp")
        and state.head.lemma_.lower() in _CAUSATIVE_VERBS
        and not _introduced(state, _TO_THAT)
    )


def _needs_referent(tok: Any) -> bool:
    """An "it"/"them" the statement acts on, or an "it"/"they" doing something in a clause
    that describes a thing ("the way it makes me feel")."""
    low = tok.lower_
    if low not in _NUMBER or tok.pos_ != "PRON" or tok.text == "IT":  # "I work in IT"
        return False
    if low in ("it", "them") and tok.dep_ in _OBJECT_DEPS:
        return not _points_ahead(tok)
    if low == "them" and tok.dep_ == "nsubj":
        return True  # "watching them play"
    return tok.dep_ == "nsubj" and tok.head.dep_ == "relcl"  # "the way they mix punk"


def _points_ahead(tok: Any) -> bool:
    """ "find it hard to", "hate it when", "made it to the finals", "love it here", "the
    mystery of it all", "while I'm at it": "it" stands for what follows or for nothing."""
    head = tok.head
    after = [c for c in head.children if c.i > tok.i]
    for c in after:
        if c.dep_ in ("oprd", "acomp") and c.pos_ == "ADJ" and _introduced(c, _TO_THAT):
            return True  # "find it hard to say no", "make it clear that"
        if c.dep_ == "ccomp" or (c.dep_ == "advcl" and tok.nbor(1).lower_ in _WHEN_IF):
            return True  # "hate it when people are late", not "sorted it that evening when"
    if tok.lower_ == "it" and any(
        c.lower_ in _SET_PHRASE_ADVERBS for c in tok.doc[tok.i + 1 : tok.i + 2]
    ):
        return True  # not "I've read them all"
    if tok.lower_ == "it" and head.lower_ == "at" and head.head.lemma_ == "be":
        return True  # "while I'm at it": whatever one is doing
    if head.lemma_ in _SOLVE_VERBS and any(c.dep_ == "prt" and c.lower_ == "out" for c in after):
        return True  # "when I finally figure it out": the problem, whatever it is
    return head.lemma_ == "make"  # "we made it", "made it to the finals"


def _introduced(word: Any, marks: frozenset[str]) -> bool:
    """Whether a clause opened by one of ``marks`` is ``word`` or hangs on it."""
    return any(
        c.dep_ in ("mark", "aux", "advmod") and c.lower_ in marks and c.i < w.i
        for w in (word, *word.children)
        for c in w.children
    )


def _names_thing(tok: Any, tags: tuple[str, ...]) -> bool:
    """Whether ``tok`` names a thing of the pronoun's number: a noun with one of ``tags``,
    or, for "it", a capitalised word inside the sentence the tagger read as a verb ("learning
    Go")."""
    named = tok.tag_ in tags or (
        "NN" in tags and tok.is_title and tok.i > tok.sent.start and tok.pos_ == "VERB"
    )
    return (
        named
        and tok.ent_type_ not in ("DATE", "TIME", "PERSON")
        and tok.lemma_.lower() not in lx.TIME_NOUNS
        and tok.lower_ not in _INDEFINITES  # "approved nothing of the sort, I'll report it"
        # a person is no "it": "I've asked our notary friend to check it"
        and not ("NN" in tags and person_noun(tok))
    )


def person_noun(tok: Any) -> bool:
    """A noun for a person: a relation, a role, or a plain "guy" or "neurologist"."""
    low = tok.lemma_.lower()
    return (
        low in lx.RELATION_NOUNS
        or low in lx.ROLE_NOUNS
        or low in lx.PEOPLE_NOUNS
        or low.endswith(lx.PEOPLE_NOUN_ENDINGS)
    )


#: Indefinite pronouns the tagger calls nouns: they name nothing a pronoun can stand for.
_INDEFINITES = frozenset(
    "nothing anything something everything none nobody anybody somebody everybody no-one "
    "anyone someone everyone".split()
)


def _antecedent(named: list[Any]) -> Any | None:
    """The last of ``named`` that was acted on or spoken of: what was done to something ("found
    a bug in the export tool") before where it was, then what was talked about ("ask about
    the CT scan"); not a measure ("under 200 words")."""
    for wanted in (("dobj", "attr"), ("pobj",)):
        found = [
            t
            for t in named
            if t.dep_ in wanted
            and t.lower_ not in lx.VAGUE_OBJECTS  # "how my boss wants things, and how I do"
            and (wanted != ("pobj",) or (t.head.lower_ in _ABOUT and not _measure(t)))
        ]
        if found:
            return found[-1]
    return None


def _measure(noun: Any) -> bool:
    """ "under 200 words": a counted noun after a preposition measures, it is not a thing."""
    return noun.dep_ == "pobj" and any(c.dep_ == "nummod" for c in noun.children)


def object_phrase(noun: Any) -> str:
    """ "CT scan", "the Kindle", "the old laptop": a noun named as an object, to stand for "it"."""
    mods = [c for c in noun.lefts if c.dep_ in ("compound", "amod", "nummod") and c.i < noun.i]
    words = [*(m.text for m in mods), noun.text]
    after = noun.doc[noun.i + 1] if noun.i + 1 < len(noun.doc) else None
    if (
        after is not None
        and after.dep_ in ("appos", "nummod")
        and after.head.i == noun.i
        and not after.n_lefts
    ):
        words.append(after.text)  # "the callback URL", "a Pixel 8": one name split in two
    if (mods[0] if mods else noun).i == noun.sent.start and noun.pos_ != "PROPN":
        words[0] = words[0].lower()  # "Octopuses are cool! I love watching them"
    det = next((c for c in noun.lefts if c.dep_ in ("det", "poss")), None)
    counted = any(m.dep_ == "nummod" for m in mods)  # "two dogs" -> "the two dogs"
    if det is None:
        return " ".join(["the", *words] if noun.tag_ == "NN" or counted else words)
    if det.lower_ in _OWN:
        return " ".join(["their", *words])  # "I love my parents, I call them": their parents
    if det.lower_ in lx.THIRD_POSSESSIVES:
        return " ".join([det.lower_, *words])
    title = noun.pos_ == "PROPN" and det.text[:1].isupper() and det.i > det.sent.start
    return " ".join([det.text if title else "the", *words])  # "The Overstory", "the Kindle"
