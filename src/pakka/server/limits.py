"""The HTTP body-size limit: an ASGI middleware answering 413 to large bodies.

A declared ``Content-Length`` above the limit is refused before the application
runs. A body without one (``Transfer-Encoding: chunked``) is counted while it is
read: the middleware wraps ``receive`` and, as soon as the bytes of the
``http.request`` messages pass the limit, answers 413 itself and tells the
application that the client is gone. Nothing is buffered here, so a huge chunked
upload costs no more memory than a small one.

WebSocket frames have their own limits (``WS_MAX_SIZE`` at the protocol level,
``Settings.max_frame`` per message, see :mod:`pakka.server.ws`); their nesting
depth is checked here (:func:`too_deep`) before they are decoded. The
per-address rate limit of hint requests (:func:`limit_hints`) lives here too.
"""

from __future__ import annotations

import math
import re
import time

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pakka.server import rates
from pakka.server.errors import ApiError

MAX_BODY = 64 * 1024


def _too_large(limit: int) -> JSONResponse:
    return JSONResponse(
        {
            "error": "payload_too_large",
            "message": f"request bodies are limited to {limit} bytes",
            "msg": {"key": "error.payload_too_large", "args": {"limit": limit}},
        },
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


class RateLimiter:
    """Token buckets keyed by client address: ``rate`` requests per second on
    average, ``burst`` at once. Idle full buckets are forgotten, so the table of
    addresses stays small."""

    MAX_KEYS = 10_000

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, stamp)

    def wait(self, key: str) -> float:
        """Take one token for ``key``: 0 when allowed, else the seconds until one
        is available (nothing is taken then)."""
        now = time.monotonic()
        tokens, stamp = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        if tokens >= 1:
            if len(self.buckets) >= self.MAX_KEYS and key not in self.buckets:
                self._forget(now)
            self.buckets[key] = (tokens - 1, now)
            return 0.0
        self.buckets[key] = (tokens, now)
        return (1 - tokens) / self.rate if self.rate > 0 else 60.0

    def _forget(self, now: float) -> None:
        full = [k for k, (t, s) in self.buckets.items() if t + (now - s) * self.rate >= self.burst]
        for k in full:
            del self.buckets[k]
        if len(self.buckets) >= self.MAX_KEYS:
            self.buckets.clear()


def client_address(request: Request) -> str:
    """The address a request came from: the peer's, or, when the peer is one of
    ``Settings.trusted_proxies``, the last address of ``X-Forwarded-For`` that is
    not a trusted proxy (a client can prepend anything to the header; only what
    the proxies appended is believed)."""
    peer = request.client.host if request.client else "?"
    settings = getattr(getattr(request.app.state, "hub", None), "settings", None)
    trusted = {a.strip() for a in (settings.trusted_proxies if settings else "").split(",")}
    trusted.discard("")
    if peer not in trusted:
        return peer
    hops = [h.strip() for h in request.headers.get("x-forwarded-for", "").split(",")]
    for hop in reversed([h for h in hops if h]):
        if hop not in trusted:
            return hop
    return peer


async def limit_hints(request: Request) -> None:
    """A route dependency: 429 ``rate_limited`` with ``Retry-After`` when the
    client address asks for hints faster than ``Settings.hint_rate``."""
    limiter: RateLimiter | None = getattr(request.app.state, "hint_limiter", None)
    if limiter is None:
        settings = request.app.state.hub.settings
        limiter = request.app.state.hint_limiter = RateLimiter(
            settings.hint_rate, settings.hint_burst
        )
    hub = request.app.state.hub
    addr = client_address(request)
    if hub.multi:  # one bucket for the whole site, in the database
        ok = await hub.dbx.tx(
            rates.take, f"hint:{addr}", hub.settings.hint_rate, hub.settings.hint_burst
        )
        wait = 0.0 if ok else 1.0
    else:
        wait = limiter.wait(addr)
    if wait > 0:
        raise ApiError(
            429,
            "rate_limited",
            "too many hint requests; try again shortly",
            headers={"Retry-After": str(max(1, math.ceil(wait)))},
        )
