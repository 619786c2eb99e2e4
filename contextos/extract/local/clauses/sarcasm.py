"""Sarcasm read as a contrast: gushing words said about something bad.

Sarcasm in chat is mostly a positive sentiment aimed at a negative situation (Riloff et al.,
2013, "Sarcasm as Contrast between a Positive Sentiment and Negative Situation"): "oh great, I
love the auditors" right after "awful morning", "I just love it when the bank blocks cards for
a check that takes two weeks". A clause is read as sarcasm when its own predicate is strongly
positive and one of two frames holds:

- it opens with an ironic interjection ("yeah sure", "yes sure", "oh great", "yeah right")
  and its own sentence or one of the three said before it in the turn says something bad;
- it is "love/adore/enjoy it when ..." and the "when" clause says something bad.

A strongly positive predicate is also sarcasm when the same turn frames what it likes as bad
(a polarity conflict, read from the sentence and the words right after it, not from a list of
sarcastic phrases):

- the liked thing's own words say something bad befell it, a participle ("love sitting on
  delayed trains", "love being stuck in traffic"; not a name's word: "horror movies", "sad
  songs" are liked sincerely);
- a deadpan echo follows: a sentence of one or two words, itself positive, ended flat with a
  full stop or an ellipsis, not an exclamation mark ("... at 2 am. Yay."), or an eye-roll
  emoji or "/s";
- the gushing word is shouted in capitals or stretched ("LOVE", "loooove") and the sentence
  trails off in an ellipsis ("I LOVE spending my weekends on hold with the bank...").

"Positive" and "bad" are word valences from the VADER sentiment lexicon (Hutto & Gilbert, 2014;
MIT licence, shipped inside the ``vaderSentiment`` wheel): positive >= 2.5 ("love" 3.2, "great"
3.1, "best" 3.2), bad <= -1.5 anywhere in the sentence ("bad", "problems", "broken") or, inside
the "when" clause, its verb at <= -0.8 ("blocks", "cancels"). A word under a negation ("not
bad") counts for neither side. A plain "Oh, I love horror movies", "I love it when my kids
laugh" or "I love it when the pain goes away" stays a statement.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["sarcasm"]

#: Lexicon valence for a clearly positive word ("love" 3.2, "great" 3.1; "like" 1.5 is not).
POSITIVE = 2.5
#: Lexicon valence for a clearly bad word anywhere around the claim ("bad" -2.5).
BAD = -1.5
#: Lexicon valence for a bad word inside the "love it when" clause ("blocks" -0.9), or in
#: the words of what a gushing predicate likes ("delayed" -0.9).
BAD_IN_FRAME = -0.8
#: Lexicon valence of a one-word echo that answers a gushing claim ("yay" 2.4, "fun" 2.3).
ECHO = 1.5
#: Two-word openings that mark what follows as ironic.
_IRONIC_OPENINGS = frozenset(
    {
        ("yeah", "sure"),
        ("yes", "sure"),
        ("yeah", "right"),
        ("oh", "great"),
        ("oh", "joy"),
        ("oh", "wonderful"),
        ("oh", "fantastic"),
        ("oh", "brilliant"),
        ("oh", "perfect"),
        ("sure", "sure"),
    }
)
#: Verbs of the "I love it when ..." frame.
_FRAME_VERBS = frozenset({"love", "adore", "enjoy"})
_NEGATIONS = frozenset({"not", "no", "never", "n't", "nothing", "nobody"})
#: How many sentences said before the clause's own are read for the bad news it answers.
CONTEXT_SENTENCES = 3
_SENTENCE_END = re.compile(r"[.!?\n]+")
_WORD = re.compile(r"[a-z']+")


@cache
def _valences() -> dict[str, float]:
    """The VADER lexicon: word -> mean valence (-4 .. 4)."""
    text = resources.files("vaderSentiment").joinpath("vader_lexicon.txt").read_text("utf-8")
    out: dict[str, float] = {}
    for line in text.splitlines():
        word, _, rest = line.partition("\t")
        mean = rest.split("\t", 1)[0]
        try:
            out[word] = float(mean)
        except ValueError:
            continue
    return out


def valence(tok: Any) -> float:
    """The word's lexicon valence (by its form, else its lemma), 0 when under a negation."""
    lex = _valences()
    value = lex.get(tok.lower_)
    if value is None:
        value = lex.get(tok.lemma_.lower(), 0.0)
    if value and _negated(tok):
        return 0.0
    return value


def _negated(tok: Any) -> bool:
    before = tok.doc[tok.i - 1].lower_ if tok.i > 0 else ""
    return before in _NEGATIONS or any(c.dep_ == "neg" for c in tok.children)


def sarcasm(
    head: Any, toks: list[Any], lead: str = "", said_before: str = "", said_after: str = ""
) -> str:
    """Why the clause headed by ``head`` (with tokens ``toks``) reads as sarcasm, or "".
    ``lead`` is the written sentence's words before the parsed piece (an interjection the
    segmenter cut off), ``said_before`` the text of the turn before the written sentence,
    ``said_after`` the text of the turn after the parsed piece."""
    positive = _positive_predicate(head, toks)
    if positive is None:
        return ""
    sent = head.sent
    opening = _ironic_opening(lead, sent)
    if opening and (bad := _bad_word(sent) or _bad_word_in(said_before)):
        return f"'{opening}' then '{positive.text}' about '{bad}'"
    if head.lemma_ in _FRAME_VERBS and (bad := _bad_when_clause(head)):
        return f"'{head.text} it when' about '{bad}'"
    return _framed_as_bad(positive, head, toks, sent, said_after)


