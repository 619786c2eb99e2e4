"""Access control: the bind rule, bearer tokens, per-user tokens, and request size limits.

* ``contextos serve`` binds 127.0.0.1 unless told otherwise, and refuses any address that is
  not loopback unless a token is configured (:func:`check_bind`).
* With ``CONTEXTOS_API_TOKEN`` (any user) or ``CONTEXTOS_API_USER_TOKENS`` (token -> the one
  user it acts for) set, every request — ``/docs`` and ``/openapi.json`` too — needs
  ``Authorization: Bearer <token>``: 401 otherwise; a user token naming another user is 403.
* Bodies over the limit are refused with 413 before they are read whole.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from contextos.api.errors import ApiError, error_body
from contextos.errors import ConfigError
from contextos.settings import Settings

__all__ = [
    "ANY_USER",
    "AuthMiddleware",
    "BodyLimitMiddleware",
    "authorize",
    "check_bind",
    "is_loopback",
]

#: The principal of a request that may act for any user (no tokens configured, or the
#: service token).
ANY_USER = "*"


def is_loopback(host: str) -> bool:
    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def auth_enabled(settings: Settings) -> bool:
    return settings.api_token is not None or bool(settings.api_user_tokens)


def check_bind(host: str, settings: Settings) -> None:
    """Refuse to listen beyond this machine without a token."""
    if not is_loopback(host) and not auth_enabled(settings):
        raise ConfigError(
            f"refusing to bind {host}: it is reachable from other machines and no token is set "
            "(set CONTEXTOS_API_TOKEN, or bind 127.0.0.1)"
        )


async def _send_error(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps(error_body(code, message)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    if status == 401:
        headers.append((b"www-authenticate", b"Bearer"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class AuthMiddleware:
    """Checks the bearer token of every HTTP request and records whom it may act for in
    ``request.state.principal``: :data:`ANY_USER` or one user id."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.service_token = (
            settings.api_token.get_secret_value().encode() if settings.api_token else None
        )
        self.user_tokens = [(t.encode(), u) for t, u in settings.api_user_tokens.items()]
        self.enabled = auth_enabled(settings)

    def _principal(self, header: bytes | None) -> str | None:
        if not self.enabled:
            return ANY_USER
        if not header or header[:7].lower() != b"bearer ":
            return None
        given = header[7:].strip()
        found: str | None = None
        # compare against every token (constant time each), so timing does not tell which
        if self.service_token is not None and hmac.compare_digest(given, self.service_token):
            found = ANY_USER
        for token, user in self.user_tokens:
            if hmac.compare_digest(given, token) and found is None:
                found = user
        return found

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers") or []).get(b"authorization")
        principal = self._principal(header)
        if principal is None:
            await _send_error(
                send, 401, "unauthorized", "missing or wrong token: send Authorization: Bearer"
            )
            return
        scope.setdefault("state", {})["principal"] = principal
        await self.app(scope, receive, send)


class _TooLarge(HTTPException):
    """Raised while a route reads a streamed body past the limit (an HTTP error, so the
    framework answers it as the 413 it is)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the body is over {limit} bytes")


class BodyLimitMiddleware:
    """413 for a body over the limit: ``max_upload`` for a multipart upload, ``max_body`` for
    anything else. A declared Content-Length is checked first; a streamed body is counted."""

    def __init__(self, app: ASGIApp, max_body: int, max_upload: int) -> None:
        self.app = app
        self.max_body = max_body
        self.max_upload = max_upload

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        kind = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
        limit = self.max_upload if kind == b"multipart/form-data" else self.max_body
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await _send_error(send, 413, "payload_too_large", f"the body is over {limit} bytes")
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge(limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except _TooLarge:
            if not started:
                await _send_error(send, 413, "payload_too_large", f"the body is over {limit} bytes")


def authorize(state: Any, user_id: str) -> None:
    """403 unless the request's principal may act for ``user_id``."""
    principal = getattr(state, "principal", ANY_USER)
    if principal != ANY_USER and principal != user_id:
        raise ApiError(403, "forbidden", "this token may not act for that user")
