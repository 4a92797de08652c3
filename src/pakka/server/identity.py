"""The players' HTTP API: sessions, accounts, logins, "my tables", profiles and history.

``POST /api/session`` makes a guest profile and sets the session cookie
(:mod:`pakka.server.profiles`); ``/api/me...`` are the signed-in profile's own
(401 ``no_session`` without a valid cookie); ``GET /api/profiles/{id}`` is the
public part of anyone's profile. docs/protocol.md describes every endpoint and
docs/operations.md the cookie, the origin policy and account deletion.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from pydantic import AfterValidator, StringConstraints
from sqlalchemy import Connection, delete, select, update

from pakka.core.record import Record
from pakka.ratings.bots import suggest
from pakka.server import db, eventlog, playerstats, profiles, ratings
from pakka.server.errors import ApiError
from pakka.server.hub import Hub
from pakka.server.limits import client_address
from pakka.server.models import Name, Strict
from pakka.server.names import check_name
from pakka.server.origin import served_over_tls
from pakka.server.profiles import COOKIE, COOKIE_MAX_AGE, Profile

router = APIRouter()


def get_hub(request: Request) -> Hub:
    """The application's hub."""
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(get_hub)]


def _account_name(name: str) -> str:
    return check_name(name, 40)


AccountName = Annotated[str, StringConstraints(max_length=400), AfterValidator(_account_name)]
Password = Annotated[str, StringConstraints(min_length=8, max_length=1024)]


class SessionBody(Strict):
    """``POST /api/session``: a new guest's display name."""

    name: Name


class RenameBody(Strict):
    """``POST /api/me/name``."""

    name: Name


class AccountBody(Strict):
    """``POST /api/account`` (sign up) and ``POST /api/login``."""

    account: AccountName
    password: Password


def _label(request: Request) -> str:
    return request.headers.get("user-agent", "")[:200] or "unknown"


def _with_cookie(request: Request, body: dict[str, Any], token: str, status: int) -> Response:
    resp = JSONResponse(body, status_code=status)
    resp.set_cookie(
        COOKIE,
        token,
        max_age=COOKIE_MAX_AGE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=served_over_tls(request.scope, get_hub(request).settings),
    )
    return resp


@router.post("/api/session", status_code=201)
async def new_session(hub: HubDep, body: SessionBody, request: Request) -> Response:
    """Start a guest profile on this device (sets the session cookie). A request that
    already has a valid session gets its profile back unchanged (200)."""
    got = await profiles.current(request)
    if got is not None:
        return JSONResponse(got.to_json())
    p, token = await hub.dbx.tx(profiles.create_guest, body.name, _label(request))
    return _with_cookie(request, p.to_json(), token, 201)


@router.get("/api/me")
async def me(request: Request) -> dict[str, Any]:
    """The signed-in profile (401 ``no_session`` without one) with its rating in every
    game it played rated and the bot level closest to each (docs/ratings.md)."""
    p = await profiles.require(request)
    hub: Hub = request.app.state.hub
    mine = await hub.dbx.read(ratings.profile_ratings, p.id)
    for r in mine:
        r["suggest"] = suggest(r["game"], r["rating"])
    return p.to_json() | {"ratings": mine}


def _rename(c: Connection, profile_id: str, name: str, live: set[str]) -> list[tuple[str, int]]:
    """Rename the profile and every seat bound to it at tables that are not ``live``
    here (a ``seat`` event in the table's log and the seat row, as deletion does);
    returns its seats at the ``live`` tables (renamed through the table, under its
    lock)."""
    profiles.rename(c, profile_id, name)
    seats = profiles.profile_seats(c, profile_id)
    for tid, seat in seats:
        if tid in live:
            continue
        seq = eventlog.last_seq(c, tid) + 1
        eventlog.append(c, tid, seq, eventlog.SEAT, {"seat": seat, "values": {"name": name}})
        c.execute(
            update(db.seats)
            .where(db.seats.c.table_id == tid, db.seats.c.seat == seat)
            .values(name=name)
        )
    return [(t, s) for t, s in seats if t in live]


