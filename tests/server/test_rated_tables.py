"""Rated tables over real HTTP and WebSockets (issue 17): who may create and sit at
one, what is refused there, and that a finished rated game moves the account's rating
exactly as ``openskill`` says (a bot's fixed rating never moves); the leaderboard."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from openskill.models import PlackettLuce

from pakka.server.profiles import COOKIE

from .conftest import Server, check_error_msg, texts
from .test_identity import PASSWORD, device, guest, toy_table, ws_headers


def account(server: Server, name: str) -> tuple[httpx.Client, dict[str, Any]]:
    """A device signed in to a new account ``name``."""
    d, me = guest(server, name)
    r = d.post("/api/account", json={"account": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return d, me


def rated_toy(d: httpx.Client, **extra: Any) -> httpx.Response:
    """Ask for a rated toy table: seat 0 the creator, seat 1 a bot."""
    body: dict[str, Any] = {
        "game": "toy",
        "players": 2,
        "seats": [{"kind": "human", "name": "Aino"}, {"kind": "bot", "level": "easy"}],
        "take_seat": 0,
        "rated": True,
    }
    return d.post("/api/tables", json=body | extra)


def play_seat0_to_end(server: Server, d: httpx.Client, tid: str) -> None:
    """Play seat 0 (the first legal move each turn) through the cookie until the end."""
    c = server.client(tid, headers=ws_headers(server, d), session=True)
    deadline = time.time() + 120
    sent = -1
    while True:
        assert time.time() < deadline
        c.drain(0.2)
        f = c.latest.get(0)
        if f is None:
            continue
        view = f["view"]
        if view.get("is_terminal") or d.get(f"/api/tables/{tid}").json()["is_terminal"]:
            break
        if f["legal"] and f["state_id"] != sent:
            c.send({"type": "action", "state_id": f["state_id"], "action": texts(f)[0]})
            sent = f["state_id"]
    c.close()


def test_a_rated_game_moves_the_accounts_rating_as_openskill_says(any_server: Server) -> None:
    d, me = account(any_server, "Aino")
    r = rated_toy(d)
    assert r.status_code == 201, r.text
    t = r.json()
    assert t["table"]["rated"] is True
    tid = t["table_id"]
    play_seat0_to_end(any_server, d, tid)
    deadline = time.time() + 60
    while not (mine := d.get("/api/me").json()["ratings"]):
        assert time.time() < deadline
        time.sleep(0.1)
    (rating,) = mine
    assert rating["game"] == "toy" and rating["games"] == 1
    hist = d.get(f"/api/profiles/{me['id']}").json()["games"]
    result = hist[0]["result"]
    # The toy bot has no ladder rating: it plays as a new rating, which stays fixed.
    model = PlackettLuce()
    ranks = {"win": [0.0, 1.0], "loss": [1.0, 0.0], "draw": [0.0, 0.0]}[result]
    (a,), (_b,) = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    assert (rating["mu"], rating["sigma"]) == (a.mu, a.sigma)
    assert rating["rating"] == round(1500 + 20 * (a.mu - 3 * a.sigma))
    board = device(any_server).get("/api/leaderboards/toy", params={"min_games": 1}).json()
    assert board["top"][0]["name"] == "Aino" and board["top"][0]["rating"] == rating["rating"]
    assert board["me"] is None  # that device is not signed in
    own = d.get("/api/leaderboards/toy").json()  # default minimum 5 games: no place yet
    assert own["top"] == [] and own["me"]["place"] is None and own["me"]["games"] == 1
    assert any_server.http.get("/api/leaderboards/nogame").status_code == 404
    d.close()


def test_who_may_create_and_sit_at_a_rated_table(any_server: Server) -> None:
    g, _ = guest(any_server, "Eero")
    r = rated_toy(g)
    assert r.status_code == 400 and r.json()["error"] == "not_rated"
    assert r.json()["msg"]["args"]["reason"]["key"] == "rating.no.guest"
    d, _ = account(any_server, "Aino")
    house = rated_toy(d, options={"hand": 1})
    assert house.status_code == 400
    assert house.json()["msg"]["args"]["reason"]["key"] == "rating.no.house_rules"
    hot = rated_toy(d, hotseat=True, seats=None, take_seat=None)
    assert hot.status_code == 400
    assert "rating.no.hotseat" in hot.json()["msg"]["args"]["reasons"]
    assert rated_toy(d, options={"dealer": 1}).status_code == 201  # who deals is no house rule
    # An invited seat of a rated table takes accounts only.
    r = d.post("/api/tables", json={"game": "toy", "players": 2, "take_seat": 0, "rated": True})
    assert r.status_code == 201, r.text
    code = r.json()["invites"][0]["code"]
    refused = g.post("/api/invites/claim", json={"code": code, "name": "Eero"})
    assert refused.status_code == 403 and refused.json()["error"] == "rated_account"
    b, _ = account(any_server, "Bea")
    assert b.post("/api/invites/claim", json={"code": code, "name": "Bea"}).status_code == 200
    unrated = any_server.create(game="toy", players=2)
    assert unrated["table"]["rated"] is False
    for x in (g, d, b):
        x.close()


def test_autoplay_is_refused_at_a_rated_table(any_server: Server) -> None:
    d, _ = account(any_server, "Aino")
    t = rated_toy(d).json()
    c = any_server.client(t["table_id"], headers=ws_headers(any_server, d), session=True)
    c.send({"type": "autoplay", "seat": 0})
    err = c.recv_type("error")
    assert err["code"] == "rated_assist" and err["msg"]["key"] == "error.rated_autoplay"
    check_error_msg(err["msg"])
    c.close()
    d.close()


def test_lobby_shows_bot_level_ratings() -> None:
    from pakka.ratings.bots import level_ratings
    from pakka.server.routes import games_catalogue

    cat = {g["name"]: g for g in games_catalogue()}
    for name, g in cat.items():
        assert g["level_ratings"] == level_ratings(name)


def _km_table(d: httpx.Client, rated: bool) -> dict[str, Any]:
    """A 2-player Koodinmurtaja table made on device ``d``: seat 0 its profile, seat 1
    a bot; returned once it is seat 0's turn (the bot does not move on before)."""
    r = d.post(
        "/api/tables",
        json={
            "game": "koodinmurtaja",
            "players": 2,
            "seats": [{"kind": "human", "name": "Aino"}, {"kind": "bot", "level": "easy"}],
            "take_seat": 0,
            "rated": rated,
        },
    )
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()
    deadline = time.time() + 60
    while d.get(f"/api/tables/{t['table_id']}").json()["current_player"] != 0:
        assert time.time() < deadline
        time.sleep(0.1)
    return t