def _framed_as_bad(positive: Any, head: Any, toks: list[Any], sent: Any, said_after: str) -> str:
    """The polarity conflict of a gushing ``positive`` word: what it likes is framed as bad
    by the liked thing's own words, a deadpan echo or an eye-roll after it, or a shouted
    word trailing off in an ellipsis; "" when nothing frames it so."""
    liked = [t for t in toks if t.i > positive.i and t.i > head.i]
    bad = next((t.text for t in liked if t.tag_ == "VBN" and valence(t) <= BAD_IN_FRAME), "")
    if bad:
        return f"'{positive.text}' about '{bad}'"
    after = said_after.strip()
    if _EYE_ROLL.search(after.split("\n", 1)[0][:40]) or _EYE_ROLL.search(sent.text):
        return f"'{positive.text}' then an eye-roll"
    echo = _deadpan_echo(after)
    if echo:
        return f"'{positive.text}' then a deadpan '{echo}'"
    trails = sent.text.rstrip().endswith(_ELLIPSES) or after.startswith(_ELLIPSES)
    if trails and _shouted(positive):
        return f"a shouted '{positive.text}' trailing off"
    return ""


#: An ellipsis, typed or as one character.
_ELLIPSES = ("...", "…")
#: Eye-roll and upside-down faces, and the "/s" tag that marks a line as sarcastic.
_EYE_ROLL = re.compile(r"[\U0001F644\U0001F612\U0001F643]|(?:^|\s)/s\b")
#: The first sentence of a text and how it ends.
_FIRST_SENTENCE = re.compile(r"^([^.!?…\n]*)([.!?…]+|$)")


def _deadpan_echo(after: str) -> str:
    """A sentence of one or two words that opens ``after``, positive ("Yay.", "Fun times.")
    and ended flat (a full stop, an ellipsis, nothing), not excited ("Yay!")."""
    m = _FIRST_SENTENCE.match(after)
    if m is None:
        return ""
    words = _WORD.findall(m.group(1).lower())
    if not 1 <= len(words) <= 2 or "!" in m.group(2):
        return ""
    lex = _valences()
    return m.group(1).strip() if any(lex.get(w, 0.0) >= ECHO for w in words) else ""


def _shouted(tok: Any) -> bool:
    """A word written in capitals ("LOVE") or stretched ("loooove", "sooo")."""
    text = tok.text
    return (len(text) > 2 and text.isupper()) or re.search(r"(\w)\1\1", text) is not None


def _positive_predicate(head: Any, toks: list[Any]) -> Any | None:
    """The clause's strongly positive predicate word: its verb or its complement."""
    if _negated(head):
        return None
    # an "aux" with a valence is a verb the parser misread ("I LOVE scrubbing ...": no
    # auxiliary is positive or negative)
    candidates = [head, *(c for c in head.children if c.dep_ in ("acomp", "attr", "aux"))]
    in_clause = {t.i for t in toks}
    return next((t for t in candidates if t.i in in_clause and valence(t) >= POSITIVE), None)


def _ironic_opening(lead: str, sent: Any) -> str:
    words = [*_WORD.findall(lead.lower()), *(t.lower_ for t in sent if not t.is_punct)][:2]
    return " ".join(words) if tuple(words) in _IRONIC_OPENINGS else ""


def _bad_word(span: Any) -> str:
    return next((t.text for t in span if valence(t) <= BAD), "")


def _bad_word_in(text: str) -> str:
    """A bad word (not under a negation) in the last few sentences of unparsed ``text``."""
    sentences = [s for s in _SENTENCE_END.split(text.lower()) if s.strip()]
    lex = _valences()
    for sentence in sentences[-CONTEXT_SENTENCES:]:
        words = _WORD.findall(sentence)
        for i, word in enumerate(words):
            negated = i > 0 and (words[i - 1] in _NEGATIONS or words[i - 1].endswith("n't"))
            if lex.get(word, 0.0) <= BAD and not negated:
                return word
    return ""


def _bad_when_clause(head: Any) -> str:
    """The bad verb of the "when" clause of "love it when ..." ("blocks", "cancels"): the
    event itself is bad, not only a word of it ("when the pain goes away" is good news)."""
    if not any(c.dep_ == "dobj" and c.lower_ == "it" for c in head.children):
        return ""
    for clause in head.children:
        if clause.dep_ != "advcl" or not any(
            c.dep_ == "advmod" and c.lower_ == "when" for c in clause.children
        ):
            continue
        verbs = [clause, *(c for c in clause.children if c.dep_ == "conj" and c.pos_ == "VERB")]
        for verb in verbs:
            if valence(verb) <= BAD_IN_FRAME:
                return verb.text
    return ""
