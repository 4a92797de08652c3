"""The undo policy in core, driven by the game's descriptor (``Game.game_type()``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pakka
from pakka.core.game import State
from pakka.core.undo import reveals_hidden, undo_refusal


def test_a_game_without_hidden_information_never_samples_for_undo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pairs trainer shows every card (its descriptor says no move reveals
    anything), so undo is allowed without sampling a single position."""
    game = pakka.load("zoker-pairs")
    assert not game.game_type().move_reveals
    state = game.new_state(seed=3)
    for _ in range(3):
        state.apply(state.legal_actions()[0])

    def boom(self: State[Any], player: int, rng: random.Random) -> State[Any]:
        raise AssertionError("sampled although no move can reveal anything")

    monkeypatch.setattr(type(state), "sample_consistent", boom)
    assert undo_refusal(state, 3, 0) is None
    assert not reveals_hidden(state, str(state.legal_actions()[0]), 0)


def test_undo_stops_at_a_move_that_turned_up_hidden_cards() -> None:
    """In Solo the stock is hidden: a move that draws from it cannot be taken back,
    while the counts of moves are checked first."""
    game = pakka.load("zoker-solo")
    assert game.game_type().move_reveals
    state = game.new_state(seed=1)
    assert undo_refusal(state, 1, 0) == "there is nothing to take back yet"
    refused = None
    for _ in range(40):
        if state.is_terminal:
            break
        before = state.clone()
        text = str(state.legal_actions()[0])
        state.apply(text)
        if reveals_hidden(before, text, 0):
            refused = undo_refusal(state, 1, 0)
            break
    assert refused is not None and "hidden cards" in refused
    assert undo_refusal(state, len(state.history) + 1, 0) is not None
