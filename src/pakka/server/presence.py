"""Presence: whether each seat's player is at the table now (``connected``), has the
table open but is away from it (``idle``: the page is hidden or untouched, as the
client reports with a ``presence`` message), or has no connection (``gone``).

Bot seats are always ``connected``. The table summary carries each seat's presence,
and every change is broadcast as a ``table`` frame. On a multi-process site a seat's
player or a spectator may be connected to any process: each process announces what
it has of each table through ``NOTIFY`` (:class:`Board`), and presence and spectator
counts combine every process's share, whichever process a client asks.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any, Literal

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
    holders = [
        "idle" if c.idle else "connected" for c in table.conns if seat in c.seats and not c.closed
    ]
    key = str(seat)
    holders += [str(o["s"][key]) for o in table.hub.board.others(table.id) if key in o["s"]]
    if not holders:
        return "gone"
    return "connected" if "connected" in holders else "idle"


def set_idle(table: LiveTable, conn: Connection, idle: bool) -> None:
    """Record what the client says of its player (call under the lock); the other
    clients hear of it when a seat's presence changes."""
    if conn.idle == idle:
        return
    before = [seat_presence(table, s) for s in conn.seats]
    conn.idle = idle
    if [seat_presence(table, s) for s in conn.seats] != before:
        table.broadcast_table()


# -- several processes ------------------------------------------------------------------------
PRESENCE_CHANNEL = "pakka_presence"
"""The ``NOTIFY`` channel on which each process tells the others who is at its tables."""
REFRESH = 2.0
"""Seconds between two full announcements of a process's tables."""
EXPIRES = 6.0
"""Seconds after which another process's announcement no longer counts (it died)."""
_PAYLOAD = 7000
"""Bytes of one notice at most (PostgreSQL refuses payloads of 8000 bytes)."""

Local = dict[str, Any]
"""What one process has of one table: ``{"s": {seat: "connected" | "idle"}, "w": spectators}``."""


def local_of(table: LiveTable) -> Local:
    """This process's connections of ``table``: each held human seat's presence here,
    and how many spectators watch here."""
    seats: dict[str, str] = {}
    for c in table.conns:
        if c.closed:
            continue
        for s in c.seats:
            if seats.get(str(s)) != "connected":
                seats[str(s)] = "idle" if c.idle else "connected"
    return {"s": seats, "w": sum(1 for c in table.conns if c.spectator and not c.closed)}


class Board:
    """Presence across the processes of one site, learnt through ``NOTIFY``: ephemeral
    (nothing of it is stored), so a process announces its tables when they change and
    all of them every :data:`REFRESH` seconds, and an announcement older than
    :data:`EXPIRES` seconds is forgotten (its process died). A single-process server
    has an empty board."""

    def __init__(self, node: str) -> None:
        self.node = node
        self.remote: dict[str, dict[str, tuple[float, Local]]] = {}
        """table id -> process -> (when heard, what it has)."""
        self.sent: dict[str, Local] = {}

    def hear(self, payload: str) -> list[str]:
        """Take in another process's notice; the tables whose presence changed."""
        node, _, body = payload.partition(" ")
        if node == self.node or not body:
            return []
        try:
            data = json.loads(body)
        except ValueError:
            return []
        now = time.monotonic()
        changed = []
        for tid, local in data.items():
            per = self.remote.setdefault(tid, {})
            old = per.get(node)
            empty = not local.get("s") and not local.get("w")
            if empty:
                per.pop(node, None)
            else:
                per[node] = (now, local)
            if (old[1] if old else None) != (None if empty else local):
                changed.append(tid)
        return changed

    def expire(self) -> list[str]:
        """Forget announcements too old to be true; the tables that changed."""
        cut = time.monotonic() - EXPIRES
        changed = []
        for tid, per in list(self.remote.items()):
            for node, (heard, _) in list(per.items()):
                if heard < cut:
                    del per[node]
                    changed.append(tid)
            if not per:
                del self.remote[tid]
        return changed

    def others(self, table_id: str) -> list[Local]:
        """What the other live processes have of a table."""
        return [local for _, local in self.remote.get(table_id, {}).values()]

    def changes(self, tables: list[LiveTable]) -> dict[str, Local]:
        """Of ``tables``, those whose local presence differs from what was last announced."""
        out = {}
        for t in tables:
            now = local_of(t)
            if self.sent.get(t.id, {"s": {}, "w": 0}) != now:
                out[t.id] = now
        return out

    def payloads(self, data: dict[str, Local]) -> list[str]:
        """``data`` as notices of at most :data:`_PAYLOAD` bytes each (and remembered as sent)."""
        out: list[str] = []
        chunk: dict[str, Local] = {}
        size = 0
        for tid, local in data.items():
            item = len(tid) + len(json.dumps(local)) + 6
            if chunk and size + item > _PAYLOAD:
                out.append(f"{self.node} {json.dumps(chunk, separators=(',', ':'))}")
                chunk, size = {}, 0
            chunk[tid] = local
            size += item
            if local["s"] or local["w"]:
                self.sent[tid] = local
            else:
                self.sent.pop(tid, None)
        if chunk:
            out.append(f"{self.node} {json.dumps(chunk, separators=(',', ':'))}")
        return out
