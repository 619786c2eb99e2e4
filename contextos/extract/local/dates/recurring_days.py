"""Weekdays that name no one date: days of every week ("I work Monday to Friday", "open
Tue-Sun, closed Mon"), a kind of thing that recurs ("the Saturday beginner class"), some day
of a month ("a Sunday in March"), the days of a week just said ("next week, Tuesday to
Friday"), and days joined to one said as any one of its kind ("every Monday and Wednesday");
a weekday of every period ("the first Thursday of every month") and the weekdays that say
which days a frequency falls on ("three times a week, Monday Wednesday Friday").
"""

from __future__ import annotations

from typing import Any

from contextos.extract.local.dates.calendar_words import (
    MONTH_ONLY,
    RANGE_ENDS,
    STEPS,
    WEEKDAY_ONLY,
    weekday_index,
)

__all__ = [
    "days_of_a_frequency",
    "days_of_the_week_said",
    "habitual_range",
    "joined_to",
    "names_a_kind",
    "of_every_period",
    "opening_hours",
    "within_month",
]


def names_a_kind(doc: Any, start: int, end: int) -> bool:
    """A bare weekday between a determiner and a described noun, words between them ("the
    Saturday beginner class", "my Sunday advanced one"): a kind of thing that recurs, not one
    day."""
    if end - start != 1 or start == 0 or end >= len(doc):
        return False
    day, before, after = doc[start], doc[start - 1], doc[end]
    if WEEKDAY_ONLY.match(day.text) is None or after.pos_ not in ("NOUN", "ADJ", "PROPN"):
        return False
    if before.tag_ in ("DT", "PRP$"):
        return day.head.i > end  # but "the Tuesday deadline" is one Tuesday's
    # "he can do Saturday rugby": a weekday naming a noun with nothing to say which one
    return (
        day.head.i == end
        and before.pos_ not in ("ADP", "ADJ", "DET", "NUM")
        and before.lower_ not in ("next", "last", "this")
    )


def days_of_the_week_said(doc: Any, start: int, end: int, week_end: int) -> bool:
    """A bare weekday right after the week just said, or ending a range of them, that says
    which days of it ("away all of next week, Tuesday to Friday"): no date of its own."""
    if week_end < 0 or WEEKDAY_ONLY.match(doc[start:end].text) is None:
        return False
    return all(
        t.text in (",", "(", "-", "–")
        or t.lower_ in RANGE_ENDS
        or weekday_index(t.text) is not None
        for t in doc[week_end:start]
    )  # "next week (Mon-Wed)"


def joined_to(root: Any, recurring: set[int]) -> bool:
    """The date whose root is ``root`` is joined, through "and"/"of" links, to a date that
    recurs ("every Monday and Wednesday evening and most of Saturday"): it recurs too."""
    tok = root
    for _ in range(4):
        if tok.dep_ not in ("conj", "pobj", "prep", "appos") or tok.head.i == tok.i:
            return False
        tok = tok.head
        if tok.i in recurring:
            return True
    return False


def habitual_range(doc: Any, start: int, end: int) -> bool:
    """A range of weekdays a verb in the simple present says of every week ("I work Monday to
    Friday", "my weeks run Sunday to Saturday"): the start or the end of such a range."""
    if not WEEKDAY_ONLY.match(doc[start:end].text):
        return False
    if (
        start >= 2
        and doc[start - 1].lower_ in RANGE_ENDS
        and WEEKDAY_ONLY.match(doc[start - 2].text)
    ):
        first = start - 2  # the end of a range: its start decides
    elif (
        end + 1 < len(doc)
        and doc[end].lower_ in RANGE_ENDS
        and WEEKDAY_ONLY.match(doc[end + 1].text)
    ):
        first = start
    else:
        return False
    if first > 0 and (doc[first - 1].pos_ == "ADP" or doc[first - 1].lower_ in STEPS):
        return False  # "from Monday to Friday", "next Monday to Friday": one week's
    verb = doc[first].head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    if verb.lemma_ == "be" and not _someone_is(verb, doc[first]):
        return False  # "the conference is Monday to Wednesday": one week's
    return verb.tag_ in ("VBZ", "VBP") and not any(
        c.dep_ in ("aux", "auxpass") for c in verb.children
    )


_PEOPLE_SUBJECTS = frozenset({"i", "we", "you", "he", "she", "they"})


def _someone_is(be: Any, day: Any) -> bool:
    """A person "is" the range of days ``day`` starts ("from August I'm Monday to Thursday"):
    the days they work, every week."""
    return day.dep_ == "attr" and any(
        c.dep_ == "nsubj" and c.lower_ in _PEOPLE_SUBJECTS for c in be.children
    )


