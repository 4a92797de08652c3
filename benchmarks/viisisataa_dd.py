"""Speed of the Viisisataa double-dummy solver on full 10-card positions.

Usage::

    uv run python benchmarks/viisisataa_dd.py --positions 30 --json out.json

Each position is the start of the card play of a seeded 3-player deal (the first
bidder made the contract, the kitty exchange random): trump suits and grand in turn.
It is solved from the contractor's side from scratch (a new solver, empty table);
the figure is CPU time per position (``time.process_time``), mean, median and
maximum, with the nodes searched. The target of issue 18: well under 100 ms on
average.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
from typing import Any

import pakka
from pakka.bench import cpu_timed
from pakka.games.viisisataa.actions import ACTIONS, BID_BASE, PASS_ID
from pakka.games.viisisataa.dd import Solver, position_of, side_of
from pakka.games.viisisataa.rules import BIDDING, PLAYING
from pakka.games.viisisataa.state import ViisisataaState

KINDS = (("spades", 0), ("hearts", 3), ("grand", 4), ("clubs", 1), ("diamonds", 2))


def start_of_play(players: int, bid_suit: int, seed: int) -> ViisisataaState:
    """A seeded deal at its first lead with a 6-level contract in ``bid_suit``."""
    game = pakka.load("viisisataa", players=players)
    s = game.new_state(seed=seed)
    assert isinstance(s, ViisisataaState)
    rng = random.Random(seed)
    first = True
    while s.phase != PLAYING:
        if s.phase == BIDDING:
            s.apply(ACTIONS[BID_BASE + bid_suit if first else PASS_ID])
            first = False
        else:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))] if legal[0].id != PASS_ID else legal[0])
    return s


def measure(players: int, positions: int, first_seed: int) -> dict[str, Any]:
    times: list[float] = []
    nodes: list[int] = []
    for i in range(positions):
        _, suit = KINDS[i % len(KINDS)]
        s = start_of_play(players, suit, first_seed + i)
        pos = position_of(s, side_of(s, s.contractor))
        solver = Solver()
        _, cpu = cpu_timed(solver.tricks, pos)
        times.append(cpu)
        nodes.append(solver.nodes)
    ms = sorted(1000 * t for t in times)
    return {
        "players": players,
        "positions": positions,
        "mean_ms": statistics.fmean(ms),
        "median_ms": statistics.median(ms),
        "p90_ms": ms[int(0.9 * (len(ms) - 1))],
        "max_ms": ms[-1],
        "mean_nodes": statistics.fmean(nodes),
        "target_ms": 100.0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", default=None, help="write the result as JSON to this file")
    args = ap.parse_args()
    result = [measure(args.players, args.positions, args.seed)]
    for r in result:
        print(
            f"{r['players']} players, {r['positions']} full positions: mean {r['mean_ms']:.0f} ms, "
            f"median {r['median_ms']:.0f} ms, p90 {r['p90_ms']:.0f} ms, max {r['max_ms']:.0f} ms "
            f"CPU ({r['mean_nodes']:.0f} nodes); load {os.getloadavg()[0]:.1f}"
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
