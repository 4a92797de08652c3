"""Chat at a table (issue 16): messages are events of the table's log.

A message is an event of kind ``chat`` in the table's append-only log
(:mod:`pakka.server.eventlog`), so it is numbered in one sequence with the
table's actions, survives a restart, and reaches every other server process
through the same ``LISTEN/NOTIFY`` path as every other event
(:func:`pakka.server.bus.apply_event` calls :func:`apply`).

Two channels:

- ``players``: written by the seated players, read by everyone at the table;
- ``spectators``: written by spectators, read by spectators, and released to the
  players only once the game it was written in is over (or the table closed),
  so no spectator can pass information to a player during a game.

Limits (refusals are ``error`` frames, nothing is stored): the text is NFC
normalised, control and format characters are dropped (tabs and line breaks
become spaces), it is trimmed, and must then be 1 to :data:`MAX_LENGTH`
characters; an author may write :data:`RATE_BURST` messages per
:data:`RATE_WINDOW` seconds, counted in the database (:mod:`pakka.server.rates`,
in the same transaction as the message), so the limit holds across processes.

Moderation: the table's creator (admin token) removes a message (event
``chat_removed``) or a spectator (event ``chat_ban``: the spectator's
connections close and their chat identity may not write again); anyone at the
table reports a message into ``chat_reports`` for the operator.

Message ids: a message is known to clients as its channel's letter and its number
in that channel (``p3``, ``s2``), never by its event number: the gaps in the log's
numbers would tell a player how many spectator messages (and other events) came in
between.

Authors: a player is ``p`` + a digest of the seat's token digest (a new holder of
the seat is a new author); a spectator is ``s`` + a digest of the chat key the
server gave their connection (the client sends it back in ``hello.chat_key`` to
keep its identity across reconnections). :func:`anonymise_author` and
:func:`delete_author` are for account deletion.

Retention: :func:`purge` blanks the text of chat events older than
``Settings.chat_retention_days`` (the rows stay, so the sequence has no holes)
and deletes older reports; the hub runs it on start and daily (:func:`purger`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from sqlalchemy import Connection as DbConnection
from sqlalchemy import delete, insert, select, update

from pakka.server import db, eventlog, rates
from pakka.server.errors import ApiError, error_frame
from pakka.server.eventlog import Conflict, Event
from pakka.server.names import player_name
from pakka.server.seats import digest, new_secret

if TYPE_CHECKING:
    from pakka.server.connection import Connection
    from pakka.server.hub import Hub
    from pakka.server.models import ChatKickMsg, ChatMsg, ChatRemoveMsg, ChatReportMsg, Hello
    from pakka.server.tables import LiveTable

log = logging.getLogger("pakka.server")

CHAT, REMOVED, BAN = "chat", "chat_removed", "chat_ban"
"""The event kinds of the chat (``events.kind``)."""
KINDS = (CHAT, REMOVED, BAN)

Channel = Literal["players", "spectators"]
PLAYERS: Channel = "players"
SPECTATORS: Channel = "spectators"

MAX_LENGTH = 300
"""Characters a message may have after cleaning."""
RATE_BURST = 5
RATE_WINDOW = 10.0
"""An author may write ``RATE_BURST`` messages per ``RATE_WINDOW`` seconds."""
HISTORY = 100
"""Messages a reader gets on connecting (the newest it may see)."""
KEEP = 500
"""Messages a live table keeps in memory."""
REPORT_BURST = 5
REPORT_WINDOW = 60.0
PURGE_EVERY = 24 * 3600.0

_SPACES = {"\t", "\n", "\r", "\x0b", "\x0c", "\x85", "\u2028", "\u2029"}
_DROP = ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")


def clean(text: str) -> str:
    """``text`` as stored: NFC, line breaks and tabs as spaces, other control and
    format characters (also invisible ones: bidirectional overrides, zero-width
    spaces) dropped, trimmed. Ordinary spaces inside are kept."""
    text = unicodedata.normalize("NFC", text)
    out = []
    for ch in text:
        if ch in _SPACES:
            out.append(" ")
        elif unicodedata.category(ch) not in _DROP:
            out.append(ch)
    return "".join(out).strip()


def seat_author(token_hash: str | None) -> str:
    """The author id of a seat's holder (from the digest of their token)."""
    return "p" + digest(token_hash or "")[:15]


def spectator_author(key: str) -> str:
    """The author id of a spectator with chat key ``key``."""
    return "s" + digest(key)[:15]


