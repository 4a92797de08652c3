"""Bot-against-bot matches with duplicate deals and honest statistics (``pakka arena``).

How strength is measured in pakka: for every deal seed the same deal is
played once per cyclic rotation of the seat lineup, so every bot sits in
every seat of the same cards (duplicate). Bots are seeded deterministically
from the arena seed, the deal, the rotation and the seat, so a run repeats
exactly (also with ``jobs > 1``).

Each bot's win rate (its share of the win; ties share) and mean score are
first averaged per deal over its seats and rotations; the deal is the unit of
every statistic. Intervals are seeded percentile bootstraps over deals, and
"A beats B" is decided on the paired per-deal differences A − B by a sign-flip
permutation test, only with at least :data:`pakka.stats.MIN_DEALS` deals and
differences that vary (see :mod:`pakka.stats`). The resampling is seeded from
the arena seed, so the same run prints the same figures.

The Student-t helpers (:func:`mean_ci`, :func:`paired_difference`,
:func:`t_quantile`) are kept for scripts; the arena's verdicts no longer use them.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from pakka.bots import SeatHandle, make_bot
from pakka.core.errors import RulesError
from pakka.core.game import Game, State
from pakka.core.registry import load, load_automated
from pakka.stats import Comparison, Interval, compare, interval

MAX_MOVES = 100_000
"""A game longer than this is a bug in a game or bot; the arena stops with an error."""


# -- statistics ---------------------------------------------------------------------------
def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    front = math.exp(lbeta + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(x: float, df: float) -> float:
    """The cumulative distribution function of Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + x * x))
    return 1.0 - tail if x >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t (bisection on :func:`t_cdf`).

    >>> round(t_quantile(0.975, 10), 3)
    2.228
    """
    if not 0.0 < p < 1.0 or df <= 0:
        raise ValueError("t_quantile needs 0 < p < 1 and df > 0")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2.0


@dataclass(frozen=True)
class Estimate:
    """A sample mean with its confidence interval (``low``/``high`` are NaN for n < 2)."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        """Half the width of the interval."""
        return (self.high - self.low) / 2.0

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval lies entirely above or below zero (the difference is real)."""
        return self.n >= 2 and (self.low > 0.0 or self.high < 0.0)

    def format(self, digits: int = 3) -> str:
        """``mean [low, high]`` (just the mean when the interval is undefined)."""
        if math.isnan(self.low):
            return f"{self.mean:.{digits}f}"
        return f"{self.mean:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"

    def clipped(self, low: float, high: float) -> Estimate:
        """The same estimate with its interval cut to the possible range ``[low, high]``."""
        if math.isnan(self.low):
            return self
        return Estimate(self.mean, max(low, self.low), min(high, self.high), self.n)


def mean_ci(values: Sequence[float], confidence: float = 0.95) -> Estimate:
    """The mean of ``values`` with a two-sided Student-t confidence interval.

    >>> e = mean_ci([1.0, 2.0, 3.0, 4.0])
    >>> round(e.mean, 3), round(e.low, 3), round(e.high, 3)
    (2.5, 0.446, 4.554)
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = statistics.fmean(values)
    if n < 2:
        return Estimate(m, math.nan, math.nan, n)
    sd = statistics.stdev(values)
    half = t_quantile(0.5 + confidence / 2.0, n - 1) * sd / math.sqrt(n)
    return Estimate(m, m - half, m + half, n)


def paired_difference(a: Sequence[float], b: Sequence[float], confidence: float = 0.95) -> Estimate:
    """Mean and confidence interval of the paired differences ``a[i] - b[i]``."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    return mean_ci([x - y for x, y in zip(a, b, strict=True)], confidence)


