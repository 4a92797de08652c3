"""Zoker Solo over many seeded deals: the stock-blind ``policy`` bot, the random
player and the omniscient solver (D-SO-3), plus the solver's time per deal.

    uv run python benchmarks/zoker_solo.py --deals 1000 --timed 100 --jobs 2
    uv run python benchmarks/zoker_solo.py --deals 100 --random-moves 40 --solver-only

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
from functools import partial

import pakka
from pakka.bench import cpu_timed
from pakka.bots import make_bot, play_bot_turn
from pakka.games.zoker.solo.solver import solve
from pakka.games.zoker.solo.state import SoloState


def one_deal(
    seed: int, random_moves: int = 0, solver_only: bool = False
) -> tuple[int, int, int, bool, float, int, int]:
    """(policy score, random score, solver score, solver exact, solver CPU seconds,
    solver upper bound, positions expanded). The solver starts after
    ``random_moves`` seeded random moves (a mid-game position); the bots are
    skipped (scores 0) with ``solver_only``."""
    game = pakka.load("zoker-solo")
    scores = [0, 0]
    for spec in () if solver_only else ("policy", "random"):
        state = game.new_state(seed=seed)
        bot = make_bot(game, spec, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            play_bot_turn(bot, state, rng)
        scores[spec == "random"] = state.scores[0]
    state = game.new_state(seed=seed)
    assert isinstance(state, SoloState)
    moves = random.Random(seed)
    for _ in range(random_moves):
        if state.is_terminal:
            break
        state.apply_legal(moves.choice(state.legal_actions()))
    sol, dt = cpu_timed(solve, state)
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
    ap.add_argument("--random-moves", type=int, default=0, help="solve after N random moves")
    ap.add_argument("--solver-only", action="store_true", help="skip the bots")
    a = ap.parse_args()
    run = partial(one_deal, random_moves=a.random_moves, solver_only=a.solver_only)
    t0 = time.perf_counter()
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as ex:
            rows = list(ex.map(run, range(a.deals), chunksize=10))
    else:
        rows = [run(s) for s in range(a.deals)]
    policy = [r[0] for r in rows]
    rand = [r[1] for r in rows]
    best = [r[2] for r in rows]
    exact = sum(r[3] for r in rows)
    gaps = [r[5] - r[2] for r in rows if not r[3]]
    nodes = sorted(r[6] for r in rows)
    times = sorted(r[4] for r in rows[: a.timed])
    p90 = times[max(0, round(0.9 * len(times)) - 1)]
    print(
        f"zoker-solo, {a.deals} deals (seeds 0..{a.deals - 1}), "
        f"solver after {a.random_moves} random moves, {time.perf_counter() - t0:.0f} s"
    )
    if not a.solver_only:
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
