"""The bot ladder: every game's bot levels play each other in duplicate arenas and
get fixed ratings on the players' scale (issue 17; docs/ratings.md).

For each game with bot levels and at least two players, the three levels sit at a
3-player table (``easy, medium, hard``) and play duplicate deals with the arena's own
functions (:func:`pakka.arena.play_deal`: every deal once per seat rotation, seeded),
until ``--games`` deals or ``--seconds`` per game have passed (checked between deals).
Automated options apply (:func:`pakka.core.registry.load_automated`, e.g. Viisisataa's
30-hand cap). The fit is openskill itself: the levels start at (μ = 25, σ = 25/3) and
every game is one Plackett–Luce update (:func:`pakka.ratings.rate`), in deal and
rotation order, so the mean of the ladder stays near 25 (a new person's μ: the middle
of the ladder) and σ shrinks with the games played. ``--write`` stores the fit in
``src/pakka/ratings/bots.json``, which the server reads.

    uv run python benchmarks/rate_bots.py --games 20 --seconds 60 --json out.json --write
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

import pakka
from pakka.arena import ArenaResult, play_deal
from pakka.bots import levels
from pakka.core.registry import game_class, load_automated
from pakka.ratings import Rating, outcome, rate

ROOT = Path(__file__).resolve().parent.parent
BOTS_FILE = ROOT / "src" / "pakka" / "ratings" / "bots.json"
LEVELS = ("easy", "medium", "hard")
PLAYERS = 3


def rated_games() -> list[str]:
    """Games with the three levels and room for three players."""
    out = []
    for name in pakka.games():
        cls = game_class(name)
        if cls.min_players <= PLAYERS <= cls.max_players and set(LEVELS) <= set(levels(name)):
            out.append(name)
    return out


def ladder(name: str, games: int, seconds: float, seed: int) -> dict[str, Any]:
    """Play ``name``'s levels against each other and fit their ratings."""
    game = load_automated(name, players=PLAYERS)
    specs = list(LEVELS)
    arena = ArenaResult(name, PLAYERS, dict(game.options), specs, 0, seed)
    ratings = [Rating() for _ in specs]
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    deal = 0
    while deal < games and (deal == 0 or time.perf_counter() - t0 < seconds):
        rows = play_deal(name, PLAYERS, dict(game.options), specs, deal, seed)
        for row in rows:
            winners = [s for s, r in enumerate(row.returns) if r > 0]
            result = outcome(name, PLAYERS, winners, row.scores)
            seat_ratings = rate(result, [ratings[b] for b in row.seat_bots])
            for seat, b in enumerate(row.seat_bots):
                ratings[b] = seat_ratings[seat]
        arena.games.extend(rows)
        deal += 1
    arena.deals = deal
    out_levels = {}
    for i, lv in enumerate(specs):
        win = arena.win_rate(i)
        out_levels[lv] = {
            "spec": levels(name)[lv],
            "mu": ratings[i].mu,
            "sigma": ratings[i].sigma,
            "rating": ratings[i].shown,
            "win_rate": win.mean,
            "win_low": win.low if win.defined else None,
            "win_high": win.high if win.defined else None,
        }
    return {
        "game": name,
        "players": PLAYERS,
        "deals": deal,
        "games": len(arena.games),
        "seconds": round(time.perf_counter() - t0, 1),
        "cpu_seconds": round(time.process_time() - cpu0, 1),
        "levels": out_levels,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=20, help="most deals per game")
    ap.add_argument("--seconds", type=float, default=60.0, help="time budget per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--json", type=Path, help="write the results here")
    ap.add_argument("--write", action="store_true", help=f"store the fit in {BOTS_FILE.name}")
    a = ap.parse_args(argv)
    if a.games < 1 or a.seconds <= 0:
        ap.error("--games must be at least 1 and --seconds positive")
    names = a.game or rated_games()
    load_before = os.getloadavg()[0]
    rows = []
    for name in names:
        row = ladder(name, a.games, a.seconds, a.seed)
        rows.append(row)
        cells = ", ".join(f"{lv} {v['rating']}" for lv, v in row["levels"].items())
        print(f"{name}: {row['deals']} deals, {row['games']} games, {row['seconds']} s: {cells}")
    data = {
        "model": "openskill PlackettLuce, mu=25, sigma=25/3; shown = 1500 + 20 (mu - 3 sigma)",
        "seed": a.seed,
        "max_deals": a.games,
        "seconds_per_game": a.seconds,
        "load_average": round(max(load_before, os.getloadavg()[0]), 1),
        "rows": rows,
    }
    if a.json:
        a.json.write_text(json.dumps(data, indent=1) + "\n")
    if a.write:
        games = {
            r["game"]: {
                "players": r["players"],
                "deals": r["deals"],
                "levels": {
                    lv: {"mu": v["mu"], "sigma": v["sigma"], "rating": v["rating"]}
                    for lv, v in r["levels"].items()
                },
            }
            for r in rows
        }
        old = json.loads(BOTS_FILE.read_text()) if BOTS_FILE.exists() else {"games": {}}
        merged = {"method": "benchmarks/rate_bots.py", "games": old.get("games", {}) | games}
        BOTS_FILE.write_text(json.dumps(merged, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
