"""Seats and credentials: seat kinds and states, secrets and what the store keeps of them.

A credential (seat token, invite code, admin or spectator code) is 128 random bits
shown once; the database and the in-memory indexes keep only its SHA-256 digest.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection as DbConnection
from sqlalchemy import select

from pakka.server import db, profiles
from pakka.server.errors import ApiError
from pakka.server.eventlog import CLAIM

if TYPE_CHECKING:
    from pakka.server.connection import Connection
    from pakka.server.hub import Hub
    from pakka.server.models import Hello
    from pakka.server.tables import LiveTable

HUMAN, BOT = "human", "bot"
CLAIM_ATTEMPTS = 5
"""How often a claim is tried again when other events of its table won the next
log number (chat, presence of another process): each try first catches up."""
OPEN, CLAIMED, LEFT, BOTSEAT = "open", "claimed", "left", "bot"


def new_secret() -> str:
    """A fresh credential: 128 bits from :mod:`secrets`, url-safe (22 characters)."""
    return secrets.token_urlsafe(16)


def digest(secret: str) -> str:
    """What the database keeps of a credential."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass
class Seat:
    """One seat of a live table."""

    kind: str
    level: str | None
    name: str | None
    status: str
    token_hash: str | None = None
    invite_hash: str | None = None
    zombie: bool = False
    profile_id: str | None = None
    """The profile the seat is bound to (claimed with a session cookie), if any."""
    former: bool = False
    """Its player deleted their account: no name, shown as "former player"."""

    @property
    def bot_controlled(self) -> bool:
        """Whether the server plays this seat (a bot seat, or a human seat's zombie)."""
        return self.kind == BOT or self.zombie


def _invite_row(c: DbConnection, invite_hash: str) -> tuple[str, int] | None:
    """The table and seat of an outstanding invite, from the database (the claim
    itself is decided by the event log: a second claim of the seat conflicts)."""
    row = c.execute(
        select(db.seats.c.table_id, db.seats.c.seat).where(db.seats.c.invite_hash == invite_hash)
    ).first()
    return None if row is None else (str(row[0]), int(row[1]))


