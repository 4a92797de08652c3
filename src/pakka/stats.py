"""Resampling statistics over paired per-deal values (the arena's intervals and tests).

The unit of everything here is the **deal**: the arena plays every deal once per
seat rotation, averages each bot's result per deal, and compares two bots through
their per-deal differences (paired: the same cards, the same seats).

- Intervals are **percentile bootstrap** intervals of the mean: ``BOOTSTRAP_RESAMPLES``
  resamples of the deals with replacement. A bootstrap mean is a mean of observed
  values, so the interval lies within [min, max] of the data: a win rate stays in
  [0, 1] and a win-rate difference in [−1, 1] without any cutting (the arena still
  clips to the feasible range, a no-op kept as a guard).
- p-values come from a **paired sign-flip permutation test** of "no difference":
  under the null hypothesis each deal's difference is as likely to have either
  sign, so the p-value is the share of the 2^n sign patterns whose mean is at
  least as far from zero as the observed one. It is **exact** (every pattern,
  counted by meet-in-the-middle) up to ``EXACT_MAX_DEALS`` deals and a Monte Carlo
  estimate ``(1 + hits) / (1 + PERMUTATION_RESAMPLES)`` above that.
- A difference is called **significant** only when all of: at least
  ``MIN_DEALS`` deals, the per-deal differences are not all the same, and
  p < ``ALPHA``. With fewer deals the figures are shown but no verdict is given;
  when every deal gives the same difference there is nothing to resample
  (a "zero-width interval" would be an artefact, not a measurement) and the
  verdict is "no variation across deals".

Every random draw comes from a :class:`random.Random` seeded by the caller (the
arena derives the seed from its own seed and the compared pair), so the same run
prints the same intervals and p-values.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

MIN_DEALS = 20
"""Fewest deals for which a difference may be called "significant". Below it the
sign-flip test has too few patterns and the bootstrap too few distinct values for
the 5% threshold to mean much (over 4 deals two identical bots can look
"different" by chance, which is what this rule prevents)."""

ALPHA = 0.05
"""Significance level of the two-sided sign-flip test."""

CONFIDENCE = 0.95
"""Coverage of the bootstrap intervals."""

BOOTSTRAP_RESAMPLES = 2000
"""Bootstrap resamples per interval."""

PERMUTATION_RESAMPLES = 10_000
"""Random sign patterns of the Monte Carlo sign-flip test (above ``EXACT_MAX_DEALS``)."""

EXACT_MAX_DEALS = 30
"""Up to this many deals the sign-flip p-value is exact (2^n patterns, counted as
two halves of at most 2^15 sums each)."""

_CHUNK = 8
"""Deals per lookup table in the Monte Carlo sign-flip test (256 sums per table)."""

# -- verdicts -----------------------------------------------------------------------------
UNDEFINED = "undefined"
"""Fewer than 2 deals: no interval, no test."""
NO_VARIATION = "no_variation"
"""Every deal gave the same value: no interval, never significant."""
TOO_FEW_DEALS = "too_few_deals"
"""Fewer than ``MIN_DEALS`` deals: figures shown, no verdict."""
SIGNIFICANT = "significant"
NOT_SIGNIFICANT = "not_significant"


def _varies(values: Sequence[float]) -> bool:
    """Whether the values are not all the same (up to rounding)."""
    lo, hi = min(values), max(values)
    return hi - lo > 1e-12 * max(1.0, abs(lo), abs(hi))


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, linear between order statistics."""
    pos = q * (len(sorted_values) - 1)
    i = math.floor(pos)
    j = min(i + 1, len(sorted_values) - 1)
    return sorted_values[i] + (pos - i) * (sorted_values[j] - sorted_values[i])


