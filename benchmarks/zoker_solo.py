"""Zoker Solo over many seeded deals: the stock-blind ``policy`` bot, the random
player and the omniscient solver (D-SO-3), plus the solver's time per deal.

    uv run python benchmarks/zoker_solo.py --deals 1000 --timed 100 --jobs 2

Scores are the tallest pile at the end (R-SO-7). The solver reports the best
score it found knowing the stock order and a proven upper bound; it is proven
optimal ("exact") when the two meet. Every solver line is replayed through the
public API and must reach the reported score. Solver times are CPU seconds of
the solving process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import pakka
from pakka.bots import make_bot, play_bot_turn
from pakka.games.zoker.solo import SoloState
from pakka.games.zoker.solo_solver import solve


def one_deal(seed: int) -> tuple[int, int, int, bool, float, int, int]:
    """(policy score, random score, solver score, solver exact, solver CPU seconds,
    solver upper bound, positions expanded)."""
    game = pakka.load("zoker-solo")
    scores = []
    for spec in ("policy", "random"):
        state = game.new_state(seed=seed)
        bot = make_bot(game, spec, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            play_bot_turn(bot, state, rng)
        scores.append(state.scores[0])
    state = game.new_state(seed=seed)
    assert isinstance(state, SoloState)
    t = time.process_time()
    sol = solve(state)
    dt = time.process_time() - t
    replay = state.clone()
    for text in sol.line:
        replay.apply(text)
    assert replay.score == sol.score, (seed, replay.score, sol.score)
    return scores[0], scores[1], sol.score, sol.exact, dt, sol.bound, sol.nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--timed", type=int, default=100, help="deals whose solver time is reported")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    t0 = time.perf_counter()
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as ex:
            rows = list(ex.map(one_deal, range(a.deals), chunksize=10))
    else:
        rows = [one_deal(s) for s in range(a.deals)]
    policy = [r[0] for r in rows]
    rand = [r[1] for r in rows]
    best = [r[2] for r in rows]
    exact = sum(r[3] for r in rows)
    gaps = [r[5] - r[2] for r in rows if not r[3]]
    nodes = sorted(r[6] for r in rows)
    times = sorted(r[4] for r in rows[: a.timed])
    p90 = times[max(0, round(0.9 * len(times)) - 1)]
    print(f"zoker-solo, {a.deals} deals (seeds 0..{a.deals - 1}), {time.perf_counter() - t0:.0f} s")
    print(f"  policy bot (stock-blind)  mean {statistics.mean(policy):6.2f}")
    print(f"  random player             mean {statistics.mean(rand):6.2f}")
    print(
        f"  omniscient solver         mean {statistics.mean(best):6.2f}"
        f"  (proven optimal on {exact}/{a.deals} deals)"
    )
    if gaps:
        print(f"  unproven deals: bound - best, mean {statistics.mean(gaps):.2f}, max {max(gaps)}")
    print(f"  positions expanded per deal: median {statistics.median(nodes)}, max {nodes[-1]}")
    print(
        f"  solver CPU time over {len(times)} deals: median {statistics.median(times):.3f} s,"
        f" p90 {p90:.3f} s, max {times[-1]:.3f} s"
    )


if __name__ == "__main__":
    main()
