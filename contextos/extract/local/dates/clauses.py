"""The dates of a clause: each date phrase resolved the way its clause points (a past-tense
clause back in time, except after "to"/"until"/"by") and written in full for the fact text
("on Friday" -> "on Friday, January 9, 2026"), ranges and restatements included.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from contextos.extract.local.dates.calendar_words import (
    LIST_JOINS,
    MONTH_NUM,
    MONTH_ONLY,
    MONTHS,
    ORD_ONLY,
    RANGE_ENDS,
    WEEKDAY_ONLY,
)
from contextos.extract.local.dates.phrases import DAY_RANGE, doc_date_spans
from contextos.extract.local.dates.recurring_days import (
    days_of_a_frequency,
    days_of_the_week_said,
    habitual_range,
    joined_to,
    names_a_kind,
    of_every_period,
    opening_hours,
    within_month,
)
from contextos.extract.local.dates.resolution import resolve_date
from contextos.extract.local.dates.resolved_date import Direction, ResolvedDate, render_date
from contextos.extract.local.dates.weekdays import (
    day_of_the_story,
    restated_day,
    weekday_after_the,
    weekday_numbered,
    weekday_restated,
    write_again,
)
from contextos.extract.local.text import lexicon as lx

__all__ = ["clause_dates"]


#: Days that come back every year: a date said of one is a day of the year, not of one year.
_YEARLY_NOUNS = frozenset({"birthday", "bday", "anniversary", "birthdate"})


_TOWARD = frozenset({"to", "until", "till", "til", "through", "by", "before", "for"})
#: Verbs whose bare date object is the date chosen ("we said October 1st", "picked the 8th").
_CHOOSING_VERBS = frozenset({"say", "agree", "decide", "pick", "choose", "set", "want", "need"})
#: Words before a date that already say how it relates ("since Lent", "until Sunday").
_NO_PREP_AFTER = frozenset({"since", "until", "till", "til", "before", "after", "not"})


def _verb_tense(root: Any) -> str | None:
    """ "past" or "present" for the verb a date phrase modifies directly ("stopped drinking
    coffee in January", "is retiring in June"); None when it hangs off a noun ("move-in July
    13th") or nothing."""
    tok = root
    if tok.dep_ == "pobj" and tok.head.dep_ == "prep":
        tok = tok.head
    elif tok.dep_ not in ("npadvmod", "tmod", "attr", "prep", "dobj"):
        return None
    verb = tok.head
    if verb.pos_ not in ("VERB", "AUX") or verb.i == tok.i:
        return None
    while verb.tag_ == "VBG" and verb.dep_ in ("xcomp", "dobj", "pcomp", "conj"):
        verb = verb.head  # "stopped drinking coffee in January": the time of the stopping
    # ("decided to ship on Friday" stays with "ship": a to-infinitive looks ahead)
    if tok.dep_ in ("npadvmod", "attr", "dobj") and verb.lemma_.lower() in _CHOOSING_VERBS:
        return None  # "we said October 1st": the date said, not when it was said
    if tok.dep_ == "dobj" and verb.tag_ not in ("VBZ", "VBP"):
        return None  # "confirmed the July 13th start" parsed with the date as the object
    if verb.tag_ == "VBD":
        return "past"
    if (
        verb.tag_ == "VBN"
        and verb.lemma_.lower() in lx.DONE_VERBS | lx.SELF_CHANGE_VERBS
        and not any(c.dep_ in ("aux", "auxpass") for c in verb.children)
    ):
        return "past"  # "the dashboard shipped Tuesday": done, so last Tuesday; "moved in March"
    if verb.tag_ == "VBN" and any(
        c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in verb.children
    ):
        return "past"  # "was moved in March", "had started in May"
    if verb.tag_ in ("VBZ", "VBP", "VBG", "VB"):
        return "present"
    return None


def clause_dates(
    doc: Any,
    tokens: list[Any],
    when: datetime | None,
    tense: str,
    spans: list[tuple[int, int]] | None = None,
) -> tuple[dict[int, str], dict[int, tuple[str, int]]]:
    """Dates in a clause of a parsed ``doc``: (first token index -> ISO date) and
    (first token index -> (replacement text, end token index)) for the renderer.

    Date phrases are ``spans`` (default: :func:`doc_date_spans` of ``doc``). A past-tense
    clause points back in time, except after "to"/"until"/"by" ("pushed the exam to
    September")."""
    dates: dict[int, str] = {}
    replacements: dict[int, tuple[str, int]] = {}
    if when is None or not tokens:
        return dates, replacements
    tok_ids = {t.i for t in tokens}
    # "my birthday is March 4": a day of every year ("my birthday party is next Saturday" is one)
    yearly = any(t.lemma_.lower() in _YEARLY_NOUNS and t.dep_ != "compound" for t in tokens)
    range_start: datetime | None = None  # the date a "Tuesday to Thursday" range starts on
    # where the date before started and ended, and whether it was ahead
    last_start, last_end, last_toward, last_day = -1, -1, False, False
    any_end = -1  # where the last date said as any one of its kind ("every Saturday") ended
    recurring: set[int] = set()  # the tokens of such dates
    said_until = -1  # a day number already written with the weekday before it
    week_end = -1  # where the last week said ("next week") ended
    week_monday: datetime | None = None  # and its Monday
    spans = doc_date_spans(doc) if spans is None else spans
    for start, end in spans:
        if start not in tok_ids or start < said_until:
            continue
        prev = doc[start - 1] if start > 0 else None
        if (
            (prev is not None and prev.lower_ in _ANY_ONE_OF)
            or (0 <= any_end < start and all(t.lower_ in LIST_JOINS for t in doc[any_end:start]))
            or joined_to(doc[start:end].root, recurring)
        ):
            any_end = end  # and "every Sunday and Wednesday": each of them
            recurring.update(range(start, end))
            continue  # "every Saturday" recurs and "on a Sunday" is any Sunday: not one date
        if _quoted(doc, start):
            continue  # "a string like 'Mar 22, 2026, 7:04 AM'": words quoted as they are
        if habitual_range(doc, start, end) or opening_hours(doc, start, end):
            continue  # "my weeks run Sunday to Saturday", "open Wed-Sun, closed Mon"
        if prev is not None and start > 1 and doc[start - 2].lower_ in ("every", "each"):
            continue  # "every other Tuesday", "every second Monday"
        if of_every_period(doc, start, end) or days_of_a_frequency(doc, start):
            any_end = end  # "the first Thursday of every month", "twice a week, Tue and Thu"
            recurring.update(range(start, end))
            continue
        if names_a_kind(doc, start, end):
            continue  # "the Saturday beginner class": which class, not a date
        if within_month(doc, start, end):
            continue  # "the only open Saturday in September": some Saturday of it
        if days_of_the_week_said(doc, start, end, week_end):
            week_end = end  # and the "Thursday" of its "Tuesday to Thursday"
            continue  # "all of next week, Tuesday to Friday": the days of the week just said
        if yearly and any(
            t.lower_ in MONTHS or t.lower_.rstrip(".") in MONTH_NUM for t in doc[start:end]
        ):
            continue
        toward = prev is not None and prev.lower_ in _TOWARD
        if prev is not None and prev.lower_ in ("and", "or") and last_end == prev.i:
            toward = last_toward  # "booked it for Thursday and Friday": both ahead
        own = _verb_tense(doc[start:end].root)  # "announced she's retiring in June": ahead
        if prev is not None and prev.lower_ == "since":
            own = "past"
        moved = _rescheduled(doc[start:end].root)
        if moved:  # "got pushed from June 8 to June 22": the dates moved between are the
            own = None  # plan's, the nearer way, not the moving's
        direction: Direction = "past" if (own or tense) == "past" and not toward else "future"
        weekday = weekday_after_the(doc, start, end)
        if weekday is not None and prev is not None:  # "home on the Friday"
            story_day, stop = day_of_the_story(doc, end, weekday, range_start, when, direction)
            if story_day is None:
                continue  # a Thursday of the week being told about, which no date here names
            first = prev.i if prev.i in tok_ids else start
            replacements[first] = (render_date(story_day, "day"), stop)
            dates[start] = story_day.date().isoformat()
            range_start, last_day, said_until = story_day, True, stop
            last_start, last_end, last_toward = start, stop, toward
            continue
        ends_range = prev is not None and prev.lower_ in RANGE_ENDS and range_start is not None
        base = range_start if ends_range and range_start is not None else when
        phrase = _in_month_said(doc, start, end)
        days = DAY_RANGE.match(phrase)  # "11 to 14 March": resolved by its last day
        resolved = resolve_date(
            f"{days['last']}{days['month']}" if days else phrase,
            base,
            "future" if ends_range else direction,
            # a month said with no verb of its own in a present-tense clause ("late three
            # times in January") is the nearest one, either way
            nearest=own is None
            and (moved or direction == "past" or (tense == "present" and not toward)),
        )
        if resolved is None:
            continue
        if week_monday is not None and WEEKDAY_ONLY.match(phrase) and resolved.period == "day":
            # "away next week and back on Friday": the Friday of that week
            offset = (resolved.value.weekday() - week_monday.weekday()) % 7
            resolved = ResolvedDate(week_monday + timedelta(days=offset), "day")
        first_day = _first_day(days, resolved)
        if (
            prev is not None
            and prev.i in tok_ids
            and weekday_restated(doc, start, last_end, range_start if last_day else None)
        ):  # "the 9th next month, weds afternoon": the weekday of the day just said
            replacements[prev.i] = ("", end)
            continue
        said_again = weekday_numbered(doc, start, end, last_start, last_end, range_start)
        if said_again is not None:  # "next weds the 22nd": the day just said, by its number
            write_again(replacements, dates, last_start, last_end, said_again, "day", end)
            range_start = said_again
            continue
        restated = restated_day(doc, start, last_start, last_end, range_start, resolved)
        if restated and prev is not None and prev.i in tok_ids and first_day is None:
            # "Saturday (3 March)": the same day said twice is written once, and a bare weekday
            # is the day the brackets say ("moved to Tuesday (June 9)", not the next one)
            closing = end + int(end < len(doc) and doc[end].text == ")")
            replacements[prev.i] = ("", closing)
            write_again(replacements, dates, last_start, last_end, resolved.value, resolved.period)
            range_start = resolved.value
            continue
        range_start, last_day = resolved.value, resolved.period == "day"
        week_end = end if resolved.period == "week" else -1
        if resolved.period == "week":
            week_monday = resolved.value - timedelta(days=resolved.value.weekday())
        elif not WEEKDAY_ONLY.match(phrase):
            week_monday = None  # a day said in full is the frame from here on
        last_start, last_end, last_toward = start, end, toward
        prefix = ""
        root = doc[start:end].root
        attributive = prev is not None and (
            prev.tag_ in ("DT", "PRP$", "POS")
            or (prev.pos_ == "CCONJ" and prev.i in tok_ids)  # not the "and" before its clause
            # "a busy Monday", "effective March 1"; not "I feel sick today", whose date is
            # the verb's
            or (prev.tag_ == "JJ" and (start <= prev.head.i < end or root.head.i == prev.i))
        )
        # "broke down last Tuesday": "down" is the verb's particle, not the date's preposition
        prep_before = prev is not None and (
            (prev.pos_ == "ADP" and prev.dep_ != "prt") or prev.lower_ in _NO_PREP_AFTER
        )
        if (
            not attributive
            and root.dep_ not in ("nsubj", "nsubjpass", "compound", "attr", "poss")
            and not prep_before
        ):  # "the July 13th start", "August is for polishing": no preposition to add
            prefix = "on " if resolved.period in ("day", "weekend") else "in "
        dates[start] = resolved.value.date().isoformat()
        at_day = prev is not None and prev.lower_ == "at" and resolved.period == "day"
        if at_day and prev is not None and prev.i in tok_ids:
            replacements[prev.i] = ("on " + resolved.text, end)  # "at the end of the week"
            continue
        if first_day is not None:  # "from Monday, October 26, 2026 to Friday, October 30, 2026"
            dates[start] = first_day.date().isoformat()
            lead = "from " if prefix == "on " else prefix
            replacements[start] = (f"{lead}{render_date(first_day, 'day')} to {resolved.text}", end)
            continue
        replacements[start] = (prefix + resolved.text, end)
        day_end = _range_end_day(doc, end, resolved, tok_ids)
        if day_end is not None:  # "May 18 to 22", "June 8-12": a day of the same month
            replacements[end] = (f" to {render_date(day_end, 'day')}", end + 2)
            dates[end + 1] = day_end.date().isoformat()
    return dates, replacements


#: Verbs that move a date: the dates moved from and to are the plan's, not the moving's.
_RESCHEDULE_VERBS = frozenset(
    {"push", "move", "postpone", "delay", "reschedule", "bump", "shift", "slip", "pull", "change"}
)


#: Words before a date that make it any one of its kind ("every Saturday", "the odd Thursday job").
_ANY_ONE_OF = frozenset({"every", "each", "a", "an", "any", "odd", "occasional", "usual"})


def _quoted(doc: Any, start: int) -> bool:
    """Token ``start`` is inside quotation marks opened in its sentence."""
    sent = doc[start].sent
    marks = sum(1 for t in doc[sent.start : start] if t.is_quote and len(t.text) == 1)
    return marks % 2 == 1


def _rescheduled(root: Any) -> bool:
    """The date at ``root`` is what a verb of moving a date moved from or to ("pushed from
    June 8 to June 22", "moved the launch to Friday")."""
    prep = root.head
    if root.dep_ != "pobj" or prep.lower_ not in ("from", "to", "till", "until"):
        return False
    verb = prep.head
    if verb.dep_ == "prep" and verb.head.i != verb.i:  # "from June 8 to June 22"
        verb = verb.head.head if verb.head.dep_ == "pobj" else verb.head
    lemma = verb.lemma_.lower()
    return lemma in _RESCHEDULE_VERBS or (
        lemma in ("bring", "put") and any(c.lower_ in ("forward", "back") for c in verb.children)
    )  # "brought forward to 9 March", "put back to May"


def _in_month_said(doc: Any, start: int, end: int) -> str:
    """The date phrase at ``start``, a bare ordinal ("the 26th") given the one month its
    sentence names without a day ("Quillhall's only free date in March is the 14th" ->
    "March 14th"); other phrases as they are."""
    text = doc[start:end].text
    m = ORD_ONLY.match(text)
    if m is None or m.group(1):
        return text
    sent = doc[start].sent
    day = int(m.group(2))
    months = {
        t.text.capitalize(): _day_said_with(doc, t.i)
        for t in sent
        if MONTH_ONLY.match(t.text) and t.text[:1].isupper() and not start <= t.i < end
    }
    if len(months) != 1:
        return text
    ((month, month_day),) = months.items()
    # "Classes start 2 Oct so the 9th is fine": a later day of that month
    return f"{month} {day}" if month_day is None or month_day < day else text


def _day_said_with(doc: Any, i: int) -> int | None:
    """The day of the month said next to the month name at ``i`` ("3 Sept", "June 8th"), or
    None; a number that is no day ("June 2026") counts as one that is not a later day."""
    for j in (i - 1, i + 1):
        if 0 <= j < len(doc) and doc[j].like_num:
            digits = re.match(r"\d+", doc[j].text)
            return int(digits.group(0)) if digits else 99
    return None


def _first_day(days: re.Match[str] | None, last: ResolvedDate) -> datetime | None:
    """The first day of a range of days said before their month ("11 to 14 March"), in the
    month ``last`` (its last day) was resolved to; None when there is no such range."""
    if days is None or last.period != "day" or not 0 < int(days["first"]) < last.value.day:
        return None
    return last.value.replace(day=int(days["first"]))


def _range_end_day(doc: Any, end: int, start: ResolvedDate, tok_ids: set[int]) -> datetime | None:
    """The day a bare number ends a range with, after a day ("May 18 to 22", "June 8-12")."""
    if start.period != "day" or end + 1 >= len(doc) or end + 1 not in tok_ids:
        return None
    sep, num = doc[end], doc[end + 1]
    if sep.lower_ not in RANGE_ENDS or not num.text.isdigit():
        return None
    if end + 2 < len(doc) and doc[end + 2].pos_ in ("NOUN", "PROPN"):
        return None  # "May 18 to 22 people"
    day = int(num.text)
    if not start.value.day < day <= 31:
        return None
    try:
        return start.value.replace(day=day)
    except ValueError:
        return None