def bootstrap_interval(
    values: Sequence[float],
    rng: random.Random,
    resamples: int = BOOTSTRAP_RESAMPLES,
    confidence: float = CONFIDENCE,
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of ``values`` (resampled with replacement).

    >>> lo, hi = bootstrap_interval([0.0, 1.0, 0.5, 1.0], random.Random(1))
    >>> 0.0 <= lo < hi <= 1.0
    True
    """
    n = len(values)
    if n < 2:
        return math.nan, math.nan
    pool = list(values)
    means = sorted(sum(rng.choices(pool, k=n)) / n for _ in range(resamples))
    tail = (1.0 - confidence) / 2.0
    return _quantile(means, tail), _quantile(means, 1.0 - tail)


def _sign_sums(values: Sequence[float]) -> list[float]:
    """``sum(±v)`` for every sign pattern; index bit ``j`` set means ``+values[j]``."""
    sums = [-math.fsum(values)]
    for v in values:
        sums += [s + 2.0 * v for s in sums]
    return sums


def sign_flip_p_value(
    differences: Sequence[float],
    rng: random.Random | None = None,
    exact_max: int = EXACT_MAX_DEALS,
    resamples: int = PERMUTATION_RESAMPLES,
) -> float:
    """Two-sided p-value of the paired sign-flip test of mean ``differences`` = 0.

    Exact for at most ``exact_max`` differences: the share of all 2^n sign patterns
    whose |sum| is at least the observed |sum| (the observed pattern included).
    Above that, ``(1 + hits) / (1 + resamples)`` over random patterns drawn from
    ``rng`` (required then).

    >>> sign_flip_p_value([1.0, 1.0, 1.0])  # 2 of 8 patterns are as extreme
    0.25
    """
    n = len(differences)
    if n == 0:
        return math.nan
    observed = abs(math.fsum(differences))
    eps = 1e-9 * max(1.0, math.fsum(abs(d) for d in differences))
    threshold = observed - eps
    if threshold <= 0.0:
        return 1.0  # a zero observed mean: every pattern is as extreme
    if n <= exact_max:
        half = n // 2
        left = _sign_sums(differences[:half])
        right = sorted(_sign_sums(differences[half:]))
        hits = 0
        for s in left:
            # |s + r| >= threshold: r >= threshold - s or r <= -threshold - s (disjoint).
            hits += len(right) - bisect_left(right, threshold - s)
            hits += bisect_right(right, -threshold - s)
        return hits / 2.0**n
    if rng is None:
        raise ValueError("a Monte Carlo sign-flip test needs an rng")
    tables = [
        _sign_sums(differences[k : k + _CHUNK]) for k in range(0, n, _CHUNK)
    ]  # table[bits] = sum(±d) of one chunk of deals
    mask = (1 << _CHUNK) - 1
    hits = 0
    for _ in range(resamples):
        bits = rng.getrandbits(n)
        total = 0.0
        for table in tables:
            total += table[bits & mask]
            bits >>= _CHUNK
        if abs(total) >= threshold:
            hits += 1
    return (1 + hits) / (1 + resamples)


@dataclass(frozen=True)
class Interval:
    """A mean over deals with its bootstrap interval.

    ``low``/``high`` are NaN when no interval exists: fewer than 2 deals, or every
    deal gave the same value (``varies`` is False; then the honest statement is
    "no variation across deals", not a zero-width interval).
    """

    mean: float
    low: float
    high: float
    n: int
    varies: bool

    @property
    def defined(self) -> bool:
        """Whether there is an interval to show."""
        return not math.isnan(self.low)

    @property
    def half_width(self) -> float:
        """Half the width of the interval (NaN without one)."""
        return (self.high - self.low) / 2.0

    def format(self, digits: int = 3) -> str:
        """``mean [low, high]`` (just the mean when there is no interval)."""
        if not self.defined:
            return f"{self.mean:.{digits}f}"
        return f"{self.mean:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"

    def to_json(self) -> dict[str, object]:
        """The fields as JSON values (``null`` for an undefined bound)."""
        return {
            "mean": None if math.isnan(self.mean) else self.mean,
            "low": self.low if self.defined else None,
            "high": self.high if self.defined else None,
            "n": self.n,
            "varies": self.varies,
        }


def interval(
    values: Sequence[float],
    rng: random.Random,
    bounds: tuple[float, float] | None = None,
    resamples: int = BOOTSTRAP_RESAMPLES,
    confidence: float = CONFIDENCE,
) -> Interval:
    """The mean of per-deal ``values`` with a percentile bootstrap interval, clipped to
    ``bounds`` (the feasible range, e.g. ``(0, 1)`` for a win rate)."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0, False)
    mean = math.fsum(values) / n
    if n < 2 or not _varies(values):
        return Interval(mean, math.nan, math.nan, n, n >= 2 and _varies(values))
    low, high = bootstrap_interval(values, rng, resamples, confidence)
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return Interval(mean, low, high, n, True)


@dataclass(frozen=True)
class Comparison(Interval):
    """The mean paired per-deal difference ``a − b`` with its bootstrap interval, the
    sign-flip p-value and the verdict (one of the verdict constants of this module)."""

    p_value: float = math.nan
    verdict: str = UNDEFINED

    @property
    def significant(self) -> bool:
        """Whether the difference is called significant (see :data:`MIN_DEALS`)."""
        return self.verdict == SIGNIFICANT

    def to_json(self) -> dict[str, object]:
        """The fields as JSON values, with ``p_value``, ``verdict`` and ``significant``."""
        out = super().to_json()
        out["p_value"] = None if math.isnan(self.p_value) else self.p_value
        out["verdict"] = self.verdict
        out["significant"] = self.significant
        return out


def compare(
    a: Sequence[float],
    b: Sequence[float],
    seed: int | str,
    bounds: tuple[float, float] | None = None,
    min_deals: int = MIN_DEALS,
    alpha: float = ALPHA,
) -> Comparison:
    """Compare paired per-deal values ``a[i]`` and ``b[i]`` (the same deal ``i``).

    ``bounds`` is the feasible range of a difference (``(-1, 1)`` for win rates).
    The bootstrap and the Monte Carlo test draw from generators seeded by ``seed``.
    """
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    base = interval(diffs, random.Random(f"bootstrap/{seed}"), bounds)
    n = base.n
    if n < 2:
        return Comparison(base.mean, base.low, base.high, n, False, math.nan, UNDEFINED)
    p = sign_flip_p_value(diffs, random.Random(f"sign-flip/{seed}"))
    if not base.varies:
        verdict = NO_VARIATION
    elif n < min_deals:
        verdict = TOO_FEW_DEALS
    elif p < alpha:
        verdict = SIGNIFICANT
    else:
        verdict = NOT_SIGNIFICANT
    return Comparison(base.mean, base.low, base.high, n, base.varies, p, verdict)
