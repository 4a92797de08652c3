"""The one generator of ``docs/benchmarks.md``: it runs benchmarks and writes their tables.

Every figure of the document comes from a result file ``benchmarks/results/<id>.json``
that this script wrote: the benchmark's JSON output together with its command, the
commit it was measured on, the time and the machine's load. The document is made
from those files alone, so it always shows the current figures with their commands
(history is git).

    uv run python benchmarks/report.py run [ID ...]   # measure (all entries by default)
    uv run python benchmarks/report.py render         # rewrite docs/benchmarks.md
    uv run python benchmarks/report.py check          # fail if the document is stale

Later benchmarks join by adding an :class:`Entry` (a command that writes JSON to
``{out}``) and, if the table needs it, a renderer.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
DOC = ROOT / "docs" / "benchmarks.md"


@dataclass(frozen=True)
class Target:
    """A figure the project promised: ``game``/``setup``/``name`` at least ``minimum``."""

    label: str
    game: str
    setup_prefix: str
    name: str
    minimum: float


@dataclass(frozen=True)
class Entry:
    """One benchmark: its command (``{out}`` is the JSON file it writes) and its table."""

    id: str
    title: str
    command: tuple[str, ...]
    kind: str
    """``bench`` (``pakka bench --json``) or ``arena`` (``pakka arena --json``)."""
    note: str = ""
    targets: tuple[Target, ...] = ()
    frozen: str = ""
    """Set (to why) for the record of something since removed: ``run`` no longer
    measures it and the document keeps its last figures."""


ENTRIES: tuple[Entry, ...] = (
    Entry(
        id="speed",
        title="Engine speed: random play and search, every game (`pakka bench`)",
        command=("uv run pakka --lang en bench --seconds 1 --repeats 5 --json {out}",),
        kind="bench",
        note=(
            "Random playouts go through the public API as a front end does "
            "(`legal_actions()` then `apply`); rates are per CPU second of one process, "
            "median of the repeats (min..max beside it)."
        ),
        targets=(
            Target(
                "Koodinmurtaja random play",
                "koodinmurtaja",
                "2 players",
                "actions/s",
                150_000,
            ),
            Target("Viisisataa random play", "viisisataa", "3 players", "actions/s", 150_000),
            Target("Räväytys random play", "ravaytys", "3 players", "actions/s", 64_000),
        ),
    ),
    Entry(
        id="seam-speed",
        title="Engine speed beside the typed-seam baseline (instructions per action)",
        command=("uv run python benchmarks/seam_speed.py --json {out}",),
        kind="seam",
        note=(
            "CPU instructions per action of seeded random play counted by valgrind, for "
            "this commit and for the baseline (main after the fixes issue, `8041828`), "
            "the same matches in both (the action counts must agree: the engines' "
            "behaviour did not change). Instruction counts do not depend on the load. "
            "Target (typed-seam issue): every ratio at most 1.05."
        ),
    ),
    Entry(
        id="research",
        title="Research adapters: raw contract, PettingZoo, exact observations",
        command=(
            "uv run python benchmarks/research_speed.py --targets --game all --seconds 0.5 "
            "--repeats 5 --json {out}",
        ),
        kind="research",
        note=(
            "Steps per CPU second, median [min, max] of the repeats, the four loops taking "
            "turns, measured on a quiet machine. Targets (research issue): PettingZoo / raw "
            "≥ 0.6 and exact observations / PettingZoo ≥ 0.5. The exact observations are "
            "built by the compiled encoders of the `fast` extra (`pakka_fast`, what the "
            "adapters use when it is installed, as `./test.sh` does); *same, pure Python* "
            "is the same loop with the pure-Python encoders and mask, in the same run "
            "(py / pz). What each encoder does and where the targets stand: "
            'docs/research.md, "Where the speed targets stand".'
        ),
    ),
    Entry(
        id="research-batch",
        title="Research adapters: BatchEnv against N single Gymnasium environments",
        command=(
            "uv run python benchmarks/research_speed.py --batch --envs 1,8,64 --game all "
            "--seconds 0.3 --repeats 5 --json {out}",
        ),
        kind="research-batch",
        note=(
            "Learner steps per CPU second (seat 0 learns, `random` bots play the other "
            "seats), median [min, max] of the repeats, the two loops taking turns: one "
            "`BatchEnv` of N games against N `gymnasium_env`s stepped in a Python loop "
            "into the same stacked arrays (both made and reset outside the timed runs). "
            "Keep `BatchEnv` only if it beats the singles."
        ),
        frozen=(
            "**Verdict: `BatchEnv` was removed** (commit after 41c9693): it did not beat N "
            "single environments — batch / singles 0.92–1.26, and the min..max ranges "
            "of the two overlap in every row. These are its last figures; the command ran "
            "at commit 41c9693."
        ),
    ),
    Entry(
        id="review-speed",
        title="Post-game review speed: CPU per game, per Viisisataa hand, per Räväytys round",
        command=("uv run python benchmarks/review_speed.py --seed 3 --json {out}",),
        kind="review",
        note=(
            "One seeded game played by the `medium` bots, seat 0 reviewed "
            "(`pakka.review.review_record`); a Viisisataa match and a Räväytys game are "
            "divided by their hands and rounds. Target: at most 30 s of CPU per unit. "
            "Run under `nice -n 10` while the shared machine's load average went from 1 "
            "to 24 (the figure beside it is the highest seen); CPU time of the process."
        ),
    ),
    Entry(
        id="profile-history",
        title="Profile page: `GET /api/profiles/{id}` with 200 finished games",
        command=(
            "uv run python benchmarks/profile_history.py --games 200 --repeats 5 --json {out}",
        ),
        kind="history",
        note=(
            "One player's 200 finished games (Viisisataa, Räväytys, Koodinmurtaja and Solo "
            "in turn, seeded random legal moves) in SQLite, served by the real application "
            "over HTTP. CPU seconds of the whole process per request (every thread), median "
            "of the repeats. Uncached: every game read with its actions and replayed through "
            "its engine (what each request did before); cached: each finished game's result "
            "kept by the server (`pakka.server.playerstats.ResultCache`)."
        ),
    ),
    Entry(
        id="viisisataa-dd",
        title="Viisisataa double-dummy solver: full 10-card positions, 3 players",
        command=(
            "uv run python benchmarks/viisisataa_dd.py --positions 30 --seed 1 "
            "--baseline 2603bc6 --repeats 3 --json {out}",
        ),
        kind="dd",
        note=(
            "CPU time to solve the contractor's tricks from the first lead of seeded deals "
            "(trump suits and grand in turn), each with a new solver (empty table). "
            "Target (issue 18): well under 100 ms per full position on average. `baseline "
            "2603bc6` is the solver before this round (147 -> 107 ms in the round before, "
            "commit ec3f4cf), loaded beside the current one and run on the same positions "
            "in the same process, in turn (both must agree on every value). What changed "
            "(commits 56361d4, 876e942, 5a1c2c4): the cards are kept suit-major as well, so the "
            "transposition key and the cards of the suit led are read without a loop over "
            "seats; equivalence classes cached per suit; the null-window tests are "
            "fail-soft (a failed test of MTD(f) returns its bound, not one step); the lead "
            "that decided a position is kept in the table and tried first; the first test "
            "is one below a guess from the side's trumps and top cards (14 % fewer nodes "
            "than starting at half the tricks; 4-7 % fewer on deals from seeds 101 and "
            "201); keys and bounds packed into ints; commit 5a1c2c4: the last card of a "
            "trick settles a test without a call when the trick already decides it."
        ),
    ),
    Entry(
        id="koodinmurtaja-deduce",
        title="Koodinmurtaja `deduce`: CPU per decision at 2-8 players, exact posterior",
        command=(
            "uv run python benchmarks/koodinmurtaja_deduce.py --games 3 --players 2,4,6,8 "
            "--baseline 8efdd79 --json {out}",
        ),
        kind="deduce",
        note=(
            "Every decision of 3 seeded games per player count, all seats `deduce` "
            "(threshold 0.5); CPU time of `choose` (`time.process_time`). `before` is "
            "revision 8efdd79 (exact only up to 20,000 fill vectors, 600 samples above: "
            "8 players start at 78,125), `now` the exact vectorised posterior at every "
            "size, with free opponents (nothing known of their cards) merged into the pool "
            "and counts always vectorised (commit cc231f4); since commit f7b01e5 also "
            "every code split at its revealed cards into segments, each segment joining "
            "the programme where its free prefix ends (its lower cards chosen among "
            "those left, C(u, f) ways), over ascending or descending cards, whichever "
            "has fewer states, and far fewer live objects per decision (full garbage "
            "collections inside decisions at 8 players fell from 7 to 1). Still exact: "
            "every count equals enumeration (tests/games/koodinmurtaja/test_posterior.py). "
            "The games differ where the sampled bot decided otherwise. A p99 over fewer "
            "than 100 decisions is the slowest one: at 2 players, in two repeat runs "
            "with gc callbacks (23:50 UTC, load ~15), the slowest decision (26-28 ms; the "
            "next 4.7 ms) was the one holding a full collection of the process's objects. "
            "Target (issue 18): p99 under 50 ms."
        ),
    ),
    Entry(
        id="strength-viisisataa-expert",
        title="Strength: Viisisataa `expert` against `pimc`, 3 players, per hand",
        command=(
            "nice -n 10 timeout 2848 uv run python benchmarks/viisisataa_arena.py "
            "--bot expert:worlds=8,bid_worlds=32,discard_worlds=16,discards=3,above=3,margin=1 "
            "--field pimc --mode hand --deals 400 --first-seed 601 --progress (and "
            "--first-seed 1001 in a second process)",
        ),
        kind="hand-arena",
        note=(
            "Duplicate deals: `expert` sits in each seat of every deal in turn, `pimc` in "
            "the others; the first hand with a contract is scored (`max_hands=1` as the "
            "earlier pimc-versus-rules figures). Per deal: expert's points minus the "
            "field's average, its three seatings averaged; paired sign-flip test over "
            "deals (`pakka.stats.compare`). Fixed budgets (worlds, not time). This run: "
            "the bot of commit 308de96 on fresh deal seeds. Since the previous run "
            "(commit ec3a712, `bid_worlds=16`): a bid's play is solved once per play "
            "position, whatever its level or multiplier, with one solver per decision "
            "(`benchmarks/viisisataa_bid_cpu.py` on deal seeds 1-5: 7.6 -> 2.1 s of CPU "
            "per bid decision, the same values; replaying deals 301-303 gave the previous "
            "run's per-deal figures exactly); the time bought more bidding: 32 deals a "
            "bid (the same for every candidate), bids up to three tricks above the rules "
            "estimate in every suit (8H was never tried where `pimc` bid and made it), "
            "and a higher bid of the same suit only when its mean beats the lower one's "
            "by more than one paired standard error (the highest of noisy means favours "
            "the widest spread); discards, partner and doubling on 16 deals. A first "
            "start with discards on the 48 deals of a bid cost about 100 s of wall time "
            "a deal and was stopped after 2 deals (seeds 601, 1001) and restarted on the "
            "same seeds with `discard_worlds=16`. Checked before: against a 64-deal "
            "reference on 16 bid decisions (rules-bot auctions, seeds 1-3), the 16- and "
            "32-deal bidders chose the same bid in 15 and both missed the reference's best "
            "in 5 (e.g. 7H where 8H was valued 40 points more), so single bids stay "
            "noisy. Card play stays on 8 deals (12-16 not measured). The count is not "
            "optimistic against this field (`benchmarks/viisisataa_dd_gap.py --bidder "
            "pimc --deals 40`: +0.33 tricks, sd 0.94). "
            + (
                "Verdict: `expert` beats `pimc` at 95 %, per hand: +10.1 [+2.1, +18.3] points per"
                " hand, p 0.021, 125 deals. `hard` still points at `pimc`: moving it needs the "
                "Viisisataa rating ladder (`src/pakka/ratings/bots.json`, "
                "`benchmarks/rate_bots.py`) re-measured with the new spec "
                "(`tests/ratings/test_ladder.py` checks it), not cheap in this session. Earlier: "
                "53 deals with ec3a712 (`bid_worlds=16`, seeds 301-324/451-479), -5.3 [-20.3, "
                "+9.2], p 0.50; 64 deals on seeds 1-33/151-181 with c229851, -7.1 [-20.7, +7.5], "
                "p 0.32."
            )
        ),
    ),
    Entry(
        id="ray-speedup",
        title="Distributed arenas: Ray speed-up with 1 and 2 worker CPUs (`pakka arena --ray`)",
        command=(
            "uv run python benchmarks/ray_speedup.py --game zoker-tiko --players 3 "
            "--bots hard,medium,easy --deals 40 --seed 1 --cpus 1,2 --json {out}",
        ),
        kind="ray-speedup",
        note=(
            "One arena (Zoker Tiko, 3 players, `hard` = `search:iterations=300`, a fixed "
            "budget, against `medium` and `easy`; every deal played in its 3 rotations, "
            "about 2 CPU s per deal) run in one local process, then on a Ray head on "
            "this machine's loopback (`pakka.research.ray_local.LocalCluster`) with 1 and "
            "with 2 worker CPUs, one Ray task per deal; each Ray run gave the local run's "
            "results deal for deal (the benchmark fails otherwise). Wall time of "
            "`run_arena`; the Ray runs include starting the worker processes and importing "
            "pakka in them, not starting the head nor the driver's `ray.init` (connect). "
            "Speed-up = local wall / Ray wall. CPU: of the local process, and of the "
            "cluster's processes during the arena (workers, raylet, GCS and Ray's other "
            "services), of it the workers' (the processes titled `ray::…`), beside the "
            "driver's. **This machine has 2 cores**, so 2 workers is the most it can show, "
            "and it is shared: wall times depend on the load beside each row."
        ),
    ),
    Entry(
        id="peers",
        title="Peers: pakka beside OpenSpiel and RLCard (random playouts, one process)",
        command=("uv run python benchmarks/peers.py --seconds 1 --repeats 3 --json {out}",),
        kind="peers",
        note=(
            "Decisions per CPU second (player actions only; OpenSpiel's chance steps of "
            "dealing are not counted), median of the repeats. The ratio columns divide "
            "pakka's decisions/s by each peer's: a pure-Python pakka engine against C++ "
            "(OpenSpiel) and pure-Python (RLCard) engines of similar card games."
        ),
    ),
    Entry(
        id="kubo-decision-cpu",
        title="Zoker Kubo: CPU per decision of `careful` (`hard`) and `medium` (2 players)",
        command=(
            "nice -n 10 uv run python benchmarks/kubo_decision_cpu.py --bots careful,medium"
            " --games 10 --json {out}",
        ),
        kind="decision-cpu",
        note=(
            "Every `choose` call of each bot over 10 seeded games, the two bots taking turns "
            "in the seats, in CPU milliseconds (`time.process_time`, under `nice -n 10`). "
            "Target (issue 18): under 200 ms per decision. `careful` is the greedy plan with "
            "two more terms, so it costs what `greedy` costs."
        ),
    ),
    Entry(
        id="strength-kubo-careful",
        title="Strength: Zoker Kubo `careful` (`hard`) against `medium` (`greedy`), 2 players",
        command=(
            "nice -n 10 uv run pakka --lang en arena zoker-kubo --players 2 "
            "--bots medium,careful --deals 400 --seed 1 --jobs 2 --json {out}",
        ),
        kind="arena",
        note=(
            "Duplicate deals, each bot in each seat; `medium` is `greedy`, so this is the "
            "comparison with both. Neither bot searches or samples (no budget to fix). "
            "`careful` = the greedy plan plus (1) a card its own placements bury for good "
            "(R-KU-5) costs half a point more (a sure minus point, R-KU-10), (2) a line left "
            "one card short for the next player costs 20 per point instead of 10. Chosen on "
            "other deals, not this run's: `uv run python benchmarks/kubo_variants.py --deals "
            "100 --base 1000 20,5,5` (and `--deals 150 --base 3000`) gives +0.110 ± 0.050 "
            "(+0.093 ± 0.040) in win rate against greedy; on the first set risk 20 alone "
            "gave +0.085, the buried-card charge alone +0.065, and scaling the risk by the "
            "next player's "
            "hand did not hold up on the second set. Run on commit "
            "`3690f47` (later commits leave both bots' play unchanged). `careful` beats "
            "`medium` clearly, so `hard` points at it. Before it, a flat Monte Carlo bot "
            "(`rollout`, 8 sampled deals, greedy playouts of 3 turns, the same deals for every "
            "candidate) lost 0.355 against 0.645 over 150 deals (p < 0.001; with a one-point "
            "margin before overriding the greedy plan 0.385, with half a point per held card "
            "0.325): its horizon, not noise, decided (see `LEVELS` in "
            "`pakka.bots.zoker_kubo`); it was removed."
        ),
    ),
    Entry(
        id="strength-tiko",
        title="Strength: Zoker Tiko, 3 players (`pakka arena`, duplicate deals)",
        command=(
            "uv run pakka --lang en arena zoker-tiko --players 3 --bots random,medium,hard "
            "--deals 20 --seed 1 --json {out}",
        ),
        kind="arena",
    ),
    Entry(
        id="strength-koodinmurtaja",
        title="Strength: Koodinmurtaja, 4 players (`pakka arena`, duplicate deals)",
        command=(
            "uv run pakka --lang en arena koodinmurtaja --players 4 "
            "--bots random,easy,medium,hard --deals 30 --seed 1 --json {out}",
        ),
        kind="arena",
    ),
    Entry(
        id="server-load",
        title="Server load: one process on SQLite and PostgreSQL, two behind nginx, a SIGKILL",
        command=("uv run python benchmarks/load_matrix.py --repeats 2 --seconds 12 --json {out}",),
        kind="load",
        note=(
            "`benchmarks/load.py` per configuration (its arguments in the first column's "
            "row below), the configurations taking turns, median [min, max] of 2 rounds "
            "(of 2 the upper one, so the worse run for latencies), "
            "measured on a quiet machine (nothing else running). "
            "60 tables (200 in the rows that say so, the issue's own set-up: one offered "
            "action per table a second) of the 8 games round robin, seat 0 and about half "
            "the other seats "
            "people (one WebSocket client each), the rest `easy` bots moving at once, one "
            "spectator connection per table. Latency runs from the moment an action was "
            "offered to the moment every client of its table has the new state; an offered "
            "action that waited for a busy table waits in the figure, one never served "
            "counts as infinite (shown as ∞). Accepted actions/s counts every state change "
            "(bots' moves and new games too). CPU per action: CPU seconds of the server "
            "processes (and of the database's backends, and of nginx) from /proc divided by "
            "the accepted actions; it is the figure that survives the machine's load, while "
            "the wall-clock ones need the machine to itself. Durability: every action a "
            "client saw acknowledged looked up in the event log at its state number after "
            "the run."
        ),
    ),
    Entry(
        id="notify-rate",
        title="PostgreSQL NOTIFY: notices one LISTEN connection receives, commit cost",
        command=(
            "uv run python benchmarks/notify_rate.py --seconds 10 --producers 2 --with-insert "
            "--json {out}",
        ),
        kind="notify",
        note=(
            "Two producer connections commit one event-like row and one `pg_notify` per "
            "transaction (as the server does); one connection listens. Wall-clock figures "
            "on the shared machine; CPU per commit and per notice from the backends' /proc."
        ),
    ),
    Entry(
        id="notify-bus",
        title="PostgreSQL NOTIFY: what hearing costs a server process (`Bus`)",
        command=("uv run python benchmarks/notify_rate.py --bus --seconds 8 --json {out}",),
        kind="notify-bus",
        note=(
            "pakka's listener (`pakka.server.bus.Bus`, as `pakka serve` runs it) in a "
            "process of its own, on a hub that holds none of the tables notified: every "
            "notice is heard, parsed and dropped, which is what each process of a site does "
            "with the other processes' events. One producer sends the notices at a fixed "
            "rate, one per transaction (as the server's actions commit) or in batches (the "
            "listener's ceiling). CPU of the listening process (user and system, "
            "`time.process_time`) per notice heard; the present listener (one reader kept "
            "on the socket) and psycopg's `notifies()` iterator, which it replaced, taking "
            "turns."
        ),
    ),
    Entry(
        id="bot-ratings",
        title="Bot ratings: every game's levels on the players' scale (`benchmarks/rate_bots.py`)",
        command=(
            "nice -n 10 uv run python benchmarks/rate_bots.py --minutes 36 --jobs 2 --deals 30 "
            "--hands 5 --rounds 2 --seed 1 --write --json {out}",
        ),
        kind="bot-ratings",
        note=(
            "The three levels of each game at one 3-player table, so every pairing of levels "
            "meets in every deal; duplicate deals (every deal once per seat rotation, the same "
            "seeded deals for every pairing), at the fixed search budgets the levels play at "
            "on the site (docs/ratings.md). Bounded runs (each listed below with its command "
            "and load): a pool of worker processes under `nice -n 10`, the next deal to the "
            "game with the fewest deals (nearly free games first), until `--deals` deals per "
            "game or `--minutes`; only complete deals are rated. Caps per deal: a "
            "Viisisataa match ends at 500 or after 5 hands (`max_hands`, R-5S-22, highest "
            "total wins), a Räväytys game after its first 2 rounds (lowest total wins, "
            'R-RV-22). The fit ("orders"): one pass of openskill Plackett–Luce updates from '
            "(μ 25, σ 25/3) over each of 1000 seeded orders of the games, μ and σ the means "
            'over the orders, so the order of the games does not matter ("one pass": '
            "a single pass in deal order, from a run whose games were not kept); every "
            "game's ranks are in the result file. Shown rating = "
            "1500 + 20 (μ − 3σ), the scale of people's ratings; a new player shows 1500. "
            "These are the fixed ratings in `src/pakka/ratings/bots.json` (the lobby's). "
            "Win rate: share of the win per game, 95% bootstrap interval over deals; ms per "
            "decision is CPU time."
        ),
    ),
)


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.strip()


def run(entry: Entry) -> Path:
    """Measure ``entry`` and store its result file."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.json"
        command = " ".join(entry.command).format(out=out)
        started = time.time()
        load_before = os.getloadavg()[0]
        subprocess.run(shlex.split(command), cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        data = json.loads(out.read_text())
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no", "src"))
    record = {
        "id": entry.id,
        "command": " ".join(entry.command).replace(" --json {out}", " --json FILE"),
        "commit": _git("rev-parse", "--short", "HEAD") + ("+changes" if dirty else ""),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started)),
        "seconds": round(time.time() - started, 1),
        "load_average": round(max(load_before, os.getloadavg()[0]), 1),
        "result": data,
    }
    path = RESULTS / f"{entry.id}.json"
    path.write_text(json.dumps(record, indent=1) + "\n")
    return path


