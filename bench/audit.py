"""Hand audit of stored facts (../shared/AUDIT.md): dump, sample, label, count.

Ingests a set of conversations exactly as a user would (``ContextOS.open`` on a temporary data
directory; each scenario's sessions as one user's conversations, each SPC dialogue as a user of
its own), dumps every stored fact (current and superseded) with its evidence quote, the whole
source turn and the turn before it, and draws a random sample to label by hand.

    # sample 100 facts of the seven unread scenarios (the Makefile's UNREAD list), seed 40
    python bench/audit.py dump --set unread --scenarios bench/heldout2/ho2-04-....json ... \\
        --seed 40 --n 100 --out bench/audit/DATE-unread-scenarios.jsonl
    # sample 60 facts of SPC dialogues the eval never reads (it reads rows 0-199)
    python bench/audit.py dump --set spc --spc ../shared/data/spc/Synthetic-Persona-Chat_test.csv \\
        --spc-offset 200 --spc-rows 100 --seed 40 --n 60 --out bench/audit/DATE-spc.jsonl
    # shares per set (sample size, labels, failure patterns) of labelled files
    python bench/audit.py shares bench/audit/*.jsonl
    # after a code change: the same fact ids again (gone ones listed), plus 30 new facts
    python bench/audit.py redump bench/audit/DATE-spc.jsonl --out NEW.jsonl --new-n 30

Each labelled row: {fact_id, set, scenario, text, evidence, source_turn, previous_turn,
label: GOOD|TRIVIAL|GARBLED|WRONG, note}. The note of a non-GOOD label starts with its failure
pattern ("unresolved reference: ..."), which ``shares`` counts. ``dump`` also writes
``OUT.meta.json``: the set's arguments, the commit, the seed, the facts per 100 user turns and
the ids of every fact stored (so ``redump`` can tell new facts from old ones).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contextos import ContextOS
from contextos.evaluation.datasets import load_scenarios, load_spc
from contextos.models.facts import Fact
from contextos.models.transcript import Conversation, Turn

ROOT = Path(__file__).resolve().parent.parent
LABELS = ("GOOD", "TRIVIAL", "GARBLED", "WRONG")


@dataclass
class UserSet:
    """One user's conversations, as ingested."""

    user: str
    name: str
    scenario: str
    kind: str  # the scenario's kind ("assistant", "meeting") or "two-person chat" (SPC)
    conversations: list[Conversation]


def _users(args: argparse.Namespace) -> list[UserSet]:
    out: list[UserSet] = []
    if args.scenarios:
        for sc in load_scenarios([Path(p) for p in args.scenarios]):
            out.append(UserSet(sc.id, sc.user.name, sc.id, sc.kind, sc.conversations))
    if args.spc:
        for d in load_spc(Path(args.spc), rows=args.spc_rows, offset=args.spc_offset):
            user, name, scenario = f"spc-{d.row}", d.user.name, f"spc-row-{d.row}"
            out.append(UserSet(user, name, scenario, "two-person chat", [d.conversation]))
    return out


def _turn_line(turn: Turn | None) -> str:
    if turn is None:
        return ""
    who = turn.speaker if turn.speaker == turn.role else f"{turn.speaker} ({turn.role})"
    return f"[{turn.id}] {who}: {turn.text}"


def _source_turn(fact: Fact, turns: dict[tuple[str, str], Turn]) -> Turn | None:
    """The turn the fact is said in: the last quoted turn of the fact's subject (an echo such
    as "Me too!" quotes the other speaker's turn first and its own last), else the last one."""
    quoted = [turns.get((e.conversation_id, e.turn_id)) for e in fact.evidence_spans]
    found = [t for t in quoted if t is not None]
    own = [t for t in found if t.speaker == fact.subject]
    return (own or found)[-1] if found else None


def _row(set_name: str, u: UserSet, fact: Fact, turns: dict[tuple[str, str], Turn]) -> dict:
    source = _source_turn(fact, turns)
    previous = None
    if source is not None and source.index > 0:
        conv = next(c for c in u.conversations if c.id == source.conversation_id)
        previous = conv.turns[source.index - 1]
    return {
        "fact_id": fact.id,
        "set": set_name,
        "scenario": u.scenario,
        "kind": u.kind,
        "text": fact.text,
        "evidence": " … ".join(e.quote for e in fact.evidence_spans) or fact.evidence,
        "source_turn": _turn_line(source),
        "previous_turn": _turn_line(previous),
        "status": "superseded" if fact.superseded_by or fact.valid_to else "current",
        "label": None,
        "note": "",
    }


