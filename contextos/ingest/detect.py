"""Which export format a file is, from its content (the file name is only a tie-breaker).

Rules, checked in this order on the first bytes of the file:

========================  ====================================================================
zip archive               starts with ``PK\\x03\\x04`` (a ChatGPT / Claude export zip)
openai_jsonl              first line is a JSON object with a ``messages`` list
transcript                first line is a JSON object with ``text`` and ``speaker`` or ``role``
chatgpt                   JSON; a record has ``mapping`` or ``current_node``
claude                    JSON; a record has ``chat_messages``
gemini                    JSON; records have ``safeHtmlItem``/``activityControls``, or
                          ``header`` + ``title`` + ``time`` (Google Takeout "My Activity")
openwebui                 JSON; a record has ``chat`` (with ``history``/``messages`` inside)
librechat                 JSON; an object with ``conversationId``, or ``messages`` with
                          ``endpoint``/``exportAt``/``recursive``
chatbotui                 JSON; an object with ``history`` (+ ``folders``/``version``), or
                          records with ``folderId`` and ``messages``
markdown                  text with ``Speaker: text`` / ``**Speaker:**`` lines (see markdown.py)
========================  ====================================================================

"Record" means the top-level object, or the items of a top-level list. Keys are read with a
streaming parser, so sniffing a 500 MB file reads only its first record's keys. Besides the
conversation formats, sniffing also recognises Claude ``users.json`` / ``projects.json`` and
ChatGPT's ``user.json``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from contextos.errors import InputError
from contextos.ingest.filecontext import Source
from contextos.ingest.jsondepth import DepthGuard
from contextos.ingest.jsonstream import BACKEND, JSON_ERRORS
from contextos.ingest.markdown import looks_like_transcript
from contextos.ingest.options import ParseOptions
from contextos.ingest.streams import DamagedStream, Utf8Guard
from contextos.ingest.zipfiles import is_zip_head

__all__ = ["FORMATS", "Sniff", "detect_format", "sniff"]

#: Conversation formats, as accepted by ``format=`` and written to ``Conversation.source``.
FORMATS: tuple[str, ...] = (
    "chatgpt",
    "claude",
    "gemini",
    "openwebui",
    "librechat",
    "chatbotui",
    "openai_jsonl",
    "transcript",
    "markdown",
)
#: Non-conversation kinds sniffing can return.
AUXILIARY = ("zip", "claude_users", "claude_projects", "chatgpt_account", "empty_list")

_HEAD = 1 << 16
_VALUE_STARTS = frozenset({"start_map", "start_array", "string", "number", "boolean", "null"})
_MAX_SNIFF_BYTES = 16 << 20


@dataclass(frozen=True)
class Sniff:
    """The detected kind (a format, an auxiliary kind, or None) and, if None, why."""

    kind: str | None
    reason: str = ""


def _decide(keys: set[str], top: str, final: bool) -> str | None:
    if "mapping" in keys or "current_node" in keys:
        return "chatgpt"
    if "chat_messages" in keys or "current_leaf_message_uuid" in keys:
        return "claude"
    if "safeHtmlItem" in keys or "activityControls" in keys or {"header", "time"} <= keys:
        return "gemini"
    if "chat" in keys:
        return "openwebui"
    if "conversationId" in keys or (
        "messages" in keys and keys & {"endpoint", "exportAt", "recursive"}
    ):
        return "librechat"
    if top == "{" and ("history" in keys and keys & {"folders", "version", "prompts"}):
        return "chatbotui"
    if "folderId" in keys and "messages" in keys:
        return "chatbotui"
    if keys & {"full_name", "email_address", "verified_phone_number"}:
        return "claude_users"
    if keys & {"prompt_template", "is_starter_project"}:
        return "claude_projects"
    if "chatgpt_plus_user" in keys:
        return "chatgpt_account"
    if final:
        if top == "{" and "messages" in keys:
            return "openai_jsonl"  # JSON Lines whose first line is longer than the sniff window
        if top == "{" and "text" in keys and keys & {"speaker", "role"}:
            return "transcript"
        if top == "{" and "history" in keys:
            return "chatbotui"
        if "uuid" in keys and "name" in keys:
            return "claude"
        if "conversation_id" in keys or "create_time" in keys:
            return "chatgpt"
    return None


def _sniff_json(source: Source, max_depth: int) -> Sniff:
    keys: set[str] = set()
    top = ""
    record_prefix = ""
    items = 0
    with source.open() as raw:
        guard = Utf8Guard(raw)
        try:
            for prefix, event, value in BACKEND.parse(DepthGuard(guard, max_depth), use_float=True):
                if not top:
                    if event == "start_array":
                        top, record_prefix = "[", "item"
                        continue
                    if event == "start_map":
                        top, record_prefix = "{", ""
                        continue
                    return Sniff(None, "a JSON scalar, not a list or object")
                if top == "[" and prefix == "item" and event in _VALUE_STARTS:
                    items += 1
                if event == "map_key" and prefix == record_prefix:
                    keys.add(value)
                    found = _decide(keys, top, final=False)
                    if found:
                        return Sniff(found)
                elif top == "[" and prefix == "" and event == "end_array":
                    if not items:
                        return Sniff("empty_list")
                    break
                if guard.position > _MAX_SNIFF_BYTES:
                    break
        except JSON_ERRORS as exc:
            if not keys:
                message = next(iter(str(exc).strip().splitlines()), "")
                return Sniff(None, f"not valid JSON ({message}) near byte {guard.position}")
        except DamagedStream as exc:
            if not keys:
                return Sniff(None, f"{exc.problem} ({exc.where})")
    found = _decide(keys, top, final=True)
    if found:
        return Sniff(found)
    shown = ", ".join(sorted(keys)[:12]) or "none"
    return Sniff(None, f"JSON of an unknown schema (record keys: {shown})")


def _sniff_jsonl(first_line: str) -> str | None:
    try:
        obj = json.loads(first_line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(obj, dict):
        return None
    if isinstance(obj.get("messages"), list) and not obj.keys() & {"mapping", "conversationId"}:
        return "openai_jsonl"
    if "text" in obj and ("speaker" in obj or "role" in obj) and "chat_messages" not in obj:
        return "transcript"
    return None


def sniff(source: Source, max_depth: int = ParseOptions().max_json_depth) -> Sniff:
    """Detect the kind of one file (see the module docstring); JSON nested deeper than
    ``max_depth`` is not parsed."""
    with source.open() as raw:
        head = raw.read(_HEAD)
    if not head:
        return Sniff(None, "file is empty")
    if is_zip_head(head):
        return Sniff("zip")
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = head.decode("utf-16", "replace")
    else:
        text = head.decode("utf-8", "replace")
    stripped = text.lstrip()
    if not stripped:
        return Sniff(None, "file is empty (only whitespace)")
    if stripped[0] in "[{":
        line = stripped.split("\n", 1)[0]
        if stripped[0] == "{" and ("\n" in stripped or len(text) < _HEAD):
            found = _sniff_jsonl(line)
            if found:
                return Sniff(found)
        return _sniff_json(source, max_depth)
    if looks_like_transcript(text, complete=len(head) < _HEAD):
        return Sniff("markdown")
    if "\x00" in text[:1024]:
        return Sniff(None, "binary data, not a chat export")
    return Sniff(None, "no known chat export format (not JSON, no 'Speaker: text' lines)")


def _file_source(path: Path) -> Source:
    return Source(
        label=str(path),
        name=path.name,
        size=path.stat().st_size,
        opener=lambda: path.open("rb"),
        explicit=True,
    )


def detect_format(path: str | Path) -> str:
    """The format name (one of :data:`FORMATS`) of an export file.

    For a zip archive, the format of its first conversation file. Raises :class:`InputError`
    when the file is missing, is a folder, or is not a known chat export.
    """
    path = Path(path)
    if not path.exists():
        raise InputError(str(path), "no such file")
    if path.is_dir():
        raise InputError(str(path), "is a folder; detect_format reads one file")
    result = sniff(_file_source(path))
    if result.kind == "zip":
        from contextos.ingest.sources import archive_formats

        formats = archive_formats(path)
        if not formats:
            raise InputError(str(path), "archive holds no chat export file")
        return formats[0]
    if result.kind in FORMATS:
        return result.kind  # type: ignore[return-value]
    if result.kind is not None:
        raise InputError(str(path), f"a {result.kind} file, not a conversation export")
    raise InputError(str(path), result.reason or "unknown format")