def _table(head: str, align: str, rows: Iterable[str] = ()) -> list[str]:
    """The lines of a Markdown table: the heading ``head`` and every one of ``rows``
    (their cells between the outer pipes, ``"a | b"``), with the alignment row from
    ``align`` (a letter a column: ``l`` left, ``r`` right) under the heading."""
    lines = [f"| {head} |", "|" + "".join("---:|" if a == "r" else "---|" for a in align)]
    return lines + [f"| {row} |" for row in rows]


Column = tuple[str, str, Callable[[dict[str, Any]], str]]
"""A column of :func:`_columns`: its heading, its alignment (``l`` left, ``r`` right)
and its cell of a row."""


def _columns(rows: Iterable[dict[str, Any]], *columns: Column) -> list[str]:
    """The lines of a Markdown table of ``rows``, one line a row (:func:`_table`): a
    column's heading, alignment and cell are given together, so that they cannot fall
    out of step."""
    return _table(
        " | ".join(head for head, _, _ in columns).rstrip(),
        "".join(align for _, align, _ in columns),
        (" | ".join(cell(row) for _, _, cell in columns) for row in rows),
    )


def _met(ok: bool) -> str:
    """The verdict cell of a target: met, or not met in bold."""
    return "met" if ok else "**not met**"


def _num(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:,.2f}"


