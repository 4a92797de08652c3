"""Hints belong to a seat of a table (``POST /api/tables/{id}/hint``): the server
computes the display layer's hint (``games/<game>/display.py``, the one computation
for the terminal and the browser) from that seat's own view of the table's current
state, for a request that holds the seat. No endpoint takes a view from the client,
so a rated table's refusal (tests/server/test_rated_tables.py) cannot be bypassed."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pakka.core.registry import game_class, load

from .conftest import Server, check_error_msg, texts, watch


def _hint_of_live_view(server: Server, tid: str, seat: int) -> Any:
    """What the display layer says for ``seat``'s view of the live table's state."""
    table = server.hub.tables[tid]
    want = table.game.display.hint(table.st.view(seat))
    return None if want is None else json.loads(json.dumps(dict(want)))


@pytest.mark.parametrize(("name", "players"), [("koodinmurtaja", 3), ("ravaytys", 3)])
def test_hint_is_the_display_layers_hint_of_the_seats_own_view(
    server: Server, name: str, players: int
) -> None:
    """R-RV-13 (the proposed lay-down) and the Koodinmurtaja probabilities: a seat
    token's request is answered with exactly ``display.hint(state.view(seat))`` of the
    table's current state, before and after some moves."""
    t = server.create(game=name, players=players, hotseat=True)
    tid, tokens = t["table_id"], t["seat_tokens"]
    c = server.client(tid, tokens=list(tokens.values()))
    rng = random.Random(7)
    answered = 0
    for step in range(4):
        c.drain(0.2)
        state_id = server.http.get(f"/api/tables/{tid}", headers=watch(t)).json()["state_id"]
        for seat in range(players):
            r = server.http.post(
                f"/api/tables/{tid}/hint",
                json={"state_id": state_id},
                headers={"Authorization": f"Bearer {tokens[str(seat)]}"},
            )
            assert r.status_code == 200, r.text
            got = r.json()
            assert (got["seat"], got["state_id"], got["game_no"]) == (seat, state_id, 1)
            assert got["hint"] == _hint_of_live_view(server, tid, seat)
            answered += got["hint"] is not None
        if step == 3:
            break
        # One random move by the seat to act (this connection holds every seat).
        cur = c.wait_state(state_id)
        cp = cur["view"]["current_player"]
        f = c.wait_state(state_id, cp)
        c.send(
            {
                "type": "action",
                "seat": cp,
                "state_id": f["state_id"],
                "action": rng.choice(texts(f)),
            }
        )
        c.wait_state(state_id + 1)
    assert answered
    c.close()


def test_a_hint_needs_a_seat_of_the_table_and_the_state_shown(server: Server) -> None:
    """Without a seat of this table (no credential, the admin token, a spectator
    code, another table's seat token) the answer is 401; a token asked for another
    seat is 403; a stale ``state_id`` is 409. Nothing at the table changes."""
    t = server.create(game="koodinmurtaja", players=2, hotseat=True)
    other = server.create(game="koodinmurtaja", players=2, hotseat=True)
    tid = t["table_id"]
    url = f"/api/tables/{tid}/hint"
    before = server.http.get(f"/api/tables/{tid}", headers=watch(t)).json()
    seq = server.hub.tables[tid].seq
    for headers in (
        {},
        {"Authorization": f"Bearer {t['admin_token']}"},
        {"Authorization": f"Bearer {other['seat_tokens']['0']}"},
        watch(t),
    ):
        r = server.http.post(url, json={}, headers=headers)
        assert r.status_code == 401 and r.json()["error"] == "unauthorized", r.text
        check_error_msg(r.json()["msg"])
    tok0 = {"Authorization": f"Bearer {t['seat_tokens']['0']}"}
    r = server.http.post(url, json={"seat": 1}, headers=tok0)
    assert r.status_code == 403 and r.json()["msg"]["key"] == "error.not_your_seat"
    r = server.http.post(url, json={"state_id": before["state_id"] + 5}, headers=tok0)
    assert r.status_code == 409 and r.json()["error"] == "stale_state"
    check_error_msg(r.json()["msg"])
    r = server.http.post(url, json={"view": {"game": "koodinmurtaja"}}, headers=tok0)
    assert r.status_code == 422  # a view from the client is not accepted
    assert server.http.post(url, headers=tok0).status_code == 200  # no body: the token's seat
    after = server.http.get(f"/api/tables/{tid}", headers=watch(t)).json()
    assert after == before and server.hub.tables[tid].seq == seq


def test_no_hint_for_a_game_without_one(server: Server) -> None:
    t = server.create(game="zoker-solo", players=1, take_seat=0)
    r = server.http.post(
        f"/api/tables/{t['table_id']}/hint",
        json={},
        headers={"Authorization": f"Bearer {t['seat_tokens']['0']}"},
    )
    assert r.status_code == 404 and r.json()["error"] == "no_hints"
    assert r.json()["msg"] == {"key": "error.no_hints", "args": {"game": "zoker-solo"}}
    check_error_msg(r.json()["msg"])


def test_the_stateless_hint_endpoint_is_gone(server: Server) -> None:
    """A hint computed from a view the client sends could not tell a rated table's
    view from any other: that endpoint no longer exists."""
    view = load("koodinmurtaja", 2).new_state(seed=1).view(0)
    r = server.http.post("/api/games/koodinmurtaja/hint", json={"view": view})
    assert r.status_code in (404, 405)


def test_ravaytys_hint_writes_wild_cards_as_the_client_reads_them() -> None:
    """D-RV-4: a wild card in a proposed group comes as ``WILD=REP`` (what the
    browser's proposal splits), with the cards left in hand and their value, and the
    hint is JSON as the endpoint sends it."""
    hand = ["7H", "7S", "7D", "JK", "9C", "9D", "9S", "KH", "2D", "2H", "5C"]
    view = load("ravaytys", 3).new_state(seed=4).view(0)
    view["hand"] = hand
    view["down"] = [False, False, False]
    got = game_class("ravaytys").display.hint(view)
    assert got is not None
    hint = json.loads(json.dumps(dict(got)))
    assert hint["possible"] and hint["steps"]
    groups = [c for g in hint["groups"] for c in g]
    assert all(c in hand or c.split("=")[0] in hand for c in groups)
    assert sorted([c.split("=")[0] for c in groups] + hint["left"]) == sorted(hand)