def ingest_and_dump(set_name: str, users: list[UserSet]) -> tuple[list[dict], Counter[str]]:
    """Every stored fact of every user (current and superseded), as rows to label, and the
    number of user turns read per kind of conversation."""
    rows: list[dict] = []
    user_turns: Counter[str] = Counter()
    with (
        tempfile.TemporaryDirectory(prefix="cx-audit-") as tmp,
        ContextOS.open(Path(tmp) / "data") as cx,
    ):
        for u in users:
            cx.ingest(u.conversations, user=u.user, user_name=u.name, parallel=False)
            turns = {(t.conversation_id, t.id): t for c in u.conversations for t in c.turns}
            user_turns[u.kind] += sum(1 for t in turns.values() if t.role == "user")
            facts = cx.facts(u.user, include_superseded=True)
            rows.extend(_row(set_name, u, f, turns) for f in facts)
            print(f"{u.scenario}: {len(facts)} facts", file=sys.stderr)
    rows.sort(key=lambda r: (r["scenario"], r["fact_id"]))
    return rows, user_turns


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "contextos"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.strip() + (" (contextos/ modified)" if dirty.stdout.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _write_jsonl(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def _read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _meta_path(out: Path) -> Path:
    return out.with_suffix(".meta.json")


def _per_100(facts: int, user_turns: int) -> float:
    return round(100 * facts / user_turns, 1) if user_turns else 0.0


def cmd_dump(args: argparse.Namespace) -> int:
    rows, turns_by_kind = ingest_and_dump(args.set, _users(args))
    user_turns = sum(turns_by_kind.values())
    facts_by_kind = Counter(r["kind"] for r in rows)
    sample = random.Random(args.seed).sample(rows, min(args.n, len(rows)))
    out = Path(args.out)
    _write_jsonl(out, sample)
    meta = {
        "set": args.set,
        "scenarios": args.scenarios or [],
        "spc": args.spc,
        "spc_offset": args.spc_offset,
        "spc_rows": args.spc_rows,
        "seed": args.seed,
        "n": len(sample),
        "commit": _commit(),
        "facts_stored": len(rows),
        "facts_current": sum(r["status"] == "current" for r in rows),
        "user_turns": user_turns,
        "facts_per_100_user_turns": _per_100(len(rows), user_turns),
        "by_kind": {
            k: {
                "facts_stored": facts_by_kind[k],
                "user_turns": t,
                "facts_per_100_user_turns": _per_100(facts_by_kind[k], t),
            }
            for k, t in sorted(turns_by_kind.items())
        },
        "all_fact_ids": [r["fact_id"] for r in rows],
    }
    _meta_path(out).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    if args.all_out:
        _write_jsonl(Path(args.all_out), rows)
    print(
        f"{args.set}: {len(rows)} facts stored ({meta['facts_current']} current) from "
        f"{user_turns} user turns = {meta['facts_per_100_user_turns']} per 100 user turns; "
        f"sampled {len(sample)} (seed {args.seed}) -> {out}"
    )
    return 0


def _pattern(note: str) -> str:
    return note.split(":", 1)[0].strip().lower() if note else "(no note)"


def _share_row(name: str, rows: list[dict], per_100: object) -> str:
    labelled = [r for r in rows if r.get("label") in LABELS]
    n = len(labelled)
    counts = Counter(r["label"] for r in labelled)
    cells = [f"{100 * counts[k] / n:.0f} % ({counts[k]})" if n else "-" for k in LABELS]
    return f"| {name} | {n} | {' | '.join(cells)} | {per_100} |"


def cmd_shares(args: argparse.Namespace) -> int:
    """The shares of each label per set (and per kind of conversation within a set that has
    several), the facts per 100 user turns from each file's .meta.json, the failure patterns."""
    by_set: dict[str, list[dict]] = defaultdict(list)
    metas: dict[str, dict] = {}
    for p in args.files:
        path = Path(p)
        for r in _read_jsonl(path):
            by_set[r["set"]].append(r)
        meta_path = _meta_path(path)
        if meta_path.exists():
            m = json.loads(meta_path.read_text(encoding="utf-8"))
            metas[m["set"]] = m
    print("| set | n | GOOD | TRIVIAL | GARBLED | WRONG | facts per 100 user turns |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    unlabelled = 0
    for name, rows in by_set.items():
        unlabelled += sum(r.get("label") not in LABELS for r in rows)
        meta = metas.get(name, {})
        print(_share_row(name, rows, meta.get("facts_per_100_user_turns", "-")))
        kinds = sorted({r.get("kind", "") for r in rows})
        if len(kinds) > 1:
            for kind in kinds:
                per = meta.get("by_kind", {}).get(kind, {}).get("facts_per_100_user_turns", "-")
                print(_share_row(f"  {name}: {kind}", [r for r in rows if r["kind"] == kind], per))
    for name, rows in by_set.items():
        pats = Counter(
            (r["label"], _pattern(r.get("note", "")))
            for r in rows
            if r.get("label") in LABELS and r["label"] != "GOOD"
        )
        print(f"\n{name}: failure patterns")
        for (label, pat), k in pats.most_common():
            print(f"  {k:3d}  {label:8s} {pat}")
    total = Counter(
        _pattern(r.get("note", ""))
        for rows in by_set.values()
        for r in rows
        if r.get("label") in LABELS and r["label"] != "GOOD"
    )
    print("\nall sets: failure patterns")
    for pat, k in total.most_common():
        print(f"  {k:3d}  {pat}")
    if unlabelled:
        print(f"\n{unlabelled} rows without a label", file=sys.stderr)
    return 0


def cmd_redump(args: argparse.Namespace) -> int:
    """The labelled sample's fact ids, dumped again from the current code: the old label kept
    as ``previous_label``; ids no longer stored listed as gone; ``--new-n`` facts the earlier
    dump did not store sampled into ``OUT`` with ``-new`` before the suffix."""
    path = Path(args.labelled)
    meta: dict[str, Any] = json.loads(_meta_path(path).read_text(encoding="utf-8"))
    ns = argparse.Namespace(
        scenarios=meta["scenarios"],
        spc=meta["spc"],
        spc_offset=meta["spc_offset"],
        spc_rows=meta["spc_rows"],
    )
    rows, turns_by_kind = ingest_and_dump(meta["set"], _users(ns))
    user_turns = sum(turns_by_kind.values())
    now = {r["fact_id"]: r for r in rows}
    old = _read_jsonl(path)
    again: list[dict] = []
    gone: list[dict] = []
    for r in old:
        new = now.get(r["fact_id"])
        if new is None:
            gone.append(r)
            continue
        again.append({**new, "previous_label": r.get("label"), "previous_note": r.get("note")})
    out = Path(args.out)
    _write_jsonl(out, again)
    print(
        f"{meta['set']}: {len(rows)} facts stored from {user_turns} user turns = "
        f"{_per_100(len(rows), user_turns)} per 100 user turns (was "
        f"{meta['facts_per_100_user_turns']}); of the {len(old)} labelled, {len(again)} still "
        f"stored -> {out}, {len(gone)} gone"
    )
    for r in gone:
        print(f"  gone [{r.get('label')}] {r['scenario']} {r['fact_id']}: {r['text']}")
    seen = set(meta["all_fact_ids"])
    fresh = [r for r in rows if r["fact_id"] not in seen]
    print(f"{len(fresh)} facts stored now that the earlier dump did not store")
    if args.new_n and fresh:
        sample = random.Random(args.seed).sample(fresh, min(args.new_n, len(fresh)))
        new_out = out.with_name(out.stem + "-new" + out.suffix)
        _write_jsonl(new_out, sample)
        print(f"sampled {len(sample)} of them (seed {args.seed}) -> {new_out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump", help="ingest a set, dump its stored facts, sample some to label")
    d.add_argument("--set", required=True, help="the set's name in the rows and the shares")
    d.add_argument("--scenarios", nargs="*", default=[], help="scenario files or folders")
    d.add_argument("--spc", help="a Synthetic-Persona-Chat CSV")
    d.add_argument("--spc-offset", type=int, default=200, help="first row (the eval reads 0-199)")
    d.add_argument("--spc-rows", type=int, default=100)
    d.add_argument("--seed", type=int, default=40)
    d.add_argument("--n", type=int, default=100)
    d.add_argument("--out", required=True, help="the sample to label (JSONL)")
    d.add_argument("--all-out", help="also write every stored fact here (JSONL)")
    d.set_defaults(func=cmd_dump)
    s = sub.add_parser("shares", help="label shares per set of labelled JSONL files")
    s.add_argument("files", nargs="+")
    s.set_defaults(func=cmd_shares)
    r = sub.add_parser("redump", help="the same fact ids again after a code change")
    r.add_argument("labelled", help="a labelled sample written by dump (with its .meta.json)")
    r.add_argument("--out", required=True)
    r.add_argument("--new-n", type=int, default=0, help="also sample this many new facts")
    r.add_argument("--seed", type=int, default=40)
    r.set_defaults(func=cmd_redump)
    args = ap.parse_args(argv)
    if args.cmd == "dump" and not (args.scenarios or args.spc):
        ap.error("dump needs --scenarios or --spc")
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
