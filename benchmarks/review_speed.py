"""Review speed: CPU seconds to review one seat of a game played by the ``medium`` bots.

The target (post-game review issue) is at most 30 s of CPU per game of Koodinmurtaja,
Solo, Memo, Tiko and Kubo, per hand of Viisisataa and per round of Räväytys; a whole
Viisisataa match or Räväytys game is reviewed and divided by its hands or rounds.

    uv run python benchmarks/review_speed.py --json FILE
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import pakka
from pakka.bench import cpu_timed
from pakka.bots import make_bot, play_bot_turn
from pakka.core.record import Record
from pakka.review import review_record

CASES: tuple[tuple[str, int, str], ...] = (
    ("koodinmurtaja", 4, "game"),
    ("zoker-solo", 1, "game"),
    ("zoker-memo", 2, "game"),
    ("zoker-tiko", 3, "game"),
    ("zoker-kubo", 2, "game"),
    ("viisisataa", 3, "hand"),
    ("ravaytys", 3, "round"),
)
TARGET_S = 30.0


def measure(game: str, players: int, per: str, seed: int) -> dict[str, Any]:
    """Play one seeded game with ``medium`` bots, review seat 0, time it."""
    g = pakka.load(game, players=players)
    s = g.new_state(seed=seed)
    bots = [make_bot(g, "medium", seed=q) for q in range(players)]
    while not s.is_terminal:
        play_bot_turn(bots[s.current_player or 0], s)
    units = len(s.sheet) if per != "game" else 1
    review, cpu = cpu_timed(review_record, Record.from_state(s), seats=[0])
    return {
        "game": game,
        "players": players,
        "per": per,
        "units": units,
        "decisions": len(review.judgements),
        "cpu_s": round(cpu, 2),
        "cpu_s_per_unit": round(cpu / max(1, units), 2),
        "target_s": TARGET_S,
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument("--games", metavar="A,B", help="only these games (default: all; a partial run)")
    args = ap.parse_args(argv)
    only = set(args.games.split(",")) if args.games else None
    rows = [measure(g, n, per, args.seed) for g, n, per in CASES if only is None or g in only]
    for r in rows:
        print(
            f"{r['game']:14} {r['cpu_s_per_unit']:7.2f} s CPU per {r['per']} "
            f"({r['decisions']} decisions, {r['units']} {r['per']}s)"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
