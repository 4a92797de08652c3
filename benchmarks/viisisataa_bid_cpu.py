"""CPU per bid decision of a Viisisataa search bot (3 players), with its choices.

Usage::

    uv run python benchmarks/viisisataa_bid_cpu.py \
        --bot expert:worlds=8,bid_worlds=16,discards=3 --first-seed 1 --deals 5

Each deal seed's auction is played by the rules bot in every seat; before each bid
(at most ``--bids`` of a deal) the tested bot decides from that seat's handle and
its CPU time (``time.process_time``) is taken (a decision with a single candidate,
pass, costs next to nothing and counts too). Prints every decision with its candidates'
mean hand gains and the total. It measures the ``expert`` bot's shared solves: the
same decisions and values, less CPU.
"""

from __future__ import annotations

import argparse
import random
import time

from pakka.bots import SeatHandle, make_bot, play_bot_turn
from pakka.core.registry import load_automated
from pakka.games.viisisataa.rules import PLAYING


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bot", default="expert:worlds=8,bid_worlds=16,discards=3")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--bids", type=int, default=3, help="bid decisions measured per deal")
    args = ap.parse_args()
    game = load_automated("viisisataa", players=3)
    total = 0.0
    measured = 0
    searched = 0
    for seed in range(args.first_seed, args.first_seed + args.deals):
        s = game.new_state(seed=seed)
        rules = [make_bot(game, "rules", seed=q) for q in range(3)]
        k = 0
        while s.phase != PLAYING and not s.is_terminal and k < args.bids:
            p = s.current_player or 0
            if s.view(p)["phase"] == "bidding" and len(s.legal_actions()) > 1:
                bot = make_bot(game, args.bot, seed=seed)
                t = time.process_time()
                a = bot.choose(SeatHandle(s, p, random.Random(1)))
                dt = time.process_time() - t
                k += 1
                values = getattr(bot, "last_values", [])
                total += dt
                measured += 1
                searched += bool(values)
                shown = ", ".join(f"{m} {v:+.1f}" for m, v in values)
                print(f"deal {seed} seat {p}: {a} in {dt:.2f} s CPU [{shown}]", flush=True)
            play_bot_turn(rules[p], s)
    print(
        f"{args.bot}: {measured} bid decisions ({searched} searched), {total:.1f} s CPU, "
        f"{total / max(1, measured):.2f} s each"
    )


if __name__ == "__main__":
    main()
