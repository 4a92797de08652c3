"""The seeded random generator that a game state owns.

All randomness in a game comes from one :class:`Rng` held by the state, so a
record (game, options, seed, actions) replays identically on every machine and
every Python version: the generator is SplitMix64 in plain integer arithmetic,
its whole state is one 64-bit integer, and cloning or serialising it is free.
"""

from __future__ import annotations

import secrets
import struct
from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_LIMITS = tuple((1 << 64) - ((1 << 64) % n) if n else 0 for n in range(257))
"""_LIMITS[n]: the rejection bound of :meth:`Rng.below` for small ``n`` (precomputed)."""
_ALWAYS_BELOW = min(_LIMITS[2:])
"""A draw under this bound is accepted by ``below(n)`` for every ``n`` up to 256."""
_LANE = 128
"""Bits per lane when many SplitMix64 steps are computed in one wide integer."""
_BATCH_MIN = 4
"""Shuffles of at least this many items draw all their numbers at once (see _draws)."""
_LANE_TABLES: dict[int, tuple[int, int, int, struct.Struct]] = {}

T = TypeVar("T")


def _lane_tables(count: int) -> tuple[int, int, int, struct.Struct]:
    """Constants of :func:`_draws` for ``count`` outputs (built once per count)."""
    tables = _LANE_TABLES.get(count)
    if tables is None:
        ones = sum(1 << (_LANE * k) for k in range(count))
        steps = sum((((k + 1) * _GOLDEN) & _MASK) << (_LANE * k) for k in range(count))
        tables = (ones, steps, _MASK * ones, struct.Struct("<" + "Q8x" * count))
        _LANE_TABLES[count] = tables
    return tables


def _draws(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` outputs of SplitMix64 from ``state``, all computed at once.

    Output ``k`` sits in lane ``k`` (bits ``128k`` .. ``128k + 63``) of one wide
    integer, so each step of SplitMix64 is a single big-integer operation for all
    outputs together. Lanes are twice as wide as the numbers, so a 64-bit by
    64-bit product stays inside its lane; masking with ``lanes`` after every
    shift or product keeps each lane the 64-bit value the scalar code computes.
    """
    ones, steps, lanes, unpack = _lane_tables(count)
    s = (state * ones + steps) & lanes  # lane k: state + (k + 1) * golden, mod 2**64
    z = ((s ^ (s >> 30)) & lanes) * _MIX1 & lanes
    z = ((z ^ (z >> 27)) & lanes) * _MIX2 & lanes
    z = (z ^ (z >> 31)) & lanes
    return unpack.unpack(z.to_bytes(16 * count, "little"))


def random_seed() -> int:
    """A fresh seed for a game whose caller did not choose one (it is recorded)."""
    return secrets.randbits(63)


class Rng:
    """SplitMix64: small, fast enough for dealing, and exactly reproducible."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64 random bits."""
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place.

        Exactly ``below(i + 1)`` for each ``i`` from the top down, with the
        generator inlined: dealing is on the hot path of random playouts. A deck
        of cards takes all its numbers from one :func:`_draws` call unless one of
        them would be rejected (odds about 2**-50), which the loop then handles.
        """
        count = len(items)
        if _BATCH_MIN <= count < len(_LIMITS):
            draws = _draws(self.state, count - 1)
            if max(draws) < _ALWAYS_BELOW:
                # No draw is rejected, so these are exactly the numbers below() takes.
                self.state = (self.state + (count - 1) * _GOLDEN) & _MASK
                n = count
                for z in draws:
                    j = z % n
                    n -= 1
                    items[n], items[j] = items[j], items[n]
                return
        if count >= len(_LIMITS):
            for i in range(count - 1, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        s = self.state
        for i in range(count - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n]
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def clone(self) -> Rng:
        """An independent generator in the same state."""
        return Rng(self.state)
