"""Players (issue 17): guest profiles and sessions, accounts and logins, the Origin check,
seats bound to profiles, history and account deletion, over real HTTP and
WebSockets on SQLite and PostgreSQL."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import MetaData, select, text
from websockets.exceptions import InvalidStatus

from pakka.server import profiles
from pakka.server.db import make_engine
from pakka.server.profiles import COOKIE

from .conftest import Client, Server, texts

PASSWORD = "correct horse battery staple"


def device(server: Server, **headers: str) -> httpx.Client:
    """A browser-like client of ``server``: its own cookie jar, the site's Origin."""
    return httpx.Client(
        base_url=server.base, timeout=20, headers={"Origin": server.base, **headers}
    )


def guest(server: Server, name: str = "Aino") -> tuple[httpx.Client, dict[str, Any]]:
    """A device with a new guest profile."""
    d = device(server)
    r = d.post("/api/session", json={"name": name})
    assert r.status_code == 201, r.text
    return d, r.json()


def ws_headers(server: Server, d: httpx.Client) -> dict[str, str]:
    """The upgrade headers a browser of device ``d`` sends: its cookie and the Origin."""
    return {"Cookie": f"{COOKIE}={d.cookies[COOKIE]}", "Origin": server.base}


def refused_hello(server: Server, tid: str, headers: dict[str, str]) -> bool:
    """Whether a ``hello`` with ``session: true`` over these headers is refused."""
    c = Client(server.ws_base + f"/ws/tables/{tid}", None, server.http, headers)
    c.send({"type": "hello", "session": True})
    f = c.recv()
    c.close()
    return bool(f["type"] == "error" and f["code"] == "unauthorized")


def toy_table(server: Server, d: httpx.Client, listed: bool = False) -> dict[str, Any]:
    """A one-card toy table created on device ``d``: seat 0 the creator, seat 1 a bot."""
    r = d.post(
        "/api/tables",
        json={
            "game": "toy",
            "players": 2,
            "options": {"hand": 1, "dealer": 1},
            "seats": [{"kind": "human", "name": "Aino"}, {"kind": "bot", "level": "easy"}],
            "take_seat": 0,
            "listed": listed,
        },
    )
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def dump(db_url: str) -> str:
    """Every row of every table of the database, as text."""
    engine = make_engine(db_url)
    md = MetaData()
    md.reflect(engine)
    out = []
    with engine.connect() as c:
        for t in md.sorted_tables:
            out += [repr(tuple(r)) for r in c.execute(select(t))]
    engine.dispose()
    return "\n".join(out)


@pytest.fixture
def proxied(sqlite_url: str) -> Iterator[Server]:
    """A server behind a trusted proxy on 127.0.0.1 (X-Forwarded-For/-Proto believed)."""
    s = Server(sqlite_url, trusted_proxies="127.0.0.1")
    yield s
    s.stop()


# -- 1. profiles and sessions ----------------------------------------------------------------
def test_guest_session_cookie_flags_and_only_a_digest_stored(
    any_server: Server, db_url: str
) -> None:
    d, me = guest(any_server)
    assert me["name"] == "Aino" and me["guest"] and me["account"] is None
    cookie = d.post("/api/session", json={"name": "X"})  # a second visit: the same profile
    assert cookie.status_code == 200 and cookie.json()["id"] == me["id"]
    r = device(any_server).post("/api/session", json={"name": "Aino"})
    header = r.headers["set-cookie"]
    parts = [p.strip().lower() for p in header.split(";")]
    token = header.split(";")[0].split("=", 1)[1]
    assert len(token) >= 43  # token_urlsafe(32)
    assert "httponly" in parts and "samesite=lax" in parts and "path=/" in parts
    assert "secure" not in parts  # plain http here
    assert d.get("/api/me").json()["id"] == me["id"]
    stored = dump(db_url)
    assert token not in stored and profiles.token_digest(token) in stored
    d.close()


def test_cookie_is_secure_behind_a_tls_proxy(proxied: Server) -> None:
    d = device(proxied, **{"X-Forwarded-Proto": "https"})
    d.headers["Origin"] = "https://" + proxied.base.split("://", 1)[1]
    r = d.post("/api/session", json={"name": "Aino"})
    assert r.status_code == 201, r.text
    assert "secure" in [p.strip().lower() for p in r.headers["set-cookie"].split(";")]
    d.close()


def test_guest_names_are_checked(server: Server) -> None:
    d = device(server)
    for bad in ["Bot (easy)", "", "a\u202eb", "x" * 41]:
        r = d.post("/api/session", json={"name": bad})
        assert r.status_code == 422, bad
    assert COOKIE not in d.cookies
    d.close()


