"""The live tables: seats, connections, bots, clocks, and the path of an action.

The shape follows apologies-server: the engine knows nothing of the network;
under one lock per table the hub checks a message, commits the change to the
database, applies it to the state, and queues one frame per connection built
only from ``State.view(seat)`` and ``State.log_for(seat)``; writer tasks send
the frames after the lock is released.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import random
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import pakka
from pakka.bots import make_bot
from pakka.bots.base import Bot, SeatHandle
from pakka.core.errors import PakkaError
from pakka.core.game import Game, State
from pakka.core.options import options_to_json
from pakka.core.record import Record, undone
from pakka.server.config import Settings
from pakka.server.connection import Connection
from pakka.server.errors import ApiError
from pakka.server.seats import BOT, BOTSEAT, CLAIMED, HUMAN, LEFT, OPEN, Seat, digest, new_secret
from pakka.server.store import Store, StoredTable
from pakka.server.undo import reveals_hidden, undo_refusal

log = logging.getLogger("pakka.server")

T = TypeVar("T")


@functools.lru_cache(maxsize=256)
def _load_cached(name: str, players: int, options_json: str) -> Game[Any]:
    return pakka.load(name, players=players, **json.loads(options_json))


def load_game(name: str, players: int, options: dict[str, Any]) -> Game[Any]:
    """The game's rules object, shared by all tables with the same settings (a
    :class:`Game` holds only rules and precomputed tables, never a position)."""
    return _load_cached(name, players, json.dumps(options, sort_keys=True))


def next_game_options(state: State[Any], options: dict[str, Any]) -> dict[str, Any]:
    """The options of the game that follows ``state`` at the same table.

    In a match the deal passes left (e.g. D-KM-8). A game says how through an
    optional ``Game.next_game_options(state) -> dict`` hook; without one, an
    integer option named ``dealer`` moves to the next seat; otherwise the next
    game starts like the first.
    """
    game = state.game
    hook = getattr(game, "next_game_options", None)
    if callable(hook):
        changed = hook(state)
        return options_to_json(dict(options) | dict(changed))
    out = dict(options)
    spec = {o.name: o for o in game.option_specs}.get("dealer")
    if spec is not None and spec.kind == "int":
        out["dealer"] = (int(out.get("dealer", 0)) + 1) % game.num_players
    return out


def choose_in_worker(state: State[Any], seat: int, level: str, seed: int) -> str:
    """Worker-process entry: the chosen action's notation for ``seat`` at ``level``."""
    bot = make_bot(state.game, level, seed=seed & 0xFFFFFFFF)
    return str(bot.choose(SeatHandle(state, seat, random.Random(seed))))


@dataclass
class GameSummary:
    """One game of a table, as listed publicly."""

    game_no: int
    finished: bool
    moves: int
    winners: list[int]
    scores: list[int]

    def to_json(self) -> dict[str, Any]:
        """As shown in the table summary."""
        return {
            "game_no": self.game_no,
            "finished": self.finished,
            "moves": self.moves,
            "winners": self.winners,
            "scores": self.scores,
        }


