"""Ratings in the database (issue 17): a rated game's update, written in the same
transaction as its end, and the leaderboards.

The update is a function of one connection (run by :meth:`Store.finish_game` right
after the ``finish`` event was appended): only the process whose ``finish`` event won
its number gets here, and the primary key of ``rating_changes`` (table, game,
profile) makes a second attempt a no-op, so a game moves ratings exactly once even
with several server processes. Rows being changed are locked (``FOR UPDATE`` on
PostgreSQL; SQLite has one writer) so two tables ending at once for one person
do not lose an update.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, and_, delete, func, insert, select, update

from pakka.ratings import Rating, outcome, rate
from pakka.server import db

FORFEIT_BY = ("zombie", "timeout")
"""Who made an action (``actions.by``) when a bot played for a person who left, let
the clock run out or handed the seat over: such a seat forfeits the rated game."""

MIN_GAMES = 5
"""Default fewest rated games for a place on a leaderboard (``Settings.leaderboard_min_games``)."""


@dataclass(frozen=True)
class RatedEnd:
    """What the rating update needs from a finished game at a rated table."""

    game: str
    winners: Sequence[int]
    scores: Sequence[float]
    profiles: Sequence[str | None]
    """Each seat's profile (``None`` for a bot seat)."""
    names: Sequence[str | None] = ()
    bots: dict[int, Rating] = field(default_factory=dict)
    """The fixed rating of each bot seat (a seat without one plays as a new rating)."""
    left: Sequence[int] = ()
    """Seats whose player left (also forfeits when no bot move was needed yet)."""


def forfeits(c: Connection, table_id: str, game_no: int) -> set[int]:
    """The seats a bot played for a person in game ``game_no`` (they forfeit)."""
    rows = c.execute(
        select(db.actions.c.seat)
        .where(
            db.actions.c.table_id == table_id,
            db.actions.c.game_no == game_no,
            db.actions.c.by.in_(FORFEIT_BY),
        )
        .distinct()
    )
    return {int(r[0]) for r in rows}


def apply_ratings(
    c: Connection, table_id: str, game_no: int, end: RatedEnd
) -> list[dict[str, Any]]:
    """Update every person's rating for ``end`` (bots keep theirs) and record the
    changes; returns them (the stored ones if this game was already rated)."""
    done = changes_of_game(c, table_id, game_no)
    if done:
        return done
    n = len(end.profiles)
    people = {s: p for s, p in enumerate(end.profiles) if p is not None}
    lost = forfeits(c, table_id, game_no) | set(end.left)
    result = outcome(end.game, n, end.winners, end.scores, lost & set(people))
    stored: dict[str, dict[str, Any]] = {}
    if people:
        q = select(db.ratings).where(
            db.ratings.c.game == end.game, db.ratings.c.profile_id.in_(set(people.values()))
        )
        if c.dialect.name == "postgresql":
            q = q.with_for_update()
        stored = {r["profile_id"]: dict(r) for r in c.execute(q).mappings()}
    before = []
    for s in range(n):
        p = people.get(s)
        if p is None:
            before.append(end.bots.get(s, Rating()))
        elif p in stored:
            before.append(Rating(stored[p]["mu"], stored[p]["sigma"]))
        else:
            before.append(Rating())
    after = rate(result, before, fixed=set(range(n)) - set(people))
    now = time.time()
    ranks = result.seat_ranks()
    out = []
    for s, p in people.items():
        new = after[s]
        if p in stored:
            c.execute(
                update(db.ratings)
                .where(db.ratings.c.profile_id == p, db.ratings.c.game == end.game)
                .values(mu=new.mu, sigma=new.sigma, games=db.ratings.c.games + 1, updated=now)
            )
        else:
            c.execute(
                insert(db.ratings).values(
                    profile_id=p, game=end.game, mu=new.mu, sigma=new.sigma, games=1, updated=now
                )
            )
        row = {
            "table_id": table_id,
            "game_no": game_no,
            "profile_id": p,
            "game": end.game,
            "seat": s,
            "name": end.names[s] if s < len(end.names) else None,
            "rank": ranks[s],
            "forfeited": s in lost,
            "mu_before": before[s].mu,
            "sigma_before": before[s].sigma,
            "mu_after": new.mu,
            "sigma_after": new.sigma,
            "at": now,
        }
        c.execute(insert(db.rating_changes).values(**row))
        out.append(row)
    return out