def test_sessions_listed_and_a_revoked_cookie_refused_everywhere(any_server: Server) -> None:
    d1, _ = guest(any_server)
    d1.post("/api/account", json={"account": "aino", "password": PASSWORD}).raise_for_status()
    d2 = device(any_server)
    assert d2.post("/api/login", json={"account": "aino", "password": PASSWORD}).status_code == 200
    t = toy_table(any_server, d1)
    sessions = d1.get("/api/me/sessions").json()["sessions"]
    assert len(sessions) == 2 and sum(s["current"] for s in sessions) == 1
    assert all("token" not in s and "token_hash" not in s for s in sessions)
    other = next(s for s in sessions if not s["current"])
    # the second device still plays the seat through its cookie, until revoked
    c = any_server.client(t["table_id"], headers=ws_headers(any_server, d2), session=True)
    assert c.welcome["seats"] == [0]
    c.close()
    assert d1.delete(f"/api/me/sessions/{other['id']}").json() == {"ok": True}
    assert d2.get("/api/me").status_code == 401
    assert d2.get("/api/me/tables").status_code == 401
    assert d2.get(f"/api/tables/{t['table_id']}").status_code == 401  # unlisted
    assert refused_hello(any_server, t["table_id"], ws_headers(any_server, d2))
    assert d1.delete(f"/api/me/sessions/{other['id']}").status_code == 404
    d1.close()
    d2.close()


