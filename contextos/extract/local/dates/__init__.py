"""Relative dates resolved against the turn's timestamp ("yesterday" on 2023-05-08 -> 7 May 2023).

``dateparser`` does the calendar arithmetic; this package decides *which* phrases are dates
worth resolving (durations like "six years" are not) and which way an ambiguous weekday points
(the clause's tense: "on Friday" in a past-tense clause is the Friday before).

* ``calendar_words``: weekday and month names, counts, parts of the day, pattern pieces;
* ``phrases``: where a text's date phrases are (:func:`date_spans`, :func:`doc_date_spans`);
* ``resolved_date``: a resolved date (:class:`ResolvedDate`), how a fact writes it, and the
  month arithmetic;
* ``common_forms``: the everyday phrases resolved without dateparser;
* ``resolution``: :func:`resolve_date`, :func:`is_resolvable` and dateparser itself;
* ``recurring_days``: weekdays that name no one date ("I work Monday to Friday");
* ``weekdays``: a weekday read with the dates around it ("next tues the 17th");
* ``clauses``: the dates of a clause, for the renderer (:func:`clause_dates`).
"""

from contextos.extract.local.dates.calendar_words import is_calendar_word, is_month
from contextos.extract.local.dates.clauses import clause_dates
from contextos.extract.local.dates.phrases import date_spans, doc_date_spans
from contextos.extract.local.dates.resolution import is_resolvable, load, resolve_date
from contextos.extract.local.dates.resolved_date import Direction, ResolvedDate, render_date

__all__ = [
    "Direction",
    "ResolvedDate",
    "clause_dates",
    "date_spans",
    "doc_date_spans",
    "is_calendar_word",
    "is_month",
    "is_resolvable",
    "load",
    "render_date",
    "resolve_date",
]
