"""The HTTP API (``/api/...``): games, tables, seats and invites, game records.

Handlers are thin: they decode the request, take the bearer token, and call the
hub (``request.app.state.hub``, via :func:`get_hub`), which raises
:class:`~pakka.server.errors.ApiError` to refuse. docs/protocol.md describes
every endpoint.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

import pakka
from pakka.bots import bot_names
from pakka.bots import levels as bot_levels
from pakka.core.options import OptionValue
from pakka.core.registry import game_class
from pakka.i18n import LANGUAGES
from pakka.option_words import SEAT_OPTIONS, option_words
from pakka.ratings.bots import level_ratings, suggest
from pakka.server import access, frames, profiles, ratings, replay
from pakka.server.errors import ApiError
from pakka.server.hub import Hub
from pakka.server.limits import client_address, limit_hints
from pakka.server.models import (
    AgainBody,
    ClaimBody,
    CreatedTable,
    CreateTable,
    HintBody,
    HumanOut,
    InviteOut,
    JoinBody,
    LeaveBody,
    LevelBody,
    LiveTables,
    Ok,
    OpenTables,
    SeatGrant,
)
from pakka.server.tables import LiveTable

router = APIRouter()


def get_hub(request: Request) -> Hub:
    """The application's hub (``app.state.hub``)."""
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(get_hub)]


def _json_option(v: OptionValue) -> Any:
    return list(v) if isinstance(v, tuple) else v


def games_catalogue() -> list[dict[str, Any]]:
    """Every registered game with its options, levels and bots, its descriptor
    (``type``: ``Game.game_type()``) and whether its view is typed (``GET /api/games``)."""
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
                        "label": {
                            lang: option_words(name, f"opt.{o.name}", lang) or o.name
                            for lang in LANGUAGES
                        },
                        "values": {
                            str(c): {
                                lang: option_words(name, f"val.{o.name}.{c}", lang) or str(c)
                                for lang in LANGUAGES
                            }
                            for c in o.choices
                        },
                        "seat": o.name in SEAT_OPTIONS,
                    }
                    for o in cls.option_specs
                ],
                "levels": list(bot_levels(name)),
                "level_ratings": level_ratings(name),
                "bots": bot_names(name),
                "type": cls.game_type().to_json(),
                "typed_view": cls.view_type is not None,
            }
        )
    return out


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer`` header."""
    h = request.headers.get("authorization", "")
    scheme, _, token = h.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


@router.get("/api/games")
async def list_games() -> dict[str, Any]:
    """Every game this server offers, with its options and bot levels."""
    return {"games": games_catalogue()}


@router.get("/api/games/{name}/schema")
async def game_schema(name: str) -> dict[str, Any]:
    """The JSON Schemas of a game's frames, generated from the types: ``frame`` (any
    frame the server sends at its tables; a state frame's ``view`` is ``view``),
    ``view`` and ``legal_action``. A game without a typed view gets the base view
    fields with any others allowed (``typed_view: false``)."""
    if name not in pakka.games():
        raise ApiError(404, "not_found", f"no game {name!r}", key="error.no_game", game=name)
    try:
        return frames.game_schema(name)
    except ImportError:
        raise ApiError(
            404, "not_found", f"no game {name!r}", key="error.no_game", game=name
        ) from None


@router.post("/api/tables", status_code=201, response_model=CreatedTable)
async def create_table(hub: HubDep, body: CreateTable, request: Request) -> dict[str, Any]:
    """Create a table; the response holds the credentials (shown only once)."""
    addr = client_address(request)
    me = await profiles.current(request)
    return await hub.create_table(body, addr, None if me is None else me.id)


LISTED = 200
"""Listed tables a multi-process site's lobby lists look at (the newest)."""


async def listed_tables(hub: Hub, game: str | None) -> list[LiveTable]:
    """The listed tables a lobby list is made of. One process knows every table; on a
    multi-process site the database says which tables are listed and open, and this
    process loads those it does not follow yet (they then follow the bus), so that
    every process gives the same list."""
    if not hub.multi:
        return list(hub.tables.values())
    ids = await hub.dbx.read(hub.store.listed_open, game, LISTED)
    out = []
    for tid in ids:
        t = await hub.ensure(tid)
        if t is not None:
            out.append(t)
    return out


