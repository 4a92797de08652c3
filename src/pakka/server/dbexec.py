"""Where database calls run, so that none of them blocks the event loop.

Two kinds of call reach the database from the server:

* :meth:`DbExec.tx` runs a function of a SQLAlchemy ``Connection`` inside one
  transaction (committed when it returns, rolled back when it raises). On SQLite
  it runs on one dedicated **writer thread**, so writes keep the order in which
  they were submitted (a table's changes are submitted under its lock, so each
  table's order is kept) and a locked database file stalls only that thread,
  never the loop. On PostgreSQL it runs through SQLAlchemy's asyncio engine on
  psycopg's async driver: the function runs in a greenlet on the loop and every
  round trip to the server is awaited, so many tables commit concurrently on a
  pool of connections.
* :meth:`DbExec.read` runs a read-only function of a ``Connection``: on SQLite
  on a small pool of reader threads (WAL lets readers run beside the writer), on
  PostgreSQL like :meth:`tx`.
* :meth:`DbExec.blocking` runs an old-style blocking function (one that opens
  its own connections from the sync engine) off the loop: the SQLite writer
  thread, or a PostgreSQL worker thread.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

T = TypeVar("T")
P = ParamSpec("P")

PG_POOL_SIZE = 10
"""Connections of one process's asyncio pool (each commit holds one only for its
round trips)."""


def async_url(engine: Engine) -> str | None:
    """The asyncio URL of a PostgreSQL engine (``None`` for SQLite)."""
    if engine.dialect.name != "postgresql":
        return None
    return engine.url.set(drivername="postgresql+psycopg_async").render_as_string(
        hide_password=False
    )


class DbExec:
    """The writer thread and reader threads (SQLite) or the asyncio pool (PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pakka-db-writer")
        self.readers = ThreadPoolExecutor(
            max_workers=2 if self.sqlite else 4, thread_name_prefix="pakka-db-reader"
        )
        self.aengine: AsyncEngine | None = None
        url = async_url(engine)
        if url is not None:
            self.aengine = create_async_engine(
                url, pool_size=PG_POOL_SIZE, max_overflow=PG_POOL_SIZE, pool_pre_ping=True
            )

    async def tx(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run ``fn(connection, ...)`` in one transaction, off the loop."""
        if self.aengine is not None:
            async with self.aengine.begin() as ac:
                return await ac.run_sync(lambda c: fn(c, *args, **kwargs))

        def work() -> T:
            with self.engine.begin() as c:
                return fn(c, *args, **kwargs)

        return await asyncio.get_running_loop().run_in_executor(self.writer, work)

    async def read(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run the read-only ``fn(connection, ...)`` off the loop (beside the writer)."""
        if self.aengine is not None:
            async with self.aengine.connect() as ac:
                return await ac.run_sync(lambda c: fn(c, *args, **kwargs))

        def work() -> T:
            with self.engine.connect() as c:
                return fn(c, *args, **kwargs)

        return await asyncio.get_running_loop().run_in_executor(self.readers, work)

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
        if self.aengine is not None:
            await self.aengine.dispose()
