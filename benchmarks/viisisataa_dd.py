"""Speed of the Viisisataa double-dummy solver on full 10-card positions.

Usage::

    uv run python benchmarks/viisisataa_dd.py --positions 30 [--baseline REV]
        [--repeats N] --json out.json

Each position is the start of the card play of a seeded 3-player deal (the first
bidder made the contract, the kitty exchange random): trump suits and grand in turn.
It is solved from the contractor's side from scratch (a new solver, empty table);
the figure is CPU time per position (``time.process_time``), mean, median and
maximum, with the nodes searched. The target of issue 18: well under 100 ms on
average.

``--baseline REV`` solves the same positions with the solver module of git revision
``REV`` as well (its ``dd.py`` loaded beside this one, the rest of the code shared),
interleaved position by position in this one process so that both see the same load;
the two must agree on every value. With ``--repeats N`` each position is solved N
times by each solver (in turn) and its CPU time is the median of those.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pakka
from pakka.bench import cpu_timed
from pakka.games.viisisataa import dd
from pakka.games.viisisataa.actions import ACTIONS, BID_BASE, PASS_ID
from pakka.games.viisisataa.dd import position_of, side_of
from pakka.games.viisisataa.rules import BIDDING, PLAYING
from pakka.games.viisisataa.state import ViisisataaState

KINDS = (("spades", 0), ("hearts", 3), ("grand", 4), ("clubs", 1), ("diamonds", 2))
ROOT = Path(__file__).resolve().parent.parent


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


def baseline_module(rev: str) -> ModuleType:
    """The solver module ``dd.py`` of git revision ``rev``, loaded under another name
    (it imports the game's tables from the current tree)."""
    source = subprocess.run(
        ["git", "show", f"{rev}:src/pakka/games/viisisataa/dd.py"],
        cwd=ROOT,
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    name = f"_dd_baseline_{rev}"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    exec(compile(source, f"{rev}:dd.py", "exec"), module.__dict__)
    return module


def measure(
    players: int, positions: int, first_seed: int, solvers: dict[str, ModuleType], repeats: int
) -> list[dict[str, Any]]:
    """Solve each position with every solver module (interleaved), ``repeats`` times."""
    times: dict[str, list[float]] = {name: [] for name in solvers}
    nodes: dict[str, list[int]] = {name: [] for name in solvers}
    load_min = load_max = os.getloadavg()[0]
    for i in range(positions):
        _, suit = KINDS[i % len(KINDS)]
        s = start_of_play(players, suit, first_seed + i)
        pos = position_of(s, side_of(s, s.contractor))
        runs: dict[str, list[float]] = {name: [] for name in solvers}
        values: set[int] = set()
        for _ in range(repeats):
            for name, module in solvers.items():
                solver = module.Solver()
                value, cpu = cpu_timed(solver.tricks, pos)
                values.add(value)
                runs[name].append(cpu)
                if len(runs[name]) == 1:
                    nodes[name].append(solver.nodes)
        if len(values) != 1:
            raise RuntimeError(f"the solvers disagree on position {i}: {values}")
        for name in solvers:
            times[name].append(statistics.median(runs[name]))
        load = os.getloadavg()[0]
        load_min, load_max = min(load_min, load), max(load_max, load)
    out = []
    for name in solvers:
        ms = sorted(1000 * t for t in times[name])
        out.append(
            {
                "solver": name,
                "players": players,
                "positions": positions,
                "repeats": repeats,
                "mean_ms": statistics.fmean(ms),
                "median_ms": statistics.median(ms),
                "p90_ms": ms[int(0.9 * (len(ms) - 1))],
                "max_ms": ms[-1],
                "mean_nodes": statistics.fmean(nodes[name]),
                "target_ms": 100.0,
                "load_min": round(load_min, 1),
                "load_max": round(load_max, 1),
            }
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--baseline", default=None, help="git revision whose solver to measure too")
    ap.add_argument("--repeats", type=int, default=1, help="solves per position and solver")
    ap.add_argument("--json", default=None, help="write the result as JSON to this file")
    args = ap.parse_args()
    solvers = {"this": dd}
    if args.baseline:
        solvers = {f"baseline {args.baseline}": baseline_module(args.baseline), "this": dd}
    result = measure(args.players, args.positions, args.seed, solvers, args.repeats)
    for r in result:
        print(
            f"{r['solver']}: {r['players']} players, {r['positions']} full positions: "
            f"mean {r['mean_ms']:.0f} ms, "
            f"median {r['median_ms']:.0f} ms, p90 {r['p90_ms']:.0f} ms, max {r['max_ms']:.0f} ms "
            f"CPU ({r['mean_nodes']:.0f} nodes); load {r['load_min']}..{r['load_max']}"
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
