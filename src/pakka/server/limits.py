"""The HTTP body-size limit: an ASGI middleware answering 413 to large bodies.

WebSocket frames have their own limits (``WS_MAX_SIZE`` at the protocol level,
``Settings.max_frame`` per message, see :mod:`pakka.server.ws`).
"""

from __future__ import annotations

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

MAX_BODY = 64 * 1024


class BodyLimit:
    """Refuse HTTP bodies larger than :data:`MAX_BODY` (413)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            for k, v in scope.get("headers", []):
                if k == b"content-length" and v.isdigit() and int(v) > MAX_BODY:
                    resp = JSONResponse(
                        {"error": "payload_too_large", "message": "request body too large"},
                        status_code=413,
                    )
                    await resp(scope, receive, send)
                    return
        await self.app(scope, receive, send)
