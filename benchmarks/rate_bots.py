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

The fit is openskill itself, made independent of the order (:func:`fit`): one pass of
openskill's Plackett–Luce updates (:func:`pakka.ratings.rate`) from (μ = 25, σ = 25/3)
depends on the order of the games, so the fit runs that pass over :data:`PERMUTATIONS`
seeded orders of the games and takes each level's mean μ and mean σ. The mean of the
ladder stays near 25 (a new person's μ: the middle of the ladder) and σ shrinks with the
games played. The result file keeps every game's outcome (each level's rank, the seats),
so ``--refit FILE`` fits a stored run again without playing it. ``--write`` stores the
fit in ``src/pakka/ratings/bots.json``, which the server reads (the lobby's level
ratings).

    nice -n 10 uv run python benchmarks/rate_bots.py --minutes 35 --jobs 2 --json out.json --write
    uv run python benchmarks/rate_bots.py --refit out.json --json out.json --write
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
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


def level_ranks(seat_bots: Sequence[int], result: Outcome) -> list[int]:
    """Each level's rank in one game (0 best, ties share), in the order of
    :data:`LEVELS`: what the result file keeps of every game."""
    ranks = result.seat_ranks()
    by_level = {b: ranks[seat] for seat, b in enumerate(seat_bots)}
    return [by_level[b] for b in range(len(seat_bots))]


def stored_games(row: dict[str, Any]) -> list[tuple[tuple[int, ...], Outcome]]:
    """The games of one result row (its ``outcomes``) as :func:`fit` takes them: the
    levels in the seats and the game's teams and ranks, so a ladder can be fitted again
    without playing it again."""
    out = []
    for g in row["outcomes"]:
        seat_bots = tuple(int(b) for b in g["seat_bots"])
        ranks = tuple(int(g["ranks"][b]) for b in seat_bots)
        out.append((seat_bots, Outcome(tuple((s,) for s in range(len(seat_bots))), ranks)))
    return out


def win_shares(result: Outcome) -> tuple[float, ...]:
    """Each seat's share of the win: 1 split among the seats ranked first."""
    ranks = result.seat_ranks()
    first = [s for s in sorted(ranks) if ranks[s] == 0]
    return tuple(1.0 / len(first) if s in first else 0.0 for s in sorted(ranks))


PERMUTATIONS = 1000
"""Orders of the games the fit averages over (:func:`fit`)."""
FIT_SEED = 1
"""The seed of those orders: the same games give the same fit in every run."""

Game = tuple[Sequence[int], Outcome]
"""One ladder game as the fit takes it: ``seat_bots[seat]`` is the bot in the seat, and
the game's openskill teams (of seats) and ranks."""


def one_pass(games: Iterable[Game], bots: int) -> list[Rating]:
    """``bots`` ratings from (μ 25, σ 25/3) after one openskill update per game of the
    bots in its seats, in the order given (what a person's rating does, game by game)."""
    ratings = [Rating() for _ in range(bots)]
    for seat_bots, result in games:
        seat_ratings = rate(result, [ratings[b] for b in seat_bots])
        for seat, b in enumerate(seat_bots):
            ratings[b] = seat_ratings[seat]
    return ratings


def _canonical(game: Game) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    seat_bots, result = game
    return tuple(seat_bots), result.teams, result.ranks


def permutation_fits(
    games: Iterable[Game], bots: int, permutations: int = PERMUTATIONS, seed: int = FIT_SEED
) -> list[list[Rating]]:
    """:func:`one_pass` over ``permutations`` seeded orders of the games. The games are
    sorted first (by seats, teams and ranks), so the orders, and every pass, are the
    same whatever order the games come in."""
    ordered = sorted(games, key=_canonical)
    rng = random.Random(seed)
    out = []
    for _ in range(permutations):
        rng.shuffle(ordered)
        out.append(one_pass(ordered, bots))
    return out


def fit(
    games: Iterable[Game], bots: int, permutations: int = PERMUTATIONS, seed: int = FIT_SEED
) -> list[Rating]:
    """The ladder's fit: ``bots`` ratings, each the mean μ and mean σ of its
    :func:`one_pass` results over :func:`permutation_fits`' orders of the games. It does
    not depend on the order of the games (one pass does: the games late in a pass move
    the final μ most), and it is openskill's own update on openskill's scale."""
    return mean_fit(permutation_fits(games, bots, permutations, seed))


