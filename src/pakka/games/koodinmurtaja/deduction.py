"""Exact reasoning over what one seat knows in Koodinmurtaja.

From a seat's view alone, :class:`Knowledge` describes every complete deal the
seat cannot tell apart from the real one: the cards it cannot see are split
among the other players' hidden places (each code sorted by R-KM-3, between
its revealed cards, never a publicly refuted rank: D-KM-7, nor in the rank-only
variant the rank of a right guess that revealed a higher card of that code while
the place was hidden, since the lowest hidden card of the rank is revealed: D-KM-2)
and a *pool* (the stock and a card another player has drawn), which carries no
constraint.

The count is a dynamic programme over the unseen cards in ascending order: a
code's hidden places are filled left to right as the cards go by, so a DP state
is just how many places of each opponent are filled. Counting forwards and
backwards gives exact marginals (the probability of each card in each hidden
place, used by the ``deduce`` bot and the hint) and exact uniform sampling
(used by ``sample_consistent``). When the state space is very large (many
players, few revealed cards), sampling first tries rejection, which is also
exactly uniform, and the marginals fall back to a Monte Carlo estimate.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pakka.core.cards import rank_from_text
from pakka.games.koodinmurtaja.cards import FULL_DECK, HALF_DECK, parse_card, rank_of, strength

DP_STATE_LIMIT = 20_000
"""Above this many DP states per layer, use rejection sampling / Monte Carlo first."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One hidden card of an opponent as the observer knows it."""

    seat: int
    position: int  # index in the seat's whole code (0 = lowest)
    handle: int
    lo: int  # strength of the nearest revealed card below (-1 if none)
    hi: int  # strength of the nearest revealed card above (52 if none)
    forbidden: int  # bit (rank - 2) set: publicly refuted for this card (D-KM-7, D-KM-2)

    def allows(self, k: int) -> bool:
        """Whether card strength ``k`` may lie here."""
        return self.lo < k < self.hi and not (self.forbidden >> (rank_of(k) - 2)) & 1