@router.get("/api/tables", response_model=OpenTables)
async def open_tables(hub: HubDep, game: str | None = None) -> dict[str, Any]:
    """Listed tables that are looking for players."""
    out = []
    for t in await listed_tables(hub, game):
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


@router.get("/api/tables/live", response_model=LiveTables)
async def live_tables(hub: HubDep, game: str | None = None) -> dict[str, Any]:
    """Listed tables with a game in play, to watch (the public view only)."""
    out = []
    for t in await listed_tables(hub, game):
        if not t.listed or t.closed or (game and t.game_name != game) or t.st.is_terminal:
            continue
        summary = t.summary()
        out.append(
            {
                "table_id": t.id,
                "name": t.name,
                "game": t.game_name,
                "players": t.players,
                "names": [s["name"] for s in summary["seats"]],
                "bots": [
                    (s.get("level") or "medium") if s["kind"] == "bot" else None
                    for s in summary["seats"]
                ],
                "spectators": summary["spectators"],
                "game_no": t.game_no,
                "moves": len(t.st.history),
                "created": t.created,
            }
        )
    out.sort(key=lambda x: -x["created"])
    return {"tables": out[:100]}


@router.get("/api/tables/{table_id}")
async def table_summary(hub: HubDep, table_id: str, request: Request) -> dict[str, Any]:
    """The summary of a table (unlisted: with a credential, see :mod:`access`)."""
    await hub.ensure(table_id)
    await access.check_live_async(hub, table_id, request)
    return hub.table(table_id).summary()


@router.post("/api/invites/claim", response_model=SeatGrant)
async def claim(hub: HubDep, body: ClaimBody, request: Request) -> dict[str, Any]:
    """Open an invite link: the first claim gets the seat (bound to the session's
    profile, if the request has one)."""
    me = await profiles.current(request)
    return await hub.seating.claim(body.code, body.name, None if me is None else me.id)


@router.post("/api/tables/{table_id}/join", response_model=SeatGrant)
async def join(hub: HubDep, table_id: str, body: JoinBody, request: Request) -> dict[str, Any]:
    """Take a free seat of a listed table (bound to the session's profile, if any)."""
    await hub.ensure(table_id)
    me = await profiles.current(request)
    return await hub.seating.join(table_id, body.seat, body.name, None if me is None else me.id)


async def session_profile(request: Request) -> str | None:
    """The id of the request's session profile, looked up only when the request
    carries no bearer token (a token names its seat; the cookie is the second
    device's credential). The Origin check (:mod:`pakka.server.origin`) has already
    refused a state-changing request with the cookie from another site."""
    if bearer(request) is not None or profiles.cookie_token(request) is None:
        return None
    me = await profiles.current(request)
    return None if me is None else me.id


@router.post("/api/tables/{table_id}/leave", response_model=Ok)
async def leave(
    hub: HubDep, table_id: str, request: Request, body: LeaveBody | None = None
) -> dict[str, Any]:
    """Give up the seat of the bearer token, or (without one) the seat bound to the
    session cookie's profile (``seat`` says which if it holds several)."""
    await hub.ensure(table_id)
    pid = await session_profile(request)
    seat = None if body is None else body.seat
    await hub.seating.leave(table_id, bearer(request), pid, seat)
    return {"ok": True}