@router.post("/api/me/name")
async def rename(hub: HubDep, body: RenameBody, request: Request) -> dict[str, Any]:
    """Change the display name: the profile's, and the name on every seat bound to it
    (the tables it sits or sat at, their frames and "my tables"; a live table's seat
    changes through the table, so its clients and the other processes see it at
    once). The leaderboard and the profile page read the profile row."""
    p = await profiles.require(request)
    bound = await hub.dbx.read(profiles.profile_seats, p.id)
    # Every table live here changes through the table, also one whose seat the
    # profile takes while this runs (it is in ``hub.tables`` already).
    live: set[str] = set(hub.tables)
    for tid, _ in bound:
        if await hub.ensure(tid) is not None:
            live.add(tid)
    for tid, seat in await hub.dbx.tx(_rename, p.id, body.name, live):
        table = hub.tables.get(tid)
        if table is None:
            continue
        async with table.lock:
            if table.seats[seat].profile_id == p.id:
                await table.set_seat(seat, name=body.name)
                table.broadcast_table()
    return Profile(p.id, body.name, p.account, p.created).to_json()


@router.get("/api/me/sessions")
async def my_sessions(hub: HubDep, request: Request) -> dict[str, Any]:
    """The profile's sessions (devices) that are not revoked; ``current`` marks this one."""
    got = await profiles.current_session(request)
    if got is None:
        await profiles.require(request)
        raise AssertionError  # pragma: no cover (require raised)
    p, sid = got
    rows = await hub.dbx.read(profiles.list_sessions, p.id)
    for r in rows:
        r["current"] = r["id"] == sid
    return {"sessions": rows}


@router.delete("/api/me/sessions/{session_id}")
async def revoke_session(hub: HubDep, session_id: str, request: Request) -> dict[str, Any]:
    """Revoke one of the profile's sessions (its cookie is refused from then on)."""
    p = await profiles.require(request)
    if not await hub.dbx.tx(profiles.revoke_session, p.id, session_id[:40]):
        raise ApiError(404, "not_found", "no such session", key="error.no_session_id")
    return {"ok": True}


@router.post("/api/account", status_code=201)
async def make_account(hub: HubDep, body: AccountBody, request: Request) -> dict[str, Any]:
    """Turn the guest profile into an account (name and password); 409 if the name is
    taken or the profile already has an account."""
    p = await profiles.require(request)
    if not p.guest:
        raise ApiError(
            409, "conflict", "this profile already has an account", key="error.already_account"
        )
    digest = await asyncio.to_thread(profiles.hash_password, body.password)
    if not await hub.dbx.tx(profiles.make_account, p.id, body.account, digest):
        raise ApiError(
            409,
            "account_taken",
            f"the account name {body.account!r} is taken",
            key="error.account_taken",
            account=body.account,
        )
    return Profile(p.id, p.name, body.account, p.created).to_json()


def _login_failed() -> ApiError:
    return ApiError(401, "login_failed", "wrong account name or password", key="error.login_failed")


@router.post("/api/login")
async def login(hub: HubDep, body: AccountBody, request: Request) -> Response:
    """Log in to an account on this device (sets a new session cookie).

    A wrong password and an unknown name get the same answer after the same work (the
    password is verified against a dummy hash when there is no such account). After
    :data:`~pakka.server.profiles.FAIL_FREE` failures for the name or from the client
    address, each further attempt waits longer (never a lockout)."""
    keys = [f"name:{profiles.account_key(body.account)}", f"addr:{client_address(request)}"]
    await profiles.sleep(await hub.dbx.read(profiles.login_delay, keys))
    row = await hub.dbx.read(profiles.account_row, body.account)
    ok = await asyncio.to_thread(profiles.verify_password, row[1] if row else None, body.password)
    if row is None or not ok:
        await hub.dbx.tx(profiles.note_failure, keys)
        raise _login_failed()
    await hub.dbx.tx(profiles.clear_failures, keys[:1])
    old = profiles.cookie_token(request)

    def start(c: Connection) -> tuple[Profile | None, str]:
        if old is not None:  # this device's previous session ends
            c.execute(
                update(db.sessions)
                .where(db.sessions.c.token_hash == profiles.token_digest(old))
                .values(revoked=True)
            )
        return profiles.get(c, row[0]), profiles.new_session(c, row[0], _label(request))

    p, token = await hub.dbx.tx(start)
    if p is None:  # deleted meanwhile
        raise _login_failed()
    return _with_cookie(request, p.to_json(), token, 200)


@router.post("/api/logout")
async def logout(hub: HubDep, request: Request) -> Response:
    """End this device's session (revoked in the database; the cookie is removed)."""
    got = await profiles.current_session(request)
    if got is not None:
        await hub.dbx.tx(profiles.revoke_session, got[0].id, got[1])
    resp = JSONResponse({"ok": True})
    resp.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return resp


