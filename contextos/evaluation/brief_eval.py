"""The brief measured against the scenarios' gold briefs.

Each scenario's sessions are ingested, as a user of their own, into a fresh embedded graph
(the whole pipeline: extract, validate, resolve, write); then, for every gold brief window
(``since`` session, ``until`` session), ``ContextOS.brief`` between the two sessions' times
lists its changes. A gold change ``{entity, field, from, to}`` is **found** when one listed
change matches it leniently on all three of:

* entity — the gold name or one of its aliases and the change's entity name, one's words
  inside the other's ("Priya" / "Priya Raman"), case and articles ignored;
* field — the same words, or MiniLM cosine >= ``FIELD_SIMILARITY`` ("boss" / "manager"; a
  gold ``snake_case`` field read as words);
* new value — one's words inside the other's (an ISO date also read as "March 19 2026").

Reported: recall (gold changes found / gold changes) and changes listed per gold change
(listed changes in the windows / gold changes in them): a brief that lists every new fact
finds more and reads worse. Beside it, the recall of the words alone (``said``): the gold
entity (a name or alias, or its first word) and new value are among the words of one listed
change's text, whatever its typed fields say — what a reader could find in the list.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

import numpy as np

from contextos.evaluation.datasets import GoldChange, Scenario
from contextos.models.brief import Change

__all__ = ["FIELD_SIMILARITY", "BriefScore", "matches", "measure_briefs", "said_in_text"]

Embed = Callable[[list[str]], np.ndarray]

FIELD_SIMILARITY = 0.5
_WORD = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")
_IGNORED = frozenset({"the", "a", "an", "of", "s"})
_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})(?:-(\d{2}))?$")


@dataclass
class BriefScore:
    windows: int = 0
    gold: int = 0
    found: int = 0
    listed: int = 0
    #: gold changes whose entity and new value are in a listed change's text
    said: int = 0
    missed: list[str] = field(default_factory=list)

    @property
    def said_recall(self) -> float:
        return self.said / self.gold if self.gold else 0.0

    @property
    def recall(self) -> float:
        return self.found / self.gold if self.gold else 0.0

    @property
    def listed_per_gold(self) -> float:
        return self.listed / self.gold if self.gold else 0.0


def _words(text: str | None) -> set[str]:
    if not text:
        return set()
    m = _ISO_DATE.match(text.strip())
    if m:
        y, mo, d = m.groups()
        words = {y, date(int(y), int(mo), 1).strftime("%B").lower()}
        return words | ({str(int(d))} if d else set())
    return {w for w in _WORD.findall(text.lower().replace("_", " ")) if w not in _IGNORED}


def _within(a: set[str], b: set[str]) -> bool:
    return bool(a) and bool(b) and (a <= b or b <= a)


def matches(
    gold: GoldChange, aliases: tuple[str, ...], c: Change, field_sim: Callable[[str, str], float]
) -> bool:
    """Whether the listed change ``c`` says the gold change (see the module docstring)."""
    names = [gold.entity, *aliases]
    if not any(_within(_words(n), _words(c.entity_name)) for n in names):
        return False
    if not _within(_words(gold.to), _words(c.to)):
        return False
    if not c.field:
        return False
    g, f = _words(gold.field), _words(c.field)
    return g == f or field_sim(gold.field.replace("_", " "), c.field) >= FIELD_SIMILARITY


def said_in_text(gold: GoldChange, aliases: tuple[str, ...], c: Change) -> bool:
    """Whether the gold entity (a name, an alias or a name's first word) and the gold new value
    are among the words of the change's text."""
    text = _words(c.text)
    names = [gold.entity, *aliases]
    named = any(_words(n) <= text or _words(n.split()[0]) <= text for n in names if n.split())
    value = _words(gold.to)
    return named and bool(value) and value <= text


def _field_similarity(embed: Embed) -> Callable[[str, str], float]:
    cache: dict[str, np.ndarray] = {}

    def vec(text: str) -> np.ndarray:
        if text not in cache:
            cache[text] = np.asarray(embed([text])[0], dtype=np.float32)
        return cache[text]

    return lambda a, b: float(vec(a) @ vec(b))


def _user_id(scenario_id: str) -> str:
    return re.sub(r"[^a-z0-9_]+", "_", scenario_id.lower()).strip("_")[:60] or "scenario"


def score_scenario(
    sc: Scenario, brief_of: Callable[..., list[Change]], field_sim: Callable[[str, str], float]
) -> BriefScore:
    """The gold briefs of one ingested scenario, scored; ``brief_of(since, until)`` lists the
    brief's changes."""
    score = BriefScore()
    for gb in sc.briefs:
        if gb.since_at is None or gb.until_at is None or not gb.changes:
            continue
        listed = brief_of(gb.since_at, gb.until_at)
        score.windows += 1
        score.gold += len(gb.changes)
        score.listed += len(listed)
        for g in gb.changes:
            aliases = sc.aliases.get(g.entity, ())
            score.said += any(said_in_text(g, aliases, c) for c in listed)
            if any(matches(g, aliases, c, field_sim) for c in listed):
                score.found += 1
            else:
                shown = "; ".join(f"{c.kind}:{c.entity_name}/{c.field}->{c.to}" for c in listed[:4])
                score.missed.append(
                    f"{sc.id} {gb.since}->{gb.until} {g.entity}.{g.field}: {g.from_} -> {g.to}"
                    f" [listed: {shown or '-'}]"
                )
    return score


def measure_briefs(scenarios: list[Scenario], extractor: object, embed: Embed) -> BriefScore:
    """Ingest each scenario into a fresh embedded graph and score its gold briefs."""
    from contextos.service import ContextOS

    total = BriefScore()
    field_sim = _field_similarity(embed)
    with (
        tempfile.TemporaryDirectory(prefix="contextos-brief-eval-") as tmp,
        ContextOS.open(Path(tmp), extractor=extractor) as cx,  # type: ignore[arg-type]
    ):
        for sc in scenarios:
            if not sc.briefs:
                continue
            uid = _user_id(sc.id)
            cx.ingest(sc.conversations, user=uid, user_name=sc.user.name)

            def brief_of(since: datetime, until: datetime, uid: str = uid) -> list[Change]:
                return cx.brief(uid, since=since, until=until).changes

            s = score_scenario(sc, brief_of, field_sim)
            total.windows += s.windows
            total.gold += s.gold
            total.found += s.found
            total.listed += s.listed
            total.said += s.said
            total.missed.extend(s.missed)
    return total