def _bench_table(result: list[dict[str, Any]]) -> list[str]:
    return _columns(
        result,
        ("game", "l", lambda f: f["game"]),
        ("setup", "l", lambda f: f["setup"]),
        ("figure", "l", lambda f: f["name"]),
        ("median", "r", lambda f: _num(f["median"])),
        ("min..max", "r", lambda f: f"{_num(f['min'])}..{_num(f['max'])}"),
    )


def _interval(iv: dict[str, Any]) -> str:
    if iv.get("low") is None:
        return f"{iv['mean']:.3f} (no variation)"
    return f"{iv['mean']:.3f} [{iv['low']:.3f}, {iv['high']:.3f}]"


def _arena_table(result: dict[str, Any]) -> list[str]:
    lines = [
        f"{result['deals']} deals, seed {result['seed']}, every bot in every seat of each deal.",
        "",
        *_table(
            "bot | win rate (95 % interval) | mean score | ms per decision",
            "lrrr",
            (
                f"{s['bot']} | {_interval(s['win_rate'])} | {_interval(s['mean_score'])} | "
                f"{s['ms_per_decision']:.2f}"
                for s in result["stats"]
            ),
        ),
    ]
    if result.get("pairs"):
        lines.append("")
        lines += _table(
            "a vs b | win-rate difference | p | verdict",
            "lrrl",
            (
                f"{p['a']} vs {p['b']} | {_interval(wd)} | {wd.get('p_value', float('nan')):.3g} "
                f"| {wd.get('verdict', '')}"
                for p in result["pairs"]
                for wd in [p["win_difference"]]
            ),
        )
    return lines


