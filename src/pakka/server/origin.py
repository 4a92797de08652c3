"""Cross-site request forgery and cross-site WebSocket hijacking: the ``Origin`` check.

A session cookie travels with every request a browser makes to this site, also
those another site's page starts; a bearer token never did. So every
state-changing HTTP request (any method but ``GET``, ``HEAD`` and ``OPTIONS``) and
every WebSocket upgrade is checked here, before the application sees it:

* with an ``Origin`` header, it must be the site's own origin (the scheme, or
  ``X-Forwarded-Proto`` from a trusted proxy, and the ``Host`` header) or one of
  ``Settings.origins``; anything else (another site, ``null``) is refused with
  ``403 foreign_origin`` (a WebSocket upgrade with HTTP 403);
* without ``Origin`` (terminals, scripts, tests: browsers always send it on these
  requests) it is allowed only when it carries no session cookie, so a request
  made with the cookie must come from a page of this site.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Receive, Scope, Send

from pakka.server.config import Settings
from pakka.server.profiles import COOKIE

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def trusted_peer(scope: Scope, settings: Settings) -> bool:
    """Whether the request came straight from one of ``Settings.trusted_proxies``."""
    peer = (scope.get("client") or ("?", 0))[0]
    trusted = {a.strip() for a in settings.trusted_proxies.split(",") if a.strip()}
    return peer in trusted


def served_over_tls(scope: Scope, settings: Settings) -> bool:
    """Whether the client reached the site over TLS: ``https``/``wss``, or a trusted
    proxy's ``X-Forwarded-Proto: https``."""
    if scope.get("scheme") in ("https", "wss"):
        return True
    if trusted_peer(scope, settings):
        proto = _headers(scope).get("x-forwarded-proto", "").split(",")[0].strip().lower()
        return proto == "https"
    return False


def own_origin(scope: Scope, settings: Settings) -> str | None:
    """The site's origin as the client sees it (``None`` without a Host header)."""
    host = _headers(scope).get("host")
    if not host:
        return None
    scheme = "https" if served_over_tls(scope, settings) else "http"
    return f"{scheme}://{host.lower()}"


def allowed(scope: Scope, settings: Settings) -> bool:
    """Whether a state-changing request or WebSocket upgrade passes the check."""
    headers = _headers(scope)
    origin = headers.get("origin")
    if origin is None:
        cookie = headers.get("cookie", "")
        return f"{COOKIE}=" not in cookie
    origin = origin.strip().lower().rstrip("/")
    extra = {o.strip().lower().rstrip("/") for o in settings.origins.split(",") if o.strip()}
    return origin != "null" and (origin == own_origin(scope, settings) or origin in extra)


REFUSAL = {
    "error": "foreign_origin",
    "message": "this request came from another site (Origin) and was refused",
    "msg": {"key": "error.foreign_origin", "args": {}},
}


class OriginCheck:
    """The ASGI middleware that applies :func:`allowed`."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        check = (kind == "http" and scope.get("method", "GET") not in SAFE_METHODS) or (
            kind == "websocket"
        )
        if not check or allowed(scope, self.settings):
            await self.app(scope, receive, send)
            return
        if kind == "websocket":
            # Closing before accepting answers the upgrade with HTTP 403.
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})
            return
        body = json.dumps(REFUSAL).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
