"""The exact Koodinmurtaja posterior at every player count, vectorised.

:class:`~pakka.games.koodinmurtaja.deduction.Knowledge` counts the deals one seat
cannot tell apart by a dynamic programme over the unseen cards in ascending order,
whose state is how many hidden places of each opponent are filled. With 7
opponents of 4 hidden cards that is up to 5^7 = 78,125 states per card: too many
for Python dictionaries, so :class:`FillDP` runs the same programme on numpy
arrays, exactly:

- **Boxes.** An opponent's fill count before card ``i`` can only lie in an
  interval: at least the places that cannot take a card from ``i`` on, at most the
  places that can be filled from the cards below ``i`` (each place's allowed cards,
  greedily, R-KM-4 order). A layer is a dense array over the product of these
  intervals only, so an opponent with a revealed card or a tight refutation costs
  little, and the layers sum to far fewer states than ``cards x 5^7``.
- **Late starts.** A seat whose every place allows every card below ``a`` (nothing
  refuted there: a code whose only refutation is an ace, say) needs no dimension
  before layer ``a``: its cards below ``a`` go to the pool and are chosen at layer
  ``a`` among the cards no tracked seat took, ``C(u, f)`` ways (:meth:`FillDP.intros`).
  Over descending cards (the caller mirrors the problem) the same holds for a free
  *top*, so a refuted 2 costs little as well.
- **Exact integers by residues.** Counts reach 10^33 at 8 players, beyond 64 bits.
  The programme only adds (and the marginals multiply a forward by a backward
  count), so it runs modulo several primes below 2^32 at once (a leading axis of
  the arrays, products below 2^64) and the Chinese remainder theorem rebuilds the
  exact integers. Enough primes are taken for an exact upper bound of every count
  (the multinomial of free placements), so nothing is approximated; probabilities
  become floats only in the final division.
- **Marginals** come from one backward pass (kept per layer) and one forward pass
  that adds ``forward(s) * backward(s + place)`` over every edge, summed over all
  opponents but the one whose place is taken, in one array operation per opponent
  and card.
- **Sampling** walks the backward layers from the start, rebuilding the exact count
  of each successor by the remainder theorem, so a draw is exactly uniform too.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

U64 = np.uint64
Array = npt.NDArray[np.uint64]

PRIMES: tuple[int, ...] = (
    4294967291,
    4294967279,
    4294967231,
    4294967197,
    4294967189,
    4294967161,
    4294967143,
    4294967111,
    4294967087,
    4294967029,
)
"""The largest primes below 2^32 (residues below 2^32: a product fits in 64 bits)."""

_EMPTY: tuple[int, int] = (1, 0)  # an empty interval
_ALL = slice(None)
_SLICES: dict[tuple[int, int], slice] = {}


def _slice(a: int, b: int) -> slice:
    """``slice(a, b)``, one object per pair for the whole process (few pairs occur)."""
    got = _SLICES.get((a, b))
    if got is None:
        got = _SLICES.setdefault((a, b), slice(a, b))
    return got


@dataclass(frozen=True, slots=True)
class _Edge:
    """All edges for one card between two layers: the card goes to seat ``seat``
    (or the pool when ``seat`` is -1). ``src`` indexes layer ``i``, ``dst`` layer
    ``i + 1``; ``mask`` (broadcastable, or None) keeps the allowed edges only."""

    seat: int
    src: tuple[slice, ...]
    dst: tuple[slice, ...]
    mask: Array | None
    first: int  # for a seat edge: the fill count at src index 0 on the seat's axis
    allowed: tuple[bool, ...]  # for a seat edge: per fill count on the seat's axis


def boxes(
    m: int, sizes: Sequence[int], allowed: Sequence[Sequence[int]]
) -> list[list[tuple[int, int]]]:
    """``box[i][j]``: the interval of fill counts seat ``j`` may have before card ``i``
    (``i = 0..m``), from that seat's own places alone."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(m + 1)]
    for j, h in enumerate(sizes):
        al = allowed[j]
        # low[f]: the fewest cards (a prefix length) that can fill places 0..f-1.
        low = [0] * (h + 1)
        for f in range(h):
            mask = al[f] >> low[f] if low[f] <= m else 0
            if low[f] > m or mask == 0:
                for g in range(f + 1, h + 1):
                    low[g] = m + 1
                break
            low[f + 1] = low[f] + (mask & -mask).bit_length()
        # high[f]: the largest prefix length from which places f..h-1 can still be filled.
        high = [0] * (h + 1)
        high[h] = m
        for f in range(h - 1, -1, -1):
            top = high[f + 1]
            mask = al[f] & ((1 << top) - 1) if top >= 0 else 0
            if top < 0 or mask == 0:
                for g in range(f, -1, -1):
                    high[g] = -1
                break
            high[f] = mask.bit_length() - 1
        # Both are nondecreasing in f: the widest fill is the last f with low[f] <= i,
        # the narrowest the first f with high[f] >= i.
        for i in range(m + 1):
            hi = bisect.bisect_right(low, i) - 1
            lo = bisect.bisect_left(high, i)
            out[i].append((lo, hi) if lo <= hi else _EMPTY)
    return out