@dataclass
class TableChat:
    """A live table's recent chat: messages by event number, bans, what was released."""

    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Event number -> message (as in a ``chat`` frame), oldest first."""
    ids: dict[str, int] = field(default_factory=dict)
    """A message's public id -> its event number."""
    last: dict[str, int] = field(default_factory=lambda: {PLAYERS: 0, SPECTATORS: 0})
    """The newest message number of each channel."""
    banned: set[str] = field(default_factory=set)
    """Spectator authors the creator removed."""
    released: int = 0
    """Spectator messages of games up to this number have been shown to the players."""

    def add(self, ev: Event) -> dict[str, Any] | None:
        """Apply one chat event; the new message, if it is one."""
        d = ev.data
        if ev.kind == BAN:
            self.banned.add(str(d["author"]))
            return None
        if ev.kind == REMOVED:
            m = self.messages.get(int(d["seq"]))
            if m is not None:
                m["removed"], m["text"] = True, ""
            return None
        if d.get("purged"):
            return None
        m = message(ev)
        self.last[m["channel"]] = max(self.last[m["channel"]], int(m["n"]))
        self.messages[ev.seq] = m
        self.ids[m["id"]] = ev.seq
        while len(self.messages) > KEEP:
            old = self.messages.pop(next(iter(self.messages)))
            self.ids.pop(old["id"], None)
        return m

    def get(self, public_id: str) -> tuple[int, dict[str, Any]] | None:
        """The event number and message of a public message id."""
        seq = self.ids.get(public_id)
        m = None if seq is None else self.messages.get(seq)
        return None if seq is None or m is None else (seq, m)


def message(ev: Event) -> dict[str, Any]:
    """A chat event as a message of a frame (``ChatMessage``)."""
    d = ev.data
    n = int(d.get("n", ev.seq))
    return {
        "id": d["channel"][0] + str(n),
        "n": n,
        "channel": d["channel"],
        "author": d["author"],
        "name": d.get("name"),
        "seat": d.get("seat"),
        "game_no": int(d.get("game_no", 0)),
        "at": ev.at,
        "text": d.get("text", ""),
        "removed": False,
    }


# -- who reads what ---------------------------------------------------------------------
def released_game(t: LiveTable) -> int:
    """The last game whose spectator messages the players may read."""
    return t.game_no if t.closed or (t.state is not None and t.st.is_terminal) else t.game_no - 1


def may_read(t: LiveTable, conn: Connection, m: dict[str, Any]) -> bool:
    """Whether ``conn`` may read message ``m``: the players' channel is for
    everyone; the spectators' for spectators, and for the players once its game
    is over."""
    if m["channel"] == PLAYERS or conn.spectator:
        return True
    return int(m["game_no"]) <= released_game(t)


def history_frame(t: LiveTable, conn: Connection, full: bool = True) -> dict[str, Any]:
    """The recent chat ``conn`` may read, and who it is in the chat."""
    shown = [m for m in t.chat.messages.values() if may_read(t, conn, m)][-HISTORY:]
    return {
        "type": "chat_history",
        "full": full,
        "messages": [dict(m) for m in shown],
        "author": author_of(t, conn),
        "key": conn.chat_key if conn.spectator else None,
        "channel": writes_to(t, conn),
    }


def author_of(t: LiveTable, conn: Connection, seat: int | None = None) -> str | None:
    """The author id of ``conn`` (of ``seat`` when it holds several)."""
    if conn.spectator:
        return spectator_author(conn.chat_key) if conn.chat_key else None
    if not conn.seats:
        return None
    s = conn.seats[0] if seat is None else seat
    return seat_author(t.seats[s].token_hash)


def writes_to(t: LiveTable, conn: Connection) -> Channel | None:
    """The channel ``conn`` writes to (``None``: it may not write)."""
    if conn.spectator:
        a = author_of(t, conn)
        return SPECTATORS if a is not None and a not in t.chat.banned else None
    return PLAYERS if conn.seats else None


def identify(conn: Connection, hello: Hello) -> None:
    """Give a spectator connection its chat key: the one it sent back, or a new one."""
    if conn.spectator:
        conn.chat_key = hello.chat_key or conn.chat_key or new_secret()


def send_history(t: LiveTable, conn: Connection) -> None:
    """Queue the recent chat for a (re)connected client (call under the lock)."""
    conn.send(history_frame(t, conn))


