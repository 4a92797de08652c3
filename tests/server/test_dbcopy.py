"""``pakka db copy``: a site moves from SQLite to PostgreSQL with one command and
every table, seat, game, action, event and record survives; the copied site
plays on."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from pakka.cli.main import main
from pakka.server import db
from pakka.server.db import make_engine

from .conftest import Server, drop_pg_db, fresh_pg_db, texts, watch


def _rows(url: str) -> dict[str, list[dict[str, Any]]]:
    engine = make_engine(url)
    out = {}
    with engine.connect() as c:
        for table in db.metadata.sorted_tables:
            pk = list(table.primary_key.columns)
            out[table.name] = [dict(r) for r in c.execute(select(table).order_by(*pk)).mappings()]
    engine.dispose()
    return out


def test_db_copy_sqlite_to_postgresql(sqlite_url: str, pg_url: str) -> None:
    src = Server(sqlite_url)
    try:
        t = src.create(game="toy", players=2, take_seat=0, name="Moved")
        tok1 = src.claim(t["invites"][0]["code"], "B")["token"]
        c = src.client(t["table_id"], tokens=[t["seat_tokens"]["0"], tok1])
        sid = 0
        while (cp := c.wait_state(sid, 0)["view"]["current_player"]) is not None:
            legal = texts(c.wait_state(sid, cp))
            c.send({"type": "action", "seat": cp, "state_id": sid, "action": legal[0]})
            sid += 1
        c.send({"type": "play_again", "game_no": 1})
        c.wait_state(sid + 1, 0)
        record = src.http.get(f"/api/tables/{t['table_id']}/games/1/record", headers=watch(t))
        assert record.status_code == 200
        summary = src.http.get(f"/api/tables/{t['table_id']}", headers=watch(t)).json()
        bots = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
        src.create(game="toy", players=2, seats=bots)
        c.close()
    finally:
        src.stop()
    dest = fresh_pg_db(pg_url)
    try:
        assert main(["db", "copy", "--from", sqlite_url, "--to", dest]) == 0
        before, after = _rows(sqlite_url), _rows(dest)
        assert set(before) == {t.name for t in db.metadata.sorted_tables}
        for name in before:
            if name == "leases":
                continue  # who runs what: a SQLite site holds none
            assert after[name] == before[name], name
        assert len(after["events"]) > 0 and len(after["seats"]) == 4
        # a second copy into the same database is refused (it is not empty)
        assert main(["db", "copy", "--from", sqlite_url, "--to", dest]) != 0
        moved = Server(dest)
        try:
            got = moved.http.get(f"/api/tables/{t['table_id']}", headers=watch(t)).json()
            assert got["state_id"] == summary["state_id"] and got["games"] == summary["games"]
            # Who is connected (and their presence) belongs to a process, not to the data.
            live = {"connected", "presence"}
            seats = [{k: v for k, v in x.items() if k not in live} for x in got["seats"]]
            assert seats == [
                {k: v for k, v in x.items() if k not in live} for x in summary["seats"]
            ]
            again = moved.http.get(f"/api/tables/{t['table_id']}/games/1/record", headers=watch(t))
            assert again.json() == record.json()
            c = moved.client(t["table_id"], tokens=[t["seat_tokens"]["0"], tok1])
            f = c.wait_state(summary["state_id"], 0)
            cp = f["view"]["current_player"]
            legal = texts(c.wait_state(summary["state_id"], cp))
            c.send(
                {"type": "action", "seat": cp, "state_id": summary["state_id"], "action": legal[0]}
            )
            assert c.wait_state(summary["state_id"] + 1, cp)["last_action"]["action"] == legal[0]
        finally:
            moved.stop()
    finally:
        drop_pg_db(dest)
