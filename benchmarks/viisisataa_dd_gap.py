"""How far real card play lands from the double-dummy count (Viisisataa, 3 players).

Usage::

    uv run python benchmarks/viisisataa_dd_gap.py --declarer pimc --defenders pimc --deals 40

Each deal seed is bid and discarded by ``--bidder`` (default the rules bot) in every
seat; at the first lead
the solver's count of the contracting side's tricks is taken, then the hand is played
by ``--declarer`` (the contractor) and ``--defenders``; the line per deal shows the
contract, that count and the tricks really taken, the last line the gap's mean and
spread. It tells whether ``expert``'s double-dummy bidding needs a margin (the count is
optimistic when the real tricks fall short of it).
"""

from __future__ import annotations

import argparse
import collections
import statistics
import time

from pakka.bots import make_bot, play_bot_turn
from pakka.bots.viisisataa_expert import taking_side
from pakka.core.registry import load_automated
from pakka.games.viisisataa.dd import Solver, position_of
from pakka.games.viisisataa.rules import PLAYING
from pakka.games.viisisataa.state import ViisisataaState


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bidder", default="rules", help="the bot of the auction and discards")
    ap.add_argument("--declarer", default="pimc")
    ap.add_argument("--defenders", default="pimc")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=40)
    args = ap.parse_args()
    game = load_automated("viisisataa", players=3)
    gaps: list[int] = []
    t0 = time.process_time()
    for seed in range(args.first_seed, args.first_seed + args.deals):
        s = game.new_state(seed=seed)
        assert isinstance(s, ViisisataaState)
        bidders = [make_bot(game, args.bidder, seed=seed * 10 + q) for q in range(3)]
        while not s.is_terminal and s.phase != PLAYING:
            play_bot_turn(bidders[s.current_player or 0], s)
        if s.is_terminal or s.contractor < 0:
            continue  # thrown in (R-5S-12)
        c = s.contractor
        dd = Solver().tricks(position_of(s, taking_side(s, c)))
        bots = [
            make_bot(game, args.declarer if q == c else args.defenders, seed=seed * 10 + q)
            for q in range(3)
        ]
        hand = s.hand_no
        while not s.is_terminal and s.hand_no == hand:
            play_bot_turn(bots[s.current_player or 0], s)
        row = s.sheet[-1]
        gaps.append(int(row["tricks"]) - dd)
        print(f"deal {seed}: {row['contract']} dd {dd} took {row['tricks']}", flush=True)
    if not gaps:
        return
    counts = sorted(collections.Counter(gaps).items())
    spread = statistics.stdev(gaps) if len(gaps) > 1 else 0.0
    print(
        f"{len(gaps)} hands: real minus double-dummy {statistics.fmean(gaps):+.2f} "
        f"(sd {spread:.2f}), counts {counts}, {time.process_time() - t0:.0f} s CPU"
    )


if __name__ == "__main__":
    main()
