"""Plain-text and Markdown transcripts: one conversation per file, turns as ``Speaker: text``.

Accepted speaker lines (``#`` heading marks and a leading ``[10:32]`` time are allowed)::

    Alice: Hi Bob, did the lease come through?
    **Bob:** Yes, we move in on the 1st.
    **ChatGPT**: Congratulations!
    ## User:

A line that is not a speaker line continues the current turn; lines before the first speaker
line are ignored, except a ``# Title`` heading, which becomes the conversation title. A name
counts as a speaker when it opens at least two lines, or once if it is a well-known one (User,
You, Me, Human, Assistant, ChatGPT, Claude, AI, Gemini...), so that a stray ``Note: ...`` line
inside a turn is not taken as a speaker. Speaker names are at most 40 characters and 4 words.

Roles: assistant-like names (assistant, ChatGPT, Claude, AI, Gemini, GPT-4o...) are role
``assistant`` with speaker ``assistant`` (the written name in ``metadata['name']``); ``System`` is
role ``system``; User/You/Me/Human are role ``user`` with speaker ``user``; every other name is a
human speaker (role ``user``, speaker = the name as written), so meeting notes with several people
work. Ids: conversation ``stable_id('markdown', file name, 0, title)``, turns ``<conv id>:<n>``.
The file is read whole (transcripts are small); invalid UTF-8 is replaced, with a warning.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from contextos.ingest.drafts import ASSISTANT_NAMES, ConversationDraft, TurnDraft, role_for_speaker
from contextos.ingest.filecontext import FileContext
from contextos.models.transcript import stable_id

__all__ = ["looks_like_transcript", "parse", "speaker_line"]

FORMAT = "markdown"
USER_NAMES = frozenset({"user", "you", "me", "human", "i"})
_TIME = re.compile(r"\[([^\]\n]{1,24})\]\s*")
_NAME = re.compile(r"^[^\W\d_][\w.'’\- ]{0,39}$")
_RULE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")


def speaker_line(line: str) -> tuple[str, str, str | None] | None:
    """``(name, text, time)`` when the line opens a turn, else None."""
    found = _speaker_line(line)
    return found[:3] if found else None


def _speaker_line(line: str) -> tuple[str, str, str | None, bool] | None:
    s = line.strip()
    if not s or ":" not in s:
        return None
    s = s.lstrip("#").lstrip()
    time = None
    m = _TIME.match(s)
    if m:
        time, s = m.group(1), s[m.end() :]
    bold = s.startswith(("**", "__"))
    if bold:
        mark = s[:2]
        end = s.find(mark, 2)
        if end == -1:
            return None
        inner, rest = s[2:end], s[end + 2 :]
        if inner.endswith(":"):
            name, text = inner[:-1], rest
        elif rest.lstrip().startswith(":"):
            name, text = inner, rest.lstrip()[1:]
        else:
            return None
    else:
        idx = s.find(":")
        name, text = s[:idx], s[idx + 1 :]
        if text and not text[0].isspace():
            return None  # a URL, a clock time, "key:value"
    name = name.strip()
    if not _NAME.match(name) or len(name.split()) > 4:
        return None
    return name, text.strip(), time, bold


def _is_known(name: str) -> bool:
    low = name.casefold()
    return low in USER_NAMES or low in ASSISTANT_NAMES or role_for_speaker(name) != "user"


def _speakers(lines: list[str]) -> set[str]:
    counts: Counter[str] = Counter()
    marked: set[str] = set()
    for line in lines:
        found = _speaker_line(line)
        if found:
            counts[found[0]] += 1
            if found[3]:
                marked.add(found[0])
    return {name for name, n in counts.items() if n >= 2 or name in marked or _is_known(name)}


def looks_like_transcript(text: str, complete: bool = True) -> bool:
    """Whether text reads as a ``Speaker: text`` transcript (two speaker lines, or one known)."""
    lines = text.splitlines()
    if not complete and lines:
        lines = lines[:-1]  # the last line may be cut
    names = _speakers(lines)
    hits = sum(1 for line in lines if (f := speaker_line(line)) and f[0] in names)
    return hits >= 2 or (hits == 1 and any(_is_known(n) for n in names))


def _turn(conv_id: str, n: int, name: str, body: list[str], time: str | None) -> TurnDraft:
    while body and (not body[-1].strip() or _RULE.match(body[-1])):
        body.pop()
    text = "\n".join(body).strip()
    role = role_for_speaker(name)
    metadata: dict[str, Any] = {}
    if time:
        metadata["time"] = time
    if name.casefold() in USER_NAMES:
        speaker = "user"
    elif role == "assistant":
        speaker = "assistant"
        metadata["name"] = name
    else:
        speaker = name
    return TurnDraft(f"{conv_id}:{n}", role, speaker, text, None, "message", metadata)


def parse(ctx: FileContext) -> Iterator[ConversationDraft]:
    """The one conversation of a Markdown / plain-text transcript."""
    with ctx.source.open() as raw:
        data = raw.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("utf-8", "replace")
        ctx.warn("", "invalid UTF-8 bytes were replaced with U+FFFD")
    lines = text.splitlines()
    names = _speakers(lines)
    title = None
    for line in lines:
        if speaker_line(line) and speaker_line(line)[0] in names:  # type: ignore[index]
            break
        if line.startswith("# ") and line[2:].strip():
            title = line[2:].strip()
            break
    conv_id = stable_id(FORMAT, ctx.source.name, 0, title or "")
    turns: list[TurnDraft] = []
    current: tuple[str, str | None] | None = None
    body: list[str] = []
    for line in lines:
        found = speaker_line(line)
        if found and found[0] in names:
            if current is not None:
                turns.append(_turn(conv_id, len(turns), current[0], body, current[1]))
            current, body = (found[0], found[2]), [found[1]] if found[1] else []
        elif current is not None:
            body.append(line)
    if current is not None:
        turns.append(_turn(conv_id, len(turns), current[0], body, current[1]))
    yield ConversationDraft(
        id=conv_id,
        source=FORMAT,
        where="conversation #0",
        title=title or ctx.source.name.rsplit(".", 1)[0],
        turns=turns,
    )