def test_a_rated_table_refuses_hints_and_an_unrated_one_answers(any_server: Server) -> None:
    """Fair play enforced by the server: at a rated table the hint (Koodinmurtaja's
    probabilities; Räväytys' lay-down proposal is the same endpoint) is refused with
    ``rated_assist`` (key ``error.rated_hints``) through the session cookie and the seat
    token alike, and nothing at the table changes; the same table unrated answers
    with the display layer's hint of the seat's own view."""
    d, _ = account(any_server, "Aino")
    for rated in (True, False):
        t = _km_table(d, rated)
        tid = t["table_id"]
        url = f"/api/tables/{tid}/hint"
        before = d.get(f"/api/tables/{tid}").json()
        seq = any_server.hub.tables[tid].seq
        by_token = {"Authorization": f"Bearer {t['seat_tokens']['0']}"}
        answers = [d.post(url, json={}), any_server.http.post(url, json={}, headers=by_token)]
        for r in answers:
            if rated:
                assert r.status_code == 403, r.text
                assert r.json()["error"] == "rated_assist"
                assert r.json()["msg"]["key"] == "error.rated_hints"
                check_error_msg(r.json()["msg"])
            else:
                assert r.status_code == 200, r.text
                table = any_server.hub.tables[tid]
                want = table.game.display.hint(table.st.view(0))
                assert want is not None and r.json()["hint"] == json.loads(json.dumps(want))
                assert r.json()["seat"] == 0
        after = d.get(f"/api/tables/{tid}").json()
        assert after == before and any_server.hub.tables[tid].seq == seq
    d.close()


