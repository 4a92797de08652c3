"""Stacked decks and set-up actions on testing servers only, and undo for
one-player tables (protocol v1.4)."""

from __future__ import annotations

from typing import Any

import pakka
from pakka.core.undo import reveals_hidden

from .conftest import Server, texts
from .leaks import check_frames

SOLO_MOVES = ["a3-a4", "d3-c4"]


def test_public_server_refuses_deck_and_setup(server: Server) -> None:
    """Without the testing flag a table is always dealt from a secret shuffle."""
    for extra in ({"deck": ["BS1"]}, {"setup": ["a3-a4"]}):
        r = server.http.post("/api/tables", json={"game": "zoker-solo", **extra})
        assert r.status_code == 403
        assert r.json()["error"] == "forbidden"
        assert "for tests only" in r.json()["message"]


def test_stacked_deck_and_setup_on_a_testing_server(sqlite_url: str) -> None:
    """With ``allow_stacked_decks`` the first game is dealt from ``deck`` and the
    ``setup`` actions are played and stored; the record holds the deck; a restart
    replays it to the same state."""
    game = pakka.load("zoker-solo")
    deck = [str(c) for c in game.full_deck()]
    expected = game.new_state(seed=0, deck=deck)
    moves = [str(expected.legal_actions()[0])]
    expected.apply(moves[0])
    view = expected.view(0)
    view.pop("log")
    srv = Server(sqlite_url, allow_stacked_decks=True)
    try:
        bad = srv.http.post("/api/tables", json={"game": "zoker-solo", "deck": ["XX9"]})
        assert bad.status_code == 400 and bad.json()["message"].startswith("deck:")
        bad = srv.http.post("/api/tables", json={"game": "zoker-solo", "setup": ["z9-a1"]})
        assert bad.status_code == 400 and "setup action 1" in bad.json()["message"]
        t = srv.create(game="zoker-solo", take_seat=0, deck=deck, setup=moves)
        assert t["table"]["state_id"] == 1
        c = srv.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
        f = c.wait_state(1, 0)
        assert f["view"] == view
        c.close()
    finally:
        srv.stop()
    srv = Server(sqlite_url, allow_stacked_decks=True)
    try:
        c = srv.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
        assert c.wait_state(1, 0)["view"] == view
        c.close()
    finally:
        srv.stop()


def _solo(server: Server) -> tuple[dict[str, Any], Any]:
    t = server.create(game="zoker-solo", take_seat=0)
    c = server.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
    c.wait_state(0, 0)
    return t, c


def test_undo_takes_back_a_move_and_persists(sqlite_url: str) -> None:
    """A move, then ``undo``: the view is the one before the move, the state id goes
    on increasing (also after a restart) and the stored record lost the move."""
    srv = Server(sqlite_url)
    try:
        t, c = _solo(srv)
        f0 = c.latest[0]
        assert f0["undo"] is False  # nothing to take back yet
        c.send({"type": "action", "state_id": 0, "id": f0["legal"][0]["id"]})
        f1 = c.wait_state(1, 0)
        assert f1["undo"] is True
        c.send({"type": "undo", "state_id": 1})
        f2 = c.wait_state(2, 0)
        assert f2["view"] == f0["view"] and texts(f2) == texts(f0)
        assert f2["undo"] is False and f2["last_action"] is None
        assert f2["log_index"] == 0 and f2["log"] == f0["log"]
        c.send({"type": "undo", "state_id": 2})
        err = c.recv_type("error")
        assert err["code"] == "no_undo" and "nothing to take back" in err["message"]
        c.close()
        hub_state = srv.hub.tables[t["table_id"]].st
        assert hub_state.history == []
    finally:
        srv.stop()
    srv = Server(sqlite_url)
    try:
        c = srv.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
        f = c.wait_state(2, 0)
        assert f["state_id"] == 2 and f["view"] == f0["view"]
        c.close()
    finally:
        srv.stop()


def test_undo_stops_at_a_deal_and_leaks_nothing(server: Server) -> None:
    """Taking back a deal would show the stock order on the next deal: refused.
    Every frame of the game is still exactly the seat's view."""
    t, c = _solo(server)
    sid = 0
    while "deal" not in texts(c.latest[0]):
        legal = texts(c.latest[0])
        move = next(a for a in legal if a != "deal")
        c.send({"type": "action", "state_id": sid, "action": move})
        sid += 1
        c.wait_state(sid, 0)
    c.send({"type": "action", "state_id": sid, "action": "deal"})
    sid += 1
    f = c.wait_state(sid, 0)
    assert f["undo"] is False
    c.send({"type": "undo", "state_id": sid})
    err = c.recv_type("error")
    assert err["code"] == "no_undo" and "stock" in err["message"]
    c.send({"type": "undo", "state_id": sid - 1})
    assert c.recv_type("error")["code"] == "stale_state"
    # Two moves after the deal can be taken back together.
    for _ in range(2):
        move = texts(c.latest[0])[0]
        c.send({"type": "action", "state_id": sid, "action": move})
        sid += 1
        c.wait_state(sid, 0)
    table = server.hub.tables[t["table_id"]]
    before = pakka.Record.from_state(table.st)
    cut = len(c.frames)
    c.send({"type": "undo", "state_id": sid, "count": 2})
    sid += 1
    back = c.wait_state(sid, 0)
    assert back["view"] == f["view"]
    assert back["undo"] is False  # back at the deal (found by replay this time)
    after = pakka.Record.from_state(table.st)
    tokens = [t["seat_tokens"]["0"]]
    assert check_frames(before, 1, c.frames[:cut], c.raw[:cut], tokens) > 0
    assert check_frames(after, 1, c.frames[cut:], c.raw[cut:], tokens) > 0
    assert all("stock_order" not in text for text in c.raw)
    c.close()


def test_undo_refused_at_multi_player_tables(server: Server) -> None:
    """Undo is a solitaire aid: at a table of several players it would let one
    player change what the others saw."""
    t = server.create(game="toy", players=2, hotseat=True)
    c = server.client(t["table_id"], tokens=list(t["seat_tokens"].values()))
    f = c.wait_state(0, 0)
    cp = f["view"]["current_player"]
    legal = texts(c.wait_state(0, cp))
    c.send({"type": "action", "seat": cp, "state_id": 0, "action": legal[0]})
    c.wait_state(1, cp)
    c.send({"type": "undo", "seat": cp, "state_id": 1})
    err = c.recv_type("error")
    assert err["code"] == "no_undo" and "one-player" in err["message"]
    assert c.latest[cp]["undo"] is False
    c.close()


def test_reveals_hidden_tells_deals_from_moves() -> None:
    """The sampling check behind undo: a move shows nothing new, a deal does."""
    s = pakka.load("zoker-solo").new_state(seed=3)
    move = str(next(a for a in s.legal_actions() if str(a) != "deal"))
    assert not reveals_hidden(s, move, 0)
    while "deal" not in [str(a) for a in s.legal_actions()]:
        s.apply(next(a for a in s.legal_actions() if str(a) != "deal"))
    assert reveals_hidden(s, "deal", 0)
