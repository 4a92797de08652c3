"""The event log and the database executor: every table change is one numbered
event, a second writer of the same number loses, and a database that blocks
(a locked SQLite file) stalls only the writes, never the event loop."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import Engine, text

from pakka.server import eventlog
from pakka.server.db import make_engine, migrate
from pakka.server.dbexec import DbExec

from .conftest import Server, drop_pg_db, fresh_pg_db, texts, watch


def _kinds(db_url: str, table_id: str) -> list[tuple[int, str]]:
    engine = make_engine(db_url)
    try:
        with engine.connect() as c:
            rows = c.execute(
                text("SELECT seq, kind FROM events WHERE table_id = :t ORDER BY seq"),
                {"t": table_id},
            ).all()
    finally:
        engine.dispose()
    return [(int(r[0]), str(r[1])) for r in rows]


def test_every_change_is_one_numbered_event(any_server: Server) -> None:
    """Create, claim, actions, undo-free game to its end, next game, seat change, close:
    one event each, numbered 1, 2, 3... without gaps."""
    s = any_server
    t = s.create(game="toy", players=2, take_seat=0)
    tid = t["table_id"]
    tok1 = s.claim(t["invites"][0]["code"], "B")["token"]
    c = s.client(tid, tokens=[t["seat_tokens"]["0"], tok1])
    sid = 0
    while True:
        f = c.wait_state(sid, 0)
        cp = f["view"]["current_player"]
        if cp is None:
            break
        legal = texts(c.wait_state(sid, cp))
        c.send({"type": "action", "seat": cp, "state_id": sid, "action": legal[0]})
        sid += 1
    c.send({"type": "play_again", "game_no": 1})
    c.wait_state(sid + 1, 0)
    r = s.http.post(f"/api/tables/{tid}/leave", headers={"Authorization": f"Bearer {tok1}"})
    assert r.status_code == 200, r.text
    r = s.http.post(
        f"/api/tables/{tid}/close", headers={"Authorization": f"Bearer {t['admin_token']}"}
    )
    assert r.status_code == 200, r.text
    kinds = _kinds(str(s.settings.db), tid)
    assert [k[0] for k in kinds] == list(range(1, len(kinds) + 1))
    names = [k[1] for k in kinds]
    assert names[:2] == ["create", "claim"]
    assert names.count("action") == sid
    assert names[2 + sid :] == ["finish", "game", "seat", "close"]
    assert s.hub.tables[tid].seq == len(kinds)


def test_second_writer_of_a_number_loses(db_url: str) -> None:
    """Two transactions append event 2 of one table: one commits, the other raises
    Conflict and leaves nothing behind."""
    engine = make_engine(db_url)
    migrate(engine)
    with engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO tables (id, name, game, players, options, listed, hotseat, clock,"
                " admin_hash, watch_hash, created, closed) VALUES ('t1', 'T', 'toy', 2, '{}',"
                " false, false, NULL, 'a', 'w', 0, false)"
            )
        )
        eventlog.append(c, "t1", 1, eventlog.CREATE, {})
    with engine.begin() as c:
        eventlog.append(c, "t1", 2, eventlog.SEAT, {"seat": 0, "values": {"zombie": True}})
    with pytest.raises(eventlog.Conflict), engine.begin() as c:
        eventlog.append(c, "t1", 2, eventlog.SEAT, {"seat": 1, "values": {"zombie": True}})
    with engine.connect() as c:
        evs = eventlog.since(c, "t1", 0)
        assert eventlog.last_seq(c, "t1") == 2
    assert [(e.seq, e.kind, e.data.get("seat")) for e in evs] == [
        (1, "create", None),
        (2, "seat", 0),
    ]
    engine.dispose()


def test_undo_is_a_new_event_and_numbers_never_repeat(server: Server) -> None:
    """An undo appends an event: the taken-back action keeps its number in the log."""
    t = server.create(game="zoker-solo", take_seat=0)
    tid = t["table_id"]
    c = server.client(tid, tokens=[t["seat_tokens"]["0"]])
    f = c.wait_state(0, 0)
    c.send({"type": "action", "state_id": 0, "id": f["legal"][0]["id"]})
    assert c.wait_state(1, 0)["undo"] is True
    c.send({"type": "undo", "state_id": 1})
    c.wait_state(2, 0)
    assert [k for _, k in _kinds(str(server.settings.db), tid)] == ["create", "action", "undo"]


def test_locked_sqlite_file_does_not_freeze_other_tables(server: Server, tmp_path: Any) -> None:
    """Another program holds the SQLite file's write lock for 2 s: an action waits
    for it (and is then accepted), while another table answers pings and reads at once."""
    a = server.create(game="toy", players=2, hotseat=True)
    b = server.create(game="toy", players=2, hotseat=True)
    ca = server.client(a["table_id"], tokens=list(a["seat_tokens"].values()))
    cb = server.client(b["table_id"], tokens=list(b["seat_tokens"].values()))
    fa = ca.wait_state(0, 0)
    cp = fa["view"]["current_player"]
    legal = texts(ca.wait_state(0, cp))
    cb.wait_state(0, 0)
    path = str(server.settings.db).removeprefix("sqlite:///")
    locker = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    locker.execute("BEGIN EXCLUSIVE")
    released = threading.Event()

    def release() -> None:
        time.sleep(2.0)
        locker.execute("COMMIT")
        locker.close()
        released.set()

    th = threading.Thread(target=release)
    th.start()
    try:
        ca.send({"type": "action", "seat": cp, "state_id": 0, "action": legal[0]})
        time.sleep(0.2)  # the commit is now waiting for the lock on the writer thread
        waits = []
        for i in range(5):
            t0 = time.perf_counter()
            cb.send({"type": "ping", "id": i})
            cb.recv_type("pong")
            r = server.http.get(f"/api/tables/{b['table_id']}", headers=watch(b))
            assert r.status_code == 200
            waits.append(time.perf_counter() - t0)
        assert not released.is_set(), "the lock was released before the checks ended"
        assert max(waits) < 0.5, waits
    finally:
        th.join()
    assert ca.wait_state(1, cp)["last_action"]["action"] == legal[0]


def _table_t1(c: Any) -> None:
    c.execute(
        text(
            "INSERT INTO tables (id, name, game, players, options, listed, hotseat, clock,"
            " admin_hash, watch_hash, created, closed) VALUES ('t1', 'T', 'toy', 2, '{}',"
            " false, false, NULL, 'a', 'w', 0, false)"
        )
    )


def test_append_notifies_at_commit_and_a_lost_number_notifies_nothing(pg_url: str) -> None:
    """On PostgreSQL the event and its notice are one statement: a listener hears
    ``'<table> <seq>'`` once the append commits, nothing while it is open, and nothing of
    an append that lost its number."""
    import psycopg

    url = fresh_pg_db(pg_url)
    engine = make_engine(url)
    try:
        migrate(engine)
        with (
            psycopg.connect(url, autocommit=True) as listener,
            engine.connect() as c,
        ):
            listener.execute("LISTEN pakka_events")
            with c.begin():
                _table_t1(c)
                eventlog.append(c, "t1", 1, eventlog.CREATE, {})
                assert list(listener.notifies(timeout=0.5)) == [], "heard before the commit"
            heard = [n.payload for n in listener.notifies(timeout=30, stop_after=1)]
            assert heard == ["t1 1"]
            with pytest.raises(eventlog.Conflict), c.begin():
                eventlog.append(c, "t1", 1, eventlog.SEAT, {"seat": 0})
            with c.begin():
                eventlog.append(c, "t1", 2, eventlog.SEAT, {"seat": 0})
            heard = [n.payload for n in listener.notifies(timeout=30, stop_after=1)]
            assert heard == ["t1 2"], "the lost append of number 1 was heard"
            assert eventlog.last_seq(c, "t1") == 2
    finally:
        engine.dispose()
        drop_pg_db(url)


def test_dbexec_runs_off_the_loop_and_postgresql_commits_concurrently(db_url: str) -> None:
    """``DbExec.tx`` and ``read`` never run their function on the event loop's thread; on
    PostgreSQL three transactions are open at once on the worker threads' pool (they meet
    at a barrier inside their transactions, which only three concurrent ones pass), and
    ``DbExec.action`` awaits its statement on the loop while the loop goes on."""
    engine = make_engine(db_url)
    migrate(engine)
    dbx = DbExec(engine)
    pg = engine.dialect.name == "postgresql"
    meet = threading.Barrier(3, timeout=60)

    def where(c: Any, wait: bool) -> int | None:
        c.execute(text("SELECT 1"))
        if wait:
            meet.wait()
        return threading.get_ident()

    async def run() -> None:
        loop_thread = threading.get_ident()
        assert await dbx.tx(where, False) != loop_thread
        assert await dbx.read(where, False) != loop_thread
        if pg:
            got = await asyncio.gather(*(dbx.tx(where, True) for _ in range(3)))
            assert len(set(got)) == 3 and loop_thread not in got
            # DbExec.action awaits its statement on the loop without blocking it: the
            # loop ticks on while PostgreSQL sleeps inside the statement.
            ticks = 0

            async def tick() -> None:
                nonlocal ticks
                while True:
                    ticks += 1
                    await asyncio.sleep(0.01)

            async def slow(conn: Any) -> int:
                await conn.execute("SELECT pg_sleep(0.5)")
                return threading.get_ident()

            ticker = asyncio.create_task(tick())
            assert await dbx.action(where, slow) == loop_thread
            ticker.cancel()
            assert ticks >= 20, f"the loop ran {ticks} times in 0.5 s"
        await dbx.close()

    try:  # on a thread of its own: in the suite Playwright's loop runs in the main thread
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, run()).result(timeout=120)
    finally:
        engine.dispose()


def _games_row(c: Any) -> None:
    c.execute(
        text(
            "INSERT INTO games (table_id, game_no, seed, options, started, undos)"
            " VALUES ('t1', 1, 7, '{}', 0, 0)"
        )
    )


def _action_row(idx: int, action: str) -> dict[str, Any]:
    return {
        "table_id": "t1",
        "game_no": 1,
        "idx": idx,
        "action": action,
        "seat": 0,
        "by": "human",
        "at": time.time(),
    }


def _seed_t1(engine: Engine) -> None:
    """Migrate ``engine``'s database and create table ``t1`` with its ``create`` event
    and its first game row (what an action needs to be appended)."""
    migrate(engine)
    with engine.begin() as c:
        _table_t1(c)
        eventlog.append(c, "t1", 1, eventlog.CREATE, {})
        _games_row(c)


def test_an_action_is_one_statement_and_a_taken_number_writes_nothing(db_url: str) -> None:
    """``append_action`` through ``DbExec.statement`` (on PostgreSQL one autocommit
    statement: event, ``actions`` row and notice together) writes both rows; a second
    writer of the same number gets ``Conflict`` and neither its event nor its action row
    is left behind."""
    engine = make_engine(db_url)
    _seed_t1(engine)
    dbx = DbExec(engine)

    async def run() -> None:
        ev = await dbx.statement(eventlog.append_action, "t1", 2, _action_row(0, "a"))
        assert (ev.seq, ev.kind, ev.data["action"]) == (2, "action", "a")
        with pytest.raises(eventlog.Conflict):
            await dbx.statement(eventlog.append_action, "t1", 2, _action_row(1, "b"))
        # The server's path (DbExec.action): the same through the asynchronous pool.
        with pytest.raises(eventlog.Conflict):
            await dbx.action(
                eventlog.append_action, eventlog.append_action_pg, "t1", 2, _action_row(1, "b")
            )
        await dbx.close()

    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, run()).result(timeout=120)
        with engine.connect() as c:
            evs = eventlog.since(c, "t1", 0)
            acts = c.execute(text("SELECT idx, action FROM actions ORDER BY idx")).all()
        assert [(e.seq, e.kind) for e in evs] == [(1, "create"), (2, "action")]
        assert evs[1].data == {"game_no": 1, "idx": 0, "action": "a", "seat": 0, "by": "human"}
        assert [tuple(r) for r in acts] == [(0, "a")]
    finally:
        engine.dispose()


def test_action_statement_notifies_once_committed(pg_url: str) -> None:
    """On PostgreSQL the one-statement action is heard as ``'<table> <seq>'`` (autocommit:
    at once), and a lost number is not heard."""
    import psycopg

    url = fresh_pg_db(pg_url)
    engine = make_engine(url)
    try:
        _seed_t1(engine)
        auto = engine.execution_options(isolation_level="AUTOCOMMIT")
        with psycopg.connect(url, autocommit=True) as listener, auto.connect() as c:
            listener.execute("LISTEN pakka_events")
            eventlog.append_action(c, "t1", 2, _action_row(0, "a"))
            heard = [n.payload for n in listener.notifies(timeout=30, stop_after=1)]
            assert heard == ["t1 2"]
            with pytest.raises(eventlog.Conflict):
                eventlog.append_action(c, "t1", 2, _action_row(1, "b"))
            eventlog.append_action(c, "t1", 3, _action_row(1, "c"))
            heard = [n.payload for n in listener.notifies(timeout=30, stop_after=1)]
            assert heard == ["t1 3"], "the lost action of number 2 was heard"
    finally:
        engine.dispose()
        drop_pg_db(url)


def test_dbexec_replaces_connections_postgresql_dropped(pg_url: str) -> None:
    """The worker threads' pool has no checkout ping: when PostgreSQL ends every pooled
    connection (``pg_terminate_backend``, as a restart of the server does), the next
    ``tx``, ``statement`` and ``read`` still succeed on fresh connections, and the
    transaction's change is there once."""
    url = fresh_pg_db(pg_url)
    engine = make_engine(url)
    try:
        _seed_t1(engine)
        dbx = DbExec(engine)
        kill = text(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )

        def dropped() -> int:
            with engine.connect() as c:
                n = int(c.execute(kill).scalar() or 0)
            time.sleep(0.5)
            return n

        async def run() -> None:
            # Open several pooled connections at once, then have them all dropped.
            await asyncio.gather(*(dbx.read(eventlog.last_seq, "t1") for _ in range(4)))
            assert dropped() >= 1
            await dbx.tx(eventlog.append, "t1", 2, eventlog.SEAT, {"seat": 0, "values": {}})
            assert dropped() >= 1
            await dbx.statement(eventlog.append_action, "t1", 3, _action_row(0, "a"))
            assert dropped() >= 1
            assert await dbx.read(eventlog.last_seq, "t1") == 3
            # the asynchronous pool of DbExec.action: opened, then every connection dropped
            act = (eventlog.append_action, eventlog.append_action_pg)
            await dbx.action(*act, "t1", 4, _action_row(1, "b"))
            assert dropped() >= 1
            await dbx.action(*act, "t1", 5, _action_row(2, "c"))
            assert await dbx.read(eventlog.last_seq, "t1") == 5
            await dbx.close()

        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, run()).result(timeout=120)
        with engine.connect() as c:
            assert [(e.seq, e.kind) for e in eventlog.since(c, "t1", 0)] == [
                (1, "create"),
                (2, "seat"),
                (3, "action"),
                (4, "action"),
                (5, "action"),
            ]
    finally:
        engine.dispose()
        drop_pg_db(url)


