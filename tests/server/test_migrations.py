"""Alembic migrations: there is exactly one head, and a database created at any
earlier revision, holding a table in play, upgrades to the newest schema (its
event log back-filled) and the table plays on, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time

import pytest
from sqlalchemy import text

import pakka
from pakka.server.db import alembic_config, current_revision, make_engine, migrate
from pakka.server.seats import digest

from .conftest import Server, texts

PREVIOUS, HEAD = "0005", "0006"
EARLIER = ["0001", "0002", "0003", "0004", "0007", "0008", "0005"]
"""Every revision before the head (a test below checks that this list is complete)."""
BEFORE_LOG = [r for r in EARLIER if r < "0004"]
"""The revisions before the event log: their tables get a back-filled log."""


def test_exactly_one_head_and_every_earlier_revision_listed() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from pakka.server.db import MIGRATIONS

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(cfg)
    assert script.get_heads() == [HEAD], "several migrations branch off one revision"
    revs = sorted(r.revision for r in script.walk_revisions())
    assert revs == sorted([*EARLIER, HEAD])


BEFORE_LOG = [r for r in EARLIER if r < "0004"]
"""Revisions before the event log: a table inserted there by hand gets its log back-filled
(from 0004 on a table is written through its log, which this test's raw inserts skip)."""


@pytest.mark.parametrize("earlier", BEFORE_LOG)
def test_upgrade_from_earlier_revision_keeps_tables(db_url: str, earlier: str) -> None:
    engine = make_engine(db_url)
    migrate(engine, earlier)
    assert current_revision(engine) == earlier
    game = pakka.load("toy", players=2)
    state = game.new_state(seed=1234)
    moves = [str(state.legal_actions()[0])]
    state.apply(moves[0])
    moves.append(str(state.legal_actions()[0]))
    state.apply(moves[1])
    now = time.time()
    with engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO tables (id, name, game, players, options, listed, hotseat, clock,"
                " admin_hash, watch_hash, created) VALUES ('old1', 'Old', 'toy', 2, :o,"
                " false, false, NULL, :a, :w, :t)"
            ),
            {
                "o": json.dumps({"hand": 2, "dealer": 0}),
                "a": digest("admin-secret"),
                "w": digest("watch-secret"),
                "t": now,
            },
        )
        for seat in (0, 1):
            c.execute(
                text(
                    "INSERT INTO seats (table_id, seat, kind, level, name, status, token_hash,"
                    " invite_hash, zombie) VALUES ('old1', :s, 'human', NULL, :n, 'claimed',"
                    " :h, NULL, false)"
                ),
                {"s": seat, "n": f"P{seat}", "h": digest(f"seat-token-{seat}")},
            )
        c.execute(
            text(
                "INSERT INTO games (table_id, game_no, seed, options, started, finished)"
                " VALUES ('old1', 1, 1234, :o, :t, NULL)"
            ),
            {"o": json.dumps({"hand": 2, "dealer": 0}), "t": now},
        )
        for i, m in enumerate(moves):
            c.execute(
                text(
                    "INSERT INTO actions (table_id, game_no, idx, action, seat, by, at)"
                    " VALUES ('old1', 1, :i, :a, :s, 'human', :t)"
                ),
                {"i": i, "a": m, "s": (1 + i) % 2, "t": now},
            )
    engine.dispose()

    server = Server(db_url)  # migrates to the newest revision at start-up
    try:
        assert current_revision(make_engine(db_url)) == HEAD
        bearer = {"Authorization": "Bearer seat-token-1"}  # an unlisted table
        summary = server.http.get("/api/tables/old1", headers=bearer).json()
        assert summary["state_id"] == 2 and not summary["closed"]
        client = server.client("old1", tokens=["seat-token-1"])
        f = client.wait_state(2, 1)
        view = state.view(1)
        view.pop("log")
        assert f["view"] == view
        client.send({"type": "action", "state_id": 2, "action": texts(f)[0]})
        assert client.wait_state(3, 1)["last_action"]["by"] == "human"
        # the log was back-filled (created, two actions) and goes on from there
        with make_engine(db_url).connect() as c:
            kinds = c.execute(
                text("SELECT seq, kind FROM events WHERE table_id = 'old1' ORDER BY seq")
            ).all()
        assert [tuple(k) for k in kinds] == [
            (1, "create"),
            (2, "action"),
            (3, "action"),
            (4, "action"),
        ]
    finally:
        server.stop()


def test_migrations_downgrade_and_upgrade_again(sqlite_url: str) -> None:
    from alembic import command

    engine = make_engine(sqlite_url)
    migrate(engine)
    assert current_revision(engine) == HEAD
    command.downgrade(alembic_config(engine), PREVIOUS)
    assert current_revision(engine) == PREVIOUS
    migrate(engine)
    assert current_revision(engine) == HEAD


def test_0005_adds_profiles_and_keeps_seats(db_url: str) -> None:
    """A database at 0004 with a claimed seat upgrades to 0005: the seat keeps its token
    digest (tokens were never stored in the clear), is bound to no profile and is not a
    former player's; the profile tables exist."""
    from sqlalchemy import inspect

    engine = make_engine(db_url)
    migrate(engine, "0004")
    with engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO tables (id, name, game, players, options, listed, hotseat, clock,"
                " admin_hash, watch_hash, created, closed) VALUES ('t5', 'T', 'toy', 2, '{}',"
                " false, false, NULL, 'a', 'w', 1.0, false)"
            )
        )
        c.execute(
            text(
                "INSERT INTO seats (table_id, seat, kind, level, name, status, token_hash,"
                " invite_hash, zombie) VALUES ('t5', 0, 'human', NULL, 'P', 'claimed', :h,"
                " NULL, false)"
            ),
            {"h": digest("tok")},
        )
    migrate(engine, "0005")
    assert current_revision(engine) == "0005"
    names = set(inspect(engine).get_table_names())
    assert {"profiles", "sessions", "login_failures"} <= names
    with engine.connect() as c:
        row = c.execute(
            text("SELECT token_hash, profile_id, former FROM seats WHERE table_id = 't5'")
        ).one()
    assert row[0] == digest("tok") and row[1] is None and not row[2]
    engine.dispose()