@router.post("/api/tables/{table_id}/hint", dependencies=[Depends(limit_hints)])
async def table_hint(
    hub: HubDep, table_id: str, request: Request, body: HintBody | None = None
) -> dict[str, Any]:
    """The game's hint for a seat of this table (its display layer's ``hint``:
    Koodinmurtaja's rank probabilities, Räväytys' proposed lay-down), computed from
    the seat's own view of the current state (``State.view(seat)``, so it cannot
    reveal anything hidden from that seat); ``hint`` is ``null`` when the position
    offers none. The seat is the bearer seat token's, or one bound to the session
    cookie's profile (:meth:`~pakka.server.seats.Seating.held_seat`).

    Fair play: a rated table refuses (``403 rated_assist``, key ``error.rated_hints``),
    and there is no other way to a hint (no endpoint takes a view from the client).
    A hint is a search: each client address may ask ``Settings.hint_rate`` times a
    second (429 beyond). Nothing at the table changes."""
    await hub.ensure(table_id)
    table = hub.table(table_id)
    assert table.game is not None
    display = table.game.display
    if not display.hints:
        raise ApiError(
            404,
            "no_hints",
            f"{table.game_name} offers no hints",
            key="error.no_hints",
            game=table.game_name,
        )
    body = body or HintBody()
    seat = hub.seating.held_seat(table, bearer(request), await session_profile(request), body.seat)
    if table.rated:
        raise ApiError(
            403,
            "rated_assist",
            "hints and lay-down proposals are off at rated tables",
            key="error.rated_hints",
        )
    async with table.lock:
        if body.state_id is not None and body.state_id != table.state_id:
            raise ApiError(
                409,
                "stale_state",
                f"the table is at state {table.state_id}, not {body.state_id}",
                key="error.stale_state",
            )
        st = table.st
        game_no, state_id = table.game_no, table.state_id
        view = None if st.is_terminal else dict(st.view(seat))
    # The search runs off the event loop, on the view taken under the lock.
    hint = None if view is None else await asyncio.to_thread(display.hint, view)
    return {
        "table_id": table.id,
        "game_no": game_no,
        "state_id": state_id,
        "seat": seat,
        "hint": None if hint is None else dict(hint),
    }


@router.post("/api/tables/{table_id}/seats/{seat}/invite", response_model=InviteOut)
async def reissue(hub: HubDep, table_id: str, seat: int, request: Request) -> dict[str, Any]:
    """(Creator) revoke and re-issue the invite link of a free or abandoned seat."""
    await hub.ensure(table_id)
    return await hub.seating.reissue(table_id, seat, bearer(request))


@router.post("/api/tables/{table_id}/seats/{seat}/revoke", response_model=Ok)
async def revoke(hub: HubDep, table_id: str, seat: int, request: Request) -> dict[str, Any]:
    """(Creator) revoke a seat's invite link."""
    await hub.ensure(table_id)
    await hub.seating.revoke(table_id, seat, bearer(request))
    return {"ok": True}


@router.post("/api/tables/{table_id}/seats/{seat}/bot", response_model=Ok)
async def to_bot(
    hub: HubDep, table_id: str, seat: int, request: Request, body: LevelBody | None = None
) -> dict[str, Any]:
    """(Creator) let a bot play an absent player's seat (zombie)."""
    await hub.ensure(table_id)
    await hub.seating.to_bot(table_id, seat, (body or LevelBody()).level, bearer(request))
    return {"ok": True}


@router.post("/api/tables/{table_id}/seats/{seat}/human", response_model=HumanOut)
async def to_human(hub: HubDep, table_id: str, seat: int, request: Request) -> dict[str, Any]:
    """(Creator) hand a zombie seat back to its player (or a fresh invite, if it has none)."""
    await hub.ensure(table_id)
    invite = await hub.seating.to_human(table_id, seat, bearer(request))
    return {"ok": True, "invite": invite}


@router.post("/api/tables/{table_id}/close", response_model=Ok)
async def close(hub: HubDep, table_id: str, request: Request) -> dict[str, Any]:
    """(Creator) close the table."""
    await hub.ensure(table_id)
    await hub.close(table_id, bearer(request))
    return {"ok": True}


@router.post("/api/tables/{table_id}/again")
async def again(hub: HubDep, table_id: str, body: AgainBody, request: Request) -> dict[str, Any]:
    """Start the next game after the current one ended (any seat or the creator: a
    seat token, the admin token, or the session cookie of a profile holding a seat)."""
    await hub.ensure(table_id)
    table = hub.table(table_id)
    token = bearer(request)
    try:
        hub.seating.check_admin(table, token)
    except ApiError:
        if token or not hub.seating.bound_seats(table, await session_profile(request)):
            hub.seating.seat_of(token, table)
    async with table.lock:
        await hub.play_again(table, body.game_no)
    return table.summary()


