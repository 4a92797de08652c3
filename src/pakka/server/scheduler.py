"""Bot moves and turn clocks: who moves next when the seat to act is not a person at a keyboard.

A :class:`Scheduler` belongs to one live table. After every change (under the
table lock) :meth:`Scheduler.schedule` starts a bot move when a bot or zombie is
to act, or the move clock when a person is and the table has one; a clock that
runs out lets the bot move for that player and makes the seat a zombie. Bots search
on :class:`BotPool` workers (threads, or processes) outside the lock and commit
their move only if the table is still where they started.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from pakka.bots import make_bot
from pakka.bots.base import Bot, SeatHandle
from pakka.core.game import State
from pakka.server.config import Settings
from pakka.server.seats import BOT

if TYPE_CHECKING:
    from pakka.server.tables import LiveTable

log = logging.getLogger("pakka.server")

T = TypeVar("T")


def choose_in_worker(state: State[Any], seat: int, level: str, seed: int) -> str:
    """Worker-process entry: the chosen action's notation for ``seat`` at ``level``."""
    bot = make_bot(state.game, level, seed=seed & 0xFFFFFFFF)
    return str(bot.choose(SeatHandle(state, seat, random.Random(seed))))


class BotPool:
    """The worker threads (or processes, ``bot_workers="process"``) where bots search."""

    def __init__(self, settings: Settings) -> None:
        self.processes = settings.bot_workers == "process"
        self.pool: Executor
        if self.processes:
            self.pool = ProcessPoolExecutor(max_workers=max(1, settings.bot_threads))
        else:
            self.pool = ThreadPoolExecutor(
                max_workers=max(1, settings.bot_threads), thread_name_prefix="pakka-bot"
            )

    async def in_process(self, state: State[Any], seat: int, level: str) -> str:
        """Run a bot's search in a worker process (the state travels pickled; the
        bot there sees only a :class:`SeatHandle`)."""
        return await asyncio.get_running_loop().run_in_executor(
            self.pool, choose_in_worker, state, seat, level, secrets.randbits(64)
        )

    async def in_thread(self, fn: Callable[[], T]) -> T:
        """Run a bot's search on a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn)

    def shutdown(self) -> None:
        """Drop queued searches; running ones finish in the background."""
        self.pool.shutdown(wait=False, cancel_futures=True)


class Scheduler:
    """One table's bot move and move clock (background tasks), its bots and timeouts."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.bots: dict[tuple[int, str], Bot] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.clock_task: asyncio.Task[None] | None = None
        self.timed_out: set[int] = set()

    def schedule(self) -> None:
        """Start a bot move or the move clock if the seat to act needs one."""
        t = self.table
        if t.closed or t.state is None or not t.hub.runs(t):
            return  # another process holds the table's lease and runs its bots
        cp = t.st.current_player
        if cp is None:
            return
        seat = t.seats[cp]
        if seat.bot_controlled:
            if self.bot_task is None or self.bot_task.done():
                by = (
                    "timeout" if cp in self.timed_out else ("bot" if seat.kind == BOT else "zombie")
                )
                pause = 0.0 if by == "timeout" else t.hub.settings.bot_pause
                self.bot_task = asyncio.create_task(self.bot_move(t.state_id, cp, by, pause))
        elif t.clock:
            if self.clock_task is not None and not self.clock_task.done():
                self.clock_task.cancel()
            self.clock_task = asyncio.create_task(self.clock_expiry(t.state_id, cp))

    def bot_level(self, seat: int) -> str:
        """The level of the bot that plays ``seat`` now."""
        s = self.table.seats[seat]
        return s.level or ("medium" if s.kind == BOT else "easy")

    def bot_for(self, seat: int) -> Bot:
        """The bot that plays ``seat`` (made once per game and level)."""
        level = self.bot_level(seat)
        key = (seat, level)
        if key not in self.bots:
            assert self.table.game is not None
            self.bots[key] = make_bot(self.table.game, level, seed=secrets.randbits(32))
        return self.bots[key]

    async def bot_move(self, sid: int, seat: int, by: str, pause: float) -> None:
        """Let the bot choose (in a worker thread) and play for ``seat``."""
        t = self.table
        workers = t.hub.workers
        cancelled = False
        try:
            if pause > 0:
                await asyncio.sleep(pause)
            async with t.lock:
                if t.state_id != sid or not t.seats[seat].bot_controlled:
                    return
                sample = t.st.clone()
                level = self.bot_level(seat)
                bot = None if workers.processes else self.bot_for(seat)
            text = await self._choose(sample, seat, level, bot)
            async with t.lock:
                self.timed_out.discard(seat)
                if t.state_id != sid or not t.seats[seat].bot_controlled:
                    return
                last = await t.commit_action(text, seat, by, broadcast=False)
                steps = [last]
            try:
                await self._finish_compound_move(seat, by, steps)
            finally:
                async with t.lock:
                    t.broadcast(last=steps[-1], steps=steps)
        except asyncio.CancelledError:
            cancelled = True
            raise
        except Exception:
            log.exception("bot move failed at table %s", t.id)
            await asyncio.sleep(1.0)  # do not spin on a failing bot
        finally:
            # A task still pending when its loop is closed is finalized outside any
            # loop (GeneratorExit): then there is nothing left to schedule.
            try:
                current = asyncio.current_task()
            except RuntimeError:
                current = None
            if current is not None:
                if current is self.bot_task:
                    self.bot_task = None
                # A cancelled move was stopped on purpose (stop(): the server shuts
                # down, the lease or the table is gone): scheduling the next one then
                # would start a task that the shutdown never runs nor cancels.
                if not t.closed and not cancelled:
                    self.schedule_soon()

    async def _choose(self, state: State[Any], seat: int, level: str, bot: Bot | None) -> str:
        """The bot's chosen action for ``seat`` in ``state`` (a private copy), searched
        on a worker (a process when ``bot`` is ``None``)."""
        workers = self.table.hub.workers
        if bot is None:
            return await workers.in_process(state, seat, level)
        rng = random.Random(secrets.randbits(64))
        return await workers.in_thread(lambda: str(bot.choose(SeatHandle(state, seat, rng))))

    async def _finish_compound_move(self, seat: int, by: str, steps: list[dict[str, Any]]) -> None:
        """Play the rest of a compound move (``State.mid_move``, e.g. the groups of a
        Räväytys lay-down) for ``seat`` without a pause; every step is stored as its
        own action and appended to ``steps``, and nobody is told until it is done."""
        t = self.table
        while True:
            async with t.lock:
                s = t.st
                if not s.mid_move or s.current_player != seat or not t.seats[seat].bot_controlled:
                    return
                sid = t.state_id
                sample = s.clone()
                level = self.bot_level(seat)
                bot = None if t.hub.workers.processes else self.bot_for(seat)
            text = await self._choose(sample, seat, level, bot)
            async with t.lock:
                if t.state_id != sid or not t.seats[seat].bot_controlled:
                    return
                steps.append(await t.commit_action(text, seat, by, broadcast=False))

    def schedule_soon(self) -> None:
        """Run :meth:`schedule` once the current task is done with the table."""
        asyncio.get_running_loop().call_soon(self._schedule_if_idle)

    def _schedule_if_idle(self) -> None:
        if self.bot_task is None or self.bot_task.done():
            self.schedule()

    async def clock_expiry(self, sid: int, seat: int) -> None:
        """On timeout the bot moves for the player and the seat becomes a zombie."""
        t = self.table
        assert t.clock is not None
        await asyncio.sleep(max(0.0, t.clock - (time.monotonic() - t.turn_started)))
        async with t.lock:
            if t.state_id != sid or t.seats[seat].bot_controlled:
                return
            self.timed_out.add(seat)
            await t.set_seat(seat, zombie=True)
            t.broadcast_table()
            self.schedule()

    def stop(self) -> None:
        """Cancel this table's background tasks."""
        for task in (self.bot_task, self.clock_task):
            if task is not None:
                task.cancel()
