"""Where database calls run, so that none of them blocks the event loop.

Two kinds of call reach the database from the server:

* :meth:`DbExec.tx` runs a function of a SQLAlchemy ``Connection`` inside one
  transaction (committed when it returns, rolled back when it raises). On SQLite
  it runs on one dedicated **writer thread**, so writes keep the order in which
  they were submitted (a table's changes are submitted under its lock, so each
  table's order is kept) and a locked database file stalls only that thread,
  never the loop. On PostgreSQL it runs on a pool of :data:`PG_POOL_SIZE`
  worker threads, each with a connection of its own from a synchronous engine
  (psycopg releases the interpreter lock while it waits for the server), so many
  tables commit concurrently while the loop goes on. The synchronous engine costs
  the server less than half the CPU per commit of SQLAlchemy's asyncio engine,
  which ran every statement in a greenlet on the loop and awaited each round trip
  through psycopg's async waiting (``benchmarks/commit_cost.py``, docs/scaling.md).
* :meth:`DbExec.action` makes the change of every accepted action, **one
  statement** (its event, its ``actions`` row and its notice in one ``WITH``,
  :func:`pakka.server.eventlog.append_action_pg`): on PostgreSQL on the event loop
  itself, through psycopg's asynchronous connection pool (``psycopg_pool``) in
  autocommit mode, where the statement is its own transaction (no ``BEGIN`` and
  ``COMMIT`` round trips); on SQLite like :meth:`tx`. Awaited on the loop, the
  statement's result is read as soon as the loop is free: a worker thread would
  then still wait for the interpreter lock (up to the switch interval, 5 ms, per
  hand-over while the loop works), which was most of an action's commit time
  under load. :meth:`DbExec.statement` is the same change through a worker
  thread (scripts and tests that hold a synchronous function).
* :meth:`DbExec.read` runs a read-only function of a ``Connection``: on SQLite
  on a small pool of reader threads (WAL lets readers run beside the writer), on
  PostgreSQL on the same worker threads as :meth:`tx`.
* :meth:`DbExec.blocking` runs an old-style blocking function (one that opens
  its own connections from the sync engine) off the loop: the SQLite writer
  thread, or a PostgreSQL worker thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy import Connection, Engine, create_engine
from sqlalchemy.exc import DBAPIError

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import AsyncConnectionPool

T = TypeVar("T")
P = ParamSpec("P")

PG_POOL_SIZE = 10
"""Worker threads of one process on PostgreSQL, and the connections of their pool
(each thread holds one only while it runs a transaction or a read)."""


POOL_OPEN_TIMEOUT = 30.0
"""Seconds the first action waits for the asynchronous pool's first connections."""


