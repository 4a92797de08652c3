"""CPU time per ``deduce`` decision in Koodinmurtaja at 2, 4, 6 and 8 players, old beside new.

Every seat is a ``deduce`` bot (default level); the positions are every decision of
``games`` seeded games per player count (seeds ``seed .. seed + games - 1``). CPU
time (``time.process_time``) of ``choose`` is recorded per decision; the machine
load (``os.getloadavg``) is recorded beside the figures. ``--baseline REV`` measures
the same games with the source tree of git revision ``REV`` as well (exported to a
temporary directory and run in a subprocess): the code before the exact vectorised
posterior, which fell back to 600 samples above 20,000 fill vectors.

    uv run python benchmarks/koodinmurtaja_deduce.py [--games N] [--players 2,4,6,8]
        [--baseline REV] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pakka
from pakka.bench import cpu_timed
from pakka.bots.base import SeatHandle
from pakka.bots.koodinmurtaja import DeduceBot


def _pct(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def measure(players: int, games: int, seed: int = 0) -> dict[str, Any]:
    """Per-decision CPU milliseconds over ``games`` seeded deduce-only games."""
    game = pakka.load("koodinmurtaja", players=players)
    times: list[float] = []
    for g in range(games):
        state = game.new_state(seed=seed + g)
        bots = [DeduceBot(game, seed=seed + g * 10 + q) for q in range(players)]
        rng = random.Random(seed + g)
        while not state.is_terminal:
            p = state.current_player
            assert p is not None
            h = SeatHandle(state, p, rng)
            a, cpu = cpu_timed(bots[p].choose, h)
            times.append(cpu * 1000)
            state.apply(a)
    return {
        "players": players,
        "games": games,
        "decisions": len(times),
        "p50_ms": round(_pct(times, 0.5), 2),
        "p90_ms": round(_pct(times, 0.9), 2),
        "p99_ms": round(_pct(times, 0.99), 2),
        "max_ms": round(max(times), 2),
    }


def run(games: int = 4, players: tuple[int, ...] = (2, 4, 6, 8), seed: int = 0) -> dict[str, Any]:
    """The figures for every player count, with the load before and after."""
    load0 = os.getloadavg()[0]
    rows = [measure(n, games, seed) for n in players]
    return {
        "rows": rows,
        "load": [round(load0, 2), round(os.getloadavg()[0], 2)],
        "cpus": os.cpu_count(),
    }


ROOT = Path(__file__).resolve().parent.parent


def baseline(rev: str, games: int, players: str, seed: int) -> Callable[[], dict[str, Any]]:
    """Start the same measurement on the source tree of git revision ``rev`` in a
    subprocess (it runs beside this one); the returned function waits for its figures."""
    tmp = tempfile.TemporaryDirectory()
    archive = subprocess.run(
        ["git", "archive", rev, "src"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", tmp.name], input=archive, check=True)
    env = dict(os.environ, PYTHONPATH=str(Path(tmp.name) / "src"))
    out = Path(tmp.name) / "old.json"
    proc = subprocess.Popen(
        [
            sys.executable,
            __file__,
            *("--games", str(games), "--players", players),
            *("--seed", str(seed), "--json", str(out)),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
    )

    def wait() -> dict[str, Any]:
        if proc.wait() != 0:
            raise RuntimeError(f"the baseline run failed ({proc.returncode})")
        data: dict[str, Any] = json.loads(out.read_text())
        data["revision"] = rev
        tmp.cleanup()
        return data

    return wait


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--players", default="2,4,6,8")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--baseline", default=None, help="git revision to measure as well")
    ap.add_argument("--json", default=None, help="write the figures here")
    args = ap.parse_args()
    wait = baseline(args.baseline, args.games, args.players, args.seed) if args.baseline else None
    out: dict[str, Any] = run(args.games, tuple(int(x) for x in args.players.split(",")), args.seed)
    if wait is not None:
        out["baseline"] = wait()
    text = json.dumps(out, indent=1)
    if args.json:
        Path(args.json).write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
