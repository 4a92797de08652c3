"""What one event commit costs the server process: CPU (``time.process_time``) and wall
time per ``DbExec.tx(eventlog.append)`` on SQLite (writer thread) and on PostgreSQL
(the worker threads' synchronous engine, the event and its notice in one statement);
per accepted action as the server commits it, ``DbExec.action`` (``action_*``: the
event and the ``actions`` row; on PostgreSQL with the notice, one autocommit statement
on the asynchronous pool, awaited on the loop), and the same statement through a
worker thread, ``DbExec.statement(eventlog.append_action)`` (``action_thread_*``);
on PostgreSQL also, for comparison, the path it replaced (SQLAlchemy's asyncio engine
on psycopg, the insert and ``pg_notify`` as two statements) and the synchronous engine
called on the calling thread. One of the figures of the capacity model
(``docs/scaling.md``).

    uv run python benchmarks/commit_cost.py --commits 400 --json FILE

PostgreSQL: ``$PAKKA_TEST_PG_URL`` or the cluster of ``scripts/pg.sh`` (a fresh
database, dropped afterwards).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import tempfile
import time
from pathlib import Path
from typing import Any

from load import drop_pg_db, fresh_pg_db  # type: ignore[import-not-found]
from load_matrix import pg_url  # type: ignore[import-not-found]
from sqlalchemy import Connection, insert, text
from sqlalchemy.ext.asyncio import create_async_engine

from pakka.server import db, eventlog
from pakka.server.dbexec import PG_POOL_SIZE, DbExec, pg_engine

DATA = {"game_no": 1, "idx": 3, "action": "7h", "seat": 0, "by": "human"}


def action_row(tid: str, idx: int) -> dict[str, Any]:
    """The ``actions`` row of action ``idx`` of game 1 of ``tid``."""
    return {
        "table_id": tid,
        "game_no": 1,
        "idx": idx,
        "action": "7h",
        "seat": 0,
        "by": "human",
        "at": time.time(),
    }


def new_table(c: Connection, with_game: bool = False) -> str:
    tid = secrets.token_urlsafe(12)
    c.execute(
        insert(db.tables).values(
            id=tid,
            name="",
            game="koodinmurtaja",
            players=2,
            options="{}",
            listed=False,
            hotseat=True,
            clock=None,
            admin_hash="0" * 64,
            watch_hash="0" * 64,
            created=time.time(),
            closed=False,
            rated=False,
        )
    )
    if with_game:
        c.execute(
            insert(db.games).values(
                table_id=tid, game_no=1, seed=1, options="{}", started=time.time(), undos=0
            )
        )
    return tid


_OLD_NOTIFY = text("SELECT pg_notify('pakka_events', :p)")


def two_statement_append(c: Connection, tid: str, seq: int, kind: str, data: object) -> None:
    """The append it replaced on PostgreSQL: the insert, then ``pg_notify`` (two round
    trips)."""
    ev = eventlog.Event(tid, seq, kind, DATA, time.time())
    c.execute(insert(db.events), ev.to_row())
    c.execute(_OLD_NOTIFY, {"p": f"{tid} {seq}"})


async def through_dbexec(url: str, n: int, ping: bool = False) -> dict[str, float]:
    engine = db.make_engine(url)
    db.migrate(engine)
    dbx = DbExec(engine)
    if dbx.pg is not None and ping:  # the same pool with the checkout ping it dropped
        dbx.pg.dispose()
        dbx.pg = pg_engine(engine, pre_ping=True)
        dbx.pg_auto = dbx.pg.execution_options(isolation_level="AUTOCOMMIT")
    tid = await dbx.tx(new_table)
    for seq in range(1, 21):  # warm the pool and the statement caches
        await dbx.tx(eventlog.append, tid, seq, "action", DATA)
    cpu0, t0 = time.process_time(), time.perf_counter()
    for seq in range(21, 21 + n):
        await dbx.tx(eventlog.append, tid, seq, "action", DATA)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
    out = {"cpu_ms_per_commit": cpu / n * 1000, "wall_ms_per_commit": wall / n * 1000}
    act = (eventlog.append_action, eventlog.append_action_pg)
    for key, on_loop in (("action", True), ("action_thread", False)):
        atid = await dbx.tx(new_table, with_game=True)
        for i in range(20 + n):
            if i == 20:
                cpu0, t0 = time.process_time(), time.perf_counter()
            row = action_row(atid, i)
            if on_loop:
                await dbx.action(*act, atid, i + 1, row)
            else:
                await dbx.statement(eventlog.append_action, atid, i + 1, row)
        out[f"{key}_cpu_ms_per_commit"] = (time.process_time() - cpu0) / n * 1000
        out[f"{key}_wall_ms_per_commit"] = (time.perf_counter() - t0) / n * 1000
    if url.startswith("postgres") and not ping:
        base = 21 + n
        cpu0, t0 = time.process_time(), time.perf_counter()
        for seq in range(base, base + n):
            with engine.begin() as c:
                eventlog.append(c, tid, seq, "action", DATA)
        out["sync_engine_here_cpu_ms_per_commit"] = (time.process_time() - cpu0) / n * 1000
        out["sync_engine_here_wall_ms_per_commit"] = (time.perf_counter() - t0) / n * 1000
        aurl = engine.url.set(drivername="postgresql+psycopg_async")
        aengine = create_async_engine(
            aurl, pool_size=PG_POOL_SIZE, max_overflow=PG_POOL_SIZE, pool_pre_ping=True
        )
        base += n
        for seq in range(base, base + 20):  # warm its pool
            async with aengine.begin() as ac:
                await ac.run_sync(two_statement_append, tid, seq, "action", DATA)
        base += 20
        cpu0, t0 = time.process_time(), time.perf_counter()
        for seq in range(base, base + n):
            async with aengine.begin() as ac:
                await ac.run_sync(two_statement_append, tid, seq, "action", DATA)
        out["old_asyncio_two_statements_cpu_ms_per_commit"] = (
            (time.process_time() - cpu0) / n * 1000
        )
        out["old_asyncio_two_statements_wall_ms_per_commit"] = (time.perf_counter() - t0) / n * 1000
        await aengine.dispose()
    await dbx.close()
    engine.dispose()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--commits", type=int, default=400)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args()
    result: dict[str, Any] = {"commits": args.commits}
    with tempfile.TemporaryDirectory() as tmp:
        result["sqlite"] = asyncio.run(
            through_dbexec(f"sqlite:///{Path(tmp) / 'c.sqlite3'}", args.commits)
        )
    url = fresh_pg_db(pg_url())
    try:
        result["postgresql"] = asyncio.run(through_dbexec(url, args.commits))
        result["postgresql_with_pre_ping"] = asyncio.run(
            through_dbexec(url, args.commits, ping=True)
        )
    finally:
        drop_pg_db(url)
    result["load_average"] = os.getloadavg()[0]
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
