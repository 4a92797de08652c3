"""One live table: its seats, the current game's state, its clients and their frames.

The shape follows apologies-server: the engine knows nothing of the network;
under the table's lock a change is checked, committed to the database, applied
to the state, and one frame per connection is queued, built only from
``State.view(seat)`` and ``State.log_for(seat)``; writer tasks send the frames
after the lock is released (:mod:`pakka.server.connection`). Bots and clocks are
the table's :class:`~pakka.server.scheduler.Scheduler`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, cast

from sqlalchemy import Connection as DbConnection

from pakka.core.errors import IllegalAction
from pakka.core.game import Game, State
from pakka.core.options import options_to_json
from pakka.core.record import undone
from pakka.core.seam import LegalAction
from pakka.core.undo import blocker_sentence, reveals_hidden, undo_blocker, undo_refusal
from pakka.ratings.bots import bot_rating
from pakka.server import chat
from pakka.server.connection import Connection, encode
from pakka.server.errors import ApiError
from pakka.server.eventlog import Conflict, Event
from pakka.server.frames import PROTOCOL_VERSION, TableSummary, WelcomeFrame
from pakka.server.games import GameSummary, load_game, next_game_options
from pakka.server.presence import seat_presence
from pakka.server.ratings import RatedEnd
from pakka.server.scheduler import Scheduler
from pakka.server.seats import BOT, HUMAN, LEFT, OPEN, Seat

if TYPE_CHECKING:
    from pakka.server.hub import Hub

log = logging.getLogger("pakka.server")

T = TypeVar("T")
P = ParamSpec("P")


def since_wall(at: float) -> float:
    """The ``time.monotonic()`` reading of the wall-clock moment ``at`` (an event's
    time, stored by whichever process committed it): turn clocks measure from it."""
    return time.monotonic() - max(0.0, time.time() - at)


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
        self.rated: bool = bool(row.get("rated"))
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
        self.seq = 0
        """The number of the newest event of this table's log applied here."""
        self.past: list[GameSummary] = []
        self.turn_started = time.monotonic()
        self.deck: list[str] | None = None
        self.scheduler = Scheduler(self)
        self._undo_ok: tuple[int, bool] | None = None
        self._before_last: State[Any] | None = None  # one-player tables: for the undo check
        self._legal: tuple[tuple[int, int], list[LegalAction]] | None = None
        self.writing: int | None = None
        """The number of the one event this process is committing now
        (:meth:`append_action`): its own notice, heard before the commit returns,
        needs no catch-up (:meth:`pakka.server.bus.Bus.kick`)."""
        self.chat = chat.TableChat()
        """The table's recent chat (:mod:`pakka.server.chat`)."""

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
        self.scheduler.bots.clear()
        self.turn_started = time.monotonic()

    def summary_of_current(self) -> GameSummary:
        """The current game as listed."""
        s = self.st
        return GameSummary(self.game_no, s.is_terminal, len(s.history), s.winners, s.scores)

    def connected(self, seat: int) -> bool:
        """Whether some client holding ``seat`` is online (at any process of the site)."""
        return any(seat in c.seats for c in self.conns) or any(
            str(seat) in o["s"] for o in self.hub.board.others(self.id)
        )

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
            "rated": self.rated,
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
                    "level": seat.level if seat.kind == BOT else None,
                    "status": seat.status,
                    "zombie": seat.zombie,
                    "former": seat.former,
                    "connected": seat.kind == BOT or self.connected(i),
                    "presence": seat_presence(self, i),
                }
                for i, seat in enumerate(self.seats)
            ],
            "games": [g.to_json() for g in [*self.past, self.summary_of_current()]],
            "spectators": self.spectators(),
        }

    def spectators(self) -> int:
        """How many clients watch the table (shown to its players), at every process."""
        here = sum(1 for c in self.conns if c.spectator and not c.closed)
        return here + sum(int(o["w"]) for o in self.hub.board.others(self.id))

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
        steps: list[dict[str, Any]] | None = None,
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
        if last is not None and (self._public_history or last["seat"] == seat):
            shown_last = last
        moves = [
            m
            for m in (steps or ([last] if last is not None else []))
            if self._public_history or m["seat"] == seat
        ]
        can_undo = seat is not None and self.players == 1 and self.can_undo(seat)
        return {
            "type": "state",
            "table_id": self.id,
            "game_no": self.game_no,
            "state_id": self.state_id,
            "seat": seat,
            "view": view,
            "legal": self.legal_for(seat) if human_turn else [],
            "log_index": start,
            "log": visible[start:],
            "last_action": shown_last,
            "steps": moves,
            "clock": clock,
            "undo": can_undo,
            "table": table,
        }

    @property
    def _public_history(self) -> bool:
        """Whether every seat sees every action (the game's descriptor says)."""
        assert self.game is not None
        return type(self.game).game_type().public_history

    def legal_for(self, seat: int | None) -> list[LegalAction]:
        """The structured legal actions of the current state when ``seat`` is to act
        and a person plays it (the game's display layer makes them), else ``[]``;
        computed once per state."""
        s = self.st
        cp = s.current_player
        if seat is None or cp != seat or self.seats[cp].bot_controlled:
            return []
        if self._legal is None or self._legal[0] != (self.state_id, id(s)):
            assert self.game is not None
            self._legal = ((self.state_id, id(s)), self.game.display.legal(s))
        return self._legal[1]

    def broadcast(
        self,
        last: dict[str, Any] | None = None,
        table: bool = False,
        full: bool = False,
        steps: list[dict[str, Any]] | None = None,
    ) -> None:
        """Queue a state frame for every seat of every client (call under the lock);
        ``steps`` are the actions of one compound move that ends with ``last``."""
        cache: dict[int | None, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        summary = self.summary() if table else None
        for conn in list(self.conns):
            for seat in conn.view_seats:
                conn.send(self.state_frame(conn, seat, cache, last, summary, full, steps))

    def broadcast_table(self) -> None:
        """Tell every client about a seat change (no state change); the other
        processes hear of this process's presence change, if any."""
        self.hub.bus.announce(self)
        frame = encode({"type": "table", "table": self.summary()})
        for conn in list(self.conns):
            conn.send(frame)

    def welcome(self, conn: Connection) -> None:
        """Greet a (re)authorised connection: who it is here, the table, the full state."""
        cp = self.st.current_player
        welcome: WelcomeFrame = {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "table_id": self.id,
            "seats": conn.seats,
            "spectator": conn.spectator,
            "table": cast("TableSummary", self.summary()),
            "legal": self.legal_for(cp) if cp in conn.seats else [],
        }
        conn.send(dict(welcome))
        self.send_state(conn, full=True)
        chat.send_history(self, conn)

    def send_state(self, conn: Connection, full: bool = False) -> None:
        """A fresh state frame for each seat of one client."""
        cache: dict[int | None, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        for seat in conn.view_seats:
            conn.send(self.state_frame(conn, seat, cache, None, None, full))

    # -- changes ---------------------------------------------------------------------------
    async def append(
        self, fn: Callable[Concatenate[DbConnection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Commit one change through the event log (call under the lock): ``fn``
        appends the events numbered from ``self.seq + 1``. When another process took
        that number first, the table catches up from the log and the change is
        refused as ``stale_state`` (the client sees the new state and may retry)."""
        return await self._logged(self.hub.dbx.tx(fn, *args, **kwargs))

    async def append_action(
        self, game_no: int, idx: int, action: str, seat: int, by: str
    ) -> list[Event]:
        """Commit an accepted action as event ``self.seq + 1`` (call under the lock):
        one statement, on PostgreSQL awaited on the loop (:meth:`DbExec.action`);
        :attr:`writing` meanwhile."""
        self.writing = self.seq + 1
        store = self.hub.store
        try:
            return await self._logged(
                self.hub.dbx.action(
                    store.add_action, store.add_action_pg,
                    self.id, self.seq + 1, game_no, idx, action, seat, by,
                )
            )  # fmt: skip
        finally:
            self.writing = None

    async def _logged(self, work: Awaitable[T]) -> T:
        try:
            out = await work
        except Conflict:
            from pakka.server.bus import catch_up

            await catch_up(self)
            raise ApiError(
                409,
                "stale_state",
                f"the table changed meanwhile (current state: {self.state_id})",
                state=self.state_id,
                current=self.state_id,
            ) from None
        self.seq += len(out) if isinstance(out, list) else 1
        return out

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
        if before is not None and before.history_length == s.history_length - 1:
            return reveals_hidden(before, str(s.last_action), seat)
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
                key="error.no_undo_players",
                players=self.players,
            )
        if self.closed or s.is_terminal:
            raise ApiError(409, "game_over", "the game is over; undo is for a game in play")
        blocker = undo_blocker(s, count, seat)
        if blocker is not None:
            # The reason as a message of the catalogue, for the reader's language.
            reason = {"key": blocker[0], "args": blocker[1]}
            raise ApiError(
                409, "no_undo", blocker_sentence(*blocker), key="error.no_undo_why", reason=reason
            )
        again = undone(s, count)
        await self.append(
            self.hub.store.undo_actions,
            self.id,
            self.seq + 1,
            self.game_no,
            len(again.history),
            count + 1,
        )
        self.state = again
        self._before_last = None
        self.state_id += 1  # the taken-back actions keep their ids: ids never repeat
        self.turn_started = time.monotonic()
        self.scheduler.bots.clear()
        self.broadcast(full=True)
        self.scheduler.schedule()

    async def commit_action(
        self, action: str | int, seat: int, by: str, *, broadcast: bool = True
    ) -> dict[str, Any]:
        """Check, store, apply and broadcast one action, given in notation or by its
        id (call under the lock); returns it as ``last_action``. With
        ``broadcast=False`` nobody is told yet and no bot or clock is started: the
        caller sends the steps of one compound move together (:meth:`broadcast`).

        Raises :class:`IllegalAction` (nothing changed) when it is not legal.
        """
        s = self.st
        if isinstance(action, int):
            assert self.game is not None
            if not 0 <= action < self.game.num_distinct_actions:
                raise IllegalAction(
                    f"no action has id {action}", key="error.no_such_action", id=action
                )
            act = self.game.action_from_id(action)
            s.verify(act)
        else:
            act = s.parse_action(action)
        canonical = str(act)
        t0 = time.perf_counter()
        await self.append_action(self.game_no, len(s.history), canonical, seat, by)
        self.hub.metrics.commit_seconds.observe(time.perf_counter() - t0)
        self.hub.metrics.actions_accepted.labels(by).inc()
        # One-player tables keep the position before the move for the undo check.
        self._before_last = s.clone() if self.players == 1 else None
        s.apply_legal(act)
        self.state_id += 1
        self.turn_started = time.monotonic()
        if s.is_terminal:
            await self.append(
                self.hub.store.finish_game, self.id, self.seq + 1, self.game_no, self.rated_end()
            )
        last = {"seat": seat, "action": canonical, "by": by}
        if broadcast:
            self.broadcast(last=last)
            self.scheduler.schedule()
        if s.is_terminal:  # the spectators' chat of this game reaches the players
            chat.release(self)
        return last

    def rated_end(self) -> RatedEnd | None:
        """What the rating update needs from the finished game (``None`` at an unrated
        table): results, each seat's profile (bots: their fixed ladder rating), who left."""
        if not self.rated:
            return None
        s = self.st
        bots = {}
        for i, seat in enumerate(self.seats):
            if seat.kind == BOT:
                fixed = bot_rating(self.game_name, seat.level or "medium")
                if fixed is not None:
                    bots[i] = fixed
        return RatedEnd(
            game=self.game_name,
            winners=list(s.winners),
            scores=[float(x) for x in s.scores],
            profiles=[seat.profile_id if seat.kind != BOT else None for seat in self.seats],
            names=[seat.name for seat in self.seats],
            bots=bots,
            left=[
                i for i, seat in enumerate(self.seats) if seat.kind != BOT and seat.status == LEFT
            ],
        )

    async def set_seat(self, seat: int, kind: str = "seat", **values: Any) -> None:
        """Store and apply a seat change, event ``kind`` (call under the lock)."""
        await self.append(self.hub.store.update_seat, self.id, self.seq + 1, seat, kind, **values)
        for k, v in values.items():
            setattr(self.seats[seat], k, v)

    async def next_game(self) -> None:
        """Start the next game at this table (call under the lock, game over)."""
        options = next_game_options(self.st, self.options)
        seed = secrets.randbits(63)
        self.past.append(self.summary_of_current())
        # A stacked deck (testing servers) deals only the first game; later games shuffle.
        await self.append(
            self.hub.store.start_game, self.id, self.seq + 1, self.game_no + 1, seed, options
        )
        self.begin_game(self.game_no + 1, seed, options)
        self.state_id += 1
        for conn in self.conns:
            conn.log_pos.clear()
        self.broadcast(table=True, full=True)
        self.scheduler.schedule()
