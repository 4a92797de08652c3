"""The pakka game server: tables, seats and invite links, bots, real-time play.

``pakka serve`` calls :func:`run`. The protocol is documented in docs/protocol.md,
operations (databases, backups, environment variables) in docs/operations.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI

    from pakka.server.config import Settings

WS_MAX_SIZE = 64 * 1024
"""Frames above this size close the connection at the protocol level; smaller
frames above ``Settings.max_frame`` get an error frame and the connection stays."""


def create_app(settings: Settings | None = None) -> FastAPI:
    """The ASGI application (see :func:`pakka.server.app.create_app`)."""
    from pakka.server.app import create_app as _create

    return _create(settings)


def run(
    host: str = "127.0.0.1", port: int = 8000, db: str | None = None, **settings: object
) -> None:
    """Serve pakka on ``host:port`` until interrupted.

    ``db`` is a database URL (``postgresql://user@host/db``) or a SQLite file
    path; by default ``$PAKKA_DB`` or ``pakka.sqlite3`` in the working directory.
    ``settings`` override :class:`~pakka.server.config.Settings` (``None``: unset).
    """
    import uvicorn

    from pakka.server import gcpolicy
    from pakka.server.config import Settings

    config = Settings.from_env(db=db, **settings)
    gcpolicy.tune(config.gc_thresholds)
    app = create_app(config)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=False,
        log_level="info",
        # The client address is the application's business (Settings.trusted_proxies,
        # pakka.server.limits.client_address): uvicorn would otherwise believe any
        # X-Forwarded-For sent from 127.0.0.1.
        proxy_headers=False,
    )


__all__ = ["create_app", "run"]