# -- tables and history ----------------------------------------------------------------------------
def _my_tables(c: Connection, profile_id: str) -> list[dict[str, Any]]:
    rows = c.execute(
        select(
            db.tables.c.id,
            db.tables.c.name,
            db.tables.c.game,
            db.tables.c.players,
            db.tables.c.closed,
            db.tables.c.created,
            db.tables.c.hotseat,
            db.seats.c.seat,
            db.seats.c.status,
        )
        .join(db.seats, db.seats.c.table_id == db.tables.c.id)
        .where(db.seats.c.profile_id == profile_id)
        .order_by(db.tables.c.created.desc(), db.seats.c.seat)
    ).all()
    ids = list(dict.fromkeys(str(r.id) for r in rows))
    names: dict[str, list[str | None]] = {tid: [] for tid in ids}
    if ids:
        for seat_row in c.execute(
            select(db.seats.c.table_id, db.seats.c.name)
            .where(db.seats.c.table_id.in_(ids))
            .order_by(db.seats.c.table_id, db.seats.c.seat)
        ):
            names[str(seat_row[0])].append(seat_row[1])
    out: dict[str, dict[str, Any]] = {}
    for r in rows:
        t = out.setdefault(
            r.id,
            {
                "table_id": r.id,
                "name": r.name,
                "game": r.game,
                "players": r.players,
                "closed": bool(r.closed),
                "created": r.created,
                "hotseat": bool(r.hotseat),
                "seats": [],
                "names": names[str(r.id)],
            },
        )
        if r.status == "claimed":
            t["seats"].append(r.seat)
    return list(out.values())


@router.get("/api/me/tables")
async def my_tables(hub: HubDep, request: Request) -> dict[str, Any]:
    """The tables where the profile holds (or held) a seat, newest first, on every
    device of an account; ``seats`` are those it still holds (no tokens: ``hello``
    with ``session: true`` takes them), ``names`` every seat's name in seat order
    (``null``: a bot or a seat nobody took)."""
    p = await profiles.require(request)
    return {"tables": await hub.dbx.read(_my_tables, p.id)}


HISTORY_MAX = 200
"""The newest games a profile page shows."""


def _history_rows(c: Connection, profile_id: str) -> list[dict[str, Any]]:
    """The profile's newest finished games (at most :data:`HISTORY_MAX`), without
    their records (:func:`_records` loads those the result cache does not know)."""
    rows = c.execute(
        select(
            db.tables.c.id,
            db.tables.c.name,
            db.tables.c.game,
            db.tables.c.players,
            db.seats.c.seat,
            db.games.c.game_no,
            db.games.c.seed,
            db.games.c.options,
            db.games.c.deck,
            db.games.c.finished,
        )
        .join(db.seats, db.seats.c.table_id == db.tables.c.id)
        .join(db.games, db.games.c.table_id == db.tables.c.id)
        .where(db.seats.c.profile_id == profile_id, db.games.c.finished.is_not(None))
        .order_by(db.games.c.finished.desc())
        .limit(HISTORY_MAX)
    ).all()
    return [
        {
            "table_id": r.id,
            "table_name": r.name,
            "game": r.game,
            "players": r.players,
            "game_no": r.game_no,
            "seat": r.seat,
            "finished": r.finished,
            "seed": r.seed,
            "options": r.options,
            "deck": r.deck,
        }
        for r in rows
    ]


def _records(c: Connection, rows: list[dict[str, Any]]) -> None:
    """Give each of ``rows`` its game's :class:`Record` (its actions read here)."""
    for row in rows:
        acts = c.execute(
            select(db.actions.c.action)
            .where(db.actions.c.table_id == row["table_id"], db.actions.c.game_no == row["game_no"])
            .order_by(db.actions.c.idx)
        ).scalars()
        row["record"] = Record(
            game=row["game"],
            players=row["players"],
            options=json.loads(row["options"]),
            seed=int(row["seed"]),
            deck=json.loads(row["deck"]) if row["deck"] else None,
            actions=list(acts),
        )


async def history(hub: Hub, profile_id: str) -> dict[str, Any]:
    """A profile's finished games (newest first) with results, and its statistics per
    game (:mod:`pakka.server.playerstats`). A finished game never changes: its result
    is kept in ``hub.results`` (:class:`~pakka.server.playerstats.ResultCache`), so
    only the games not seen before are read with their actions and replayed."""
    rows = await hub.dbx.read(_history_rows, profile_id)
    known = hub.results.lookup([playerstats.result_key(r) for r in rows])
    new = [r for r in rows if playerstats.result_key(r) not in known]
    if new:
        await hub.dbx.read(_records, new)
        # Replaying is CPU work: off the event loop (the cache is touched only on it).
        got = await asyncio.to_thread(playerstats.results, new)
        hub.results.put(got)
        known |= got
    return playerstats.history(rows, known)


