"""Protocol behaviour over real WebSocket clients: errors keep the connection and
change nothing, concurrency, invites and seats, zombies, clock, play again."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import pakka
import pakka.core.registry
from pakka.server.frames import PROTOCOL_VERSION

from .conftest import Client, Server, check_error_msg, served_games, texts, watch


def two_player(server: Server, **extra: object) -> tuple[dict[str, Any], list[str]]:
    t = server.create(game="toy", players=2, take_seat=0, **extra)
    tok1 = server.claim(t["invites"][0]["code"], "B")["token"]
    return t, [t["seat_tokens"]["0"], tok1]


def expect_error(c: Client, code: str) -> dict[str, Any]:
    f = c.recv_type("error")
    assert f["code"] == code, f
    return f


def test_errors_leave_connection_open_and_state_unchanged(server: Server) -> None:
    t, toks = two_player(server)
    c1 = server.client(t["table_id"], tokens=[toks[1]])  # seat 1 acts first (dealer 0)
    f = c1.wait_state(0, 1)
    legal = texts(f)
    assert legal
    c1.send("this is not json")
    expect_error(c1, "malformed")
    c1.send("[1, 2]")
    expect_error(c1, "malformed")
    c1.send({"type": "dance"})
    expect_error(c1, "unknown_type")
    c1.send({"type": "action", "state_id": 0, "action": legal[0], "extra": 1})
    expect_error(c1, "invalid")
    c1.send({"type": "action", "state_id": "zero", "action": legal[0]})
    expect_error(c1, "invalid")
    c1.send(json.dumps({"type": "ping", "id": "x" * 5000}))
    expect_error(c1, "too_large")
    c1.send({"type": "action", "state_id": 5, "action": legal[0]})
    expect_error(c1, "stale_state")
    fresh = c1.recv_type("state")
    assert fresh["state_id"] == 0
    c1.send({"type": "action", "state_id": 0, "action": "play Z9"})
    err = expect_error(c1, "illegal_action")
    assert "play" in err["message"]
    c1.send({"type": "action", "seat": 0, "state_id": 0, "action": legal[0]})
    expect_error(c1, "not_your_seat")
    c1.send({"type": "ping", "id": 3})
    assert c1.recv_type("pong")["id"] == 3
    # Still open, nothing changed: a correct action is accepted as state 1.
    assert server.http.get(f"/api/tables/{t['table_id']}", headers=watch(t)).json()["state_id"] == 0
    c1.send({"type": "action", "state_id": 0, "action": legal[0]})
    assert c1.wait_state(1, 1)["last_action"] == {"seat": 1, "action": legal[0], "by": "human"}
    c1.send({"type": "action", "state_id": 1, "action": legal[0]})
    expect_error(c1, "not_your_turn")


def test_spectator_cannot_act_and_bad_hello_is_refused(server: Server) -> None:
    t, _ = two_player(server)
    w = server.client(t["table_id"], watch=t["spectator"]["code"])
    f = w.wait_state(0, None)
    assert f["seat"] is None and f["view"]["seat"] is None and texts(f) == []
    w.send({"type": "action", "state_id": 0, "action": "play A1"})
    expect_error(w, "spectator")
    bad = server.raw_client(t["table_id"])
    bad.send({"type": "hello", "tokens": ["A" * 22]})
    assert bad.recv()["code"] == "unauthorized"
    # an unlisted table cannot be watched without the code
    anon = server.raw_client(t["table_id"])
    anon.send({"type": "hello"})
    assert anon.recv()["code"] == "unauthorized"
    early = server.raw_client(t["table_id"])
    early.send({"type": "sync"})
    assert early.recv()["code"] == "hello_required"


def test_same_state_id_twice_exactly_one_applied(server: Server) -> None:
    """Two clients holding the same seat send for the same state id at once."""
    t, toks = two_player(server)
    a = server.client(t["table_id"], tokens=[toks[1]])
    b = server.client(t["table_id"], tokens=[toks[1]])
    legal = texts(a.wait_state(0, 1))
    b.wait_state(0, 1)
    go = threading.Barrier(2)

    def send(c: Client, action: str) -> None:
        go.wait()
        c.send({"type": "action", "state_id": 0, "action": action})

    th = [threading.Thread(target=send, args=(c, legal[i])) for i, c in enumerate((a, b))]
    for x in th:
        x.start()
    for x in th:
        x.join()
    time.sleep(0.3)
    a.drain()
    b.drain()
    errors = [f for c in (a, b) for f in c.frames if f["type"] == "error"]
    assert [e["code"] for e in errors] == ["stale_state"]
    summary = server.http.get(f"/api/tables/{t['table_id']}", headers=watch(t)).json()
    assert summary["state_id"] == 1 and summary["games"][0]["moves"] == 1


def test_invite_claims_once_reissue_and_revoke(server: Server) -> None:
    t = server.create(game="toy", players=2)
    code = t["invites"][0]["code"]
    first = server.claim(code, "Aino")
    r = server.http.post("/api/invites/claim", json={"code": code})
    assert r.status_code == 410 and r.json()["error"] == "invite_used"
    admin = {"Authorization": f"Bearer {t['admin_token']}"}
    tid = t["table_id"]
    # a claimed, present seat cannot be re-issued; the creator needs the admin token
    assert server.http.post(f"/api/tables/{tid}/seats/0/invite", headers=admin).status_code == 409
    assert server.http.post(f"/api/tables/{tid}/seats/1/invite").status_code == 401
    bad = {"Authorization": f"Bearer {first['token']}"}
    assert server.http.post(f"/api/tables/{tid}/seats/1/invite", headers=bad).status_code == 401
    new = server.http.post(f"/api/tables/{tid}/seats/1/invite", headers=admin).json()
    old = t["invites"][1]["code"]
    assert server.http.post("/api/invites/claim", json={"code": old}).status_code == 410
    assert server.http.post(f"/api/tables/{tid}/seats/1/revoke", headers=admin).status_code == 200
    assert server.http.post("/api/invites/claim", json={"code": new["code"]}).status_code == 410
    newer = server.http.post(f"/api/tables/{tid}/seats/1/invite", headers=admin).json()
    assert server.claim(newer["code"])["seat"] == 1
    assert len(first["token"]) == 22 and len(newer["code"]) == 22


def test_validation_of_create_requests(server: Server) -> None:
    bad = [
        {"game": "nope"},
        {"game": "toy", "players": 9},
        {"game": "toy", "options": {"hand": 9}},
        {"game": "toy", "options": {"colour": "red"}},
        {"game": "toy", "players": 2, "seats": [{"kind": "human"}]},
        {"game": "toy", "name": "x" * 200},
        {"game": "toy", "unknown": 1},
        {"game": "toy", "clock": 0},
        {"game": "toy", "seats": [{"kind": "bot", "level": "godlike"}, {}]},
    ]
    for body in bad:
        r = server.http.post("/api/tables", json=body)
        assert r.status_code in (400, 422), body
        assert r.json()["error"] == "bad_request"
    r = server.http.post("/api/tables", content=b"{" + b" " * 70000 + b"}")
    assert r.status_code == 413


def test_open_tables_join_leave_and_zombie(server: Server) -> None:
    t = server.create(game="toy", players=2, listed=True, take_seat=0)
    tid = t["table_id"]
    listed = server.http.get("/api/tables").json()["tables"]
    assert [x["table_id"] for x in listed] == [tid] and listed[0]["free_seats"] == [1]
    j = server.http.post(f"/api/tables/{tid}/join", json={"name": "Cecilia"}).json()
    assert j["seat"] == 1
    assert server.http.get("/api/tables").json()["tables"] == []
    assert server.http.post(f"/api/tables/{tid}/join", json={}).status_code == 409
    # the invite made for seat 1 died when someone joined
    r = server.http.post("/api/invites/claim", json={"code": t["invites"][0]["code"]})
    assert r.status_code == 410
    c0 = server.client(tid, tokens=[t["seat_tokens"]["0"]])
    c0.wait_state(0, 0)
    # seat 1 leaves: a zombie bot plays for it, the token stops working
    h = {"Authorization": f"Bearer {j['token']}"}
    assert server.http.post(f"/api/tables/{tid}/leave", headers=h).status_code == 200
    assert server.http.post(f"/api/tables/{tid}/leave", headers=h).status_code == 401
    f = c0.wait_state(1, 0)
    assert f["last_action"]["by"] == "zombie" and f["last_action"]["seat"] == 1
    summary = server.http.get(f"/api/tables/{tid}").json()
    assert summary["seats"][1]["status"] == "left" and summary["seats"][1]["zombie"]
    # the table is open again, and a new player takes over from the zombie
    assert server.http.get("/api/tables").json()["tables"][0]["free_seats"] == [1]
    j2 = server.http.post(f"/api/tables/{tid}/join", json={"seat": 1}).json()
    assert not server.http.get(f"/api/tables/{tid}").json()["seats"][1]["zombie"]
    assert j2["token"] != j["token"]


def test_creator_hands_seat_to_bot_and_back_and_resume(server: Server) -> None:
    t, toks = two_player(server)
    tid = t["table_id"]
    admin = {"Authorization": f"Bearer {t['admin_token']}"}
    c0 = server.client(tid, tokens=[toks[0]])
    c0.wait_state(0, 0)
    # seat 1 is not connected: the creator lets a bot play it
    r = server.http.post(f"/api/tables/{tid}/seats/1/bot", headers=admin, json={"level": "easy"})
    assert r.status_code == 200
    assert c0.wait_state(1, 0)["last_action"]["by"] == "zombie"
    assert server.http.post(f"/api/tables/{tid}/seats/1/human", headers=admin).status_code == 200
    # a connected seat cannot be taken
    assert server.http.post(f"/api/tables/{tid}/seats/0/bot", headers=admin).status_code == 409
    # seat 1's player returns; if a zombie plays, resume takes it back
    c1 = server.client(tid, tokens=[toks[1]])
    c1.wait_state(1, 1)
    c1.send({"type": "action", "state_id": 1, "action": "play A1"})
    assert c1.recv_type("error")["code"] in ("not_your_turn", "illegal_action")
    c1.send({"type": "resume"})
    c1.drain()


def test_clock_timeout_bot_moves_and_seat_becomes_zombie(server: Server) -> None:
    t, toks = two_player(server, clock=1)
    c1 = server.client(t["table_id"], tokens=[toks[1]])
    f = c1.wait_state(0, 1)
    assert f["clock"]["seat"] == 1 and f["clock"]["seconds"] == 1
    f = c1.wait_state(1, 1, timeout=5)
    assert f["last_action"] == {"seat": 1, "action": f["last_action"]["action"], "by": "timeout"}
    summary = server.http.get(f"/api/tables/{t['table_id']}", headers=watch(t)).json()
    assert summary["seats"][1]["zombie"]
    c1.send({"type": "resume"})
    c1.recv_type("state")
    summary = server.http.get(f"/api/tables/{t['table_id']}", headers=watch(t)).json()
    assert not summary["seats"][1]["zombie"]


def test_bots_play_and_play_again_passes_the_deal(server: Server) -> None:
    """Bot seats move by themselves; play again starts game 2 with the next dealer."""
    t = server.create(
        game="toy",
        players=3,
        take_seat=0,
        seats=[{}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "medium"}],
    )
    tid = t["table_id"]
    c = server.client(tid, tokens=[t["seat_tokens"]["0"]])
    while True:
        f = c.recv_type("state")
        if f["view"]["is_terminal"]:
            break
        if texts(f):
            c.send({"type": "action", "state_id": f["state_id"], "action": texts(f)[0]})
    assert f["state_id"] == 6
    assert server.http.get(f"/api/tables/{tid}/games/1/record", headers=watch(t)).status_code == 200
    c.send({"type": "play_again", "game_no": 1})
    g2 = c.recv_type("state")
    assert g2["game_no"] == 2 and g2["state_id"] == 7 and g2["log_index"] == 0
    assert g2["view"]["options"]["dealer"] == 1 and g2["view"]["current_player"] == 2
    c.send({"type": "play_again", "game_no": 1})
    assert c.recv_type("error")["code"] == "stale_state"
    c.send({"type": "play_again", "game_no": 2})
    assert c.recv_type("error")["code"] == "not_over"
    summary = server.http.get(f"/api/tables/{tid}", headers=watch(t)).json()
    assert [g["game_no"] for g in summary["games"]] == [1, 2]
    assert server.http.get(f"/api/tables/{tid}/games/2/record", headers=watch(t)).status_code == 409


def test_message_rate_limit(sqlite_url: str) -> None:
    s = Server(sqlite_url, msg_rate=5.0, msg_burst=5.0, create_per_minute=2)
    try:
        t = s.create(game="toy", players=2, take_seat=0)
        c = s.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
        for i in range(12):
            c.send({"type": "ping", "id": i})
        c.drain(0.3)
        codes = [f.get("code") for f in c.frames if f["type"] == "error"]
        assert "rate_limited" in codes
        s.create(game="toy")
        r = s.http.post("/api/tables", json={"game": "toy"})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
    finally:
        s.stop()


@pytest.mark.parametrize("path", ["/api/games", "/api/openapi.json"])
def test_catalogue_and_openapi(server: Server, path: str) -> None:
    r = server.http.get(path)
    assert r.status_code == 200
    if path == "/api/games":
        names = [g["name"] for g in r.json()["games"]]
        assert "toy" in names
        toy = next(g for g in r.json()["games"] if g["name"] == "toy")
        assert toy["levels"] == ["easy", "medium", "hard"]
        assert {o["name"] for o in toy["options"]} == {"hand", "dealer"}


def test_thinking_bot_does_not_block_the_event_loop(server: Server) -> None:
    """A bot computing for a second (in a worker thread) leaves the server responsive."""
    t = server.create(
        game="toy", players=2, take_seat=0, seats=[{}, {"kind": "bot", "level": "hard"}]
    )
    c = server.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
    c.wait_state(0, 0)
    time.sleep(0.1)  # the bot (seat 1 starts) is thinking now
    waits = []
    for i in range(5):
        t0 = time.perf_counter()
        c.send({"type": "ping", "id": i})
        c.recv_type("pong")
        waits.append(time.perf_counter() - t0)
        r = server.http.get(f"/api/tables/{t['table_id']}", headers=watch(t))
        assert r.json()["state_id"] == 0
    assert max(waits) < 0.5, waits
    assert c.wait_state(1, 0, timeout=10)["last_action"]["by"] == "bot"


def test_tokens_never_reach_the_logs(sqlite_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """Credentials are absent from server and access logs (info level)."""
    caplog.set_level("DEBUG")
    s = Server(sqlite_url, log_level="info")
    try:
        t = s.create(game="toy", players=2)
        tok = s.claim(t["invites"][0]["code"])["token"]
        c = s.client(t["table_id"], tokens=[tok])
        c.wait_state(0, None)
        c.send({"type": "action", "state_id": 0, "action": "play Z9"})
        c.recv_type("error")
        admin = {"Authorization": f"Bearer {t['admin_token']}"}
        s.http.post(f"/api/tables/{t['table_id']}/seats/1/invite", headers=admin)
        c.close()
        time.sleep(0.2)
    finally:
        s.stop()
    server_side = ("uvicorn", "pakka", "fastapi", "starlette", "sqlalchemy", "alembic")
    text = "\n".join(r.getMessage() for r in caplog.records if r.name.startswith(server_side))
    assert "/api/tables" in text  # the access log was captured
    for secret in [tok, t["admin_token"], t["spectator"]["code"], t["invites"][0]["code"]]:
        assert secret not in text


def test_next_game_options_hook_and_dealer_rotation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Play again: a game's own hook decides the next options; else ``dealer`` passes left."""
    import pakka
    from pakka.server.games import next_game_options

    game = pakka.load("toy", players=3, dealer=2)
    state = game.new_state(seed=1)
    assert next_game_options(state, {"hand": 2, "dealer": 2})["dealer"] == 0
    monkeypatch.setattr(
        type(game), "next_game_options", lambda self, st: {"hand": 1}, raising=False
    )
    assert next_game_options(state, {"hand": 2, "dealer": 2}) == {"hand": 1, "dealer": 2}


