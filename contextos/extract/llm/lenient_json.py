"""Reading the JSON a model meant to write: what small local models send is often *almost* JSON.

:func:`strip_think` removes reasoning (``<think>…</think>``) before anything is parsed.
:func:`lenient_json` is the last resort after a strict parse and one retry failed: it takes the
first JSON object or array in the text and repairs what models get wrong —

- prose or a Markdown fence around it, and anything after it;
- single-quoted strings, Python's ``True``/``False``/``None``, bare words as keys or values;
- trailing commas, missing commas between values, ``//`` and ``#`` line comments;
- a reply cut off by the token limit: the value being written when it stopped is dropped (a
  string cut off is half a sentence), the open brackets are closed, and the reply model
  decides whether what is left of the last element is enough.

It returns the parsed value, or raises :class:`ValueError` when there is nothing to recover.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["lenient_json", "strip_think"]

_THINK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)
_OPEN_THINK = re.compile(r"<(think|thinking|reasoning)>.*\Z", re.DOTALL | re.IGNORECASE)
_CLOSE_THINK = re.compile(r"\A.*?</(think|thinking|reasoning)>", re.DOTALL | re.IGNORECASE)
_BARE = {"true": "true", "false": "false", "null": "null", "none": "null"}
_WORD = re.compile(r"[^\s,:\[\]{}\"']+")
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\Z")


def strip_think(text: str) -> str:
    """``text`` without reasoning blocks: closed ones, a reply whose opening tag the server
    already removed (everything up to a lone ``</think>``), and one cut off before it closed."""
    text = _THINK.sub("", text)
    text = _CLOSE_THINK.sub("", text)
    return _OPEN_THINK.sub("", text).strip()


class _Frame:
    """An open object or array of the output."""

    def __init__(self, kind: str, safe: int) -> None:
        self.kind = kind
        #: output length after its last complete element (a cut-off reply is rolled back here)
        self.safe = safe
        self.n = 0  # elements (or key/value pairs) written
        #: objects: "key" (a key may come), "colon" (a key was written), "value" (after ":")
        self.state = "key" if kind == "{" else "value"


class _Truncated(Exception):
    """The text ended inside a value."""


class _Repair:
    """One pass over the text from its first ``{`` or ``[``, writing canonical JSON. Commas and
    colons are written when the next element needs them, so missing ones are added and
    trailing ones dropped."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.out: list[str] = []
        self.stack: list[_Frame] = []

    # -- the pieces ------------------------------------------------------------

    def _string(self) -> str:
        quote = self.s[self.i]
        self.i += 1
        buf: list[str] = []
        while self.i < len(self.s):
            ch = self.s[self.i]
            if ch == "\\" and self.i + 1 < len(self.s):
                nxt = self.s[self.i + 1]
                hexa = self.s[self.i + 2 : self.i + 6]
                if nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", hexa):
                    buf.append(chr(int(hexa, 16)))
                    self.i += 4
                elif nxt in '"\\/bfnrt':
                    buf.append(json.loads(f'"\\{nxt}"'))
                else:
                    buf.append(nxt)  # \' and unknown escapes: the character itself
                self.i += 2
                continue
            if ch == quote:
                self.i += 1
                return json.dumps("".join(buf), ensure_ascii=False)
            buf.append(ch)
            self.i += 1
        raise _Truncated

    def _bare(self) -> str:
        m = _WORD.match(self.s, self.i)
        word = m.group(0) if m else self.s[self.i]
        self.i += len(word)
        low = word.lower()
        if low in _BARE:
            return _BARE[low]
        if _NUMBER.match(word):
            return word
        return json.dumps(word, ensure_ascii=False)

    def _element_done(self) -> None:
        """A value was completed inside the innermost open container."""
        if self.stack:
            top = self.stack[-1]
            top.n += 1
            top.state = "key" if top.kind == "{" else "value"
            top.safe = len(self.out)

    def _scalar(self, token: str) -> None:
        top = self.stack[-1]
        if top.kind == "{" and top.state == "key":
            if top.n:
                self.out.append(",")
            self.out.append(token if token.startswith('"') else json.dumps(token))
            top.state = "colon"
            return
        self._prefix()
        self.out.append(token)
        self._element_done()

    def _prefix(self) -> None:
        """What comes before a value in the innermost container: "," or ":"."""
        top = self.stack[-1]
        if top.kind == "[":
            if top.n:
                self.out.append(",")
        elif top.state in ("colon", "value"):
            self.out.append(":")
        else:
            raise ValueError("an object or array where a key was expected")

    # -- the walk --------------------------------------------------------------

    def run(self) -> str:
        start = min((p for p in (self.s.find("{"), self.s.find("[")) if p >= 0), default=-1)
        if start < 0:
            raise ValueError("no JSON object or array in the reply")
        self.i = start
        try:
            self._walk()
        except _Truncated:
            self._close_truncated()
        return "".join(self.out)

    def _walk(self) -> None:
        s = self.s
        while self.i < len(s):
            ch = s[self.i]
            if ch.isspace() or ch == ",":
                self.i += 1
            elif ch == ":":
                self.i += 1
                if self.stack[-1].kind == "{" and self.stack[-1].state == "colon":
                    self.stack[-1].state = "value"
            elif s.startswith("//", self.i) or ch == "#":
                end = s.find("\n", self.i)
                self.i = len(s) if end < 0 else end
            elif ch in "{[":
                if self.stack:
                    self._prefix()
                self.out.append(ch)
                self.stack.append(_Frame(ch, len(self.out)))
                self.i += 1
            elif ch in "}]":
                self.i += 1
                top = self.stack.pop()
                if top.kind == "{" and top.state != "key":
                    del self.out[top.safe :]  # {"a": } -> the dangling key goes
                self.out.append("}" if top.kind == "{" else "]")
                if not self.stack:
                    return  # the first complete value: the rest is prose
                self._element_done()
            elif ch in "\"'":
                self._scalar(self._string())
            else:
                self._scalar(self._bare())
        raise _Truncated

    def _close_truncated(self) -> None:
        """The reply stopped inside a value: keep what was complete, close the rest. A string
        cut off is dropped with its key (half a sentence is not what the model meant); an
        element with nothing complete in it goes whole; the reply model then decides whether
        what is left of the last element is enough (a fact needs its turn, quote and text)."""
        while len(self.stack) > 1 and self.stack[-1].n == 0:
            self.stack.pop()
            del self.out[self.stack[-1].safe :]
        del self.out[self.stack[-1].safe :]
        for frame in reversed(self.stack):
            self.out.append("}" if frame.kind == "{" else "]")


def lenient_json(text: str) -> Any:
    """The first JSON object or array of ``text``, repaired (see the module doc)."""
    repaired = _Repair(strip_think(text)).run()
    try:
        return json.loads(repaired)
    except json.JSONDecodeError as exc:
        raise ValueError(f"unrecoverable JSON ({exc.msg} at {exc.pos})") from None
