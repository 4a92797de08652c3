"""The seeded random generator that a game state owns.

All randomness in a game comes from one :class:`Rng` held by the state, so a
record (game, options, seed, actions) replays identically on every machine and
every Python version: the generator is SplitMix64 in plain integer arithmetic,
its whole state is one 64-bit integer, and cloning or serialising it is free.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_LIMITS = tuple((1 << 64) - ((1 << 64) % n) if n else 0 for n in range(257))
"""_LIMITS[n]: the rejection bound of :meth:`Rng.below` for small ``n`` (precomputed)."""

T = TypeVar("T")


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
        generator inlined: dealing is on the hot path of random playouts.
        """
        count = len(items)
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
