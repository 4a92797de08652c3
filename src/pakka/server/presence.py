"""Presence: whether each seat's player is at the table now (``connected``), has the
table open but is away from it (``idle``: the page is hidden or untouched, as the
client reports with a ``presence`` message), or has no connection (``gone``).

Bot seats are always ``connected``. The table summary carries each seat's presence,
and every change is broadcast as a ``table`` frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pakka.server.seats import BOT

if TYPE_CHECKING:
    from pakka.server.connection import Connection
    from pakka.server.tables import LiveTable

Presence = Literal["connected", "idle", "gone"]


def seat_presence(table: LiveTable, seat: int) -> Presence:
    """The presence of ``seat``: connected if some connection holding it is active,
    idle if every connection holding it is idle, gone if none holds it."""
    if table.seats[seat].kind == BOT:
        return "connected"
    holders = [c for c in table.conns if seat in c.seats and not c.closed]
    if not holders:
        return "gone"
    return "idle" if all(c.idle for c in holders) else "connected"


def set_idle(table: LiveTable, conn: Connection, idle: bool) -> None:
    """Record what the client says of its player (call under the lock); the other
    clients hear of it when a seat's presence changes."""
    if conn.idle == idle:
        return
    before = [seat_presence(table, s) for s in conn.seats]
    conn.idle = idle
    if [seat_presence(table, s) for s in conn.seats] != before:
        table.broadcast_table()