class Seating:
    """Who holds which seat: the credential indexes and every change of a seat's holder.

    ``tokens`` and ``invites`` map a credential's digest to ``(table_id, seat)``.
    """

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.tokens: dict[str, tuple[str, int]] = {}
        self.invites: dict[str, tuple[str, int]] = {}

    def index(self, table: LiveTable) -> None:
        """Index the credentials of ``table``'s seats."""
        for i, s in enumerate(table.seats):
            if s.token_hash:
                self.tokens[s.token_hash] = (table.id, i)
            if s.invite_hash:
                self.invites[s.invite_hash] = (table.id, i)

    def authorise(
        self, table: LiveTable, conn: Connection, hello: Hello, profile_id: str | None = None
    ) -> bool:
        """Give ``conn`` the seats of ``hello``'s tokens (and, with ``session``, the seats
        bound to the cookie's profile ``profile_id``) or make it a spectator; whether it
        may stay (every token must hold a claimed seat here)."""
        mine = self.bound_seats(table, profile_id) if hello.session else []
        if hello.tokens or mine:
            seats = list(mine)
            for tok in hello.tokens:
                h = digest(tok)
                hit = self.tokens.get(h)
                if hit is None or hit[0] != table.id or table.seats[hit[1]].status != CLAIMED:
                    return False
                # The index found the digest; the stored one is compared in constant time.
                if not secrets.compare_digest(table.seats[hit[1]].token_hash or "", h):
                    return False
                seats.append(hit[1])
            # A spectator that says hello with tokens becomes a seat connection.
            conn.seats, conn.spectator = sorted(set(seats)), False
            return True
        # ...and a seat connection that says hello to watch gives up its seats.
        conn.seats = []
        if hello.watch is not None:
            conn.spectator = secrets.compare_digest(digest(hello.watch), table.watch_hash)
            return conn.spectator
        conn.spectator = table.listed
        return conn.spectator

    def seat_of(self, token: str | None, table: LiveTable | None = None) -> tuple[LiveTable, int]:
        """The table and seat that ``token`` holds (401 if none)."""
        h = digest(token) if token else ""
        hit = self.tokens.get(h) if token else None
        if hit is None or (table is not None and hit[0] != table.id):
            raise ApiError(401, "unauthorized", "this token holds no seat here")
        live = self.hub.table(hit[0])
        if not secrets.compare_digest(live.seats[hit[1]].token_hash or "", h):
            raise ApiError(401, "unauthorized", "this token holds no seat here")
        return live, hit[1]

    def held_seat(
        self,
        table: LiveTable,
        token: str | None,
        profile_id: str | None,
        seat: int | None = None,
    ) -> int:
        """The seat of ``table`` a request holds: its seat token's (``token``), or,
        without a token, a claimed seat bound to the session cookie's profile
        ``profile_id`` (``seat`` says which when the profile holds several). This is
        how an account's second device, which never receives the seat tokens (the
        database keeps only their digests), acts over HTTP. 401 ``unauthorized``
        without such a seat, 403 ``not_your_seat`` when ``seat`` is not the one held."""
        if token:
            _, held = self.seat_of(token, table)
            if seat is not None and seat != held:
                raise _not_your_seat(seat)
            return held
        bound = self.bound_seats(table, profile_id)
        if not bound:
            raise ApiError(401, "unauthorized", "this request holds no seat here")
        if seat is None:
            if len(bound) != 1:
                raise ApiError(
                    400, "invalid", "say which seat: you hold several", key="error.which_seat"
                )
            return bound[0]
        if seat not in bound:
            raise _not_your_seat(seat)
        return seat

    @staticmethod
    def bound_seats(table: LiveTable, profile_id: str | None) -> list[int]:
        """The claimed seats of ``table`` bound to ``profile_id`` (none for ``None``)."""
        if profile_id is None:
            return []
        return [
            i
            for i, s in enumerate(table.seats)
            if s.profile_id == profile_id and s.status == CLAIMED
        ]

    def check_admin(self, table: LiveTable, token: str | None) -> None:
        """401 unless ``token`` is the table's admin token."""
        if not token or not secrets.compare_digest(digest(token), table.admin_hash):
            raise ApiError(401, "unauthorized", "the creator's admin token is required")

    async def _give_seat(
        self, table: LiveTable, seat: int, name: str | None, profile_id: str | None
    ) -> str:
        """Hand a free seat to a new holder (bound to ``profile_id``, if given); returns
        their token (call under the lock)."""
        if table.rated:
            await self._check_account(profile_id)
        s = table.seats[seat]
        old_invite, old_token = s.invite_hash, s.token_hash
        tok = new_secret()
        h = digest(tok)
        # The indexes change only once the event is in the log: a claim that loses the
        # insert race leaves them as they were (the catch-up then updates them).
        await table.set_seat(
            seat,
            CLAIM if old_invite else "seat",
            status=CLAIMED,
            token_hash=h,
            invite_hash=None,
            zombie=False,
            name=name or s.name,
            profile_id=profile_id,
        )
        if old_invite:
            self.invites.pop(old_invite, None)
        if old_token:
            self.tokens.pop(old_token, None)
        table.scheduler.timed_out.discard(seat)
        self.tokens[h] = (table.id, seat)
        table.broadcast(table=True)
        table.scheduler.schedule()
        return tok

    async def _check_account(self, profile_id: str | None) -> None:
        """403 ``rated_account`` unless ``profile_id`` is an account (rated tables)."""
        p = None if profile_id is None else await self.hub.dbx.read(profiles.get, profile_id)
        if p is None or p.guest:
            raise ApiError(403, "rated_account", "only accounts sit at rated tables; sign in first")

    async def claim(
        self, code: str, name: str | None, profile_id: str | None = None
    ) -> dict[str, Any]:
        """Open an invite link: the first claim receives the seat's token."""
        hit = self.invites.get(digest(code))
        if hit is None and self.hub.multi:  # a table that lives in another process
            hit = await self.hub.dbx.read(_invite_row, digest(code))
            if hit is not None:
                await self.hub.ensure(hit[0])
        if hit is None:
            raise ApiError(410, "invite_used", "this invite link was used or revoked")
        table = self.hub.table(hit[0])
        async with table.lock:
            for attempt in range(CLAIM_ATTEMPTS):
                if table.seats[hit[1]].invite_hash != digest(code):
                    raise ApiError(410, "invite_used", "this invite link was used or revoked")
                try:
                    tok = await self._give_seat(table, hit[1], name, profile_id)
                    break
                except ApiError as e:
                    # Another process appended first (maybe this very claim, before
                    # its notice arrived here): the table has caught up from the log,
                    # so look at the invite again: used means 410, never stale_state.
                    if e.code != "stale_state" or attempt == CLAIM_ATTEMPTS - 1:
                        raise
        return {"table_id": table.id, "seat": hit[1], "token": tok}

    async def join(
        self, table_id: str, seat: int | None, name: str | None, profile_id: str | None = None
    ) -> dict[str, Any]:
        """Take a free seat of a listed table."""
        table = self.hub.table(table_id)
        if not table.listed or table.closed:
            raise ApiError(
                403, "forbidden", "this table takes players by invite only", key="error.invite_only"
            )
        async with table.lock:
            free = table.free_seats()
            if seat is None:
                if not free:
                    raise ApiError(409, "conflict", "no free seat", key="error.no_free_seat")
                seat = free[0]
            if seat not in free:
                raise ApiError(
                    409,
                    "conflict",
                    f"seat {seat} is not free; free: {free}",
                    key="error.seat_taken",
                    seat=seat,
                )
            tok = await self._give_seat(table, seat, name, profile_id)
        return {"table_id": table.id, "seat": seat, "token": tok}

    async def leave(
        self,
        table_id: str,
        token: str | None,
        profile_id: str | None = None,
        seat: int | None = None,
    ) -> None:
        """Give up a seat (the token's, or one bound to ``profile_id``: see
        :meth:`held_seat`): its token stops working and a bot plays on for it."""
        table = self.hub.table(table_id)
        async with table.lock:
            seat = self.held_seat(table, token, profile_id, seat)
            s = table.seats[seat]
            if s.token_hash:
                self.tokens.pop(s.token_hash, None)
            await table.set_seat(seat, status=LEFT, token_hash=None, zombie=True, level="easy")
            for conn in list(table.conns):
                if seat in conn.seats:
                    conn.seats.remove(seat)
                    conn.log_pos.pop(seat, None)
            table.broadcast_table()
            table.scheduler.schedule()

    async def reissue(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        """Revoke a seat's link (and abandoned holder) and issue a new invite."""
        table = self.hub.table(table_id)
        self.check_admin(table, token)
        async with table.lock:
            s = self._human_seat(table, seat)
            if not (s.status in (OPEN, LEFT) or (s.status == CLAIMED and s.zombie)):
                raise ApiError(
                    409,
                    "conflict",
                    "only an unclaimed or abandoned seat gets a new link",
                    key="error.no_new_link",
                )
            if s.invite_hash:
                self.invites.pop(s.invite_hash, None)
            if s.token_hash:
                self.tokens.pop(s.token_hash, None)
                self._drop_seat_from_conns(table, seat)
            status = OPEN if s.status == CLAIMED else s.status
            invite = await self._new_invite(table, seat, token_hash=None, status=status)
            table.broadcast_table()
        return invite

    async def _new_invite(self, table: LiveTable, seat: int, **values: Any) -> dict[str, Any]:
        """Give ``seat`` a fresh invite link (and these other changes; under the lock)."""
        code = new_secret()
        await table.set_seat(seat, invite_hash=digest(code), **values)
        self.invites[digest(code)] = (table.id, seat)
        return {"seat": seat, "code": code, "url": f"/#invite={code}"}

    def _drop_seat_from_conns(self, table: LiveTable, seat: int) -> None:
        for conn in list(table.conns):
            if seat in conn.seats:
                conn.seats.remove(seat)
                conn.log_pos.pop(seat, None)

    def _human_seat(self, table: LiveTable, seat: int) -> Seat:
        if not 0 <= seat < len(table.seats):
            raise ApiError(404, "not_found", "no such seat", key="error.no_seat")
        s = table.seats[seat]
        if s.kind != HUMAN:
            raise ApiError(409, "conflict", "that is a bot seat", key="error.is_bot_seat")
        return s

    async def revoke(self, table_id: str, seat: int, token: str | None) -> None:
        """Revoke a seat's outstanding invite link."""
        table = self.hub.table(table_id)
        self.check_admin(table, token)
        async with table.lock:
            s = self._human_seat(table, seat)
            if s.invite_hash:
                self.invites.pop(s.invite_hash, None)
                await table.set_seat(seat, invite_hash=None)

    async def to_bot(self, table_id: str, seat: int, level: str, token: str | None) -> None:
        """Let a bot play a human seat whose holder is away (zombie)."""
        table = self.hub.table(table_id)
        self.check_admin(table, token)
        async with table.lock:
            s = self._human_seat(table, seat)
            if s.status == CLAIMED and table.connected(seat):
                raise ApiError(
                    409, "conflict", "the seat's player is connected", key="error.seat_connected"
                )
            await table.set_seat(seat, zombie=True, level=level)
            table.broadcast_table()
            table.scheduler.schedule()

    async def to_human(self, table_id: str, seat: int, token: str | None) -> dict[str, Any] | None:
        """End a zombie: the seat waits for its holder again.

        A seat nobody holds (its player left, or it was never claimed) and that has
        no outstanding invite gets a fresh one, returned for the creator to pass on:
        otherwise nobody could ever take the seat and the game would stall."""
        table = self.hub.table(table_id)
        self.check_admin(table, token)
        async with table.lock:
            s = self._human_seat(table, seat)
            invite = None
            if s.status in (OPEN, LEFT) and not s.invite_hash:
                invite = await self._new_invite(table, seat, zombie=False)
            else:
                await table.set_seat(seat, zombie=False)
            table.scheduler.timed_out.discard(seat)
            table.broadcast(table=True)
            table.scheduler.schedule()
        return invite


def _not_your_seat(seat: int) -> ApiError:
    """403 ``not_your_seat``: the request names a seat it does not hold."""
    return ApiError(
        403, "not_your_seat", f"you do not hold seat {seat}", key="error.not_your_seat", seat=seat
    )
