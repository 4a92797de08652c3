"""Random-play speed of the Zoker games through the public API.

Each measured loop is ``legal = state.legal_actions()`` then
``state.apply_legal(legal[int(rnd() * len(legal))])`` (the hot path of the
engine contract), over whole games from fresh seeded states; new_state time is
included. Prints actions per CPU second (``time.process_time``) as the median
of ``--repeats`` runs::

    uv run python benchmarks/zoker_speed.py --seconds 3 --repeats 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pakka

CASES = [
    ("zoker-tiko", 4),
    ("zoker-memo", 3),
    ("zoker-kubo", 3),
    ("zoker-solo", 1),
    ("zoker-pairs", 1),
]


def measure(name: str, players: int, seconds: float) -> float:
    """Actions per second of random play for about ``seconds``."""
    game = pakka.load(name, players=players)
    rnd = random.Random(1).random
    actions = 0
    seed = 0
    # CPU time of this process: the machine is shared, wall time would
    # measure the other processes too.
    t0 = time.process_time()
    end = t0 + seconds
    while time.process_time() < end:
        state = game.new_state(seed=seed)
        seed += 1
        legal_actions = state.legal_actions
        apply = state.apply_legal
        while True:
            legal = legal_actions()
            if not legal:
                break
            apply(legal[int(rnd() * len(legal))])
            actions += 1
    return actions / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--game", default=None)
    a = ap.parse_args()
    for name, players in CASES:
        if a.game and a.game != name:
            continue
        runs = [measure(name, players, a.seconds) for _ in range(a.repeats)]
        print(
            f"{name:12s} players={players}  median {statistics.median(runs):10,.0f} actions/s"
            f"  (min {min(runs):,.0f}, max {max(runs):,.0f}, {a.repeats} runs)"
        )


if __name__ == "__main__":
    main()
