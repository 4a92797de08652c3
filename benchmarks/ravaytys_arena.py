"""Räväytys bot strength: one bot against copies of another over duplicate deals.

Every deal (a game seed: the same cards in all eight rounds, unless a reshuffle
shifts them) is played once per seat with the tested bot in that seat and the
opponent bot in all the others. A deal's result is the mean over its seat
rotations; the 95% confidence intervals (Student's t) are over deals, so the luck
of the cards largely cancels.

    uv run python benchmarks/ravaytys_arena.py rules random --deals 10
    uv run python benchmarks/ravaytys_arena.py search rules --deals 20 --seed 3 > run3.jsonl
    uv run python benchmarks/ravaytys_arena.py --summary run3.jsonl run4.jsonl

Each game is printed as one JSON line (so that a run cut short, or several runs
in parallel with different seeds, can be summarised later with ``--summary``).
Reported: the tested bot's win share (1 for a win, shared on ties; an equal bot
gets 1/players), its mean point advantage per game (the others' mean total
minus its own: positive is better, lower totals win in Räväytys) and its CPU
time per move.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections import defaultdict
from typing import Any

import pakka
from pakka.arena import t_quantile
from pakka.bench import cpu_timed
from pakka.bots import make_bot
from pakka.bots.base import play_bot_turn


def ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its Student-t 95% confidence interval."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, t_quantile(0.975, len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs))


def play(game: Any, bot: str, opponent: str, seed: int, me: int) -> dict[str, Any]:
    """One game of deal ``seed`` with ``bot`` in seat ``me``."""
    n = game.num_players
    bots = [make_bot(game, bot if p == me else opponent, seed=seed * 10 + p) for p in range(n)]
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    cpu = 0.0
    slowest = 0.0
    moves = 0
    while not s.is_terminal:
        seat = s.current_player
        assert seat is not None
        _, dt = cpu_timed(play_bot_turn, bots[seat], s, rng)
        if seat == me:
            cpu += dt
            slowest = max(slowest, dt)
            moves += 1
    others = [s.totals[p] for p in range(n) if p != me]
    return {
        "bot": bot,
        "opponent": opponent,
        "players": n,
        "deal": seed,
        "seat": me,
        "totals": list(s.totals),
        "win": s.returns()[me],
        "advantage": statistics.fmean(others) - s.totals[me],
        "cpu": cpu,
        "moves": moves,
        "slowest": slowest,
    }


def summary(rows: list[dict[str, Any]]) -> str:
    """Win share, point advantage and CPU per move over complete deals."""
    n = rows[0]["players"]
    by_deal: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_deal[r["deal"]].append(r)
    deals = [g for g in by_deal.values() if len(g) == n]  # only fully rotated deals
    games = [r for g in deals for r in g]
    if not deals:
        return "no complete deal yet"
    w, wh = ci([statistics.fmean(r["win"] for r in g) for g in deals])
    d, dh = ci([statistics.fmean(r["advantage"] for r in g) for g in deals])
    cpu = sum(r["cpu"] for r in games) / max(1, sum(r["moves"] for r in games))
    slowest = max((r.get("slowest", 0.0) for r in games), default=0.0)
    return (
        f"{rows[0]['bot']} vs {rows[0]['opponent']} ({n} players, {len(deals)} deals = "
        f"{len(games)} games): win share {w:.3f} ± {wh:.3f} (equal strength {1 / n:.3f}); "
        f"point advantage {d:+.1f} ± {dh:.1f} per game; {cpu * 1000:.1f} ms CPU per move"
        + (f" (slowest {slowest:.2f} s)" if slowest else "")
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bot", nargs="?")
    ap.add_argument("opponent", nargs="?")
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--summary", nargs="+", metavar="FILE", help="summarise earlier runs")
    a = ap.parse_args()
    if a.summary:
        rows: list[dict[str, Any]] = []
        for f in a.summary:
            with open(f) as fh:
                rows.extend(json.loads(line) for line in fh if line.startswith("{"))
        print(summary(rows))
        return
    if not (a.bot and a.opponent):
        ap.error("bot and opponent are required")
    game = pakka.load("ravaytys", players=a.players)
    rows = []
    for di in range(a.deals):
        seed = a.seed * 100_000 + di
        for me in range(a.players):
            rows.append(play(game, a.bot, a.opponent, seed, me))
            print(json.dumps(rows[-1]), flush=True)
        print("# " + summary(rows), file=sys.stderr, flush=True)
    print(summary(rows))


if __name__ == "__main__":
    main()
