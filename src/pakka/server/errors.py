"""Refused requests: :class:`ApiError` and the JSON error bodies of the HTTP API.

Every refusal has an HTTP status, a stable ``code`` and an English ``message``
(docs/protocol.md); the WebSocket handlers turn the same errors into error frames.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from pakka.core.seam import Message

if TYPE_CHECKING:
    from pakka.server.frames import ErrorFrame


class ApiError(Exception):
    """A refused request: HTTP status, stable code, English message, and the same
    as a catalogue message (key ``error.<code>`` unless ``key`` is given; ``args``
    default to ``{"reason": message}``) for the reader's language."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        key: str | None = None,
        *,
        headers: dict[str, str] | None = None,
        **args: Any,
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers
        self.msg: Message = {"key": key or "error." + code, "args": args or {"reason": message}}


def error_frame(
    code: str,
    message: str,
    ref: str | None = None,
    *,
    key: str | None = None,
    args: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """An ``error`` frame: the stable ``code``, the English ``message``, and ``msg``,
    the catalogue message (``error.<code>`` or ``key``) that the client renders
    in its reader's language (core messages, :mod:`pakka.core.messages`)."""
    frame: ErrorFrame = {
        "type": "error",
        "code": code,
        "message": message,
        "msg": {"key": key or "error." + code, "args": args if args is not None else {}},
        "ref": ref,
    }
    return {**frame, **extra}


async def api_error(request: Request, exc: ApiError) -> JSONResponse:
    """The body of a refused request: ``{"error": code, "message": ..., "msg": {key, args}}``."""
    return JSONResponse(
        {"error": exc.code, "message": exc.message, "msg": exc.msg},
        status_code=exc.status,
        headers=exc.headers,
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