def _deliver(t: LiveTable, m: dict[str, Any]) -> None:
    frame = json.dumps({"type": "chat", "message": m}, separators=(",", ":"))
    for conn in list(t.conns):
        if may_read(t, conn, m):
            conn.send(frame)


def release(t: LiveTable) -> None:
    """Once a game is over, show its spectator messages to the players (call under
    the lock after any change that may end a game)."""
    upto = released_game(t)
    if upto <= t.chat.released:
        return
    fresh = [
        m
        for m in t.chat.messages.values()
        if m["channel"] == SPECTATORS and t.chat.released < int(m["game_no"]) <= upto
    ]
    t.chat.released = upto
    if not fresh:
        return
    frame = json.dumps(
        {"type": "chat_history", "full": False, "messages": fresh, "author": None, "key": None,
         "channel": None},
        separators=(",", ":"),
    )  # fmt: skip
    for conn in list(t.conns):
        if not conn.spectator:
            conn.send(frame)


def load(t: LiveTable, events: list[Event]) -> None:
    """Fill a rebuilt table's chat from its stored chat events."""
    for ev in events:
        t.chat.add(ev)
    t.chat.released = released_game(t)


def load_events(c: DbConnection, table_id: str) -> list[Event]:
    """The chat events of a table, in order (for :func:`load`)."""
    rows = c.execute(
        select(db.events)
        .where(db.events.c.table_id == table_id, db.events.c.kind.in_(KINDS))
        .order_by(db.events.c.seq)
    ).mappings()
    return [
        Event(r["table_id"], int(r["seq"]), r["kind"], json.loads(r["data"]), float(r["at"]))
        for r in rows
    ]


def apply(t: LiveTable, ev: Event) -> None:
    """Apply a chat event another process committed (the bus; call under the lock)."""
    m = t.chat.add(ev)
    if m is not None:
        _deliver(t, m)
    elif ev.kind == REMOVED:
        _removed(t, t.chat.messages.get(int(ev.data["seq"])))
    elif ev.kind == BAN:
        _close_author(t, str(ev.data["author"]))


# -- writing -----------------------------------------------------------------------------
class _Refused(Exception):
    """The rate limit refused a message (the transaction rolls back)."""


def _store(
    c: DbConnection, table_id: str, seq: int, kind: str, data: dict[str, Any], bucket: str | None
) -> Event:
    ev = eventlog.append(c, table_id, seq, kind, data)
    if bucket is not None and not rates.take(c, bucket, RATE_BURST / RATE_WINDOW, RATE_BURST):
        raise _Refused
    return ev


async def _append(
    t: LiveTable, kind: str, data: dict[str, Any], bucket: str | None = None
) -> Event:
    """Store one chat event as the table's next (call under the lock); a number
    another process took first is caught up on and the event tried again."""
    from pakka.server.bus import catch_up

    for _ in range(5):
        if kind == CHAT:  # the next number of its channel, as this table knows it now
            data["n"] = t.chat.last[data["channel"]] + 1
        try:
            ev = await t.hub.dbx.tx(_store, t.id, t.seq + 1, kind, data, bucket)
        except Conflict:
            await catch_up(t)
            continue
        t.seq = ev.seq
        return ev
    raise ApiError(503, "busy", "the table is busy; try again", key="error.chat_busy")


def _error(conn: Connection, e: ApiError, ref: str) -> None:
    conn.send(error_frame(e.code, e.message, ref, key=e.msg["key"], args=e.msg["args"]))


async def write(t: LiveTable, conn: Connection, msg: ChatMsg) -> None:
    """A message from ``conn``: checked, stored as the next event, delivered to
    everyone who may read it; else an error frame (nothing stored)."""
    try:
        async with t.lock:
            await _write(t, conn, msg)
    except ApiError as e:
        _error(conn, e, "chat")
    except _Refused:
        _error(
            conn,
            ApiError(
                429,
                "chat_rate",
                f"at most {RATE_BURST} messages per {RATE_WINDOW:g} seconds",
                key="error.chat_rate",
                limit=RATE_BURST,
                seconds=int(RATE_WINDOW),
            ),
            "chat",
        )