# -- playing --------------------------------------------------------------------------------
def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal number ``deal`` of an arena run with ``seed``."""
    return (seed * 1_000_003 + deal * 7_919 + 1) % (1 << 63)


def bot_seed(dseed: int, rotation: int, seat: int) -> int:
    """The seed of the bot in ``seat`` at ``rotation`` of a deal (distinct per game and seat)."""
    return (dseed * 131 + rotation * 17 + seat + 1) % (1 << 63)


def lineup(bots: Sequence[str], players: int) -> list[int]:
    """Index into ``bots`` for every seat before rotation: ``a,b`` at 4 seats is a,b,a,b."""
    if not bots:
        raise RulesError("the arena needs at least one bot")
    if len(bots) > players:
        raise RulesError(f"{len(bots)} bots do not fit {players} seats")
    return [s % len(bots) for s in range(players)]


@dataclass(frozen=True)
class GameResult:
    """One arena game: which bot sat where, the final scores and returns, and timing."""

    deal: int
    rotation: int
    seat_bots: tuple[int, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    moves: int
    think_seconds: tuple[float, ...]
    decisions: tuple[int, ...]


def play_game(
    game: Game[Any],
    specs: Sequence[str],
    seat_bots: Sequence[int],
    dseed: int,
    rotation: int,
    deal: int = 0,
    stop: Callable[[State[Any]], bool] | None = None,
) -> GameResult:
    """Play one seeded game with bot ``specs[seat_bots[s]]`` in seat ``s``.

    ``stop`` is a cap for automated runs that the game's options do not offer (the bot
    ladder plays Räväytys' first rounds only): it is asked after every action, and once
    it holds the game ends there. A stopped game has no winner, so its ``returns`` are
    all 0 and its ``scores`` are the totals at that point; the caller ranks them."""
    n = game.num_players
    bots = [
        make_bot(game, specs[seat_bots[s]], seed=bot_seed(dseed, rotation, s)) for s in range(n)
    ]
    rngs = [random.Random(bot_seed(dseed, rotation, s) ^ 0x5A17) for s in range(n)]
    state = game.new_state(seed=dseed)
    think = [0.0] * n
    decisions = [0] * n
    moves = 0
    while not state.is_terminal:
        p = state.current_player
        assert p is not None
        t0 = time.process_time()  # CPU time: other load on a shared machine does not count
        action = bots[p].choose(SeatHandle(state, p, rngs[p]))
        think[p] += time.process_time() - t0
        decisions[p] += 1
        state.apply(action)
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"{game.name}: game did not end after {MAX_MOVES} moves")
        if stop is not None and not state.is_terminal and stop(state):
            break
    return GameResult(
        deal=deal,
        rotation=rotation,
        seat_bots=tuple(seat_bots),
        scores=tuple(float(x) for x in state.scores),
        returns=tuple(state.returns()) if state.is_terminal else (0.0,) * n,
        moves=moves,
        think_seconds=tuple(think),
        decisions=tuple(decisions),
    )


def play_deal(
    name: str, players: int, options: dict[str, Any], specs: Sequence[str], deal: int, seed: int
) -> list[GameResult]:
    """Every cyclic rotation of the lineup on deal number ``deal`` (one worker's job)."""
    game = load(name, players=players, **options)
    base = lineup(specs, players)
    dseed = deal_seed(seed, deal)
    out = []
    for r in range(players):
        seat_bots = [base[(s + r) % players] for s in range(players)]
        out.append(play_game(game, specs, seat_bots, dseed, r, deal))
    return out


@dataclass
class ArenaResult:
    """All games of an arena run and the statistics over them."""

    game: str
    players: int
    options: dict[str, Any]
    bots: list[str]
    deals: int
    seed: int
    games: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def labels(self) -> list[str]:
        """Display names of the bots (a spec given twice gets ``#1``, ``#2``)."""
        out = []
        for i, b in enumerate(self.bots):
            out.append(f"{b}#{i + 1}" if self.bots.count(b) > 1 else b)
        return out

    def _by_deal(self, bot: int, metric: str) -> dict[int, float]:
        sums: dict[int, float] = {}
        counts: dict[int, int] = {}
        for g in self.games:
            values = g.returns if metric == "win" else g.scores
            for seat, b in enumerate(g.seat_bots):
                if b == bot:
                    sums[g.deal] = sums.get(g.deal, 0.0) + values[seat]
                    counts[g.deal] = counts.get(g.deal, 0) + 1
        return {d: sums[d] / counts[d] for d in sorted(sums)}

    def _per_deal(self, bot: int, metric: str) -> list[float]:
        return list(self._by_deal(bot, metric).values())

    def per_deal_wins(self, bot: int) -> list[float]:
        """The bot's mean win share per deal (over its seats and rotations), by deal."""
        return self._per_deal(bot, "win")

    def per_deal_scores(self, bot: int) -> list[float]:
        """The bot's mean score per deal, by deal."""
        return self._per_deal(bot, "score")

    def per_deal_differences(self, a: int, b: int, metric: str = "win") -> list[float]:
        """Bot ``a``'s per-deal value minus bot ``b``'s on the same deal, by deal
        (``metric`` is ``"win"`` or ``"score"``): the pairs every comparison uses."""
        va, vb = self._by_deal(a, metric), self._by_deal(b, metric)
        return [va[d] - vb[d] for d in va if d in vb]

    def seat_games(self, bot: int) -> int:
        """How many (game, seat) pairs the bot played."""
        return sum(g.seat_bots.count(bot) for g in self.games)

    def _stats_seed(self, *key: object) -> str:
        """The seed of one statistic's resampling: the arena seed and what is measured."""
        return "/".join(str(k) for k in ("arena", self.seed, *key))

    def win_rate(self, bot: int) -> Interval:
        """The bot's share of wins with a 95% bootstrap interval over deals (in [0, 1])."""
        rng = random.Random(self._stats_seed("win", bot))
        return interval(self.per_deal_wins(bot), rng, bounds=(0.0, 1.0))

    def mean_score(self, bot: int) -> Interval:
        """The bot's mean score with a 95% bootstrap interval over deals."""
        return interval(self.per_deal_scores(bot), random.Random(self._stats_seed("score", bot)))

    def ms_per_decision(self, bot: int) -> float:
        """Mean thinking time (CPU) of the bot per decision, in milliseconds, including
        building its seat handle (which draws one consistent sample)."""
        secs = decisions = 0.0
        for g in self.games:
            for seat, b in enumerate(g.seat_bots):
                if b == bot:
                    secs += g.think_seconds[seat]
                    decisions += g.decisions[seat]
        return 1000.0 * secs / decisions if decisions else math.nan

    def _compare(
        self, a: int, b: int, metric: str, bounds: tuple[float, float] | None
    ) -> Comparison:
        va, vb = self._by_deal(a, metric), self._by_deal(b, metric)
        deals = [d for d in va if d in vb]
        seed = self._stats_seed(f"{metric}-difference", a, b)
        return compare([va[d] for d in deals], [vb[d] for d in deals], seed, bounds)

    def win_difference(self, a: int, b: int) -> Comparison:
        """Paired per-deal difference of win rates ``a − b``: bootstrap interval (within
        [−1, 1]), sign-flip p-value and verdict."""
        return self._compare(a, b, "win", (-1.0, 1.0))

    def score_difference(self, a: int, b: int) -> Comparison:
        """Paired per-deal difference of mean scores ``a − b``, treated like win rates."""
        return self._compare(a, b, "score", None)

    def significant(self, a: int, b: int) -> bool:
        """Whether bot ``a``'s win rate differs significantly from ``b``'s: at least
        :data:`pakka.stats.MIN_DEALS` deals, differences that vary, sign-flip p < 0.05."""
        return self.win_difference(a, b).significant

    def pairs(self) -> list[tuple[int, int]]:
        """Every pair of distinct lineup entries."""
        k = len(self.bots)
        return [(a, b) for a in range(k) for b in range(a + 1, k)]


Progress = Callable[[int, int], None]
"""``progress(games_done, games_total)``."""


def run_arena(
    game: str | Game[Any],
    players: int | None,
    bots: Sequence[str],
    deals: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    progress: Progress | None = None,
    jobs: int = 1,
    ray: str | bool = False,
) -> ArenaResult:
    """Play ``deals`` duplicate deals: each deal once per cyclic rotation of the lineup.

    ``bots`` are bot specs (names or levels) filling the seats in order and
    repeating (``a,b`` at 4 seats: a,b,a,b). ``jobs > 1`` spreads the deals over
    processes; the result is the same as with one. ``ray`` (``True`` for Ray's
    default cluster, or an address) runs the deals as Ray tasks instead
    (:mod:`pakka.research.ray_arena`, the ``distributed`` extra), again with the
    same result.
    """
    if isinstance(game, Game):
        name = game.name
        opts = dict(game.options) | dict(options or {})
        players = game.num_players if players is None else players
    else:
        name = game
        opts = dict(options or {})
    # Validates players and options; a game's automated options (e.g. a match cap) apply
    # unless given.
    g = load_automated(name, players=players, **opts)
    specs = list(bots)
    lineup(specs, g.num_players)
    for spec in dict.fromkeys(specs):
        make_bot(g, spec, seed=0)  # validates every spec before any game starts
    if deals < 1:
        raise RulesError("deals must be at least 1")
    result = ArenaResult(name, g.num_players, dict(g.options), specs, deals, seed)
    total = deals * g.num_players
    t0 = time.perf_counter()
    done = 0
    if ray is not False:
        from pakka.research.ray_arena import play_deals  # only here: the core never needs Ray

        address = None if ray is True else str(ray)
        for rows in play_deals(name, g.num_players, dict(g.options), specs, deals, seed, address):
            result.games.extend(rows)
            done += len(rows)
            if progress:
                progress(done, total)
        result.games.sort(key=lambda r: (r.deal, r.rotation))
    elif jobs <= 1:
        base = lineup(specs, g.num_players)
        for d in range(deals):
            dseed = deal_seed(seed, d)
            for r in range(g.num_players):
                seat_bots = [base[(s + r) % g.num_players] for s in range(g.num_players)]
                result.games.append(play_game(g, specs, seat_bots, dseed, r, d))
                done += 1
                if progress:
                    progress(done, total)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(play_deal, name, g.num_players, dict(g.options), specs, d, seed)
                for d in range(deals)
            ]
            for fut in as_completed(futures):
                rows = fut.result()
                result.games.extend(rows)
                done += len(rows)
                if progress:
                    progress(done, total)
        result.games.sort(key=lambda r: (r.deal, r.rotation))
    result.seconds = time.perf_counter() - t0
    return result
