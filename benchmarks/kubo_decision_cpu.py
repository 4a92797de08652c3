"""CPU time per decision of Zoker Kubo bots, with its spread (p50, p90, p99, max).

Plays ``--games`` seeded 2-player games with the bot specs taking turns in the seats
(game ``g`` puts spec ``(g + s) % 2`` in seat ``s``) and times every ``choose`` call of
each spec with ``time.process_time`` (CPU time of this process: other programs on the
shared machine count far less than in wall time). A decision is any call, also the ones
with a single legal action, as a player meets them. Example::

    uv run python benchmarks/kubo_decision_cpu.py --bots hard,medium --games 10 --json FILE
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from typing import Any

import pakka
from pakka.bench import cpu_timed
from pakka.bots import make_bot
from pakka.bots.base import SeatHandle
from pakka.cli.main import split_specs


def _quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of sorted ``xs`` (nearest rank)."""
    return xs[min(len(xs) - 1, max(0, int(q * len(xs) + 0.5) - 1))]


def measure(specs: list[str], games: int, seed: int, players: int = 2) -> list[dict[str, Any]]:
    """Per spec: number of decisions and CPU milliseconds per decision (mean, quantiles)."""
    game = pakka.load("zoker-kubo", players=players)
    times: dict[str, list[float]] = {s: [] for s in specs}
    for g in range(games):
        assign = [specs[(g + s) % len(specs)] for s in range(players)]
        bots = [
            make_bot(game, spec, seed=seed * 1000 + g * 10 + s) for s, spec in enumerate(assign)
        ]
        rngs = [random.Random(seed * 1000 + g * 10 + s) for s in range(players)]
        state = game.new_state(seed=seed + g)
        while not state.is_terminal:
            p = state.current_player
            assert p is not None
            action, cpu = cpu_timed(bots[p].choose, SeatHandle(state, p, rngs[p]))
            times[assign[p]].append(cpu)
            state.apply(action)
    out = []
    for spec in specs:
        xs = sorted(t * 1000 for t in times[spec])
        out.append(
            {
                "bot": spec,
                "games": games,
                "decisions": len(xs),
                "mean_ms": round(statistics.mean(xs), 2),
                "p50_ms": round(_quantile(xs, 0.50), 2),
                "p90_ms": round(_quantile(xs, 0.90), 2),
                "p99_ms": round(_quantile(xs, 0.99), 2),
                "max_ms": round(xs[-1], 2),
            }
        )
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--bots", default="hard,medium", help="two bot specs (as pakka arena --bots)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    rows = measure(split_specs(args.bots), args.games, args.seed)
    for r in rows:
        print(
            f"{r['bot']:36} {r['decisions']:6} decisions  mean {r['mean_ms']:8.2f}  "
            f"p50 {r['p50_ms']:8.2f}  p90 {r['p90_ms']:8.2f}  p99 {r['p99_ms']:8.2f}  "
            f"max {r['max_ms']:8.2f} ms CPU"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
