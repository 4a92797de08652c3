"""Stacked deals for Viisisataa tests: build the deck order that deals given hands."""

from __future__ import annotations

import random
from typing import Any

import pakka
from pakka.games.viisisataa.state import ViisisataaState

# A 3-player deal (dealer 0: seats deal order 1, 2, 0). Seat 1 holds all ten hearts trumps.
HEARTS_SLAM = {
    1: "JK JH JD AH KH QH 10H 9H 8H 7H",
    2: "AS KS QS JS 10S 9S 8S 7S AD KD",
    0: "AC KC QC JC 10C 9C 8C 7C QD 10D",
}
HEARTS_SLAM_KITTY = "9D 8D 7D"


def stack(n: int, dealer: int, hands: dict[int, str], kitty: str, dead: str = "") -> list[str]:
    """The deck order (top first) that deals ``hands`` and ``kitty`` in the R-5S-6 pattern."""
    recv = ([-1] if n == 2 else []) + [(dealer + 1 + i) % n for i in range(n)]
    cards = {s: hands[s].split() for s in hands}
    if n == 2:
        cards[-1] = dead.split()
    k = kitty.split()
    order: list[str] = []
    pos = {r: 0 for r in recv}
    for packet in (3, 0, 4, 3):
        if packet == 0:
            order.extend(k)
            continue
        for r in recv:
            order.extend(cards[r][pos[r] : pos[r] + packet])
            pos[r] += packet
    return order


def new(
    n: int = 3,
    dealer: int = 0,
    hands: dict[int, str] | None = None,
    kitty: str = "",
    dead: str = "",
    seed: int = 1,
    **options: Any,
) -> ViisisataaState:
    """A state whose first hand is stacked (other hands shuffled from ``seed``)."""
    game = pakka.load("viisisataa", players=n, first_dealer=dealer, **options)
    deck = stack(n, dealer, hands, kitty, dead) if hands else None
    state = game.new_state(seed=seed, deck=deck)
    assert isinstance(state, ViisisataaState)
    return state


def run(state: ViisisataaState, *actions: str) -> None:
    """Apply actions in notation."""
    for a in actions:
        state.apply(a)


def play_hand(state: ViisisataaState, rng: random.Random | None = None) -> None:
    """Play the current hand to its end (random legal moves, or the first legal one)."""
    hand = state.hand_no
    while not state.is_terminal and state.hand_no == hand:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))] if rng else legal[0])


def hand_of(state: ViisisataaState, seat: int) -> set[str]:
    """A seat's cards as text."""
    return set(state.full_view()["hands"][seat])
