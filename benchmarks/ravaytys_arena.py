"""Räväytys bot strength: one bot against copies of another, seeded games, the
tested bot's seat rotated through every seat; 95% confidence intervals.

    uv run python benchmarks/ravaytys_arena.py rules random --games 30
    uv run python benchmarks/ravaytys_arena.py "search:iterations=10,max_depth=40" rules --games 12

Reports the tested bot's win share (1 for a win, shared on ties; an equal bot
gets 1/players) and its mean point advantage per game (the others' mean total
minus its own: positive is better, lower totals win in Räväytys).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import pakka
from pakka.bots import make_bot
from pakka.bots.base import play_bot_turn


def ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal 95% confidence interval."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bot")
    ap.add_argument("opponent")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    game = pakka.load("ravaytys", players=a.players)
    wins: list[float] = []
    adv: list[float] = []
    t0 = time.perf_counter()
    for gi in range(a.games):
        seed = a.seed * 100_000 + gi
        me = gi % a.players  # the tested bot's seat rotates
        bots = [
            make_bot(game, a.bot if p == me else a.opponent, seed=seed * 10 + p)
            for p in range(a.players)
        ]
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            seat = s.current_player
            assert seat is not None
            play_bot_turn(bots[seat], s, rng)
        r = s.returns()
        wins.append(r[me])
        others = [s.totals[p] for p in range(a.players) if p != me]
        adv.append(statistics.fmean(others) - s.totals[me])
        print(
            f"game {gi + 1}: seat {me} totals {s.totals} ({time.perf_counter() - t0:.0f}s)",
            flush=True,
        )
    w, wh = ci(wins)
    d, dh = ci(adv)
    print(
        f"{a.bot} vs {a.opponent} ({a.players} players, {a.games} games, seed {a.seed}): "
        f"win share {w:.3f} ± {wh:.3f} (equal strength {1 / a.players:.3f}); "
        f"point advantage {d:.1f} ± {dh:.1f} per game"
    )


if __name__ == "__main__":
    main()
