"""The bot ladder: every game's bot levels play each other in duplicate arenas and
get fixed ratings on the players' scale (issue 17; docs/ratings.md).

For each game with bot levels and at least two players, the three levels sit at one
3-player table (``easy, medium, hard``), so every pairing of levels meets in every
deal, and play duplicate deals with the arena's seating and seeds
(:func:`pakka.arena.play_game`, :func:`~pakka.arena.deal_seed`: every deal once per
cyclic seat rotation, the same deals for every run with the same ``--seed``). The
levels play the specs and **fixed search budgets** the site plays them at
(:func:`pakka.bots.levels`; samples, worlds and iterations, never a time limit), so a
rating does not depend on the machine's load.

The run is bounded: the games of all ladders go to a process pool of ``--jobs``
workers (2 by default; run the script under ``nice -n 10``), the next deal going to
the game with the fewest deals started (after the games whose deals are nearly free,
:func:`priority`), until every game has ``--deals``
deals or ``--minutes`` of wall time have passed. After the bound no deal is started;
the deals in progress are finished (at most one per worker, a few games), and only
complete deals (all rotations) are rated. Long games are capped per deal:
Viisisataa's match ends after ``--hands`` hands (the engine's ``max_hands``,
R-5S-22, the highest total winning, as the arena's automated cap of 30 does) and a
Räväytys game after its first ``--rounds`` rounds (contracts), ranked by the totals
then (lowest best, R-RV-22), through the arena's ``stop`` hook.

The fit is openskill itself (:func:`fit`): the levels start at (μ = 25, σ = 25/3) and
every game is one Plackett–Luce update (:func:`pakka.ratings.rate`) in deal and
rotation order, so the mean of the ladder stays near 25 (a new person's μ: the middle
of the ladder) and σ shrinks with the games played. ``--write`` stores the fit in
``src/pakka/ratings/bots.json``, which the server reads (the lobby's level ratings).

    nice -n 10 uv run python benchmarks/rate_bots.py --minutes 35 --jobs 2 --json out.json --write
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

import pakka
from pakka.arena import ArenaResult, GameResult, deal_seed, lineup, play_game
from pakka.bots import levels
from pakka.core.game import State
from pakka.core.registry import game_class, load_automated
from pakka.ratings import Outcome, Rating, outcome, rate

ROOT = Path(__file__).resolve().parent.parent
BOTS_FILE = ROOT / "src" / "pakka" / "ratings" / "bots.json"
LEVELS = ("easy", "medium", "hard")
PLAYERS = 3
HANDS = 5
"""Viisisataa hands per match in the ladder (``max_hands``): a match to 500 between
these levels took six hands in the profiled deal, and a hand with the ``ismcts`` and
``pimc`` levels costs about 0.65 CPU seconds."""
ROUNDS = 2
"""Räväytys rounds per game in the ladder (of 8; the first two contracts, 2 and 3 sets):
a round with the ``search`` level costs about 1.2 CPU seconds."""


def rated_games() -> list[str]:
    """Games with the three levels and room for three players."""
    out = []
    for name in pakka.games():
        cls = game_class(name)
        if cls.min_players <= PLAYERS <= cls.max_players and set(LEVELS) <= set(levels(name)):
            out.append(name)
    return out


def ladder_options(name: str, hands: int) -> dict[str, Any]:
    """The options ``name`` is played with in the ladder: its automated options, and for
    Viisisataa the ladder's hand cap."""
    extra = {"max_hands": hands} if name == "viisisataa" else {}
    return dict(load_automated(name, players=PLAYERS, **extra).options)


def round_cap(rounds: int) -> Callable[[State[Any]], bool]:
    """The Räväytys stop: true once ``rounds`` rounds have been scored."""

    def stop(state: State[Any]) -> bool:
        return int(cast(Any, state).round) >= rounds

    return stop


def play_one(
    name: str, options: dict[str, Any], deal: int, rotation: int, seed: int, rounds: int
) -> tuple[GameResult, float]:
    """One worker's job: rotation ``rotation`` of deal ``deal`` with the three levels, and
    the CPU seconds it took in the worker."""
    cpu0 = time.process_time()
    game = load_automated(name, players=PLAYERS, **options)
    specs = [levels(name)[lv] for lv in LEVELS]
    base = lineup(specs, PLAYERS)
    seat_bots = [base[(s + rotation) % PLAYERS] for s in range(PLAYERS)]
    stop = round_cap(rounds) if name == "ravaytys" else None
    row = play_game(game, specs, seat_bots, deal_seed(seed, deal), rotation, deal, stop=stop)
    return row, time.process_time() - cpu0


