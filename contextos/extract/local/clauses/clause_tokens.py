"""Which words a clause keeps: its head's subtree without the other clauses, and without what
is said around the statement rather than in it: discourse openers, a lead-in label or an
imperative lead-in ("Small update: ...", "remind me, ..."), a request or comment tacked on
("..., add that as well", "so hopefully that works"), a name called out, the end of a bracketed
aside, trailing punctuation and laugh markers.
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.clauses.clause_heads import what_it_means
from contextos.extract.local.clauses.listeners import called_out, trailing_vocative
from contextos.extract.local.clauses.modality import TIME_OPENERS, relevance_clause
from contextos.extract.local.clauses.requests import tacked_on_request
from contextos.extract.local.clauses.subjects import SUBJECT_DEPS
from contextos.extract.local.text import lexicon as lx

__all__ = ["clause_tokens"]


#: Words that join a comment or an instruction onto a statement ("so hopefully that works").
_TACKING_WORDS = frozenset({"so", "hopefully", "and"})


#: How many tokens the end of an aside opening a clause may have.
_ASIDE_TAIL = 3


def _without_asides_tail(toks: list[Any], head: Any) -> list[Any]:
    """``toks`` without the end of a bracketed aside the sentence before opened ("(or did
    you? whatever): I write from 10pm": the parser ended a sentence at the aside's "?"):
    a few words and a closing bracket, with no opening one, before the clause's verb."""
    close = next((k for k, t in enumerate(toks[: _ASIDE_TAIL + 1]) if ")" in t.text), None)
    if close is None or any("(" in t.text for t in toks[:close]):
        return toks
    rest = toks[close + 1 :]
    if not rest or head.i <= toks[close].i:
        return toks
    while rest and rest[0].is_punct:
        rest = rest[1:]
    return rest or toks


def _negating_determiner(tok: Any) -> bool:
    """ "No" as the determiner of a noun ("No spreadsheet wrangling"): it negates what
    follows, unlike the answer "No, ..." that opens a sentence."""
    return tok.lower_ == "no" and tok.dep_ == "det" and tok.head.i > tok.i


def clause_tokens(head: Any, other_heads: list[Any]) -> list[Any]:
    excluded: set[int] = set()
    for other in other_heads:
        if other.i == head.i or other in head.ancestors:
            continue
        if other in head.subtree or other.head.i == head.i:
            excluded.update(t.i for t in other.subtree)
            excluded.update(c.i for c in head.children if c.dep_ == "cc" and c.i < other.i)
            if what_it_means(other) and other.head.i != head.i:  # ", which means" around it
                excluded.update(t.i for t in other.head.subtree)
                comma = other.head.left_edge.i - 1  # none before a sentence's first word
                if comma >= 0 and other.doc[comma].is_punct:
                    excluded.add(comma)
    # sorted: a non-projective parse ("X yesterday so that helps") yields subtrees out of order
    for c in head.children:
        if called_out(c):
            excluded.add(c.i)
        if _so_fragment(c, head):  # "I'm lactose intolerant, so nothing with dairy"
            excluded.update(t.i for t in c.subtree)
            excluded.add(c.left_edge.i - 1)
        if tacked_on_request(c, head) or _tacked_on_comment(c, head) or relevance_clause(c):
            excluded.update(t.i for t in c.subtree)
            before = c.left_edge.i - 1
            if before > head.i and c.doc[before].lower_ in _TACKING_WORDS:
                excluded.add(before)  # "... on the 11th so keep that week clear"
    for c in head.subtree:
        if trailing_vocative(c):  # "Her name day is in March Oswin."
            excluded.add(c.i)
        if c.dep_ == "relcl" and _comment_relative(c):
            excluded.update(t.i for t in c.subtree)
            after = c.right_edge.i + 1  # "..., which is amusing given her earlier position"
            if after < len(c.doc) and c.doc[after].lower_ in ("given", "considering"):
                excluded.update(t.i for t in c.doc[after].subtree)
            excluded.update(
                t.i for t in c.head.children if t.i < c.i and t.lower_ in _TACKING_WORDS
            )
    toks = sorted((t for t in head.subtree if t.i not in excluded), key=lambda t: t.i)
    # drop discourse openers and trailing punctuation / markers
    while (
        toks
        and (
            toks[0].lower_ in lx.DISCOURSE_WORDS
            or toks[0].is_punct
            or toks[0].pos_ in ("INTJ", "CCONJ", "SCONJ")
        )
        and toks[0].i != head.i
        and not _negating_determiner(toks[0])
        and not _opens_condition(toks[0], head)
        and not _opens_inner_clause(toks[0], head)
    ):
        toks.pop(0)
    toks = _strip_preamble(toks, head)
    toks = _without_fronted_pronoun_phrase(toks, head)
    toks = _without_asides_tail(toks, head)
    while toks and (
        (toks[-1].is_punct and toks[-1].text not in ")]%" and not _closes_quote(toks))
        or toks[-1].lower_ in lx.JOKE_MARKERS
        or (toks[-1].lower_ in lx.TRAILING_WORDS and toks[-1].i != head.i)
        or toks[-1].pos_ in ("CCONJ", "SYM")
        or toks[-1].is_space
    ):
        toks.pop()
    return toks


