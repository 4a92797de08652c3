"""The web application: ``create_app`` wires settings, the database, the hub and the routes.

The HTTP API is :mod:`pakka.server.routes`, the WebSocket protocol
:mod:`pakka.server.ws`, the live tables :mod:`pakka.server.hub`; the browser
client's texts (:mod:`pakka.server.catalogue`) and static files are mounted last.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles

import pakka
from pakka.server import db as dbmod
from pakka.server import gcpolicy, health, identity, review, routes, ws
from pakka.server.config import Settings, db_url
from pakka.server.errors import ApiError, api_error, invalid_request
from pakka.server.hub import Hub
from pakka.server.limits import BodyLimit
from pakka.server.origin import OriginCheck
from pakka.server.store import Store

STATIC = Path(__file__).with_name("static")


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Migrate the database and reload the tables; at shutdown stop the hub."""
    hub: Hub = app.state.hub
    engine = hub.store.engine
    await hub.db(dbmod.migrate, engine)
    await hub.start()
    gcpolicy.freeze_startup()
    yield
    app.state.reviews.shutdown()
    await hub.stop()
    engine.dispose()


def create_app(settings: Settings | None = None) -> FastAPI:
    """The ASGI application (the database is migrated and tables reloaded at start-up)."""
    settings = settings or Settings.from_env()
    if settings.allow_stacked_decks:
        logging.getLogger("pakka.server").warning(
            "testing server: tables may be created from stacked decks (allow_stacked_decks)"
        )
    engine = dbmod.make_engine(db_url(settings.db), settings.sqlite_sync)
    hub = Hub(settings, Store(engine))

    app = FastAPI(
        title="pakka",
        version=pakka.__version__,
        lifespan=lifespan,
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    app.state.hub = hub
    app.state.reviews = review.Reviews(hub)
    app.add_middleware(BodyLimit)
    # Added last, so it runs first: a foreign page's request never reaches a route.
    app.add_middleware(OriginCheck, settings=settings)
    app.exception_handler(ApiError)(api_error)
    app.exception_handler(RequestValidationError)(invalid_request)

    app.include_router(health.router)
    app.include_router(routes.router)
    app.include_router(identity.router)
    app.include_router(review.router)
    app.include_router(ws.router)

    # The browser client's extra endpoints (message catalogues, rules, hints) live
    # in its own module, when installed; mounted before the static files.
    try:
        catalogue = importlib.import_module("pakka.server.catalogue")
    except ModuleNotFoundError as e:
        if e.name != "pakka.server.catalogue":
            raise
    else:
        app.include_router(catalogue.router)

    if settings.static_dir or STATIC.is_dir():
        # The installable app's manifest and service worker, before the static files.
        from pakka.server import webapp

        app.include_router(webapp.router)
        app.mount(
            "/",
            StaticFiles(directory=settings.static_dir or STATIC, html=True, check_dir=False),
            name="static",
        )
    return app
