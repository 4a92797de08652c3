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
(used by ``sample_consistent``). When the state space is large (up to 5^7 fill
vectors with 8 players), the same programme runs vectorised and in exact integer
residues (:mod:`pakka.games.koodinmurtaja.posterior`), so the marginals are
exact at every player count; sampling first tries rejection, which is also
exactly uniform and cheap when it succeeds. Before counting, every *free* opponent
(nothing known of its hidden cards) not asked about is merged into the pool, the
counts scaled by a constant multinomial (:meth:`Knowledge._merged`): at the start
of an 8-player game that removes every dimension of the table. The others' codes
are split at their revealed cards into independent segments, and a segment not
asked about joins the programme only where its free prefix ends, over ascending or
descending cards (:meth:`Knowledge.counting_dp`), which keeps the tables small.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pakka.core.cards import rank_from_text
from pakka.games.koodinmurtaja.cards import FULL_DECK, HALF_DECK, parse_card, rank_of, strength
from pakka.games.koodinmurtaja.posterior import FillDP, boxes

DP_STATE_LIMIT = 2_000
"""Above this many DP states per layer the vectorised exact programme
(:class:`~pakka.games.koodinmurtaja.posterior.FillDP`) replaces the dictionary one
(both exact; the dictionaries are quicker only for small tables). Sampling
chooses its programme by this limit."""