@router.get("/api/tables/{table_id}/games")
async def table_games(hub: HubDep, table_id: str, request: Request) -> dict[str, Any]:
    """The games played at a table (unlisted: with a credential)."""
    await hub.ensure(table_id)
    await access.check_live_async(hub, table_id, request)
    return {"games": hub.table(table_id).summary()["games"]}


@router.get("/api/tables/{table_id}/games/{game_no}/record")
async def record(hub: HubDep, table_id: str, game_no: int, request: Request) -> Response:
    """A finished game's record (JSON for ``pakka replay``; unlisted: with a credential)."""
    await hub.ensure(table_id)
    await access.check_stored(hub, table_id, request)
    rec = await hub.record(table_id, game_no)
    return Response(
        rec.to_json(),
        media_type="application/json",
        headers={
            "Content-Disposition": (f'attachment; filename="{rec.game}-{table_id}-{game_no}.json"')
        },
    )


@router.get("/api/tables/{table_id}/games/{game_no}/replay")
async def game_replay(hub: HubDep, table_id: str, game_no: int, request: Request) -> Response:
    """A finished game replayed through the engine: every seat's view at every step,
    the logs and where each hand, round, trick and turn starts (:mod:`replay`).
    The same access rule as the record (:mod:`access`); only once the game is over.

    A finished game's replay does not change: it is built once per (table, game)
    (:class:`replay.ReplayCache`) and served with an ``ETag`` and ``Cache-Control``
    (``private`` for an unlisted table, whose readers need a credential); a matching
    ``If-None-Match`` gets ``304`` without a body."""
    await access.check_stored(hub, table_id, request)
    rec = await hub.record(table_id, game_no)
    tag = replay.etag(rec, table_id, game_no)
    listed = await _listed(hub, table_id)
    headers = {
        "ETag": tag,
        "Cache-Control": ("public" if listed else "private") + f", max-age={REPLAY_MAX_AGE}",
        "Vary": "Authorization, X-Spectator-Code",
    }
    wanted = request.headers.get("if-none-match", "")
    if tag in {t.strip().removeprefix("W/") for t in wanted.split(",")} or wanted.strip() == "*":
        return Response(status_code=304, headers=headers)
    body = hub.replays.get(table_id, game_no, tag)
    if body is None:
        # Playing the record through is CPU work: off the event loop.
        stored = await hub.dbx.read(hub.store.load_table, table_id)
        # Seats whose player deleted their account: the client says "former player".
        former = [bool(s.get("former")) for s in stored.seats] if stored else []
        body = await asyncio.to_thread(replay.encode, rec, table_id, game_no, former)
        hub.replays.put(table_id, game_no, tag, body)
    return Response(body, media_type="application/json", headers=headers)


REPLAY_MAX_AGE = 3600
"""Seconds a browser may keep a replay before asking again (with its ``ETag``): a
finished game does not change, but a seat's name may later be anonymised."""


async def _listed(hub: Hub, table_id: str) -> bool:
    """Whether the table is listed (public), live or stored."""
    if table_id in hub.tables:
        return hub.tables[table_id].listed
    stored = await hub.dbx.read(hub.store.load_table, table_id)
    return stored is not None and bool(stored.row["listed"])


@router.get("/api/leaderboards/{game}")
async def game_leaderboard(
    hub: HubDep, game: str, request: Request, min_games: int | None = None
) -> dict[str, Any]:
    """The best rated players of ``game`` (at least ``min_games`` rated games, default
    ``Settings.leaderboard_min_games``), the signed-in requester's own place, and the
    bot levels' fixed ratings on the same scale."""
    if game not in pakka.games():
        raise ApiError(404, "not_found", f"no game {game!r}", key="error.no_game", game=game)
    least = hub.settings.leaderboard_min_games if min_games is None else max(1, min_games)
    me = await profiles.current(request)
    board = await hub.dbx.read(ratings.leaderboard, game, least, 50, None if me is None else me.id)
    board["bots"] = level_ratings(game)
    if board["me"] is not None:
        board["me"]["suggest"] = suggest(game, board["me"]["rating"])
    return board
