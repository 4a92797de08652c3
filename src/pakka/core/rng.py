"""The seeded random generator that a game state owns.

All randomness in a game comes from one :class:`Rng` held by the state, so a
record (game, options, seed, actions) replays identically on every machine and
every Python version: the generator is SplitMix64 in plain integer arithmetic,
its whole state is one 64-bit integer, and cloning or serialising it is free.
"""

from __future__ import annotations

import secrets
import struct
from collections.abc import Callable, MutableSequence
from operator import mod
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_LIMITS = tuple((1 << 64) - ((1 << 64) % n) if n else 0 for n in range(257))
"""_LIMITS[n]: the rejection bound of :meth:`Rng.below` for small ``n`` (precomputed)."""

_REJECT_FROM = (1 << 64) - 256
"""No 64-bit output below this is ever rejected by :meth:`Rng.below` for ``n <= 256``."""
_VECTOR_FROM = 8
"""Shuffles of at least this many items compute their generator outputs all at once."""

T = TypeVar("T")


class _Lanes:
    """Constants to run ``m`` consecutive SplitMix64 outputs side by side in one integer.

    Output ``i`` lives in bits ``128 i .. 128 i + 127`` (a lane). Its state is
    ``s + (i + 1) * GOLDEN``, each mixing step is a shift, a xor and a 64x64-bit
    product, and a product never leaves its 128-bit lane, so masking every lane to
    64 bits after each step gives exactly the outputs of ``m`` calls to ``next64``.
    """

    __slots__ = ("low", "ones", "ramp", "unpack")

    def __init__(self, m: int) -> None:
        self.ones = sum(1 << (128 * i) for i in range(m))
        self.ramp = sum(((i + 1) * _GOLDEN) << (128 * i) for i in range(m))
        self.low = _MASK * self.ones  # the low 64 bits of every lane
        self.unpack: Callable[[bytes], tuple[int, ...]] = struct.Struct("<" + "Q8x" * m).unpack


_LANES: dict[int, _Lanes] = {}


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
        """Fisher–Yates shuffle in place: exactly ``below(i + 1)`` for each ``i`` from
        the top down (records depend on this order), computed quickly because dealing
        is on the hot path of random playouts."""
        count = len(items)
        if count < _VECTOR_FROM or count >= len(_LIMITS):
            self._shuffle_one_by_one(items)
            return
        m = count - 1
        lanes = _LANES.get(m)
        if lanes is None:
            lanes = _LANES[m] = _Lanes(m)
        low = lanes.low
        # The m outputs next64() would give, all at once (see _Lanes).
        z = (self.state * lanes.ones + lanes.ramp) & low
        z = ((z ^ ((z >> 30) & low)) * _MIX1) & low
        z = ((z ^ ((z >> 27) & low)) * _MIX2) & low
        z ^= (z >> 31) & low
        outputs = lanes.unpack(z.to_bytes(16 * m, "little"))
        if max(outputs) >= _REJECT_FROM:
            # below() might reject an output: odds under 2**-50 for a deck of 64 cards.
            self._shuffle_one_by_one(items)
            return
        self.state = (self.state + m * _GOLDEN) & _MASK
        for i, j in zip(range(m, 0, -1), map(mod, outputs, range(count, 1, -1)), strict=True):
            items[i], items[j] = items[j], items[i]

    def _shuffle_one_by_one(self, items: MutableSequence[T]) -> None:
        """The reference shuffle: one generator step per item, rejections included."""
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
