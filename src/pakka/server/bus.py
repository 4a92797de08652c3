"""The bus between server processes that share one PostgreSQL database.

Every event insert also sends ``NOTIFY pakka_events, '<table_id> <seq>'`` in its
transaction (:func:`pakka.server.eventlog.append`), so PostgreSQL delivers the
notice exactly when the event commits. Each process listens on one dedicated
connection; for a table it has live (it has clients of it, or it runs its
bots) and whose number is behind, it reads the missing rows from the log
(:func:`catch_up`) and applies them to its in-memory table, which sends each
of its clients its own seat's frames. A notice is only a hint: the rows are
the truth, so a lost or late notice is repaired by the next one, by a
:class:`~pakka.server.eventlog.Conflict` on the next write, or by the periodic
sweep of :mod:`pakka.server.lease`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, text

from pakka.core.record import undone
from pakka.server import chat, eventlog
from pakka.server.dbexec import libpq_dsn
from pakka.server.eventlog import Event
from pakka.server.presence import PRESENCE_CHANNEL, REFRESH, local_of
from pakka.server.tables import since_wall

if TYPE_CHECKING:
    import psycopg

    from pakka.server.hub import Hub
    from pakka.server.tables import LiveTable

log = logging.getLogger("pakka.server")

CHANNEL = "pakka_events"

_NOTIFY = text("SELECT pg_notify(:ch, :p)")


def _notify(c: Connection, channel: str, payload: str) -> None:
    c.execute(_NOTIFY, {"ch": channel, "p": payload})


class Bus:
    """This process's ``LISTEN`` connection and the catch-ups it starts."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()
        self.notices = 0
        self.pending: set[asyncio.Task[None]] = set()
        self.dirty: set[str] = set()
        self.flush: asyncio.Task[None] | None = None
        self.refresher: asyncio.Task[None] | None = None
        self.backend_pid: int | None = None
        """The PostgreSQL backend of the ``LISTEN`` connection (each reconnection's own)."""

    def start(self) -> None:
        """Start listening (PostgreSQL only)."""
        self.task = asyncio.create_task(self._run())
        self.refresher = asyncio.create_task(self._refresh())

    # -- presence ------------------------------------------------------------------------------
    def announce(self, table: LiveTable) -> None:
        """Tell the other processes who is at ``table`` here, if that changed
        (coalesced: one notice for the changes of one turn of the loop)."""
        if not self.hub.multi:
            return
        self.dirty.add(table.id)
        if self.flush is None or self.flush.done():
            self.flush = asyncio.create_task(self._flush())

    async def _flush(self) -> None:
        await asyncio.sleep(0)
        ids, self.dirty = self.dirty, set()
        tables = [t for i in ids if (t := self.hub.tables.get(i)) is not None]
        await self._send(self.hub.board.changes(tables))

    async def _send(self, data: dict[str, Any]) -> None:
        for payload in self.hub.board.payloads(data):
            try:
                await self.hub.dbx.tx(_notify, PRESENCE_CHANNEL, payload)
            except Exception:
                log.exception("presence notice failed")

    async def _refresh(self) -> None:
        """Every few seconds: announce every table with clients here again (so that a
        process that started late learns of them) and forget dead processes' ones."""
        board = self.hub.board
        while True:
            await asyncio.sleep(REFRESH)
            try:
                full = {t.id: local_of(t) for t in list(self.hub.tables.values()) if t.conns}
                for tid in list(board.sent):
                    if tid not in full:
                        full[tid] = {"s": {}, "w": 0}
                await self._send(full)
                self._heard(board.expire())
            except Exception:
                log.exception("presence refresh failed")

    def _heard(self, changed: list[str]) -> None:
        for tid in changed:
            t = self.hub.tables.get(tid)
            if t is not None:
                t.broadcast_table()

    async def _run(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    libpq_dsn(self.hub.store.engine), autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await conn.execute(f"LISTEN {PRESENCE_CHANNEL}")
                    self.backend_pid = conn.info.backend_pid
                    self.ready.set()
                    # Anything committed while we were not listening: catch every table up.
                    for t in list(self.hub.tables.values()):
                        self.kick(t.id, None)
                    await self._listen(conn)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("event bus connection lost; reconnecting")
                await asyncio.sleep(0.5)

    async def _listen(self, conn: psycopg.AsyncConnection[Any]) -> None:
        """Hear the notices of ``conn`` until it fails.

        Not through psycopg's ``notifies()`` iterator: every action is its own
        transaction, so its notice arrives alone, and the iterator registers and
        removes a reader and wakes a waiting coroutine for each one (107 µs of CPU per
        lone notice against 48 µs here: ``benchmarks/notify_rate.py --bus``). Here one
        reader stays registered on the connection's socket and its callback drains
        whatever arrived, straight from libpq (the connection does nothing else)."""
        # Notices received while LISTEN ran wait in psycopg's backlog: take them first.
        async for n in conn.notifies(timeout=0):
            self._hear(n.channel, n.payload)
        pgconn, enc = conn.pgconn, conn.info.encoding
        loop = asyncio.get_running_loop()
        lost: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            try:
                pgconn.consume_input()
            except Exception as ex:  # the connection is gone: listen again on a new one
                loop.remove_reader(fd)
                if not lost.done():
                    lost.set_exception(ex)
                return
            while (n := pgconn.notifies()) is not None:
                self._hear(n.relname.decode(enc), n.extra.decode(enc))

        fd = pgconn.socket
        loop.add_reader(fd, readable)
        try:
            await lost
        finally:
            loop.remove_reader(fd)

    def _hear(self, channel: str, payload: str) -> None:
        """One notice: presence news, or a table's new event number (``'<table_id>
        <seq>'``). One that cannot be handled is logged and the others go on (it was
        only a hint: the next notice or the lease sweep catches its table up)."""
        try:
            if channel == PRESENCE_CHANNEL:
                self._heard(self.hub.board.hear(payload))
                return
            self.notices += 1
            tid, _, seq = payload.partition(" ")
            self.kick(tid, int(seq) if seq.isdigit() else None)
        except Exception:
            log.exception("notice %r on %s not handled", payload, channel)

    def kick(self, table_id: str, seq: int | None) -> None:
        """A table may have new events: catch it up if it is live here and behind."""
        t = self.hub.tables.get(table_id)
        # ``writing``: this process's own action, committing now (it sets ``seq`` when
        # the commit returns; had another process taken the number, the commit fails
        # with Conflict and catches up by itself).
        if t is None or (seq is not None and (seq <= t.seq or seq == t.writing)):
            return
        task = asyncio.create_task(self._catch_up(t, seq))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def _catch_up(self, t: LiveTable, seq: int | None) -> None:
        try:
            async with t.lock:
                # This process's own commits notify it too: the notice usually arrives
                # while the committing change still holds the lock, and by the time
                # the lock is free the table already has that number. Reading the
                # log then would cost a round trip (and hold the table) per action.
                if seq is not None and seq <= t.seq:
                    return
                await catch_up(t)
        except Exception:
            log.exception("catching up table %s failed", t.id)

    async def stop(self) -> None:
        """Stop listening (the others forget this process's presence when it expires)."""
        for task in (self.task, self.refresher, self.flush):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


async def catch_up(t: LiveTable) -> int:
    """Apply the events of ``t`` newer than ``t.seq`` from the log (call under the
    lock); returns how many. Clients get their frames, bots and clocks are
    rescheduled."""
    events = await t.hub.dbx.read(eventlog.since, t.id, t.seq)
    for ev in events:
        if ev.seq != t.seq + 1:  # never skip a number: read again next time
            break
        apply_event(t, ev)
        t.seq = ev.seq
        t.hub.metrics.notify_lag.observe(max(0.0, time.time() - ev.at))
    if events:
        t.scheduler.schedule()
    return len(events)


def apply_event(t: LiveTable, ev: Event) -> None:
    """Apply one event committed by another process to the live table ``t``."""
    d: dict[str, Any] = ev.data
    kind = ev.kind
    if kind == eventlog.ACTION:
        if d["game_no"] != t.game_no or d["idx"] != len(t.st.history):
            raise RuntimeError(f"event {ev.seq} of {t.id} does not follow this state")
        s = t.st
        t._before_last = s.clone() if t.players == 1 else None
        s.apply(d["action"])
        t.state_id += 1
        t.turn_started = since_wall(ev.at)
        t.broadcast(last={"seat": d["seat"], "action": d["action"], "by": d["by"]})
    elif kind == eventlog.UNDO:
        s = t.st
        t.state = undone(s, len(s.history) - int(d["keep"]))
        t._before_last = None
        t.state_id += 1
        t.turn_started = since_wall(ev.at)
        t.scheduler.bots.clear()
        t.broadcast(full=True)
    elif kind == eventlog.GAME:
        t.past.append(t.summary_of_current())
        t.begin_game(int(d["game_no"]), int(d["seed"]), d["options"])
        t.turn_started = since_wall(ev.at)
        t.state_id += 1
        for conn in t.conns:
            conn.log_pos.clear()
        t.broadcast(table=True, full=True)
    elif kind in (eventlog.SEAT, eventlog.CLAIM):
        seat = int(d["seat"])
        st = t.seats[seat]
        values: dict[str, Any] = d["values"]
        seating = t.hub.seating
        if "token_hash" in values and st.token_hash and st.token_hash != values["token_hash"]:
            seating.tokens.pop(st.token_hash, None)
            for conn in list(t.conns):  # the seat's old credential stops working here too
                if seat in conn.seats:
                    conn.seats.remove(seat)
                    conn.log_pos.pop(seat, None)
        if "invite_hash" in values and st.invite_hash and st.invite_hash != values["invite_hash"]:
            seating.invites.pop(st.invite_hash, None)
        for k, v in values.items():
            setattr(st, k, v)
        if st.token_hash:
            seating.tokens[st.token_hash] = (t.id, seat)
        if st.invite_hash:
            seating.invites[st.invite_hash] = (t.id, seat)
        if not st.zombie:
            t.scheduler.timed_out.discard(seat)
        t.broadcast(table=True)
    elif kind == eventlog.CLOSE:
        t.closed = True
        t.scheduler.stop()
        t.broadcast_table()
    elif kind in chat.KINDS:
        chat.apply(t, ev)
    if kind in (eventlog.ACTION, eventlog.FINISH, eventlog.CLOSE):
        chat.release(t)
    # CREATE and FINISH change nothing in memory (the state knows it is over).
