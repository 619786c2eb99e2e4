"""``GET /context``, ``GET /diff``, ``GET /facts``, ``POST /reset`` and ``GET /health``."""

from __future__ import annotations

import inspect
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from contextos.api.deps import Cx, Runner, UserQuery, checked_user
from contextos.api.errors import ApiError
from contextos.api.jobs import remove_upload
from contextos.api.schemas import ContextOut, FactOut, ResetIn
from contextos.models.times import as_utc
from contextos.service_people import EXPLICIT_EXTRACTOR

__all__ = ["router"]

router = APIRouter()


@router.get("/context", response_model=ContextOut, tags=["read"])
def context(
    request: Request,
    user: UserQuery,
    cx: Cx,
    query: Annotated[str, Query(max_length=4000, description="what the agent is about to do")] = "",
    agent_type: Annotated[str, Query(max_length=64)] = "general",
    max_tokens: Annotated[int | None, Query(ge=1, le=32_000)] = None,
    project_filter: Annotated[str | None, Query(max_length=200)] = None,
) -> dict[str, Any]:
    """A token-budgeted ``<context_injection>`` for the user, every item with its sources."""
    cx.enforce_retention(user)
    budget = max_tokens or request.app.state.settings.max_tokens
    kwargs: dict[str, Any] = {"user": user, "agent_type": agent_type, "max_tokens": budget}
    if project_filter and "project_filter" in inspect.signature(cx.context).parameters:
        kwargs["project_filter"] = project_filter
    elif project_filter:  # a facade without project filtering: the project steers the query
        query = f"{query} {project_filter}".strip()
    result = cx.context(query, **kwargs)
    return {
        "user_id": user,
        "query": result.query,
        "agent_type": result.agent_type,
        "injection": result.injection,
        "token_count": result.token_count,
        "max_tokens": result.max_tokens,
        "sources": [s.model_dump(mode="json") for s in result.sources],
        "dropped": result.dropped,
    }


@router.get("/diff", tags=["read"])
def diff(
    user: UserQuery,
    cx: Cx,
    since: Annotated[datetime, Query(description="ISO 8601 time: changes after it")],
    until: Annotated[datetime | None, Query(description="ISO 8601 time (default now)")] = None,
) -> dict[str, Any]:
    """What changed for the user since ``since``: typed changes and a summary (the brief)."""
    cx.enforce_retention(user)
    since_utc = as_utc(since)
    assert since_utc is not None
    return dict(cx.brief(user, since=since_utc, until=as_utc(until)).diff())


@router.get("/facts", tags=["read"])
def facts(
    user: UserQuery,
    cx: Cx,
    as_of: Annotated[datetime | None, Query(description="facts valid at this time")] = None,
    include_superseded: bool = False,
) -> dict[str, Any]:
    """The user's facts (current, or valid at ``as_of``); ``explicit`` marks the ones the
    user set by hand."""
    cx.enforce_retention(user)
    when = as_utc(as_of)
    items = [
        f
        for f in cx.facts(user, as_of=when, include_superseded=include_superseded)
        if cx.retained(f)
    ]
    return {
        "user_id": user,
        "as_of": when.isoformat() if when else None,
        "count": len(items),
        "facts": [FactOut.of(f, EXPLICIT_EXTRACTOR).model_dump(mode="json") for f in items],
    }


@router.post("/reset", tags=["write"])
def reset(request: Request, body: ResetIn, cx: Cx, runner: Runner) -> dict[str, Any]:
    """Delete all of the user's data: facts, entities, conversations, preferences, runs and
    ingest jobs (``confirm`` must repeat the user id). The opt-out choice is kept."""
    user = checked_user(request, body.user_id)
    if body.confirm != user:
        raise ApiError(
            400,
            "confirmation_required",
            "set confirm to the user id to delete all of their data",
            field="confirm",
        )
    with runner.lock:  # never in the middle of one of the user's ingest jobs
        jobs = runner.jobs.delete_user(user)
        for job in jobs:
            if job.kind == "upload":
                remove_upload(Path(job.payload["path"]))
        removed = cx.forget(user)
    return {"user_id": user, "deleted_nodes": removed, "deleted_jobs": len(jobs)}


@router.get("/health", tags=["service"])
def health(cx: Cx, runner: Runner) -> dict[str, Any]:
    """The service answers and its graph is reachable (503 ``graph_unavailable`` if not)."""
    cx.users()  # a StoreError here is a 503
    from contextos import __version__

    return {
        "status": "ok",
        "version": __version__,
        "store": getattr(cx.store, "name", type(cx.store).__name__),
        "jobs_waiting": runner.jobs.waiting(),
    }
