"""Build a long-conversation JSON file from its plain-text source.

The source format keeps a conversation writable by hand and its evidence ids
correct: turns are numbered by the script, and questions name turns by labels.

    id: lc-01-slug
    user: Nadia
    speakers: Nadia, Tomás
    == s1 2025-03-02T19:40:00Z
    A: first turn, spoken by speakers[0] @label
    B: reply by speakers[1] @other @more
    ? single_hop | What is ...? | short answer | label other
    ? temporal | When did ...? | 12 March 2025 | label | d
    ? unanswerable | What is ...? | - |

`@name` tokens at the end of a turn line are labels (removed from the text);
evidence may name labels or raw turn ids (`s3:4`); a trailing `d` marks the
answer as derived (computed from dates or inferred), `-` is a null answer.

    python bench/longconv/build.py SOURCE.txt OUT.json
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

LABELS = re.compile(r"(?:\s+@[\w-]+)+\s*$")
LICENSE = "CC BY 4.0, written for contextos"


def build(source: str) -> dict:
    head: dict[str, str] = {}
    sessions: list[dict] = []
    questions: list[dict] = []
    labels: dict[str, str] = {}
    pending: list[tuple[int, list[str]]] = []
    for lineno, raw in enumerate(source.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("== "):
            sid, date = line[3:].split()
            sessions.append({"id": sid, "date": date, "turns": []})
        elif line.startswith("? "):
            parts = [p.strip() for p in line[2:].split("|")]
            if len(parts) not in (4, 5):
                raise SystemExit(f"line {lineno}: question needs 4 or 5 fields")
            cat, question, answer, ev = parts[:4]
            derived = len(parts) == 5 and parts[4] == "d"
            questions.append(
                {
                    "id": f"q{len(questions) + 1}",
                    "category": cat,
                    "question": question,
                    "answer": None if answer == "-" else answer,
                    "evidence": ev.split(),
                    "derived": derived,
                }
            )
            pending.append((lineno, questions[-1]["evidence"]))
        elif line[:2] in ("A:", "B:"):
            speakers = [s.strip() for s in head["speakers"].split(",")]
            session = sessions[-1]
            tid = f"{session['id']}:{len(session['turns'])}"
            found = LABELS.search(line)
            text = line[2:].strip()
            if found:
                for name in found.group(0).split():
                    name = name[1:]
                    if name in labels:
                        raise SystemExit(f"line {lineno}: label @{name} used twice")
                    labels[name] = tid
                text = LABELS.sub("", line)[2:].strip()
            session["turns"].append({"id": tid, "speaker": speakers[line[0] == "B"], "text": text})
        elif ":" in line and not sessions:
            key, value = line.split(":", 1)
            head[key.strip()] = value.strip()
        else:
            raise SystemExit(f"line {lineno}: cannot parse {line[:60]!r}")
    for lineno, ev in pending:
        for i, ref in enumerate(ev):
            if ref in labels:
                ev[i] = labels[ref]
            elif not re.fullmatch(r"s\d+:\d+", ref):
                raise SystemExit(f"line {lineno}: unknown label {ref!r}")
    speakers = [s.strip() for s in head["speakers"].split(",")]
    return {
        "id": head["id"],
        "license": head.get("license", LICENSE),
        "user": head["user"],
        "speakers": speakers,
        "sessions": sessions,
        "questions": questions,
    }


def main() -> None:
    src, out = Path(sys.argv[1]), Path(sys.argv[2])
    data = build(src.read_text(encoding="utf-8"))
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    turns = sum(len(s["turns"]) for s in data["sessions"])
    n_s, n_q = len(data["sessions"]), len(data["questions"])
    print(f"{out}: {n_s} sessions, {turns} turns, {n_q} questions")


if __name__ == "__main__":
    main()