def game_outcome(name: str, row: GameResult) -> Outcome:
    """openskill's teams and ranks for one ladder game: the winners (positive returns)
    first, then the scores in the game's direction (a stopped game: scores only)."""
    winners = [s for s, r in enumerate(row.returns) if r > 0]
    return outcome(name, PLAYERS, winners, row.scores)


def win_shares(result: Outcome) -> tuple[float, ...]:
    """Each seat's share of the win: 1 split among the seats ranked first."""
    ranks = result.seat_ranks()
    first = [s for s in sorted(ranks) if ranks[s] == 0]
    return tuple(1.0 / len(first) if s in first else 0.0 for s in sorted(ranks))


def fit(games: Iterable[tuple[Sequence[int], Outcome]], bots: int) -> list[Rating]:
    """The ladder's fit: ``bots`` ratings from (μ 25, σ 25/3), each game one openskill
    update of the bots in its seats (``seat_bots[seat]`` is the bot's index), in order."""
    ratings = [Rating() for _ in range(bots)]
    for seat_bots, result in games:
        seat_ratings = rate(result, [ratings[b] for b in seat_bots])
        for seat, b in enumerate(seat_bots):
            ratings[b] = seat_ratings[seat]
    return ratings


@dataclass
class Ladder:
    """One game's ladder while the run goes: deals started and the games back."""

    name: str
    options: dict[str, Any]
    started: int = 0
    cpu_seconds: float = 0.0

    def __post_init__(self) -> None:
        self.rows: dict[tuple[int, int], GameResult] = {}

    def complete_deals(self) -> list[int]:
        """The deals whose every rotation is back."""
        deals = sorted({d for d, _ in self.rows})
        return [d for d in deals if all((d, r) in self.rows for r in range(PLAYERS))]


def summary(lad: Ladder, seed: int, hands: int, rounds: int) -> dict[str, Any]:
    """The fit and statistics of one game's ladder over its complete deals."""
    name = lad.name
    deals = lad.complete_deals()
    specs = [levels(name)[lv] for lv in LEVELS]
    rows = [lad.rows[(d, r)] for d in deals for r in range(PLAYERS)]
    results = [game_outcome(name, row) for row in rows]
    ratings = fit(((row.seat_bots, res) for row, res in zip(rows, results, strict=True)), 3)
    arena = ArenaResult(name, PLAYERS, lad.options, specs, len(deals), seed)
    arena.games = [
        replace(row, returns=win_shares(res)) for row, res in zip(rows, results, strict=True)
    ]
    cap = (
        f"{hands} hands (max_hands)"
        if name == "viisisataa"
        else f"first {rounds} of 8 rounds"
        if name == "ravaytys"
        else ""
    )
    out_levels = {}
    for i, lv in enumerate(LEVELS):
        win = arena.win_rate(i)
        out_levels[lv] = {
            "spec": specs[i],
            "mu": ratings[i].mu,
            "sigma": ratings[i].sigma,
            "rating": ratings[i].shown,
            "win_rate": win.mean,
            "win_low": win.low if win.defined else None,
            "win_high": win.high if win.defined else None,
            "ms_per_decision": round(arena.ms_per_decision(i), 1) if rows else None,
        }
    return {
        "game": name,
        "players": PLAYERS,
        "deals": len(deals),
        "games": len(rows),
        "dropped_games": len(lad.rows) - len(rows),
        "cap": cap,
        "cpu_seconds": round(lad.cpu_seconds, 1),
        "levels": out_levels,
    }


CHEAP = 0.1
"""A game whose deals cost under this share of the dearest game's (CPU per deal so far)
plays all its deals first: they are nearly free and need not wait for the slow games."""


def priority(lad: Ladder, ladders: Sequence[Ladder]) -> tuple[bool, bool, int]:
    """The order in which games get their next deal (smallest first; ties in the order
    of the games): every game its first deal, then the cheap games (:data:`CHEAP`),
    then the game with the fewest deals started."""

    def cost(x: Ladder) -> float | None:
        done = len(x.complete_deals())
        return x.cpu_seconds / done if done else None

    known = [c for x in ladders if (c := cost(x)) is not None]
    own = cost(lad)
    cheap = own is not None and own < CHEAP * max(known)
    return lad.started > 0, not cheap, lad.started


