"""``contextos chat --user U``: an interactive shell over one user's memory. Each line is a
command (``help`` lists them); it reads stdin, so it can be scripted by piping lines in."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from typing import TextIO

from rich.console import Console
from rich.markup import escape

from contextos.cli_common import (
    DataDir,
    Store,
    User,
    open_read_only,
    parse_when,
    reports_errors,
    settings_from,
    user_from,
)
from contextos.cli_preferences import preferences_table
from contextos.errors import ContextOSError
from contextos.service import ContextOS

__all__ = ["COMMANDS", "ChatShell", "chat"]

#: command -> (arguments, what it does); ``help`` prints this list.
COMMANDS: dict[str, tuple[str, str]] = {
    "help": ("", "list the commands"),
    "context": ("QUERY", "the context injection an agent would get for QUERY"),
    "brief": ("[SINCE]", "what changed since SINCE (2026-03-01, 7d, 12h; default 1d)"),
    "facts": ("", "the user's current facts"),
    "preferences": ("", "the user's active preferences"),
    "add preference": ("TYPE VALUE [CONFIDENCE]", "add a preference (explicit)"),
    "delete preference": ("ID", "delete a preference"),
    "clear preferences": ("", "delete all preferences (asks)"),
    "privacy": ("", "the user's privacy settings"),
    "quit": ("", "leave (also: exit, Ctrl-D)"),
}


class ChatShell:
    """Runs one command line at a time against ``cx`` for ``user``, printing to ``console``;
    ``ask`` answers a yes/no question (the next input line)."""

    def __init__(
        self, cx: ContextOS, user: str, console: Console, ask: Callable[[str], bool]
    ) -> None:
        self.cx = cx
        self.user = user
        self.console = console
        self.ask = ask

    def handle(self, line: str) -> bool:
        """Run ``line``; False when the shell should end."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            self.console.print(f"[red]error:[/] {escape(str(exc))}")
            return True
        if not words:
            return True
        head = words[0].lower()
        if head in ("quit", "exit"):
            return False
        pair = " ".join(w.lower() for w in words[:2])
        try:
            if pair in ("add preference", "delete preference", "clear preferences"):
                getattr(self, "_" + pair.replace(" ", "_"))(words[2:])
            elif head in ("help", "context", "brief", "facts", "preferences", "privacy"):
                getattr(self, "_" + head)(words[1:])
            else:
                self.console.print(f"unknown command {escape(words[0])!r}: type help")
        except ContextOSError as exc:
            self.console.print(f"[red]error:[/] {escape(str(exc))}")
        return True

    def _help(self, _: list[str]) -> None:
        for name, (args, what) in COMMANDS.items():
            self.console.print(f"  {name} {args}".ljust(42) + what, highlight=False)

    def _context(self, args: list[str]) -> None:
        result = self.cx.context(" ".join(args), user=self.user)
        self.console.print(escape(result.injection))

    def _brief(self, args: list[str]) -> None:
        from contextos.brief import render

        since = parse_when(args[0] if args else "1d")
        brief = self.cx.brief(self.user, since=since)
        self.console.print(escape(render(brief, "text")))

    def _facts(self, _: list[str]) -> None:
        items = self.cx.facts(self.user)
        for f in items:
            self.console.print(f"- {escape(f.text)} [dim]({f.category}, {f.confidence:.2f})[/]")
        self.console.print(f"{len(items)} facts")

    def _preferences(self, _: list[str]) -> None:
        items = self.cx.preferences(self.user)
        self.console.print(preferences_table(items, f"{len(items)} preferences"))

    def _add_preference(self, args: list[str]) -> None:
        if len(args) < 2:
            self.console.print("usage: add preference TYPE VALUE [CONFIDENCE]")
            return
        confidence = None
        if len(args) > 2:
            try:
                confidence = float(args[-1])
                args = args[:-1]
            except ValueError:
                pass
        change = self.cx.add_preference(
            self.user, args[0], " ".join(args[1:]), confidence=confidence
        )
        p = change.preference
        verb = f"merged into {p.id}" if change.merged else f"added {p.id}"
        self.console.print(f"{verb}: {escape(p.type)} = {escape(p.value)} ({p.confidence:.2f})")

    def _delete_preference(self, args: list[str]) -> None:
        if len(args) != 1:
            self.console.print("usage: delete preference ID")
            return
        self.cx.delete_preference(self.user, args[0])
        self.console.print(f"deleted preference {escape(args[0])}")

    def _clear_preferences(self, _: list[str]) -> None:
        if not self.ask(f"delete all preferences of {self.user}? (y/N) "):
            self.console.print("nothing deleted")
            return
        n = self.cx.clear_preferences(self.user)
        self.console.print(f"deleted {n} preferences")

    def _privacy(self, _: list[str]) -> None:
        state = self.cx.privacy(self.user)
        self.console.print(f"extraction: {'off (opted out)' if state.opt_out else 'on'}")


def _lines(stream: TextIO, prompt: str, interactive: bool) -> Callable[[], str | None]:
    def read() -> str | None:
        if interactive:
            try:
                return input(prompt)
            except EOFError:
                return None
        line = stream.readline()
        return None if line == "" else line.rstrip("\n")

    return read


@reports_errors
def chat(
    user: User = None,
    data_dir: DataDir = None,
    store: Store = None,
) -> None:
    """An interactive shell over a user's memory (type help; reads stdin, so it scripts)."""
    settings = settings_from(data_dir, store)
    uid = user_from(settings, user)
    console = Console()
    interactive = sys.stdin.isatty()
    read = _lines(sys.stdin, f"{uid}> ", interactive)

    def ask(question: str) -> bool:
        if not interactive:
            console.print(question, end="")
        answer = read()
        return (answer or "").strip().lower() in ("y", "yes")

    with open_read_only(settings) as cx:
        shell = ChatShell(cx, uid, console, ask)
        if interactive:
            console.print(f"contextos chat for {escape(uid)} — type help, quit to leave")
        while (line := read()) is not None:
            if not shell.handle(line):
                break