def mean_fit(passes: Sequence[Sequence[Rating]]) -> list[Rating]:
    """Per bot, the mean μ and mean σ of the passes."""
    bots = len(passes[0]) if passes else 0
    return (
        [
            Rating(
                math.fsum(p[b].mu for p in passes) / len(passes),
                math.fsum(p[b].sigma for p in passes) / len(passes),
            )
            for b in range(bots)
        ]
        if passes
        else []
    )


def spread(passes: Sequence[Sequence[Rating]]) -> list[float]:
    """Per bot, the standard deviation of μ over the passes (how much one pass's
    order moves the rating); the mean's own error is this over √(passes)."""
    return [statistics.pstdev(p[b].mu for p in passes) for b in range(len(passes[0]))]


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
    passes = permutation_fits(list(zip((row.seat_bots for row in rows), results, strict=True)), 3)
    ratings = mean_fit(passes)
    sd = spread(passes) if passes and rows else [0.0] * 3
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
    outcomes = [
        {
            "deal": row.deal,
            "rotation": row.rotation,
            "seat_bots": list(row.seat_bots),
            "ranks": level_ranks(row.seat_bots, res),
        }
        for row, res in zip(rows, results, strict=True)
    ]
    out_levels = {}
    for i, lv in enumerate(LEVELS):
        win = arena.win_rate(i)
        out_levels[lv] = {
            "spec": specs[i],
            "mu": ratings[i].mu,
            "sigma": ratings[i].sigma,
            "rating": ratings[i].shown,
            "mu_sd_orders": sd[i],
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
        "fit": FIT,
        "levels": out_levels,
        "outcomes": outcomes,
    }


FIT = f"mean of {PERMUTATIONS} seeded orders of one-pass openskill updates"
"""What a row's ``fit`` field says of a row fitted by :func:`fit`."""


def refit(row: dict[str, Any]) -> dict[str, Any]:
    """A result row fitted again from its stored ``outcomes`` with :func:`fit`: its
    levels' ``mu``, ``sigma``, ``rating`` and ``mu_sd_orders`` and its ``fit``; the
    rest (deals, win rates, speeds) is the row's own."""
    passes = permutation_fits(stored_games(row), len(LEVELS))
    ratings, sd = mean_fit(passes), spread(passes)
    out_levels = {
        lv: dict(v, mu=r.mu, sigma=r.sigma, rating=r.shown, mu_sd_orders=d)
        for (lv, v), r, d in zip(row["levels"].items(), ratings, sd, strict=True)
    }
    return dict(row, levels=out_levels, fit=FIT)


MODEL_NOTE = (
    "openskill PlackettLuce, mu=25, sigma=25/3; "
    f"fit = mean mu, sigma over {PERMUTATIONS} seeded orders of one pass; "
    "shown = 1500 + 20 (mu - 3 sigma)"
)
"""The result file's ``model``."""

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


ONE_PASS = "one pass of openskill updates in deal order"
"""The ``fit`` of a row measured before :func:`fit` averaged over orders (no
``outcomes`` kept, so it cannot be fitted again)."""


def bots_file(rows: Sequence[dict[str, Any]], old: dict[str, Any]) -> dict[str, Any]:
    """The content of ``bots.json`` after a run: the measured games replace their
    entries (``players``, ``deals``, ``cap``, ``fit``, per level ``spec``, ``mu``, ``sigma``,
    ``rating``), other games keep theirs."""
    games = {
        r["game"]: {
            "players": r["players"],
            "deals": r["deals"],
            "cap": r["cap"],
            "fit": r.get("fit", ONE_PASS),
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
    ap.add_argument(
        "--refit", type=Path, help="fit the rows of this result file again (play nothing)"
    )
    a = ap.parse_args(argv)
    if a.refit:
        data = json.loads(a.refit.read_text())
        data["rows"] = [refit(r) if "outcomes" in r else r for r in data["rows"]]
        data["model"] = MODEL_NOTE
        finish(data, data["rows"], a.json, a.write)
        return 0
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
        "model": MODEL_NOTE,
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
    finish(data, rows, a.json, a.write)
    return 0


def finish(data: dict[str, Any], rows: list[dict[str, Any]], out: Path | None, write: bool) -> None:
    """Write the result file ``out`` (if given) and, with ``write``, ``bots.json``."""
    if out:
        out.write_text(json.dumps(data, indent=1) + "\n")
    if write:
        old = json.loads(BOTS_FILE.read_text()) if BOTS_FILE.exists() else {"games": {}}
        BOTS_FILE.write_text(json.dumps(bots_file(rows, old), indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