def _opens_inner_clause(tok: Any, head: Any) -> bool:
    """ "When" of "When I get home I cook dinner": it opens a clause hung on the head, which
    says when the rest holds; dropped it would read "I get home I cook dinner". (A reason
    said first, "Since I'm stuck on R I need ...", is a statement of its own.)"""
    return (
        tok.lower_ in TIME_OPENERS
        and tok.dep_ in ("advmod", "mark")
        and tok.head.i != head.i
        and tok.head.dep_ == "advcl"
        and tok.head.head.i == head.i
    )


def _without_fronted_pronoun_phrase(toks: list[Any], head: Any) -> list[Any]:
    """ "With it I finished the curriculum", "after that we moved": a phrase before the
    subject that only points back adds nothing the statement needs; left out, so its pronoun
    does not make the statement vague."""
    if not toks:
        return toks
    lead = next((c for c in head.children if c.dep_ == "prep" and c.i == toks[0].i), None)
    if lead is None or not any(
        g.dep_ == "pobj" and g.lower_ in ("it", "that", "this", "them") for g in lead.children
    ):
        return toks
    if not any(c.dep_ in SUBJECT_DEPS and c.i > lead.i for c in head.children):
        return toks
    cut = {t.i for t in lead.subtree}
    rest = [t for t in toks if t.i not in cut]
    while rest and rest[0].is_punct:
        rest = rest[1:]
    return rest


def _so_fragment(tok: Any, head: Any) -> bool:
    """A verbless phrase after ", so" that the parser hung on the head as a second object
    ("..., so nothing with dairy"): a consequence for the listener, not part of the fact."""
    left = tok.left_edge.i
    doc = tok.doc
    return (
        tok.i > head.i
        and tok.dep_ in ("attr", "dobj", "npadvmod", "dep")
        and left >= 2
        and doc[left - 1].lower_ == "so"
        and doc[left - 2].text == ","
        and not any(t.pos_ in ("VERB", "AUX") for t in tok.subtree)
    )


def _opens_condition(tok: Any, head: Any) -> bool:
    """ "if" opening a condition inside the clause ("if I ever win the lottery I'm buying a
    boat"): part of what the clause says, not a word to drop."""
    if tok.lower_ == "whenever" and tok.dep_ in ("mark", "advmod"):
        return tok.head.head.i == head.i  # "whenever you give me X, tell me Y"
    if tok.dep_ != "mark" or tok.lower_ not in lx.CONDITIONAL_MARKERS:
        return False
    if tok.head.i == head.i:
        # "If I get the job I'll move": the parser made the condition the root and hung what
        # follows on it; the "if" is all that says the rest is not so yet
        return head.dep_ == "ROOT"
    return tok.head.head.i == head.i