class Knowledge:
    """The unseen cards and the hidden places they may fill, for one observer."""

    def __init__(self, unknown: Sequence[int], slots: Mapping[int, Sequence[Slot]]) -> None:
        self.unknown = sorted(unknown)
        self.seats = [q for q in sorted(slots) if slots[q]]
        self.slots = {q: list(slots[q]) for q in self.seats}
        self.sizes = [len(self.slots[q]) for q in self.seats]
        self.pool_size = len(self.unknown) - sum(self.sizes)
        if self.pool_size < 0:
            raise ValueError("more hidden places than unseen cards")
        self.radix = []
        r = 1
        for h in self.sizes:
            self.radix.append(r)
            r *= h + 1
        self.num_states = r
        self.final = sum(h * rx for h, rx in zip(self.sizes, self.radix, strict=True))
        # allowed[j][f] is a bitmask over indices into self.unknown.
        self.allowed = [
            [sum(1 << i for i, k in enumerate(self.unknown) if s.allows(k)) for s in self.slots[q]]
            for q in self.seats
        ]
        self._back: list[dict[int, int]] | None = None
        self._succ: dict[int, list[tuple[int, int]]] = {}
        self._digits: dict[int, tuple[int, ...]] = {}

    # -- the dynamic programme -------------------------------------------------------
    def _digit(self, s: int, j: int) -> int:
        return (s // self.radix[j]) % (self.sizes[j] + 1)

    def _successors(self, i: int, s: int) -> list[tuple[int, int]]:
        """(next state, seat index or -1 for the pool) for card ``i`` from state ``s``
        (memoised: the DP, the marginals and every sample walk the same edges)."""
        key = (i << 32) | s
        got = self._succ.get(key)
        if got is not None:
            return got
        digits = self._digits.get(s)
        if digits is None:
            digits = tuple(
                (s // rx) % (h + 1) for rx, h in zip(self.radix, self.sizes, strict=True)
            )
            self._digits[s] = digits
        out: list[tuple[int, int]] = []
        bit = 1 << i
        filled = 0
        sizes = self.sizes
        allowed = self.allowed
        for j, f in enumerate(digits):
            filled += f
            if f < sizes[j] and allowed[j][f] & bit:
                out.append((s + self.radix[j], j))
        if i - filled < self.pool_size:
            out.append((s, -1))
        self._succ[key] = out
        return out

    def backward(self) -> list[dict[int, int]]:
        """``back[i][s]``: completions from card ``i`` in state ``s`` (computed once)."""
        if self._back is not None:
            return self._back
        m = len(self.unknown)
        # Forward reachability keeps the tables small.
        layers: list[set[int]] = [{0}]
        for i in range(m):
            nxt: set[int] = set()
            for s in layers[i]:
                for s2, _ in self._successors(i, s):
                    nxt.add(s2)
            layers.append(nxt)
        back: list[dict[int, int]] = [{} for _ in range(m + 1)]
        back[m] = {self.final: 1} if self.final in layers[m] else {}
        for i in range(m - 1, -1, -1):
            b_next = back[i + 1]
            b = back[i]
            for s in layers[i]:
                total = 0
                for s2, _ in self._successors(i, s):
                    total += b_next.get(s2, 0)
                if total:
                    b[s] = total
        self._back = back
        return back

    def count(self) -> int:
        """How many assignments of unseen cards to hidden places are consistent."""
        return self.backward()[0].get(0, 0)

    def is_large(self) -> bool:
        """Whether the exact DP would be slow (many opponents with many hidden cards)."""
        return self.num_states > DP_STATE_LIMIT

    def without_rank(self, seat: int, rank: int) -> Knowledge:
        """The same knowledge plus the fact "``seat`` holds no hidden card of ``rank``"."""
        bit = 1 << (rank - 2)
        slots = {
            q: [
                Slot(s.seat, s.position, s.handle, s.lo, s.hi, s.forbidden | bit)
                if q == seat
                else s
                for s in self.slots[q]
            ]
            for q in self.seats
        }
        return Knowledge(self.unknown, slots)

    def prob_holds_rank(self, seat: int, rank: int) -> float:
        """Exact probability that ``seat`` holds at least one hidden card of ``rank``."""
        total = self.count()
        if total == 0:
            return 0.0
        return 1.0 - self.without_rank(seat, rank).count() / total

    # -- sampling ---------------------------------------------------------------------
    def sample(
        self, rng: random.Random, start: Mapping[int, int] | None = None
    ) -> tuple[dict[int, int], list[int]]:
        """A consistent assignment: (handle -> card, the pool cards shuffled).

        Exactly uniform from the DP, or from rejection when the DP is large. When both
        are too slow (a large DP and rejection failing), and a consistent ``start``
        assignment is given, a Metropolis chain of swaps from ``start`` (whose
        stationary distribution is uniform) gives an approximately uniform draw.
        """
        if self.is_large():
            for _ in range(60):
                got = self._rejection(rng)
                if got is not None:
                    return got
            if start is not None:
                return self._mcmc(rng, start)
        back = self.backward()
        total = back[0].get(0, 0)
        if total == 0:
            raise ValueError("no deal is consistent with this information")
        s = 0
        assign: dict[int, int] = {}
        pool: list[int] = []
        for i, k in enumerate(self.unknown):
            b_next = back[i + 1]
            x = rng.randrange(back[i][s])
            for s2, j in self._successors(i, s):
                w = b_next.get(s2, 0)
                if x < w:
                    if j < 0:
                        pool.append(k)
                    else:
                        slot = self.slots[self.seats[j]][self._digit(s, j)]
                        assign[slot.handle] = k
                    s = s2
                    break
                x -= w
        rng.shuffle(pool)
        return assign, pool

    def _rejection(self, rng: random.Random) -> tuple[dict[int, int], list[int]] | None:
        cards = list(self.unknown)
        rng.shuffle(cards)
        assign: dict[int, int] = {}
        at = 0
        for q, h in zip(self.seats, self.sizes, strict=True):
            chosen = sorted(cards[at : at + h])
            at += h
            for slot, k in zip(self.slots[q], chosen, strict=True):
                if not slot.allows(k):
                    return None
                assign[slot.handle] = k
        pool = cards[at:]
        return assign, pool

    MCMC_SWEEPS = 40

    def _mcmc(
        self, rng: random.Random, start: Mapping[int, int]
    ) -> tuple[dict[int, int], list[int]]:
        return self._chain(rng, start, 1, self.MCMC_SWEEPS, 0)[0]

    def chain_draws(
        self, rng: random.Random, start: Mapping[int, int], draws: int, thin: int = 2
    ) -> list[dict[int, int]]:
        """``draws`` consistent assignments (handle -> card) from one Metropolis chain
        that starts at the consistent assignment ``start`` (for callers, such as the
        bots, that estimate more than the per-card marginals)."""
        return [a for a, _pool in self._chain(rng, start, draws, self.MCMC_SWEEPS, thin)]

    def _chain(
        self, rng: random.Random, start: Mapping[int, int], draws: int, burn: int, thin: int
    ) -> list[tuple[dict[int, int], list[int]]]:
        """``draws`` states of one Metropolis chain: ``burn`` sweeps, then one draw
        every ``thin`` sweeps (a sweep is one proposal per card)."""
        # Slots in code order per seat; a slot's card must fit its bounds and stay
        # between the cards of the seat's neighbouring hidden slots (sorted codes).
        flat: list[Slot] = [s for q in self.seats for s in self.slots[q]]
        prev: list[int] = []
        nxt: list[int] = []
        at = 0
        for h in self.sizes:
            for j in range(h):
                prev.append(at + j - 1 if j > 0 else -1)
                nxt.append(at + j + 1 if j < h - 1 else -1)
            at += h
        cur = [start[s.handle] for s in flat]
        used = set(cur)
        pool = [k for k in self.unknown if k not in used]
        n_slots = len(flat)
        if n_slots == 0:
            out0: list[tuple[dict[int, int], list[int]]] = []
            for _ in range(draws):
                rng.shuffle(pool)
                out0.append(({}, list(pool)))
            return out0
        total = n_slots + len(pool)

        def fits(i: int, k: int) -> bool:
            s = flat[i]
            if not (s.lo < k < s.hi) or (s.forbidden >> (k // 4)) & 1:
                return False
            p, n = prev[i], nxt[i]
            return (p < 0 or cur[p] < k) and (n < 0 or k < cur[n])

        out: list[tuple[dict[int, int], list[int]]] = []
        steps = (burn + max(0, draws - 1) * thin) * total
        record_every = thin * total
        for step in range(steps + 1):
            if step >= burn * total and (step - burn * total) % max(1, record_every) == 0:
                shuffled = list(pool)
                rng.shuffle(shuffled)
                out.append(({s.handle: k for s, k in zip(flat, cur, strict=True)}, shuffled))
                if len(out) == draws:
                    break
            i = rng.randrange(n_slots)
            j = rng.randrange(total - 1)
            if j >= i:
                j += 1
            a = cur[i]
            if j < n_slots:
                b = cur[j]
                cur[i] = b
                cur[j] = a
                if not (fits(i, b) and fits(j, a)):
                    cur[i] = a
                    cur[j] = b
            else:
                b = pool[j - n_slots]
                cur[i] = b
                if fits(i, b):
                    pool[j - n_slots] = a
                else:
                    cur[i] = a
        return out

    # -- marginals -------------------------------------------------------------------
    def marginals(
        self,
        rng: random.Random | None = None,
        samples: int = 600,
        start: Mapping[int, int] | None = None,
    ) -> dict[int, dict[int, float]]:
        """handle -> {card strength: probability} for every opponent's hidden card.

        Exact unless the DP is large, where ``samples`` draws (see :meth:`sample`)
        estimate it.
        """
        if self.is_large():
            rng = rng or random.Random(0)
            tally: dict[int, dict[int, float]] = {
                s.handle: {} for q in self.seats for s in self.slots[q]
            }
            first = self._rejection(rng)
            if first is None and start is not None:
                draws = [a for a, _p in self._chain(rng, start, samples, self.MCMC_SWEEPS, 2)]
            else:
                draws = [self.sample(rng, start)[0] for _ in range(samples)]
            for assign in draws:
                for h, k in assign.items():
                    tally[h][k] = tally[h].get(k, 0.0) + 1.0 / samples
            return tally
        back = self.backward()
        total = back[0].get(0, 0)
        if total == 0:
            raise ValueError("no deal is consistent with this information")
        fwd: dict[int, int] = {0: 1}
        acc: dict[tuple[int, int], dict[int, int]] = {}
        for i, k in enumerate(self.unknown):
            b_next = back[i + 1]
            nxt: dict[int, int] = {}
            for s, w in fwd.items():
                if back[i].get(s, 0) == 0:
                    continue
                for s2, j in self._successors(i, s):
                    bw = b_next.get(s2, 0)
                    if not bw:
                        continue
                    nxt[s2] = nxt.get(s2, 0) + w
                    if j >= 0:
                        key = (j, self._digit(s, j))
                        d = acc.setdefault(key, {})
                        d[k] = d.get(k, 0) + w * bw
            fwd = nxt
        out: dict[int, dict[int, float]] = {}
        for j, q in enumerate(self.seats):
            for f, slot in enumerate(self.slots[q]):
                out[slot.handle] = {k: c / total for k, c in acc.get((j, f), {}).items()}
        return out


def rank_probabilities(card_probs: Mapping[int, float]) -> dict[int, float]:
    """Fold card probabilities of one hidden card into rank probabilities."""
    out: dict[int, float] = {}
    for k, p in card_probs.items():
        r = rank_of(k)
        out[r] = out.get(r, 0.0) + p
    return out


def knowledge_from_view(view: Mapping[str, Any]) -> Knowledge:
    """What the seat of ``view`` knows, built from the view alone."""
    seat = view["seat"]
    deck = HALF_DECK if view["options"]["deck"] == "half" else FULL_DECK
    seen: set[int] = set()
    slots: dict[int, list[Slot]] = {}
    for q, code in enumerate(view["codes"]):
        for entry in code:
            if entry["card"] is not None:
                seen.add(strength(parse_card(entry["card"])))
        if q == seat:
            continue
        places: list[Slot] = []
        for pos, entry in enumerate(code):
            if entry["card"] is not None:
                continue
            lo = max(
                (strength(parse_card(e["card"])) for e in code[:pos] if e["card"] is not None),
                default=-1,
            )
            hi = min(
                (strength(parse_card(e["card"])) for e in code[pos + 1 :] if e["card"] is not None),
                default=52,
            )
            forbidden = 0
            for r in entry["not"]:
                forbidden |= 1 << (rank_from_text(r) - 2)
            places.append(Slot(q, pos, entry["handle"], lo, hi, forbidden))
        slots[q] = places
    drawn = view.get("drawn")
    if drawn is not None and drawn.get("card") is not None:
        seen.add(strength(parse_card(drawn["card"])))
    unknown = [k for k in deck if k not in seen]
    return Knowledge(unknown, slots)
