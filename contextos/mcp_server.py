"""The MCP server (``contextos mcp``): one user's memory as tools for an agent, on the official
``mcp`` SDK (``MCPServer``), over stdio or streamable HTTP.

Every tool is scoped to the user the server was started for: no tool takes a user id, and
every read and edit is matched by that user, so no caller reaches another user's data. Tools:

* ``get_context`` — a token-budgeted ``<context_injection>`` for what the agent is about to do;
* ``search_facts`` — the user's facts nearest a query, with ids;
* ``add_fact`` — store what the user states on purpose, through extraction and validation
  (grounded in the text given; flagged explicit);
* ``forget_fact`` — end (or delete) one of the user's facts by id;
* ``brief`` — what changed since a time;
* ``ingest_transcript`` — a transcript given as text (Markdown ``Speaker: text`` lines,
  transcript or OpenAI-messages JSONL, any export JSON) through the whole pipeline.

A failure is a tool error with one clear line (``is_error``), never a stack trace.
"""

from __future__ import annotations

import functools
import tempfile
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field

from contextos.errors import ConfigError, ContextOSError
from contextos.models.facts import Fact
from contextos.models.user_id import check_user_id
from contextos.service import ContextOS

__all__ = ["MAX_TRANSCRIPT_CHARS", "TRANSPORTS", "build_server", "serve"]

TRANSPORTS = ("stdio", "http")
#: The largest transcript ``ingest_transcript`` takes (characters).
MAX_TRANSCRIPT_CHARS = 2_000_000
_FORMAT_SUFFIX = {
    "markdown": ".md",
    "transcript": ".jsonl",
    "openai_jsonl": ".jsonl",
    "chatgpt": ".json",
    "claude": ".json",
}

T = TypeVar("T")


class FactOut(BaseModel):
    id: str
    text: str
    type: str
    category: str
    confidence: float
    current: bool
    valid_from: datetime | None = None
    evidence: str = ""
    extractor: str = ""
    score: float | None = Field(default=None, description="search relevance (search_facts)")

    @classmethod
    def of(cls, fact: Fact, score: float | None = None) -> FactOut:
        return cls(
            id=fact.id,
            text=fact.text,
            type=fact.type.value,
            category=fact.category,
            confidence=round(fact.confidence, 3),
            current=fact.is_current,
            valid_from=fact.valid_from,
            evidence=fact.evidence,
            extractor=fact.extractor,
            score=score,
        )


class ContextOut(BaseModel):
    injection: str
    token_count: int
    sources: list[dict[str, Any]]


class SearchOut(BaseModel):
    facts: list[FactOut]


class AddFactOut(BaseModel):
    facts: list[FactOut]
    stored: int = Field(description="new facts")
    already_known: int = Field(description="facts the memory held already (merged)")
    rejected: dict[str, int] = Field(description="candidates refused by validation, by reason")


class ForgetOut(BaseModel):
    fact_id: str
    action: Literal["ended", "deleted"]


class BriefOut(BaseModel):
    summary: str
    text: str = Field(description="the brief in Markdown")
    changes: int


class IngestOut(BaseModel):
    conversations: int
    turns: int
    facts_stored: int
    facts_merged: int
    facts_superseded: int
    rejected: dict[str, int]
    warnings: list[str]


def _tool_errors(fn: Callable[..., T]) -> Callable[..., T]:
    """A :class:`ContextOSError` (bad input, store trouble) becomes a tool error with its one
    line; anything else a tool error naming the exception type, never a traceback."""
    from mcp.server.mcpserver.exceptions import ToolError

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> T:
        try:
            return fn(*args, **kwargs)
        except ToolError:
            raise
        except ContextOSError as exc:
            raise ToolError(str(exc)) from None
        except Exception as exc:  # the caller gets one line; the server log has the rest
            raise ToolError(f"internal error ({type(exc).__name__}): {exc}") from None

    return wrapper


