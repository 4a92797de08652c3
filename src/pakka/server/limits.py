"""The HTTP body-size limit: an ASGI middleware answering 413 to large bodies.

A declared ``Content-Length`` above the limit is refused before the application
runs. A body without one (``Transfer-Encoding: chunked``) is counted while it is
read: the middleware wraps ``receive`` and, as soon as the bytes of the
``http.request`` messages pass the limit, answers 413 itself and tells the
application that the client is gone. Nothing is buffered here, so a huge chunked
upload costs no more memory than a small one.

WebSocket frames have their own limits (``WS_MAX_SIZE`` at the protocol level,
``Settings.max_frame`` per message, see :mod:`pakka.server.ws`); their nesting
depth is checked here (:func:`too_deep`) before they are decoded.
"""

from __future__ import annotations

import re

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024


def _too_large(limit: int) -> JSONResponse:
    return JSONResponse(
        {"error": "payload_too_large", "message": f"request bodies are limited to {limit} bytes"},
        status_code=413,
    )


class BodyLimit:
    """Refuse HTTP bodies larger than ``max_body`` bytes (413), declared or streamed."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for k, v in scope.get("headers", []):
            if k == b"content-length" and v.isdigit() and int(v) > self.max_body:
                await _too_large(self.max_body)(scope, receive, send)
                return

        seen = 0
        started = False  # the application began its response
        refused = False  # this middleware answered 413; the application's sends are dropped

        async def counting_receive() -> Message:
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    refused = True
                    if not started:
                        await _too_large(self.max_body)(scope, _no_body, send)
                    # The application stops reading: to it the client has gone away.
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except Exception:
            # The application may fail on the "disconnect" it was given; the
            # client already has its 413, so that failure is not an error.
            if not refused:
                raise


async def _no_body() -> Message:
    return {"type": "http.request", "body": b"", "more_body": False}


MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted in a WebSocket message; the
protocol's own messages nest three levels at most."""

_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether ``text`` nests arrays and objects deeper than ``limit`` (brackets
    inside strings do not count). Checked before :func:`json.loads`, whose
    recursion a few thousand brackets would exhaust."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for m in _JSON_TOKENS.finditer(text):
        tok = m.group()
        if tok in ("[", "{"):
            depth += 1
            if depth > limit:
                return True
        elif tok in ("]", "}"):
            depth -= 1
    return False
