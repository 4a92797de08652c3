"""Bots play legal moves in every setting; the search bot and hints work; the board renders."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import pakka
import pakka.core.cards
from pakka.bots import SeatHandle, make_bot, play_bot_turn
from pakka.bots.viisisataa import estimate_tricks, hint, misere_risk
from pakka.cli.render.viisisataa import describe_action, render
from pakka.games.viisisataa.actions import mask_of
from pakka.games.viisisataa.display import sort_hand


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"misere": True, "doubling": True}),
        (3, {"full_deck": True, "all_pass": "grand_no_contract"}),
        (4, {"misere": True, "auction": "australian"}),
        (5, {"partner_by_card": True}),
        (5, {"misere": True, "doubling": True}),
        (5, {"doubling": True}),
        (5, {"partner_by_card": True, "doubling": True}),
    ],
)
def test_rules_bot_plays_whole_matches(players: int, options: dict[str, object]) -> None:
    """The rules bot finishes a match in every player count and variant (with 5 players
    also the D-5S-7 order: partner, then doubling; the call, then doubling)."""
    game = pakka.load("viisisataa", players=players, max_hands=6, **options)
    state = game.new_state(seed=players)
    bots = [make_bot(game, "rules", seed=s) for s in range(players)]
    while not state.is_terminal:
        play_bot_turn(bots[state.current_player or 0], state, random.Random(1))
    assert state.winners


def test_search_bot_plays_a_hand_and_hints() -> None:
    """The ISMCTS bot (hand horizon) plays legal cards; hint() names a legal action."""
    game = pakka.load("viisisataa", players=3)
    state = game.new_state(seed=3)
    bots = [make_bot(game, "ismcts:iterations=30", seed=s) for s in range(3)]
    hinted = False
    while not state.is_terminal and state.hand_no == 1:
        seat = state.current_player
        assert seat is not None
        if state.view(None)["phase"] == "play" and not hinted:
            h = hint(game, SeatHandle(state, seat), "fi")
            assert h["best"] in [str(a) for a in state.legal_actions()] and h["lines"]
            hinted = True
        play_bot_turn(bots[seat], state)
    assert len(state.sheet) == 1


def test_hand_evaluation_sanity() -> None:
    """A hand of all ten hearts trumps is worth ten tricks; low cards are safe for misère."""
    idx = {str(pakka.core.cards.CARDS[c]): c for c in range(53)}
    slam = mask_of([idx[c] for c in ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H"]])
    assert estimate_tricks(slam, 1, 3) >= 9.5
    low = mask_of([idx[c] for c in ["7S", "8S", "7H", "8H", "7D", "8D", "9D", "7C", "8C", "9C"]])
    assert misere_risk(low) < misere_risk(slam)


def test_render_every_phase_in_both_languages() -> None:
    """The terminal board renders bidding, kitty, play and the final score sheet."""
    game = pakka.load("viisisataa", players=3, max_hands=2)
    state = game.new_state(seed=8)
    bots = [make_bot(game, "rules", seed=s) for s in range(3)]
    console = Console(width=100, record=True)
    while not state.is_terminal:
        seat = state.current_player or 0
        for lang in ("en", "fi"):
            console.print(render(state.view(seat), lang))
        play_bot_turn(bots[seat], state)
    console.print(render(state.view(0), "en"))
    text = console.export_text()
    assert "Score sheet" in text and "Pistelista" in text


def test_hand_sorted_with_trumps_together() -> None:
    """Trumps (joker and both bowers) are shown together once the trump is known."""
    hand = ["JD", "AS", "JK", "7H", "AH", "JH", "KD", "9C"]
    assert sort_hand(hand, "H")[-5:] == ["JK", "JH", "JD", "AH", "7H"]
    assert describe_action("bid 8S", {}, "en") == "bid eight spades, 240 points"
    assert describe_action("bid 8S", {}, "fi") == "tarjoa kahdeksan pataa, 240 pistettä"
    assert describe_action("JD", {"phase": "play", "trump": "H"}, "en") == (
        "play the jack of diamonds (left bower)"
    )
    assert describe_action("JK:S", {"phase": "play", "trump": "none"}, "fi") == (
        "johda jokeri ja nimeä maaksi pata"
    )


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"misere": True}),
        (2, {}),
        (4, {"misere": True, "auction": "australian"}),
        (5, {"partner_by_card": True}),
        (5, {"doubling": True}),
        (5, {"partner_by_card": True, "doubling": True}),
    ],
)
def test_pimc_bot_plays_a_hand(players: int, options: dict[str, object]) -> None:
    """The determinized-search bot (the hard level) bids and plays legal actions; its
    hint ranks legal candidates."""
    game = pakka.load("viisisataa", players=players, max_hands=1, **options)
    state = game.new_state(seed=5)
    bots = [make_bot(game, "pimc:worlds=3,bid_worlds=3,tries=3", seed=s) for s in range(players)]
    hinted = False
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if state.view(None)["phase"] == "play" and not hinted and players == 3:
            h = hint(game, SeatHandle(state, seat), "en")
            assert h["best"] in [str(a) for a in state.legal_actions()] and h["lines"]
            hinted = True
        play_bot_turn(bots[seat], state)
    assert len(state.sheet) == 1
