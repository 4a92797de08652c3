"""The bus's catch-ups: a notice of a number the table already has (this process's own
commit, heard while that commit still held the table's lock) reads nothing from the
log; a notice of a number it lacks still reads the log."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any, TypeVar, cast

import pytest

from pakka.server.bus import CHANNEL, Bus
from pakka.server.presence import PRESENCE_CHANNEL

T = TypeVar("T")


class _Reads:
    """Stands in for ``DbExec``: counts log reads, returns no events."""

    def __init__(self) -> None:
        self.calls = 0

    async def read(self, fn: Any, *args: Any) -> list[Any]:
        self.calls += 1
        return []


def _run(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` in a fresh event loop on its own thread: the suite's browser tests
    keep Playwright's loop running in the main thread, where ``asyncio.run`` refuses."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result(timeout=60)


def _bus() -> tuple[Bus, Any, _Reads]:
    reads = _Reads()
    table = SimpleNamespace(id="t1", seq=5, lock=asyncio.Lock(), writing=None)
    hub = SimpleNamespace(tables={"t1": table}, dbx=reads, multi=True)
    table.hub = hub
    return Bus(cast(Any, hub)), table, reads


def test_own_notice_heard_under_the_lock_reads_nothing() -> None:
    """Event 6 is being committed here (lock held, ``seq`` still 5) when its notice
    arrives; once the commit has set ``seq`` to 6 and let go, the catch-up finds the
    table current and does not read the log."""

    async def main() -> int:
        bus, table, reads = _bus()
        async with table.lock:
            bus.kick("t1", 6)
            await asyncio.sleep(0)
            table.seq = 6
        await asyncio.gather(*bus.pending)
        return reads.calls

    assert _run(main()) == 0


def test_own_action_notice_while_committing_starts_no_catch_up() -> None:
    """An action this process commits as one statement (``writing`` = 6) is heard
    before the commit returns: no catch-up task is made at all; a notice of the number
    after it (another process, quick) still is."""

    async def main() -> tuple[int, int]:
        bus, table, reads = _bus()
        table.scheduler = SimpleNamespace(schedule=lambda: None)
        table.writing = 6
        bus.kick("t1", 6)
        started = len(bus.pending)
        bus.kick("t1", 7)
        await asyncio.gather(*bus.pending)
        return started, reads.calls

    assert _run(main()) == (0, 1)


def test_notice_of_a_missing_number_reads_the_log() -> None:
    """Another process's event 6 (this table stays at 5): the log is read."""

    async def main() -> int:
        bus, table, reads = _bus()
        table.scheduler = SimpleNamespace(schedule=lambda: None)
        bus.kick("t1", 6)
        await asyncio.gather(*bus.pending)
        return reads.calls

    assert _run(main()) == 1


def test_notice_without_a_number_reads_the_log() -> None:
    """A notice without a number (a reconnected listener's catch-up of every table)."""

    async def main() -> int:
        bus, _table, reads = _bus()
        bus.kick("t1", None)
        await asyncio.gather(*bus.pending)
        return reads.calls

    assert _run(main()) == 1


def test_a_notice_that_fails_is_logged_and_the_next_one_heard(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A presence notice whose handling raises (here a board that cannot read it) is
    logged; the bus goes on to the next notice instead of dropping its connection."""

    async def main() -> int:
        bus, _, reads = _bus()

        def bad(payload: str) -> list[str]:
            raise ValueError(payload)

        cast(Any, bus.hub).board = SimpleNamespace(hear=bad)
        bus._hear(PRESENCE_CHANNEL, "garbage")
        bus._hear(CHANNEL, "t1 7")
        await asyncio.gather(*bus.pending)
        return reads.calls

    assert _run(main()) == 1
    assert "not handled" in caplog.text
