"""Zoker bots play legal games to the end; the renderer draws every game."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import pakka
from pakka.bots import levels, make_bot, play_bot_turn
from pakka.cli.render.zoker import render

BOTS = [
    ("zoker-solo", 1, "policy"),
    ("zoker-solo", 1, "mc:samples=1"),
    ("zoker-memo", 3, "perfect"),
    ("zoker-memo", 2, "forgetful:forget=0.5"),
    ("zoker-tiko", 3, "rules"),
    ("zoker-tiko", 2, "search:iterations=10"),
    ("zoker-kubo", 3, "greedy"),
    ("zoker-kubo", 2, "search:iterations=5,max_depth=10"),
    ("zoker-pairs", 1, "finder"),
]


@pytest.mark.parametrize(("name", "players", "spec"), BOTS)
def test_bot_plays_a_whole_game(name: str, players: int, spec: str) -> None:
    """Every named bot finishes a game with legal moves only."""
    game = pakka.load(name, players=players)
    state = game.new_state(seed=11)
    bots = [make_bot(game, spec if p == 0 else "random", seed=p) for p in range(players)]
    rng = random.Random(0)
    steps = 0
    while not state.is_terminal:
        p = state.current_player
        assert p is not None
        play_bot_turn(bots[p], state, rng)
        steps += 1
        assert steps < 5000
    assert state.winners


def test_levels_name_existing_bots() -> None:
    """Each game's easy/medium/hard levels build."""
    for name in ("zoker-solo", "zoker-memo", "zoker-tiko", "zoker-kubo", "zoker-pairs"):
        game = pakka.load(name)
        for lv in levels(name):
            make_bot(game, lv)


def test_memo_perfect_bot_takes_a_remembered_pair() -> None:
    """R-ME-2 with perfect recall: a seen pair is taken at once."""
    game = pakka.load("zoker-memo", players=2)
    s = game.new_state(seed=0, deck="BS1 RXL4 BS2")
    s.apply("1")
    s.apply("2")  # seat 1 misses: BS1 and RXL4 are now known
    s.apply("3")  # seat 0 turns BS2 ...
    bot = make_bot(game, "perfect")
    a = bot.choose(pakka.bots.SeatHandle(s, 0))
    assert str(a) == "1"  # ... and completes the pair with the remembered BS1


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_renderer_draws_every_game(lang: str) -> None:
    """The terminal renderer draws each game's view (Kubo as four layer grids)."""
    console = Console(width=140, record=True)
    for name, players in [
        ("zoker-solo", 1),
        ("zoker-memo", 2),
        ("zoker-tiko", 3),
        ("zoker-kubo", 3),
        ("zoker-pairs", 1),
    ]:
        s = pakka.load(name, players=players).new_state(seed=2)
        console.print(render(s.view(0), lang))
    text = console.export_text()
    assert "BS1◔" in text and "+" in text
