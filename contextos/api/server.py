"""``contextos serve``: the app under uvicorn, bound to loopback unless a token is set."""

from __future__ import annotations

from contextos.api.security import check_bind
from contextos.settings import Settings

__all__ = ["serve"]


def serve(settings: Settings, host: str | None = None, port: int | None = None) -> None:
    import uvicorn

    from contextos.api.app import create_app

    bind = host or settings.api_host
    check_bind(bind, settings)
    uvicorn.run(
        create_app(settings),
        host=bind,
        port=port or settings.api_port,
        log_level="info",
        access_log=False,
        # agents keep a connection open between turns; uvicorn's 5 s default closes it under
        # them (a client then reads an error on a request it sent on the closed connection)
        timeout_keep_alive=75,
        timeout_graceful_shutdown=30,
    )