# -- 2. accounts and logins ------------------------------------------------------------------------
def test_account_login_logout_and_the_password_never_stored_or_logged(
    any_server: Server, db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    d1, me = guest(any_server)
    r = d1.post("/api/account", json={"account": "Aino K", "password": PASSWORD})
    assert r.status_code == 201 and r.json()["account"] == "Aino K"
    again = d1.post("/api/account", json={"account": "other", "password": PASSWORD})
    assert again.status_code == 409 and again.json()["error"] == "conflict"
    d3, _ = guest(any_server, "Eero")
    taken = d3.post("/api/account", json={"account": "aino k", "password": PASSWORD})
    assert taken.status_code == 409 and taken.json()["error"] == "account_taken"
    d2 = device(any_server)
    r = d2.post("/api/login", json={"account": "AINO  K", "password": PASSWORD})
    assert r.status_code == 200 and r.json()["id"] == me["id"]
    assert d2.get("/api/me").json()["account"] == "Aino K"
    assert d2.post("/api/logout").json() == {"ok": True}
    assert d2.get("/api/me").status_code == 401
    stored = dump(db_url)
    assert PASSWORD not in stored and "$argon2id$" in stored
    assert PASSWORD not in caplog.text
    for d in (d1, d2, d3):
        d.close()


def test_wrong_password_and_unknown_name_answer_alike(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    d, _ = guest(server)
    d.post("/api/account", json={"account": "aino", "password": PASSWORD}).raise_for_status()
    calls: list[str] = []
    real = profiles.verify_password

    def counting(stored: str | None, password: str) -> bool:
        calls.append("verify")
        return real(stored, password)

    monkeypatch.setattr(profiles, "verify_password", counting)
    from argon2 import PasswordHasher

    hashes: list[int] = []
    real_verify = PasswordHasher.verify

    def verify(self: PasswordHasher, hash: str, password: str) -> bool:
        hashes.append(1)
        return real_verify(self, hash, password)

    monkeypatch.setattr(PasswordHasher, "verify", verify)
    wrong = device(server).post("/api/login", json={"account": "aino", "password": "x" * 12})
    unknown = device(server).post("/api/login", json={"account": "nobody", "password": "x" * 12})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.content == unknown.content
    assert wrong.json()["error"] == "login_failed"
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers
    assert calls == ["verify", "verify"] and len(hashes) == 2  # both ran Argon2
    d.close()


def test_failed_logins_slow_down_per_name_and_address_never_lock(
    proxied: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    waits: list[float] = []

    async def record(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(profiles, "sleep", record)
    for name in ("aino", "eero"):
        d = device(proxied, **{"X-Forwarded-For": "10.0.0.9"})
        d.post("/api/session", json={"name": name}).raise_for_status()
        d.post("/api/account", json={"account": name, "password": PASSWORD}).raise_for_status()
        d.close()
    attacker = device(proxied, **{"X-Forwarded-For": "10.0.0.1"})
    for _ in range(6):
        r = attacker.post("/api/login", json={"account": "aino", "password": "wrong-pass"})
        assert r.status_code == 401
    assert waits == [0.0, 0.0, 0.0, 0.5, 1.0, 2.0]
    # the name's owner from elsewhere waits as long (per name), but is not locked out
    owner = device(proxied, **{"X-Forwarded-For": "10.0.0.2"})
    assert (
        owner.post("/api/login", json={"account": "aino", "password": PASSWORD}).status_code == 200
    )
    assert waits[-1] == 4.0
    # another name from another address is not slowed at all
    other = device(proxied, **{"X-Forwarded-For": "10.0.0.3"})
    assert (
        other.post("/api/login", json={"account": "eero", "password": PASSWORD}).status_code == 200
    )
    assert waits[-1] == 0.0
    # the attacker's address stays slow for another name too
    attacker.post("/api/login", json={"account": "eero", "password": "wrong-pass"})
    assert waits[-1] > 0
    for d in (attacker, owner, other):
        d.close()


def test_delays_kept_in_the_database(any_server: Server, db_url: str) -> None:
    """The failure counts live in ``login_failures``, so every process sees them."""
    d = device(any_server)
    for _ in range(4):
        d.post("/api/login", json={"account": "ghost", "password": "wrong-pass"})
    engine = make_engine(db_url)
    with engine.connect() as c:
        rows: dict[str, int] = dict(
            c.execute(text("SELECT key, failures FROM login_failures")).all()
        )
    engine.dispose()
    assert rows["name:ghost"] == 4 and rows["addr:127.0.0.1"] == 4
    assert profiles.delay_for(3) == 0.5 and profiles.delay_for(20) == profiles.FAIL_CAP
    d.close()


# -- 3. CSRF / CSWSH ------------------------------------------------------------------------------
def _state_changing_routes(server: Server) -> list[tuple[str, str]]:
    """Every non-GET route of the API (from its OpenAPI description)."""
    out = []
    for path, ops in server.http.get("/api/openapi.json").json()["paths"].items():
        for m in ops:
            if m.upper() not in ("GET", "HEAD", "OPTIONS"):
                concrete = path.replace("{table_id}", "x").replace("{seat}", "0")
                out.append((m.upper(), concrete.replace("{session_id}", "x")))
    return out


def test_foreign_origin_refused_on_every_state_changing_route(server: Server) -> None:
    routes = _state_changing_routes(server)
    assert ("POST", "/api/tables") in routes and ("POST", "/api/login") in routes
    assert ("DELETE", "/api/me") in routes and len(routes) >= 15
    evil = httpx.Client(base_url=server.base, headers={"Origin": "https://evil.example"})
    for method, path in routes:
        r = evil.request(method, path, json={})
        assert r.status_code == 403, (method, path, r.text)
        assert r.json()["error"] == "foreign_origin"
    assert (
        evil.post("/api/session", json={"name": "A"}, headers={"Origin": "null"}).status_code == 403
    )
    # the site's own origin and a configured one pass
    d, _ = guest(server)
    assert d.get("/api/me").status_code == 200
    # a cookie without any Origin (not a browser of this site) is refused
    bare = httpx.Client(base_url=server.base, cookies={COOKIE: d.cookies[COOKIE]})
    assert bare.post("/api/logout").status_code == 403
    # no Origin and no cookie: a terminal or a script, allowed
    assert server.http.post("/api/session", json={"name": "Cli"}).status_code == 201
    evil.close()
    bare.close()
    d.close()


def test_configured_origin_allowed(sqlite_url: str) -> None:
    s = Server(sqlite_url, origins="https://cards.example")
    try:
        d = httpx.Client(base_url=s.base, headers={"Origin": "https://cards.example"})
        assert d.post("/api/session", json={"name": "A"}).status_code == 201
        d.close()
    finally:
        s.stop()


def test_websocket_from_a_foreign_origin_refused(server: Server) -> None:
    d, _ = guest(server)
    t = toy_table(server, d, listed=True)
    headers = {**ws_headers(server, d), "Origin": "https://evil.example"}
    with pytest.raises(InvalidStatus) as e:
        server.client(t["table_id"], headers=headers, session=True)
    assert e.value.response.status_code == 403
    with pytest.raises(InvalidStatus):
        server.client(t["table_id"], headers={"Cookie": ws_headers(server, d)["Cookie"]})
    ok = server.client(t["table_id"], headers=ws_headers(server, d), session=True)
    assert ok.welcome["seats"] == [0]
    ok.close()
    d.close()


# -- 4. seats bound to profiles -------------------------------------------------------------------
def test_seats_bound_to_the_profile_and_invisible_to_others(any_server: Server) -> None:
    a, _ = guest(any_server)
    b, _ = guest(any_server, "Eero")
    t = toy_table(any_server, a)
    tid = t["table_id"]
    mine = a.get("/api/me/tables").json()["tables"]
    assert [(x["table_id"], x["seats"]) for x in mine] == [(tid, [0])]
    assert t["seat_tokens"]["0"] not in str(mine)
    assert b.get("/api/me/tables").json()["tables"] == []
    assert b.get(f"/api/tables/{tid}").status_code == 401
    assert a.get(f"/api/tables/{tid}").status_code == 200  # the cookie's seat reads it
    # no seat of B's here, and the table is unlisted
    assert refused_hello(any_server, tid, ws_headers(any_server, b))
    # B claims an invite: that seat is B's
    t2 = any_server.create(game="toy", players=2)
    r = b.post("/api/invites/claim", json={"code": t2["invites"][1]["code"], "name": "Eero"})
    assert r.status_code == 200
    assert [x["table_id"] for x in b.get("/api/me/tables").json()["tables"]] == [t2["table_id"]]
    assert [x["table_id"] for x in a.get("/api/me/tables").json()["tables"]] == [tid]
    a.close()
    b.close()


def play_to_end(server: Server, d: httpx.Client, tid: str) -> None:
    """Play seat 0 of a one-card toy table through the cookie until the game is over."""
    c = server.client(tid, headers=ws_headers(server, d), session=True)
    f = c.wait_state(0, 0)
    c.send({"type": "action", "state_id": f["state_id"], "action": texts(f)[0]})
    deadline = time.time() + 60
    while not c.latest[0]["view"].get("is_terminal") and not _over(server, d, tid):
        assert time.time() < deadline
        c.drain(0.2)
    c.close()
    while not _over(server, d, tid):
        assert time.time() < deadline
        time.sleep(0.05)


def _over(server: Server, d: httpx.Client, tid: str) -> bool:
    return bool(d.get(f"/api/tables/{tid}").json()["is_terminal"])


def test_a_second_device_plays_again_and_leaves_with_the_session_cookie(
    any_server: Server,
) -> None:
    """An account's second device never receives the seat tokens (the database keeps
    their digests): ``again`` and ``leave`` over HTTP accept its session cookie for the
    seats bound to the profile, behind the Origin check; another profile, a foreign
    origin and a seat it does not hold are refused without changing the table."""
    d1, _ = guest(any_server)
    assert (
        d1.post("/api/account", json={"account": "aino", "password": PASSWORD}).status_code == 201
    )
    d2 = device(any_server)
    assert d2.post("/api/login", json={"account": "aino", "password": PASSWORD}).status_code == 200
    assert d1.cookies[COOKIE] != d2.cookies[COOKIE]
    t = toy_table(any_server, d1)
    tid, token = t["table_id"], t["seat_tokens"]["0"]
    play_to_end(any_server, d1, tid)
    other, _ = guest(any_server, "Eero")
    evil = httpx.Client(
        base_url=any_server.base,
        headers={"Origin": "https://evil.example"},
        cookies={COOKIE: d2.cookies[COOKIE]},
    )
    before = d1.get(f"/api/tables/{tid}").json()
    for path, body in (
        (f"/api/tables/{tid}/again", {"game_no": 1}),
        (f"/api/tables/{tid}/leave", {}),
    ):
        r = other.post(path, json=body)
        assert r.status_code == 401 and r.json()["error"] == "unauthorized", r.text
        r = evil.post(path, json=body)
        assert r.status_code == 403 and r.json()["error"] == "foreign_origin"
    r = d2.post(f"/api/tables/{tid}/leave", json={"seat": 1})
    assert r.status_code == 403 and r.json()["error"] == "not_your_seat"
    assert d1.get(f"/api/tables/{tid}").json() == before
    # The second device starts the next game and leaves the seat.
    r = d2.post(f"/api/tables/{tid}/again", json={"game_no": 1})
    assert r.status_code == 200, r.text
    assert r.json()["game_no"] == 2
    r = d2.post(f"/api/tables/{tid}/leave", json={})
    assert r.status_code == 200, r.text
    after = d1.get(f"/api/tables/{tid}").json()
    assert after["seats"][0]["status"] == "left" and after["seats"][0]["zombie"]
    # The first device's token stopped working with the seat; nothing is left to leave.
    bearer = {"Authorization": f"Bearer {token}"}
    assert any_server.http.post(f"/api/tables/{tid}/leave", headers=bearer).status_code == 401
    assert d2.post(f"/api/tables/{tid}/leave", json={}).status_code == 401
    for x in (d1, d2, other, evil):
        x.close()


# -- 5. profiles and history -----------------------------------------------------------------
def test_history_lists_games_with_results_and_replays(any_server: Server) -> None:
    d, me = guest(any_server)
    t = toy_table(any_server, d)
    play_to_end(any_server, d, t["table_id"])
    r = device(any_server).get(f"/api/profiles/{me['id']}")
    assert r.status_code == 200
    prof = r.json()
    assert prof["name"] == "Aino" and prof["guest"]
    (g,) = prof["games"]
    assert g["table_id"] == t["table_id"] and g["game"] == "toy" and g["seat"] == 0
    assert g["result"] in ("win", "loss", "draw")
    assert g["replay"] == f"#replay={t['table_id']}&game=1"
    s = prof["stats"]["toy"]
    assert s["games"] == 1 and s["wins"] == (g["result"] == "win")
    assert s["best"] == g["score"] == s["average"]
    assert "account" not in prof and "sessions" not in prof
    assert any_server.http.get("/api/profiles/nobody").status_code == 404
    # A finished game is replayed once: the next request answers from the result cache.
    builds, hits = any_server.hub.results.builds, any_server.hub.results.hits
    assert builds >= 1
    assert device(any_server).get(f"/api/profiles/{me['id']}").json() == prof
    assert any_server.hub.results.builds == builds and any_server.hub.results.hits == hits + 1
    # the replay of the unlisted table is readable with the profile's cookie
    assert d.get(f"/api/tables/{t['table_id']}/games/1/replay").status_code == 200
    d.close()


# -- 6. account deletion --------------------------------------------------------------------------
def test_deleting_an_account_anonymises_seats_and_replays_still_play(
    any_server: Server, db_url: str
) -> None:
    d, me = guest(any_server, "Ainoliina")
    d.post("/api/account", json={"account": "ainoliina", "password": PASSWORD}).raise_for_status()
    t = toy_table(any_server, d, listed=True)
    play_to_end(any_server, d, t["table_id"])
    assert d.delete("/api/me").json() == {"ok": True}
    assert d.get("/api/me").status_code == 401
    assert any_server.http.get(f"/api/profiles/{me['id']}").status_code == 404
    summary = any_server.http.get(f"/api/tables/{t['table_id']}").json()
    assert summary["seats"][0]["former"] and summary["seats"][0]["name"] is None
    rep = any_server.http.get(f"/api/tables/{t['table_id']}/games/1/replay")
    assert rep.status_code == 200, rep.text
    assert rep.json()["names"][0] == "former player"
    assert len(rep.json()["views"]) == 3  # the start and both moves: it plays to the end
    rec = any_server.http.get(f"/api/tables/{t['table_id']}/games/1/record").json()
    assert rec["names"][0] == "former player"
    stored = dump(db_url)
    assert "Ainoliina" not in stored and "ainoliina" not in stored
    assert (
        device(any_server)
        .post("/api/login", json={"account": "ainoliina", "password": PASSWORD})
        .status_code
        == 401
    )
    d.close()


def test_deletion_calls_the_chat_anonymise_hook_for_every_bound_seat(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chat (another branch) keys a player's messages by their seat's token digest:
    deleting the account hands each bound seat's author id to its anonymise hook."""
    import sys
    import types

    calls: list[str] = []
    fake = types.ModuleType("pakka.server.chat")
    fake.seat_author = lambda h: "p" + str(h)  # type: ignore[attr-defined]

    def anonymise_author(c: object, author: str) -> int:
        calls.append(author)
        return 1

    fake.anonymise_author = anonymise_author  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pakka.server.chat", fake)
    d, _ = guest(server)
    t = toy_table(server, d)
    token_hash = server.hub.tables[t["table_id"]].seats[0].token_hash
    assert d.delete("/api/me").status_code == 200
    assert calls == ["p" + token_hash]
    d.close()


def test_deletion_anonymises_the_players_chat_messages(server: Server, sqlite_url: str) -> None:
    """With the real chat: a player's message at their table loses its author and name
    when the account is deleted; its words stay."""
    from pakka.server import chat

    d, _ = guest(server, "Ainoliina")
    t = toy_table(server, d)
    c = server.client(t["table_id"], headers=ws_headers(server, d), session=True)
    c.send({"type": "chat", "text": "hello from Aino"})
    msg = c.recv_type("chat")["message"]
    c.close()
    assert msg["author"] != "anonymous"
    assert d.delete("/api/me").status_code == 200
    engine = make_engine(sqlite_url)
    with engine.connect() as conn:
        evs = [e.data for e in chat.load_events(conn, t["table_id"])]
    engine.dispose()
    mine = [e for e in evs if e.get("text") == "hello from Aino"]
    assert mine and all(e["author"] == "anonymous" and e["name"] is None for e in mine)
    d.close()
