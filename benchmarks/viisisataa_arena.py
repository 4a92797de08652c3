"""Duplicate-deal strength test for Viisisataa bots (stand-in until ``pakka arena`` exists).

Usage::

    uv run python benchmarks/viisisataa_arena.py --bot rules --field random --deals 100
    uv run python benchmarks/viisisataa_arena.py --bot ismcts:iterations=300 --field rules \
        --mode hand --deals 200

Every deal seed is played once per seat rotation: the tested bot sits in each
seat in turn, the field bot fills the other seats, and the deal (seed) is the
same. ``--mode match`` plays whole matches to 500 and reports the tested bot's
win rate; ``--mode hand`` plays the first hand of each deal only and reports
the tested bot's points per hand minus the field's average (both with a 95%
confidence interval over deals, each deal's rotations averaged first).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from pakka.bots import make_bot, play_bot_turn
from pakka.core.registry import load_automated


def _ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def play(
    players: int,
    seed: int,
    seat_of_bot: int,
    bot: str,
    field: str,
    mode: str,
    options: dict[str, object],
) -> tuple[float, float]:
    """(tested bot's result, field's mean result) for one deal and one seat rotation."""
    game = load_automated("viisisataa", players=players, **options)  # capped (R-5S-22)
    state = game.new_state(seed=seed)
    bots = [
        make_bot(game, bot if s == seat_of_bot else field, seed=seed * 10 + s)
        for s in range(players)
    ]
    if mode == "hand":
        # The first hand with a contract (thrown-in hands score nothing for anyone).
        while not state.is_terminal and not any(r["contract"] for r in state.view(None)["sheet"]):
            play_bot_turn(bots[state.current_player or 0], state)
        deltas = state.view(None)["sheet"][-1]["deltas"]
        mine = deltas[seat_of_bot]
        others = [
            deltas[s]
            for s in range(players)
            if s != seat_of_bot and not (players == 4 and s == (seat_of_bot + 2) % 4)
        ]
        return float(mine), statistics.fmean(others)
    while not state.is_terminal:
        play_bot_turn(bots[state.current_player or 0], state)
    ret = state.returns()
    others = [ret[s] for s in range(players) if s != seat_of_bot]
    return ret[seat_of_bot], statistics.fmean(others)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bot", required=True)
    ap.add_argument("--field", required=True)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--mode", choices=("match", "hand"), default="match")
    ap.add_argument("--set", action="append", default=[], help="option=value")
    ap.add_argument("--json", default=None, help="write the result (hand mode) as JSON here")
    ap.add_argument(
        "--progress", action="store_true", help="print each deal's result as it is played"
    )
    args = ap.parse_args()
    options = dict(kv.split("=", 1) for kv in args.set)
    t0 = time.perf_counter()
    diffs: list[float] = []
    mine_all: list[float] = []
    field_all: list[float] = []
    rotations = range(args.players if args.players != 4 else 2)
    for seed in range(args.first_seed, args.first_seed + args.deals):
        results = [
            play(args.players, seed, r, args.bot, args.field, args.mode, options) for r in rotations
        ]
        mine_all.append(statistics.fmean(m for m, _ in results))
        diffs.append(statistics.fmean(m - o for m, o in results))
        field_all.append(statistics.fmean(o for _, o in results))
        if args.progress:
            print(
                f"deal {seed}: {mine_all[-1]:+.1f} diff {diffs[-1]:+.1f} "
                f"({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
    m, h = _ci(mine_all)
    d, hd = _ci(diffs)
    what = "win share" if args.mode == "match" else "points per hand"
    print(
        f"{args.bot} vs {args.field}, {args.players} players, {args.deals} deals x "
        f"{len(rotations)} seatings ({args.mode} mode), {time.perf_counter() - t0:.0f} s"
    )
    print(f"  {args.bot} {what}: {m:.3f} ± {h:.3f} (95% CI)")
    print(
        f"  {args.bot} minus field average: {d:+.3f} ± {hd:.3f} (95% CI)"
        + ("  significant" if abs(d) > hd else "  not significant")
    )

    if args.json:
        write_json(args.json, args.bot, args.field, mine_all, field_all, "one run")


def write_json(
    path: str, bot: str, field: str, mine: list[float], field_avg: list[float], note: str
) -> None:
    """The hand-mode result as ``benchmarks/report.py`` renders it (kind ``hand-arena``):
    the paired comparison of the bot's points per hand with the field's, over deals."""
    import json

    from pakka.stats import compare

    c = compare(mine, field_avg, seed=f"{bot}/{field}")
    with open(path, "w") as f:
        json.dump(
            {"bot": bot, "field": field, "deals": len(mine), "note": note,
             "per_deal": [[a, b] for a, b in zip(mine, field_avg, strict=True)],
             "comparison": c.to_json()},
            f, indent=1,
        )  # fmt: skip


if __name__ == "__main__":
    main()
