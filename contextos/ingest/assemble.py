"""Drafts to models: apply the parse options and build Conversation/Turn objects.

Rules shared by every format:

* turns with empty (whitespace-only) text are dropped;
* without ``include_tools``, turns of kind tool_call / tool_result / reasoning and role ``tool``
  are dropped; without ``include_attachments``, kind ``attachment`` turns are dropped;
* ``exclude_assistant`` drops assistant turns;
* texts longer than ``max_message_chars`` are cut, with a warning and
  ``metadata['truncated_from']`` holding the original length;
* ``Turn.index`` is the position among the kept canonical turns (0, 1, 2...), while derived turn
  ids are built from the position in the *source*, so ids do not depend on the options;
* a turn id that repeats inside a conversation gets a ``#2``, ``#3``... suffix (warned);
* a conversation with nothing left is not yielded: warned and counted as skipped when the source
  had no usable message at all, silently counted as filtered when options removed everything;
* ``since`` / ``until`` / ``title_pattern`` filter whole conversations (counted as filtered).
"""

from __future__ import annotations

from datetime import datetime

from contextos.ingest.drafts import ConversationDraft, TurnDraft
from contextos.ingest.filecontext import FileContext
from contextos.ingest.options import ParseOptions
from contextos.models.transcript import Conversation, Turn

__all__ = ["assemble"]

_TOOL_KINDS = frozenset({"tool_call", "tool_result", "reasoning"})


def _keep(turn: TurnDraft, options: ParseOptions) -> bool:
    if not turn.text or turn.text.isspace():
        return False
    if not options.include_tools and (turn.kind in _TOOL_KINDS or turn.role == "tool"):
        return False
    if not options.include_attachments and turn.kind == "attachment":
        return False
    return not (options.exclude_assistant and turn.role == "assistant")


def _time_span(draft: ConversationDraft) -> tuple[datetime | None, datetime | None]:
    stamps = [t.timestamp for t in draft.turns if t.timestamp is not None]
    start = draft.created_at or (min(stamps) if stamps else None)
    end = draft.updated_at or (max(stamps) if stamps else None) or start
    return start, end


def _in_window(draft: ConversationDraft, options: ParseOptions) -> bool:
    if options.since is None and options.until is None:
        return True
    start, end = _time_span(draft)
    if start is None and end is None:
        return True
    if options.since is not None and end is not None and end < options.since:
        return False
    return not (options.until is not None and start is not None and start >= options.until)


def _build(
    drafts: list[TurnDraft],
    conv_id: str,
    ctx: FileContext,
    where: str,
    *,
    alternate: bool,
    seen: dict[str, int],
) -> list[Turn]:
    options = ctx.options
    limit = options.max_message_chars
    turns: list[Turn] = []
    for draft in drafts:
        if not _keep(draft, options):
            continue
        text = draft.text
        metadata = draft.metadata
        if len(text) > limit:
            ctx.warn(
                f"{where}, message {draft.id}",
                f"message of {len(text)} characters truncated to {limit} (max_message_chars)",
            )
            metadata = {**metadata, "truncated_from": len(text)}
            text = text[:limit]
        turn_id = draft.id
        if turn_id in seen:
            seen[turn_id] += 1
            ctx.warn(where, f"message id {turn_id!r} repeats; renamed {turn_id}#{seen[turn_id]}")
            turn_id = f"{turn_id}#{seen[turn_id]}"
        else:
            seen[turn_id] = 1
        turns.append(
            Turn(
                id=turn_id,
                conversation_id=conv_id,
                index=draft.depth if alternate else len(turns),
                role=draft.role,  # type: ignore[arg-type]
                speaker=draft.speaker,
                text=text,
                timestamp=draft.timestamp,
                kind=draft.kind,  # type: ignore[arg-type]
                metadata=metadata,
            )
        )
    return turns


def assemble(draft: ConversationDraft, ctx: FileContext) -> tuple[Conversation | None, bool]:
    """The finished conversation, or ``(None, filtered)`` when it is not to be yielded.

    ``filtered`` is True when the options excluded it (not a problem with the input).
    """
    options = ctx.options
    if not options.title_matches(draft.title) or not _in_window(draft, options):
        return None, True
    if not any(t.text and not t.text.isspace() for t in draft.turns):
        ctx.skip(draft.where, "conversation has no messages; skipped")
        return None, False
    seen: dict[str, int] = {}
    turns = _build(draft.turns, draft.id, ctx, draft.where, alternate=False, seen=seen)
    if not turns:
        return None, True
    alternates: list[Turn] = []
    if options.include_branches and draft.alternates:
        alternates = _build(draft.alternates, draft.id, ctx, draft.where, alternate=True, seen=seen)
    start, end = _time_span(draft)
    conversation = Conversation(
        id=draft.id,
        source=draft.source,
        title=draft.title,
        source_file=ctx.label,
        created_at=start,
        updated_at=end,
        turns=turns,
        alternate_turns=alternates,
        user_name=draft.user_name or ctx.user_name,
        metadata=draft.metadata,
    )
    return conversation, False
