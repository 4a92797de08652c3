"""Random-play speed of the Räväytys engine through the public API.

Plays whole seeded games with uniformly random legal actions and reports
actions per CPU second (process time, so that other load on a shared machine
does not count): ``legal_actions()`` + ``apply_legal()`` (the playout path)
and ``legal_actions()`` + ``apply()`` (re-checked).

    uv run python benchmarks/ravaytys_speed.py [--players 4] [--games 6] [--repeats 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pakka


def run(players: int, games: int, checked: bool) -> tuple[int, float, float]:
    game = pakka.load("ravaytys", players=players)
    steps = 0
    t0 = time.process_time()
    w0 = time.perf_counter()
    for seed in range(games):
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        apply = s.apply if checked else s.apply_legal
        while not s.is_terminal:
            legal = s.legal_actions()
            apply(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.process_time() - t0, time.perf_counter() - w0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    for checked in (False, True):
        rates = []
        walls = []
        for _ in range(a.repeats):
            steps, dt, wall = run(a.players, a.games, checked)
            rates.append(steps / dt)
            walls.append(steps / wall)
        label = "legal_actions+apply (checked)" if checked else "legal_actions+apply_legal"
        print(
            f"{label}: median {statistics.median(rates):,.0f} actions/s "
            f"(runs {', '.join(f'{r:,.0f}' for r in rates)}; {steps} actions per run, "
            f"{a.players} players, {a.games} games; wall-clock median "
            f"{statistics.median(walls):,.0f}/s)"
        )


if __name__ == "__main__":
    main()