def build_server(cx: ContextOS, user: str) -> Any:
    """An ``MCPServer`` whose tools read and write ``user``'s memory in ``cx`` (open)."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    user = check_user_id(user)
    writes = threading.Lock()  # tools run in worker threads: one write at a time
    server: Any = MCPServer(
        name="contextos",
        instructions=(
            f"Memory of the user {user!r}: call get_context before answering, search_facts to "
            "look something up, add_fact when the user asks you to remember something, "
            "forget_fact when they ask you to forget it, brief for what changed lately."
        ),
    )

    @server.tool()
    @_tool_errors
    def get_context(
        query: Annotated[str, Field(description="what the agent is about to answer")],
        max_tokens: Annotated[int, Field(ge=50, le=8000, description="token budget")] = 500,
        agent_type: Annotated[str, Field(max_length=64, description="agent type")] = "general",
    ) -> ContextOut:
        """The user's memory relevant to `query`, packed into a <context_injection> block
        of at most `max_tokens` tokens, with the source of every item."""
        r = cx.context(query, user=user, agent_type=agent_type, max_tokens=max_tokens)
        sources = [s.model_dump(mode="json") for s in r.sources]
        return ContextOut(injection=r.injection, token_count=r.token_count, sources=sources)

    @server.tool()
    @_tool_errors
    def search_facts(
        query: Annotated[str, Field(max_length=2000, description="words to look for")] = "",
        limit: Annotated[int, Field(ge=1, le=200)] = 10,
        include_superseded: Annotated[
            bool, Field(description="also facts that no longer hold")
        ] = False,
    ) -> SearchOut:
        """The user's facts nearest `query` (meaning and words), best first, with their ids
        (for forget_fact); an empty query lists the newest facts."""
        found = cx.search_facts(query, user, limit=limit, include_superseded=include_superseded)
        return SearchOut(facts=[FactOut.of(f, s) for f, s in found])

    @server.tool()
    @_tool_errors
    def add_fact(
        text: Annotated[
            str,
            Field(
                min_length=1,
                max_length=4000,
                description="the user's own words, first person: 'I moved to Porto in May'",
            ),
        ],
    ) -> AddFactOut:
        """Remember what the user states in `text`. It goes through extraction and validation
        like any chat turn (a fact must be grounded in these words and pass every check) and
        is flagged explicit; nothing is stored when no fact passes (the reasons are given)."""
        with writes:
            r = cx.add_explicit_fact(text, user)
        if not r.facts:
            why = ", ".join(f"{k} x{v}" for k, v in sorted(r.facts_rejected.items())) or "none"
            raise ToolError(
                f"nothing stored: no fact in the text passed validation (rejected: {why}); "
                "state it as a plain first-person sentence"
            )
        return AddFactOut(
            facts=[FactOut.of(f) for f in r.facts],
            stored=r.facts_stored,
            already_known=r.facts_merged,
            rejected=r.facts_rejected,
        )

    @server.tool()
    @_tool_errors
    def forget_fact(
        fact_id: Annotated[str, Field(min_length=1, max_length=64, description="from search")],
        delete: Annotated[
            bool, Field(description="delete it and its edges instead of ending it now")
        ] = False,
    ) -> ForgetOut:
        """Forget one of the user's facts: it ends now (kept as history, no longer current),
        or with `delete` is removed."""
        with writes:
            done = cx.forget_fact(fact_id, user, delete=delete)
        if not done:
            raise ToolError(f"no {'' if delete else 'current '}fact {fact_id!r} for this user")
        return ForgetOut(fact_id=fact_id, action="deleted" if delete else "ended")

    @server.tool()
    @_tool_errors
    def brief(
        since: Annotated[
            str, Field(description="start: 2026-03-01, an ISO time, or 7d / 12h / 30m ago")
        ] = "1d",
        until: Annotated[str | None, Field(description="end (default: now)")] = None,
    ) -> BriefOut:
        """What changed in the user's memory between `since` and `until`: new, updated and
        ended facts, ranked by what matters, with a summary."""
        from contextos.brief import render
        from contextos.cli_common import parse_when

        b = cx.brief(user, since=parse_when(since), until=parse_when(until) if until else None)
        return BriefOut(summary=b.summary, text=render(b, "markdown"), changes=len(b.changes))

    @server.tool()
    @_tool_errors
    def ingest_transcript(
        content: Annotated[
            str,
            Field(
                min_length=1,
                max_length=MAX_TRANSCRIPT_CHARS,
                description="the transcript: 'Speaker: text' lines, JSONL, or an export JSON",
            ),
        ],
        format: Annotated[
            Literal["auto", "markdown", "transcript", "openai_jsonl", "chatgpt", "claude"],
            Field(description="its format (auto: detected from the content)"),
        ] = "auto",
        title: Annotated[str | None, Field(max_length=200)] = None,
    ) -> IngestOut:
        """Read a whole conversation or meeting transcript into the user's memory (parse,
        extract, validate, resolve, write). The same transcript twice is stored once."""
        fmt = None if format == "auto" else format
        suffix = _FORMAT_SUFFIX.get(fmt or "", _guess_suffix(content))
        with writes, tempfile.TemporaryDirectory(prefix="contextos-mcp-") as tmp:
            name = _safe_name(title) if title else "transcript"
            path = Path(tmp) / f"{name}{suffix}"
            path.write_text(content, encoding="utf-8")
            report = cx.ingest(path, user=user, format=fmt, allow_partial=True)
        return IngestOut(
            conversations=report.conversations,
            turns=report.turns,
            facts_stored=report.facts_stored,
            facts_merged=report.facts_merged,
            facts_superseded=report.facts_superseded,
            rejected=dict(report.facts_rejected),
            warnings=[f"{w.problem}" for w in report.warnings][:20],
        )

    return server


def _guess_suffix(content: str) -> str:
    head = content.lstrip()[:1]
    if head == "[":
        return ".json"
    if head == "{":
        first = content.lstrip().split("\n", 1)[0].strip()
        return ".jsonl" if first.endswith("}") else ".json"
    return ".md"


def _safe_name(title: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_ " else "_" for c in title).strip()
    return cleaned[:80] or "transcript"


def serve(
    cx: ContextOS, user: str, transport: str = "stdio", host: str = "127.0.0.1", port: int = 8743
) -> None:
    """Run the server until the client goes away (stdio) or the process is stopped (http)."""
    server = build_server(cx, user)
    if transport == "stdio":
        server.run("stdio")
    elif transport == "http":
        server.run("streamable-http", host=host, port=port)
    else:
        raise ConfigError(f"unknown transport {transport!r}: use stdio or http")
