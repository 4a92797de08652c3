"""Alembic migrations: a database created at the previous revision, holding a
table in play, upgrades to the newest schema and the table plays on."""

from __future__ import annotations

import json
import time

from sqlalchemy import text

import pakka
from pakka.server.db import current_revision, make_engine, migrate
from pakka.server.seats import digest

from .conftest import Server, texts

PREVIOUS, HEAD = "0002", "0003"


def test_upgrade_from_previous_revision_keeps_tables(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine, PREVIOUS)
    assert current_revision(engine) == PREVIOUS
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
    finally:
        server.stop()


def test_migrations_downgrade_and_upgrade_again(sqlite_url: str) -> None:
    from alembic import command

    from pakka.server.db import alembic_config

    engine = make_engine(sqlite_url)
    migrate(engine)
    assert current_revision(engine) == HEAD
    command.downgrade(alembic_config(engine), PREVIOUS)
    assert current_revision(engine) == PREVIOUS
    migrate(engine)
    assert current_revision(engine) == HEAD
