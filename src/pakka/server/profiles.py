"""Players: profiles (a guest or an account), sessions (the cookie), passwords and logins.

A **profile** is made on a browser's first visit (``POST /api/session``) with a chosen
display name; the answer sets the session cookie (:data:`COOKIE`): an unguessable
token (:func:`secrets.token_urlsafe`, 256 bits) of which the database keeps only the
SHA-256 digest (``sessions.token_hash``). A guest may turn the profile into an
**account** (a name, unique without case, and a password hashed with Argon2id) and
then log in from other devices; every device is one session, which its owner can
list and revoke. A revoked session's cookie is refused everywhere.

Other modules ask :func:`current` (the profile of a request or WebSocket, or
``None``), :func:`require` (401 without one) and :func:`seat_profile` (the profile a
seat is bound to). Everything here is a function of a SQLAlchemy ``Connection``
run through :class:`~pakka.server.dbexec.DbExec` (never on the event loop), except
password hashing, which runs in a worker thread (it is CPU work by design).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from starlette.requests import HTTPConnection

from pakka.server import db
from pakka.server.errors import ApiError

if TYPE_CHECKING:
    from argon2 import PasswordHasher

    from pakka.server.hub import Hub

COOKIE = "pakka_session"
"""The session cookie's name."""
COOKIE_MAX_AGE = 400 * 24 * 3600
"""How long a browser keeps the cookie (the most browsers allow: 400 days)."""

FAIL_FREE = 3
"""Failed logins (per account name, per client address) before any delay."""
FAIL_BASE = 0.5
"""The first delay in seconds; it doubles with each further failure..."""
FAIL_CAP = 16.0
"""...up to this many seconds. A delay, never a lockout."""
FAIL_FORGET = 15 * 60.0
"""Seconds after the last failure when the count starts again."""


@dataclass(frozen=True)
class Profile:
    """A player: a guest (``account`` is ``None``) or an account."""

    id: str
    name: str
    account: str | None
    created: float

    @property
    def guest(self) -> bool:
        """Whether this is a guest profile (no account name or password)."""
        return self.account is None

    def to_json(self) -> dict[str, Any]:
        """What ``GET /api/me`` shows of it."""
        return {"id": self.id, "name": self.name, "account": self.account, "guest": self.guest}


def token_digest(token: str) -> str:
    """What the database keeps of a session token."""
    return hashlib.sha256(token.encode()).hexdigest()


def account_key(account: str) -> str:
    """An account name as compared for uniqueness: NFKC, case folded, single spaces."""
    return " ".join(unicodedata.normalize("NFKC", account).casefold().split())


def _profile(row: Any) -> Profile:
    return Profile(row.id, row.name, row.account, float(row.created))


# -- passwords -----------------------------------------------------------------------------------
@cache
def hasher() -> PasswordHasher:
    """The Argon2id hasher (argon2-cffi's defaults, RFC 9106's low-memory profile)."""
    from argon2 import PasswordHasher

    return PasswordHasher()


@cache
def dummy_hash() -> str:
    """A hash of a random password, verified when a login names no account, so that an
    unknown name costs the same work as a wrong password."""
    return hasher().hash(secrets.token_urlsafe(16))


def hash_password(password: str) -> str:
    """The Argon2id hash of ``password`` (blocking CPU work: run it off the loop)."""
    return hasher().hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored`` (``None``: the dummy hash, always false)."""
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        ok = hasher().verify(stored or dummy_hash(), password)
    except (VerificationError, InvalidHashError):
        return False
    return bool(ok) and stored is not None


# -- database operations ---------------------------------------------------------------------------
def create_guest(c: Connection, name: str, label: str) -> tuple[Profile, str]:
    """A new guest profile and its first session; returns the session token (shown once)."""
    now = time.time()
    pid = secrets.token_urlsafe(12)
    c.execute(insert(db.profiles).values(id=pid, name=name, created=now))
    return Profile(pid, name, None, now), new_session(c, pid, label)


def new_session(c: Connection, profile_id: str, label: str) -> str:
    """A new session of ``profile_id``; returns its token (only its digest is stored)."""
    token = secrets.token_urlsafe(32)
    now = time.time()
    c.execute(
        insert(db.sessions).values(
            id=secrets.token_urlsafe(12),
            profile_id=profile_id,
            token_hash=token_digest(token),
            created=now,
            last_seen=now,
            label=label[:200],
            revoked=False,
        )
    )
    return token


SEEN_EVERY = 60.0
"""A session's ``last_seen`` is written at most this often (not on every request)."""


