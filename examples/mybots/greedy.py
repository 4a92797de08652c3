"""A complete pakka bot: for every legal action, average the score after it over a few
consistent samples of the hidden cards, and play the best (ties: the first)."""

from __future__ import annotations

import random
from typing import Any

from pakka import Action, Game
from pakka.bots import SeatHandle


class GreedyBot:
    """One-step lookahead on sampled states; works for every pakka game."""

    name = "greedy"

    def __init__(self, game: Game[Any], seed: int = 0, samples: int = 4) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def choose(self, handle: SeatHandle) -> Action:
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me, total = handle.seat, [0.0] * len(legal)
        for _ in range(self.samples):
            world = handle.sample_consistent(self.rng)  # hidden cards redrawn
            for i, action in enumerate(legal):
                after = world.clone()
                after.apply(action)
                total[i] += after.scores[me]
        return legal[max(range(len(legal)), key=total.__getitem__)]
