"""Database operations: each is a function of one SQLAlchemy ``Connection`` run in
one transaction by :class:`~pakka.server.dbexec.DbExec` (never on the event loop).

Every change first appends its event to the table's log
(:func:`pakka.server.eventlog.append`, which raises
:class:`~pakka.server.eventlog.Conflict` when another writer took the number)
and then updates the projection tables in the same transaction, so the hub can
broadcast after the commit knowing that the change is durable.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, delete, insert, select, text, update

from pakka.server import chat, db, eventlog, ratings
from pakka.server.eventlog import Event
from pakka.server.ratings import RatedEnd

if TYPE_CHECKING:
    import psycopg

_INSERT_ACTION = insert(db.actions)
"""Built once: the hot path only binds parameters (no statement construction)."""


@dataclass
class StoredTable:
    """A table as read back from the database, ready for replay."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    games: list[dict[str, Any]]
    actions: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    seq: int = 0
    """The number of the table's newest event."""
    chat: list[Event] = field(default_factory=list)
    """The table's chat events (:mod:`pakka.server.chat`)."""


class Store:
    """The event store: tables, seats, games and accepted actions, behind the log."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create_table(
        self,
        c: Connection,
        row: dict[str, Any],
        seats: list[dict[str, Any]],
        game: dict[str, Any],
        actions: list[dict[str, Any]] | None = None,
    ) -> int:
        """Insert a new table with its seats, first game and set-up actions (testing
        servers only); returns the number of its newest event."""
        c.execute(insert(db.tables).values(**row))
        eventlog.append(c, row["id"], 1, eventlog.CREATE, {})
        c.execute(insert(db.seats), seats)
        c.execute(insert(db.games).values(**game))
        seq = 1
        for a in actions or []:
            seq += 1
            eventlog.append(c, row["id"], seq, eventlog.ACTION, _action_data(a))
        if actions:
            c.execute(_INSERT_ACTION, actions)
        return seq

    def undo_actions(
        self, c: Connection, table_id: str, seq: int, game_no: int, keep: int, steps: int
    ) -> Event:
        """Take back every action of a game from index ``keep`` on (an undo, event
        ``seq``); ``steps`` state ids (those of the taken-back actions and of the
        undo itself) are added to ``games.undos`` so that state ids keep increasing
        after a restart. The log keeps the taken-back actions: it only grows."""
        ev = eventlog.append(
            c, table_id, seq, eventlog.UNDO, {"game_no": game_no, "keep": keep, "steps": steps}
        )
        c.execute(
            delete(db.actions).where(
                db.actions.c.table_id == table_id,
                db.actions.c.game_no == game_no,
                db.actions.c.idx >= keep,
            )
        )
        c.execute(
            update(db.games)
            .where(db.games.c.table_id == table_id, db.games.c.game_no == game_no)
            .values(undos=db.games.c.undos + steps)
        )
        return ev

    @staticmethod
    def _action_row(
        table_id: str, game_no: int, idx: int, action: str, seat: int, by: str
    ) -> dict[str, Any]:
        return {
            "table_id": table_id,
            "game_no": game_no,
            "idx": idx,
            "action": action,
            "seat": seat,
            "by": by,
            "at": time.time(),
        }

    def add_action(
        self,
        c: Connection,
        table_id: str,
        seq: int,
        game_no: int,
        idx: int,
        action: str,
        seat: int,
        by: str,
    ) -> list[Event]:
        """Record an accepted action as event ``seq`` (SQLite: in the caller's
        transaction; PostgreSQL: :meth:`add_action_pg` is the server's path)."""
        row = self._action_row(table_id, game_no, idx, action, seat, by)
        return [eventlog.append_action(c, table_id, seq, row)]

    async def add_action_pg(
        self,
        conn: psycopg.AsyncConnection[Any],
        table_id: str,
        seq: int,
        game_no: int,
        idx: int,
        action: str,
        seat: int,
        by: str,
    ) -> list[Event]:
        """:meth:`add_action` on PostgreSQL: one statement on an autocommit connection of
        the asynchronous pool (:meth:`~pakka.server.dbexec.DbExec.action`)."""
        row = self._action_row(table_id, game_no, idx, action, seat, by)
        return [await eventlog.append_action_pg(conn, table_id, seq, row)]

    def finish_game(
        self, c: Connection, table_id: str, seq: int, game_no: int, rated: RatedEnd | None = None
    ) -> Event:
        """Mark a game over (its record becomes downloadable); at a rated table the
        players' ratings move in the same transaction (:func:`ratings.apply_ratings`)."""
        ev = eventlog.append(c, table_id, seq, eventlog.FINISH, {"game_no": game_no})
        c.execute(
            update(db.games)
            .where(db.games.c.table_id == table_id, db.games.c.game_no == game_no)
            .values(finished=time.time())
        )
        if rated is not None:
            ratings.apply_ratings(c, table_id, game_no, rated)
        return ev

    def start_game(
        self,
        c: Connection,
        table_id: str,
        seq: int,
        game_no: int,
        seed: int,
        options: dict[str, Any],
    ) -> Event:
        """Record the next game at a table."""
        ev = eventlog.append(
            c, table_id, seq, eventlog.GAME, {"game_no": game_no, "seed": seed, "options": options}
        )
        c.execute(
            insert(db.games).values(
                table_id=table_id,
                game_no=game_no,
                seed=seed,
                options=json.dumps(options),
                started=time.time(),
            )
        )
        return ev

    def update_seat(
        self, c: Connection, /, table_id: str, seq: int, seat: int, kind: str, **values: Any
    ) -> Event:
        """Change a seat's holder, status, invite or zombie flag (event ``kind``:
        ``seat``, or ``claim`` when an invite is used)."""
        ev = eventlog.append(c, table_id, seq, kind, {"seat": seat, "values": values})
        c.execute(
            update(db.seats)
            .where(db.seats.c.table_id == table_id, db.seats.c.seat == seat)
            .values(**values)
        )
        return ev

    def close_table(self, c: Connection, table_id: str, seq: int) -> Event:
        """Close a table for good."""
        ev = eventlog.append(c, table_id, seq, eventlog.CLOSE, {})
        c.execute(update(db.tables).where(db.tables.c.id == table_id).values(closed=True))
        return ev

    def load_open(self, c: Connection) -> list[StoredTable]:
        """Every table that is not closed, with the actions of its current game."""
        _snapshot(c)
        rows = c.execute(select(db.tables).where(db.tables.c.closed.is_(False))).mappings()
        return [self._load(c, dict(row)) for row in list(rows)]

    def listed_open(self, c: Connection, game: str | None, limit: int) -> list[str]:
        """The ids of the newest listed open tables (of ``game``, if given)."""
        q = select(db.tables.c.id).where(db.tables.c.closed.is_(False), db.tables.c.listed)
        if game:
            q = q.where(db.tables.c.game == game)
        q = q.order_by(db.tables.c.created.desc()).limit(limit)
        return [str(r[0]) for r in c.execute(q).all()]

    def load_table(self, c: Connection, table_id: str) -> StoredTable | None:
        """One table (closed or not), with the actions of its current game."""
        _snapshot(c)
        row = c.execute(select(db.tables).where(db.tables.c.id == table_id)).mappings().first()
        return None if row is None else self._load(c, dict(row))

    def _load(self, c: Connection, row: dict[str, Any]) -> StoredTable:
        tid = row["id"]
        seats = [
            dict(r)
            for r in c.execute(
                select(db.seats).where(db.seats.c.table_id == tid).order_by(db.seats.c.seat)
            ).mappings()
        ]
        games = [
            dict(r)
            for r in c.execute(
                select(db.games).where(db.games.c.table_id == tid).order_by(db.games.c.game_no)
            ).mappings()
        ]
        acts: dict[int, list[dict[str, Any]]] = {}
        for r in c.execute(
            select(db.actions)
            .where(db.actions.c.table_id == tid)
            .order_by(db.actions.c.game_no, db.actions.c.idx)
        ).mappings():
            acts.setdefault(r["game_no"], []).append(dict(r))
        seq = eventlog.last_seq(c, tid)
        talk = chat.load_events(c, tid)
        return StoredTable(row=row, seats=seats, games=games, actions=acts, seq=seq, chat=talk)


def _snapshot(c: Connection) -> None:
    """Read a table in one snapshot (the first statement of the transaction): on
    PostgreSQL each statement of a READ COMMITTED transaction sees the commits made
    before it, so the actions and the newest event number could disagree while
    another process writes the table, and the table would be loaded one event off."""
    if c.dialect.name == "postgresql":
        c.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"))


def _action_data(row: dict[str, Any]) -> dict[str, Any]:
    return {k: row[k] for k in ("game_no", "idx", "action", "seat", "by")}