def changes_of_game(c: Connection, table_id: str, game_no: int) -> list[dict[str, Any]]:
    """The stored rating changes of one game, by seat."""
    rows = c.execute(
        select(db.rating_changes)
        .where(db.rating_changes.c.table_id == table_id, db.rating_changes.c.game_no == game_no)
        .order_by(db.rating_changes.c.seat)
    ).mappings()
    return [dict(r) for r in rows]


def profile_ratings(c: Connection, profile_id: str) -> list[dict[str, Any]]:
    """A profile's rating in every game it has played rated (for ``/api/me``)."""
    rows = c.execute(
        select(db.ratings).where(db.ratings.c.profile_id == profile_id).order_by(db.ratings.c.game)
    ).mappings()
    return [_shown(dict(r)) for r in rows]


def history(c: Connection, profile_id: str, limit: int = 50) -> list[dict[str, Any]]:
    """A profile's newest rating changes (the profile page's history)."""
    rows = c.execute(
        select(db.rating_changes)
        .where(db.rating_changes.c.profile_id == profile_id)
        .order_by(db.rating_changes.c.at.desc())
        .limit(limit)
    ).mappings()
    out = []
    for r in rows:
        d = dict(r)
        d["before"] = Rating(d["mu_before"], d["sigma_before"]).shown
        d["after"] = Rating(d["mu_after"], d["sigma_after"]).shown
        out.append(d)
    return out


def _shown(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": row["game"],
        "mu": row["mu"],
        "sigma": row["sigma"],
        "rating": Rating(row["mu"], row["sigma"]).shown,
        "games": row["games"],
        "updated": row["updated"],
    }


def leaderboard(
    c: Connection,
    game: str,
    min_games: int = MIN_GAMES,
    limit: int = 50,
    profile_id: str | None = None,
) -> dict[str, Any]:
    """The top ``limit`` of ``game`` by the conservative ordinal μ − 3σ among profiles
    with at least ``min_games`` rated games, and ``profile_id``'s own place (``None``
    when it has too few games or none)."""
    ordinal = (db.ratings.c.mu - 3.0 * db.ratings.c.sigma).label("ordinal")
    base = and_(db.ratings.c.game == game, db.ratings.c.games >= min_games)
    # The names come from the profile rows (a rename shows at once; rating rows hold
    # no names, and a deleted profile has no ratings left).
    rows = [
        dict(r)
        for r in c.execute(
            select(db.ratings, ordinal, db.profiles.c.name.label("name"))
            .outerjoin(db.profiles, db.profiles.c.id == db.ratings.c.profile_id)
            .where(base)
            .order_by(ordinal.desc(), db.ratings.c.games.desc(), db.ratings.c.profile_id)
            .limit(limit)
        ).mappings()
    ]
    mine = None
    if profile_id is not None:
        own = (
            c.execute(
                select(db.ratings, ordinal).where(
                    db.ratings.c.game == game, db.ratings.c.profile_id == profile_id
                )
            )
            .mappings()
            .first()
        )
        if own is not None:
            mine = _shown(dict(own))
            if own["games"] >= min_games:
                above = c.execute(
                    select(func.count()).where(base, ordinal > own["ordinal"])
                ).scalar_one()
                mine["place"] = int(above) + 1
            else:
                mine["place"] = None
    total = c.execute(select(func.count()).select_from(db.ratings).where(base)).scalar_one()
    top = []
    for i, r in enumerate(rows):
        who = {"place": i + 1, "name": r["name"]}
        top.append(who | {"you": r["profile_id"] == profile_id} | _shown(r))
    return {"game": game, "min_games": min_games, "players": int(total), "top": top, "me": mine}


def forget(c: Connection, profile_id: str) -> None:
    """A deleted profile's ratings go; its rating changes stay (other players' records
    of those games) but lose the profile and the name ("former player")."""
    c.execute(delete(db.ratings).where(db.ratings.c.profile_id == profile_id))
    c.execute(
        update(db.rating_changes)
        .where(db.rating_changes.c.profile_id == profile_id)
        .values(profile_id="former:" + profile_id[:24], name=None)
    )
