"""Viisisataa speed: random play through the public API and ISMCTS iterations per second.

Usage::

    uv run python benchmarks/viisisataa_speed.py [--players 3] [--repeats 5] [--deals 5]

1. Random play: whole matches from seeded deals, ``legal_actions()`` + ``apply(action)``
   (the checked path) and, for comparison, ``legal_actions()`` + ``apply_legal``.
   Actions per second, median over repeats.

Both are reported per wall-clock second and per CPU second of this process: on a
shared, overloaded machine the CPU-time figure is the one that says how fast the
code is; the wall-clock figure says how fast it ran then.
2. ISMCTS: for seeded 3-player deals, the ``rules`` bot bids and discards, then the
   search bot (hand horizon, greedy rollouts) searches the first lead for a fixed
   number of iterations. Iterations per second, median over deals.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import pakka
from pakka.bots import SeatHandle
from pakka.bots.viisisataa import RulesBot, SearchBot
from pakka.core.registry import load_automated


def random_play(players: int, matches: int, checked: bool) -> tuple[float, float]:
    """(actions per wall-clock second, actions per CPU second of this process)."""
    game = load_automated("viisisataa", players=players)  # capped (R-5S-22)
    steps = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for seed in range(matches):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        if checked:
            while not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                steps += 1
        else:
            while not state.is_terminal:
                legal = state.legal_actions()
                state.apply_legal(legal[rng.randrange(len(legal))])
                steps += 1
    return steps / (time.perf_counter() - t0), steps / (time.process_time() - c0)


def ismcts_rate(seed: int, iterations: int, rollout: str) -> tuple[float, float]:
    """(iterations per wall-clock second, per CPU second) searching the first lead."""
    game = pakka.load("viisisataa", players=3)
    state = game.new_state(seed=seed)
    rules = RulesBot(game, seed=seed)
    while state.view(None)["phase"] != "play":
        seat = state.current_player
        assert seat is not None
        state.apply(rules.choose(SeatHandle(state, seat)))
    seat = state.current_player
    assert seat is not None
    bot = SearchBot(game, seed=seed, iterations=iterations, rollout=rollout)
    handle = SeatHandle(state, seat)
    t0 = time.perf_counter()
    c0 = time.process_time()
    bot.search(handle)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return bot.last_iterations / wall, bot.last_iterations / cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--matches", type=int, default=10)
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--iterations", type=int, default=3000)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for checked in (True, False):
        runs = [random_play(args.players, args.matches, checked) for _ in range(args.repeats)]
        name = "legal_actions+apply" if checked else "legal_actions+apply_legal"
        print(
            f"random play {args.players}p {name}: median "
            f"{statistics.median(r[0] for r in runs):,.0f} actions/s wall, "
            f"{statistics.median(r[1] for r in runs):,.0f} actions/s CPU "
            f"({args.repeats} repeats of {args.matches} matches)"
        )
    for rollout in ("random", "greedy"):
        runs = [ismcts_rate(seed, args.iterations, rollout) for seed in range(args.deals)]
        print(
            f"ISMCTS 3p first lead, {rollout} rollouts, {args.iterations} iterations: median "
            f"{statistics.median(r[0] for r in runs):,.0f} it/s wall, "
            f"{statistics.median(r[1] for r in runs):,.0f} it/s CPU ({args.deals} deals)"
        )


if __name__ == "__main__":
    main()
