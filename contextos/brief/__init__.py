"""Brief stage: snapshots over validity intervals, typed changes, ranking, rendering."""

from contextos.brief.diff import History, default_reader, diff_facts, states_of
from contextos.brief.rank import BriefConfig, rank
from contextos.brief.render import FORMATS, render, summarise
from contextos.brief.snapshot import history, snapshot

__all__ = [
    "FORMATS",
    "BriefConfig",
    "History",
    "default_reader",
    "diff_facts",
    "history",
    "rank",
    "render",
    "snapshot",
    "states_of",
    "summarise",
]
