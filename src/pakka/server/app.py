"""The web application: HTTP API, the WebSocket endpoint, and the static client."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

import pakka
from pakka.bots import bot_names
from pakka.bots import levels as bot_levels
from pakka.core.errors import IllegalAction, PakkaError
from pakka.core.options import OptionValue
from pakka.core.registry import game_class
from pakka.server import db as dbmod
from pakka.server.config import Settings, db_url
from pakka.server.connection import Connection
from pakka.server.errors import ApiError, api_error, invalid_request
from pakka.server.hub import Hub
from pakka.server.limits import BodyLimit
from pakka.server.models import (
    WS_MESSAGES,
    ActionMsg,
    AgainBody,
    AutoplayMsg,
    ClaimBody,
    CreatedTable,
    CreateTable,
    EmptyBody,
    Hello,
    InviteOut,
    JoinBody,
    LevelBody,
    Ok,
    OpenTables,
    PingMsg,
    PlayAgainMsg,
    ResumeMsg,
    SeatGrant,
    UndoMsg,
)
from pakka.server.seats import CLAIMED, digest
from pakka.server.store import Store
from pakka.server.tables import LiveTable

STATIC = Path(__file__).with_name("static")


def _json_option(v: OptionValue) -> Any:
    return list(v) if isinstance(v, tuple) else v


def games_catalogue() -> list[dict[str, Any]]:
    """Every registered game with its options, levels and bots (``GET /api/games``)."""
    out = []
    for name in pakka.games():
        try:
            cls = game_class(name)
        except ImportError:
            logging.getLogger("pakka.server").exception("game %s cannot be imported", name)
            continue
        counts = range(cls.min_players, cls.max_players + 1)
        out.append(
            {
                "name": name,
                "title": dict(cls.title),
                "summary": dict(cls.summary),
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "options": [
                    {
                        "name": o.name,
                        "kind": o.kind,
                        "choices": list(o.choices),
                        "default": _json_option(o.default_for(cls.min_players)),
                        "defaults": {str(n): _json_option(o.default_for(n)) for n in counts},
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                        "length": o.length,
                        "help": dict(o.help),
                        "rule": o.rule,
                    }
                    for o in cls.option_specs
                ],
                "levels": list(bot_levels(name)),
                "bots": bot_names(name),
            }
        )
    return out


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer`` header."""
    h = request.headers.get("authorization", "")
    scheme, _, token = h.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def create_app(settings: Settings | None = None) -> FastAPI:
    """The ASGI application (the database is migrated and tables reloaded at start-up)."""
    settings = settings or Settings.from_env()
    if settings.allow_stacked_decks:
        logging.getLogger("pakka.server").warning(
            "testing server: tables may be created from stacked decks (allow_stacked_decks)"
        )
    engine = dbmod.make_engine(db_url(settings.db), settings.sqlite_sync)
    hub = Hub(settings, Store(engine))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.db(dbmod.migrate, engine)
        await hub.start()
        yield
        await hub.stop()
        engine.dispose()

    app = FastAPI(
        title="pakka",
        version=pakka.__version__,
        lifespan=lifespan,
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    app.state.hub = hub
    app.add_middleware(BodyLimit)

    app.exception_handler(ApiError)(api_error)
    app.exception_handler(RequestValidationError)(invalid_request)

    # -- HTTP ------------------------------------------------------------------------------
    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        """Every game this server offers, with its options and bot levels."""
        return {"games": games_catalogue()}

    @app.post("/api/tables", status_code=201, response_model=CreatedTable)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Create a table; the response holds the credentials (shown only once)."""
        addr = request.client.host if request.client else "?"
        return await hub.create_table(body, addr)

    @app.get("/api/tables", response_model=OpenTables)
    async def open_tables(game: str | None = None) -> dict[str, Any]:
        """Listed tables that are looking for players."""
        out = []
        for t in list(hub.tables.values()):
            if not t.listed or t.closed or (game and t.game_name != game):
                continue
            free = t.free_seats()
            if free:
                out.append(
                    {
                        "table_id": t.id,
                        "name": t.name,
                        "game": t.game_name,
                        "players": t.players,
                        "free_seats": free,
                        "game_no": t.game_no,
                        "state_id": t.state_id,
                        "created": t.created,
                    }
                )
        return {"tables": out}

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str) -> dict[str, Any]:
        """The public summary of a table."""
        return hub.table(table_id).summary()

    @app.post("/api/invites/claim", response_model=SeatGrant)
    async def claim(body: ClaimBody) -> dict[str, Any]:
        """Open an invite link: the first claim gets the seat."""
        return await hub.seating.claim(body.code, body.name)

    @app.post("/api/tables/{table_id}/join", response_model=SeatGrant)
    async def join(table_id: str, body: JoinBody) -> dict[str, Any]:
        """Take a free seat of a listed table."""
        return await hub.seating.join(table_id, body.seat, body.name)

    @app.post("/api/tables/{table_id}/leave", response_model=Ok)
    async def leave(
        table_id: str, request: Request, body: EmptyBody | None = None
    ) -> dict[str, Any]:
        """Give up the seat of the bearer token."""
        await hub.seating.leave(table_id, bearer(request))
        return {"ok": True}

    @app.post("/api/tables/{table_id}/seats/{seat}/invite", response_model=InviteOut)
    async def reissue(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        """(Creator) revoke and re-issue the invite link of a free or abandoned seat."""
        return await hub.seating.reissue(table_id, seat, bearer(request))

    @app.post("/api/tables/{table_id}/seats/{seat}/revoke", response_model=Ok)
    async def revoke(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        """(Creator) revoke a seat's invite link."""
        await hub.seating.revoke(table_id, seat, bearer(request))
        return {"ok": True}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", response_model=Ok)
    async def to_bot(
        table_id: str, seat: int, request: Request, body: LevelBody | None = None
    ) -> dict[str, Any]:
        """(Creator) let a bot play an absent player's seat (zombie)."""
        await hub.seating.to_bot(table_id, seat, (body or LevelBody()).level, bearer(request))
        return {"ok": True}

    @app.post("/api/tables/{table_id}/seats/{seat}/human", response_model=Ok)
    async def to_human(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        """(Creator) hand a zombie seat back to its player."""
        await hub.seating.to_human(table_id, seat, bearer(request))
        return {"ok": True}

    @app.post("/api/tables/{table_id}/close", response_model=Ok)
    async def close(table_id: str, request: Request) -> dict[str, Any]:
        """(Creator) close the table."""
        await hub.close(table_id, bearer(request))
        return {"ok": True}

    @app.post("/api/tables/{table_id}/again")
    async def again(table_id: str, body: AgainBody, request: Request) -> dict[str, Any]:
        """Start the next game after the current one ended (any seat or the creator)."""
        table = hub.table(table_id)
        token = bearer(request)
        try:
            hub.seating.check_admin(table, token)
        except ApiError:
            hub.seating.seat_of(token, table)
        async with table.lock:
            await hub.play_again(table, body.game_no)
        return table.summary()

    @app.get("/api/tables/{table_id}/games")
    async def table_games(table_id: str) -> dict[str, Any]:
        """The games played at a table."""
        return {"games": hub.table(table_id).summary()["games"]}

    @app.get("/api/tables/{table_id}/games/{game_no}/record")
    async def record(table_id: str, game_no: int) -> Response:
        """A finished game's record (JSON for ``pakka replay``)."""
        rec = await hub.record(table_id, game_no)
        return Response(
            rec.to_json(),
            media_type="application/json",
            headers={
                "Content-Disposition": (
                    f'attachment; filename="{rec.game}-{table_id}-{game_no}.json"'
                )
            },
        )

    # -- WebSocket ---------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        table = hub.tables.get(table_id)
        if table is None:
            await ws.close(code=4404)
            return
        conn = Connection(ws, settings)
        try:
            hello = await asyncio.wait_for(_hello(ws, conn), settings.hello_timeout)
        except (TimeoutError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await ws.close(code=4408)
            return
        if hello is None or not _authorise(table, conn, hello):
            with contextlib.suppress(Exception):
                await ws.send_text(
                    json.dumps(
                        {
                            "type": "error",
                            "code": "unauthorized",
                            "message": "no such seat or spectator code",
                        }
                    )
                )
                await ws.close(code=4401)
            return
        writer = asyncio.create_task(conn.writer())
        async with table.lock:
            table.conns.add(conn)
            table.welcome(conn)
            for other in table.conns:
                if other is not conn and conn.seats:
                    other.send({"type": "table", "table": table.summary()})
        try:
            await _serve(table, conn)
        finally:
            async with table.lock:
                table.conns.discard(conn)
                if conn.seats:
                    table.broadcast_table()
            conn.closed = True
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    async def _receive(ws: WebSocket) -> str | None:
        """The next text (or bytes) message; ``None`` when the client is gone."""
        msg = await ws.receive()
        if msg["type"] == "websocket.disconnect":
            return None
        if msg.get("text") is not None:
            return str(msg["text"])
        data = msg.get("bytes") or b""
        return data.decode("utf-8", errors="replace")

    def _error(
        conn: Connection, code: str, message: str, ref: str | None = None, **extra: Any
    ) -> None:
        conn.send({"type": "error", "code": code, "message": message, "ref": ref, **extra})

    def _decode(conn: Connection, text: str) -> Any:
        """Check size, rate, JSON and fields; send the error frame and return ``None`` if bad."""
        if len(text.encode("utf-8")) > settings.max_frame:
            _error(conn, "too_large", f"messages are limited to {settings.max_frame} bytes")
            return None
        if not conn.allow():
            _error(conn, "rate_limited", f"more than {settings.msg_rate:g} messages per second")
            return None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            _error(conn, "malformed", f"not JSON: {e.msg}")
            return None
        if not isinstance(data, dict):
            _error(conn, "malformed", "a message is a JSON object with a 'type'")
            return None
        kind = data.get("type")
        model = WS_MESSAGES.get(kind) if isinstance(kind, str) else None
        if model is None:
            _error(
                conn,
                "unknown_type",
                f"unknown message type {kind!r}; known: {', '.join(WS_MESSAGES)}",
            )
            return None
        try:
            return model.model_validate(data)
        except ValidationError as e:
            details = [
                {"loc": list(x["loc"]), "msg": x["msg"]} for x in e.errors(include_url=False)
            ]
            _error(conn, "invalid", f"invalid {kind} message", ref=str(kind), details=details)
            return None

    async def _hello(ws: WebSocket, conn: Connection) -> Hello | None:
        """Wait for a valid ``hello`` (answering errors to anything else)."""
        while True:
            text = await _receive(ws)
            if text is None:
                return None
            msg = _decode(conn, text)
            while not conn.queue.empty():
                await ws.send_text(conn.queue.get_nowait() or "")
            if msg is None:
                continue
            if isinstance(msg, Hello):
                return msg
            await ws.send_text(
                json.dumps(
                    {
                        "type": "error",
                        "code": "hello_required",
                        "message": "send hello first",
                        "ref": msg.type,
                    }
                )
            )

    def _authorise(table: LiveTable, conn: Connection, hello: Hello) -> bool:
        if hello.tokens:
            seats = []
            for tok in hello.tokens:
                hit = hub.seating.tokens.get(digest(tok))
                if hit is None or hit[0] != table.id or table.seats[hit[1]].status != CLAIMED:
                    return False
                seats.append(hit[1])
            conn.seats = sorted(set(seats))
            return True
        if hello.watch is not None:
            conn.spectator = digest(hello.watch) == table.watch_hash
            return conn.spectator
        conn.spectator = table.listed
        return conn.spectator

    async def _serve(table: LiveTable, conn: Connection) -> None:
        while True:
            try:
                text = await _receive(conn.ws)
            except WebSocketDisconnect:
                return
            if text is None or conn.closed:
                return
            msg = _decode(conn, text)
            if msg is None:
                continue
            if isinstance(msg, PingMsg):
                conn.send({"type": "pong", "id": msg.id})
            elif isinstance(msg, Hello):
                async with table.lock:
                    if not _authorise(table, conn, msg):
                        _error(conn, "unauthorized", "no such seat or spectator code", "hello")
                        conn.seats, conn.spectator = [], False
                        return
                    conn.log_pos.clear()
                    table.welcome(conn)
            elif msg.type == "sync":
                async with table.lock:
                    table.send_state(conn, full=True)
            elif isinstance(msg, ActionMsg):
                await _action(table, conn, msg)
            elif isinstance(msg, PlayAgainMsg):
                await _play_again(table, conn, msg)
            elif isinstance(msg, ResumeMsg):
                await _resume(table, conn, msg)
            elif isinstance(msg, AutoplayMsg):
                await _autoplay(table, conn, msg)
            elif isinstance(msg, UndoMsg):
                await _undo(table, conn, msg)

    def _seat(conn: Connection, seat: int | None, ref: str) -> int | None:
        if conn.spectator or not conn.seats:
            _error(conn, "spectator", "spectators cannot act", ref)
            return None
        if seat is None:
            if len(conn.seats) != 1:
                _error(conn, "invalid", "say which seat: you hold several", ref)
                return None
            return conn.seats[0]
        if seat not in conn.seats:
            _error(conn, "not_your_seat", f"you do not hold seat {seat}", ref)
            return None
        return seat

    async def _action(table: LiveTable, conn: Connection, msg: ActionMsg) -> None:
        seat = _seat(conn, msg.seat, "action")
        if seat is None:
            return
        async with table.lock:
            err = None
            s = table.state
            if table.closed:
                err = ("game_over", "the table is closed")
            elif table.seats[seat].bot_controlled:
                err = ("bot_seat", "a bot plays this seat now; send resume to take it back")
            elif msg.state_id != table.state_id:
                err = (
                    "stale_state",
                    f"state {msg.state_id} is not current (current: {table.state_id})",
                )
            elif s is None or s.is_terminal:
                err = ("game_over", "the game is over; send play_again for the next one")
            elif s.current_player != seat:
                err = ("not_your_turn", f"it is seat {s.current_player}'s turn")
            else:
                try:
                    await table.commit_action(msg.action, seat, "human")
                    return
                except IllegalAction as e:
                    err = ("illegal_action", str(e))
                except PakkaError as e:
                    err = ("illegal_action", str(e))
                except Exception:
                    # e.g. the database refused the commit: nothing was applied
                    logging.getLogger("pakka.server").exception("action failed")
                    err = ("server_error", "the action could not be stored; try again")
            _error(conn, err[0], err[1], "action")
            table.send_state(conn)

    async def _play_again(table: LiveTable, conn: Connection, msg: PlayAgainMsg) -> None:
        if _seat(conn, conn.seats[0] if conn.seats else None, "play_again") is None:
            return
        async with table.lock:
            try:
                await hub.play_again(table, msg.game_no)
            except ApiError as e:
                _error(conn, e.code, e.message, "play_again")
                table.send_state(conn)
            except Exception:
                logging.getLogger("pakka.server").exception("play again failed")
                _error(conn, "server_error", "the next game could not be started", "play_again")
                table.send_state(conn)

    async def _autoplay(table: LiveTable, conn: Connection, msg: AutoplayMsg) -> None:
        seat = _seat(conn, msg.seat, "autoplay")
        if seat is None:
            return
        async with table.lock:
            await table.set_seat(seat, zombie=True, level=msg.level)
            table.broadcast(table=True)
            table.scheduler.schedule()

    async def _undo(table: LiveTable, conn: Connection, msg: UndoMsg) -> None:
        seat = _seat(conn, msg.seat, "undo")
        if seat is None:
            return
        async with table.lock:
            err = None
            if table.players != 1:
                err = (
                    "no_undo",
                    f"undo is only for one-player games; this table has {table.players} players",
                )
            elif table.seats[seat].bot_controlled:
                err = ("bot_seat", "a bot plays this seat now; send resume to take it back")
            elif msg.state_id != table.state_id:
                err = (
                    "stale_state",
                    f"state {msg.state_id} is not current (current: {table.state_id})",
                )
            else:
                try:
                    await table.undo(seat, msg.count)
                    return
                except ApiError as e:
                    err = (e.code, e.message)
                except Exception:
                    logging.getLogger("pakka.server").exception("undo failed")
                    err = ("server_error", "the undo could not be stored; try again")
            _error(conn, err[0], err[1], "undo")
            table.send_state(conn)

    async def _resume(table: LiveTable, conn: Connection, msg: ResumeMsg) -> None:
        seat = _seat(conn, msg.seat, "resume")
        if seat is None:
            return
        async with table.lock:
            s = table.seats[seat]
            if s.zombie:
                await table.set_seat(seat, zombie=False)
                table.scheduler.timed_out.discard(seat)
                table.broadcast(table=True)
                table.scheduler.schedule()
            else:
                table.send_state(conn)

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
        app.mount(
            "/",
            StaticFiles(directory=settings.static_dir or STATIC, html=True, check_dir=False),
            name="static",
        )
    return app
