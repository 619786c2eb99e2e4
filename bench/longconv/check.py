"""Validate long-conversation benchmark files.

    python bench/longconv/check.py FILE.json [FILE.json ...]
    python bench/longconv/check.py --quiet FILE.json   # aggregate line only

Checks: unique session/turn/question ids, turn ids of the form `<session>:<n>`,
session dates parse and increase, speakers are the two named ones, evidence
ids exist, answerable questions have evidence (multi_hop: at least two turns),
unanswerable ones have a null answer and no evidence, answers are short and
appear (near-)verbatim in their evidence unless marked `derived`, and the
turn/session/question counts are in range. Prints counts per category.
Exit status 1 on any error. `--quiet` prints only counts, never content, so it
can be run on the unread half.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections import Counter
from datetime import datetime
from pathlib import Path

CATEGORIES = ("single_hop", "multi_hop", "temporal", "open_domain", "unanswerable")
STOP = {"a", "an", "the", "of", "in", "on", "at", "to", "and", "or", "for", "her", "his", "it", "s"}
TURNS = (300, 360)
SESSIONS = (12, 20)
QUESTIONS = (50, 60)


def words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.findall(r"[a-z0-9]+", text)


def near_verbatim(answer: str, evidence: str) -> bool:
    """Every content word of the answer is in the evidence (prefix match for stems)."""
    have = set(words(evidence))
    for w in words(answer):
        if w in STOP:
            continue
        if w in have:
            continue
        stem = w[:4]
        if len(w) >= 4 and any(len(h) >= 4 and h[:4] == stem for h in have):
            continue
        return False
    return True


def check(data: dict) -> tuple[list[str], dict]:
    errors: list[str] = []
    speakers = data.get("speakers", [])
    if len(speakers) != 2 or data.get("user") not in speakers:
        errors.append("speakers must be two names and include user")
    for key in ("id", "license", "sessions", "questions"):
        if key not in data:
            errors.append(f"missing {key}")
    turns: dict[str, str] = {}
    last = None
    sids = set()
    for s in data.get("sessions", []):
        if s["id"] in sids:
            errors.append(f"duplicate session {s['id']}")
        sids.add(s["id"])
        date = datetime.fromisoformat(s["date"].replace("Z", "+00:00"))
        if last and date <= last:
            errors.append(f"{s['id']}: date not after previous session")
        last = date
        for n, t in enumerate(s["turns"]):
            if t["id"] != f"{s['id']}:{n}":
                errors.append(f"turn id {t['id']} out of sequence")
            if t["id"] in turns:
                errors.append(f"duplicate turn {t['id']}")
            if t["speaker"] not in speakers:
                errors.append(f"{t['id']}: unknown speaker {t['speaker']}")
            if not t["text"].strip():
                errors.append(f"{t['id']}: empty text")
            turns[t["id"]] = t["text"]
    qids = set()
    cats: Counter[str] = Counter()
    for q in data.get("questions", []):
        qid, cat, ans, ev = q["id"], q["category"], q["answer"], q["evidence"]
        if qid in qids:
            errors.append(f"duplicate question {qid}")
        qids.add(qid)
        cats[cat] += 1
        if cat not in CATEGORIES:
            errors.append(f"{qid}: unknown category {cat}")
        missing = [e for e in ev if e not in turns]
        if missing:
            errors.append(f"{qid}: evidence {missing} not in conversation")
        if len(set(ev)) != len(ev):
            errors.append(f"{qid}: repeated evidence")
        if cat == "unanswerable":
            if ans is not None or ev:
                errors.append(f"{qid}: unanswerable needs answer null and no evidence")
            continue
        if not ans or not ev:
            errors.append(f"{qid}: answerable question needs an answer and evidence")
            continue
        if len(ans.split()) > 6:
            errors.append(f"{qid}: answer longer than 6 words")
        if cat == "multi_hop" and len(ev) < 2:
            errors.append(f"{qid}: multi_hop needs 2+ evidence turns")
        evidence = " ".join(turns[e] for e in ev if e in turns)
        if not q.get("derived") and not missing and not near_verbatim(ans, evidence):
            errors.append(f"{qid}: answer {ans!r} not in evidence; mark derived or fix")
    n_turns = len(turns)
    n_q = len(data.get("questions", []))
    n_s = len(data.get("sessions", []))
    ranges = (("turns", n_turns, TURNS), ("sessions", n_s, SESSIONS), ("questions", n_q, QUESTIONS))
    for name, n, (lo, hi) in ranges:
        if not lo <= n <= hi:
            errors.append(f"{n} {name}, expected {lo}-{hi}")
    counts = {"sessions": n_s, "turns": n_turns, "questions": n_q}
    return errors, {**counts, **{c: cats[c] for c in CATEGORIES}}


def main() -> None:
    args = sys.argv[1:]
    quiet = "--quiet" in args
    paths = [Path(a) for a in args if a != "--quiet"]
    bad = 0
    for path in paths:
        errors, counts = check(json.loads(path.read_text(encoding="utf-8")))
        summary = " ".join(f"{k}={v}" for k, v in counts.items())
        print(f"{path.name}: {'OK' if not errors else f'{len(errors)} errors'} {summary}")
        bad += bool(errors)
        if not quiet:
            for e in errors:
                print("  " + e)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
