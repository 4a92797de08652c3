"""The hint endpoint serves the display layer's hint and nothing else: the one
computation of a hint (``games/<game>/display.py``) for the terminal and the browser."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pakka.core.registry import load

from .conftest import Server


def _views(name: str, players: int, seed: int, moves: int) -> list[dict[str, Any]]:
    """Every seat's view after ``moves`` random moves of a seeded game."""
    state = load(name, players).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return [state.view(seat) for seat in range(players)]


@pytest.mark.parametrize(("name", "players"), [("koodinmurtaja", 3), ("ravaytys", 3)])
def test_hint_is_the_display_layers_hint(server: Server, name: str, players: int) -> None:
    """R-RV-13 (the proposed lay-down) and the Koodinmurtaja probabilities: the
    server answers each seat's own view with exactly ``display.hint(view)``."""
    display = load(name, players).display
    answered = 0
    for seed, moves in [(1, 0), (2, 5), (3, 12)]:
        for view in _views(name, players, seed, moves):
            r = server.http.post(f"/api/games/{name}/hint", json={"view": view})
            assert r.status_code == 200, r.text
            want = display.hint(view)
            assert r.json() == (None if want is None else dict(want))
            answered += want is not None
    assert answered


def test_ravaytys_hint_writes_wild_cards_as_the_client_reads_them(server: Server) -> None:
    """D-RV-4: a wild card in a proposed group comes as ``WILD=REP`` (what the
    browser's proposal splits), with the cards left in hand and their value."""
    hand = ["7H", "7S", "7D", "JK", "9C", "9D", "9S", "KH", "2D", "2H", "5C"]
    view = load("ravaytys", 3).new_state(seed=4).view(0)
    view["hand"] = hand
    view["down"] = [False, False, False]
    r = server.http.post("/api/games/ravaytys/hint", json={"view": view})
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["possible"] and hint["steps"]
    groups = [c for g in hint["groups"] for c in g]
    assert all(c in hand or c.split("=")[0] in hand for c in groups)
    assert sorted([c.split("=")[0] for c in groups] + hint["left"]) == sorted(hand)


def test_no_hint_for_a_game_without_one(server: Server) -> None:
    view = load("zoker-solo", 1).new_state(seed=1).view(0)
    r = server.http.post("/api/games/zoker-solo/hint", json={"view": view})
    assert r.status_code == 404
