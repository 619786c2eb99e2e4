"""The people's CLI: preferences commands, privacy, the chat shell fed on stdin, and the bind
rule of ``serve``."""

from __future__ import annotations

import json
import re

from cx_helpers import REPO, run_cli


def _prefs(data_dir) -> list[dict]:
    r = run_cli("preferences", "--user", "sam", "--json", "--all", data_dir=data_dir)
    assert r.returncode == 0, r.stderr
    return [json.loads(line) for line in r.stdout.splitlines()]


def test_preference_commands_and_the_chat_shell(data_dir):
    sample = REPO / "contextos" / "samples" / "jordan_chats.jsonl"
    assert run_cli("ingest", str(sample), "--user", "sam", data_dir=data_dir).returncode == 0
    add = run_cli(
        "add",
        "preference",
        "communication_style",
        "concise answers",
        "0.8",
        "--user",
        "sam",
        "--context",
        "work",
        data_dir=data_dir,
    )
    assert add.returncode == 0, add.stderr
    assert "added" in add.stdout
    merged = run_cli(
        "add",
        "preference",
        "communication_style",
        "short, concise answers",
        "--user",
        "sam",
        data_dir=data_dir,
    )
    assert "merged into" in merged.stdout
    mine = [p for p in _prefs(data_dir) if p["explicit"]]
    assert len(mine) == 1 and mine[0]["confidence"] == 0.9 and mine[0]["context"] == ["work"]
    bad = run_cli("add", "preference", "tone", "warm", "1.5", "--user", "sam", data_dir=data_dir)
    assert bad.returncode == 2 and "between 0 and 1" in bad.stderr

    # the chat shell, scripted over stdin
    script = "\n".join(
        [
            "help",
            "facts",
            "context what database did we pick?",
            "add preference tone 'warm and direct' 0.7",
            "preferences",
            f"delete preference {mine[0]['id']}",
            "clear preferences",
            "n",
            "bogus",
            "quit",
            "facts",  # never run: the shell has ended
        ]
    )
    chat = run_cli("chat", "--user", "sam", data_dir=data_dir, input=script + "\n")
    assert chat.returncode == 0, chat.stderr
    text = chat.stdout
    for command in (
        "context QUERY",
        "brief [SINCE]",
        "add preference TYPE VALUE",
        "clear preferences",
    ):
        assert command in text  # help lists them
    assert "PostgreSQL" in text  # the context command answered from the graph
    assert "added" in text and f"deleted preference {mine[0]['id']}" in text
    assert "nothing deleted" in text and "unknown command 'bogus'" in text
    assert len(re.findall(r"^\d+ facts$", text, re.M)) == 1
    left = _prefs(data_dir)
    assert [p["value"] for p in left if p["explicit"]] == ["warm and direct"]

    refused = run_cli("clear", "preferences", "--user", "sam", data_dir=data_dir, input="n\n")
    assert refused.returncode == 1 and any(p["explicit"] for p in _prefs(data_dir))
    cleared = run_cli("clear", "preferences", "--user", "sam", "--yes", data_dir=data_dir)
    assert cleared.returncode == 0 and "deleted" in cleared.stdout
    assert _prefs(data_dir) == []

    off = run_cli("privacy", "--user", "sam", "--opt-out", "--json", data_dir=data_dir)
    assert json.loads(off.stdout)["opt_out"] is True
    facts = run_cli("facts", "--user", "sam", "--json", data_dir=data_dir).stdout
    meeting = REPO / "contextos" / "samples" / "billing_sync_meeting.jsonl"
    again = run_cli("ingest", str(meeting), "--user", "sam", data_dir=data_dir)
    assert again.returncode == 0, again.stderr
    assert run_cli("facts", "--user", "sam", "--json", data_dir=data_dir).stdout == facts


def test_serve_refuses_a_public_address_without_a_token(data_dir):
    r = run_cli("serve", "--host", "0.0.0.0", "--port", "8799", data_dir=data_dir, timeout=60)
    assert r.returncode == 2
    assert "refusing to bind 0.0.0.0" in r.stderr and "CONTEXTOS_API_TOKEN" in r.stderr