class LiveTable:
    """A table in memory: its seats, the current game's state and its clients."""

    def __init__(self, hub: Hub, row: dict[str, Any], seats: list[Seat]) -> None:
        self.hub = hub
        self.id: str = row["id"]
        self.name: str = row["name"]
        self.game_name: str = row["game"]
        self.players: int = row["players"]
        self.options: dict[str, Any] = json.loads(row["options"])
        self.listed: bool = bool(row["listed"])
        self.hotseat: bool = bool(row["hotseat"])
        self.clock: int | None = row["clock"]
        self.admin_hash: str = row["admin_hash"]
        self.watch_hash: str = row["watch_hash"]
        self.created: float = row["created"]
        self.closed = bool(row.get("closed", False))
        self.seats = seats
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.game_no = 0
        self.game: Game[Any] | None = None
        self.state: State[Any] | None = None
        self.state_id = 0
        self.past: list[GameSummary] = []
        self.bots: dict[tuple[int, str], Bot] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.clock_task: asyncio.Task[None] | None = None
        self.turn_started = time.monotonic()
        self.timed_out: set[int] = set()
        self.deck: list[str] | None = None
        self._undo_ok: tuple[int, bool] | None = None
        self._before_last: State[Any] | None = None  # one-player tables: for the undo check

    # -- the game ------------------------------------------------------------------------
    @property
    def st(self) -> State[Any]:
        """The current game's state."""
        assert self.state is not None
        return self.state

    def begin_game(
        self, game_no: int, seed: int, options: dict[str, Any], deck: list[str] | None = None
    ) -> None:
        """Make the state of game ``game_no`` (before replaying its actions); ``deck``
        is a stacked deal (testing servers only)."""
        self.game_no = game_no
        self.game = load_game(self.game_name, self.players, options)
        self.state = self.game.new_state(seed=seed, deck=deck)
        self.deck = deck
        self._before_last = None
        self.options = options
        self.bots.clear()
        self.turn_started = time.monotonic()

    def summary_of_current(self) -> GameSummary:
        """The current game as listed."""
        s = self.st
        return GameSummary(self.game_no, s.is_terminal, len(s.history), s.winners, s.scores)

    def connected(self, seat: int) -> bool:
        """Whether some client holding ``seat`` is online."""
        return any(seat in c.seats for c in self.conns)

    def summary(self) -> dict[str, Any]:
        """The public table summary (no credentials, no hidden information)."""
        s = self.st
        return {
            "table_id": self.id,
            "name": self.name,
            "game": self.game_name,
            "players": self.players,
            "options": options_to_json(self.game.options) if self.game else self.options,
            "listed": self.listed,
            "hotseat": self.hotseat,
            "clock": self.clock,
            "closed": self.closed,
            "game_no": self.game_no,
            "state_id": self.state_id,
            "is_terminal": s.is_terminal,
            "current_player": s.current_player,
            "seats": [
                {
                    "seat": i,
                    "name": seat.name,
                    "kind": seat.kind,
                    "status": seat.status,
                    "zombie": seat.zombie,
                    "connected": seat.kind == BOT or self.connected(i),
                }
                for i, seat in enumerate(self.seats)
            ],
            "games": [g.to_json() for g in [*self.past, self.summary_of_current()]],
        }

    def free_seats(self) -> list[int]:
        """Human seats nobody holds (never claimed, or left)."""
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN and s.status in (OPEN, LEFT)]

    # -- frames ----------------------------------------------------------------------------
    def state_frame(
        self,
        conn: Connection,
        seat: int | None,
        cache: dict[int | None, tuple[dict[str, Any], list[dict[str, Any]]]],
        last: dict[str, Any] | None,
        table: dict[str, Any] | None,
        full: bool = False,
    ) -> dict[str, Any]:
        """The ``state`` frame for ``seat`` on ``conn``: built from ``view(seat)`` only."""
        s = self.st
        if seat not in cache:
            view = s.view(seat)
            visible = view.pop("log")
            cache[seat] = (view, visible)
        view, visible = cache[seat]
        start = 0 if full else min(conn.log_pos.get(seat, 0), len(visible))
        conn.log_pos[seat] = len(visible)
        cp = s.current_player
        human_turn = cp is not None and cp == seat and not self.seats[cp].bot_controlled
        clock = None
        if self.clock and cp is not None and not self.seats[cp].bot_controlled:
            remaining = max(0.0, self.clock - (time.monotonic() - self.turn_started))
            clock = {"seat": cp, "seconds": self.clock, "remaining": round(remaining, 1)}
        shown_last = None
        if last is not None and (type(s).public_history or last["seat"] == seat):
            shown_last = last
        can_undo = seat is not None and self.players == 1 and self.can_undo(seat)
        return {
            "type": "state",
            "table_id": self.id,
            "game_no": self.game_no,
            "state_id": self.state_id,
            "seat": seat,
            "view": view,
            "legal": [str(a) for a in s.legal_actions()] if human_turn else [],
            "log_index": start,
            "log": visible[start:],
            "last_action": shown_last,
            "clock": clock,
            "undo": can_undo,
            "table": table,
        }

    def broadcast(
        self, last: dict[str, Any] | None = None, table: bool = False, full: bool = False
    ) -> None:
        """Queue a state frame for every seat of every client (call under the lock)."""
        cache: dict[int | None, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        summary = self.summary() if table else None
        for conn in list(self.conns):
            for seat in conn.view_seats:
                conn.send(self.state_frame(conn, seat, cache, last, summary, full))

    def broadcast_table(self) -> None:
        """Tell every client about a seat change (no state change)."""
        frame = json.dumps({"type": "table", "table": self.summary()}, separators=(",", ":"))
        for conn in list(self.conns):
            conn.send(frame)

    def welcome(self, conn: Connection) -> None:
        """Greet a (re)authorised connection: who it is here, the table, the full state."""
        conn.send(
            {
                "type": "welcome",
                "table_id": self.id,
                "seats": conn.seats,
                "spectator": conn.spectator,
                "table": self.summary(),
            }
        )
        self.send_state(conn, full=True)

    def send_state(self, conn: Connection, full: bool = False) -> None:
        """A fresh state frame for each seat of one client."""
        cache: dict[int | None, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        for seat in conn.view_seats:
            conn.send(self.state_frame(conn, seat, cache, None, None, full))

    # -- changes ---------------------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """Whether the single player may take back the last action now (cached per state)."""
        if self._undo_ok is not None and self._undo_ok[0] == self.state_id:
            return self._undo_ok[1]
        s = self.st
        try:
            ok = (
                not self.closed
                and not s.is_terminal
                and not self.seats[seat].bot_controlled
                and not self._last_reveals(seat)
            )
        except Exception:  # a game that cannot sample or replay: no undo offered
            log.exception("undo check failed at table %s", self.id)
            ok = False
        self._undo_ok = (self.state_id, ok)
        return ok

    def _last_reveals(self, seat: int) -> bool:
        """Whether the last action cannot be taken back (nothing to take back, or it
        showed hidden cards); uses the state kept from before it when there is one."""
        s = self.st
        before = self._before_last
        if before is not None and len(before.history) == len(s.history) - 1:
            return reveals_hidden(before, s.history[-1], seat)
        return undo_refusal(s, 1, seat) is not None

    async def undo(self, seat: int, count: int) -> None:
        """Take back the last ``count`` actions of a one-player game (call under the
        lock; raises :class:`ApiError` with the reason when it is refused).

        The state is rebuilt by replay (:func:`pakka.core.record.undone`), the
        taken-back actions are deleted from the store, and the seat gets a full
        frame built from its view only: nothing about the stock leaves the server.
        """
        s = self.st
        if self.players != 1:
            raise ApiError(
                409,
                "no_undo",
                f"undo is only for one-player games; this table has {self.players} players",
            )
        if self.closed or s.is_terminal:
            raise ApiError(409, "game_over", "the game is over; undo is for a game in play")
        why = undo_refusal(s, count, seat)
        if why is not None:
            raise ApiError(409, "no_undo", why)
        again = undone(s, count)
        await self.hub.db(
            self.hub.store.undo_actions, self.id, self.game_no, len(again.history), count + 1
        )
        self.state = again
        self._before_last = None
        self.state_id += 1  # the taken-back actions keep their ids: ids never repeat
        self.turn_started = time.monotonic()
        self.bots.clear()
        self.broadcast(full=True)
        self.schedule()

    async def commit_action(self, text: str, seat: int, by: str) -> None:
        """Check, store, apply and broadcast one action (call under the lock).

        Raises :class:`IllegalAction` (nothing changed) when ``text`` is not legal.
        """
        s = self.st
        act = s.parse_action(text)
        canonical = str(act)
        await self.hub.db(
            self.hub.store.add_action, self.id, self.game_no, len(s.history), canonical, seat, by
        )
        # One-player tables keep the position before the move for the undo check.
        self._before_last = s.clone() if self.players == 1 else None
        s.apply_legal(act)
        self.state_id += 1
        self.turn_started = time.monotonic()
        if s.is_terminal:
            await self.hub.db(self.hub.store.finish_game, self.id, self.game_no)
        self.broadcast(last={"seat": seat, "action": canonical, "by": by})
        self.schedule()

    async def set_seat(self, seat: int, **values: Any) -> None:
        """Store and apply a seat change (call under the lock)."""
        await self.hub.db(self.hub.store.update_seat, self.id, seat, **values)
        for k, v in values.items():
            setattr(self.seats[seat], k, v)

    async def next_game(self) -> None:
        """Start the next game at this table (call under the lock, game over)."""
        options = next_game_options(self.st, self.options)
        seed = secrets.randbits(63)
        self.past.append(self.summary_of_current())
        # A stacked deck (testing servers) deals only the first game; later games shuffle.
        await self.hub.db(self.hub.store.start_game, self.id, self.game_no + 1, seed, options)
        self.begin_game(self.game_no + 1, seed, options)
        self.state_id += 1
        for conn in self.conns:
            conn.log_pos.clear()
        self.broadcast(table=True, full=True)
        self.schedule()

    # -- bots and clock --------------------------------------------------------------------
    def schedule(self) -> None:
        """Start a bot move or the move clock if the seat to act needs one."""
        if self.closed or self.state is None:
            return
        cp = self.st.current_player
        if cp is None:
            return
        seat = self.seats[cp]
        if seat.bot_controlled:
            if self.bot_task is None or self.bot_task.done():
                by = (
                    "timeout" if cp in self.timed_out else ("bot" if seat.kind == BOT else "zombie")
                )
                pause = 0.0 if by == "timeout" else self.hub.settings.bot_pause
                self.bot_task = asyncio.create_task(self.bot_move(self.state_id, cp, by, pause))
        elif self.clock:
            if self.clock_task is not None and not self.clock_task.done():
                self.clock_task.cancel()
            self.clock_task = asyncio.create_task(self.clock_expiry(self.state_id, cp))

    def bot_level(self, seat: int) -> str:
        """The level of the bot that plays ``seat`` now."""
        s = self.seats[seat]
        return s.level or ("medium" if s.kind == BOT else "easy")

    def bot_for(self, seat: int) -> Bot:
        """The bot that plays ``seat`` (made once per game and level)."""
        level = self.bot_level(seat)
        key = (seat, level)
        if key not in self.bots:
            assert self.game is not None
            self.bots[key] = make_bot(self.game, level, seed=secrets.randbits(32))
        return self.bots[key]

    async def bot_move(self, sid: int, seat: int, by: str, pause: float) -> None:
        """Let the bot choose (in a worker thread) and play for ``seat``."""
        try:
            if pause > 0:
                await asyncio.sleep(pause)
            async with self.lock:
                if self.state_id != sid or not self.seats[seat].bot_controlled:
                    return
                sample = self.st.clone()
                level = self.bot_level(seat)
                bot = None if self.hub.bot_processes else self.bot_for(seat)
            if bot is None:
                text = await self.hub.in_bot_process(sample, seat, level)
            else:
                rng = random.Random(secrets.randbits(64))
                chosen = bot
                text = await self.hub.in_bot_thread(
                    lambda: str(chosen.choose(SeatHandle(sample, seat, rng)))
                )
            async with self.lock:
                self.timed_out.discard(seat)
                if self.state_id != sid or not self.seats[seat].bot_controlled:
                    return
                await self.commit_action(text, seat, by)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot move failed at table %s", self.id)
            await asyncio.sleep(1.0)  # do not spin on a failing bot
        finally:
            if asyncio.current_task() is self.bot_task:
                self.bot_task = None
            if not self.closed:
                self.schedule_soon()

    def schedule_soon(self) -> None:
        """Run :meth:`schedule` once the current task is done with the table."""
        asyncio.get_running_loop().call_soon(self._schedule_if_idle)

    def _schedule_if_idle(self) -> None:
        if self.bot_task is None or self.bot_task.done():
            self.schedule()

    async def clock_expiry(self, sid: int, seat: int) -> None:
        """On timeout the bot moves for the player and the seat becomes a zombie."""
        assert self.clock is not None
        await asyncio.sleep(max(0.0, self.clock - (time.monotonic() - self.turn_started)))
        async with self.lock:
            if self.state_id != sid or self.seats[seat].bot_controlled:
                return
            self.timed_out.add(seat)
            await self.set_seat(seat, zombie=True)
            self.broadcast_table()
            self.schedule()

    def stop(self) -> None:
        """Cancel this table's background tasks."""
        for t in (self.bot_task, self.clock_task):
            if t is not None:
                t.cancel()


class Hub:
    """Every live table, the credential indexes, the database thread and the bot threads."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self.tokens: dict[str, tuple[str, int]] = {}
        self.invites: dict[str, tuple[str, int]] = {}
        self.db_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pakka-db")
        self.bot_processes = settings.bot_workers == "process"
        self.bot_pool: Executor
        if self.bot_processes:
            self.bot_pool = ProcessPoolExecutor(max_workers=max(1, settings.bot_threads))
        else:
            self.bot_pool = ThreadPoolExecutor(
                max_workers=max(1, settings.bot_threads), thread_name_prefix="pakka-bot"
            )
        self.create_log: dict[str, list[float]] = {}
        self.inline_db = store.engine.dialect.name == "sqlite"

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking database call: inline for SQLite (a WAL commit is one
        write without fsync, cheaper than a thread hop), else on the database thread."""
        if self.inline_db:
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, lambda: fn(*args, **kwargs))

    async def in_bot_process(self, state: State[Any], seat: int, level: str) -> str:
        """Run a bot's search in a worker process (the state travels pickled; the
        bot there sees only a :class:`SeatHandle`)."""
        return await asyncio.get_running_loop().run_in_executor(
            self.bot_pool, choose_in_worker, state, seat, level, secrets.randbits(64)
        )

    async def in_bot_thread(self, fn: Callable[[], T]) -> T:
        """Run a bot's search on a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self.bot_pool, fn)

    # -- start and stop ------------------------------------------------------------------------
    async def start(self) -> None:
        """Load every open table by replaying its record, then let bots and clocks run."""
        stored = await self.db(self.store.load_open)
        for st in stored:
            try:
                table = self._rebuild(st)
            except Exception:  # a game no longer installed or changed: keep the rest
                log.exception("table %s does not replay; skipped", st.row["id"])
                continue
            self._index(table)
            self.tables[table.id] = table
        for table in self.tables.values():
            if table.st.is_terminal:
                g = table.game_no
                row = next(x for x in stored if x.row["id"] == table.id).games[-1]
                if row["finished"] is None:
                    await self.db(self.store.finish_game, table.id, g)
            table.schedule()

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
        return table

    def _index(self, table: LiveTable) -> None:
        for i, s in enumerate(table.seats):
            if s.token_hash:
                self.tokens[s.token_hash] = (table.id, i)
            if s.invite_hash:
                self.invites[s.invite_hash] = (table.id, i)

    async def stop(self) -> None:
        """Stop background work (the database already holds everything)."""
        for t in self.tables.values():
            t.stop()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)

    # -- lookups ---------------------------------------------------------------------------------
    def table(self, table_id: str) -> LiveTable:
        """The live table ``table_id`` (404 if unknown or closed)."""
        t = self.tables.get(table_id)
        if t is None:
            raise ApiError(404, "not_found", "no such table")
        return t

    def seat_of(self, token: str | None, table: LiveTable | None = None) -> tuple[LiveTable, int]:
        """The table and seat that ``token`` holds (401 if none)."""
        hit = self.tokens.get(digest(token)) if token else None
        if hit is None or (table is not None and hit[0] != table.id):
            raise ApiError(401, "unauthorized", "this token holds no seat here")
        return self.table(hit[0]), hit[1]

    def check_admin(self, table: LiveTable, token: str | None) -> None:
        """401 unless ``token`` is the table's admin token."""
        if not token or not secrets.compare_digest(digest(token), table.admin_hash):
            raise ApiError(401, "unauthorized", "the creator's admin token is required")

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
    async def create_table(self, req: Any, addr: str) -> dict[str, Any]:
        """Create a table and its first game; return the credentials (shown once)."""
        if not self.rate_ok(addr):
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
            raise ApiError(400, "bad_request", str(e)) from None
        n = game.num_players
        specs = req.seats or [None] * n
        if len(specs) != n:
            raise ApiError(400, "bad_request", f"seats: give exactly {n} entries")
        if req.take_seat is not None and (
            req.take_seat >= n or (specs[req.take_seat] and specs[req.take_seat].kind != HUMAN)
        ):
            raise ApiError(400, "bad_request", "take_seat must name a human seat")
        table_id = secrets.token_urlsafe(12)
        admin, watch = new_secret(), new_secret()
        seats: list[Seat] = []
        seat_tokens: dict[str, str] = {}
        invites: list[dict[str, Any]] = []
        for i, spec in enumerate(specs):
            if spec is not None and spec.kind == BOT:
                level = spec.level or "medium"
                seats.append(Seat(BOT, level, spec.name or f"Bot ({level})", BOTSEAT))
                continue
            name = spec.name if spec is not None else None
            if req.hotseat or req.take_seat == i:
                tok = new_secret()
                seat_tokens[str(i)] = tok
                seats.append(Seat(HUMAN, None, name, CLAIMED, token_hash=digest(tok)))
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
        await self.db(self.store.create_table, row, seat_rows, game_row, setup_rows)
        table = LiveTable(self, row, seats)
        table.begin_game(1, seed, options, req.deck)
        for a in setup_rows:
            table.st.apply(a["action"])
        table.state_id = len(setup_rows)
        if table.st.is_terminal:
            await self.db(self.store.finish_game, table_id, 1)
        self.tables[table_id] = table
        self._index(table)
        async with table.lock:
            table.schedule()
        return {
            "table_id": table_id,
            "admin_token": admin,
            "seat_tokens": seat_tokens,
            "invites": invites,
            "spectator": {"code": watch, "url": f"/#table={table_id}&watch={watch}"},
            "table": table.summary(),
        }

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

    async def _give_seat(self, table: LiveTable, seat: int, name: str | None) -> str:
        """Hand a free seat to a new holder; returns their token (call under the lock)."""
        s = table.seats[seat]
        if s.invite_hash:
            self.invites.pop(s.invite_hash, None)
        if s.token_hash:
            self.tokens.pop(s.token_hash, None)
        tok = new_secret()
        h = digest(tok)
        await table.set_seat(
            seat,
            status=CLAIMED,
            token_hash=h,
            invite_hash=None,
            zombie=False,
            name=name or s.name,
        )
        table.timed_out.discard(seat)
        self.tokens[h] = (table.id, seat)
        table.broadcast(table=True)
        table.schedule()
        return tok

    async def claim(self, code: str, name: str | None) -> dict[str, Any]:
        """Open an invite link: the first claim receives the seat's token."""
        hit = self.invites.get(digest(code))
        if hit is None:
            raise ApiError(410, "invite_used", "this invite link was used or revoked")
        table = self.table(hit[0])
        async with table.lock:
            s = table.seats[hit[1]]
            if s.invite_hash != digest(code):
                raise ApiError(410, "invite_used", "this invite link was used or revoked")
            tok = await self._give_seat(table, hit[1], name)
        return {"table_id": table.id, "seat": hit[1], "token": tok}

    async def join(self, table_id: str, seat: int | None, name: str | None) -> dict[str, Any]:
        """Take a free seat of a listed table."""
        table = self.table(table_id)
        if not table.listed or table.closed:
            raise ApiError(403, "forbidden", "this table takes players by invite only")
        async with table.lock:
            free = table.free_seats()
            if seat is None:
                if not free:
                    raise ApiError(409, "conflict", "no free seat")
                seat = free[0]
            if seat not in free:
                raise ApiError(409, "conflict", f"seat {seat} is not free; free: {free}")
            tok = await self._give_seat(table, seat, name)
        return {"table_id": table.id, "seat": seat, "token": tok}

    async def leave(self, table_id: str, token: str | None) -> None:
        """Give up a seat: its token stops working and a bot plays on for it."""
        table = self.table(table_id)
        _, seat = self.seat_of(token, table)
        async with table.lock:
            s = table.seats[seat]
            if s.token_hash:
                self.tokens.pop(s.token_hash, None)
            await table.set_seat(seat, status=LEFT, token_hash=None, zombie=True, level="easy")
            for conn in list(table.conns):
                if seat in conn.seats:
                    conn.seats.remove(seat)
                    conn.log_pos.pop(seat, None)
            table.broadcast_table()
            table.schedule()

    async def reissue(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        """Revoke a seat's link (and abandoned holder) and issue a new invite."""
        table = self.table(table_id)
        self.check_admin(table, token)
        async with table.lock:
            s = self._human_seat(table, seat)
            if not (s.status in (OPEN, LEFT) or (s.status == CLAIMED and s.zombie)):
                raise ApiError(
                    409, "conflict", "only an unclaimed or abandoned seat gets a new link"
                )
            if s.invite_hash:
                self.invites.pop(s.invite_hash, None)
            if s.token_hash:
                self.tokens.pop(s.token_hash, None)
                self._drop_seat_from_conns(table, seat)
            code = new_secret()
            status = OPEN if s.status == CLAIMED else s.status
            await table.set_seat(seat, invite_hash=digest(code), token_hash=None, status=status)
            self.invites[digest(code)] = (table.id, seat)
            table.broadcast_table()
        return {"seat": seat, "code": code, "url": f"/#invite={code}"}

    def _drop_seat_from_conns(self, table: LiveTable, seat: int) -> None:
        for conn in list(table.conns):
            if seat in conn.seats:
                conn.seats.remove(seat)
                conn.log_pos.pop(seat, None)

    def _human_seat(self, table: LiveTable, seat: int) -> Seat:
        if not 0 <= seat < len(table.seats):
            raise ApiError(404, "not_found", "no such seat")
        s = table.seats[seat]
        if s.kind != HUMAN:
            raise ApiError(409, "conflict", "that is a bot seat")
        return s

    async def revoke(self, table_id: str, seat: int, token: str | None) -> None:
        """Revoke a seat's outstanding invite link."""
        table = self.table(table_id)
        self.check_admin(table, token)
        async with table.lock:
            s = self._human_seat(table, seat)
            if s.invite_hash:
                self.invites.pop(s.invite_hash, None)
                await table.set_seat(seat, invite_hash=None)

    async def to_bot(self, table_id: str, seat: int, level: str, token: str | None) -> None:
        """Let a bot play a human seat whose holder is away (zombie)."""
        table = self.table(table_id)
        self.check_admin(table, token)
        async with table.lock:
            s = self._human_seat(table, seat)
            if s.status == CLAIMED and table.connected(seat):
                raise ApiError(409, "conflict", "the seat's player is connected")
            await table.set_seat(seat, zombie=True, level=level)
            table.broadcast_table()
            table.schedule()

    async def to_human(self, table_id: str, seat: int, token: str | None) -> None:
        """End a zombie: the seat waits for its holder again."""
        table = self.table(table_id)
        self.check_admin(table, token)
        async with table.lock:
            self._human_seat(table, seat)
            await table.set_seat(seat, zombie=False)
            table.timed_out.discard(seat)
            table.broadcast(table=True)
            table.schedule()

    async def close(self, table_id: str, token: str | None) -> None:
        """Close a table: clients are told, bots stop, it leaves the lists."""
        table = self.table(table_id)
        self.check_admin(table, token)
        async with table.lock:
            await self.db(self.store.close_table, table.id)
            table.closed = True
            table.stop()
            table.broadcast_table()

    async def play_again(self, table: LiveTable, game_no: int) -> None:
        """Start the next game if game ``game_no`` is the current one and over
        (raises :class:`ApiError` 409 otherwise; call under the lock)."""
        if table.closed:
            raise ApiError(409, "conflict", "the table is closed")
        if game_no != table.game_no:
            raise ApiError(
                409, "stale_state", f"game {game_no} is not the current game ({table.game_no})"
            )
        if not table.st.is_terminal:
            raise ApiError(409, "not_over", "the game is not over yet")
        await table.next_game()

    async def record(self, table_id: str, game_no: int) -> Record:
        """The record of a finished game (409 before it is over)."""
        stored = await self.db(self.store.load_table, table_id)
        if stored is None:
            raise ApiError(404, "not_found", "no such table")
        g = next((g for g in stored.games if g["game_no"] == game_no), None)
        if g is None:
            raise ApiError(404, "not_found", "no such game")
        live = self.tables.get(table_id)
        finished = g["finished"] is not None or (
            live is not None and live.game_no == game_no and live.st.is_terminal
        )
        if not finished:
            raise ApiError(409, "conflict", "a record is available once the game is over")
        return Record(
            game=stored.row["game"],
            players=stored.row["players"],
            options=json.loads(g["options"]),
            seed=int(g["seed"]),
            deck=json.loads(g["deck"]) if g.get("deck") else None,
            actions=[a["action"] for a in stored.actions.get(game_no, [])],
            names=[s["name"] or f"Seat {s['seat']}" for s in stored.seats],
        )