def test_a_renamed_profile_shows_its_new_name_everywhere(any_server: Server) -> None:
    """``POST /api/me/name``: the new name shows in "my tables", on the seats of the
    tables it sits at (a ``table`` frame to their clients at once, and the summary),
    on the profile page and on the leaderboard (read from the profile row)."""
    d, me = account(any_server, "Aino")
    rated = rated_toy(d).json()
    play_seat0_to_end(any_server, d, rated["table_id"])
    deadline = time.time() + 60
    while not d.get("/api/me").json()["ratings"]:
        assert time.time() < deadline
        time.sleep(0.1)
    live = toy_table(any_server, d)
    c = any_server.client(live["table_id"], headers=ws_headers(any_server, d), session=True)
    c.drain(0.2)
    r = d.post("/api/me/name", json={"name": "Aino Uusi"})
    assert r.status_code == 200, r.text
    assert r.json()["name"] == "Aino Uusi"
    deadline = time.time() + 30
    while not any(
        f["type"] == "table" and f["table"]["seats"][0]["name"] == "Aino Uusi" for f in c.frames
    ):
        assert time.time() < deadline
        c.recv(30)
    c.close()
    for tid in (rated["table_id"], live["table_id"]):
        summary = d.get(f"/api/tables/{tid}").json()
        assert summary["seats"][0]["name"] == "Aino Uusi"
    mine = {x["table_id"]: x for x in d.get("/api/me/tables").json()["tables"]}
    assert mine[rated["table_id"]]["names"][0] == "Aino Uusi"
    assert mine[live["table_id"]]["names"][0] == "Aino Uusi"
    assert d.get("/api/me").json()["name"] == "Aino Uusi"
    assert device(any_server).get(f"/api/profiles/{me['id']}").json()["name"] == "Aino Uusi"
    board = any_server.http.get("/api/leaderboards/toy", params={"min_games": 1}).json()
    assert [x["name"] for x in board["top"]] == ["Aino Uusi"]
    d.close()


def test_a_rename_reaches_tables_that_are_not_live(sqlite_url: str) -> None:
    """A closed table is no longer live after a restart: the rename changes its seat
    through the store (a ``seat`` event and the seat row), and "my tables" shows it."""
    a = Server(sqlite_url)
    try:
        d, _ = account(a, "Aino")
        t = toy_table(a, d)
        tid = t["table_id"]
        r = a.http.post(
            f"/api/tables/{tid}/close", headers={"Authorization": f"Bearer {t['admin_token']}"}
        )
        assert r.status_code == 200, r.text
        cookie = d.cookies[COOKIE]
        d.close()
    finally:
        a.stop()
    b = Server(sqlite_url)
    try:
        assert tid not in b.hub.tables
        d = device(b)
        d.cookies.set(COOKIE, cookie)
        assert d.post("/api/me/name", json={"name": "Aino Uusi"}).status_code == 200
        (row,) = d.get("/api/me/tables").json()["tables"]
        assert row["table_id"] == tid and row["closed"] and row["names"][0] == "Aino Uusi"
        with b.hub.store.engine.connect() as c:
            stored = b.hub.store.load_table(c, tid)
        assert stored is not None and stored.seats[0]["name"] == "Aino Uusi"
        d.close()
    finally:
        b.stop()


def test_a_second_device_at_another_process_hints_renames_and_leaves(
    pair: tuple[Server, Server],
) -> None:
    """PostgreSQL, two processes: the account's second device, served by the other
    process (which loads the table from the database), gets the seat's hint with its
    cookie, renames the profile (the first device's connection at the first process
    sees the new name on the seat) and leaves the seat."""
    p, q = pair
    d1, _ = account(p, "Aino")
    d2 = device(q)
    assert d2.post("/api/login", json={"account": "Aino", "password": PASSWORD}).status_code == 200
    t = _km_table(d1, rated=False)
    tid = t["table_id"]
    r = d2.post(f"/api/tables/{tid}/hint", json={})
    assert r.status_code == 200, r.text
    table = p.hub.tables[tid]
    want = table.game.display.hint(table.st.view(0))
    assert r.json()["seat"] == 0 and r.json()["hint"] == json.loads(json.dumps(want))
    c = p.client(tid, headers=ws_headers(p, d1), session=True)
    c.drain(0.2)
    assert d2.post("/api/me/name", json={"name": "Aino Uusi"}).status_code == 200
    deadline = time.time() + 30
    while not any(
        f["type"] in ("table", "state")
        and (f.get("table") or {}).get("seats", [{}])[0].get("name") == "Aino Uusi"
        for f in c.frames
    ):
        assert time.time() < deadline
        c.recv(30)
    assert d2.post(f"/api/tables/{tid}/leave", json={}).status_code == 200
    deadline = time.time() + 30
    while d1.get(f"/api/tables/{tid}").json()["seats"][0]["status"] != "left":
        assert time.time() < deadline
        time.sleep(0.1)
    c.close()
    d1.close()
    d2.close()
