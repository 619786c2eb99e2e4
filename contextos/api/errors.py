"""Every error the service returns is JSON ``{code, message}`` (and ``field`` for a 422):
never a stack trace. Errors of the library map to codes by their class."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from contextos.errors import (
    ConfigError,
    ContextOSError,
    ExtractionError,
    InputError,
    NotFoundError,
    StoreError,
)

__all__ = ["ApiError", "error_body", "install_error_handlers"]

log = logging.getLogger("contextos.api")

_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
}


class ApiError(Exception):
    """An error a route returns on purpose: HTTP ``status``, a stable ``code``, a message."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"code": code, "message": message, **extra}


def _json(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(error_body(code, message, **extra), status_code=status, headers=headers)


def library_error(exc: ContextOSError) -> ApiError:
    """The status and code of an error raised by the facade."""
    if isinstance(exc, NotFoundError):
        return ApiError(404, f"{exc.what}_not_found", str(exc))
    if isinstance(exc, StoreError):
        return ApiError(503, "graph_unavailable", str(exc))
    if isinstance(exc, ExtractionError):
        return ApiError(500, "extraction_failed", str(exc))
    if isinstance(exc, InputError | ConfigError):
        return ApiError(400, "invalid_input", str(exc))
    return ApiError(500, "internal_error", str(exc))


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api(_: Request, exc: ApiError) -> JSONResponse:
        return _json(exc.status, exc.code, exc.message, **exc.extra)

    @app.exception_handler(ContextOSError)
    async def _library(_: Request, exc: ContextOSError) -> JSONResponse:
        mapped = library_error(exc)
        return _json(mapped.status, mapped.code, mapped.message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        loc = [str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path")]
        field = ".".join(loc) or None
        message = f"{field}: {first.get('msg', 'invalid')}" if field else "invalid request"
        details = [
            {"field": ".".join(str(p) for p in e.get("loc", ())[1:]), "message": e.get("msg")}
            for e in errors
        ]
        return _json(422, "validation_error", message, field=field, details=details)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "error")
        return _json(exc.status_code, code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")  # the trace goes to the log, never to the client
        return _json(500, "internal_error", f"internal error ({type(exc).__name__})")
