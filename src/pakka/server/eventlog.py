"""The append-only event log of every table: one sequence number per table covers
every change (table created, action, undo, next game, game over, seat change,
invite claim, table closed).

An event is accepted by inserting row ``(table_id, seq)`` with the next number:
the primary key is the unique constraint that decides between two writers, so
when two processes (or two clients at the same state) race for the same number
exactly one insert commits and the other raises :class:`Conflict`; the loser
reads the events it missed and tries again or refuses (see
:mod:`pakka.server.bus`). The projection tables (``seats``, ``games``,
``actions``) are updated in the same transaction, after the event, so they
never run ahead of the log.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, func, insert, select, text
from sqlalchemy.exc import IntegrityError, OperationalError

from pakka.server import db

if TYPE_CHECKING:
    import psycopg

CREATE, ACTION, UNDO, GAME, FINISH, SEAT, CLAIM, CLOSE = (
    "create",
    "action",
    "undo",
    "game",
    "finish",
    "seat",
    "claim",
    "close",
)
"""The kinds of event (``events.kind``)."""

_INSERT_EVENT = insert(db.events)
_INSERT_ACTION = insert(db.actions)
_ACTION_KEYS = ("game_no", "idx", "action", "seat", "by")
"""An action event's data: the ``actions`` row without its table and time."""
_INSERT_EVENT_NOTIFY = text(
    "WITH e AS (INSERT INTO events (table_id, seq, kind, data, at)"
    " VALUES (:table_id, :seq, :kind, :data, :at) RETURNING seq)"
    " SELECT pg_notify('pakka_events', :p) FROM e"
)
"""PostgreSQL: insert the event and tell every listening process in one statement, one
round trip (the notice is delivered when the transaction commits; a taken number
fails the insert, and with it the notice, with the same unique violation)."""
_INSERT_ACTION_EVENT_NOTIFY = (
    "WITH e AS (INSERT INTO events (table_id, seq, kind, data, at)"
    " VALUES (%(table_id)s, %(seq)s, %(kind)s, %(data)s, %(at)s) RETURNING seq),"
    ' a AS (INSERT INTO actions (table_id, game_no, idx, action, seat, "by", at)'
    " VALUES (%(table_id)s, %(game_no)s, %(idx)s, %(action)s, %(seat)s, %(by)s, %(at)s))"
    " SELECT pg_notify('pakka_events', %(p)s) FROM e"
)
"""PostgreSQL: an accepted action whole, its event, its ``actions`` row and the notice,
in one statement (atomic on its own: run in autocommit mode it is the transaction),
sent through psycopg itself (the hot path of every action: SQLAlchemy's statement
machinery cost more CPU than psycopg's own call)."""


class Conflict(Exception):
    """Another writer took this sequence number first: read the log and retry."""

    def __init__(self, table_id: str, seq: int) -> None:
        super().__init__(f"event {seq} of table {table_id} was taken by another writer")
        self.table_id = table_id
        self.seq = seq


@dataclass(frozen=True)
class Event:
    """One row of the log."""

    table_id: str
    seq: int
    kind: str
    data: dict[str, Any]
    at: float

    def to_row(self) -> dict[str, Any]:
        """The ``events`` row."""
        return {
            "table_id": self.table_id,
            "seq": self.seq,
            "kind": self.kind,
            "data": json.dumps(self.data, separators=(",", ":")),
            "at": self.at,
        }


def append(c: Connection, table_id: str, seq: int, kind: str, data: dict[str, Any]) -> Event:
    """Insert event ``seq`` (first statement of its transaction); :class:`Conflict`
    when that number is taken. The caller's transaction then rolls back."""
    ev = Event(table_id, seq, kind, data, time.time())
    row = ev.to_row()
    try:
        if c.dialect.name == "postgresql":
            c.execute(_INSERT_EVENT_NOTIFY, {**row, "p": f"{table_id} {seq}"})
        else:
            c.execute(_INSERT_EVENT, row)
    except IntegrityError:
        raise Conflict(table_id, seq) from None
    return ev


def _action_event(table_id: str, seq: int, row: dict[str, Any]) -> Event:
    """Event ``seq`` of ``table_id``: the accepted action of ``actions`` row ``row``."""
    return Event(table_id, seq, ACTION, {k: row[k] for k in _ACTION_KEYS}, row["at"])


