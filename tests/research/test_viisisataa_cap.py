"""The research adapters cap a Viisisataa match explicitly (R-5S-22)."""

from __future__ import annotations

import pyspiel

import pakka
from pakka.games.viisisataa.rules import AUTOMATED_MAX_HANDS
from pakka.research import gymnasium_env, openspiel_game, pettingzoo_env


def test_r_5s_22_research_adapters_set_a_hand_cap() -> None:
    """R-5S-22: the cap is an explicit research default (OpenSpiel needs a finite game
    length), not the game's own default; a cap the caller gives still wins."""
    assert pakka.load("viisisataa", players=3).options["max_hands"] == 0
    assert openspiel_game("viisisataa", players=3).pakka_game.options["max_hands"] == (
        AUTOMATED_MAX_HANDS
    )
    g = pyspiel.load_game("pakka_viisisataa", {"players": 3})
    assert g.pakka_game.options["max_hands"] == AUTOMATED_MAX_HANDS
    assert openspiel_game("viisisataa", players=3, max_hands=2).pakka_game.options["max_hands"] == 2
    assert gymnasium_env("viisisataa", players=3).game.options["max_hands"] == AUTOMATED_MAX_HANDS
    assert pettingzoo_env("viisisataa", players=3).game.options["max_hands"] == (
        AUTOMATED_MAX_HANDS
    )
