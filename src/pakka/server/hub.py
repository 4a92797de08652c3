"""The hub: the registry of live tables and what ties them together.

It reloads every open table at start-up by replaying its record, looks tables
up, creates, closes and continues them (the next game, a finished game's
record), and owns what the tables share: the database thread, the bot workers
(:mod:`pakka.server.scheduler`) and the seating (:mod:`pakka.server.seats`).
One table's live state is a :class:`~pakka.server.tables.LiveTable`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pakka
from pakka.core.errors import PakkaError, reason_message
from pakka.core.game import Game
from pakka.core.messages import MESSAGES
from pakka.core.options import options_to_json
from pakka.core.record import Record
from pakka.ratings import SeatFacts, refusals
from pakka.server import chat, profiles, rates
from pakka.server.bus import Bus
from pakka.server.config import Settings
from pakka.server.dbexec import DbExec
from pakka.server.errors import ApiError
from pakka.server.health import Metrics
from pakka.server.lease import Leases
from pakka.server.playerstats import ResultCache
from pakka.server.presence import Board
from pakka.server.profiles import Profile
from pakka.server.replay import ReplayCache
from pakka.server.scheduler import BotPool
from pakka.server.seats import (
    BOT,
    BOTSEAT,
    CLAIMED,
    HUMAN,
    OPEN,
    Seat,
    Seating,
    digest,
    new_secret,
)
from pakka.server.store import Store, StoredTable
from pakka.server.tables import LiveTable, since_wall

log = logging.getLogger("pakka.server")

T = TypeVar("T")


FORMER_PLAYER = "former player"
"""A deleted account's name in a record file (the browser shows ``player.former`` in the
reader's language)."""