def run(
    names: Sequence[str],
    deals: int,
    minutes: float,
    jobs: int,
    seed: int,
    hands: int,
    rounds: int,
    log: Callable[[str], None] | None = None,
) -> tuple[list[Ladder], list[float]]:
    """Play every game's ladder in the bound; the ladders and the load averages seen.
    ``log`` gets a progress line after every game (default: standard error)."""
    if log is None:
        log = lambda line: print(line, file=sys.stderr, flush=True)  # noqa: E731
    ladders = [Ladder(n, ladder_options(n, hands)) for n in names]
    deadline = time.monotonic() + minutes * 60.0
    queue: list[tuple[Ladder, int, int]] = []  # rotations of started deals, not yet sent
    loads = [os.getloadavg()[0]]

    def next_job() -> tuple[Ladder, int, int] | None:
        if not queue and time.monotonic() < deadline:
            open_ = [lad for lad in ladders if lad.started < deals]
            if open_:
                lad = min(open_, key=lambda x: priority(x, ladders))
                queue.extend((lad, lad.started, r) for r in range(PLAYERS))
                lad.started += 1
        return queue.pop(0) if queue else None

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running: dict[Future[tuple[GameResult, float]], Ladder] = {}
        while True:
            while len(running) < jobs and (job := next_job()) is not None:
                lad, d, r = job
                fut = pool.submit(play_one, lad.name, lad.options, d, r, seed, rounds)
                running[fut] = lad
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in done:
                lad = running.pop(fut)
                row, cpu = fut.result()
                lad.rows[(row.deal, row.rotation)] = row
                lad.cpu_seconds += cpu
            loads.append(os.getloadavg()[0])
            left = (deadline - time.monotonic()) / 60.0
            counts = " ".join(f"{lad.name} {len(lad.complete_deals())}" for lad in ladders)
            log(f"[{max(left, 0.0):5.1f} min left, load {loads[-1]:.1f}] deals: {counts}")
    return ladders, loads


def bots_file(rows: Sequence[dict[str, Any]], old: dict[str, Any]) -> dict[str, Any]:
    """The content of ``bots.json`` after a run: the measured games replace their
    entries (``players``, ``deals``, ``cap``, per level ``spec``, ``mu``, ``sigma``,
    ``rating``), other games keep theirs."""
    games = {
        r["game"]: {
            "players": r["players"],
            "deals": r["deals"],
            "cap": r["cap"],
            "levels": {
                lv: {"spec": v["spec"], "mu": v["mu"], "sigma": v["sigma"], "rating": v["rating"]}
                for lv, v in r["levels"].items()
            },
        }
        for r in rows
        if r["deals"] > 0
    }
    return {"method": "benchmarks/rate_bots.py", "games": old.get("games", {}) | games}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=30, help="most deals per game")
    ap.add_argument("--minutes", type=float, default=35.0, help="wall-time bound of the run")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument("--hands", type=int, default=HANDS, help="Viisisataa hands per match")
    ap.add_argument("--rounds", type=int, default=ROUNDS, help="Räväytys rounds per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--json", type=Path, help="write the results here")
    ap.add_argument("--write", action="store_true", help=f"store the fit in {BOTS_FILE.name}")
    a = ap.parse_args(argv)
    if a.deals < 1 or a.minutes <= 0 or a.jobs < 1 or a.hands < 1 or not 1 <= a.rounds <= 8:
        ap.error("--deals, --jobs, --hands need at least 1, --minutes > 0, --rounds 1..8")
    names = a.game or rated_games()
    unknown = sorted(set(names) - set(rated_games()))
    if unknown:
        ap.error(f"no ladder for {', '.join(unknown)}")
    t0 = time.perf_counter()
    ladders, loads = run(names, a.deals, a.minutes, a.jobs, a.seed, a.hands, a.rounds)
    rows = [summary(lad, a.seed, a.hands, a.rounds) for lad in ladders]
    for row in rows:
        cells = ", ".join(
            f"{lv} {v['rating']} (μ {v['mu']:.2f} ± {v['sigma']:.2f})"
            for lv, v in row["levels"].items()
        )
        print(f"{row['game']}: {row['deals']} deals, {row['cpu_seconds']} CPU s: {cells}")
    data = {
        "model": "openskill PlackettLuce, mu=25, sigma=25/3; shown = 1500 + 20 (mu - 3 sigma)",
        "seed": a.seed,
        "max_deals": a.deals,
        "minutes": a.minutes,
        "jobs": a.jobs,
        "nice": os.nice(0),
        "hands": a.hands,
        "rounds": a.rounds,
        "seconds": round(time.perf_counter() - t0, 1),
        "load_average": {
            "min": round(min(loads), 1),
            "mean": round(sum(loads) / len(loads), 1),
            "max": round(max(loads), 1),
        },
        "rows": rows,
    }
    if a.json:
        a.json.write_text(json.dumps(data, indent=1) + "\n")
    if a.write:
        old = json.loads(BOTS_FILE.read_text()) if BOTS_FILE.exists() else {"games": {}}
        BOTS_FILE.write_text(json.dumps(bots_file(rows, old), indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
