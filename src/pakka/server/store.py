"""Database operations (blocking; the hub runs them on one dedicated thread).

Every write commits before it returns, so the hub can broadcast afterwards
knowing that the change is durable.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update

from pakka.server import db

_INSERT_ACTION = insert(db.actions)
"""Built once: the hot path only binds parameters (no statement construction)."""


@dataclass
class StoredTable:
    """A table as read back from the database, ready for replay."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    games: list[dict[str, Any]]
    actions: dict[int, list[dict[str, Any]]] = field(default_factory=dict)


class Store:
    """The event store: tables, seats, games and accepted actions."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create_table(
        self,
        row: dict[str, Any],
        seats: list[dict[str, Any]],
        game: dict[str, Any],
        actions: list[dict[str, Any]] | None = None,
    ) -> None:
        """Insert a new table with its seats, first game and set-up actions (testing
        servers only), in one transaction."""
        with self.engine.begin() as c:
            c.execute(insert(db.tables).values(**row))
            c.execute(insert(db.seats), seats)
            c.execute(insert(db.games).values(**game))
            if actions:
                c.execute(_INSERT_ACTION, actions)

    def undo_actions(self, table_id: str, game_no: int, keep: int, steps: int) -> None:
        """Take back every action of a game from index ``keep`` on (an undo); ``steps``
        state ids (those of the taken-back actions and of the undo itself) are added
        to ``games.undos`` so that state ids keep increasing after a restart."""
        with self.engine.begin() as c:
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

    def add_action(
        self, table_id: str, game_no: int, idx: int, action: str, seat: int, by: str
    ) -> None:
        """Record an accepted action (the primary key makes a second action with the
        same index fail, so an index is never used twice)."""
        row = {
            "table_id": table_id,
            "game_no": game_no,
            "idx": idx,
            "action": action,
            "seat": seat,
            "by": by,
            "at": time.time(),
        }
        with self.engine.begin() as c:
            c.execute(_INSERT_ACTION, row)

    def finish_game(self, table_id: str, game_no: int) -> None:
        """Mark a game over (its record becomes downloadable)."""
        with self.engine.begin() as c:
            c.execute(
                update(db.games)
                .where(db.games.c.table_id == table_id, db.games.c.game_no == game_no)
                .values(finished=time.time())
            )

    def start_game(self, table_id: str, game_no: int, seed: int, options: dict[str, Any]) -> None:
        """Record the next game at a table."""
        with self.engine.begin() as c:
            c.execute(
                insert(db.games).values(
                    table_id=table_id,
                    game_no=game_no,
                    seed=seed,
                    options=json.dumps(options),
                    started=time.time(),
                )
            )

    def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        """Change a seat's holder, status, invite or zombie flag."""
        with self.engine.begin() as c:
            c.execute(
                update(db.seats)
                .where(db.seats.c.table_id == table_id, db.seats.c.seat == seat)
                .values(**values)
            )

    def close_table(self, table_id: str) -> None:
        """Close a table for good."""
        with self.engine.begin() as c:
            c.execute(update(db.tables).where(db.tables.c.id == table_id).values(closed=True))

    def load_open(self) -> list[StoredTable]:
        """Every table that is not closed, with the actions of its current game."""
        out: list[StoredTable] = []
        with self.engine.connect() as c:
            rows = c.execute(select(db.tables).where(db.tables.c.closed.is_(False))).mappings()
            for row in list(rows):
                out.append(self._load(c, dict(row)))
        return out

    def load_table(self, table_id: str) -> StoredTable | None:
        """One table (closed or not), with the actions of its current game."""
        with self.engine.connect() as c:
            row = c.execute(select(db.tables).where(db.tables.c.id == table_id)).mappings().first()
            return None if row is None else self._load(c, dict(row))

    def _load(self, c: Any, row: dict[str, Any]) -> StoredTable:
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
        return StoredTable(row=row, seats=seats, games=games, actions=acts)