async def _write(t: LiveTable, conn: Connection, msg: ChatMsg) -> None:
    if t.closed:
        raise ApiError(409, "game_over", "the table is closed", key="error.closed")
    channel = writes_to(t, conn)
    if channel is None:
        if conn.spectator:
            raise ApiError(403, "chat_banned", "you may not write here", key="error.chat_banned")
        raise ApiError(403, "chat_forbidden", "only players and spectators write")
    if msg.channel is not None and msg.channel != channel:
        raise ApiError(
            403,
            "chat_channel",
            f"you write to the {channel} channel",
            key="error.chat_channel",
            channel=channel,
        )
    seat: int | None = None
    name: str | None = None
    if channel == PLAYERS:
        seat = conn.seats[0] if msg.seat is None else msg.seat
        if seat not in conn.seats:
            raise ApiError(403, "not_your_seat", f"you do not hold seat {seat}", seat=seat)
        name = t.seats[seat].name
    elif msg.name is not None:
        name = player_name(msg.name)  # the model checked it already; tidied the same way
    text = clean(msg.text)
    if not text:
        raise ApiError(400, "chat_empty", "the message is empty", key="error.chat_empty")
    if len(text) > MAX_LENGTH:
        raise ApiError(
            400,
            "chat_length",
            f"a message is at most {MAX_LENGTH} characters",
            key="error.chat_length",
            limit=MAX_LENGTH,
            length=len(text),
        )
    author = author_of(t, conn, seat)
    assert author is not None
    data = {
        "channel": channel,
        "author": author,
        "name": name,
        "seat": seat,
        "game_no": t.game_no,
        "text": text,
    }
    ev = await _append(t, CHAT, data, f"chat:{t.id}:{author}")
    m = t.chat.add(ev)
    assert m is not None
    _deliver(t, m)  # a finished game's spectator message reaches the players at once


def _check_admin(t: LiveTable, token: str) -> None:
    if not secrets.compare_digest(digest(token), t.admin_hash):
        raise ApiError(
            401, "unauthorized", "the creator's admin token is required", key="error.chat_admin"
        )


def _removed(t: LiveTable, m: dict[str, Any] | None) -> None:
    """Tell everyone who may read removed message ``m`` to drop it."""
    if m is None:
        return
    frame = json.dumps({"type": "chat_removed", "id": m["id"]}, separators=(",", ":"))
    for conn in list(t.conns):
        if may_read(t, conn, m):
            conn.send(frame)


def _close_author(t: LiveTable, author: str) -> None:
    """Close this process's connections of spectator ``author``."""
    for conn in list(t.conns):
        if conn.spectator and author_of(t, conn) == author:
            conn.send(
                error_frame(
                    "removed", "the table's creator removed you", "chat", key="error.removed"
                )
            )
            conn.close_soon(4403)
    t.broadcast_table()


async def remove(t: LiveTable, conn: Connection, msg: ChatRemoveMsg) -> None:
    """The creator removes message ``msg.id``: a ``chat_removed`` event; every
    client drops it, history shows it removed."""
    try:
        async with t.lock:
            _check_admin(t, msg.admin)
            hit = t.chat.get(msg.id)
            if hit is None:
                raise ApiError(
                    404, "not_found", "no such message", key="error.chat_no_message", id=msg.id
                )
            seq, m = hit
            if not m["removed"]:
                ev = await _append(t, REMOVED, {"seq": seq})
                t.chat.add(ev)
            _removed(t, m)
    except ApiError as e:
        _error(conn, e, "chat_remove")


async def kick(t: LiveTable, conn: Connection, msg: ChatKickMsg) -> None:
    """The creator removes spectator ``msg.author``: a ``chat_ban`` event; their
    connections close, and their chat identity may not write again."""
    try:
        async with t.lock:
            _check_admin(t, msg.admin)
            if not msg.author.startswith("s"):
                raise ApiError(
                    409,
                    "conflict",
                    "only a spectator can be removed",
                    key="error.chat_not_spectator",
                )
            if msg.author not in t.chat.banned:
                ev = await _append(t, BAN, {"author": msg.author})
                t.chat.add(ev)
            _close_author(t, msg.author)
    except ApiError as e:
        _error(conn, e, "chat_kick")


def _report(c: DbConnection, row: dict[str, Any], bucket: str) -> None:
    if not rates.take(c, bucket, REPORT_BURST / REPORT_WINDOW, REPORT_BURST):
        raise _Refused
    c.execute(insert(db.chat_reports).values(**row))