def _spread(values: list[float]) -> str:
    """The median of ``values`` with their range, in whole numbers."""
    med = sorted(values)[len(values) // 2]
    return f"{med:,.0f} [{min(values):,.0f}, {max(values):,.0f}]"


def _game_players(r: dict[str, Any]) -> str:
    return f"{r['game']}, {r['players']}"


def _research_table(result: list[dict[str, Any]]) -> list[str]:
    return _columns(
        result,
        ("game, players", "l", _game_players),
        ("raw contract", "r", lambda r: _spread(r["raw"])),
        ("PettingZoo, no observation", "r", lambda r: _spread(r["pz"])),
        ("PettingZoo, exact observation", "r", lambda r: _spread(r["obs"])),
        ("same, pure Python", "r", lambda r: _spread(r["py"]) if "py" in r else "—"),
        ("pz / raw", "r", lambda r: f"{r['pz_over_raw']:.2f}"),
        ("obs / pz", "r", lambda r: f"{r['obs_over_pz']:.2f}"),
        ("py / pz", "r", lambda r: f"{r['py_over_pz']:.2f}" if "py" in r else "—"),
    )


def _research_batch_table(result: list[dict[str, Any]]) -> list[str]:
    return _columns(
        result,
        ("game, players", "l", _game_players),
        ("N", "r", lambda r: str(r["envs"])),
        ("BatchEnv", "r", lambda r: _spread(r["batch"])),
        ("N Gymnasium envs", "r", lambda r: _spread(r["singles"])),
        ("batch / singles", "r", lambda r: f"{r['batch_over_singles']:.2f}"),
    )


def _review_table(result: list[dict[str, Any]]) -> list[str]:
    return _columns(
        result,
        ("game, players", "l", _game_players),
        ("per", "l", lambda r: f"{r['per']} ({r['units']})"),
        ("decisions judged", "r", lambda r: str(r["decisions"])),
        ("CPU s per unit", "r", lambda r: f"{r['cpu_s_per_unit']:.2f}"),
        ("target", "r", lambda r: f"≤ {r['target_s']:.0f}"),
        ("", "l", lambda r: _met(r["cpu_s_per_unit"] <= r["target_s"])),
    )


def _seam_table(result: dict[str, Any]) -> list[str]:
    return _columns(
        result["rows"],
        ("game", "l", lambda r: r["game"]),
        ("players", "r", lambda r: str(r["players"])),
        ("matches", "r", lambda r: str(r["matches"])),
        ("actions", "r", lambda r: f"{r['actions']:,}"),
        ("baseline", "r", lambda r: f"{r['baseline']:,}"),
        ("now", "r", lambda r: f"{r['now']:,}"),
        ("now / baseline", "r", lambda r: f"{r['ratio']:.3f}"),
        ("", "l", lambda r: _met(r["ratio"] <= 1.05 and r["same_actions"])),
    )


def _peers_table(result: dict[str, Any]) -> list[str]:
    rows = result["rows"]
    peers = [
        r for r in rows if not r["label"].startswith("pakka") and "decisions/s" in r["figures"]
    ]

    def figures(r: dict[str, Any]) -> str:
        f = r["figures"]
        ismcts = next(
            (v for k, v in f.items() if "ismcts" in k.lower() or "simulations" in k), None
        )
        dec = f.get("decisions/s")
        return (
            f"{r['label']} | {r['setup']} | {_num(dec) if dec is not None else '—'} | "
            f"{_num(ismcts) if ismcts is not None else '—'}"
        )

    lines = _table("engine | setup | decisions/s | ISMCTS iterations/s", "llrr", map(figures, rows))
    if peers:

        def ratios(r: dict[str, Any]) -> str:
            mine = r["figures"]["decisions/s"]
            cells = " | ".join(f"{mine / p['figures']['decisions/s']:.2f}" for p in peers)
            return f"{r['label'][6:]}, {r['setup'].split(',')[0]} | {cells}"

        lines.append("")
        lines += _table(
            "pakka | " + " | ".join(f"÷ {p['label']}" for p in peers),
            "l" + "r" * len(peers),
            (ratios(r) for r in rows if r["label"].startswith("pakka")),
        )
    for problem in result.get("problems", []):
        lines += ["", f"Not measured: {problem}"]
    return lines


def _bot_ratings_table(result: dict[str, Any]) -> list[str]:
    lines = []
    runs = result.get("runs")
    if runs is None and isinstance(result.get("load_average"), dict):
        # One run of every game, the command above (older result files).
        runs = [dict(result, games="every game", command="the command above", date="")]
    for run in runs or []:
        load = run["load_average"]
        when = f", {run['date']}" if run["date"] else ""
        if run.get("commit"):
            when += f", commit `{run['commit']}`"
        lines += [
            f"- {run['games']}: `{run['command']}`{when}; load average (1 min) "
            f"{load['min']}..{load['max']} (mean {load['mean']}), {run['jobs']} workers at "
            f"nice {run['nice']}, {run['seconds'] / 60:.1f} min.",
        ]
    if lines:
        lines.append("")

    def level(r: dict[str, Any], lv: str, v: dict[str, Any]) -> str:
        fit = "orders" if "outcomes" in r else "one pass"
        win = f"{v['win_rate']:.3f}"
        if v.get("win_low") is not None:
            win += f" [{v['win_low']:.3f}, {v['win_high']:.3f}]"
        ms = v.get("ms_per_decision")
        return (
            f"{r['game']} | {r['deals']} ({r['games']}) | {r.get('cap') or '—'} | {fit} | "
            f"{lv} | `{v['spec']}` | {v['mu']:.2f} ± {v['sigma']:.2f} | {v['rating']} | "
            f"{win} | {'—' if ms is None else f'{ms:.1f}'}"
        )

    lines += _table(
        "game | deals (games) | cap | fit | level | bot | μ ± σ | rating | win rate | ms/decision",
        "lrllllrrlr",
        (level(r, lv, v) for r in result["rows"] for lv, v in r["levels"].items()),
    )
    return lines


def _decision_cpu_table(result: list[dict[str, Any]]) -> list[str]:
    return _columns(
        result,
        ("bot", "l", lambda r: f"`{r['bot']}`"),
        ("games", "r", lambda r: str(r["games"])),
        ("decisions", "r", lambda r: str(r["decisions"])),
        ("mean ms", "r", lambda r: f"{r['mean_ms']:.2f}"),
        ("p50 ms", "r", lambda r: f"{r['p50_ms']:.2f}"),
        ("p90 ms", "r", lambda r: f"{r['p90_ms']:.2f}"),
        ("p99 ms", "r", lambda r: f"{r['p99_ms']:.2f}"),
        ("max ms", "r", lambda r: f"{r['max_ms']:.2f}"),
    )


def _dd_table(result: list[dict[str, Any]]) -> list[str]:
    lines = _table(
        "solver | players | positions | mean ms | median ms | p90 ms | max ms | nodes (mean) "
        "| target |",
        "llrrrrrrrl",
        (
            f"{r.get('solver', 'this')} | {r['players']} | {r['positions']} | "
            f"{r['mean_ms']:.0f} | {r['median_ms']:.0f} | "
            f"{r['p90_ms']:.0f} | {r['max_ms']:.0f} | {r['mean_nodes']:,.0f} | "
            f"< {r['target_ms']:.0f} | {_met(r['mean_ms'] < r['target_ms'])}"
            for r in result
        ),
    )
    loads = [r for r in result if "load_min" in r]
    if loads:
        r = loads[0]
        lines += [
            "",
            f"Each position solved {r['repeats']} times by each solver in turn (median CPU "
            f"per position); load average during the run {r['load_min']} .. {r['load_max']} "
            "on 2 cores.",
        ]
    return lines


def _hand_arena_table(result: dict[str, Any]) -> list[str]:
    c = result["comparison"]
    low = "—" if c["low"] is None else f"{c['low']:+.1f}"
    high = "—" if c["high"] is None else f"{c['high']:+.1f}"
    p = "—" if c["p_value"] is None else f"{c['p_value']:.3f}"
    return [
        f"{result['deals']} deals played ({result['note']}).",
        "",
        *_table(
            "bot | field | deals | points per hand minus field (95 % interval) | p | verdict",
            "llrrrl",
            [
                f"{result['bot']} | {result['field']} | {result['deals']} | "
                f"{c['mean']:+.1f} [{low}, {high}] | {p} | {c['verdict']}"
            ],
        ),
    ]


def _deduce_table(result: dict[str, Any]) -> list[str]:
    before = {r["players"]: r for r in result.get("baseline", {}).get("rows", [])}
    lines = _table(
        "players | code | decisions | p50 ms | p90 ms | p99 ms | max ms | p99 < 50 ms",
        "rlrrrrrl",
        (
            f"{r['players']} | {label} | {x['decisions']} | {x['p50_ms']:.1f} | "
            f"{x['p90_ms']:.1f} | {x['p99_ms']:.1f} | {x['max_ms']:.1f} | {_met(x['p99_ms'] < 50)}"
            for r in result["rows"]
            for label, x in [
                *([("before", before[r["players"]])] if r["players"] in before else []),
                ("now", r),
            ]
        ),
    )
    load = result.get("load")
    if load:
        lines += [
            "",
            f"Load average during the run (now): {load[0]} .. {load[1]} on "
            f"{result.get('cpus')} cores.",
        ]
    return lines


def _history_table(result: dict[str, Any]) -> list[str]:
    lo, hi = result["uncached_cpu_s_range"]
    clo, chi = result["cached_cpu_s_range"]
    return _table(
        "games | actions | uncached CPU s | cached CPU s | uncached / cached",
        "rrrrr",
        [
            f"{result['games']} | {result['actions']:,} | {result['uncached_cpu_s']:.3f} "
            f"({lo:.3f}..{hi:.3f}) | {result['cached_cpu_s']:.4f} ({clo:.4f}..{chi:.4f}) | "
            f"{result['speedup']:.0f}×"
        ],
    )


def _ms(x: float | None) -> str:
    return "∞" if x is None else f"{x:,.0f}" if x >= 100 else f"{x:.1f}"


def _med(row: dict[str, Any], key: str, fmt: Callable[[float | None], str] = _ms) -> str:
    rng = row.get(key + "_range")
    if row.get(key) is None and rng is None:
        return "∞" if key.endswith("_ms") and row.get("runs") else "—"
    cell = fmt(row[key])
    if rng and rng[0] != rng[1]:
        cell += f" [{fmt(rng[0])}, {fmt(rng[1])}]"
    return cell


def _load_table(result: dict[str, Any]) -> list[str]:
    lines = _table(
        "configuration | runs | tables held | accepted actions/s | people's actions/s | p50 ms | "
        "p99 ms | server CPU ms/action | PostgreSQL CPU ms/action | nginx CPU ms/action | "
        "load average | acknowledged checked: lost, duplicated",
        "lrrrrrrrrrrl",
        (
            f"{r['config']} | {r['runs']} | {r['tables_held']}/{r['tables']} | "
            f"{_med(r, 'accepted_per_s')} | {_med(r, 'people_accepted_per_s')} | "
            f"{_med(r, 'p50_ms')} | {_med(r, 'p99_ms')} | "
            f"{_med(r, 'server_cpu_ms_per_action')} | {_med(r, 'db_cpu_ms_per_action')} | "
            f"{_med(r, 'proxy_cpu_ms_per_action')} | {_med(r, 'load_average')} | "
            f"{r['checked']}: {r['lost']}, {r['duplicated']}"
            for r in result["rows"]
        ),
    )
    lines += ["", "Arguments of `benchmarks/load.py` per configuration:", ""]
    lines += [f"- {r['config']}: `{r['args']}`" for r in result["rows"]]
    ratio = result.get("pg_over_sqlite_saturated")
    if ratio is not None:
        lines += [
            "",
            f"PostgreSQL / SQLite saturated throughput (wall clock, medians): {ratio:.2f} "
            "(target ≥ 0.8); PostgreSQL p99 at 200 offered actions/s: "
            f"{_ms(result.get('pg_p99_at_200_ms'))} ms on 60 tables"
            + (
                f", {_ms(result['pg_p99_at_200_tables_200_ms'])} ms on 200 tables"
                if "pg_p99_at_200_tables_200_ms" in result
                else ""
            )
            + " (target < 50).",
        ]
    return lines


def _notify_table(result: dict[str, Any]) -> list[str]:
    r = result
    return _table(
        "producers | insert in the transaction | commits/s | notices received/s | "
        "backlog at end | lag p50 ms | lag p99 ms | commit ms (wall) | "
        "producer backend CPU ms/commit | listener backend CPU ms/notice",
        "rlrrrrrrrr",
        [
            f"{r['producers']} | {'yes' if r['with_insert'] else 'no'} | "
            f"{r['committed_per_s']:,.0f} | {r['delivered_per_s']:,.0f} | {r['backlog_at_end']} | "
            f"{_ms(r['lag_p50_ms'])} | {_ms(r['lag_p99_ms'])} | {r['commit_ms']:.2f} | "
            f"{r['producer_backend_cpu_ms_per_commit']:.3f} | "
            f"{r['listener_backend_cpu_ms_per_notice']:.4f}"
        ],
    )


def _notify_bus_table(result: dict[str, Any]) -> list[str]:
    return _table(
        "listener | notices/s offered | per transaction | heard/s | kept up | "
        "listener CPU µs/notice | share of a core",
        "lrrrlrr",
        (
            f"{r['listener']} | {r['offered_per_s']:,.0f} | {r['per_tx']} | "
            f"{r['heard_per_s']:,.0f} | {'yes' if r['kept_up'] else 'no'} | "
            f"{r['listener_cpu_us_per_notice']:.1f} | {r['listener_cpu_share_of_a_core']:.3f}"
            for r in result["rows"]
        ),
    )


def _opt(x: float | None) -> str:
    return "—" if x is None else f"{x:.1f}"


def _ray_speedup_table(result: dict[str, Any]) -> list[str]:
    lines = [
        f"{result['deals']} deals ({result['games']} games) of {result['game']}, "
        f"{result['players']} players, bots `{result['bots']}`, seed {result['seed']}; "
        f"{result['machine_cpus']} cores.",
        "",
    ]
    return lines + _table(
        "run | wall s | speed-up | CPU s | of it workers' | driver CPU s | connect s "
        "| load before..after | same results as local",
        "lrrrrrrll",
        (
            f"{r['run']} | {r['seconds']:.1f} | {r['speedup']:.2f} | {r['cpu_seconds']:.1f} | "
            f"{_opt(r.get('worker_cpu_seconds'))} | "
            f"{r['driver_cpu_seconds']:.1f} | {r['connect_seconds']:.1f} | "
            f"{r['load_before']}..{r['load_after']} | {'yes' if r['identical'] else 'no'}"
            if "driver_cpu_seconds" in r
            else f"{r['run']} | {r['seconds']:.1f} | {r['speedup']:.2f} | "
            f"{r['cpu_seconds']:.1f} | — | — | — | {r['load_before']}..{r['load_after']} | "
            "(the reference)"
            for r in result["rows"]
        ),
    )


RENDER: dict[str, Callable[[Any], list[str]]] = {
    "deduce": _deduce_table,
    "history": _history_table,
    "load": _load_table,
    "notify": _notify_table,
    "notify-bus": _notify_bus_table,
    "bot-ratings": _bot_ratings_table,
    "dd": _dd_table,
    "decision-cpu": _decision_cpu_table,
    "hand-arena": _hand_arena_table,
    "review": _review_table,
    "peers": _peers_table,
    "bench": _bench_table,
    "arena": _arena_table,
    "research": _research_table,
    "research-batch": _research_batch_table,
    "seam": _seam_table,
    "ray-speedup": _ray_speedup_table,
}

HEADER = """# Benchmarks

This document is generated by `benchmarks/report.py` from the result files in
`benchmarks/results/`; do not edit it by hand. To measure again and rewrite it:

```sh
uv run python benchmarks/report.py run        # or: run ID ...
uv run python benchmarks/report.py render
```

## Method

- The machine is this project's kind: 2 cores, Python 3.11. It is shared and noisy, so
  every figure is a median over repeats, and each table says the load average while it
  was measured. Compare code only side by side (old and new alternately in the same
  minutes), never against a figure here.
- Speeds are per CPU second of one process (`time.process_time`), so other programs on
  the machine distort them much less than wall-clock time would.
- Strength is measured in duplicate arenas: every bot plays every seat of the same
  deals. Intervals are percentile bootstraps over deals, differences are tested with a
  paired sign-flip permutation test over deals, and nothing is called significant with
  fewer than 20 deals (`src/pakka/stats.py`).
- Instruction counts (`benchmarks/instructions_per_action.py` under
  `valgrind --tool=callgrind`) are deterministic and compare code without noise.
"""


def render() -> str:
    """The whole document, from the result files."""
    out = [HEADER.rstrip(), ""]
    target_rows: list[str] = []
    for entry in ENTRIES:
        out += [f"## {entry.title}", ""]
        path = RESULTS / f"{entry.id}.json"
        if not path.exists():
            out += [f"Not measured yet. Command: `{' '.join(entry.command)}`", ""]
            continue
        rec = json.loads(path.read_text())
        out += [
            f"Command: `{rec['command']}`  ",
            f"Commit `{rec['commit']}`, {rec['date']}, load average {rec['load_average']}, "
            f"{rec['seconds']} s.",
            "",
        ]
        if entry.note:
            out += [entry.note, ""]
        if entry.frozen:
            out += [entry.frozen, ""]
        out += RENDER[entry.kind](rec["result"])
        out.append("")
        for t in entry.targets:
            figs = [
                f
                for f in rec["result"]
                if f["game"] == t.game
                and f["setup"].startswith(t.setup_prefix)
                and f["name"] == t.name
            ]
            if figs:
                got = figs[0]["median"]
                target_rows.append(
                    f"{t.label} | ≥ {t.minimum:,.0f} | {got:,.0f} | {_met(got >= t.minimum)}"
                )
            else:
                target_rows.append(f"{t.label} | ≥ {t.minimum:,.0f} | (not measured) | —")
    if target_rows:
        out += ["## Targets", ""]
        out += _table("target | wanted | measured (median) |", "lrrl", target_rows)
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("what", choices=("run", "render", "check"))
    ap.add_argument("ids", nargs="*", help="entries to run (default: all)")
    args = ap.parse_args(argv)
    if args.what == "run":
        chosen = [e for e in ENTRIES if not e.frozen and (not args.ids or e.id in args.ids)]
        unknown = set(args.ids) - {e.id for e in ENTRIES}
        if unknown:
            ap.error(f"no entries {sorted(unknown)}; they are {[e.id for e in ENTRIES]}")
        frozen = sorted(e.id for e in ENTRIES if e.frozen and e.id in args.ids)
        if frozen:
            ap.error(f"{frozen}: the record of something removed, no longer measured")
        for e in chosen:
            print(f"{e.id}: {run(e)}", flush=True)
        DOC.write_text(render())
        return 0
    if args.what == "render":
        DOC.write_text(render())
        return 0
    if DOC.read_text() != render():
        print("docs/benchmarks.md is stale: run `benchmarks/report.py render`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
