"""The WebSocket protocol (``/ws/tables/{id}``): hello, authorisation, the message loop.

A client sends ``hello`` (seat tokens, a spectator code, or nothing for a listed
table) within ``Settings.hello_timeout``; then each message is checked for size,
rate, JSON and fields (:data:`~pakka.server.models.WS_MESSAGES`) and handled under
the table's lock. Refusals are ``error`` frames; the connection stays open.
docs/protocol.md describes every message and frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from pakka.core.errors import PakkaError, reason_message, reason_texts
from pakka.i18n import LANGUAGES
from pakka.server import chat, profiles
from pakka.server.config import Settings
from pakka.server.connection import Connection
from pakka.server.errors import ApiError, error_frame
from pakka.server.frames import PROTOCOL_VERSION
from pakka.server.hub import Hub
from pakka.server.limits import MAX_DEPTH, too_deep
from pakka.server.models import (
    WS_MESSAGES,
    ActionMsg,
    AutoplayMsg,
    Hello,
    PingMsg,
    PlayAgainMsg,
    PresenceMsg,
    ResumeMsg,
    SyncMsg,
    UndoMsg,
)
from pakka.server.presence import set_idle
from pakka.server.tables import LiveTable

router = APIRouter()
_BOT_SEAT = "a bot plays this seat now; send resume to take it back"


@router.websocket("/ws/tables/{table_id}")
async def websocket(ws: WebSocket, table_id: str) -> None:
    """One client's connection to a table: hello, then messages until it leaves."""
    hub: Hub = ws.app.state.hub
    settings = hub.settings
    await ws.accept()
    table = await hub.ensure(table_id)
    if table is None:
        await ws.close(code=4404)
        return
    conn = Connection(ws, settings)
    try:
        hello = await asyncio.wait_for(_hello(ws, conn, settings), settings.hello_timeout)
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await ws.close(code=4408)
        return
    if hello is not None and hello.protocol not in (None, PROTOCOL_VERSION):
        with contextlib.suppress(Exception):
            await ws.send_text(json.dumps(_protocol_error(hello.protocol)))
            await ws.close(code=4400)
        return
    profile_id = None
    if hello is not None and hello.session:
        me = await profiles.current(ws)
        profile_id = None if me is None else me.id
    if hello is None or not hub.seating.authorise(table, conn, hello, profile_id):
        with contextlib.suppress(Exception):
            await ws.send_text(
                json.dumps(error_frame("unauthorized", "no such seat or spectator code", "hello"))
            )
            await ws.close(code=4401)
        return
    chat.identify(conn, hello)
    writer = asyncio.create_task(conn.writer())
    async with table.lock:
        table.conns.add(conn)
        table.welcome(conn)
        # Everybody else hears of the newcomer (a player's presence, a spectator count).
        for other in table.conns:
            if other is not conn:
                other.send({"type": "table", "table": table.summary()})
        hub.bus.announce(table)
    try:
        await _serve(hub, table, conn)
    finally:
        async with table.lock:
            table.conns.discard(conn)
            if conn.seats or conn.spectator:
                table.broadcast_table()
        conn.closed = True
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


def _protocol_error(client: int) -> dict[str, Any]:
    return error_frame(
        "unsupported_protocol",
        f"this server speaks protocol {PROTOCOL_VERSION}, not {client}",
        "hello",
        args={"client": client, "server": PROTOCOL_VERSION},
        server=PROTOCOL_VERSION,
    )


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
    conn: Connection,
    code: str,
    message: str,
    ref: str | None = None,
    *,
    key: str | None = None,
    args: dict[str, Any] | None = None,
    **extra: Any,
) -> None:
    conn.send(error_frame(code, message, ref, key=key, args=args, **extra))


def _refuse(conn: Connection, err: ApiError, ref: str) -> None:
    """Send ``err`` (a refused ``ref`` message) to the client as an error frame."""
    _error(conn, err.code, err.message, ref, key=err.msg["key"], args=err.msg["args"])


def _too_deep(conn: Connection) -> None:
    """Refuse a message nested deeper than the limit (found before or by parsing)."""
    _error(
        conn,
        "too_deep",
        f"JSON nested deeper than {MAX_DEPTH} levels",
        args={"limit": MAX_DEPTH},
    )


