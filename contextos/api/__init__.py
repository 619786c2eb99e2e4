"""The REST service: ``create_app(settings)`` (FastAPI), served by ``contextos serve``."""

from contextos.api.app import API_PREFIX, ROUTERS, create_app

__all__ = ["API_PREFIX", "ROUTERS", "create_app"]