def test_the_action_pool_opens_again_after_a_failed_opening(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When PostgreSQL cannot be reached at the first action, that action fails and the
    next one opens the asynchronous pool anew (the failed opening is not kept)."""
    from psycopg_pool import AsyncConnectionPool

    url = fresh_pg_db(pg_url)
    engine = make_engine(url)
    real_open = AsyncConnectionPool.open
    failures = [1]

    async def flaky_open(self: AsyncConnectionPool[Any], *args: Any, **kwargs: Any) -> None:
        if failures:
            failures.pop()
            raise OSError("PostgreSQL unreachable")
        await real_open(self, *args, **kwargs)

    monkeypatch.setattr(AsyncConnectionPool, "open", flaky_open)
    act = (eventlog.append_action, eventlog.append_action_pg)
    try:
        _seed_t1(engine)
        dbx = DbExec(engine)

        async def run() -> None:
            with pytest.raises(OSError, match="unreachable"):
                await dbx.action(*act, "t1", 2, _action_row(0, "a"))
            ev = await dbx.action(*act, "t1", 2, _action_row(0, "a"))
            assert ev.seq == 2
            await dbx.close()

        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, run()).result(timeout=120)
        with engine.connect() as c:
            assert [(e.seq, e.kind) for e in eventlog.since(c, "t1", 0)] == [
                (1, "create"),
                (2, "action"),
            ]
    finally:
        engine.dispose()
        drop_pg_db(url)