def session_of(c: Connection, token: str) -> tuple[Profile, str] | None:
    """The profile and session id of a session token (``None``: unknown, revoked, or
    its profile deleted); notes when it was last seen."""
    h = token_digest(token)
    row = c.execute(
        select(db.profiles, db.sessions.c.id.label("sid"), db.sessions.c.last_seen)
        .join(db.profiles, db.profiles.c.id == db.sessions.c.profile_id)
        .where(
            db.sessions.c.token_hash == h,
            db.sessions.c.revoked.is_(False),
            db.profiles.c.deleted.is_(None),
        )
    ).first()
    if row is None:
        return None
    sid = str(row.sid)
    now = time.time()
    if now - float(row.last_seen) > SEEN_EVERY:
        c.execute(update(db.sessions).where(db.sessions.c.id == sid).values(last_seen=now))
    return _profile(row), sid


def get(c: Connection, profile_id: str) -> Profile | None:
    """A profile that exists and was not deleted."""
    row = c.execute(
        select(db.profiles).where(db.profiles.c.id == profile_id, db.profiles.c.deleted.is_(None))
    ).first()
    return None if row is None else _profile(row)


def list_sessions(c: Connection, profile_id: str) -> list[dict[str, Any]]:
    """A profile's sessions that are not revoked, newest first (no token, no digest)."""
    rows = c.execute(
        select(db.sessions)
        .where(db.sessions.c.profile_id == profile_id, db.sessions.c.revoked.is_(False))
        .order_by(db.sessions.c.created.desc())
    ).all()
    return [
        {"id": r.id, "label": r.label, "created": r.created, "last_seen": r.last_seen} for r in rows
    ]


def revoke_session(c: Connection, profile_id: str, session_id: str) -> bool:
    """Revoke one of ``profile_id``'s sessions; whether it had such a session."""
    res = c.execute(
        update(db.sessions)
        .where(
            db.sessions.c.id == session_id,
            db.sessions.c.profile_id == profile_id,
            db.sessions.c.revoked.is_(False),
        )
        .values(revoked=True)
    )
    return bool(res.rowcount)


def rename(c: Connection, profile_id: str, name: str) -> None:
    """Change a profile's display name."""
    c.execute(update(db.profiles).where(db.profiles.c.id == profile_id).values(name=name))


def make_account(c: Connection, profile_id: str, account: str, password_hash: str) -> bool:
    """Turn a guest profile into an account; ``False`` if the name is taken."""
    key = account_key(account)
    taken = c.execute(select(db.profiles.c.id).where(db.profiles.c.account_key == key)).first()
    if taken is not None:
        return False
    try:
        with c.begin_nested():
            c.execute(
                update(db.profiles)
                .where(db.profiles.c.id == profile_id, db.profiles.c.account.is_(None))
                .values(account=account, account_key=key, password_hash=password_hash)
            )
    except IntegrityError:  # another request took the name meanwhile
        return False
    return True


def account_row(c: Connection, account: str) -> tuple[str, str] | None:
    """The profile id and password hash of an account name (``None``: no such account)."""
    row = c.execute(
        select(db.profiles.c.id, db.profiles.c.password_hash).where(
            db.profiles.c.account_key == account_key(account),
            db.profiles.c.deleted.is_(None),
        )
    ).first()
    return None if row is None or row[1] is None else (str(row[0]), str(row[1]))


def seat_profile(c: Connection, table_id: str, seat: int) -> str | None:
    """The id of the profile seat ``seat`` of ``table_id`` is bound to (``None``: a bot,
    an unbound seat, or a deleted player)."""
    row = c.execute(
        select(db.seats.c.profile_id).where(
            db.seats.c.table_id == table_id, db.seats.c.seat == seat
        )
    ).first()
    return None if row is None or row[0] is None else str(row[0])