async def report(t: LiveTable, conn: Connection, msg: ChatReportMsg) -> None:
    """Someone at the table reports message ``msg.id`` to the operator: a copy goes
    to ``chat_reports``; the reporter gets ``chat_reported``."""
    async with t.lock:
        hit = t.chat.get(msg.id)
        reporter = author_of(t, conn)
        if hit is None or reporter is None or not may_read(t, conn, hit[1]):
            _error(
                conn,
                ApiError(
                    404, "not_found", "no such message", key="error.chat_no_message", id=msg.id
                ),
                "chat_report",
            )
            return
        seq, m = hit
        row = {
            "table_id": t.id,
            "seq": seq,
            "channel": m["channel"],
            "author": m["author"],
            "name": m["name"],
            "text": m["text"],
            "reporter": reporter,
            "at": time.time(),
        }
    try:
        await t.hub.dbx.tx(_report, row, f"report:{reporter}")
    except _Refused:
        _error(
            conn,
            ApiError(429, "rate_limited", "too many reports", key="error.chat_report_rate"),
            "chat_report",
        )
        return
    conn.send({"type": "chat_reported", "id": msg.id})


# -- the operator ------------------------------------------------------------------------
def reports(c: DbConnection, limit: int = 100) -> list[dict[str, Any]]:
    """The newest reports, newest first (``pakka chat-reports``)."""
    rows = c.execute(
        select(db.chat_reports).order_by(db.chat_reports.c.id.desc()).limit(limit)
    ).mappings()
    return [dict(r) for r in rows]


_PURGED = json.dumps({"purged": True}, separators=(",", ":"))


def _rewrite(c: DbConnection, author: str, change: dict[str, Any]) -> int:
    """Rewrite the data of every chat event by ``author``; how many."""
    n = 0
    rows = c.execute(
        select(db.events.c.table_id, db.events.c.seq, db.events.c.data).where(
            db.events.c.kind == CHAT, db.events.c.data.contains(f'"author":"{author}"')
        )
    ).all()
    for tid, seq, data in rows:
        d = json.loads(data)
        if d.get("author") != author:
            continue
        d.update(change)
        c.execute(
            update(db.events)
            .where(db.events.c.table_id == tid, db.events.c.seq == seq)
            .values(data=json.dumps(d, separators=(",", ":")))
        )
        n += 1
    return n


def anonymise_author(c: DbConnection, author: str) -> int:
    """Account deletion, keeping the words: every message by ``author`` loses its
    name and author (``anonymous``); returns how many. Tables live in memory get
    it on their next load; reports by or of the author are deleted."""
    c.execute(delete(db.chat_reports).where(db.chat_reports.c.author == author))
    c.execute(delete(db.chat_reports).where(db.chat_reports.c.reporter == author))
    return _rewrite(c, author, {"author": "anonymous", "name": None})


def delete_author(c: DbConnection, author: str) -> int:
    """Account deletion: every message by ``author`` is blanked like a purged one
    (the event rows stay, so the sequence has no holes); returns how many."""
    c.execute(delete(db.chat_reports).where(db.chat_reports.c.author == author))
    c.execute(delete(db.chat_reports).where(db.chat_reports.c.reporter == author))
    return _rewrite(c, author, {"author": "anonymous", "name": None, "text": "", "purged": True})


def purge(c: DbConnection, before: float) -> int:
    """Blank every chat message stored before ``before`` (epoch seconds): its event
    keeps its number and kind, its data becomes ``{"purged": true}``; reports older
    than that are deleted. Returns how many messages were purged."""
    res = c.execute(
        update(db.events)
        .where(
            db.events.c.kind == CHAT,
            db.events.c.at < before,
            db.events.c.data != _PURGED,
        )
        .values(data=_PURGED)
    )
    c.execute(delete(db.chat_reports).where(db.chat_reports.c.at < before))
    return int(res.rowcount or 0)


async def purge_now(hub: Hub) -> int:
    """Purge what is older than the retention, in the database and in live tables."""
    days = hub.settings.chat_retention_days
    before = time.time() - days * 86400.0
    n = await hub.dbx.tx(purge, before)
    for t in list(hub.tables.values()):
        old = [s for s, m in t.chat.messages.items() if m["at"] < before]
        for s in old:
            del t.chat.messages[s]
    if n:
        log.info("chat: purged %d messages older than %g days", n, days)
    return n


async def purger(hub: Hub) -> None:
    """Purge on start, then every day (a task of the hub)."""
    while True:
        try:
            await purge_now(hub)
        except Exception:  # the database is away: try again tomorrow
            log.exception("chat purge failed")
        await asyncio.sleep(PURGE_EVERY)
