"""Fact text: a clause rewritten as a self-contained third-person statement.

Token by token over the parse, so nothing is invented: first-person pronouns become the
speaker's name ("I" -> "Dana", "my" -> "Dana's"), the verb agrees with its new subject
("I'm" -> "Dana is", "I hate" -> "Dana hates"), an anaphoric "he"/"she" becomes the person it
refers to, relative dates become absolute ones, and a dropped chat subject is restored
("finished the migration" -> "Dana finished the migration").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from contextos.extract.local.clauses.listeners import in_hyphenated_word, listeners_kin, plural_you
from contextos.extract.local.clauses.openings import typed_we_are, verbless_state
from contextos.extract.local.clauses.subjects import SUBJECT_DEPS
from contextos.extract.local.clauses.vagueness import filler_phrase_tokens
from contextos.extract.local.text import lexicon as lx
from contextos.extract.local.text.names import as_written, kin_as_name
from contextos.models.extraction import display_name

__all__ = [
    "RenderContext",
    "addressed_name",
    "inflect_3sg",
    "lowered_first",
    "render_clause",
    "third_person_verbs",
]


_SEPARATOR_BEFORE_CLOSE = re.compile(r"\s*[,;:–—-]\s*\)")
_EMPTY_BRACKETS = re.compile(r"\s*\(\s*\)")
#: Two commas a dropped word stood between ("in Fortran, naturally, because lab").
_DOUBLE_COMMA = re.compile(r",(?:\s*,)+")
#: A space a dropped word left before a comma or closing bracket ("vegetarian btw, and").
_SPACE_BEFORE_CLOSE = re.compile(r"(?<=\w)\s+(?=[,)])")
_EMOJI = re.compile(f"^[{lx.EMOJI_CHARS}]+$")


def lowered_first(text: str) -> str:
    """``text`` with a lower-case first letter, as it reads inside a sentence; an acronym's
    stays ("HQ approved it", not "hQ approved it")."""
    return text if text[:2].isupper() else text[:1].lower() + text[1:]


#: Words a message opens with before the name of the person it is addressed to.
_VOCATIVE_LEAD = (
    r"(?:^|[.!?]\s+|\b(?:hi|hey|hello|thanks|thank you|congrats|congratulations|sorry|"
    r"welcome|good luck|well done|nice work|great job|morning|evening)\s*,?\s+)"
)


def addressed_name(full_name: str, texts: Iterable[str]) -> str | None:
    """The short form of ``full_name``'s given name the others call them by ("Congratulations,
    Thad!" for "Thaddeus Brannock"), or None. Only a strict prefix of the given name, of three
    letters or more, written as a vocative (after a greeting, before "!", "," or "?")."""
    first = display_name(full_name)
    if len(first) < 4 or not first[:1].isupper():
        return None
    stem = re.compile(re.escape(first[:3]), re.I)
    pattern = re.compile(
        _VOCATIVE_LEAD + r"(?P<name>" + re.escape(first[:3]) + r"[a-z]*)(?=\s*[!,?])",
        re.I,
    )
    for text in texts:
        if stem.search(text) is None:  # the cheap test first: most texts never name them
            continue
        for m in pattern.finditer(text):
            name = m.group("name")
            if name[:1].isupper() and len(name) < len(first) and first.startswith(name):
                return name
    return None


@dataclass
class RenderContext:
    speaker: str  # the speaker's display name
    pronoun_referent: str | None = None  # who "he"/"she"/"they" means, when known
    #: the referent is several people ("my parents ... they"): its verb stays plural
    plural_referent: bool = False
    #: token index -> replacement text for the first token of a span, and the span's end index
    replacements: dict[int, tuple[str, int]] = field(default_factory=dict)
    assistant_name: str = "the assistant"
    in_assistant_chat: bool = True
    #: several people speak (a meeting): "we" is their team, not the speaker alone
    in_meeting: bool = False
    #: in a meeting, who "you"/"your" means (display name), when known
    addressee: str | None = None
    #: token index -> words to write before it (a project's name: "the beta" -> "the X beta")
    insertions: dict[int, str] = field(default_factory=dict)
    #: who "we"/"us" is when not the speaker alone ("Florian's family", "Florian and Sam")
    group: str | None = None
    #: the group is several people named ("Florian and Sam"): a "we" verb stays plural
    plural_group: bool = False
    #: first names (lower case) of the people speaking or named: "Dev" is one, not "developer"
    known_names: frozenset[str] = frozenset()


def inflect_3sg(lemma: str) -> str:
    """Third-person singular present of a verb lemma ("go" -> "goes", "try" -> "tries")."""
    if lemma in lx.IRREGULAR_3SG:
        return lx.IRREGULAR_3SG[lemma]
    if lemma.endswith("y") and len(lemma) > 1 and lemma[-2] not in "aeiou":
        return lemma[:-1] + "ies"
    if lemma.endswith(("s", "sh", "ch", "x", "z", "o")):
        return lemma + "es"
    return lemma + "s"


def _agreeing_verbs(subj: Any) -> set[int]:
    """Token indices of the finite verb forms that agree with ``subj``."""
    head = subj.head
    out: set[int] = set()
    auxes = [c for c in head.children if c.dep_ in ("aux", "auxpass") and c.i > subj.i]
    if auxes:
        out.add(auxes[0].i)
    elif head.i > subj.i:
        out.add(head.i)
    # "I'll sit and eat": the conjunct shares the "will"; a base form cannot share a "have" or
    # a "be" ("I've exported the data and want a chart", "I'm working from home and love it")
    shared = any(a.lemma_.lower() not in ("have", "be") for a in auxes)
    past = head.tag_ == "VBD" and not auxes  # "I sat and read": "read" is past too
    for conj in head.children:  # "I'm from Brazil but live in Bergen": the shared subject
        if (
            not shared
            and not past
            and conj.dep_ == "conj"
            and (
                (conj.pos_ in ("VERB", "AUX") and conj.tag_ in ("VBP", "VB"))
                or _verb_read_as_word(conj, head)
            )
            and not any(c.dep_ in ("nsubj", "nsubjpass", "aux") for c in conj.children)
        ):
            out.add(conj.i)
    return out


def _verb_read_as_word(conj: Any, head: Any) -> bool:
    """A bare noun or adjective joined to a present verb right after its "and"/"or": a verb
    the tagger misread ("I either walk or cycle to work", "I cook and clean on Sundays")."""
    return (
        head.tag_ == "VBP"
        and head.pos_ == "VERB"  # not "I'm vegetarian, and allergic to peanuts"
        and conj.tag_ in ("NN", "JJ")
        and conj.i > 0
        and conj.doc[conj.i - 1].dep_ == "cc"
        and not any(c.dep_ in _NOMINAL_MODIFIERS for c in conj.children)
    )


#: Words that make a noun a noun phrase ("the cycle", "my clean one").
_NOMINAL_MODIFIERS = frozenset({"det", "poss", "amod", "compound", "nummod", "case"})


def _coordinated(subj: Any) -> bool:
    """Whether ``subj`` is one of two people ("Sam and I", "I and my wife"), however parsed:
    a word before its "and" that hangs on the same verb counts ("Florian and I are buying a
    boat" parsed with "Florian" as an adverbial); one of another clause does not ("I'm a welder
    and I live in Bergen")."""
    if any(c.dep_ == "conj" for c in subj.children):
        return True
    if subj.i < 2 or subj.doc[subj.i - 1].lower_ not in ("and", "or"):
        return False
    before = subj.doc[subj.i - 2]
    return before.head.i in (subj.i, subj.head.i) or before.i == subj.head.i


def _subjunctive(verb: Any) -> bool:
    """ "(I ask) that you not use emojis": a negated verb with no auxiliary keeps its base."""
    children = list(verb.children)
    return any(c.dep_ == "neg" for c in children) and not any(
        c.dep_ in ("aux", "auxpass") for c in children
    )


_PERFECT_OBJECTS = frozenset({"dobj", "ccomp", "xcomp", "attr", "oprd"})


#: Clitics spelled out after a plural subject or a modal ("they're", "should've").
_PLURAL_CLITICS = {"'re": "are", "’re": "are", "'ve": "have", "’ve": "have"}


#: Contractions typed without the apostrophe ("im", "shes", "youre"): the tokenizer splits
#: them, leaving the bare clitic glued to its pronoun.
_BARE_CLITICS = frozenset({"m", "re", "s", "ve", "ll", "d"})


def _lower(tok: Any) -> str:
    """``tok`` in lower case; a bare clitic glued to a pronoun as its apostrophe form."""
    low = tok.lower_
    if low in _BARE_CLITICS and tok.i > 0:
        prev = tok.doc[tok.i - 1]
        if not prev.whitespace_ and prev.pos_ == "PRON":
            return "'" + low
    return low


def _clitic(tok: Any) -> str:
    """A clitic that does not agree with the speaker, spelled out: "is"/"has" after a singular
    subject, "are"/"have" after a plural one or a modal ("should've been")."""
    prev = tok.doc[tok.i - 1] if tok.i > 0 else None
    plural = prev is not None and (
        prev.tag_ in ("MD", "NNS", "NNPS")
        or prev.lower_ in ("they", "you", "these", "those", "we")  # "we" is not the speaker
    )  # alone here: a "we" the speaker stands for agrees in render_clause
    low = _lower(tok)
    if plural and low in _PLURAL_CLITICS:
        return _PLURAL_CLITICS[low]
    return lx.CLITICS[low]


def _perfect(participle: Any) -> bool:
    """A participle after "'s" that makes it "has": "been", one that has no passive ("gone"),
    or one with an object ("she's worked night care for years", "he's done it"): a passive
    takes no object."""
    if participle.tag_ not in ("VBN", "VBD"):
        return participle.lower_ == "been"
    after = [c for c in participle.children if c.i > participle.i]  # not a clause before it
    return (
        participle.lower_ in lx.NO_PASSIVE_PARTICIPLES
        or (
            participle.lower_ in lx.PERFECT_PARTICIPLES
            and any(c.dep_ in _PERFECT_OBJECTS for c in after)
        )
        or any(c.dep_ in ("dobj", "ccomp") for c in after)
    )


def _counted_among(us: Any) -> bool:
    """ "us" counted out of ("four of us", "all of us", "one of us"): a group, of which the
    speaker is one."""
    prep = us.head
    return (
        us.dep_ == "pobj"
        and prep.lower_ == "of"
        and (prep.head.pos_ == "NUM" or prep.head.lower_ in _COUNTING_WORDS)
    )


#: Words that count people out of a group ("four of us", "most of us", "both of us").
_COUNTING_WORDS = (
    lx.GENERIC_QUANTIFIERS | lx.PARTITIVE_WORDS | frozenset({"either", "neither", "several"})
)


def _has_perfect(clitic: Any) -> bool:
    """The "'s" at ``clitic`` is "has": a perfect participle follows it, past any adverbs
    between ("he's already got a spreadsheet", "she's never been")."""
    i = clitic.i + 1
    while i < len(clitic.doc) and clitic.doc[i].dep_ in ("advmod", "neg"):
        i += 1
    return i < len(clitic.doc) and _perfect(clitic.doc[i])


def _agree(tok: Any) -> str:
    """``tok`` (a first-person or plural verb form) made third-person singular."""
    low = _lower(tok)
    if low in ("'s", "’s") and _has_perfect(tok):
        return "has"  # "Jo's been ...", "she's worked there": "has", never "is been"
    if low == "wan" and _split_contraction(tok):
        return "wants"  # "I wanna" -> "Dana wants to"
    if low == "wanna":
        return "wants to"
    if low == "been" and tok.i > 0 and tok.doc[tok.i - 1].pos_ == "PRON":
        return "has been"  # "i been learnin spanish": the "have" left out
    if low in lx.CLITICS:
        return lx.CLITICS[low]
    if tok.tag_ == "VBP":
        if low in ("am", "are"):
            return "is"
        if tok.lemma_ == "ca" or low == "ca":
            return "can"
        return inflect_3sg(tok.lemma_.lower())
    if (
        tok.tag_ == "VB"
        or (tok.pos_ not in ("AUX", "VERB") and low in lx.PREFERENCE_VERBS)
        or (tok.dep_ == "conj" and _verb_read_as_word(tok, tok.head))
    ):
        # "I actually like X": the small model tags a present verb after an adverb VB or IN;
        # "I walk or cycle": a noun or adjective after the "or"
        return inflect_3sg(low if tok.pos_ not in ("AUX", "VERB") else tok.lemma_.lower())
    if low == "were":
        return "is" if typed_we_are(tok) else "was"  # "were closed mondays" is "we're"
    return tok.text


def third_person_verbs(subject: Any) -> dict[int, str]:
    """The verb forms agreeing with a first- or second-person ``subject``, in the third person
    singular, by token index ("you're" -> "is", "you prefer" -> "prefers")."""
    return {i: _agree(subject.doc[i]) for i in _agreeing_verbs(subject)}


def _is_filler(tok: Any, head: Any | None) -> bool:
    """A discourse marker or intensifier that adds nothing to a fact ("literally", "tbh")."""
    if head is not None and tok.i == head.i:
        return False
    if (
        tok.lower_ == "so"
        and tok.head.i == tok.i + 1
        and tok.head.lower_ in ("far", "much", "many", "long")
    ):
        return False  # "so far", "so much": a measure, not a discourse "so"
    if tok.lower_ == "so" and _joins_a_clause(tok):
        return False  # "term starts soon so the kids are happy": it says why
    if tok.lower_ in lx.CHAT_FILLERS:
        return True
    if tok.lower_ not in lx.FILLER_WORDS:
        return False
    if tok.lower_ == "well" and tok.i > tok.head.i:
        return False  # "it pays well": how, not a discourse "well, ..."
    if tok.lower_ == "too" and tok.i < tok.head.i:
        return False  # "too much client work": a degree, not "me too"
    return tok.dep_ in lx.FILLER_DEPS and not any(True for _ in tok.children)


def _joins_a_clause(tok: Any) -> bool:
    """``tok`` opens a clause hung on the one before it, whose subject follows ("..., so the
    kids are happy"): a conjunction, which the small model tags an adverb."""
    head = tok.head
    return (
        head.i > tok.i
        and head.dep_ in ("advcl", "conj", "ccomp")
        and head.head.i < tok.i
        and any(
            c.dep_ in ("nsubj", "nsubjpass", "expl") and tok.i < c.i < head.i for c in head.children
        )
    )


#: The first halves of "gonna" / "wanna" as the tokenizer splits them.
_SPLIT_CONTRACTIONS = {"gon": "going", "wan": "want"}


def _its_is_it_is(tok: Any) -> bool:
    """ "its" typed for "it's": before a verb in -ing, an article or "just"/"not"/"been"/"so"
    ("its helping", "its a mess", "its just me"), where no possessive stands."""
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return nxt is not None and (
        nxt.tag_ == "VBG"
        or (nxt.lower_.endswith("ing") and nxt.i + 1 == tok.sent.end)  # "its helping"
        or nxt.lower_ in ("a", "an", "the", "just", "not", "been", "so", "really")
    )


def _split_contraction(tok: Any) -> bool:
    """``tok`` is the first half of "gonna"/"wanna", its "na" right after it."""
    return (
        tok.lower_ in _SPLIT_CONTRACTIONS
        and not tok.whitespace_
        and tok.i + 1 < len(tok.doc)
        and tok.doc[tok.i + 1].lower_ == "na"
    )


def _plain(tok: Any) -> str:
    """A token as a summary would write it: chat shorthand spelled out ("yrs" -> "years",
    "dev" -> "developer"), shouted function words in lower case ("NOT" -> "not"), a name
    typed in lower case with its capital ("my cousin wendell" -> "Wendell")."""
    low = tok.lower_
    if (shown := as_written(tok)) != tok.text:  # "my cousin wendell" -> "Wendell"
        return shown
    if low == "its" and _its_is_it_is(tok):
        return "it's"  # "its helping", "its just me": typed without the apostrophe
    if low in ("gonna", "wanna"):
        return _SPLIT_CONTRACTIONS[low[:3]] + " to"
    if _split_contraction(tok):
        return _SPLIT_CONTRACTIONS[low]  # "gonna" is tokenised "gon" + "na": "going to"
    if low == "na" and tok.i > 0 and _split_contraction(tok.doc[tok.i - 1]):
        return " to"
    if _dropped_g(tok):
        return tok.text + "g"  # "keep doin what I'm doin"
    if low == "nt" and tok.i > 0 and not tok.doc[tok.i - 1].whitespace_:
        return "n't"  # "dont", "cant" typed without the apostrophe
    if low in lx.TECH_SHORTHAND:
        return lx.TECH_SHORTHAND[low]
    if (day := _spelled_day(tok)) is not None:
        return day  # "sat + sun" -> "Saturday and Sunday"
    if tok.text == "+" and tok.i > 0 and tok.doc[tok.i - 1].whitespace_:
        return "and"  # "brace at night + PT twice a week"
    if (
        low in lx.SHORTHAND
        and not (tok.text.isupper() and (len(tok.text) > 1 or tok.i > 0))
        # "HR" is the department, "stuck on R" the language
        and (tok.pos_ != "PROPN" or (tok.is_sent_start and tok.is_title))
    ):
        # a capitalised first word ("Ops started ...") is tagged a proper noun
        full = lx.SHORTHAND[low]
        return full[:1].upper() + full[1:] if tok.text[:1].isupper() else full
    if (
        len(tok.text) > 2
        and tok.text.isupper()
        and (
            tok.is_stop
            or tok.pos_ in ("ADV", "PART", "DET", "AUX", "PRON", "ADP", "CCONJ", "SCONJ")
        )
    ):
        return low
    return str(tok.text)


def _fronted_clause_end(first: Any) -> int | None:
    """Where a reason or time clause before the statement ends, when its opening word (just
    before ``first``, the clause's first kept token) was left out ("since I'm stuck on R at
    work, I need ..."): the two read as two statements, so a separator goes after it."""
    if first.i == 0:
        return None
    mark = first.doc[first.i - 1]
    if (
        mark.dep_ == "mark"
        and mark.lower_ in lx.FRONTED_CLAUSE_MARKERS
        and mark.head.i < mark.head.head.i
    ):
        return int(mark.head.right_edge.i)
    return None


def _dropped_g(tok: Any) -> bool:
    """A word typed without its final "g" (marked by ``nlp.tokenizing._DroppedG``): one that
    is a word with it ("every mornin"), or a verb's stem used as a verb ("doin", "learnin"):
    not a noun, nor after a determiner ("the login page" is no "loging")."""
    if not tok.has_extension("dropped_g") or not tok._.dropped_g:
        return False
    if tok._.dropped_g == "word":
        return True
    before = tok.doc[tok.i - 1] if tok.i > 0 else None
    return tok.pos_ not in ("NOUN", "PROPN") and not (
        before is not None and before.tag_ in ("DT", "PRP$", "POS")
    )


def _spelled_day(tok: Any) -> str | None:
    """The weekday ``tok`` shortens when it stands next to another across a "+", "-", "/", "&"
    or "and" ("sat + sun", "tue-sun"): a run of days ("sat" alone may be the verb, "sun" the
    sun); None for anything else."""
    full = lx.DAY_SHORTHAND.get(tok.lower_)
    if full is None:
        return None
    doc = tok.doc
    for step in (-2, 2):
        k = tok.i + step
        if 0 <= k < len(doc) and doc[tok.i + step // 2].lower_ in _DAY_LINKS:
            other = doc[k].lower_
            if other in lx.DAY_SHORTHAND or other in lx.DAY_NAMES:
                return full
    return None


_DAY_LINKS = frozenset({"+", "-", "/", "&", "and", "or", "to", "thru", "through"})


def _next_kept(tokens: list[Any], k: int, head: Any | None) -> str:
    """Tag of the first token after ``tokens[k]`` that is not a filler ("" at the end)."""
    for tok in tokens[k + 1 :]:
        if not _is_filler(tok, head):
            return str(tok.tag_)
    return ""


def render_clause(
    tokens: list[Any], subject: Any | None, kind: str, ctx: RenderContext, head: Any | None = None
) -> str:
    """The clause ``tokens`` as a third-person sentence about ``ctx.speaker`` (or its subject)."""
    speaker = ctx.speaker
    possessive = f"{speaker}'s"
    # "we" is the speaker and company: the fact is still about the speaker (its ``subject``),
    # but in a meeting of several people the text says it is their team
    group = lx.MEETING_GROUP if ctx.in_meeting else ctx.group or speaker
    group_possessive = f"{lx.MEETING_GROUP}'s" if ctx.in_meeting else possessive
    agree: set[int] = set()
    # "our tenants pay" keeps its plural verb; only "I" and "we" become the singular speaker
    third_subject = (
        kind == "self"
        or (
            kind == "group"
            and subject is not None
            and subject.lower_ in lx.FIRST_PLURAL
            and not ctx.plural_group
        )
        or (
            kind == "third_pronoun" and ctx.pronoun_referent is not None and not ctx.plural_referent
        )
    )
    if subject is not None and third_subject and not _coordinated(subject):
        agree = _agreeing_verbs(subject)  # not "me and Sam are": two people
    for tok in tokens:
        if (
            tok.dep_ in ("nsubj", "nsubjpass")
            and (tok.lower_ == "i" or (tok.lower_ == "we" and not ctx.plural_group))
            and not _coordinated(tok)
        ):  # "my partner and I are expecting", "I and my wife are": the verb stays plural
            agree |= _agreeing_verbs(tok)
        elif (
            ctx.in_assistant_chat
            and tok.dep_ == "nsubj"
            and tok.lower_ in lx.SECOND_PERSON
            and not _subjunctive(tok.head)
        ):  # "whenever you send me ..." -> "whenever the assistant sends Mirabel ..."
            agree |= _agreeing_verbs(tok)
    parts: list[str] = []
    speaker_named = False
    skip_until = -1
    first = tokens[0] if tokens else None
    lower_first = False
    if kind == "implied" and first is not None:
        parts.append(speaker + " ")
        if typed_we_are(first):
            agree.add(first.i)
        verb = head if head is not None else first
        bare = not any(c.dep_ in ("aux", "auxpass") for c in verb.children)
        if bare and (
            verb.tag_ == "VBG"
            or (
                verb.tag_ in ("VBN", "VBD")
                and verb.lower_ in lx.STATE_PARTICIPLES
                and not any(c.dep_ == "dobj" for c in verb.children)
            )  # "fully booked" is a state, "booked the broker" a past act
            or verbless_state(first.sent) is not None
        ):
            parts.append("is ")  # "Still waiting on the export", "blocked on the review"
        elif first.lower_ == "been":
            parts.append("has ")  # "been using Obsidian for two years"
        speaker_named = True
        lower_first = first.pos_ != "PROPN" and first.lower_ != "i"
    elif kind == "standing" and first is not None:  # "from now on, format the units as ..."
        parts.append(f"{speaker} asks {ctx.assistant_name}: ")
        speaker_named = True
        lower_first = first.pos_ != "PROPN"
    fillers = filler_phrase_tokens(tokens)
    fronted_end = _fronted_clause_end(first) if first is not None else None
    for k, tok in enumerate(tokens):
        if tok.i < skip_until:
            continue  # inside a replaced span, which brought its own spacing
        if (
            tok.i in fillers
            or _is_filler(tok, head)
            or (kind == "standing" and tok.lower_ in lx.REQUEST_MARKERS)  # "please"
        ):
            if parts and tok.whitespace_ and not parts[-1].endswith(" "):
                parts[-1] += " "
            continue
        if tok.i in ctx.insertions:
            if parts and not parts[-1].endswith(" "):
                parts[-1] += " "
            parts.append(ctx.insertions[tok.i] + " ")
        ws = tok.whitespace_
        nxt = tokens[k + 1] if k + 1 < len(tokens) else None
        if not ws and nxt is not None and nxt.i > tok.i + 1:
            ws = " "  # a token between the two was left out ("trial, began")
        if nxt is not None and not nxt.is_punct and tok.i == fronted_end:
            ws = ";" + (ws or " ")  # -> "Dana is stuck on R at work; Dana needs ..."
        numeric = nxt is not None and (nxt.like_num or nxt.text[:1].isdigit())
        if (
            tok.lower_ == "like"
            and tok.dep_ not in ("ROOT", "xcomp")
            and numeric
            and (head is None or tok.i != head.i)
        ):
            parts.append("about" + ws)  # "like 5 times a week": an approximation, not a preference
            continue
        low = _lower(tok)
        if tok.i in ctx.replacements:
            text, end = ctx.replacements[tok.i]
            skip_until = end
            last = tok.doc[end - 1]
            parts.append(text + last.whitespace_)
            continue
        if in_hyphenated_word(tok) and _spelled_day(tok) is None:
            text = tok.text  # "thank-you cards", "a must-have": no pronoun of anyone's
        elif low == "i":
            text = speaker
            speaker_named = True
        elif low == "myself":
            text = speaker if not speaker_named else "themselves"
        elif low == "me":  # also the subject of a verb ("wants me to chair"); named again,
            text = speaker  # as a "them" could be anyone ("limits kept annoying them")
        elif low == "my":
            text = possessive if not speaker_named else "their"
        elif low == "mine":
            text = possessive
        elif kin_as_name(tok):  # "Dad wants to come" -> "Mirabel's dad wants to come"
            after_kin = k > 1 and tokens[k - 1].lower_ == "and" and kin_as_name(tokens[k - 2])
            owner = "" if after_kin else (possessive if not speaker_named else "their") + " "
            text = owner + low  # "Mum and Dad's" -> "Mirabel's mum and dad's"
        elif low == "we":
            text = group
            speaker_named = True
        elif low == "us" and _counted_among(tok) and group == speaker:
            text = f"{possessive} group"  # "I need three of us": not "three of Mirabel"
        elif low in ("us", "ourselves"):
            text = group
        elif low == "our":
            text = group_possessive if not speaker_named else "their"
        elif low in ("you", "yourself") and ctx.in_assistant_chat:
            text = ctx.assistant_name
        elif low == "your" and ctx.in_assistant_chat and not listeners_kin(tok):
            text = ctx.assistant_name + "'s"
        elif (
            low in ("you", "yourself")
            and ctx.addressee
            and tok.dep_ not in SUBJECT_DEPS
            and not plural_you(tok)  # "see you all": not the one called out
        ):
            text = ctx.addressee  # "Rui will report to you"
        elif (
            low in ("your", "yours")
            and ctx.addressee
            and (not ctx.in_assistant_chat or listeners_kin(tok))
        ):
            text = ctx.addressee + "'s"  # "Rui will be your manager", "the build is yours"
        elif (
            subject is not None
            and tok.i == subject.i
            and kind == "third_pronoun"
            and ctx.pronoun_referent
        ):
            text = ctx.pronoun_referent
        elif tok.i in agree and not (k and tokens[k - 1].lower_ == "to"):
            # not a listed verb that now follows the list's "to" ("likes to read, spend time")
            text = _agree(tok)
            if (
                (low in lx.CLITICS or low in ("'m", "'re"))
                and parts
                and not parts[-1].endswith(" ")
            ):
                parts[-1] = parts[-1] + " "
        elif (
            low in ("'s", "’s")
            and tok.tag_ == "POS"
            and _next_kept(tokens, k, head) in ("DT", "PRP$")
        ):  # "Marta's our chef": a copula the parser took for a possessive
            text = "is"
            if parts and not parts[-1].endswith(" "):
                parts[-1] = parts[-1] + " "
        elif low in ("'s", "’s") and _has_perfect(tok):
            # "Jo's been coaching", "Jo's got a dog", "Ulrike's gone": "has"; "it's done": "is"
            text = "has"
            if parts and not parts[-1].endswith(" "):
                parts[-1] = parts[-1] + " "
        elif low in lx.CLITICS and tok.pos_ == "AUX":
            text = _clitic(tok)
            if parts and not parts[-1].endswith(" "):
                parts[-1] = parts[-1] + " "
        elif low in lx.JOKE_MARKERS or tok.is_space or _EMOJI.match(tok.text):
            if parts and ws and not parts[-1].endswith(" "):
                parts[-1] += " "
            continue
        else:
            text = tok.text if tok.lower_ in ctx.known_names and tok.is_title else _plain(tok)
        if (lower_first and first is not None and tok.i == first.i) or (
            tok.i in ctx.insertions and tok.is_sent_start and tok.pos_ != "PROPN"
        ):  # "Layout is done" -> "The X layout is done"; not "GA"
            text = lowered_first(text)
        if parts and speaker.startswith("The ") and text.startswith(speaker):
            text = "t" + text[1:]  # a user with no name: "... as the user types"
        if text == "," and k > 0 and tokens[k - 1].i == fronted_end:
            text = ";"  # "because the vendor is late, we ..." -> "The vendor is late; Dana ..."
        parts.append(text + ws)
    out = "".join(parts).strip().lstrip(",;:-–— ")
    out = " ".join(out.split())
    if out.count("(") > out.count(")"):
        out += ")"
    elif out.endswith(")") and out.count(")") > out.count("("):
        out = out[:-1].rstrip()  # the end of a bracketed aside: "(she didn't mind)"
    if out.count('"') % 2:  # a clause cut inside a quotation: close it
        out += '"'
    # a clause cut out of a parenthesis leaves "(models, )" or "()" behind
    out = _EMPTY_BRACKETS.sub("", _SEPARATOR_BEFORE_CLOSE.sub(")", out))
    out = _DOUBLE_COMMA.sub(",", _SPACE_BEFORE_CLOSE.sub("", out))
    while out and out[-1] in ",;:-–—(":
        out = out[:-1].rstrip()
    if out and out[0].islower():
        out = out[0].upper() + out[1:]
    return out
