"""Google Takeout "My Activity" for Gemini Apps (``My Activity.json`` / ``MyActivity.json``).

Each entry is one prompt and (in ``safeHtmlItem[].html``) the answer as HTML:
``{header, title: "Prompted <prompt>", time, products, safeHtmlItem, attachedFiles}``.
Entries are newest first, other Google products can be mixed in, and titles are localised
(English ``Prompted ...``, German ``Eingegebener Prompt: ...``, ...).

* entries of other products (neither ``header`` nor ``products`` mentions Gemini or Bard) are
  skipped silently; non-prompt entries (``Gave feedback: ...``, ``Used ...``) are skipped too;
* the answer HTML becomes plain text (``<script>``/``<style>`` dropped, block tags as line
  breaks, entities decoded);
* Takeout has no conversation ids, so entries are sorted by time and grouped into sessions:
  prompts less than ``gemini_session_gap_minutes`` (default 30) apart form one conversation;
* conversation id: ``stable_id('gemini', first prompt time, first prompt)`` (stable when a later
  export adds entries); turn ids ``<conv id>:<n>``;
* an entry with an unreadable ``time`` gets a warning and becomes a conversation of its own
  without timestamps.

Unlike the other formats, all Gemini entries of a file are held (as text) until it is read,
because the order of the file is not the order of the sessions; Takeout activity files are
small compared to ChatGPT exports.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from html import unescape
from html.parser import HTMLParser
from typing import Any

from contextos.ingest.drafts import ConversationDraft, TurnDraft
from contextos.ingest.filecontext import FileContext
from contextos.ingest.jsonstream import iter_records
from contextos.ingest.timestamps import BadTime, parse_time
from contextos.models.transcript import stable_id

__all__ = ["html_to_text", "parse", "prompt_from_title"]

FORMAT = "gemini"
#: Title prefixes of a prompt entry, per Takeout locale.
PROMPT_PREFIXES = (
    "Prompted ",
    "Prompted: ",
    "Eingegebener Prompt: ",
    "Prompt eingegeben: ",
    "Requête : ",
    "Requête saisie : ",
    "Prompt: ",
    "Prompt : ",
    "Consulta: ",
    "Instrucción: ",
    "Prompt inserito: ",
)
_NOT_PROMPTS = ("Gave feedback", "Feedback gegeben", "Used ", "Selected ", "Created ", "Shared ")
_BLOCK_TAGS = frozenset(
    {"p", "br", "li", "ul", "ol", "div", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre"}
)


class _TextExtractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        elif tag == "li":
            self.chunks.append("\n- ")
        elif tag in _BLOCK_TAGS:
            self.chunks.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCK_TAGS and tag != "li":
            self.chunks.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.chunks.append(data)


def html_to_text(html: str) -> str:
    """Readable plain text from Takeout's answer HTML."""
    parser = _TextExtractor()
    parser.feed(html)
    parser.close()
    text = unescape("".join(parser.chunks))
    text = re.sub(r"[ \t]+\n", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def prompt_from_title(title: str) -> str | None:
    """The prompt text of an activity title, or None when the entry is not a prompt."""
    for prefix in PROMPT_PREFIXES:
        if title.startswith(prefix):
            return title[len(prefix) :].strip()
    return None


def _is_gemini(rec: dict[str, Any]) -> bool:
    header = rec.get("header")
    products = rec.get("products")
    names = [header] if isinstance(header, str) else []
    if isinstance(products, list):
        names.extend(p for p in products if isinstance(p, str))
    return any("gemini" in n.lower() or "bard" in n.lower() for n in names)


def _entry(rec: Any, index: int, ctx: FileContext) -> tuple[datetime | None, str, str, dict] | None:
    where = f"entry #{index}"
    if not isinstance(rec, dict):
        ctx.skip(where, f"expected an activity object, found {type(rec).__name__}")
        return None
    if not _is_gemini(rec):
        return None
    title = rec.get("title")
    if not isinstance(title, str):
        ctx.skip(where, "activity entry without a title; skipped")
        return None
    prompt = prompt_from_title(title)
    html_items = rec.get("safeHtmlItem")
    answer = ""
    if isinstance(html_items, list):
        answer = "\n\n".join(
            html_to_text(h["html"])
            for h in html_items
            if isinstance(h, dict) and isinstance(h.get("html"), str)
        )
    if prompt is None:
        if title.startswith(_NOT_PROMPTS) or not answer:
            return None
        ctx.warn(where, f"unrecognised title prefix, whole title used as prompt: {title[:60]!r}")
        prompt = title
    try:
        stamp = parse_time(rec.get("time"))
    except BadTime as exc:
        ctx.warn(where, f"invalid time ({exc}); entry kept as its own conversation")
        stamp = None
    meta: dict[str, Any] = {}
    files = rec.get("attachedFiles")
    if isinstance(files, list) and files:
        meta["attachments"] = [str(f) for f in files]
    return stamp, prompt, answer, meta


def _session(entries: list[tuple[datetime | None, str, str, dict]]) -> ConversationDraft:
    first_time, first_prompt = entries[0][0], entries[0][1]
    stamp = first_time.isoformat() if first_time else ""
    conv_id = stable_id(FORMAT, stamp, first_prompt)
    turns: list[TurnDraft] = []
    for stamp_i, prompt, answer, meta in entries:
        turns.append(
            TurnDraft(f"{conv_id}:{len(turns)}", "user", "user", prompt, stamp_i, "message", meta)
        )
        if answer:
            turns.append(
                TurnDraft(f"{conv_id}:{len(turns)}", "assistant", "assistant", answer, stamp_i)
            )
    return ConversationDraft(
        id=conv_id,
        source=FORMAT,
        where=f"session starting {stamp or 'at an unknown time'}",
        title=first_prompt[:80],
        turns=turns,
    )


def parse(ctx: FileContext) -> Iterator[ConversationDraft]:
    """Sessions of a Gemini Takeout activity file, oldest first."""
    dated: list[tuple[datetime, int, tuple]] = []
    undated: list[tuple] = []
    for index, record in iter_records(ctx):
        entry = ctx.guard(f"entry #{index}", _entry, record, index, ctx)
        if entry is None:
            continue
        if entry[0] is None:
            undated.append(entry)
        else:
            dated.append((entry[0], index, entry))
    dated.sort(key=lambda item: (item[0], -item[1]))
    gap = timedelta(minutes=ctx.options.gemini_session_gap_minutes)
    session: list[tuple] = []
    last: datetime | None = None
    for stamp, _, entry in dated:
        if session and last is not None and stamp - last > gap:
            yield _session(session)
            session = []
        session.append(entry)
        last = stamp
    if session:
        yield _session(session)
    for entry in undated:
        yield _session([entry])