def _decode(conn: Connection, text: str, settings: Settings) -> Any:
    """Check size, rate, JSON and fields; send the error frame and return ``None`` if bad."""
    if len(text.encode("utf-8")) > settings.max_frame:
        _error(
            conn,
            "too_large",
            f"messages are limited to {settings.max_frame} bytes",
            args={"limit": settings.max_frame},
        )
        return None
    if not conn.allow():
        _error(
            conn,
            "rate_limited",
            f"more than {settings.msg_rate:g} messages per second",
            args={"rate": settings.msg_rate},
        )
        return None
    if too_deep(text):
        _too_deep(conn)
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        _error(
            conn, "malformed", f"not JSON: {e.msg}", key="error.not_json", args={"reason": e.msg}
        )
        return None
    except RecursionError:  # a backstop: too_deep already refuses deep nesting
        _too_deep(conn)
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
            args={"type": str(kind), "known": ", ".join(WS_MESSAGES)},
        )
        return None
    try:
        return model.model_validate(data)
    except ValidationError as e:
        details = [{"loc": list(x["loc"]), "msg": x["msg"]} for x in e.errors(include_url=False)]
        _error(
            conn,
            "invalid",
            f"invalid {kind} message",
            ref=str(kind),
            args={"type": str(kind)},
            details=details,
        )
        return None


async def _hello(ws: WebSocket, conn: Connection, settings: Settings) -> Hello | None:
    """Wait for a valid ``hello`` (answering errors to anything else)."""
    while True:
        text = await _receive(ws)
        if text is None:
            return None
        msg = _decode(conn, text, settings)
        while not conn.queue.empty():
            await ws.send_text(conn.queue.get_nowait() or "")
        if msg is None:
            continue
        if isinstance(msg, Hello):
            return msg
        await ws.send_text(json.dumps(error_frame("hello_required", "send hello first", msg.type)))


async def _serve(hub: Hub, table: LiveTable, conn: Connection) -> None:
    """Answer one authorised client's messages until it disconnects."""
    settings = hub.settings
    while True:
        try:
            text = await _receive(conn.ws)
        except WebSocketDisconnect:
            return
        if text is None or conn.closed:
            return
        msg = _decode(conn, text, settings)
        if msg is None:
            continue
        if isinstance(msg, Hello):
            if msg.protocol not in (None, PROTOCOL_VERSION):
                conn.send(_protocol_error(msg.protocol))
                continue
            async with table.lock:
                held, watched = list(conn.seats), conn.spectator
                if not hub.seating.authorise(table, conn, msg):
                    _error(conn, "unauthorized", "no such seat or spectator code", "hello")
                    conn.seats, conn.spectator = [], False
                    return
                conn.log_pos.clear()
                chat.identify(conn, msg)
                table.welcome(conn)
                if conn.seats != held or watched != conn.spectator:  # presence, spectators
                    table.broadcast_table()
        else:
            await HANDLERS[msg.type](table, conn, msg)


def _seat(conn: Connection, seat: int | None, ref: str) -> int | None:
    if conn.spectator or not conn.seats:
        _error(conn, "spectator", "spectators cannot act", ref)
        return None
    if seat is None:
        if len(conn.seats) != 1:
            _error(conn, "invalid", "say which seat: you hold several", ref, key="error.which_seat")
            return None
        return conn.seats[0]
    if seat not in conn.seats:
        _error(conn, "not_your_seat", f"you do not hold seat {seat}", ref, args={"seat": seat})
        return None
    return seat


async def _action(table: LiveTable, conn: Connection, msg: ActionMsg) -> None:
    seat = _seat(conn, msg.seat, "action")
    if seat is None:
        return
    async with table.lock:
        err: ApiError | None = None
        s = table.state
        if table.closed:
            err = ApiError(409, "game_over", "the table is closed", key="error.closed")
        elif table.seats[seat].bot_controlled:
            err = ApiError(409, "bot_seat", _BOT_SEAT)
        elif msg.state_id != table.state_id:
            err = _stale(msg.state_id, table.state_id)
        elif s is None or s.is_terminal:
            err = ApiError(409, "game_over", "the game is over; send play_again for the next one")
        elif s.current_player != seat:
            err = ApiError(
                409,
                "not_your_turn",
                f"it is seat {s.current_player}'s turn",
                seat=s.current_player,
            )
        else:
            try:
                action = msg.action if msg.id is None else msg.id
                assert action is not None
                await table.commit_action(action, seat, "human")
                return
            except ApiError as e:  # another process changed the table first
                err = e
            except PakkaError as e:  # IllegalAction included
                err = refused_move(e)
            except Exception:
                # e.g. the database refused the commit: nothing was applied
                logging.getLogger("pakka.server").exception("action failed")
                err = ApiError(500, "server_error", "the action could not be stored; try again")
        table.hub.metrics.actions_refused.labels(err.code).inc()
        _refuse(conn, err, "action")
        table.send_state(conn)


