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
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
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
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        """An independent generator in the same state."""
        return Rng(self.state)