def libpq_dsn(engine: Engine) -> str:
    """The libpq URL of ``engine``'s PostgreSQL database (for psycopg's own connections:
    the asynchronous pool here, the bus's ``LISTEN`` connection)."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


def pg_engine(engine: Engine, pre_ping: bool = False) -> Engine:
    """The synchronous engine of the PostgreSQL worker threads: ``engine``'s
    database with a pool as large as the threads, so a thread never waits for a
    connection. No checkout ping (``pre_ping``, a ``SELECT 1`` round trip before
    every transaction): a connection the server dropped fails its first statement
    and the work is run again on a fresh one (:func:`_once_more`)."""
    return create_engine(engine.url, pool_size=PG_POOL_SIZE, max_overflow=0, pool_pre_ping=pre_ping)


def _once_more(work: Callable[[], T], committed: Callable[[], bool]) -> T:
    """Run ``work``; when its connection turned out dead (PostgreSQL restarted or
    dropped it while it sat in the pool) before anything could have committed, run
    it once more: the pool has thrown the dead connection away, and a transaction on
    a dead connection was rolled back by the server. ``committed()`` says whether
    the failure came after the point where the change may have committed (the
    ``COMMIT`` of :meth:`DbExec.tx`): then it is not run again."""
    try:
        return work()
    except DBAPIError as e:
        if not e.connection_invalidated or committed():
            raise
    return work()


class DbExec:
    """The writer thread and reader threads (SQLite) or the worker threads (PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pakka-db-writer")
        self.readers = ThreadPoolExecutor(
            max_workers=2 if self.sqlite else 4, thread_name_prefix="pakka-db-reader"
        )
        self.pg: Engine | None = None
        self.pg_auto: Engine | None = None
        """The same pool, its connections in autocommit mode (:meth:`statement`)."""
        self.pg_threads: ThreadPoolExecutor | None = None
        if engine.dialect.name == "postgresql":
            self.pg = pg_engine(engine)
            self.pg_auto = self.pg.execution_options(isolation_level="AUTOCOMMIT")
            self.pg_threads = ThreadPoolExecutor(
                max_workers=PG_POOL_SIZE, thread_name_prefix="pakka-db-pg"
            )
        self._apool: asyncio.Task[AsyncConnectionPool[Any]] | None = None
        """The asynchronous pool of :meth:`action` (PostgreSQL), opened on first use."""

    async def _async_pool(self) -> AsyncConnectionPool[Any]:
        """The open asynchronous pool (made and opened by the first caller; the others
        await the same opening). An opening that failed (PostgreSQL down at the first
        action) is tried again by the next caller."""
        task = self._apool
        if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
            task = self._apool = asyncio.ensure_future(self._open_async_pool())
        return await asyncio.shield(task)

    async def _open_async_pool(self) -> AsyncConnectionPool[Any]:
        from psycopg_pool import AsyncConnectionPool

        pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
            libpq_dsn(self.engine),
            min_size=2,
            max_size=PG_POOL_SIZE,
            kwargs={"autocommit": True},
            open=False,
            name="pakka-actions",
        )
        try:
            await pool.open(wait=True, timeout=POOL_OPEN_TIMEOUT)
        except BaseException:
            await pool.close()  # stop its connecting workers; the next action tries anew
            raise
        return pool

    async def action(
        self,
        sync: Callable[Concatenate[Connection, P], T],
        pg: Callable[Concatenate[psycopg.AsyncConnection[Any], P], Awaitable[T]],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """Make a one-statement change: on PostgreSQL ``pg(connection, ...)`` on an
        autocommit connection of the asynchronous pool, on the loop; on SQLite
        ``sync(connection, ...)`` as :meth:`tx`. A connection PostgreSQL dropped (it
        sat in the pool while the server restarted) fails before anything could
        commit: the pool's idle connections are checked and the statement sent once
        more; had it committed after all, the second meets its number taken and the
        caller sees :class:`~pakka.server.eventlog.Conflict`, as for any lost race."""
        if self.pg is None:
            return await self.tx(sync, *args, **kwargs)
        import psycopg

        pool = await self._async_pool()
        for attempt in (1, 2):
            async with pool.connection() as conn:
                try:
                    return await pg(conn, *args, **kwargs)
                except psycopg.OperationalError:
                    if attempt == 2 or not (conn.broken or conn.closed):
                        raise
            await pool.check()  # drop the other dead connections before the retry
        raise AssertionError("unreachable")

    async def tx(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run ``fn(connection, ...)`` in one transaction, off the loop."""
        engine = self.pg or self.engine
        if self.pg is None:

            def work() -> T:
                with engine.begin() as c:
                    return fn(c, *args, **kwargs)

            return await asyncio.get_running_loop().run_in_executor(self.writer, work)
        returned = False

        def pg_work() -> T:
            nonlocal returned
            returned = False
            with engine.begin() as c:
                out = fn(c, *args, **kwargs)
                returned = True  # from here on the failure may be the COMMIT's
            return out

        return await asyncio.get_running_loop().run_in_executor(
            self.pg_threads, _once_more, pg_work, lambda: returned
        )

    async def statement(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run ``fn(connection, ...)``, which makes its change in one statement, off the
        loop: on PostgreSQL in autocommit mode (the statement is its transaction: one
        round trip instead of ``BEGIN``, statement, ``COMMIT``), on SQLite as
        :meth:`tx`. A dead pooled connection is replaced and the statement sent again
        (:func:`_once_more`); should the first one have committed after all, the
        second meets its number taken (the unique ``(table_id, seq)``) and the caller
        sees :class:`~pakka.server.eventlog.Conflict`, as for any lost race."""
        if self.pg_auto is None:
            return await self.tx(fn, *args, **kwargs)
        engine = self.pg_auto

        def work() -> T:
            with engine.connect() as c:
                return fn(c, *args, **kwargs)

        return await asyncio.get_running_loop().run_in_executor(
            self.pg_threads, _once_more, work, lambda: False
        )

    async def read(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run the read-only ``fn(connection, ...)`` off the loop (beside the writer)."""
        engine = self.pg or self.engine

        def work() -> T:
            with engine.connect() as c:
                return fn(c, *args, **kwargs)

        if self.pg_threads is None:
            return await asyncio.get_running_loop().run_in_executor(self.readers, work)
        return await asyncio.get_running_loop().run_in_executor(
            self.pg_threads, _once_more, work, lambda: False
        )

    async def blocking(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking function that manages its own connection, off the loop."""
        pool = self.writer if self.sqlite else self.readers
        return await asyncio.get_running_loop().run_in_executor(
            pool, functools.partial(fn, *args, **kwargs)
        )

    async def close(self) -> None:
        """Finish queued work and release every connection."""
        self.writer.shutdown(wait=True)
        self.readers.shutdown(wait=True)
        if self.pg_threads is not None:
            self.pg_threads.shutdown(wait=True)
        if self.pg is not None:
            self.pg.dispose()
        if self._apool is not None:
            with contextlib.suppress(Exception):
                await (await asyncio.shield(self._apool)).close()