#: Words before a weekday of a week's opening hours ("closed Mon").
_OPENING_WORDS = frozenset({"open", "opened", "closed", "shut"})


def opening_hours(doc: Any, start: int, end: int) -> bool:
    """A weekday a business is open or closed on: said beside a range of weekdays ("we open at
    7 (tue-sun, closed mon)") or as a present state ("the shop is closed Monday", "we're open
    on Sunday"): the days of every week, not one date. ("The shop was closed Monday for the
    funeral" is one Monday; so is "closed this Monday", which the weekday's own word says.)"""
    if start == 0:
        return False
    before = start - 1 - int(start > 1 and doc[start - 1].lower_ == "on")  # "closed on Monday"
    if doc[before].lower_ not in _OPENING_WORDS:
        return False
    if not WEEKDAY_ONLY.match(doc[start:end].text):
        return False
    state = doc[before]
    be = state.head if state.dep_ == "acomp" else None  # "is closed", "we're open"
    be = be or next((c for c in state.children if c.dep_ == "auxpass"), None)  # "are closed"
    if be is not None and be.lemma_ == "be" and be.tag_ in ("VBZ", "VBP"):
        return True
    sent = doc[start].sent
    return any(
        t.lower_ in RANGE_ENDS
        and t.i > sent.start
        and t.i + 1 < sent.end
        and WEEKDAY_ONLY.match(doc[t.i - 1].text) is not None
        and WEEKDAY_ONLY.match(doc[t.i + 1].text) is not None
        for t in sent
    )


def within_month(doc: Any, start: int, end: int) -> bool:
    """A bare weekday said of a month ("Tuesday in March", "Sunday of next month")."""
    if not WEEKDAY_ONLY.match(doc[start:end].text) or end + 1 >= len(doc):
        return False
    if doc[end].lower_ not in ("in", "of"):
        return False
    if MONTH_ONLY.match(doc[end + 1].text):
        return True
    # "of next month", not "in the afternoon" (a part of that very day)
    return (
        end + 2 < len(doc)
        and doc[end + 1].lower_ in ("next", "this", "the")
        and (doc[end + 2].lower_ == "month")
    )


#: Periods a weekday recurs in ("of every month"), and words that make a period each one.
_PERIODS = frozenset({"week", "month", "year", "term", "quarter"})
_EACH = frozenset({"every", "each", "the", "a", "per"})
#: Words a list of weekdays is written with ("Mon, Wed & Fri", "Monday Wednesday Friday").
_LIST_WORDS = frozenset({",", "and", "&", "/", "+", "-", "(", ")", ":", "on"})


def of_every_period(doc: Any, start: int, end: int) -> bool:
    """A weekday said of every period ("the first Thursday of every month", "the last Friday
    of the month", "second Tuesday of each term"): one day in each, not one date."""
    if not WEEKDAY_ONLY.match(doc[start:end].text):
        return False
    k = end
    while k < len(doc) and doc[k].lower_ in ("morning", "afternoon", "evening", "night"):
        k += 1  # "the first Monday morning of every month"
    if k + 2 >= len(doc) or doc[k].lower_ != "of":
        return False
    each, period = doc[k + 1].lower_, doc[k + 2].lemma_.lower()
    if each == "the":  # "the last Friday of the month"; not "Tuesday of the week we met"
        return period == "month" and k + 3 <= len(doc) and _period_ends(doc, k + 3)
    return each in _EACH and period in _PERIODS


def _period_ends(doc: Any, k: int) -> bool:
    """Nothing after "of the month" narrows it to one month ("of the month we moved")."""
    return k >= len(doc) or doc[k].is_punct or doc[k].pos_ in ("ADP", "CCONJ", "ADV")


def days_of_a_frequency(doc: Any, start: int) -> bool:
    """A weekday in a list that says which days a frequency falls on ("three times a week,
    Monday Wednesday Friday", "twice a week (Tue/Thu)", "weekly on Mondays"): reading back
    over the list, a frequency ends right before it."""
    k = start - 1
    sent_start = doc[start].sent.start
    while k >= sent_start and (
        doc[k].lower_ in _LIST_WORDS or weekday_index(doc[k].text) is not None
    ):
        k -= 1
    if k < sent_start:
        return False
    last = doc[k]
    if last.lower_ in ("weekly", "fortnightly", "monthly"):
        return True
    return (
        last.lemma_.lower() in _PERIODS
        and k - 1 >= sent_start
        and doc[k - 1].lower_ in ("a", "per", "every", "each")
    )