def profile_seats(c: Connection, profile_id: str) -> list[tuple[str, int]]:
    """Every ``(table_id, seat)`` bound to ``profile_id``."""
    rows = c.execute(
        select(db.seats.c.table_id, db.seats.c.seat)
        .where(db.seats.c.profile_id == profile_id)
        .order_by(db.seats.c.table_id, db.seats.c.seat)
    ).all()
    return [(str(r[0]), int(r[1])) for r in rows]


# -- failed logins ---------------------------------------------------------------------------------
def delay_for(failures: int) -> float:
    """The delay in seconds before answering a login after ``failures`` recent failures:
    none for the first :data:`FAIL_FREE`, then :data:`FAIL_BASE` doubling up to
    :data:`FAIL_CAP`."""
    if failures < FAIL_FREE:
        return 0.0
    return float(min(FAIL_CAP, FAIL_BASE * 2 ** (failures - FAIL_FREE)))


def login_delay(c: Connection, keys: list[str]) -> float:
    """The delay owed before a login for these keys (``name:<account>``,
    ``addr:<address>``): the longest of theirs."""
    now = time.time()
    rows = c.execute(
        select(db.login_failures).where(db.login_failures.c.key.in_([k[:160] for k in keys]))
    ).all()
    return max(
        [delay_for(r.failures) for r in rows if now - float(r.last) < FAIL_FORGET], default=0.0
    )


def note_failure(c: Connection, keys: list[str]) -> None:
    """Count a failed login for each key (a count older than :data:`FAIL_FORGET`
    starts again)."""
    now = time.time()
    for key in (k[:160] for k in keys):
        row = c.execute(select(db.login_failures).where(db.login_failures.c.key == key)).first()
        if row is None:
            try:
                with c.begin_nested():
                    c.execute(insert(db.login_failures).values(key=key, failures=1, last=now))
                continue
            except IntegrityError:  # another process counted one meanwhile
                row = c.execute(
                    select(db.login_failures).where(db.login_failures.c.key == key)
                ).one()
        failures = 1 if now - float(row.last) >= FAIL_FORGET else int(row.failures) + 1
        c.execute(
            update(db.login_failures)
            .where(db.login_failures.c.key == key)
            .values(failures=failures, last=now)
        )


def clear_failures(c: Connection, keys: list[str]) -> None:
    """Forget the failures of these keys (after a correct login)."""
    c.execute(delete(db.login_failures).where(db.login_failures.c.key.in_(keys)))


async def sleep(seconds: float) -> None:
    """Wait before answering a throttled login (a seam the tests observe)."""
    if seconds > 0:
        await asyncio.sleep(seconds)


# -- requests --------------------------------------------------------------------------------------
def cookie_token(conn: HTTPConnection) -> str | None:
    """The session token of a request's or WebSocket's cookie."""
    tok = conn.cookies.get(COOKIE)
    return tok if tok and len(tok) <= 100 else None


async def current_session(conn: HTTPConnection) -> tuple[Profile, str] | None:
    """The profile and session id of a request's or WebSocket's cookie (``None``
    without a valid one)."""
    tok = cookie_token(conn)
    if tok is None:
        return None
    hub: Hub = conn.app.state.hub
    return await hub.dbx.tx(session_of, tok)


async def current(conn: HTTPConnection) -> Profile | None:
    """The profile of a request or WebSocket (its session cookie), if any."""
    got = await current_session(conn)
    return None if got is None else got[0]


async def require(conn: HTTPConnection) -> Profile:
    """The profile of a request; 401 ``no_session`` without a valid session cookie."""
    p = await current(conn)
    if p is None:
        raise ApiError(
            401, "no_session", "no session: POST /api/session first", key="error.no_session"
        )
    return p


async def profile_of_seat(hub: Hub, table_id: str, seat: int) -> Profile | None:
    """The profile seat ``seat`` of ``table_id`` is bound to, if any (and not deleted)."""

    def fn(c: Connection) -> Profile | None:
        pid = seat_profile(c, table_id, seat)
        return None if pid is None else get(c, pid)

    return await hub.dbx.read(fn)
