"""Complete games over real WebSocket clients, for every registered game and both
databases, with the hidden-information check on every frame each seat received."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

import pakka
import pakka.core.registry
from pakka import Record
from pakka.core.registry import load_automated

from .conftest import Client, Server, served_games, texts, watch
from .leaks import check_frames

RANDOM_MOVES = 40
"""Moves the clients play themselves (random legal actions) before bots take over."""


def finishing_level(game: str, players: int) -> str:
    """The cheapest bot level whose self-play ends within a few hundred moves (random
    play of some games, e.g. a rummy, can go on for thousands of moves)."""
    from pakka.bots import make_bot, play_bot_turn

    g = load_automated(game, players=players)
    for level in ("easy", "medium"):
        state = g.new_state(seed=5)
        bots = [make_bot(g, level, seed=i) for i in range(players)]
        for _ in range(1500):
            if state.is_terminal:
                return level
            cp = state.current_player
            assert cp is not None
            play_bot_turn(bots[cp], state)
        if state.is_terminal:
            return level
    return "hard"


def seat_table(
    server: Server, game: str, players: int, **extra: Any
) -> tuple[dict[str, Any], list[str]]:
    """Create a table with only human seats and claim every invite; returns tokens."""
    t = server.create(game=game, players=players, **extra)
    tokens = ["" for _ in range(players)]
    for inv in t["invites"]:
        tokens[inv["seat"]] = server.claim(inv["code"], f"P{inv['seat']}")["token"]
    for seat, tok in t["seat_tokens"].items():
        tokens[int(seat)] = tok
    return t, tokens


def play_out(clients: list[Client], rng: random.Random, limit: int) -> int:
    """Let the seat to act play a random legal action, ``limit`` times at most."""
    moves = 0
    frame = clients[0].wait_state(0, 0)
    while not frame["view"]["is_terminal"] and moves < limit:
        cp = frame["view"]["current_player"]
        f = clients[cp].wait_state(frame["state_id"], cp)
        assert texts(f), "the seat to act got no legal actions"
        clients[cp].send(
            {"type": "action", "state_id": f["state_id"], "id": rng.choice(f["legal"])["id"]}
        )
        for c in clients:
            c.wait_state(
                frame["state_id"] + 1, c.welcome["seats"][0] if c.welcome["seats"] else None
            )
        frame = clients[0].latest[0]
        moves += 1
    return moves


@pytest.mark.parametrize("game", served_games())
def test_complete_game_hides_every_hidden_card(
    server: Server, game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Security: every frame to every seat and to a spectator during a complete game
    is exactly that seat's view; no hidden card, seed or foreign token ever appears.
    The downloaded record replays with ``pakka replay``."""
    record = complete_game_checked(server, game)
    from pakka.cli.main import main

    path = tmp_path / "record.json"
    path.write_text(record.to_json())
    assert main(["replay", str(path), "--at", "-1"]) == 0
    assert capsys.readouterr().out


def test_complete_game_on_postgresql(pg_server: Server) -> None:
    """The same complete, leak-checked game on PostgreSQL (the restart test covers
    every game on both databases)."""
    complete_game_checked(pg_server, served_games()[0])


def complete_game_checked(server: Server, game: str) -> Record:
    """Play a complete game over WebSockets and check every frame and the record."""
    cls = pakka.core.registry.game_class(game)
    players = min(cls.max_players, max(cls.min_players, 2))
    # Bots finish the game: automated play, with the game's automated options (e.g.
    # Viisisataa's explicit match cap, R-5S-22).
    options = dict(cls.automated_options)
    t, tokens = seat_table(server, game, players, options=options)
    clients = [server.client(t["table_id"], tokens=[tok]) for tok in tokens]
    watcher = server.client(t["table_id"], watch=t["spectator"]["code"])
    moves = play_out(clients, random.Random(7), RANDOM_MOVES)
    if not clients[0].latest[0]["view"]["is_terminal"]:
        # every seat hands itself to a bot (autoplay); the clients keep receiving
        level = finishing_level(game, players)
        for c in clients:
            c.send({"type": "autoplay", "level": level})
        deadline = time.time() + 90
        while not clients[0].latest[0]["view"]["is_terminal"]:
            clients[0].recv(max(0.01, deadline - time.time()))
        moves = clients[0].latest[0]["view"]["moves"]
        final_sid = clients[0].latest[0]["state_id"]
        for c in clients[1:]:
            c.wait_state(final_sid, c.welcome["seats"][0], timeout=30)
    watcher.wait_state(clients[0].latest[0]["state_id"])
    assert clients[0].latest[0]["view"]["is_terminal"]
    r = server.http.get(f"/api/tables/{t['table_id']}/games/1/record", headers=watch(t))
    assert r.status_code == 200
    record = Record.from_json(r.text)
    assert len(record.actions) == moves
    secrets_ = [t["admin_token"], t["spectator"]["code"], *tokens]
    for seat, c in enumerate(clients):
        others = [s for s in secrets_ if s != tokens[seat]]
        assert check_frames(record, 1, c.frames, c.raw, others) >= moves
    assert check_frames(record, 1, watcher.frames, watcher.raw, secrets_) >= moves
    # The record replays to the final position every client saw.
    final = record.replay()
    assert final.is_terminal
    view = final.view(0)
    view.pop("log")
    assert clients[0].latest[0]["view"] == view
    for c in [*clients, watcher]:
        c.close()
    return record


def test_record_not_before_the_end(server: Server) -> None:
    """A record holds the deal, so it is refused while the game runs."""
    t, _ = seat_table(server, "toy", 2)
    r = server.http.get(f"/api/tables/{t['table_id']}/games/1/record", headers=watch(t))
    assert r.status_code == 409
    assert r.json()["error"] == "conflict"


def test_hotseat_one_client_holds_every_seat(server: Server) -> None:
    """Hot-seat: the creator gets every human seat's token; one socket plays them all."""
    t = server.create(game="toy", players=3, hotseat=True)
    assert sorted(t["seat_tokens"]) == ["0", "1", "2"] and t["invites"] == []
    c = server.client(t["table_id"], tokens=list(t["seat_tokens"].values()))
    assert c.welcome["seats"] == [0, 1, 2]
    for sid in range(6):
        f = c.wait_state(sid, 0)
        cp = f["view"]["current_player"]
        mine = c.wait_state(sid, cp)
        c.send({"type": "action", "seat": cp, "state_id": sid, "action": texts(mine)[0]})
        for seat in range(3):
            assert c.wait_state(sid + 1, seat)["seat"] == seat
    assert c.latest[0]["view"]["is_terminal"]