class Hub:
    """Every live table, the seating (credentials), the database thread and the bot workers."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self.seating = Seating(self)
        self.dbx = DbExec(store.engine)
        self.workers = BotPool(settings)
        self.create_log: dict[str, list[float]] = {}
        self.metrics = Metrics(self)
        self.multi = store.engine.dialect.name == "postgresql"
        """Whether other server processes may share this database (PostgreSQL): then
        tables are loaded on demand, followed through the bus and run under leases."""
        self.bus = Bus(self)
        self.leases = Leases(self)
        self.board = Board(self.leases.holder)
        """Who is at which table in the other processes (presence, spectators)."""
        self._loading: dict[str, asyncio.Lock] = {}
        self.replays = ReplayCache()
        """Built replays of finished games (:mod:`pakka.server.replay`)."""
        self.results = ResultCache()
        """Each finished game's result for a seat, for profile pages
        (:mod:`pakka.server.playerstats`)."""
        self.purger: asyncio.Task[None] | None = None
        """Purges chat older than the retention, on start and daily (:mod:`pakka.server.chat`)."""

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking database call that opens its own connection, off the event
        loop (:meth:`DbExec.blocking`); the store's own operations go through
        :meth:`DbExec.tx` and :meth:`DbExec.read`."""
        return await self.dbx.blocking(fn, *args, **kwargs)

    # -- start and stop ------------------------------------------------------------------------
    async def start(self) -> None:
        """Load every open table by replaying its record, then let bots and clocks run.

        On PostgreSQL nothing is loaded up front: the lease sweep takes the tables
        that no process holds, and a client's first request loads its table."""
        self.purger = asyncio.create_task(chat.purger(self))
        if self.multi:
            self.bus.start()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.bus.ready.wait(), 10.0)
            self.leases.start()
            return
        stored = await self.dbx.read(self.store.load_open)
        for st in stored:
            try:
                table = self._rebuild(st)
            except Exception:  # a game no longer installed or changed: keep the rest
                log.exception("table %s does not replay; skipped", st.row["id"])
                continue
            self.seating.index(table)
            self.tables[table.id] = table
        for table in self.tables.values():
            if table.st.is_terminal:
                g = table.game_no
                row = next(x for x in stored if x.row["id"] == table.id).games[-1]
                if row["finished"] is None:
                    await self.dbx.tx(self.store.finish_game, table.id, table.seq + 1, g)
                    table.seq += 1
            table.scheduler.schedule()

    def _rebuild(self, st: StoredTable) -> LiveTable:
        seats = [
            Seat(
                kind=r["kind"],
                level=r["level"],
                name=r["name"],
                status=r["status"],
                token_hash=r["token_hash"],
                invite_hash=r["invite_hash"],
                zombie=bool(r["zombie"]),
                profile_id=r.get("profile_id"),
                former=bool(r.get("former")),
            )
            for r in st.seats
        ]
        table = LiveTable(self, st.row, seats)
        sid = 0
        for g in st.games:
            deck = json.loads(g["deck"]) if g.get("deck") else None
            table.begin_game(g["game_no"], int(g["seed"]), json.loads(g["options"]), deck)
            if g is not st.games[0]:
                sid += 1  # starting another game is a change too
            sid += int(g.get("undos") or 0)  # undos and the actions they took back
            for a in st.actions.get(g["game_no"], []):
                table.st.apply(a["action"])
                sid += 1
            if g is not st.games[-1]:
                table.past.append(table.summary_of_current())
        table.state_id = sid
        table.seq = st.seq
        chat.load(table, st.chat)
        # On a multi-process site the turn began when the last action (or the game)
        # was stored, by whichever process: one that takes the table over keeps the
        # clock's deadline. A single server restarted gives the player a fresh clock
        # (nobody could move while it was down).
        current = st.games[-1] if st.games and self.multi else None
        if current is not None:
            acts = st.actions.get(current["game_no"], [])
            began = acts[-1]["at"] if acts else current.get("started")
            if began is not None:
                table.turn_started = since_wall(float(began))
        return table

    async def stop(self) -> None:
        """Stop background work (the database already holds everything)."""
        if self.purger is not None:
            self.purger.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.purger
        if self.multi:
            await self.leases.stop()
            await self.bus.stop()
        for t in self.tables.values():
            t.scheduler.stop()
        self.workers.shutdown()
        await self.dbx.close()

    # -- lookups ---------------------------------------------------------------------------------
    def runs(self, table: LiveTable) -> bool:
        """Whether this process runs ``table``'s bots and clock (holds its lease)."""
        return not self.multi or table.id in self.leases.held

    async def ensure(self, table_id: str) -> LiveTable | None:
        """The live table ``table_id``, loaded from the database if another process
        created it (multi-process sites); ``None`` if there is no such open table."""
        t = self.tables.get(table_id)
        if t is not None or not self.multi or len(table_id) > 32:
            return t
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            t = self.tables.get(table_id)
            if t is not None:
                return t
            st = await self.dbx.read(self.store.load_table, table_id)
            if st is None or st.row["closed"]:
                return None
            try:
                t = self._rebuild(st)
            except Exception:
                log.exception("table %s does not replay", table_id)
                return None
            self.seating.index(t)
            self.tables[table_id] = t
        self._loading.pop(table_id, None)
        async with t.lock:  # events committed while it loaded
            from pakka.server.bus import catch_up

            await catch_up(t)
        return t

    def table(self, table_id: str) -> LiveTable:
        """The live table ``table_id`` (404 if unknown or closed)."""
        t = self.tables.get(table_id)
        if t is None:
            raise ApiError(404, "not_found", "no such table", key="error.no_table")
        return t

    def rate_ok(self, addr: str) -> bool:
        """Whether ``addr`` may create another table now."""
        now = time.monotonic()
        recent = [t for t in self.create_log.get(addr, []) if now - t < 60.0]
        if len(recent) >= self.settings.create_per_minute:
            self.create_log[addr] = recent
            return False
        recent.append(now)
        self.create_log[addr] = recent
        if len(self.create_log) > 10_000:
            self.create_log = {addr: recent}
        return True

    # -- HTTP operations -------------------------------------------------------------------------
    async def create_table(
        self, req: Any, addr: str, profile_id: str | None = None
    ) -> dict[str, Any]:
        """Create a table and its first game; return the credentials (shown once). The
        seats the creator takes (``take_seat``, or every seat of a hot-seat table) are
        bound to the creator's profile ``profile_id``, if given."""
        per_min = self.settings.create_per_minute
        if self.multi:  # the site's one bucket per address, in the database
            ok = await self.dbx.tx(rates.take, f"create:{addr}", per_min / 60.0, per_min)
        else:
            ok = self.rate_ok(addr)
        if not ok:
            raise ApiError(429, "rate_limited", "too many tables created; wait a minute")
        if req.game not in pakka.games():
            raise ApiError(
                400,
                "bad_request",
                f"no game {req.game!r}; the games are: " + ", ".join(pakka.games()),
            )
        if (req.deck is not None or req.setup) and not self.settings.allow_stacked_decks:
            raise ApiError(
                403,
                "forbidden",
                "'deck' and 'setup' are for tests only; this server deals every game "
                "from a secret shuffle",
            )
        try:
            game = pakka.load(req.game, players=req.players, **req.options)
        except PakkaError as e:
            # An option error with a key says what is allowed in the reader's language.
            why = reason_message(e)
            if why is None:
                raise ApiError(400, "bad_request", str(e)) from None
            raise ApiError(400, "bad_request", str(e), key="error.bad_option", reason=why) from None
        n = game.num_players
        specs = req.seats or [None] * n
        if len(specs) != n:
            raise ApiError(
                400, "bad_request", f"seats: give exactly {n} entries", key="error.seat_count", n=n
            )
        if getattr(req, "rated", False):
            await self._check_rated(req, game, specs, profile_id)
        if req.take_seat is not None and (
            req.take_seat >= n or (specs[req.take_seat] and specs[req.take_seat].kind != HUMAN)
        ):
            raise ApiError(
                400, "bad_request", "take_seat must name a human seat", key="error.take_seat"
            )
        table_id = secrets.token_urlsafe(12)
        admin, watch = new_secret(), new_secret()
        seats: list[Seat] = []
        seat_tokens: dict[str, str] = {}
        invites: list[dict[str, Any]] = []
        for i, spec in enumerate(specs):
            if spec is not None and spec.kind == BOT:
                level = spec.level or "medium"
                # No name unless given: the client names the bot in the reader's language.
                seats.append(Seat(BOT, level, spec.name, BOTSEAT))
                continue
            name = spec.name if spec is not None else None
            if req.hotseat or req.take_seat == i:
                tok = new_secret()
                seat_tokens[str(i)] = tok
                seats.append(
                    Seat(HUMAN, None, name, CLAIMED, token_hash=digest(tok), profile_id=profile_id)
                )
            else:
                code = new_secret()
                invites.append({"seat": i, "code": code, "url": f"/#invite={code}"})
                seats.append(Seat(HUMAN, None, name, OPEN, invite_hash=digest(code)))
        seed = secrets.randbits(63)
        options = options_to_json(game.options)
        setup_rows = self._setup(game, seed, req.deck, req.setup or [], table_id)
        row = {
            "id": table_id,
            "name": req.name or game.title.get("en", req.game),
            "game": req.game,
            "players": n,
            "options": json.dumps(options),
            "listed": req.listed,
            "hotseat": req.hotseat,
            "rated": bool(getattr(req, "rated", False)),
            "clock": req.clock,
            "admin_hash": digest(admin),
            "watch_hash": digest(watch),
            "created": time.time(),
            "closed": False,
        }
        seat_rows = [
            {
                "table_id": table_id,
                "seat": i,
                "kind": s.kind,
                "level": s.level,
                "name": s.name,
                "status": s.status,
                "token_hash": s.token_hash,
                "invite_hash": s.invite_hash,
                "zombie": s.zombie,
                "profile_id": s.profile_id,
            }
            for i, s in enumerate(seats)
        ]
        game_row = {
            "table_id": table_id,
            "game_no": 1,
            "seed": seed,
            "options": json.dumps(options),
            "started": time.time(),
            "deck": None if req.deck is None else json.dumps(req.deck),
        }
        seq = await self.dbx.tx(self.store.create_table, row, seat_rows, game_row, setup_rows)
        table = LiveTable(self, row, seats)
        table.seq = seq
        table.begin_game(1, seed, options, req.deck)
        for a in setup_rows:
            table.st.apply(a["action"])
        table.state_id = len(setup_rows)
        if table.st.is_terminal:
            await self.dbx.tx(self.store.finish_game, table_id, table.seq + 1, 1)
            table.seq += 1
        self.tables[table_id] = table
        self.seating.index(table)
        if self.multi:
            await self.leases.acquire(table_id)
        async with table.lock:
            table.scheduler.schedule()
        return {
            "table_id": table_id,
            "admin_token": admin,
            "seat_tokens": seat_tokens,
            "invites": invites,
            "spectator": {"code": watch, "url": f"/#table={table_id}&watch={watch}"},
            "table": table.summary(),
        }

    async def _check_rated(
        self, req: Any, game: Game[Any], specs: list[Any], profile_id: str | None
    ) -> None:
        """Refuse (400 ``not_rated``, with the first reason in words) a rated table that
        cannot be rated (:func:`pakka.ratings.refusals`). The seats the creator takes
        need an account now; invited seats are checked when they are claimed."""
        creator: Profile | None = None
        if profile_id is not None:
            creator = await self.dbx.read(profiles.get, profile_id)
        creator_account = creator is not None and not creator.guest
        facts = []
        for i, spec in enumerate(specs):
            if spec is not None and spec.kind == BOT:
                facts.append(SeatFacts(bot=True, account=False))
            elif req.hotseat or req.take_seat == i:
                facts.append(SeatFacts(account=creator_account))
            else:
                facts.append(SeatFacts())  # checked at the claim
        why = refusals(game.name, game.num_players, req.options, facts, hotseat=bool(req.hotseat))
        if why:
            english = MESSAGES["en"][why[0]]
            raise ApiError(
                400,
                "not_rated",
                f"this table cannot be rated: {english}",
                reason={"key": why[0], "args": {}},
                reasons=why,
            )

    def _setup(
        self,
        game: Game[Any],
        seed: int,
        deck: list[str] | None,
        setup: list[str],
        table_id: str,
    ) -> list[dict[str, Any]]:
        """Check a testing server's stacked deck and set-up actions (400 with the
        engine's reason if they do not play); the action rows to store."""
        try:
            state = game.new_state(seed=seed, deck=deck)
        except PakkaError as e:
            raise ApiError(400, "bad_request", f"deck: {e}") from None
        rows = []
        for i, text in enumerate(setup):
            seat = state.current_player
            if seat is None:
                raise ApiError(400, "bad_request", f"setup action {i + 1}: the game is over")
            try:
                act = state.parse_action(text)
            except PakkaError as e:
                raise ApiError(
                    400, "bad_request", f"setup action {i + 1} ({text!r}): {e}"
                ) from None
            state.apply_legal(act)
            rows.append(
                {
                    "table_id": table_id,
                    "game_no": 1,
                    "idx": i,
                    "action": str(act),
                    "seat": seat,
                    "by": "setup",
                    "at": time.time(),
                }
            )
        return rows

    async def close(self, table_id: str, token: str | None) -> None:
        """Close a table: clients are told, bots stop, it leaves the lists."""
        table = self.table(table_id)
        self.seating.check_admin(table, token)
        async with table.lock:
            await table.append(self.store.close_table, table.id, table.seq + 1)
            table.closed = True
            table.scheduler.stop()
            table.broadcast_table()
            chat.release(table)

    async def play_again(self, table: LiveTable, game_no: int) -> None:
        """Start the next game if game ``game_no`` is the current one and over
        (raises :class:`ApiError` 409 otherwise; call under the lock)."""
        if table.closed:
            raise ApiError(409, "conflict", "the table is closed", key="error.closed")
        if game_no != table.game_no:
            raise ApiError(
                409,
                "stale_state",
                f"game {game_no} is not the current game ({table.game_no})",
                key="error.stale_game",
                game_no=game_no,
                current=table.game_no,
            )
        if not table.st.is_terminal:
            raise ApiError(409, "not_over", "the game is not over yet")
        await table.next_game()

    async def record(self, table_id: str, game_no: int) -> Record:
        """The record of a finished game (409 before it is over)."""
        stored = await self.dbx.read(self.store.load_table, table_id)
        if stored is None:
            raise ApiError(404, "not_found", "no such table", key="error.no_table")
        g = next((g for g in stored.games if g["game_no"] == game_no), None)
        if g is None:
            raise ApiError(404, "not_found", "no such game", key="error.no_game_no")
        live = self.tables.get(table_id)
        finished = g["finished"] is not None or (
            live is not None and live.game_no == game_no and live.st.is_terminal
        )
        if not finished:
            raise ApiError(
                409, "conflict", "a record is available once the game is over", key="error.not_over"
            )
        return Record(
            game=stored.row["game"],
            players=stored.row["players"],
            options=json.loads(g["options"]),
            seed=int(g["seed"]),
            deck=json.loads(g["deck"]) if g.get("deck") else None,
            actions=[a["action"] for a in stored.actions.get(game_no, [])],
            names=[
                FORMER_PLAYER if s.get("former") else (s["name"] or f"Seat {s['seat']}")
                for s in stored.seats
            ],
        )