def _pg_action_params(ev: Event, row: dict[str, Any]) -> dict[str, Any]:
    """The parameters of :data:`_INSERT_ACTION_EVENT_NOTIFY`."""
    return {**row, **ev.to_row(), "p": f"{ev.table_id} {ev.seq}"}


def _taken(e: Exception, ev: Event) -> Conflict | None:
    """The :class:`Conflict` a unique violation of the one-statement action means (the
    number taken: the events key), or ``None``: any other violation (a row of
    ``actions`` that the log does not explain) is a fault, not a lost race."""
    import psycopg

    if isinstance(e, psycopg.errors.UniqueViolation) and e.diag.table_name == "events":
        return Conflict(ev.table_id, ev.seq)
    return None


def append_action(c: Connection, table_id: str, seq: int, row: dict[str, Any]) -> Event:
    """Insert event ``seq``, an accepted action, and its ``actions`` row ``row``;
    :class:`Conflict` when that number is taken (nothing is written then). On
    SQLite two statements in the caller's transaction; on PostgreSQL the one
    statement of :func:`append_action_pg`, here on an autocommit connection of
    the synchronous engine (the server itself uses :func:`append_action_pg`)."""
    ev = _action_event(table_id, seq, row)
    if c.dialect.name != "postgresql":
        append_event(c, ev)
        c.execute(_INSERT_ACTION, row)
        return ev
    import psycopg

    raw = c.connection.driver_connection
    assert isinstance(raw, psycopg.Connection)
    if not raw.autocommit:  # the change would wait for a COMMIT nobody sends
        raise RuntimeError("append_action runs on an autocommit connection (DbExec.statement)")
    try:
        raw.execute(_INSERT_ACTION_EVENT_NOTIFY, _pg_action_params(ev, row))
    except psycopg.errors.UniqueViolation as e:
        if (taken := _taken(e, ev)) is not None:
            raise taken from None
        raise
    except psycopg.OperationalError as e:
        if raw.broken or raw.closed:  # a connection PostgreSQL dropped: DbExec retries
            c.invalidate()
            raise OperationalError(
                _INSERT_ACTION_EVENT_NOTIFY, None, e, connection_invalidated=True
            ) from e
        raise
    return ev


async def append_action_pg(
    conn: psycopg.AsyncConnection[Any], table_id: str, seq: int, row: dict[str, Any]
) -> Event:
    """:func:`append_action` on PostgreSQL through an autocommit connection of the
    asynchronous pool (:meth:`pakka.server.dbexec.DbExec.action`): event, ``actions``
    row and notice in one statement, awaited on the event loop — no thread, so no
    wait for the interpreter lock between sending it and reading its result.
    :class:`Conflict` when the number is taken; a dropped connection raises
    ``psycopg.OperationalError`` with ``conn.broken`` set (the caller retries)."""
    import psycopg

    ev = _action_event(table_id, seq, row)
    try:
        await conn.execute(_INSERT_ACTION_EVENT_NOTIFY, _pg_action_params(ev, row))
    except psycopg.errors.UniqueViolation as e:
        if (taken := _taken(e, ev)) is not None:
            raise taken from None
        raise
    return ev


def append_event(c: Connection, ev: Event) -> None:
    """Insert the event ``ev`` (SQLite; :class:`Conflict` when its number is taken)."""
    try:
        c.execute(_INSERT_EVENT, ev.to_row())
    except IntegrityError:
        raise Conflict(ev.table_id, ev.seq) from None


def since(c: Connection, table_id: str, after: int) -> list[Event]:
    """The events of ``table_id`` after number ``after``, in order."""
    rows = c.execute(
        select(db.events)
        .where(db.events.c.table_id == table_id, db.events.c.seq > after)
        .order_by(db.events.c.seq)
    ).mappings()
    return [
        Event(r["table_id"], int(r["seq"]), r["kind"], json.loads(r["data"]), float(r["at"]))
        for r in rows
    ]


def last_seq(c: Connection, table_id: str) -> int:
    """The number of the table's newest event (0 when it has none)."""
    n = c.execute(
        select(func.max(db.events.c.seq)).where(db.events.c.table_id == table_id)
    ).scalar()
    return int(n or 0)
