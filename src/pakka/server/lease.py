"""Leases: which server process runs a table's bots and turn clock.

On a multi-process site (PostgreSQL) every open table is held by exactly one
process at a time, through its row in ``leases`` (``holder``, ``expires``). The
holder renews its leases every :data:`RENEW` seconds for :data:`TTL` seconds;
a process that dies stops renewing, and within ``TTL + RENEW`` seconds another
process's sweep finds the expired (or missing) lease, takes it with one
conditional upsert (the database decides between two takers), loads the table
from its log and lets its bots and clock run on. Only the holder schedules bot
moves and clocks (:meth:`pakka.server.hub.Hub.runs`); every other process that
has clients of the table just follows its log (:mod:`pakka.server.bus`).
A single-process SQLite server holds every table without any lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from sqlalchemy import Connection, text

if TYPE_CHECKING:
    from pakka.server.hub import Hub

log = logging.getLogger("pakka.server")

TTL = 3.0
"""Seconds a lease lasts without renewal."""
RENEW = 0.5
"""Seconds between two renewals (and sweeps for orphaned tables)."""
SWEEP_LIMIT = 200
"""Orphaned tables one sweep takes at most."""

_TAKE = text(
    "INSERT INTO leases (table_id, holder, expires) VALUES (:t, :h, :e)"
    " ON CONFLICT (table_id) DO UPDATE SET holder = EXCLUDED.holder, expires = EXCLUDED.expires"
    " WHERE leases.expires < :now OR leases.holder = EXCLUDED.holder"
    " RETURNING table_id"
)
_RENEW = text(
    "UPDATE leases SET expires = :e WHERE holder = :h AND table_id = ANY(:ts) RETURNING table_id"
)
_ORPHANS = text(
    "SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id"
    " WHERE NOT t.closed AND (l.table_id IS NULL OR l.expires < :now) LIMIT :n"
)
_RELEASE = text("DELETE FROM leases WHERE holder = :h")


def take(c: Connection, table_id: str, holder: str) -> bool:
    """Take or renew ``table_id``'s lease if it is free, expired or ours."""
    now = time.time()
    row = c.execute(_TAKE, {"t": table_id, "h": holder, "e": now + TTL, "now": now}).first()
    return row is not None


def renew(c: Connection, holder: str, table_ids: list[str]) -> set[str]:
    """Renew our leases; the tables whose lease we still hold."""
    if not table_ids:
        return set()
    rows = c.execute(_RENEW, {"e": time.time() + TTL, "h": holder, "ts": table_ids}).all()
    return {str(r[0]) for r in rows}


def orphans(c: Connection) -> list[str]:
    """Open tables whose lease expired or that never had one."""
    rows = c.execute(_ORPHANS, {"now": time.time(), "n": SWEEP_LIMIT}).all()
    return [str(r[0]) for r in rows]


def release(c: Connection, holder: str) -> None:
    """Give up every lease (a clean shutdown: others take over at once)."""
    c.execute(_RELEASE, {"h": holder})


class Leases:
    """This process's leases and the task that renews them and sweeps for orphans."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.holder = f"{secrets.token_hex(6)}"
        self.held: set[str] = set()
        self.task: asyncio.Task[None] | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self.taking: dict[str, asyncio.Task[None]] = {}
        """Take-overs under way, by table id."""

    def start(self) -> None:
        """Start renewing and sweeping (two tasks: a long sweep, loading many tables,
        must never delay the renewal of the leases this process holds)."""
        self.task = asyncio.create_task(self._run(self.renew))
        self.sweeper = asyncio.create_task(self._run(self.sweep))

    async def acquire(self, table_id: str) -> bool:
        """Try to take one table's lease now (after creating or loading it)."""
        if await self.hub.dbx.tx(take, table_id, self.holder):
            self.held.add(table_id)
            return True
        return False

    async def _run(self, step: Callable[[], Awaitable[None]]) -> None:
        while True:
            try:
                await step()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lease renewal or sweep failed")
            await asyncio.sleep(RENEW)

    async def tick(self) -> None:
        """Renew what we hold, drop what we lost, take orphaned tables."""
        await self.renew()
        await self.sweep()

    async def renew(self) -> None:
        """Renew what we hold; stop the bots and clocks of the tables we lost."""
        hub = self.hub
        mine = sorted(self.held)
        kept = await hub.dbx.tx(renew, self.holder, mine)
        for tid in set(mine) - kept:
            self.held.discard(tid)
            t = hub.tables.get(tid)
            if t is not None:
                t.scheduler.stop()
                log.warning("lost the lease of table %s", tid)

    async def sweep(self) -> None:
        """Take over the open tables that nobody holds."""
        hub = self.hub
        # Orphans are taken over side by side, each in a task of its own: a dead
        # process's tables all expire together, and one slow replay (or a table
        # whose lock is busy) must not hold up the others' bots and clocks, nor the
        # next sweep.
        for tid in await hub.dbx.read(orphans):
            if tid in self.held or tid in self.taking:
                continue
            self.taking[tid] = asyncio.create_task(self._take_over(tid))

    async def _take_over(self, tid: str) -> None:
        """Take one orphaned table's lease; load it, catch it up and let it run."""
        from pakka.server.bus import catch_up

        try:
            if not await self.acquire(tid):
                return
            t = await self.hub.ensure(tid)
            if t is None:
                return
            async with t.lock:
                await catch_up(t)
                t.scheduler.schedule()
            log.info("took over table %s", tid)
        except Exception:
            log.exception("taking over table %s failed", tid)
        finally:
            self.taking.pop(tid, None)

    async def stop(self) -> None:
        """Stop renewing and give the leases up."""
        for task in (self.task, self.sweeper, *self.taking.values()):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        with contextlib.suppress(Exception):
            await self.hub.dbx.tx(release, self.holder)
        self.held.clear()
