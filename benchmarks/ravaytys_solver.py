"""Meld-solver timing: worst case and typical hands (median and p99 per call).

Worst case: a 16-card hand holding all 8 wild cards (4 jokers, 2S x2, 2C x2) and
8 random naturals, round 7 (2 runs + 1 set), plus every lay-off and swap against a
full table of 24 melds. Typical: random hands of each round's deal size (+1 for the
drawn card) from a shuffled 108-card deck. Times are CPU (process) time; with
``--repeats R`` every hand is timed R times and its fastest time counts (on a
shared machine the other load only ever adds time).

    uv run python benchmarks/ravaytys_solver.py [--hands 300] [--repeats 3]
"""

from __future__ import annotations

import argparse
import random
import statistics

from pakka.bench import cpu_timed
from pakka.games.ravaytys.cards import CONTRACTS, VALUES, full_deck
from pakka.games.ravaytys.melds import Meld
from pakka.games.ravaytys.solver import best_contract, layoffs, swaps

VALS = VALUES["default"]


def full_table(rng: random.Random) -> list[Meld]:
    """24 melds: runs with wild cards inside and sets with wild cards."""
    melds = []
    for i in range(24):
        if i % 2:
            s = rng.randrange(4)
            lo = rng.randrange(3, 9)
            m = Meld(i % 6, True, s, lo)
            m.cards = [s * 13 + (lo + k) - 2 for k in range(5)]
            m.cards[2] = 52
        else:
            r = rng.randrange(3, 15)
            m = Meld(i % 6, False, r)
            m.cards = [(r - 2) + 13 * 1, (r - 2) + 13 * 2, 52]
        melds.append(m)
    return melds


def pct(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def worst_case(hand: list[int], table: list[Meld]) -> None:
    """What the worst-case figure times: the round-7 contract, the lay-offs and swaps."""
    best_contract(hand, 1, 2, VALS, 1, 0)
    layoffs(hand, table)
    swaps(hand, table)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(2026)
    naturals = [c for c in full_deck() if c not in (0, 39, 52)]
    worst: list[float] = []
    for _ in range(a.hands):
        hand = [0] * 53
        hand[52], hand[0], hand[39] = 4, 2, 2
        for c in rng.sample(naturals, 8):
            hand[c] += 1
        table = full_table(rng)
        times = []
        for _ in range(a.repeats):
            _, cpu = cpu_timed(worst_case, hand, table)
            times.append(cpu * 1000)
        worst.append(min(times))
    print(
        "worst case (16 cards, 8 wilds, round 7, 24 melds): "
        f"median {statistics.median(worst):.2f} ms,"
        f" p99 {pct(worst, 0.99):.2f} ms, max {max(worst):.2f} ms over {a.hands} hands"
    )
    typical: list[float] = []
    per_round: dict[int, list[float]] = {}
    for i in range(a.hands * 4):
        ri = i % 8
        sets, runs, k = CONTRACTS[ri]
        deck = full_deck()
        rng.shuffle(deck)
        hand = [0] * 53
        for c in deck[: k + 1]:
            hand[c] += 1
        times = []
        for _ in range(a.repeats):
            _, cpu = cpu_timed(best_contract, hand, sets, runs, VALS, 1, 0)
            times.append(cpu * 1000)
        dt = min(times)
        typical.append(dt)
        per_round.setdefault(ri + 1, []).append(dt)
    print(
        f"typical (dealt hand + 1 card, all rounds): median {statistics.median(typical):.3f} ms,"
        f" p99 {pct(typical, 0.99):.3f} ms over {len(typical)} hands"
    )
    for r, xs in sorted(per_round.items()):
        print(f"  round {r}: median {statistics.median(xs):.3f} ms, p99 {pct(xs, 0.99):.3f} ms")


if __name__ == "__main__":
    main()
