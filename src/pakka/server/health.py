"""Health and metrics: ``GET /healthz`` and ``GET /metrics`` (Prometheus text format).

``/healthz`` answers 200 while the process serves and the database answers a
``SELECT 1``, else 503; a load balancer or orchestrator polls it. ``/metrics``
is for a Prometheus scraper. Each application has its own
:class:`~prometheus_client.CollectorRegistry` (:class:`Metrics`, kept by the hub),
so several servers in one process do not share or clash over metrics.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from sqlalchemy import text

if TYPE_CHECKING:
    from pakka.server.hub import Hub

router = APIRouter()

HEALTH_TIMEOUT = 5.0
"""Seconds the database has to answer the health check."""


class Metrics:
    """The server's metrics, in a registry of its own."""

    def __init__(self, hub: Hub) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.connections = Gauge(
            "pakka_connections",
            "Open WebSocket connections that said hello (seats and spectators).",
            registry=r,
        )
        self.connections.set_function(
            lambda: float(sum(len(t.conns) for t in list(hub.tables.values())))
        )
        self.tables = Gauge("pakka_tables", "Live tables that are not closed.", registry=r)
        self.tables.set_function(
            lambda: float(sum(1 for t in list(hub.tables.values()) if not t.closed))
        )
        self.actions_accepted = Counter(
            "pakka_actions_accepted",
            "Actions stored and applied, by who made them (human, bot, zombie, timeout).",
            ["by"],
            registry=r,
        )
        self.actions_refused = Counter(
            "pakka_actions_refused",
            "Action messages for a seat the connection holds that were refused, by error "
            "code (stale_state, not_your_turn, illegal_action, ...).",
            ["code"],
            registry=r,
        )
        self.commit_seconds = Histogram(
            "pakka_commit_seconds",
            "Time to store one accepted action in the database (including the wait "
            "for the database thread).",
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5),
            registry=r,
        )
        self.notify_lag = Histogram(
            "pakka_notify_lag_seconds",
            "Time from an event's commit in another server process to its arrival "
            "here through PostgreSQL LISTEN/NOTIFY and the log (multi-process sites).",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
            registry=r,
        )


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _ping(hub: Hub) -> None:
    with hub.store.engine.connect() as c:
        c.execute(text("SELECT 1"))


@router.get("/healthz", include_in_schema=False)
async def healthz(request: Request) -> JSONResponse:
    """200 ``{"status": "ok", "database": "ok"}``, or 503 when the database does not answer."""
    hub = _hub(request)
    body: dict[str, Any] = {"status": "ok", "database": "ok"}
    try:
        await asyncio.wait_for(hub.db(_ping, hub), HEALTH_TIMEOUT)
    except Exception as e:
        logging.getLogger("pakka.server").warning("health check: database unreachable: %s", e)
        body = {"status": "fail", "database": "unreachable"}
        return JSONResponse(body, status_code=503, headers={"Cache-Control": "no-store"})
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """Every metric of this server in the Prometheus text format."""
    data = generate_latest(_hub(request).metrics.registry)
    return Response(data, media_type=CONTENT_TYPE_LATEST)
