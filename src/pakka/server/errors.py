"""Refused requests: :class:`ApiError` and the JSON error bodies of the HTTP API.

Every refusal has an HTTP status, a stable ``code`` and an English ``message``
(docs/protocol.md); the WebSocket handlers turn the same errors into error frames.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse


class ApiError(Exception):
    """A refused request: HTTP status, stable code, English message."""

    def __init__(
        self, status: int, code: str, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers


async def api_error(request: Request, exc: ApiError) -> JSONResponse:
    """The body of a refused request: ``{"error": code, "message": ...}``."""
    return JSONResponse(
        {"error": exc.code, "message": exc.message}, status_code=exc.status, headers=exc.headers
    )


async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    """422 with the fields that did not validate (location, message, type)."""
    details = jsonable_encoder(
        [{k: e[k] for k in ("loc", "msg", "type") if k in e} for e in exc.errors()]
    )
    return JSONResponse(
        {"error": "bad_request", "message": "invalid request", "details": details},
        status_code=422,
    )
