"""Ratings in the database (issue 17), on SQLite and PostgreSQL: a rated game's end
moves each person's rating exactly as ``openskill`` says, once (idempotent per table
and game), bots keep their fixed ratings, forfeits rank last, and the leaderboard
orders by μ − 3σ with a minimum of games and the requester's own place."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import insert, select

from pakka.ratings import Rating
from pakka.server import db, profiles
from pakka.server.db import make_engine, migrate
from pakka.server.eventlog import Conflict
from pakka.server.ratings import RatedEnd, changes_of_game, history, leaderboard, profile_ratings
from pakka.server.store import Store


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A store on a fresh migrated database of each kind (its connections closed after)."""
    engine = make_engine(db_url)
    migrate(engine)
    yield Store(engine)
    engine.dispose()


def _table(store: Store, table_id: str, players: int, game: str = "koodinmurtaja") -> None:
    row = {
        "id": table_id,
        "name": "Rated",
        "game": game,
        "players": players,
        "options": json.dumps({}),
        "listed": False,
        "hotseat": False,
        "clock": None,
        "admin_hash": "a" * 64,
        "watch_hash": "w" * 64,
        "created": time.time(),
        "closed": False,
        "rated": True,
    }
    seats = [
        {
            "table_id": table_id,
            "seat": s,
            "kind": "human",
            "level": None,
            "name": f"P{s}",
            "status": "claimed",
            "token_hash": None,
            "invite_hash": None,
            "zombie": False,
        }
        for s in range(players)
    ]
    game_row = {
        "table_id": table_id,
        "game_no": 1,
        "seed": 1,
        "options": "{}",
        "started": time.time(),
        "deck": None,
    }
    with store.engine.begin() as c:
        store.create_table(c, row, seats, game_row)


def _finish(store: Store, table_id: str, seq: int, end: RatedEnd, game_no: int = 1) -> None:
    with store.engine.begin() as c:
        store.finish_game(c, table_id, seq, game_no, end)


def _direct(teams: list[list[Rating]], ranks: list[float]) -> list[list[tuple[float, float]]]:
    model = PlackettLuce()
    out = model.rate(
        [[model.rating(mu=r.mu, sigma=r.sigma) for r in t] for t in teams], ranks=ranks
    )
    return [[(p.mu, p.sigma) for p in t] for t in out]


def _rating(store: Store, profile: str, game: str) -> dict[str, Any]:
    with store.engine.connect() as c:
        return {r["game"]: r for r in profile_ratings(c, profile)}[game]


def test_a_rated_game_moves_ratings_as_openskill_says_once(store: Store) -> None:
    _table(store, "t1", 2)
    end = RatedEnd("koodinmurtaja", winners=[1], scores=[0, 1], profiles=["pa", "pb"])
    _finish(store, "t1", 2, end)
    expect = _direct([[Rating()], [Rating()]], [1.0, 0.0])
    a, b = _rating(store, "pa", "koodinmurtaja"), _rating(store, "pb", "koodinmurtaja")
    assert (a["mu"], a["sigma"]) == expect[0][0] and (b["mu"], b["sigma"]) == expect[1][0]
    assert a["games"] == b["games"] == 1
    assert b["rating"] > 1500 > a["rating"] or b["rating"] > a["rating"]
    # The same game again (another process, a retry): the event number is taken.
    with pytest.raises(Conflict):
        _finish(store, "t1", 2, end)
    # Even with a fresh event number the game is not rated twice.
    _finish(store, "t1", 3, end)
    assert _rating(store, "pa", "koodinmurtaja")["games"] == 1
    with store.engine.connect() as c:
        changes = changes_of_game(c, "t1", 1)
        assert [(ch["profile_id"], ch["rank"]) for ch in changes] == [("pa", 1), ("pb", 0)]
        assert history(c, "pb")[0]["after"] == b["rating"]


def test_a_second_game_starts_from_the_stored_rating(store: Store) -> None:
    _table(store, "t1", 2)
    _table(store, "t2", 2)
    _finish(store, "t1", 2, RatedEnd("koodinmurtaja", [0], [1, 0], ["pa", "pb"]))
    a1 = _rating(store, "pa", "koodinmurtaja")
    b1 = _rating(store, "pb", "koodinmurtaja")
    _finish(store, "t2", 2, RatedEnd("koodinmurtaja", [0], [1, 0], ["pb", "pa"]))
    expect = _direct([[Rating(b1["mu"], b1["sigma"])], [Rating(a1["mu"], a1["sigma"])]], [0.0, 1.0])
    b2 = _rating(store, "pb", "koodinmurtaja")
    assert (b2["mu"], b2["sigma"]) == expect[0][0] and b2["games"] == 2