def test_reconnect_with_token_resyncs(server: Server) -> None:
    """A client that reconnects with its seat token gets the current view and whole log."""
    t, toks = two_player(server)
    c1 = server.client(t["table_id"], tokens=[toks[1]])
    f = c1.wait_state(0, 1)
    c1.send({"type": "action", "state_id": 0, "action": texts(f)[0]})
    before = c1.wait_state(1, 1)
    c1.close()
    again = server.client(t["table_id"], tokens=[toks[1]])
    assert again.welcome["seats"] == [1]
    now = again.recv_type("state")
    assert now["state_id"] == 1 and now["view"] == before["view"] and now["log_index"] == 0
    assert len(now["log"]) == before["log_index"] + len(before["log"])
    again.send({"type": "sync"})
    assert again.recv_type("state")["view"] == before["view"]


def test_static_client_is_served_at_root(sqlite_url: str, tmp_path: Path) -> None:
    """The browser client's directory is served at / (index.html), next to the API."""
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<html>pakka</html>")
    s = Server(sqlite_url, static_dir=str(static))
    try:
        assert "pakka" in s.http.get("/").text
        assert s.http.get("/api/games").status_code == 200
    finally:
        s.stop()


@pytest.mark.parametrize("game", served_games())
def test_bots_in_worker_processes(sqlite_url: str, game: str) -> None:
    """With PAKKA_BOT_WORKERS=process the bots think in other processes and play on."""
    s = Server(sqlite_url, bot_workers="process")
    try:
        cls = pakka.core.registry.game_class(game)
        n = cls.min_players
        seats = [{"kind": "bot", "level": "easy"} for _ in range(n)]
        t = s.create(game=game, players=n, seats=seats)
        w = s.client(t["table_id"], watch=t["spectator"]["code"])
        f = w.wait_state(0, None)
        target = 3
        while f["state_id"] < target and not f["view"]["is_terminal"]:
            f = w.recv_type("state", timeout=20)
        assert f["last_action"] is None or f["last_action"]["by"] == "bot"
        assert f["state_id"] >= min(target, f["view"]["moves"])
    finally:
        s.stop()