COUNT_DICT_LIMIT = 0
"""Counts and marginals use the dictionary programme only up to this many DP states
(and :data:`DP_STATE_LIMIT`): measured after merging free opponents
(benchmarks/koodinmurtaja_deduce.py, 4-8 players), the vectorised programme is as
quick on small tables and far quicker on long ones (many unseen cards), so 0."""


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

    def __init__(
        self, unknown: Sequence[int], slots: Mapping[int, Sequence[Slot]], merge: bool = True
    ) -> None:
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
        # Opponents of whose hidden cards nothing is known beyond the unseen cards
        # (every place may hold every unseen card): see :meth:`_merged`.
        full = (1 << len(self.unknown)) - 1
        self.free = (
            [j for j, al in enumerate(self.allowed) if all(a == full for a in al)] if merge else []
        )
        self._subs: dict[frozenset[int], tuple[Knowledge, int]] = {}
        self._count: int | None = None
        self._back: list[dict[int, int]] | None = None
        self._fill: FillDP | None = None
        self._fills: dict[frozenset[int], tuple[FillDP, bool]] = {}
        # The segments of each code (seat index, first place, size): a new one begins
        # where every card the place below may hold is lower than every card this one
        # may (a revealed card lies between them), so the segments of one code fill
        # independently, each in ascending order.
        self.segments: list[tuple[int, int, int]] = []
        for j, q in enumerate(self.seats):
            for f, sl in enumerate(self.slots[q]):
                prev = self.slots[q][f - 1] if f else None
                if prev is not None and prev.hi > sl.lo + 1:
                    seat, first, size = self.segments[-1]
                    self.segments[-1] = (seat, first, size + 1)
                else:
                    self.segments.append((j, f, 1))
        self._orient: dict[bool, tuple[list[list[int]], list[list[tuple[int, int]]]]] = {}
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

    def _merged(self, keep: frozenset[int]) -> tuple[Knowledge, int] | None:
        """The same knowledge with every free opponent (index into ``seats``) not in
        ``keep`` moved into the pool, and the factor by which its counts are smaller;
        None when no opponent moves.

        A free opponent's places may hold any unseen cards, so its code is any set of
        its size, exactly like part of the pool: a consistent deal is a deal of the
        constrained opponents' places plus a split of the remaining ``F`` cards (the
        pool and the free opponents' places together) into the pool and those codes,
        and every split is consistent. So the full count is the reduced one (pool
        size ``F``) times the multinomial ``F! / (P! h_1! ... h_t!)``, which does not
        depend on the cards, and so is every count of a kept place's card. Each merged
        opponent removes a dimension of the programme's table."""
        merged = [j for j in self.free if j not in keep]
        if not merged:
            return None
        key = frozenset(keep)
        got = self._subs.get(key)
        if got is None:
            gone = {self.seats[j] for j in merged}
            sub = Knowledge(
                self.unknown, {q: self.slots[q] for q in self.seats if q not in gone}, merge=False
            )
            factor = math.factorial(sub.pool_size) // (
                math.factorial(self.pool_size)
                * math.prod(math.factorial(self.sizes[j]) for j in merged)
            )
            got = (sub, factor)
            self._subs[key] = got
        return got

    def count(self) -> int:
        """How many assignments of unseen cards to hidden places are consistent."""
        if self._count is None:
            # Every merged form and every programme gives the same count: one already
            # built (by the marginals) saves a pass.
            red = next(iter(self._subs.values())) if self._subs else self._merged(frozenset())
            if red is not None:
                self._count = red[0].count() * red[1]
            elif self.counts_vectorised():
                built = next(iter(self._fills.values()), None)
                self._count = (built or self.counting_dp(frozenset()))[0].count()
            else:
                self._count = self.backward()[0].get(0, 0)
        return self._count

    def is_large(self) -> bool:
        """Whether the vectorised programme is used (many opponents with many hidden cards)."""
        return self.num_states > DP_STATE_LIMIT

    def counts_vectorised(self) -> bool:
        """Whether counts and marginals use the vectorised programme."""
        return self.num_states > min(DP_STATE_LIMIT, COUNT_DICT_LIMIT)

    def fill_dp(self) -> FillDP:
        """The vectorised exact programme over the same cards and places (built once)."""
        if self._fill is None:
            self._fill = FillDP(len(self.unknown), self.sizes, self.allowed, self.pool_size)
        return self._fill

    def counting_dp(self, keep: frozenset[int]) -> tuple[FillDP, bool]:
        """The vectorised programme for counts and for the place counts of the seat
        indices ``keep``, and whether it runs over the cards in descending order. Its
        seats are the codes' :attr:`segments`.

        Every other segment starts where its free prefix ends (:meth:`FillDP.intros`):
        the cards below that point may lie in any of its places, so it needs no
        dimension there (the lowest segment of a code is free below its revealed card
        but for refutations). Over descending cards (each code filled from its top
        place) the free *suffixes* count instead (a code with a refuted 2 is free above
        it, one with a refuted ace below it); the direction with fewer states is taken.
        Both are exact."""
        got = self._fills.get(keep)
        if got is None:
            m = len(self.unknown)
            sizes = [size for _j, _f, size in self.segments]
            best: tuple[FillDP, bool] | None = None
            for mirrored in (False, True):
                allowed, own = self._oriented(mirrored)
                starts = [
                    0 if seg[0] in keep else _free_prefix(al, m)
                    for seg, al in zip(self.segments, allowed, strict=True)
                ]
                dp = FillDP(m, sizes, allowed, self.pool_size, starts, own)
                if best is None or dp.states() < best[0].states():
                    best = (dp, mirrored)
            assert best is not None
            got = best
            self._fills[keep] = got
        return got

    def _oriented(self, mirrored: bool) -> tuple[list[list[int]], list[list[tuple[int, int]]]]:
        """The allowed cards of each segment's places over ascending (or, ``mirrored``,
        descending) cards and their fill intervals
        (:func:`~pakka.games.koodinmurtaja.posterior.boxes`), computed once per
        direction."""
        got = self._orient.get(mirrored)
        if got is None:
            m = len(self.unknown)
            allowed = [self.allowed[j][f : f + size] for j, f, size in self.segments]
            if mirrored:
                allowed = [[_reverse_bits(a, m) for a in reversed(al)] for al in allowed]
            got = (allowed, boxes(m, [len(al) for al in allowed], allowed))
            self._orient[mirrored] = got
        return got

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
        return (total - self.without_rank(seat, rank).count()) / total

    # -- sampling ---------------------------------------------------------------------
    def sample(
        self, rng: random.Random, start: Mapping[int, int] | None = None
    ) -> tuple[dict[int, int], list[int]]:
        """A consistent assignment: (handle -> card, the pool cards shuffled), exactly
        uniform: from the DP, or when it is large first by rejection (a uniform deal of
        the unseen cards kept if consistent) and then from the vectorised programme.
        ``start`` (a consistent assignment, formerly the start of a Markov chain) is
        not needed any more and is ignored."""
        if self.is_large():
            for _ in range(self.REJECTION_TRIES):
                got = self._rejection(rng)
                if got is not None:
                    return got
            return self._sample_fill(rng)
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

    REJECTION_TRIES = 60

    def _sample_fill(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        owner = self.fill_dp().sample(rng)
        fill = [0] * len(self.seats)
        assign: dict[int, int] = {}
        pool: list[int] = []
        for i, j in enumerate(owner):
            k = self.unknown[i]
            if j < 0:
                pool.append(k)
            else:
                assign[self.slots[self.seats[j]][fill[j]].handle] = k
                fill[j] += 1
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

    # -- marginals -------------------------------------------------------------------
    def marginals(
        self,
        rng: random.Random | None = None,
        samples: int = 600,
        start: Mapping[int, int] | None = None,
    ) -> dict[int, dict[int, float]]:
        """handle -> {card strength: probability} for every opponent's hidden card.

        Exact at every size (the arguments are kept for callers of the former Monte
        Carlo fallback and are not used)."""
        total, counts = self.marginal_counts()
        return {h: {k: c / total for k, c in d.items()} for h, d in counts.items()}

    def marginal_counts(
        self, seats: Sequence[int] | None = None
    ) -> tuple[int, dict[int, dict[int, int]]]:
        """The exact count of consistent assignments and, per opponent's hidden card
        (handle), how many of them put each card strength there (nonzero only); only
        the hidden cards of ``seats`` when given (the ``deduce`` bot needs its target's)."""
        # The place counts first: the count then comes from their programme.
        if self.free:
            out = self._merged_marginal_counts(seats)
        else:
            out = self._direct_marginal_counts(seats)
        total = self.count()
        if total == 0:
            raise ValueError("no deal is consistent with this information")
        return total, out

    def _merged_marginal_counts(self, seats: Sequence[int] | None) -> dict[int, dict[int, int]]:
        """:meth:`marginal_counts` through :meth:`_merged`: the free opponents asked
        for are kept one at a time, the others merged into the pool. Two free
        opponents of the same size have the same counts place by place (swapping their
        codes maps the consistent deals one to one), so one of each size is computed."""
        wanted = set(self.seats) if seats is None else set(seats)
        fixed = [q for j, q in enumerate(self.seats) if j not in self.free and q in wanted]
        by_size: dict[int, list[int]] = {}
        for j in self.free:
            if self.seats[j] in wanted:
                by_size.setdefault(self.sizes[j], []).append(j)
        groups = list(by_size.values()) or [[]]
        out: dict[int, dict[int, int]] = {}
        for n, group in enumerate(groups):
            keep = frozenset(group[:1])
            ask = [self.seats[j] for j in group[:1]] + (fixed if n == 0 else [])
            if not ask:
                continue
            red = self._merged(keep)
            if red is None:
                part = self._direct_marginal_counts(ask)
                factor = 1
            else:
                part = red[0]._direct_marginal_counts(ask)
                factor = red[1]
            for h, by_card in part.items():
                out[h] = {k: c * factor for k, c in by_card.items()}
            if group:
                rep = self.slots[self.seats[group[0]]]
                for j in group[1:]:
                    for slot, rslot in zip(self.slots[self.seats[j]], rep, strict=True):
                        out[slot.handle] = dict(out[rslot.handle])
        return out

    def _direct_marginal_counts(self, seats: Sequence[int] | None) -> dict[int, dict[int, int]]:
        """The marginal counts of ``seats`` from this knowledge's own programme."""
        out: dict[int, dict[int, int]] = {}
        if self.counts_vectorised():
            index = [j for j, q in enumerate(self.seats) if seats is None or q in seats]
            dp, mirrored = self.counting_dp(frozenset(index))
            segs = [n for n, seg in enumerate(self.segments) if seg[0] in index]
            places = dp.place_counts(segs)
            m = len(self.unknown)
            for n in segs:
                j, first, size = self.segments[n]
                for g in range(size):
                    slot = self.slots[self.seats[j]][first + g]
                    if mirrored:
                        by = places[n][size - 1 - g].items()
                        out[slot.handle] = {self.unknown[m - 1 - i]: c for i, c in by}
                    else:
                        out[slot.handle] = {self.unknown[i]: c for i, c in places[n][g].items()}
            return out
        back = self.backward()
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
        for j, q in enumerate(self.seats):
            if seats is not None and q not in seats:
                continue
            for f, slot in enumerate(self.slots[q]):
                out[slot.handle] = dict(acc.get((j, f), {}))
        return out


def _reverse_bits(mask: int, m: int) -> int:
    """``mask`` over card indices ``0..m-1`` with the order of the cards reversed."""
    return int(format(mask, f"0{m}b")[::-1], 2) if m else 0


def _free_prefix(allowed: Sequence[int], m: int) -> int:
    """How many of the lowest cards every one of these places allows."""
    both = (1 << m) - 1
    for a in allowed:
        both &= a
    return (~both & (both + 1)).bit_length() - 1  # the trailing ones of ``both``


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