def test_bots_keep_their_fixed_rating_and_a_forfeit_ranks_last(store: Store) -> None:
    _table(store, "t1", 3)
    bot = Rating(28.0, 1.2)
    with store.engine.begin() as c:  # seat 0's player let the clock run out once
        c.execute(
            insert(db.actions).values(
                table_id="t1", game_no=1, idx=0, action="x", seat=0, by="timeout", at=1.0
            )
        )
    end = RatedEnd(
        "koodinmurtaja", winners=[0], scores=[1, 0, 0], profiles=["pa", None, "pc"], bots={1: bot}
    )
    _finish(store, "t1", 2, end)
    # Seat 0 won on the board but forfeited: last. Seats 1 and 2 tie ahead of it.
    expect = _direct([[Rating()], [bot], [Rating()]], [1.0, 0.0, 0.0])
    a, c_ = _rating(store, "pa", "koodinmurtaja"), _rating(store, "pc", "koodinmurtaja")
    assert (a["mu"], a["sigma"]) == expect[0][0]
    assert (c_["mu"], c_["sigma"]) == expect[2][0]
    with store.engine.connect() as c:
        ids = {r[0] for r in c.execute(select(db.ratings.c.profile_id))}
        assert ids == {"pa", "pc"}  # the bot has no row: its rating is fixed
        changes = {ch["profile_id"]: ch for ch in changes_of_game(c, "t1", 1)}
        assert changes["pa"]["forfeited"] and changes["pa"]["rank"] == 1


def test_four_player_viisisataa_partnerships(store: Store) -> None:
    _table(store, "t1", 4, "viisisataa")
    end = RatedEnd("viisisataa", [1, 3], [120, 505, 120, 505], ["p0", "p1", "p2", "p3"])
    _finish(store, "t1", 2, end)
    expect = _direct([[Rating(), Rating()], [Rating(), Rating()]], [1.0, 0.0])
    got = [_rating(store, f"p{s}", "viisisataa") for s in range(4)]
    assert [(g["mu"], g["sigma"]) for g in got] == [
        expect[0][0],
        expect[1][0],
        expect[0][1],
        expect[1][1],
    ]


def test_leaderboard_minimum_games_order_and_own_place(store: Store) -> None:
    with store.engine.begin() as c:
        for i, (mu, sigma, games) in enumerate(
            [(30.0, 2.0, 10), (27.0, 1.0, 6), (35.0, 6.0, 5), (40.0, 1.0, 2), (20.0, 3.0, 9)]
        ):
            c.execute(
                insert(db.ratings).values(
                    profile_id=f"p{i}", game="ravaytys", mu=mu, sigma=sigma, games=games, updated=0
                )
            )
            c.execute(insert(db.profiles).values(id=f"p{i}", name=f"Player {i}", created=0))
        c.execute(
            insert(db.ratings).values(
                profile_id="p0", game="koodinmurtaja", mu=50, sigma=1, games=50, updated=0
            )
        )
    with store.engine.connect() as c:
        board = leaderboard(c, "ravaytys", min_games=5, profile_id="p4")
        # The names are the profile rows' (joined), not copies kept with the ratings.
        assert [t["name"] for t in board["top"]] == ["Player 0", "Player 1", "Player 2", "Player 4"]
        # Ordinals: p0 24, p1 24, p2 17, p4 11; p3 has too few games. Ties: more games first.
        assert [t["place"] for t in board["top"]] == [1, 2, 3, 4]
        assert [t["rating"] for t in board["top"]] == [1980, 1980, 1840, 1720]
        assert [t["you"] for t in board["top"]] == [False, False, False, True]
        assert board["players"] == 4
        assert board["me"]["place"] == 4 and board["me"]["rating"] == 1720
        few = leaderboard(c, "ravaytys", min_games=5, profile_id="p3")
        assert few["me"]["place"] is None and few["me"]["games"] == 2
        assert leaderboard(c, "ravaytys", profile_id="nobody")["me"] is None
        assert leaderboard(c, "ravaytys", min_games=1, limit=2)["top"][0]["rating"] == 2240
    with store.engine.begin() as c:
        profiles.rename(c, "p1", "Renamed")
    with store.engine.connect() as c:
        assert leaderboard(c, "ravaytys", min_games=5)["top"][1]["name"] == "Renamed"
