"""What every route shares: the facade and job runner of the app, and the user a request may
act for (checked as an id, then against the request's token)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Query, Request

from contextos.api.errors import ApiError
from contextos.api.jobs import JobRunner
from contextos.api.security import authorize
from contextos.errors import InputError
from contextos.models.user_id import check_user_id

__all__ = ["Cx", "Runner", "UserQuery", "checked_user"]


def _cx(request: Request) -> Any:
    return request.app.state.cx


def _runner(request: Request) -> JobRunner:
    runner: JobRunner = request.app.state.runner
    return runner


def checked_user(request: Request, user_id: str) -> str:
    """``user_id`` if it is a valid id this request may act for (400 / 403 otherwise)."""
    try:
        user_id = check_user_id(user_id)
    except InputError as exc:
        raise ApiError(400, "invalid_user_id", str(exc)) from None
    authorize(request.state, user_id)
    return user_id


def _user_query(
    request: Request,
    user_id: Annotated[str, Query(min_length=1, max_length=256, description="whose memory")],
) -> str:
    return checked_user(request, user_id)


Cx = Annotated[Any, Depends(_cx)]
Runner = Annotated[JobRunner, Depends(_runner)]
UserQuery = Annotated[str, Depends(_user_query)]
