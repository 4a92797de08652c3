"""Random card-play endings and a plain brute-force minimax over the real engine: the
reference the double-dummy solver is checked against."""

from __future__ import annotations

import random
from typing import Any

import pakka
from pakka.games.viisisataa.actions import ACTIONS, BID_BASE, MISERE_ID, PASS_ID
from pakka.games.viisisataa.rules import BIDDING, PLAYING
from pakka.games.viisisataa.state import ViisisataaState


def contract_state(n: int, bid: int | None, seed: int, **options: Any) -> ViisisataaState:
    """A hand of ``n`` players at the start of the card play with the contract ``bid``
    (an action id: a bid or misère; ``None``: everyone passes, for the grand without
    contract), made by the first bidder; the other decisions at random."""
    game = pakka.load("viisisataa", players=n, **options)
    s = game.new_state(seed=seed)
    assert isinstance(s, ViisisataaState)
    s.set_horizon(1)
    rng = random.Random(seed)
    first = True
    while s.phase != PLAYING:
        assert s.turn is not None, "the hand ended before the play"
        if s.phase == BIDDING:
            aid = bid if (first and bid is not None) else PASS_ID
            first = False
            s.apply(ACTIONS[aid])
            continue
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))] if legal[0].id != PASS_ID else legal[0])
    return s


def random_ending(
    n: int, bid: int | None, cards: int, seed: int, **options: Any
) -> ViisisataaState:
    """``contract_state`` played at random until the seat to move holds ``cards`` cards,
    stopped at a random point of that trick."""
    s = contract_state(n, bid, seed, **options)
    rng = random.Random(seed * 7 + 1)
    assert s.turn is not None
    while s.hands[s.turn].bit_count() > cards:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        assert s.turn is not None
    for _ in range(rng.randrange(s.nactive)):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def brute_force(s: ViisisataaState, side: list[int]) -> int:
    """The most tricks the seats of ``side`` take from ``s`` to the end of the hand when
    they maximise and the others minimise: every legal action tried, no pruning."""
    base = sum(s.tricks[q] for q in side)
    return _minimax(s, side) - base


def _minimax(s: ViisisataaState, side: list[int]) -> int:
    if s.phase != PLAYING:
        return sum(s.tricks[q] for q in side)
    maxing = s.turn in side
    values = []
    for a in s.legal_actions():
        t = s.clone()
        t.apply(a)
        values.append(_minimax(t, side))
    return max(values) if maxing else min(values)


BIDS = {
    "spades": BID_BASE + 0,
    "clubs": BID_BASE + 1,
    "diamonds": BID_BASE + 2,
    "hearts": BID_BASE + 3,
    "grand": BID_BASE + 4,
    "misere": MISERE_ID,
}