class FillDP:
    """Exact counts, marginals and uniform draws for sorted codes filled from unseen cards.

    ``allowed[j][f]`` is the bitmask (over indices ``0..m-1`` of the unseen cards in
    ascending order) of the cards place ``f`` of seat ``j`` may hold; the seat's
    places take its cards in ascending order; ``pool_size`` further cards are free.
    """

    def __init__(
        self,
        m: int,
        sizes: Sequence[int],
        allowed: Sequence[Sequence[int]],
        pool_size: int,
        starts: Sequence[int] | None = None,
        own: Sequence[Sequence[tuple[int, int]]] | None = None,
    ) -> None:
        self.m = m
        self.sizes = list(sizes)
        self.allowed = [list(a) for a in allowed]
        self.pool_size = pool_size
        self.k = len(self.sizes)
        self.starts = [0] * self.k if starts is None else list(starts)
        for j, a in enumerate(self.starts):
            prefix = (1 << a) - 1
            if not 0 <= a <= m or any(al & prefix != prefix for al in self.allowed[j]):
                raise ValueError(f"seat {j} cannot start at card {a}: its prefix is not free")
        bound = math.factorial(m) // math.factorial(max(pool_size, 0))
        for h in self.sizes:
            bound //= math.factorial(h)
        self.bound = max(bound, 1)
        r, mod = 0, 1
        while mod <= self.bound:
            mod *= PRIMES[r]
            r += 1
        self.primes = PRIMES[: max(r, 1)]
        self.modulus = math.prod(self.primes)
        self._mods = np.array(self.primes, dtype=U64).reshape((-1,) + (1,) * self.k)
        self._crt = [(self.modulus // p) * pow(self.modulus // p, -1, p) for p in self.primes]
        if own is None:
            own = boxes(m, self.sizes, self.allowed)
        self.empty = pool_size < 0 or any(lo > hi for layer in own for lo, hi in layer)
        # A seat starting at card a > 0 is untracked (one fill value, 0) before layer a
        # and at layer a until its introduction; ``pre[i]`` is layer i before the
        # introductions there, ``box[i]`` after them.
        self.box = [
            [b if i >= a else (0, 0) for b, a in zip(own[i], self.starts, strict=True)]
            for i in range(m + 1)
        ]
        self.pre = [
            [b if i > a or a == 0 else (0, 0) for b, a in zip(own[i], self.starts, strict=True)]
            for i in range(m + 1)
        ]
        self._edges: list[list[_Edge]] | None = None
        self._intros: list[list[tuple[int, Array]]] | None = None
        self._back: list[Array] | None = None
        self._back_pre: list[Array] | None = None

    # -- helpers ---------------------------------------------------------------------------
    def _shape(self, i: int) -> tuple[int, ...]:
        return (len(self.primes), *tuple(hi - lo + 1 for lo, hi in self.box[i]))

    def intros(self) -> list[list[tuple[int, Array]]]:
        """``intros[i]``: the seats introduced at layer ``i``, in order, each with its
        weights: the number of ways to choose its fill ``f`` cards from the ``u``
        unclaimed cards so far (the pool's and the untracked seats' cards, ``u = i -``
        the tracked fills), ``C(u, f)``, residues over the layer's states after it.

        A seat whose every place allows every card below ``a`` is free there: its
        cards below ``a`` are any subset of those the tracked seats leave, so the
        programme lets them go to the pool and, at layer ``a``, chooses the subset;
        each filling is counted once (the seats introduced later choose from the
        rest), and the seat needs no dimension before ``a``."""
        if self._intros is not None:
            return self._intros
        r = len(self.primes)
        hmax = max(self.sizes, default=0)
        table = np.array(
            [
                [[math.comb(u, f) % p for f in range(hmax + 1)] for u in range(self.m + 1)]
                for p in self.primes
            ],
            dtype=U64,
        )
        out: list[list[tuple[int, Array]]] = [[] for _ in range(self.m + 1)]
        k = self.k
        for i in range(1, self.m + 1):
            cur = list(self.pre[i])
            for j in range(k):
                if self.starts[j] != i:
                    continue
                used = np.zeros((1,) * k, dtype=np.int64)
                for q in range(k):
                    if q == j:
                        continue
                    lo, hi = cur[q]
                    shape = [1] * k
                    shape[q] = hi - lo + 1
                    used = used + np.arange(lo, hi + 1, dtype=np.int64).reshape(shape)
                u = i - used
                lo, hi = self.box[i][j]
                shape = [1] * k
                shape[j] = hi - lo + 1
                f = np.arange(lo, hi + 1, dtype=np.int64).reshape(shape)
                ok = (u >= f) & (u >= 0)
                w = table[:, np.clip(u, 0, self.m), np.minimum(f, hmax)] * ok.astype(U64)
                cur[j] = (lo, hi)
                out[i].append((j, w.reshape(r, *w.shape[1:])))
        self._intros = out
        return out

    def _introduce(self, i: int, arr: Array) -> Array:
        """Forward: layer ``i`` before its introductions to after them."""
        for _j, w in self.intros()[i]:
            arr = (arr * w) % self._mods
        return arr

    def _unintroduce(self, i: int, arr: Array) -> Array:
        """Backward (the transposed operators): layer ``i`` after its introductions to
        before them."""
        for j, w in reversed(self.intros()[i]):
            arr = ((arr * w) % self._mods).sum(axis=j + 1, keepdims=True) % self._mods
        return arr

    def exact(self, residues: Sequence[int]) -> int:
        """The integer below the product of the primes with these residues."""
        return sum(int(r) * c for r, c in zip(residues, self._crt, strict=True)) % self.modulus

    def edges(self) -> list[list[_Edge]]:
        """The edges of every card (computed once, shared by every pass)."""
        if self._edges is not None:
            return self._edges
        out: list[list[_Edge]] = []
        k, p = self.k, self.pool_size
        # Consecutive cards mostly share their boxes, so their index tuples are the
        # same: one object each (the edges live through the decision; thousands of
        # copies would reach the collector's oldest generation and set off its full
        # collections, which then dominate the slowest decisions).
        interned: dict[tuple[object, ...], tuple[slice, ...]] = {}

        def index(pairs: list[tuple[int, int]]) -> tuple[slice, ...]:
            key = tuple(pairs)
            got = interned.get(key)
            if got is None:
                got = (_ALL, *tuple(_slice(a, b) for a, b in pairs))
                interned[key] = got
            return got

        masks: dict[tuple[int, int, tuple[bool, ...]], Array] = {}
        for i in range(self.m):
            here, there = self.box[i], self.pre[i + 1]
            # The untracked seats' cards go to the pool until their introduction.
            cap = p + sum(h for h, a in zip(self.sizes, self.starts, strict=True) if a > i)
            inter = [(max(a[0], b[0]), min(a[1], b[1])) for a, b in zip(here, there, strict=True)]
            layer: list[_Edge] = []
            # The pool takes card i: the state is unchanged, pool cards so far i - F < P.
            # With i - F >= P already, a state cannot be completed (more places than
            # cards remain) and its backward count is 0, so the bound needs no
            # per-state mask; only an edge where no state has room is dropped.
            if all(lo <= hi for lo, hi in inter) and sum(hi for _, hi in inter) >= i - cap + 1:
                src = index(
                    [(lo - a[0], hi - a[0] + 1) for (lo, hi), a in zip(inter, here, strict=True)]
                )
                dst = index(
                    [(lo - b[0], hi - b[0] + 1) for (lo, hi), b in zip(inter, there, strict=True)]
                )
                layer.append(_Edge(-1, src, dst, None, 0, ()))
            # Seat j takes card i into its place f (its fill goes f -> f + 1).
            for j in range(k):
                if self.starts[j] > i:
                    continue
                lo = max(here[j][0], there[j][0] - 1)
                hi = min(here[j][1], there[j][1] - 1, self.sizes[j] - 1)
                if lo > hi:
                    continue
                ok = tuple(bool((self.allowed[j][f] >> i) & 1) for f in range(lo, hi + 1))
                if not any(ok):
                    continue
                if any(inter[q][0] > inter[q][1] for q in range(k) if q != j):
                    continue
                src_l: list[tuple[int, int]] = []
                dst_l: list[tuple[int, int]] = []
                for q in range(k):
                    if q == j:
                        src_l.append((lo - here[j][0], hi - here[j][0] + 1))
                        dst_l.append((lo + 1 - there[j][0], hi + 1 - there[j][0] + 1))
                    else:
                        a, b = inter[q]
                        src_l.append((a - here[q][0], b - here[q][0] + 1))
                        dst_l.append((a - there[q][0], b - there[q][0] + 1))
                mask_j: Array | None = None
                if not all(ok):
                    mask_j = masks.get((j, lo, ok))
                    if mask_j is None:
                        shape = [1] * (k + 1)
                        shape[j + 1] = hi - lo + 1
                        mask_j = np.array(ok, dtype=U64).reshape(shape)
                        masks[(j, lo, ok)] = mask_j
                layer.append(_Edge(j, index(src_l), index(dst_l), mask_j, lo, ok))
            out.append(layer)
        self._edges = out
        return out

    # -- the passes ------------------------------------------------------------------------
    def backward(self) -> list[Array]:
        """``back[i]``: residues of the completions from each state before card ``i``."""
        if self._back is not None:
            return self._back
        m = self.m
        back: list[Array] = [np.zeros(self._shape(i), dtype=U64) for i in range(m + 1)]
        back_pre: list[Array] = list(back)
        if not self.empty:
            final = tuple(h - lo for h, (lo, _hi) in zip(self.sizes, self.box[m], strict=True))
            if all(f >= 0 for f in final) and all(
                h <= hi for h, (_lo, hi) in zip(self.sizes, self.box[m], strict=True)
            ):
                start: tuple[slice | int, ...] = (slice(None), *final)
                back[m][start] = 1
            edges = self.edges()
            back_pre[m] = self._unintroduce(m, back[m])
            for i in range(m - 1, -1, -1):
                cur, nxt = back[i], back_pre[i + 1]
                for e in edges[i]:
                    part = nxt[e.dst]
                    if e.mask is not None:
                        part = part * e.mask
                    cur[e.src] += part
                cur %= self._mods
                back_pre[i] = self._unintroduce(i, cur)
        self._back = back
        self._back_pre = back_pre
        return back

    def count(self) -> int:
        """The exact number of consistent fillings."""
        if self.empty:
            return 0
        b = self.backward()[0]
        if b.size == 0:
            return 0
        return self.exact(b.reshape(len(self.primes), -1)[:, 0].tolist())

    def place_counts(self, seats: Sequence[int] | None = None) -> list[list[dict[int, int]]]:
        """``out[j][f][i]``: the exact number of fillings that put card ``i`` in place
        ``f`` of seat ``j`` (only the nonzero ones), for the seat indices ``seats``
        (default all; the others are left empty, which saves their products)."""
        k, m = self.k, self.m
        wanted = set(range(k) if seats is None else seats)
        if any(self.starts[j] for j in wanted):
            raise ValueError("the place counts of a seat need it tracked from card 0")
        out: list[list[dict[int, int]]] = [[{} for _ in range(h)] for h in self.sizes]
        if self.empty or self.count() == 0:
            return out
        self.backward()
        assert self._back_pre is not None
        back = self._back_pre
        edges = self.edges()
        r = len(self.primes)
        mods1 = np.array(self.primes, dtype=U64)
        fwd = np.zeros(self._shape(0), dtype=U64)
        fwd[(slice(None),) + (0,) * k] = 1
        for i in range(m):
            nxt_b = back[i + 1]
            new = np.zeros((r, *tuple(hi - lo + 1 for lo, hi in self.pre[i + 1])), dtype=U64)
            for e in edges[i]:
                part = fwd[e.src]
                if e.mask is not None:
                    part = part * e.mask
                new[e.dst] += part
                if e.seat in wanted:
                    prod = (part * nxt_b[e.dst]) % self._mods
                    axes = tuple(a for a in range(1, k + 1) if a != e.seat + 1)
                    sums = (
                        prod.sum(axis=axes) % mods1.reshape(r, 1)
                        if axes
                        else prod % mods1.reshape(r, 1)
                    )
                    sums_l = sums.tolist()
                    for t, ok in enumerate(e.allowed):
                        if ok:
                            val = self.exact([row[t] for row in sums_l])
                            if val:
                                d = out[e.seat][e.first + t]
                                d[i] = d.get(i, 0) + val
            new %= self._mods
            fwd = self._introduce(i + 1, new)
        return out

    def _at(self, i: int, fill: Sequence[int]) -> int:
        """The exact completion count of the state ``fill`` before card ``i`` (0 outside
        the layer's box)."""
        box = self.box[i]
        if not all(lo <= f <= hi for f, (lo, hi) in zip(fill, box, strict=True)):
            return 0
        key: tuple[slice | int, ...] = (
            slice(None),
            *tuple(f - lo for f, (lo, _hi) in zip(fill, box, strict=True)),
        )
        return self.exact(self.backward()[i][key].tolist())

    def sample(self, rng: random.Random) -> list[int]:
        """An exactly uniform filling: for each card index, the seat taking it (into
        its next place, the places filling in ascending order) or -1 for the pool."""
        if any(self.starts):
            raise ValueError("sampling needs every seat tracked from card 0")
        self.backward()
        total = self.count()
        if total == 0:
            raise ValueError("no deal is consistent with this information")
        k = self.k
        fill = [0] * k
        owner: list[int] = []
        pool_so_far = 0
        for i in range(self.m):
            options: list[tuple[int, int]] = []
            # The pool, then each seat.
            if pool_so_far < self.pool_size:
                w = self._at(i + 1, fill)
                if w:
                    options.append((-1, w))
            for j in range(k):
                f = fill[j]
                if f < self.sizes[j] and (self.allowed[j][f] >> i) & 1:
                    nf = fill.copy()
                    nf[j] += 1
                    w = self._at(i + 1, nf)
                    if w:
                        options.append((j, w))
            x = rng.randrange(sum(w for _j, w in options))
            j = options[-1][0]
            for cand, w in options:
                if x < w:
                    j = cand
                    break
                x -= w
            owner.append(j)
            if j < 0:
                pool_so_far += 1
            else:
                fill[j] += 1
        return owner

    def states(self) -> int:
        """How many states the layers hold (a measure of the work)."""
        return sum(math.prod(hi - lo + 1 for lo, hi in self.box[i]) for i in range(self.m + 1))