@router.get("/api/profiles/{profile_id}")
async def public_profile(hub: HubDep, profile_id: str) -> dict[str, Any]:
    """The public part of a profile: its name, whether it is an account, its finished
    games with results and replay links, and its statistics per game."""
    p = await hub.dbx.read(profiles.get, profile_id[:40])
    if p is None:
        raise ApiError(404, "not_found", "no such profile", key="error.not_found", reason="")
    return {"id": p.id, "name": p.name, "guest": p.guest, **await history(hub, p.id)}


# -- deletion ------------------------------------------------------------------------------------
def _scrub(c: Connection, profile_id: str, live: set[str]) -> list[tuple[str, int]]:
    """Delete a profile's sessions, anonymise its seats at tables that are not live
    here and the names in every log event of its seats, and mark it deleted; returns
    its seats at the ``live`` tables (changed through the table, under its lock)."""
    seats = profiles.profile_seats(c, profile_id)
    for tid, seat in seats:
        for ev in c.execute(
            select(db.events.c.seq, db.events.c.data).where(
                db.events.c.table_id == tid,
                db.events.c.kind.in_([eventlog.SEAT, eventlog.CLAIM]),
            )
        ).all():
            data = json.loads(ev.data)
            if data.get("seat") == seat and "name" in data.get("values", {}):
                data["values"]["name"] = None
                c.execute(
                    update(db.events)
                    .where(db.events.c.table_id == tid, db.events.c.seq == ev.seq)
                    .values(data=json.dumps(data, separators=(",", ":")))
                )
        if tid not in live:
            seq = eventlog.last_seq(c, tid) + 1
            eventlog.append(
                c,
                tid,
                seq,
                eventlog.SEAT,
                {"seat": seat, "values": {"name": None, "former": True, "profile_id": None}},
            )
            c.execute(
                update(db.seats)
                .where(db.seats.c.table_id == tid, db.seats.c.seat == seat)
                .values(name=None, former=True, profile_id=None)
            )
    c.execute(delete(db.sessions).where(db.sessions.c.profile_id == profile_id))
    c.execute(
        update(db.profiles)
        .where(db.profiles.c.id == profile_id)
        .values(name="", account=None, account_key=None, password_hash=None, deleted=time.time())
    )
    return [(t, s) for t, s in seats if t in live]


def anonymise_chat(c: Connection, profile_id: str) -> int:
    """The chat's anonymise hook: every chat message written from a seat bound to the
    profile loses its author and name (:func:`pakka.server.chat.anonymise_author`; a
    seat's chat author is derived from its token digest). Does nothing on a build
    without the chat module. Returns how many messages were changed."""
    try:
        chat = importlib.import_module("pakka.server.chat")
    except ModuleNotFoundError as e:
        if e.name != "pakka.server.chat":
            raise
        return 0
    hashes = c.execute(
        select(db.seats.c.token_hash).where(
            db.seats.c.profile_id == profile_id, db.seats.c.token_hash.is_not(None)
        )
    ).scalars()
    return sum(int(chat.anonymise_author(c, chat.seat_author(h))) for h in list(hashes))


@router.delete("/api/me")
async def delete_me(hub: HubDep, request: Request) -> Response:
    """Delete the signed-in profile: its sessions, account and name; its seats in
    every record become "former player" (replays still play). Cannot be undone."""
    p = await profiles.require(request)
    bound = await hub.dbx.read(profiles.profile_seats, p.id)
    live: set[str] = set()
    for tid, _ in bound:
        if await hub.ensure(tid) is not None:
            live.add(tid)

    def work(c: Connection) -> None:
        anonymise_chat(c, p.id)  # first: it finds the seats by their binding
        _scrub(c, p.id, live)
        ratings.forget(c, p.id)

    await hub.dbx.tx(work)
    # The live tables' seats change through the table (its log, its clients, the bus).
    for tid, seat in bound:
        table = hub.tables.get(tid)
        if table is None or tid not in live:
            continue
        async with table.lock:
            await table.set_seat(seat, name=None, former=True, profile_id=None)
            table.broadcast_table()
    resp = JSONResponse({"ok": True})
    resp.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return resp
