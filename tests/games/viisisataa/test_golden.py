"""A golden transcript: one complete seeded match (3 players, rules bots) replays exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pakka

from .make_golden import transcript

HERE = Path(__file__).parent


def test_golden_match_replays_exactly() -> None:
    """R-5S-22: the whole match to 500, hand after hand, is reproduced from seed + actions."""
    data = json.loads((HERE / "golden_match.json").read_text())
    game = pakka.load("viisisataa", players=data["players"])
    state = game.new_state(seed=data["seed"])
    for text in data["history"]:
        state.apply(text)
    assert state.is_terminal
    assert state.scores == data["scores"] and state.winners == data["winners"]
    assert state.view(None)["sheet"] == data["sheet"]
    expected = (HERE / "golden_match.txt").read_text().splitlines()
    assert transcript(state) == expected
