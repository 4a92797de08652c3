"""Bots for Zoker Solo: ``policy`` plays the stock-blind greedy policy that also
gives the hint (D-SO-3). The omniscient optimum is not a bot: it knows the
stock (see :mod:`pakka.games.zoker.solo_solver`)."""

from __future__ import annotations

import random
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.core.game import Action, Game, State
from pakka.games.zoker.solo import SoloState, policy_action


class PolicyBot:
    """Plays :func:`~pakka.games.zoker.solo.policy_action` on a stock-blind sample."""

    name = "policy"

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, handle: SeatHandle) -> Action:
        """The policy's move (the sample's stock order is never looked at)."""
        s = handle.sample_consistent(self.rng)
        assert isinstance(s, SoloState)
        a = policy_action(s)
        assert a is not None
        return a


def policy_rollout(state: State[Any], rng: random.Random) -> Action:
    """The same policy for ISMCTS rollouts."""
    assert isinstance(state, SoloState)
    a = policy_action(state)
    assert a is not None
    return a


BOTS: dict[str, Any] = {"policy": PolicyBot}
LEVELS: dict[str, str] = {"easy": "random", "medium": "policy", "hard": "policy"}
ROLLOUT_POLICIES: dict[str, Any] = {"policy": policy_rollout}
