"""The arena's statistics (:mod:`pakka.stats`): paired bootstrap intervals and sign-flip
tests over deals, and when a difference may be called "significant"."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from pakka import stats
from pakka.arena import ArenaResult, GameResult, paired_difference, run_arena


def _enumerated_p(diffs: list[float]) -> float:
    """The sign-flip p-value by brute force over all 2^n sign patterns."""
    observed = abs(sum(diffs))
    hits = sum(
        1
        for signs in itertools.product((1, -1), repeat=len(diffs))
        if abs(sum(s * d for s, d in zip(signs, diffs, strict=True))) >= observed - 1e-9
    )
    return hits / 2.0 ** len(diffs)


def test_sign_flip_p_value_matches_exact_enumeration() -> None:
    # By hand: [1, 1, 1] has |sum| 3 only for +++ and ---: 2 of 8 patterns.
    assert stats.sign_flip_p_value([1.0, 1.0, 1.0]) == 0.25
    # [0.5, -0.25, 1.0]: |sum| = 1.25; patterns with |sum| >= 1.25: +-+ (1.25), -+-,
    # +++ (1.75), --- ; the others (0.75, 0.25, ...) fall short: 4 of 8.
    assert stats.sign_flip_p_value([0.5, -0.25, 1.0]) == 0.5 == _enumerated_p([0.5, -0.25, 1.0])
    assert stats.sign_flip_p_value([0.0, 0.0, 0.0]) == 1.0
    rng = random.Random(7)
    for n in range(1, 13):
        diffs = [rng.choice([-1.0, -0.5, 0.0, 0.25, 0.5, 1.0]) for _ in range(n)]
        assert stats.sign_flip_p_value(diffs) == pytest.approx(_enumerated_p(diffs), abs=1e-12)


def test_monte_carlo_sign_flip_agrees_with_exact_and_is_seeded() -> None:
    rng = random.Random(3)
    diffs = [rng.choice([-1.0, -0.5, 0.0, 0.5, 1.0, 1.0]) for _ in range(24)]
    exact = stats.sign_flip_p_value(diffs)
    mc = stats.sign_flip_p_value(diffs, random.Random(1), exact_max=0)
    assert mc == pytest.approx(exact, abs=0.015)
    assert mc == stats.sign_flip_p_value(diffs, random.Random(1), exact_max=0)
    with pytest.raises(ValueError, match="needs an rng"):
        stats.sign_flip_p_value(diffs, exact_max=0)


def test_few_deals_are_never_significant() -> None:
    # A small, steady advantage over 4 deals: Student's t called it significant.
    a, b = [0.6, 0.7, 0.6, 0.7], [0.5, 0.5, 0.5, 0.5]
    assert paired_difference(a, b).excludes_zero
    c = stats.compare(a, b, seed=0)
    assert c.verdict == stats.TOO_FEW_DEALS and not c.significant
    assert c.p_value == 1 / 8  # exact: only ++++ and ---- are as extreme
    # The same steady advantage over MIN_DEALS deals is significant.
    n = stats.MIN_DEALS
    c = stats.compare((a * n)[:n], (b * n)[:n], seed=0)
    assert c.verdict == stats.SIGNIFICANT and c.p_value < stats.ALPHA


def test_identical_rules_bots_over_4_deals_are_not_significant() -> None:
    for game, players, bots in [
        ("zoker-tiko", 2, ["rules", "rules"]),
        ("zoker-tiko", 3, ["random", "random"]),
    ]:
        r = run_arena(game, players, bots, deals=4, seed=1)
        for a, b in r.pairs():
            for c in (r.win_difference(a, b), r.score_difference(a, b)):
                assert not c.significant
                assert c.verdict in (stats.NO_VARIATION, stats.TOO_FEW_DEALS)
            assert not r.significant(a, b)


def test_a_seat_with_the_same_result_every_deal_gets_no_interval() -> None:
    # Three identical deterministic bots in three seats: each gets exactly 1/3 per deal.
    r = run_arena("zoker-tiko", 3, ["rules", "rules", "rules"], deals=4, seed=2)
    w = r.win_rate(0)
    assert w.mean == pytest.approx(1 / 3) and not w.varies and not w.defined
    assert math.isnan(w.low) and w.format(3) == "0.333"
    d = r.win_difference(0, 1)
    assert d.verdict == stats.NO_VARIATION and not d.significant and not d.defined
    # Constant and nonzero over many deals: still no variation, never significant.
    c = stats.compare([1 / 3] * 40, [0.0] * 40, seed=5)
    assert c.verdict == stats.NO_VARIATION and not c.significant
    assert math.isnan(c.low) and math.isnan(c.high)
    assert c.to_json()["low"] is None and c.to_json()["significant"] is False


def test_win_difference_interval_stays_within_minus_one_and_one() -> None:
    # One bot wins every deal but one (which it loses): Student's t overshoots 1.
    a = [1.0] * 29 + [0.0]
    b = [0.0] * 29 + [1.0]
    assert paired_difference(a, b).high > 1.0
    for seed in range(5):
        c = stats.compare(a, b, seed=seed, bounds=(-1.0, 1.0))
        assert -1.0 <= c.low <= c.mean <= c.high <= 1.0
        assert c.significant
    # Extreme and few: every value is −1 or +1.
    rng = random.Random(0)
    for n in (2, 3, 5, 8, 25):
        diffs = [rng.choice([-1.0, 1.0]) for _ in range(n)]
        c = stats.compare(diffs, [0.0] * n, seed=n, bounds=(-1.0, 1.0))
        if c.defined:
            assert -1.0 <= c.low <= c.high <= 1.0
    # A bot that wins every game of every deal: no interval, no verdict.
    r = _result([[(1.0, 0.0)] * 2] * 25)
    assert r.per_deal_differences(0, 1) == [1.0] * 25
    assert r.win_difference(0, 1).verdict == stats.NO_VARIATION
    assert r.win_rate(0).mean == 1.0 and not r.win_rate(0).defined


def _result(deals: list[list[tuple[float, float]]]) -> ArenaResult:
    """Two bots, two seats: ``deals[d][rotation]`` = the returns of bot 0 and bot 1."""
    games = []
    for d, rows in enumerate(deals):
        for rot, (x, y) in enumerate(rows):
            seat_bots, returns = ((0, 1), (x, y)) if rot % 2 == 0 else ((1, 0), (y, x))
            games.append(GameResult(d, rot, seat_bots, returns, returns, 1, (0.0, 0.0), (1, 1)))
    return ArenaResult("x", 2, {}, ["a", "b"], len(deals), 0, games)


def test_a_clearly_stronger_bot_is_significant() -> None:
    r = run_arena("zoker-tiko", 2, ["rules", "random"], deals=20, seed=1)
    w, s = r.win_difference(0, 1), r.score_difference(0, 1)
    assert w.n == 20 and w.varies and w.p_value < 0.001 and w.significant
    assert 0.0 < w.low <= w.mean <= w.high <= 1.0
    assert s.significant and s.low > 0.0
    assert r.significant(0, 1)
    assert r.per_deal_differences(0, 1) == pytest.approx(
        [x - y for x, y in zip(r.per_deal_wins(0), r.per_deal_wins(1), strict=True)]
    )


def test_statistics_are_deterministic() -> None:
    rng = random.Random(11)
    a = [rng.random() for _ in range(50)]
    b = [rng.random() for _ in range(50)]
    assert stats.compare(a, b, seed="x") == stats.compare(a, b, seed="x")
    r1 = run_arena("zoker-tiko", 2, ["rules", "random"], deals=6, seed=4)
    r2 = run_arena("zoker-tiko", 2, ["rules", "random"], deals=6, seed=4)
    assert r1.win_difference(0, 1) == r2.win_difference(0, 1)
    assert r1.score_difference(0, 1) == r2.score_difference(0, 1)
    assert r1.win_rate(0) == r2.win_rate(0) and r1.mean_score(1) == r2.mean_score(1)
    # Over 50 deals the sign-flip test is Monte Carlo: seeded too.
    big = stats.compare(a, b, seed=1)
    assert big.p_value == stats.compare(a, b, seed=1).p_value