def _tacked_on_comment(tok: Any, head: Any) -> bool:
    """ "... on weekends only so this is just a side thing": a clause after the head whose
    subject is a bare demonstrative comments on the statement and adds nothing to the fact."""
    if tok.i < head.i or tok.dep_ not in ("advcl", "parataxis"):
        return False
    subj = next((c for c in tok.children if c.dep_ in SUBJECT_DEPS), None)
    return subj is not None and subj.lower_ in lx.COMMENT_SUBJECTS and not list(subj.children)


def _closes_quote(toks: list[Any]) -> bool:
    """Whether the last token closes a quotation opened earlier in ``toks`` ("still
    'awaiting council approval'")."""
    last = toks[-1]
    if last.text not in ("'", '"', "”", "’"):
        return False
    opening = {"'": "'`", '"': '"`', "”": "“", "’": "‘"}[last.text]
    return any(t.text[:1] in opening for t in toks[:-1] if t.is_punct)


def _comment_relative(tok: Any) -> bool:
    """ "... emailed the lab manager yesterday so hopefully that works": the parser hangs
    the comment on the last noun as a relative clause; a real one ("the tool that helps") has
    its "that" right after the noun."""
    subj = next((c for c in tok.children if c.dep_ in SUBJECT_DEPS), None)
    if subj is None or list(subj.children):
        return False
    if subj.lower_ == "which" and _verdict_on_what_was_said(tok, subj):
        return True
    if subj.lower_ not in lx.COMMENT_SUBJECTS:
        return False
    return any(t.lower_ in _TACKING_WORDS for t in tok.doc[tok.head.i + 1 : subj.i])


def _verdict_on_what_was_said(tok: Any, which: Any) -> bool:
    """ ", which is rather funny given his first reaction", ", which was great": after
    a comma, "which" + "is" + an adjective that judges (``COMMENT_ADJECTIVES``; not ", which is
    blue") — the speaker's comment on the whole statement, not a detail of the noun before it."""
    before = tok.doc[which.i - 1] if which.i > 0 else None
    if before is None or before.text != "," or tok.lemma_ != "be":
        return False
    adj = next((c for c in tok.children if c.dep_ == "acomp" and c.pos_ == "ADJ"), None)
    return adj is not None and adj.lower_ in lx.COMMENT_ADJECTIVES


def _word_hyphen(tok: Any) -> bool:
    """A hyphen inside a word ("40-tab"), not a dash between phrases."""
    return tok.text == "-" and tok.i > 0 and not tok.doc[tok.i - 1].whitespace_


def _strip_preamble(toks: list[Any], head: Any) -> list[Any]:
    """Drop a short lead-in ending in ',' or ':' that holds neither head nor subject
    ("Small update: I start ...", "Big news, Tom is leaving")."""
    for k, t in enumerate(toks[:5]):
        if t.text in (",", ":", "-", "–", "—") and k > 0 and not _word_hyphen(t):
            lead = toks[:k]
            if all(x.i != head.i and x.dep_ not in SUBJECT_DEPS for x in lead) and not any(
                x.dep_ == "mark" or x.pos_ == "ADP" for x in lead
            ):
                return toks[k + 1 :]
            break
    return _strip_imperative_lead(toks, head)


#: At most this many words in an imperative lead-in dropped before a statement.
_MAX_IMPERATIVE_LEAD = 8


def _strip_imperative_lead(toks: list[Any], head: Any) -> list[Any]:
    """Drop an imperative lead-in addressed to the listener before a comma ("dont let me
    forget, my mom is taking the kids", "remind me, my sister visits on Friday")."""
    for k, t in enumerate(toks[: _MAX_IMPERATIVE_LEAD + 1]):
        if t.text != ",":
            continue
        lead = toks[:k]
        inside = {x.i for x in lead}
        tops = [x for x in lead if x.head.i not in inside or x.head.i == x.i]
        if (
            len(tops) == 1
            and tops[0].tag_ == "VB"
            and tops[0].head.i == head.i
            and tops[0].i != head.i
            and not any(c.dep_ in SUBJECT_DEPS for c in tops[0].children)
        ):
            return toks[k + 1 :]
        break
    return toks
