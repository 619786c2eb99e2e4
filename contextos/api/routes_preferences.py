"""The seed's preference routes, under ``/api/chat/preferences``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from contextos.api.deps import Cx, UserQuery, checked_user
from contextos.api.schemas import PreferenceIn, PreferenceList
from contextos.models.preferences import PreferenceChange

__all__ = ["PREFIX", "router"]

PREFIX = "/api/chat/preferences"

router = APIRouter(prefix=PREFIX, tags=["preferences"])


@router.get("", response_model=PreferenceList)
def list_preferences(
    user: UserQuery,
    cx: Cx,
    min_confidence: Annotated[float, Query(ge=0.0, le=1.0)] = 0.0,
    active_only: bool = True,
) -> dict[str, Any]:
    """The user's preferences, most confident first: set by hand (``explicit``) and read from
    conversations (likes and dislikes)."""
    found = cx.preferences(user, min_confidence=min_confidence, active_only=active_only)
    return {"user_id": user, "preferences": found, "count": len(found)}


@router.post("", status_code=201, response_model=PreferenceChange)
def add_preference(request: Request, body: PreferenceIn, cx: Cx) -> PreferenceChange:
    """Add a preference (explicit; confidence 0.9 unless given). A similar active one of the
    same type is merged instead: the higher confidence, both contexts, ``last_used`` now."""
    user = checked_user(request, body.user_id)
    change: PreferenceChange = cx.add_preference(
        user, body.type, body.value, confidence=body.confidence, context=body.context
    )
    return change


@router.put("/{preference_id}/deactivate")
def deactivate_preference(preference_id: str, user: UserQuery, cx: Cx) -> dict[str, Any]:
    """The preference stops holding now; it stays listed with ``active_only=false``."""
    return {"preference": cx.deactivate_preference(user, preference_id)}


@router.delete("/{preference_id}")
def delete_preference(preference_id: str, user: UserQuery, cx: Cx) -> dict[str, Any]:
    cx.delete_preference(user, preference_id)
    return {"user_id": user, "deleted": preference_id}


@router.delete("")
def clear_preferences(user: UserQuery, cx: Cx) -> dict[str, Any]:
    """Delete all of the user's preferences."""
    return {"user_id": user, "deleted": cx.clear_preferences(user)}