def test_creator_cannot_act_for_handed_out_seats(server: Server) -> None:
    """The admin token and spent invite codes hold no seat on the WebSocket."""
    t = server.create(game="toy", players=2)
    code = t["invites"][1]["code"]
    server.claim(code)
    for cred in (t["admin_token"], code, t["spectator"]["code"]):
        c = server.raw_client(t["table_id"])
        c.send({"type": "hello", "tokens": [cred]})
        assert c.recv()["code"] == "unauthorized"


def test_failed_commit_changes_nothing(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the database refuses an action, the client hears so and nothing was applied."""
    t, toks = two_player(server)
    c1 = server.client(t["table_id"], tokens=[toks[1]])
    legal = texts(c1.wait_state(0, 1))

    def refuse(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(server.hub.store, "add_action", refuse)
    c1.send({"type": "action", "state_id": 0, "action": legal[0]})
    assert c1.recv_type("error")["code"] == "server_error"
    assert c1.recv_type("state")["state_id"] == 0
    monkeypatch.undo()
    c1.send({"type": "action", "state_id": 0, "action": legal[0]})
    assert c1.wait_state(1, 1)["view"]["moves"] == 1


# -- protocol 2: structured legal actions, schemas, descriptors, message keys -------------------


def test_schema_of_every_game_is_served_and_generated(server: Server) -> None:
    """Each game's frame schema comes from the server, with the game's typed view
    inside (or the permissive base view for a game without a typed view)."""
    import jsonschema

    for name in served_games():
        r = server.http.get(f"/api/games/{name}/schema")
        assert r.status_code == 200, (name, r.text)
        body = r.json()
        cls = pakka.core.registry.game_class(name)
        assert body["protocol"] == PROTOCOL_VERSION and body["game"] == name
        assert body["typed_view"] is (cls.view_type is not None)
        if cls.view_type is not None:
            assert body["view"] == cls.view_schema()
        else:
            assert body["view"]["additionalProperties"] is True
        jsonschema.Draft202012Validator.check_schema(body["frame"])
        frame_defs = body["frame"]["$defs"]
        assert frame_defs["StateFrame"]["properties"]["view"] == {"$ref": "#/$defs/View"}
        assert frame_defs["StateFrame"]["properties"]["legal"]["items"] == {
            "$ref": "#/$defs/LegalAction"
        }
    assert server.http.get("/api/games/nosuchgame/schema").status_code == 404


def test_games_list_carries_the_descriptor(server: Server) -> None:
    games = {g["name"]: g for g in server.http.get("/api/games").json()["games"]}
    for name in served_games():
        cls = pakka.core.registry.game_class(name)
        assert games[name]["type"] == cls.game_type().to_json()
        assert games[name]["type"]["deck"] in ("french", "zoker")
        assert games[name]["typed_view"] is (cls.view_type is not None)


def test_messages_carry_card_names_and_core_texts(server: Server) -> None:
    for name in served_games():
        body = server.http.get(f"/api/games/{name}/messages").json()
        cls = pakka.core.registry.game_class(name)
        for lang in ("en", "fi"):
            assert body["cards"][lang] == dict(cls.display.card_names(lang))
            assert body["messages"][lang]["error.stale_state"]
            assert "action.generic" in body["messages"][lang]


def test_legal_actions_are_structured_and_acted_on_by_id(server: Server) -> None:
    """legal lists the display layer's actions; an action may name one by id; a
    message with both or neither of id and action is invalid."""
    t, toks = two_player(server)
    c1 = server.client(t["table_id"], tokens=[toks[1]])
    assert c1.welcome["protocol"] == PROTOCOL_VERSION
    f = c1.wait_state(0, 1)
    table = server.hub.tables[t["table_id"]]
    assert f["legal"] == table.game.display.legal(table.st)
    assert c1.welcome["legal"] == f["legal"]
    first = f["legal"][0]
    assert {"id", "text", "kind", "cards", "target", "label"} <= set(first)
    c1.send({"type": "action", "state_id": 0})
    expect_error(c1, "invalid")
    c1.send({"type": "action", "state_id": 0, "id": first["id"], "action": first["text"]})
    expect_error(c1, "invalid")
    illegal = next(
        i for i in range(table.game.num_distinct_actions) if i not in {a["id"] for a in f["legal"]}
    )
    c1.send({"type": "action", "state_id": 0, "id": illegal})
    expect_error(c1, "illegal_action")
    c1.send({"type": "action", "state_id": 0, "id": 10**9})
    expect_error(c1, "illegal_action")
    c1.send({"type": "action", "state_id": 0, "id": first["id"]})
    last = c1.wait_state(1, 1)["last_action"]
    assert last == {"seat": 1, "action": first["text"], "by": "human"}
    c0 = server.client(t["table_id"], tokens=[toks[0]])
    assert c0.welcome["legal"] == c0.wait_state(1, 0)["legal"] != []
    assert c1.latest[1]["legal"] == []


def test_unknown_protocol_is_refused(server: Server) -> None:
    t, toks = two_player(server)
    c = server.raw_client(t["table_id"])
    c.send({"type": "hello", "tokens": [toks[0]], "protocol": 1})
    err = expect_error(c, "unsupported_protocol")
    assert err["server"] == PROTOCOL_VERSION and err["msg"]["args"]["client"] == 1
    ok = server.client(t["table_id"], tokens=[toks[0]], protocol=PROTOCOL_VERSION)
    assert ok.welcome["protocol"] == PROTOCOL_VERSION
    ok.send({"type": "hello", "tokens": [toks[0]], "protocol": 99})
    expect_error(ok, "unsupported_protocol")
    ok.send({"type": "ping", "id": 1})
    assert ok.recv_type("pong")["id"] == 1


def test_http_errors_carry_message_keys(server: Server) -> None:
    r = server.http.get("/api/tables/nosuchtable")
    assert r.status_code == 404
    check_error_msg(r.json()["msg"])
    r = server.http.post("/api/tables", json={"game": "nosuchgame"})
    assert r.status_code == 400
    check_error_msg(r.json()["msg"])


def test_every_message_type_has_its_handler() -> None:
    """The dispatch table of the message loop answers every type the protocol decodes
    (``hello`` is answered by the loop itself): none is dropped unanswered."""
    from pakka.server.models import WS_MESSAGES
    from pakka.server.ws import HANDLERS

    assert set(HANDLERS) == set(WS_MESSAGES) - {"hello"}
