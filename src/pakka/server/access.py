"""Who may read a table over HTTP: its summary, its games and finished records.

A listed table is public. An unlisted one is read only with a credential of that
table: its spectator code in the ``X-Spectator-Code`` header, a seat or admin
token as ``Authorization: Bearer``, or the session cookie of a profile a seat of
the table is bound to. Codes travel in headers, never in the URL,
so no access log holds them. Without one the answer is ``401 unauthorized``.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from fastapi import Request

from pakka.server import profiles
from pakka.server.errors import ApiError
from pakka.server.hub import Hub
from pakka.server.seats import digest

SPECTATOR_HEADER = "X-Spectator-Code"


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def may_read(
    request: Request,
    listed: bool,
    watch_hash: str,
    admin_hash: str,
    token_hashes: Iterable[str | None],
) -> bool:
    """Whether ``request`` may read a table with these credentials' digests."""
    if listed:
        return True
    code = request.headers.get(SPECTATOR_HEADER)
    if code and secrets.compare_digest(digest(code), watch_hash):
        return True
    token = _bearer(request)
    if not token:
        return False
    h = digest(token)
    return secrets.compare_digest(h, admin_hash) or any(
        t is not None and secrets.compare_digest(h, t) for t in token_hashes
    )


def _refuse() -> ApiError:
    return ApiError(
        401,
        "unauthorized",
        f"this table is unlisted: send its spectator code ({SPECTATOR_HEADER} header) "
        "or a seat or admin token (Authorization: Bearer)",
        key="error.unlisted",
    )


def check_live(hub: Hub, table_id: str, request: Request, profile_id: str | None = None) -> None:
    """404 for an unknown table, 401 when an unlisted table's credential is missing
    (a seat bound to ``profile_id`` is one)."""
    t = hub.table(table_id)
    if profile_id is not None and any(s.profile_id == profile_id for s in t.seats):
        return
    if not may_read(request, t.listed, t.watch_hash, t.admin_hash, (s.token_hash for s in t.seats)):
        raise _refuse()


async def _profile_id(request: Request) -> str | None:
    if profiles.cookie_token(request) is None:
        return None
    p = await profiles.current(request)
    return None if p is None else p.id


async def check_live_async(hub: Hub, table_id: str, request: Request) -> None:
    """:func:`check_live` with the request's session profile."""
    hub.table(table_id)
    check_live(hub, table_id, request, await _profile_id(request))


async def check_stored(hub: Hub, table_id: str, request: Request) -> None:
    """As :func:`check_live`, also for a table that is no longer live (closed)."""
    pid = await _profile_id(request)
    if table_id in hub.tables:
        check_live(hub, table_id, request, pid)
        return
    stored = await hub.dbx.read(hub.store.load_table, table_id)
    if stored is None:
        raise ApiError(404, "not_found", "no such table", key="error.no_table")
    row = stored.row
    if pid is not None and any(s.get("profile_id") == pid for s in stored.seats):
        return
    hashes = (s["token_hash"] for s in stored.seats)
    if not may_read(request, bool(row["listed"]), row["watch_hash"], row["admin_hash"], hashes):
        raise _refuse()
