"""Bots for Zoker Solo: ``policy`` plays the stock-blind greedy policy that also
gives the hint (D-SO-3). The omniscient optimum is not a bot: it knows the
stock (see :mod:`pakka.games.zoker.solo_solver`)."""

from __future__ import annotations

import random
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.core.game import Action, Game, State
from pakka.games.zoker.solo.solver import playout
from pakka.games.zoker.solo.state import SoloState, policy_action


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


class MonteCarloBot:
    """For each legal move, plays randomised greedy games on ``samples`` stock
    orders drawn by ``sample_consistent`` (so it never sees the real stock) and
    keeps the move with the best mean final score."""

    name = "mc"

    def __init__(self, game: Game[Any], seed: int = 0, samples: int = 4) -> None:
        self.rng = random.Random(seed)
        self.samples = int(samples)

    def choose(self, handle: SeatHandle) -> Action:
        """The move with the best mean playout score."""
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        totals = [0] * len(legal)
        for _ in range(self.samples):
            s = handle.sample_consistent(self.rng)
            assert isinstance(s, SoloState)
            for i, a in enumerate(legal):
                t = s.clone()
                t.apply_legal(a)  # type: ignore[arg-type]
                upper = sum(1 << c for c in t.upper if c >= 0)
                piles = tuple(sorted((p[-1], len(p)) for p in t.piles if p))
                totals[i] += playout(t.stock[::-1], upper, piles, self.rng)[0]
        best = max(range(len(legal)), key=lambda i: totals[i])
        return legal[best]


def policy_rollout(state: State[Any], rng: random.Random) -> Action:
    """The same policy for ISMCTS rollouts."""
    assert isinstance(state, SoloState)
    a = policy_action(state)
    assert a is not None
    return a


BOTS: dict[str, Any] = {"policy": PolicyBot, "mc": MonteCarloBot}
LEVELS: dict[str, str] = {"easy": "random", "medium": "policy", "hard": "mc"}
ROLLOUT_POLICIES: dict[str, Any] = {"policy": policy_rollout}


def bench_solver(seconds: float = 1.0) -> dict[str, Any]:
    """``pakka bench`` extra: the omniscient solver on seeded deals for about
    ``seconds`` of CPU time (mean best score and median CPU seconds per deal).
    The full comparison with the bots is ``benchmarks/zoker_solo.py``."""
    import statistics
    import time

    from pakka.core.registry import load
    from pakka.games.zoker.solo.solver import solve

    game = load("zoker-solo")
    times: list[float] = []
    scores: list[int] = []
    start = time.process_time()
    seed = 0
    while not times or time.process_time() - start < seconds:
        state = game.new_state(seed=seed)
        assert isinstance(state, SoloState)
        t = time.process_time()
        scores.append(solve(state).score)
        times.append(time.process_time() - t)
        seed += 1
    return {
        "deals": len(times),
        "solver mean score": statistics.mean(scores),
        "solver median CPU s": statistics.median(times),
    }


BENCHMARKS: dict[str, Any] = {"solver": bench_solver}
