"""``GET``/``PUT /privacy``: the user's extraction opt-out, and the retention and turn-keeping
rules the service runs with."""

from __future__ import annotations

from fastapi import APIRouter, Request

from contextos.api.deps import Cx, UserQuery, checked_user
from contextos.api.schemas import PrivacyIn
from contextos.models.preferences import PrivacyState

__all__ = ["router"]

router = APIRouter(tags=["privacy"])


@router.get("/privacy", response_model=PrivacyState)
def get_privacy(user: UserQuery, cx: Cx) -> PrivacyState:
    state: PrivacyState = cx.privacy(user)
    return state


@router.put("/privacy", response_model=PrivacyState)
def set_privacy(request: Request, body: PrivacyIn, cx: Cx) -> PrivacyState:
    """``opt_out: true``: nothing more is extracted for the user (ingest jobs read nothing);
    what is stored stays until ``POST /reset``."""
    user = checked_user(request, body.user_id)
    state: PrivacyState = cx.set_opt_out(user, body.opt_out)
    return state
