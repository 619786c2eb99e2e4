"""Parse stage: chat exports in, :class:`~contextos.models.transcript.Conversation` objects out.

Entry point::

    from contextos.ingest import ParseOptions, read_conversations

    run = read_conversations(["~/Downloads/chatgpt-export.zip", "claude/"],
                             options=ParseOptions(since=datetime(2025, 1, 1)))
    for conversation in run:          # streamed: one conversation in memory at a time
        ...
    run.warnings, run.stats, run.projects

Formats (:data:`FORMATS`, detected from the content; ``format=`` forces one):

* ``chatgpt``: ChatGPT data export ``conversations.json`` (or the zip): a list of
  conversations whose ``mapping`` is a message tree; the branch the user last saw is kept.
* ``claude``: Claude.ai export ``conversations.json`` (``chat_messages``) or one conversation
  in the web-API shape; ``users.json`` gives the user's name, ``projects.json`` the projects.
* ``gemini``: Google Takeout ``My Activity.json`` for Gemini Apps (prompt + HTML answer per
  entry), grouped into sessions by time.
* ``openwebui``: Open WebUI chat export (``chat.history`` message tree).
* ``librechat``: LibreChat export (nested ``children`` or flat ``parentMessageId``).
* ``chatbotui``: Chatbot UI export (``history`` of ``messages``).
* ``openai_jsonl``: one ``{"messages": [...]}`` conversation per line.
* ``transcript``: contextos transcript JSONL, one turn per line (meetings, several speakers).
* ``markdown``: Markdown / plain text with ``Speaker: text`` lines.

Each format's module docstring describes its shape and mapping rules; :mod:`.detect` the
detection rules; :class:`ParseOptions` what can be filtered. Long conversations are cut into
overlapping windows for extraction with :func:`windows`.
"""

from contextos.ingest.claude_account import ProjectRecord
from contextos.ingest.detect import FORMATS, detect_format
from contextos.ingest.options import ParseOptions
from contextos.ingest.run import ParseRun, read_conversations
from contextos.ingest.windows import estimate_tokens, windows

__all__ = [
    "FORMATS",
    "ParseOptions",
    "ParseRun",
    "ProjectRecord",
    "detect_format",
    "estimate_tokens",
    "read_conversations",
    "windows",
]
