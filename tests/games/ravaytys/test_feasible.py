"""The engine's fast lay-down check (``can_lay_down``, which decides whether ``meld``
is offered) gives exactly the answer of the meld solver, ``best_contract(...) is not
None``, on many random hands of every contract: small to very large hands, with wild
cards, both ``keep`` values and several wild-card limits (R-RV-5..7, R-RV-13, D-RV-1,
D-RV-4). The hands come as random walks (a card in, a card out), as in play, so the
check's cache of recent lay-downs is exercised too."""

from __future__ import annotations

import random

from pakka.games.ravaytys.cards import CONTRACTS, VALUES, full_deck
from pakka.games.ravaytys.solver import best_contract, can_lay_down

VALS = VALUES["default"]
SHAPES = sorted({(s, r) for s, r, _ in CONTRACTS} | {(1, 0), (0, 1)})


def _walk(rng: random.Random, pool: list[int], size: int, steps: int) -> list[list[int]]:
    """``steps`` hands of about ``size`` cards from ``pool``, each one card off the last."""
    rng.shuffle(pool)
    hand = [0] * 53
    for c in pool[:size]:
        hand[c] += 1
    rest = pool[size:]
    out = [hand.copy()]
    for _ in range(steps):
        if rest and (rng.random() < 0.5 or sum(hand) < 4):
            hand[rest.pop(rng.randrange(len(rest)))] += 1
        else:
            held = [c for c in range(53) for _ in range(hand[c])]
            c = held[rng.randrange(len(held))]
            hand[c] -= 1
            rest.append(c)
        out.append(hand.copy())
    return out


def _pool(rng: random.Random) -> list[int]:
    """The whole deck, or a meld-rich part of it (one or two suits, with the wilds)."""
    deck = full_deck()
    kind = rng.random()
    if kind < 0.5:
        return deck
    suits = rng.sample(range(4), 1 if kind < 0.75 else 2)
    return [c for c in deck if c == 52 or c in (0, 39) or c // 13 in suits]


def test_can_lay_down_agrees_with_best_contract_on_random_hands() -> None:
    rng = random.Random(20261201)
    checked = agree_true = 0
    mismatches = []
    while checked < 15000:
        sets, runs = SHAPES[rng.randrange(len(SHAPES))]
        keep = rng.choice((0, 1))
        cap = rng.choice((0, 0, 1, 2))
        size = rng.choice((4, 7, 11, 12, 15, 20, 26, 34, 44))
        for hand in _walk(rng, _pool(rng), size, 12):
            got = can_lay_down(hand, sets, runs, keep, cap)
            want = best_contract(hand, sets, runs, VALS, keep, cap) is not None
            checked += 1
            agree_true += want
            if got != want:
                mismatches.append((hand, sets, runs, keep, cap, want))
    assert not mismatches, mismatches[:3]
    assert 3000 < agree_true < checked - 3000  # both answers are well represented
