"""An ingest killed with SIGKILL and run again ends with exactly the graph of a run never
interrupted: the same facts with the same evidence, validity and rejections, byte for byte.

What the extractor carries from one of a user's conversations to the next
(``extract/local/conversation/carryover.py``: pattern signals, people's full names, projects,
capitalised names) is committed with each conversation, so a resumed run reads on from the
conversation it stopped after, as the uninterrupted run did, in the sequential and in the
worker-process path.
"""

from __future__ import annotations

import json
import re
import signal
from pathlib import Path

from cx_helpers import run_cli, run_python, servers_for, wait_until

USER = "sam"

#: What the user opens a chat with: a setting repeated across chats (a USER_PATTERN once the
#: third is read), then something about their work and the people in it (full names, projects
#: and names typed in lower case that the carry-over remembers).
_OPENINGS = [
    "hey, on my 3am break so typing fast. I'm a nurse at Mercy General.",
    "another break, another chat. My colleague Sandra Okafor runs the Atlas migration.",
    "on break again. Sandra moved the Atlas beta to next Friday.",
    "on my break. we're moving to Portland in June.",
    "break time, quick one. Bev from pharmacy said the rota changes next week.",
    "on break again. bev said no to the swap.",
    "on my break, hi. The Atlas migration is blocked on the vendor.",
    "break again. I started running on Tuesdays with Sandra.",
    "on my 3am break. the new beta date is fine, the migration is active again.",
]
#: Asked of the assistant in every chat: answer shapes and a standing instruction.
_ASKS = [
    "Can you list the steps as bullet points please.",
    "Keep it short, British spelling as always.",
    "Summarise that as bullet points, British spelling as always.",
]


def _export(path: Path) -> Path:
    with path.open("w") as f:
        for c, opening in enumerate(_OPENINGS):
            texts = [opening, "Sure.", _ASKS[c % len(_ASKS)], "Here you go."]
            for i, text in enumerate(texts):
                user = i % 2 == 0
                row = {
                    "conversation_id": f"chat-{c}",
                    "turn_id": f"{c}:{i}",
                    "timestamp": f"2026-03-{1 + 2 * c:02d}T03:{10 + i:02d}:00Z",
                    "speaker": "Sam Reyes" if user else "assistant",
                    "role": "user" if user else "assistant",
                    "text": text,
                }
                f.write(json.dumps(row) + "\n")
    return path


def _ingest(export: Path, data_dir: Path, *, parallel: bool, kill_after: int = 0) -> int:
    """Ingest in a process of its own (the worker path when ``parallel``); with
    ``kill_after``, that process SIGKILLs itself (its extraction worker dies with it) right
    after that many conversations are committed. Returns its exit code."""
    code = f"""
import os, signal
from pathlib import Path
from contextos import ContextOS
def progress(p):
    if p.conversations == {kill_after}:
        os.kill(os.getpid(), signal.SIGKILL)
with ContextOS.open(Path({str(data_dir)!r})) as cx:
    cx.ingest(Path({str(export)!r}), user={USER!r}, parallel={parallel}, progress=progress)
"""
    res = run_python(code, timeout=300)
    assert wait_until(lambda: not servers_for(data_dir)), "server left behind"
    if not kill_after:
        assert res.returncode == 0, res.stderr
    return res.returncode


_RECORDED_AT = re.compile(r'"recorded_at":("[^"]*"|null)')


def _facts(data_dir: Path) -> str:
    """``contextos facts --all --json``, but for when each fact was written (the clock)."""
    res = run_cli("facts", "--user", USER, "--all", "--json", data_dir=data_dir)
    assert res.returncode == 0, res.stderr
    return _RECORDED_AT.sub('"recorded_at":"-"', res.stdout)


def _rest(data_dir: Path) -> str:
    """The user's rejections, and how many nodes of each kind the graph holds."""
    code = f"""
import json
from pathlib import Path
from contextos import ContextOS
with ContextOS.open(Path({str(data_dir)!r})) as cx:
    rows = cx.store.run(
        "MATCH (r:Rejection {{user_id: $u}}) "
        "RETURN r.id, r.text, r.reason, r.conversation_id, r.turn_id, r.detail ORDER BY r.id",
        {{"u": {USER!r}}},
    )
    print(json.dumps({{"rejections": rows, "nodes": cx.store.stats({USER!r})}}, sort_keys=True))
"""
    res = run_python(code)
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_a_run_killed_and_resumed_writes_the_graph_of_an_uninterrupted_one(tmp_path):
    export = _export(tmp_path / "chats.jsonl")
    straight = tmp_path / "straight"
    _ingest(export, straight, parallel=False)
    facts, rest = _facts(straight), _rest(straight)
    lines = [json.loads(ln) for ln in facts.splitlines()]
    patterns = [f for f in lines if f["type"] == "USER_PATTERN"]
    # the carry-over matters: a pattern quotes the turns of earlier conversations
    assert any(len(set(p["conversation_ids"])) >= 3 for p in patterns), facts
    assert json.loads(rest)["rejections"], rest  # patterns proposed before they hold, too

    # killed after k conversations, in the worker path (the worker reading ahead) or not, then
    # resumed by the CLI (the sequential path) or in the worker path
    for k, killed_parallel, resumed_parallel in (
        (2, True, False),
        (4, False, False),
        (7, True, True),
    ):
        resumed = tmp_path / f"killed-after-{k}"
        died = _ingest(export, resumed, parallel=killed_parallel, kill_after=k)
        assert died == -signal.SIGKILL
        if resumed_parallel:
            _ingest(export, resumed, parallel=True)
        else:
            res = run_cli("ingest", str(export), "--user", USER, "-q", data_dir=resumed)
            assert res.returncode == 0, res.stderr
        assert _facts(resumed).splitlines() == facts.splitlines(), f"killed after {k}"
        assert _rest(resumed) == rest, f"killed after {k}"
