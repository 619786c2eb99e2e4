"""The FastAPI app: :func:`create_app` builds it from settings. Routes live in one module per
area; adding one is a line in :data:`ROUTERS` (or ``app.include_router(r, prefix=API_PREFIX)``).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.middleware.cors import CORSMiddleware

from contextos.api import (
    routes_ingest,
    routes_preferences,
    routes_privacy,
    routes_read,
    routes_turns,
)
from contextos.api.errors import install_error_handlers
from contextos.api.jobs import JobRunner, JobStore
from contextos.api.security import AuthMiddleware, BodyLimitMiddleware
from contextos.settings import Settings

__all__ = ["API_PREFIX", "ROUTERS", "create_app"]

API_PREFIX = "/api/v1"

#: (router, prefix) of every route module, in the order the OpenAPI page lists them.
ROUTERS: list[tuple[APIRouter, str]] = [
    (routes_ingest.router, API_PREFIX),
    (routes_read.router, API_PREFIX),
    (routes_turns.router, API_PREFIX),
    (routes_privacy.router, API_PREFIX),
    (routes_preferences.router, ""),
]

log = logging.getLogger("contextos.api")


def create_app(settings: Settings, *, cx: Any = None, run_jobs: bool = True) -> FastAPI:
    """The service over the graph ``settings`` name (opened at start-up, closed at shutdown).

    ``cx`` serves an already open facade instead (the caller closes it); ``run_jobs=False``
    queues ingest jobs without running them (they run at the next start with jobs on).
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        from contextos.service import ContextOS

        if settings.api_threads:  # sync routes share this many threads (anyio's default: 40)
            import anyio.to_thread

            anyio.to_thread.current_default_thread_limiter().total_tokens = settings.api_threads
        own = cx is None
        facade = ContextOS.from_settings(settings) if own else cx
        if own:  # live turns as CONTEXTOS_LIVE_* say (a facade handed in is configured)
            from contextos.live import LiveConfig

            facade.configure_live(LiveConfig.from_env())
        facade.embed(["ready"])  # load the model now, not on the first request
        jobs = JobStore(settings.data_dir / "api" / "jobs.sqlite3")
        runner = JobRunner(facade, jobs, settings.data_dir / "api" / "uploads")
        app.state.cx, app.state.runner = facade, runner
        if run_jobs:
            runner.start()
        try:
            yield
        finally:
            runner.stop()
            jobs.close()
            if own:
                facade.close()

    app = FastAPI(
        title="contextos",
        summary="Memory for AI assistants: ingest transcripts, read context, facts and diffs.",
        version=_version(),
        lifespan=lifespan,
    )
    app.state.settings = settings
    install_error_handlers(app)
    for router, prefix in ROUTERS:
        app.include_router(router, prefix=prefix)
    # the last added runs first: CORS answers preflights before the token is checked
    app.add_middleware(AuthMiddleware, settings=settings)
    app.add_middleware(
        BodyLimitMiddleware,
        max_body=settings.api_max_body_bytes,
        max_upload=settings.api_max_upload_bytes,
    )
    app.add_middleware(
        CORSMiddleware,
        allow_origins=list(settings.api_cors_origins),
        allow_methods=["GET", "POST", "PUT", "DELETE"],
        allow_headers=["Authorization", "Content-Type"],
    )
    return app


def _version() -> str:
    from contextos import __version__

    return __version__
