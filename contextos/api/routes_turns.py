"""``POST /turns`` (one exchange of a live chat, stored at once, extracted off the request
path) and ``GET /turns/stats`` (the user's live extraction)."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from contextos.api.deps import Cx, UserQuery, checked_user
from contextos.api.schemas import UserId
from contextos.models.live import LiveStats, TurnReceipt
from contextos.models.times import as_utc

__all__ = ["router"]

router = APIRouter(tags=["turns"])


class TurnIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: str = UserId
    user_message: str = Field(min_length=1, max_length=100_000)
    agent_response: str = Field(default="", max_length=100_000)
    session_id: str | None = Field(
        default=None,
        max_length=256,
        description="the live session (default: the user's open one; a new one after a pause)",
    )
    timestamp: datetime | None = Field(default=None, description="when it was said (now)")


@router.post("/turns", response_model=TurnReceipt, status_code=202)
async def post_turn(request: Request, body: TurnIn, cx: Cx) -> TurnReceipt:
    """Store the exchange and schedule its extraction (every ``extraction_interval`` user
    messages, and a debrief of the whole session once it is idle); returns before anything is
    extracted. Anonymous users and users who opted out are skipped (``skipped``)."""
    user = checked_user(request, body.user_id)
    receipt: TurnReceipt = await run_in_threadpool(
        cx.process_turn,
        body.user_message,
        body.agent_response,
        user,
        session_id=body.session_id,
        timestamp=as_utc(body.timestamp),
    )
    return receipt


@router.get("/turns/stats", response_model=LiveStats)
def turn_stats(user: UserQuery, cx: Cx) -> LiveStats:
    """Sessions, stored and unread turns, and this process's extractions for the user."""
    stats: LiveStats = cx.get_extraction_stats(user)
    return stats
