"""Zoker Kubo: variants of the greedy plan against plain ``greedy``, in duplicate games.

The screening behind ``careful`` (docs/benchmarks.md): for each variant ``risk,keep,dead``
(the arguments of :func:`pakka.bots.zoker_kubo.plan_turn`) and each of ``--deals`` game
seeds from ``--base`` on, two 2-player games are played, the variant in seat 0 and then
in seat 1 against ``greedy`` (``risk`` 10, ``keep`` 5, ``dead`` 0). Per deal the variant's
win-rate difference is (its wins − greedy's wins) / 2 (a shared win counts half); the
script prints its mean and standard error over the deals and the mean score margin. Both
bots work on the full state here (they read only the board and the mover's hand, which
is what their views hold), which makes a deal cost a few milliseconds. Example::

    uv run python benchmarks/kubo_variants.py --deals 100 --base 1000 20,5,5 10,5,5
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

import pakka
from pakka.bots.zoker_kubo import KEEP, RISK, greedy_choice
from pakka.games.zoker.kubo.state import KuboState

Variant = tuple[int, int, int]
GREEDY: Variant = (RISK, KEEP, 0)


def play(seed: int, seats: tuple[Variant, Variant]) -> tuple[list[int], list[int]]:
    """One 2-player game from ``seed`` with the given plan parameters per seat: the
    scores and the winners."""
    game = pakka.load("zoker-kubo", players=2)
    s = game.new_state(seed=seed)
    assert isinstance(s, KuboState)
    while not s.is_terminal:
        p = s.current_player
        assert p is not None
        risk, keep, dead = seats[p]
        legal = s.legal_actions()
        s.apply_legal(
            greedy_choice(
                legal, s.board, s.hands[s.turn], s.geo, s.line_points, risk, keep, dead=dead
            )
        )
    return list(s.scores), list(s.winners)


def duel(variant: Variant, deals: int, base: int) -> dict[str, Any]:
    """The variant against greedy over ``deals`` duplicate deals."""
    wins: list[float] = []
    margins: list[float] = []
    for d in range(deals):
        sc1, w1 = play(base + d, (variant, GREEDY))
        sc2, w2 = play(base + d, (GREEDY, variant))
        mine = (1 / len(w1) if 0 in w1 else 0) + (1 / len(w2) if 1 in w2 else 0)
        theirs = (1 / len(w1) if 1 in w1 else 0) + (1 / len(w2) if 0 in w2 else 0)
        wins.append((mine - theirs) / 2)
        margins.append(((sc1[0] - sc1[1]) + (sc2[1] - sc2[0])) / 2)
    return {
        "variant": ",".join(map(str, variant)),
        "deals": deals,
        "base": base,
        "win_difference": round(statistics.mean(wins), 4),
        "standard_error": round(statistics.stdev(wins) / deals**0.5, 4) if deals > 1 else None,
        "score_margin": round(statistics.mean(margins), 3),
    }


def main(argv: list[str] | None = None) -> int:
    """Screen the variants given as ``risk,keep,dead``; print (and optionally store) each."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="+", help="risk,keep,dead, e.g. 20,5,5")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--base", type=int, default=1000, help="first game seed")
    ap.add_argument("--json", help="also write the rows as JSON to this file")
    args = ap.parse_args(argv)
    rows = []
    for spec in args.variants:
        risk, keep, dead = (int(x) for x in spec.split(","))
        row = duel((risk, keep, dead), args.deals, args.base)
        print(json.dumps(row), flush=True)
        rows.append(row)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