def refused_move(e: PakkaError) -> ApiError:
    """A refused move as an error whose message says why in the reader's language:
    the refusal's own catalogue message, or its texts in every language, else (an
    engine reason in English only) the bare refusal for readers of other languages."""
    why = reason_message(e)
    if why is not None:
        return ApiError(400, "illegal_action", str(e), key="error.illegal_action", reason=why)
    texts = reason_texts(e, LANGUAGES)
    if texts is not None:
        words: dict[str, Any] = dict(texts)
        return ApiError(400, "illegal_action", str(e), key="error.illegal_action_words", **words)
    return ApiError(400, "illegal_action", str(e), key="error.illegal_action_en", reason=str(e))


def _stale(sent: int, current: int) -> ApiError:
    return ApiError(
        409,
        "stale_state",
        f"state {sent} is not current (current: {current})",
        state=sent,
        current=current,
    )


async def _play_again(table: LiveTable, conn: Connection, msg: PlayAgainMsg) -> None:
    if _seat(conn, conn.seats[0] if conn.seats else None, "play_again") is None:
        return
    async with table.lock:
        try:
            await table.hub.play_again(table, msg.game_no)
        except ApiError as e:
            _refuse(conn, e, "play_again")
            table.send_state(conn)
        except Exception:
            logging.getLogger("pakka.server").exception("play again failed")
            _error(conn, "server_error", "the next game could not be started", "play_again")
            table.send_state(conn)


async def _autoplay(table: LiveTable, conn: Connection, msg: AutoplayMsg) -> None:
    seat = _seat(conn, msg.seat, "autoplay")
    if seat is None:
        return
    if table.rated:
        _error(
            conn,
            "rated_assist",
            "autoplay is off at rated tables",
            "autoplay",
            key="error.rated_autoplay",
        )
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
        err: ApiError | None = None
        if table.players != 1:
            err = ApiError(
                409,
                "no_undo",
                f"undo is only for one-player games; this table has {table.players} players",
                key="error.no_undo_players",
                players=table.players,
            )
        elif table.seats[seat].bot_controlled:
            err = ApiError(409, "bot_seat", _BOT_SEAT)
        elif msg.state_id != table.state_id:
            err = _stale(msg.state_id, table.state_id)
        else:
            try:
                await table.undo(seat, msg.count)
                return
            except ApiError as e:
                err = e
            except Exception:
                logging.getLogger("pakka.server").exception("undo failed")
                err = ApiError(500, "server_error", "the undo could not be stored; try again")
        _refuse(conn, err, "undo")
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


async def _pong(table: LiveTable, conn: Connection, msg: PingMsg) -> None:
    conn.send({"type": "pong", "id": msg.id})


async def _presence(table: LiveTable, conn: Connection, msg: PresenceMsg) -> None:
    async with table.lock:
        set_idle(table, conn, msg.idle)


async def _sync(table: LiveTable, conn: Connection, msg: SyncMsg) -> None:
    async with table.lock:
        table.send_state(conn, full=True)
        chat.send_history(table, conn)


Handler = Callable[[LiveTable, Connection, Any], Awaitable[None]]
"""What answers one decoded message of an authorised client (its model is the third
argument: the entry of :data:`~pakka.server.models.WS_MESSAGES` for its type)."""

HANDLERS: dict[str, Handler] = {
    "action": _action,
    "play_again": _play_again,
    "resume": _resume,
    "autoplay": _autoplay,
    "undo": _undo,
    "sync": _sync,
    "presence": _presence,
    "ping": _pong,
    "chat": chat.write,
    "chat_remove": chat.remove,
    "chat_kick": chat.kick,
    "chat_report": chat.report,
}
"""The handler of every message type but ``hello`` (which :func:`_serve` answers
itself: a refused hello ends the connection)."""
